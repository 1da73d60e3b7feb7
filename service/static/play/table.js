// The table drawn from a state or a seat's view: the piles, the facts of the game, and each
// seat with its hand (faces, or a face-down count where the view hides it).

import { h, fill } from "./dom.js";
import { cardFace, cardBack } from "./cards.js";
import * as games from "./games.js";

/** Seats that may act, split as the game waits for them: `waiting` (the seat on turn, or the
 * seat asked) and the others, who may act out of turn (a natural dabong!, a heaven/hell
 * answer, a next round any seat may deal). */
export function whoActs(display, toAct) {
  const turn = display && Number.isInteger(display.turn) ? display.turn : null;
  const waiting = turn !== null && toAct.includes(turn) ? turn : null;
  return { waiting, outOfTurn: toAct.filter((s) => s !== waiting) };
}

/** The status line: whose turn, who else may act, the end. */
export function renderStatus(el, { game, display, toAct, over, labels }) {
  if (!display) return fill(el, "Deal a game to start.");
  const { waiting, outOfTurn } = whoActs(display, toAct);
  const name = (s) => `seat ${s}${labels[s] ? ` (${labels[s]})` : ""}`;
  const end = games.ending(game, display, over);
  fill(
    el,
    h("span.move", {}, `move ${display.move ?? "?"} · ${display.status ?? ""}`),
    " ",
    over ? null : waiting !== null ? h("span.turn", {}, `${name(waiting)} to act`) : h("span.turn", {}, "no seat on turn"),
    outOfTurn.length && !over
      ? [" · ", h("span.out-of-turn", {}, `may act out of turn: ${outOfTurn.map(name).join(", ")}`)]
      : null,
    end ? h("p.ending", { role: "status" }, end) : null,
  );
}

/**
 * Draw the table. `pick` (optional) makes one seat's cards clickable: {seat, selected: [cards],
 * toggle(card)}. `labels[seat]` names who plays each seat ("You", "CPU normal", "Human").
 */
export function renderTable(el, { game, display, toAct, labels, pick = null, viewer = null }) {
  if (!display) return fill(el);
  const { waiting, outOfTurn } = whoActs(display, toAct);
  const pileCards = games.pile(display);
  const drawCount = Array.isArray(display.draw_pile) ? display.draw_pile.length : display.draw_pile?.count ?? 0;
  const shown = pileCards.slice(-6);
  const center = h(
    "div.center",
    {},
    h(
      "div.piles",
      {},
      h("figure.pile", {}, cardBack(drawCount, "cards in the draw pile"), h("figcaption", {}, "draw pile")),
      h(
        "figure.pile.faceup",
        { "aria-label": `face-up pile, ${pileCards.length} cards, top last` },
        h("div.stack", {}, shown.map((c, i) => cardFace(c, { size: i === shown.length - 1 ? "top" : "under" }))),
        h("figcaption", {}, `${game === "99" ? "play pile" : "discard pile"} (${pileCards.length})`),
      ),
    ),
    h("dl.facts", {}, games.facts(game, display).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
  );
  const seats = [];
  for (let s = 0; s < display.seats; s += 1) {
    const hand = display.hands?.[s];
    const classes = ["seat", s === waiting ? "waiting" : "", outOfTurn.includes(s) ? "may-act" : "", s === viewer ? "viewer" : ""];
    const badges = games.seatBadges(game, display, s);
    if (s === waiting) badges.unshift("to act");
    else if (outOfTurn.includes(s)) badges.unshift("may act");
    let cards;
    if (Array.isArray(hand)) {
      const clickable = pick && pick.seat === s;
      cards = hand.map((c) =>
        clickable ? cardFace(c, { onclick: () => pick.toggle(c), selected: pick.selected.includes(c) }) : cardFace(c),
      );
    } else {
      cards = [cardBack(hand?.count ?? 0, `cards in seat ${s}'s hand`)];
    }
    const count = Array.isArray(hand) ? hand.length : hand?.count ?? 0;
    seats.push(
      h(
        `li.${classes.filter(Boolean).join(".")}`,
        { dataset: { seat: s }, "aria-label": `seat ${s}` },
        h(
          "div.seat-head",
          {},
          h("strong", {}, `Seat ${s}`),
          labels[s] ? h("span.who", {}, labels[s]) : null,
          h("span.count", {}, `${count} card${count === 1 ? "" : "s"}`),
          badges.map((b) => h("span.badge", {}, b)),
        ),
        h("div.hand", { role: pick && pick.seat === s ? "group" : null, "aria-label": `seat ${s}'s hand` }, cards),
      ),
    );
  }
  fill(el, center, h("ol.seats", { "aria-label": "seats" }, seats));
}
