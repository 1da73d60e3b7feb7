// Cards drawn with CSS and inline SVG (no image files, no fonts): a card string in a game's
// notation ("7F", "10H", "SH2") becomes a button that says its name to screen readers.

import { h } from "./dom.js";

// Suits of both decks, each with a shape of its own so that colour is never the only cue.
// dabong!: Fire, Water, Earth, Air; Dobon and 99: the French suits.
export const SUITS = {
  F: { name: "Fire", color: "fire" },
  W: { name: "Water", color: "water" },
  E: { name: "Earth", color: "earth" },
  A: { name: "Air", color: "air" },
  S: { name: "Spades", color: "black" },
  H: { name: "Hearts", color: "red" },
  D: { name: "Diamonds", color: "red" },
  C: { name: "Clubs", color: "black" },
};
const RANKS = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };

// 24x24 symbols; `stroke` ones are drawn as lines (Air), the others filled.
const SYMBOLS = {
  S: '<path d="M12 2C9 7 3 10 3 14.5 3 17.4 5.4 19.5 8 19.5c1.4 0 2.6-.6 3.3-1.5L10 22h4l-1.3-4c.7.9 1.9 1.5 3.3 1.5 2.6 0 5-2.1 5-5C21 10 15 7 12 2z"/>',
  H: '<path d="M12 21C7 16.5 2 13 2 8.5 2 5.4 4.4 3 7.3 3c2 0 3.7 1.1 4.7 2.7C13 4.1 14.7 3 16.7 3 19.6 3 22 5.4 22 8.5 22 13 17 16.5 12 21z"/>',
  D: '<path d="M12 1.5 20.5 12 12 22.5 3.5 12z"/>',
  C: '<circle cx="12" cy="7" r="4.3"/><circle cx="6.8" cy="13.6" r="4.3"/><circle cx="17.2" cy="13.6" r="4.3"/><path d="M10.8 13h2.4l1.6 9h-5.6z"/>',
  F: '<path fill-rule="evenodd" d="M12 1.5c.4 3.3-1.6 5.6-3.6 7.9C6.6 11.5 5 13.3 5 16a7 7 0 0 0 14 0c0-2.7-1.2-4.8-2.9-6.6.2 1.7-.3 3.2-1.6 4.1.4-4.4-.9-8.6-2.5-12zM12 21.2a3 3 0 0 1-3-3c0-1.9 1.6-2.9 2.3-4.9.6 1.1 1 2 1.7 2.8.5-.5.8-1.2.9-2 .9 1 1.1 2.3 1.1 3.1a3 3 0 0 1-3 4z"/>',
  W: '<path d="M12 2C9.3 6.8 5 10.8 5 15.2a7 7 0 0 0 14 0C19 10.8 14.7 6.8 12 2z"/>',
  E: '<path d="M1.5 21 8.5 7.5l4 6.8 2.6-3.8L22.5 21z"/>',
  A: '<path d="M2 8.5h11.5a3.2 3.2 0 1 0-3.2-3.2M2 13h16.3a3.2 3.2 0 1 1-3.2 3.2M2 17.5h8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>',
  SH: '<path d="M12 1l2.6 7.4L22 6l-4.9 6 4.9 6-7.4-2.4L12 23l-2.6-7.4L2 18l4.9-6L2 6l7.4 2.4z"/><circle cx="12" cy="12" r="2.6" fill="#fff"/>',
};

/** Put the symbols into the page once (an inline sprite: <use href="#pip-F">, no request). */
export function installSprite() {
  if (document.getElementById("pip-sprite")) return;
  const symbols = Object.entries(SYMBOLS)
    .map(([key, body]) => `<symbol id="pip-${key}" viewBox="0 0 24 24">${body}</symbol>`)
    .join("");
  const holder = document.createElement("div");
  holder.innerHTML = `<svg id="pip-sprite" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" class="sprite">${symbols}</svg>`;
  document.body.prepend(holder.firstChild);
}

/** {rank, suit, shaman} of a card string; `suit` null for a Shaman. */
export function parse(card) {
  const shaman = /^SH(\d+)$/.exec(card);
  if (shaman) return { rank: shaman[1], suit: null, shaman: true };
  return { rank: card.slice(0, -1), suit: card.slice(-1), shaman: false };
}

/** "Queen of Spades", "7 of Fire", "Shaman 2". */
export function cardName(card) {
  const { rank, suit, shaman } = parse(card);
  if (shaman) return `Shaman ${rank}`;
  return `${RANKS[rank] || rank} of ${SUITS[suit]?.name || suit}`;
}

function pip(key) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "pip");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `#pip-${key}`);
  svg.append(use);
  return svg;
}

/** A card face. `onclick` makes it a toggle button (aria-pressed shows the selection);
 * `size` "mini" draws it inline in text (the log, listings). */
export function cardFace(card, { onclick = null, selected = false, size = "", note = "" } = {}) {
  const { rank, suit, shaman } = parse(card);
  const color = shaman ? "shaman" : SUITS[suit]?.color || "black";
  // Each Shaman its own accent too (SH1 gold, SH2 sky, SH3 rose), not only its number.
  const classes = ["card", `suit-${color}`, shaman ? `shaman-${rank}` : "", size].filter(Boolean).join(".");
  const label = cardName(card) + (note ? ` (${note})` : "");
  const body = [
    h("span.rank", { "aria-hidden": "true" }, shaman ? `SH${rank}` : rank),
    pip(shaman ? "SH" : suit),
    note ? h("span.note", { "aria-hidden": "true" }, note) : null,
  ];
  if (!onclick) return h(`span.${classes}`, { role: "img", "aria-label": label, title: label, dataset: { card } }, body);
  return h(
    `button.${classes}`,
    { type: "button", "aria-label": label, title: label, "aria-pressed": String(selected), dataset: { card }, onclick },
    body,
  );
}

/** A face-down stack: `{"count": n}` in a view, or a pile only counted. */
export function cardBack(count, label = "hidden cards") {
  return h("span.card.back", { role: "img", "aria-label": `${count} ${label}`, title: `${count} ${label}` },
    h("span.count", {}, String(count)));
}

/** A list of cards as mini faces, for sentences. */
export const miniCards = (cards) => (cards || []).map((c) => cardFace(c, { size: "mini" }));
