// Readable sentences for actions and effects. Effect types are an open set (a new one may be
// added at any time): an unknown type is shown with its fields rather than dropped.

import { h } from "./dom.js";
import { miniCards, SUITS } from "./cards.js";
import { ruleLink } from "./rules.js";

const seat = (n) => h("span.seat-ref", {}, `seat ${n}`);
const cards = (list) => h("span.cards-inline", {}, miniCards(list));
const suit = (s) => SUITS[s]?.name || s;

// Effect fields only some seats may see (docs/integrators.md: "Only its seat sees cards"). An
// open server answers them in full to its trusted caller; when the page shows a seat's view it
// leaves them out as that seat's view would (a sealed server leaves them out itself).
const PRIVATE = { CardsDrawn: ["cards"], OpeningShamanTaken: ["card"], CardsTraded: ["gave", "received"] };

/** `e` as `viewer` may see it: null sees everything, -1 (a verdict's preview) no private field. */
export function redact(e, viewer) {
  const hidden = PRIVATE[e.type];
  if (!hidden || viewer === null || viewer === undefined) return e;
  if (viewer === e.seat || (e.type === "CardsTraded" && viewer === e.partner)) return e;
  const copy = { ...e };
  if (e.type === "CardsTraded") {
    copy.gave_count ??= e.gave?.length;
    copy.received_count ??= e.received?.length;
  }
  for (const field of hidden) delete copy[field];
  return copy;
}

/** One effect as a sentence (nodes), given the game for its rule links, as `viewer` sees it. */
export function effectLine(game, effect, viewer = null) {
  const e = redact(effect, viewer);
  const say = EFFECTS[e.type];
  const body = say ? say(e) : genericEffect(e);
  return h("span.effect", { dataset: { type: e.type } }, body, e.rule_id ? [" ", ruleLink(game, e.rule_id)] : null);
}

