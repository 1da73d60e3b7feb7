// A play built by clicking cards, judged before it is sent: every change asks POST validate and
// shows the verdict (legal or not, the reasons with their rule links, what is still to declare,
// the interpretations and the effects it would have). The fields an action takes are read from
// the published OpenAPI document (each game's action schemas), not written into the page.

import { h, fill, pretty } from "./dom.js";
import * as api from "./api.js";
import { cardFace, cardName, SUITS } from "./cards.js";
import { effectLine } from "./describe.js";
import { ruleLink } from "./rules.js";

const resolve = (doc, ref) => ref.split("/").slice(1).reduce((node, key) => node[key], doc);

/** type -> {field: {kind, values}} for `game`, from the request schema of its validate. */
export async function actionFields(game) {
  const doc = await api.openapi();
  const op = doc.paths[`/v1/games/${game}/validate`].post;
  const request = resolve(doc, op.requestBody.content["application/json"].schema.$ref);
  const union = resolve(doc, request.properties.action.$ref);
  const out = {};
  for (const [type, ref] of Object.entries(union.discriminator.mapping)) {
    out[type] = {};
    for (const [name, schema] of Object.entries(resolve(doc, ref).properties)) {
      if (name === "type" || name === "seat") continue;
      const types = [].concat(schema.type || []);
      const anyOf = schema.anyOf || [];
      if (types.includes("array")) out[type][name] = { kind: "cards" };
      else if (anyOf.some((s) => s.type === "object")) out[type][name] = { kind: "declare" };
      else if (schema.enum) out[type][name] = { kind: "enum", values: schema.enum.filter((v) => v !== null) };
      else if (anyOf.some((s) => s.$ref)) out[type][name] = { kind: "card" };
      else out[type][name] = { kind: "integer" };
    }
  }
  return out;
}

export class Builder {
  /** `context()` answers {game, state, seat, hand, deck} or null; `onSend(action)` applies;
   * `onChange()` redraws the hand (the selection shows on the cards). */
  constructor(el, { context, onSend, onHint, onChange }) {
    Object.assign(this, { el, context, onSend, onHint, onChange });
    this.fields = {};
    this.clear(false);
  }

  async setGame(game) {
    this.fields = await actionFields(game);
  }

  clear(judge = true) {
    this.type = "play";
    this.cards = [];
    this.values = {};
    this.verdict = null;
    this.token = (this.token || 0) + 1;
    this.render();
    if (judge) this.onChange?.();
  }

  toggle(card) {
    const i = this.cards.indexOf(card);
    if (i >= 0) this.cards.splice(i, 1);
    else this.cards.push(card);
    this.changed();
  }

  /** Fill from an action (a listing entry, a hint). */
  setAction(action) {
    this.type = action.type;
    this.cards = [...(action.cards || [])];
    this.values = {};
    for (const [k, v] of Object.entries(action)) if (!["type", "seat", "cards"].includes(k) && v !== null) this.values[k] = v;
    this.changed();
  }

  /** The action as it would be sent (only the fields its type takes, empty ones left out). */
  action() {
    const ctx = this.context();
    const spec = this.fields[this.type] || {};
    const action = { type: this.type, seat: ctx ? ctx.seat : 0 };
    for (const [name, { kind }] of Object.entries(spec)) {
      if (kind === "cards") {
        if (this.cards.length) action.cards = [...this.cards];
      } else if (kind === "declare") {
        const declare = {};
        for (const c of this.cards) if (c.startsWith("SH") && this.values.declare?.[c]) declare[c] = this.values.declare[c];
        if (Object.keys(declare).length) action.declare = declare;
      } else if (this.values[name] !== undefined && this.values[name] !== "") {
        action[name] = this.values[name];
      }
    }
    return action;
  }

  changed() {
    this.render();
    this.onChange?.();
    this.judge();
  }

  /** POST validate for the current action; an older answer never overwrites a newer one. */
  async judge() {
    const ctx = this.context();
    if (!ctx) return;
    const token = ++this.token;
    const action = this.action();
    if (this.fields[this.type]?.cards && !action.cards && this.type === "play") {
      this.verdict = { idle: true }; // nothing built yet: pick cards or an entry first
      return this.renderVerdict();
    }
    this.verdict = { pending: true };
    this.renderVerdict();
    try {
      const verdict = await api.post(ctx.game, "validate", { state: ctx.state, action }, ctx.seat);
      if (token === this.token) this.verdict = verdict;
    } catch (error) {
      if (token === this.token) this.verdict = { problem: error };
    }
    if (token === this.token) this.renderVerdict();
  }

  render() {
    const ctx = this.context();
    if (!ctx) return fill(this.el, h("p.muted", {}, this.idleText?.() || "No seat of yours may act now."));
    const spec = this.fields[this.type] || {};
    const typeSelect = h(
      "select",
      { "aria-label": "action type", onchange: (e) => ((this.type = e.target.value), this.changed()) },
      Object.keys(this.fields).map((t) => h("option", { value: t, selected: t === this.type }, t.replaceAll("_", " "))),
    );
    const rows = [h("label", {}, "Action ", typeSelect)];
    for (const [name, field] of Object.entries(spec)) rows.push(this.fieldRow(ctx, name, field));
    fill(
      this.el,
      h("div.builder-head", {}, h("h3", {}, `Seat ${ctx.seat}: build an action`), h("span.muted", {}, "click cards in the hand; order counts (last on top)")),
      h("div.fields", {}, rows),
      h("div.buttons", {},
        h("button.primary", { id: "send-action", type: "button", onclick: () => this.onSend(this.action()), title: "apply (Ctrl+Enter)" }, "Send"),
        h("button", { type: "button", onclick: () => this.onHint(), title: "ask the CPU (h)" }, "Hint"),
        h("button", { type: "button", onclick: () => this.clear(), title: "clear (Esc)" }, "Clear"),
      ),
      h("details.json", {}, h("summary", {}, "Action JSON"), h("pre", {}, pretty(this.action()))),
      h("div.verdict", { id: "verdict", "aria-live": "polite" }),
    );
    this.renderVerdict();
  }

