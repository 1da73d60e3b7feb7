// The legal actions of one seat (POST legal-actions), grouped by pattern, searchable and paged:
// a huge listing (a dabong! hand of 20 cards has thousands of plays) comes 200 entries at a
// time, and "Load more" passes `next_cursor` back as `cursor` with the same state and seat.

import { h, fill } from "./dom.js";
import * as api from "./api.js";
import { actionLine, actionText } from "./describe.js";

export class Listing {
  /** `onPick(action)` fills the builder; `onSend(action)` applies at once. */
  constructor(el, { onPick, onSend }) {
    this.el = el;
    this.onPick = onPick;
    this.onSend = onSend;
    this.query = "";
    this.reset();
  }

  reset() {
    this.entries = [];
    this.answer = null;
    this.context = null;
    this.token = 0;
    fill(this.el);
  }

  /** Load the first page for `seat` in `state` (a new context drops the old listing). */
  async load(game, state, seat) {
    const token = ++this.token;
    this.context = { game, state, seat };
    this.entries = [];
    fill(this.el, h("p.muted", {}, `Listing seat ${seat}'s legal actions…`));
    return this.fetchPage(token, null);
  }

  async loadMore() {
    if (!this.answer?.next_cursor || !this.context) return;
    await this.fetchPage(this.token, this.answer.next_cursor);
  }

  async fetchPage(token, cursor) {
    const { game, state, seat } = this.context;
    try {
      const body = { state, seat, ...(cursor ? { cursor } : {}) };
      const answer = await api.post(game, "legal-actions", body, seat);
      if (token !== this.token) return null; // a newer state replaced this one
      this.answer = answer;
      this.entries.push(...answer.actions);
      this.render();
      return answer;
    } catch (error) {
      if (token === this.token) fill(this.el, h("p.error", {}, `Listing failed: ${error.message}`));
      return null;
    }
  }

  /** Types of the loaded entries (the controller asks whether a seat has a real chance). */
  types() {
    return new Set(this.entries.map((e) => e.action.type));
  }

  filter(query) {
    this.query = query;
    this.render(true);
  }

  render(keepFocus = false) {
    const { seat } = this.context;
    const words = this.query.toLowerCase().split(/\s+/).filter(Boolean);
    const groups = new Map();
    let shown = 0;
    this.entries.forEach((entry, index) => {
      const text = `${actionText(entry.action)} ${entry.patterns.join(" ")} ${entry.note || ""}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return;
      const key = entry.patterns.length ? entry.patterns.join(" + ") : entry.action.type;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push([entry, index]);
      shown += 1;
    });
    const a = this.answer;
    const search = h("input.search", {
      type: "search",
      placeholder: "search: a card, a type, a pattern (/)",
      "aria-label": "search the legal actions",
      value: this.query,
      oninput: (event) => this.filter(event.target.value),
    });
    const header = h(
      "div.listing-head",
      {},
      h("h3", {}, `Legal actions of seat ${seat}`),
      h("span.muted", {}, `${a.total_entries} entr${a.total_entries === 1 ? "y" : "ies"}`,
        a.total_actions !== a.total_entries ? ` (${a.total_actions} actions with orderings)` : "",
        ` · ${this.entries.length} loaded`, words.length ? ` · ${shown} match` : ""),
      search,
    );
    const body = [...groups.entries()].map(([pattern, items]) =>
      h(
        "details.group",
        // Small groups open, big ones (hundreds of trades) closed until asked for.
        { open: items.length <= 20 || groups.size === 1 || words.length > 0, dataset: { pattern } },
        h("summary", {}, `${pattern} (${items.length})`),
        h("ul", {}, items.map(([entry, index]) => this.entryItem(entry, index))),
      ),
    );
    const more = a.next_cursor
      ? h("button.more", { type: "button", onclick: () => this.loadMore() },
          `Load more (${this.entries.length} of ${a.total_entries})`)
      : null;
    const empty = this.entries.length === 0 ? h("p.muted", {}, "No legal action for this seat now.") : null;
    fill(this.el, header, empty, body, more);
    if (keepFocus) {
      search.focus();
      search.setSelectionRange(search.value.length, search.value.length);
    }
  }

  entryItem(entry, index) {
    const note = entry.orderings > 1 || entry.note
      ? h("span.muted", {}, ` ${entry.orderings > 1 ? `${entry.orderings} orderings` : ""}${entry.note ? ` · ${entry.note}` : ""}`)
      : null;
    return h(
      "li.entry",
      { dataset: { type: entry.action.type, index } },
      h("button.pick", { type: "button", title: "build this play (and see its verdict)", onclick: () => this.onPick(entry.action) },
        actionLine(entry.action), note),
      h("button.send", { type: "button", title: "send this action now", "aria-label": `send: ${actionText(entry.action)}`,
        onclick: () => this.onSend(entry.action) }, "▶"),
    );
  }

  focusSearch() {
    this.el.querySelector("input.search")?.focus();
  }
}