const EFFECTS = {
  CardsPlayed: (e) => [seat(e.seat), " played ", cards(e.cards)],
  CardsDrawn: (e) => [seat(e.seat), ` drew ${e.count} card${e.count === 1 ? "" : "s"}`, e.cards ? [" ", cards(e.cards)] : null],
  TurnPassed: (e) => ["turn to ", seat(e.to_seat)],
  TurnSkipped: (e) => [seat(e.seat), " is skipped"],
  DirectionReversed: (e) => [`direction reversed (${e.direction === -1 ? "right" : "left"})`],
  SuitDeclared: (e) => [seat(e.seat), ` named ${suit(e.suit)}`],
  PileReshuffled: (e) => [`${e.count} cards reshuffled into a new draw pile (shuffle ${e.shuffle_number})`],
  RoundWon: (e) => [seat(e.seat), ` wins (${e.how})`],
  RoundDrawn: (e) => [`the round is drawn (${e.reason})`],
  CountChanged: (e) => [`Count ${e.before} → ${e.after}`, e.card ? [" by ", cards([e.card])] : null],
  DeathCardPlayed: (e) => [seat(e.seat), " played the Death Card against ", seat(e.target)],
  DeathCardShielded: (e) => [seat(e.seat), " shielded with the Ace of Diamonds", e.blowback ? "; the attacker is out" : ""],
  PlayerEliminated: (e) => [seat(e.seat), ` is out (${e.reason})`],
  HitStolen: (e) => [seat(e.seat), " steals the ", e.hit, " hit from ", seat(e.from_seat), " with ", cards([e.card])],
  BonusHitCreated: (e) => [seat(e.seat), " holds ", cards([e.card]), ": a bonus hit"],
  HitSlid: (e) => ["the ", e.hit, " hit slides from ", seat(e.from_seat), " to ", seat(e.seat), " (", cards([e.card]), ")"],
  HitAwarded: (e) => ["the ", e.hit, " hit goes to ", seat(e.seat)],
  PenaltyImposed: (e) => [seat(e.seat), ` must pick up ${e.cards}`, e.skip ? " and is then skipped" : ""],
  ShamanDeclared: (e) => [seat(e.seat), " declared ", cards([e.shaman]), " as ", cards([e.identity])],
  OpeningCardTurned: (e) => ["opening card ", cards([e.card])],
  OpeningShamanTaken: (e) => [seat(e.seat), " took the opening Shaman", e.card ? [" and buried ", cards([e.card])] : ""],
  OneCardAnnounced: (e) => [seat(e.seat), " says “one card!”"],
  CardCountAsked: (e) => [seat(e.seat), " asks ", seat(e.target), " how many cards it holds"],
  PlayTakenBack: (e) => [seat(e.seat), " took back ", cards(e.cards)],
  CardsTraded: (e) => [seat(e.seat), " traded with ", seat(e.partner),
    e.gave ? [": gave ", cards(e.gave), ", got ", cards(e.received)]
      : `: ${e.gave_count} for ${e.received_count} cards`],
  GameScored: (e) => [`game scored: winner `, seat(e.winner)],
  MatchWon: (e) => [seat(e.seat), " wins the match"],
  GameDealt: (e) => [`game ${e.number} dealt by `, seat(e.dealer)],
  RiverDealt: (e) => ["the river: ", cards([e.card])],
  ExtraPlayEarned: (e) => [seat(e.seat), ` made a run of ${e.run}: one more play (declining passes to seat ${e.then})`],
  TwosNeutralized: (e) => [seat(e.seat), ` cancelled ${e.cards} owed cards`],
  AnswerOpened: (e) => [`a ${e.play} lies on top: any seat may answer with a ${e.answer}`],
  OnceAYearUsed: (e) => [seat(e.seat), ` used its once-a-year win (${e.year})`],
  ObligationPassed: (e) => [seat(e.seat), ` now owes ${e.count} cards`],
  CheckStarted: (e) => [`check (${e.kind}): asking `, (e.seats || []).map((s, i) => [i ? ", " : "", seat(s)])],
  CheckContinued: (e) => [seat(e.seat), " continues (no claim)"],
  DobonClaimed: (e) => [seat(e.seat), " claims Dobon! on ", cards([e.target]), " with ", cards(e.cards), ` (total ${e.total})`,
    e.top ? [", top ", cards([e.top])] : ""],
  RoundStarted: (e) => [`round ${e.round} dealt`],
  MatchEnded: (e) => [`match over: rounds won ${(e.wins || []).join(" / ")}; leaders `, (e.leaders || []).map((s, i) => [i ? ", " : "", seat(s)])],
};

function genericEffect(e) {
  const fields = Object.entries(e).filter(([k]) => k !== "type" && k !== "rule_id");
  return [h("code", {}, e.type), fields.length ? ` ${fields.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}` : ""];
}

/** An action as a short phrase: "seat 0 play 7F 8F · suit Fire · SH1 as AF". */
export function actionLine(a) {
  const parts = [seat(a.seat), " ", h("strong", {}, a.type.replaceAll("_", " "))];
  if (a.cards?.length) parts.push(" ", cards(a.cards));
  if (a.declare) for (const [sh, as] of Object.entries(a.declare)) parts.push(" · ", cards([sh]), " as ", cards([as]));
  if (a.suit) parts.push(` · suit ${suit(a.suit)}`);
  if (a.top) parts.push(" · top ", cards([a.top]));
  for (const key of ["value", "target", "partner"]) if (a[key] !== undefined && a[key] !== null) parts.push(` · ${key} ${a[key]}`);
  return h("span.action-line", {}, parts);
}

/** A plain-text summary of an action, for search and titles. */
export function actionText(a) {
  const bits = [`seat ${a.seat}`, a.type.replaceAll("_", " "), ...(a.cards || [])];
  if (a.declare) bits.push(...Object.entries(a.declare).map(([k, v]) => `${k}=${v}`));
  if (a.suit) bits.push(`suit ${suit(a.suit)}`);
  if (a.top) bits.push(`top ${a.top}`);
  for (const key of ["value", "target", "partner"]) if (a[key] !== undefined && a[key] !== null) bits.push(`${key} ${a[key]}`);
  return bits.join(" ");
}