  fieldRow(ctx, name, field) {
    const set = (value) => {
      this.values[name] = value;
      this.changed();
    };
    if (field.kind === "cards") {
      return h("div.selected", { "aria-label": "cards selected, in order" }, h("span.label", {}, "Cards "),
        this.cards.length
          ? this.cards.map((c, i) => cardFace(c, { size: "mini", onclick: () => this.toggle(c), note: String(i + 1) }))
          : h("span.muted", {}, "none selected"),
        ctx.hand?.length ? h("button.small", { type: "button", onclick: () => ((this.cards = [...ctx.hand]), this.changed()) }, "whole hand") : null);
    }
    if (field.kind === "declare") {
      const shamans = this.cards.filter((c) => c.startsWith("SH"));
      if (!shamans.length) return null;
      const options = (ctx.deck || []).filter((c) => !c.startsWith("SH"));
      return shamans.map((sh) =>
        h("label", {}, `${cardName(sh)} as `,
          h("select", { "aria-label": `declare ${sh}`, onchange: (e) => {
            this.values.declare = { ...(this.values.declare || {}), [sh]: e.target.value };
            this.changed();
          } },
          h("option", { value: "" }, "—"),
          options.map((c) => h("option", { value: c, selected: this.values.declare?.[sh] === c }, `${c} (${cardName(c)})`)))));
    }
    if (field.kind === "enum") {
      return h("label", {}, `${name} `, h("select", { "aria-label": name, onchange: (e) => set(e.target.value) },
        h("option", { value: "" }, "(none)"),
        field.values.map((v) => h("option", { value: v, selected: this.values[name] === v }, SUITS[v] ? `${SUITS[v].name} (${v})` : v))));
    }
    if (field.kind === "card") {
      const choices = this.cards.length ? this.cards : ctx.hand || [];
      return h("label", {}, `${name} `, h("select", { "aria-label": name, onchange: (e) => set(e.target.value) },
        h("option", { value: "" }, "(none)"),
        choices.map((c) => h("option", { value: c, selected: this.values[name] === c }, `${c} (${cardName(c)})`))));
    }
    return h("label", {}, `${name} `, h("input", { type: "number", min: 0, "aria-label": name, value: this.values[name] ?? "",
      onchange: (e) => set(e.target.value === "" ? "" : Number(e.target.value)) }));
  }

  renderVerdict() {
    const el = this.el.querySelector("#verdict");
    const json = this.el.querySelector("details.json pre");
    if (json) json.textContent = pretty(this.action());
    if (!el) return;
    const v = this.verdict;
    const ctx = this.context();
    const sendButton = this.el.querySelector("#send-action");
    if (sendButton) sendButton.disabled = !(v && v.legal);
    if (!v || !ctx) return fill(el);
    if (v.pending) return fill(el, h("p.muted", {}, "judging…"));
    if (v.idle) return fill(el, h("p.muted", {}, "Click cards of the hand, or an entry of the listing, to see its verdict."));
    if (v.problem) return fill(el, problemList(v.problem));
    const game = ctx.game;
    fill(
      el,
      h(`p.${v.legal ? "legal" : "illegal"}`, { dataset: { legal: String(v.legal) } }, v.legal ? "✓ legal" : "✗ not legal"),
      h("ul.reasons", {}, v.reasons.map((r) => h("li", {}, r.message, " ", h("code", {}, r.code), " ", ruleLink(game, r.rule_id)))),
      v.needs?.length ? h("p.needs", {}, "Still to declare: ", v.needs.map((n) => h("code", {}, n.replace("/", " ")))) : null,
      v.interpretations?.length
        ? h("div", {}, h("h4", {}, "Interpretations"), h("ul", {}, v.interpretations.map((i) =>
            h("li", {}, h("strong", {}, i.pattern), ` ${i.description} `,
              Object.entries(i.declarations || {}).map(([k, d]) => `${k} as ${d} `), ruleLink(game, i.rule_id)))))
        : null,
      // A seat is not shown what a draw would give before it draws (as on a sealed server).
      v.effects?.length ? h("div", {}, h("h4", {}, "Would do"),
        h("ol.effects", {}, v.effects.map((e) => h("li", {}, effectLine(game, e, ctx.viewer === null ? null : -1))))) : null,
    );
  }
}

/** Every problem of a 422 (or other) problem document, with its pointer. */
export function problemList(problem) {
  const body = problem.body || {};
  return h(
    "div.problem",
    { role: "alert" },
    h("p", {}, h("strong", {}, body.title || "Error"), ` (${problem.status || ""}) `, body.detail || problem.message),
    problem.errors.length
      ? h("ul.problems", {}, problem.errors.map((e) =>
          h("li", { dataset: { pointer: e.pointer } }, h("code.pointer", {}, e.pointer || "(body)"), " ", h("code", {}, e.code), " ", e.message)))
      : null,
    body.errors_omitted ? h("p.muted", {}, `${body.errors_omitted} more not listed`) : null,
    body.verdict ? h("p", {}, "Verdict: ", body.verdict.reasons.map((r) => r.message).join("; ")) : null,
  );
}
