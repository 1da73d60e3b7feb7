// What the page knows about each game's state, field by field (docs/integrators.md): which pile
// is on the table, the facts worth showing, each seat's badges and how a game ends. Everything
// else on the page is generic: it comes from the API (listings, verdicts, effects, rules).

import { h } from "./dom.js";
import { cardFace, miniCards, SUITS } from "./cards.js";

const suitName = (s) => (s ? SUITS[s]?.name || s : "none");
const dir = (d) => (d === -1 ? "right (−1)" : "left (+1)");
const seatList = (seats) => (seats && seats.length ? seats.map((s) => `seat ${s}`).join(", ") : "none");

/** The face-up pile: 99 plays onto `play_pile`, the others discard onto `discard_pile`. */
export function pile(state) {
  return state.play_pile || state.discard_pile || [];
}

/** [label, value] pairs shown beside the piles. Values may be nodes. */
export function facts(game, s) {
  const out = [];
  if (game === "99") {
    out.push(["Count", h("strong.count", {}, String(s.count))]);
    if (s.status === "death_card") out.push(["Death Card", `seat ${s.attacker} played the Queen of Spades at 99 against seat ${s.turn}: shield with the Ace of Diamonds`]);
    out.push(["Out", seatList(s.eliminated)]);
    if (s.hits?.length) out.push(["Hits", s.hits.map((hit) => `${hit.kind}: seat ${hit.seat}${hit.via.length ? " via " + hit.via.join(", ") : ""}`).join("; ")]);
  } else if (game === "dobon") {
    out.push(["Suit to follow", suitName(s.active_suit)], ["Direction", dir(s.direction)]);
    if (s.obligation) out.push(["Owed (twos)", `${s.obligation} cards`]);
    if (s.step) out.push(["Step", s.step]);
    if (s.drawn) out.push(["Just drawn", s.drawn.hidden ? "a hidden card" : cardFace(s.drawn, { size: "mini" })]);
    if (s.check) out.push(["Check", `${s.check.kind}: asking ${seatList(s.check.asking)}`]);
    if (s.chain?.length) out.push(["Claims", s.chain.map((c) => `seat ${c.seat} on ${c.target}`).join(" → ")]);
    out.push(["Round", `${s.round} of ${s.options?.match_rounds ?? "?"}`], ["Rounds won", (s.wins || []).join(" / ")]);
  } else if (game === "dabong") {
    out.push(["Direction", dir(s.direction)], ["Dealer", `seat ${s.dealer}`]);
    if (s.suit) out.push(["Suit in force", suitName(s.suit)]);
    if (s.penalty) out.push(["Penalty", `${s.penalty.cards} cards${s.penalty.skip ? ", then skipped" : ""}`]);
    if (s.extra_play) out.push(["4th card", `an extra play is open (declining hands the turn to seat ${s.extra_play.then})`]);
    if (s.answerable) out.push(["Answer", `a ${s.answerable} lies on top: any seat may lay the opposite out of turn`]);
    if (s.river) out.push(["River", cardFace(s.river, { size: "mini" })]);
    if (s.previous_play?.length) out.push(["Top play (as declared)", miniCards(s.previous_play)]);
    if (s.take_back?.length) out.push(["May be taken back", `${s.take_back.length} play(s)`]);
    out.push(["Score", scoreLine(s)]);
  }
  return out;
}

function scoreLine(s) {
  const sc = s.scores || {};
  const mode = s.options?.scoring;
  if (mode === "tennis") return `games ${sc.games.join(" / ")}, sets ${sc.sets.join(" / ")}`;
  if (mode === "points") return `points ${sc.points.join(" / ")} (lowest wins at ${s.options.points_target})`;
  return `games played ${sc.played ?? 0}`;
}

/** Short badges for a seat: out, dealer, one card, rounds won... */
export function seatBadges(game, s, seat) {
  const out = [];
  if (game === "99" && s.eliminated?.includes(seat)) out.push("out");
  if (game === "dabong") {
    if (s.dealer === seat) out.push("dealer");
    if (s.one_card_announced?.includes(seat)) out.push("one card!");
    if (s.top_seat === seat) out.push("top card");
  }
  if (game === "dobon") {
    if (s.top_owner === seat) out.push("top card");
    if (s.wins?.[seat]) out.push(`${s.wins[seat]} won`);
  }
  return out;
}

/** Is the state between games/rounds (a next_game / next_round is due)? */
export const between = (s) => s.status === "game_over" || s.status === "round_over";

/** A sentence for the end of a game or round, or null while it is on. */
export function ending(game, s, over) {
  if (game === "99" && s.status === "over") {
    const hits = (s.hits || []).map((hit) => `the ${hit.kind} hit goes to seat ${hit.seat}`).join("; ");
    return `Seat ${s.winner} wins the hand${hits ? ": " + hits : ""}.`;
  }
  if (game === "dobon" && (s.status === "over" || s.status === "round_over")) {
    const last = s.record?.[s.record.length - 1];
    const round = last ? `Round ${last.round}: ${last.winner === null ? "drawn" : `seat ${last.winner} wins`} (${last.how}).` : "";
    if (s.status === "round_over") return `${round} Next round to deal.`;
    const lead = s.winner === null ? `shared lead: ${seatList(s.leaders)}` : `seat ${s.winner} wins the match`;
    return `${round} Match over: ${lead}; rounds won ${s.wins.join(" / ")}.`;
  }
  if (game === "dabong" && (s.status === "over" || s.status === "game_over")) {
    if (s.status === "game_over") return `Seat ${s.game_winner} wins the game. ${scoreLine(s)}. Next game to deal.`;
    return `Seat ${s.winner} wins the match. ${scoreLine(s)}.`;
  }
  return over ? "The game is over." : null;
}
