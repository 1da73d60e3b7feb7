// The deal form: game, preset, seats and who plays each (you, another person at this screen,
// or a CPU level), a seed, option overrides (every option of the game, from GET /v1/games/{game})
// and the pace of the CPU players.

import { h, fill, byId } from "./dom.js";
import * as api from "./api.js";

export const LEVELS = ["random", "easy", "normal", "strong"];
export const PACES = [["0", "instant"], ["250", "quick"], ["700", "normal"], ["1500", "slow"], ["step", "step (Next bot move)"]];

/** Prefill from the address: ?game=dobon&preset=sum_only&seats=2&seed=8&pace=0 */
const params = new URLSearchParams(location.search);

export class Setup {
  constructor(form, { onDeal }) {
    this.form = form;
    this.onDeal = onDeal;
    this.info = null;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.onDeal(this.request(), this.roles());
    });
  }

  async init() {
    const { games } = await api.games();
    const select = byId("setup-game");
    fill(select, games.map((g) => h("option", { value: g.name }, g.title)));
    select.value = params.get("game") || games[0].name;
    select.addEventListener("change", () => this.loadGame(select.value));
    byId("setup-seats").addEventListener("change", () => this.renderRoles());
    byId("setup-preset").addEventListener("change", () => this.renderOptions());
    byId("setup-hotseat").addEventListener("click", () => this.setAllRoles("human"));
    byId("setup-cpu").addEventListener("click", () => this.setAllRoles("normal", 0));
    fill("setup-pace", PACES.map(([v, label]) => h("option", { value: v }, label)));
    byId("setup-pace").value = params.get("pace") || "250";
    if (params.get("seed")) byId("setup-seed").value = params.get("seed");
    await this.loadGame(select.value, true);
  }

  get game() {
    return byId("setup-game").value;
  }

  async loadGame(game, first = false) {
    this.info = await api.describe(game);
    const seats = byId("setup-seats");
    seats.min = this.info.min_seats;
    seats.max = this.info.max_seats;
    const wanted = Number(first && params.get("seats")) || Number(seats.value) || this.info.min_seats;
    seats.value = String(Math.min(this.info.max_seats, Math.max(this.info.min_seats, wanted)));
    const preset = byId("setup-preset");
    fill(preset, Object.keys(this.info.presets).map((p) => h("option", { value: p }, p.replaceAll("_", " "))));
    preset.value = (first && params.get("preset")) || this.info.default_preset;
    this.renderRoles();
    this.renderOptions();
  }

  /** One role select per seat; seat 0 is you by default, the others CPU (normal). */
  renderRoles() {
    const n = Number(byId("setup-seats").value);
    const old = this.roles();
    fill(
      "setup-roles",
      Array.from({ length: n }, (_, s) =>
        h("label.role", {}, `Seat ${s} `,
          h("select", { name: `role-${s}`, "aria-label": `who plays seat ${s}` },
            h("option", { value: "human", selected: (old[s] ?? (s === 0 ? "human" : "normal")) === "human" }, "a person (you)"),
            LEVELS.map((l) => h("option", { value: l, selected: (old[s] ?? (s === 0 ? "human" : "normal")) === l }, `CPU ${l}`))))),
    );
  }

  roles() {
    return [...this.form.querySelectorAll("select[name^=role-]")].map((s) => s.value);
  }

  setAllRoles(role, except = -1) {
    this.form.querySelectorAll("select[name^=role-]").forEach((s, i) => (s.value = i === except ? "human" : role));
  }

  /** Every option of the game with the preset's value; only changed ones are sent. */
  renderOptions() {
    const values = this.info.presets[byId("setup-preset").value] || {};
    fill(
      "setup-options",
      this.info.options.map((o) => {
        const value = values[o.name] ?? o.default;
        let input;
        if (o.type === "boolean") input = h("input", { type: "checkbox", name: o.name, checked: Boolean(value) });
        else if (o.allowed) input = h("select", { name: o.name }, o.allowed.map((v) => h("option", { value: String(v), selected: v === value }, String(v))));
        else input = h("input", { type: "number", name: o.name, value: String(value), min: o.minimum, max: o.maximum });
        input.dataset.option = o.type;
        input.dataset.preset = JSON.stringify(value);
        return h("label.option", { title: `${o.description} (rule ${o.rule_id})` }, input, " ", o.name.replaceAll("_", " "));
      }),
    );
  }

  /** The body of POST deal. */
  request() {
    const body = { seats: Number(byId("setup-seats").value), preset: byId("setup-preset").value };
    const seed = byId("setup-seed").value.trim();
    if (seed !== "") body.seed = Number(seed);
    const options = {};
    for (const input of byId("setup-options").querySelectorAll("[data-option]")) {
      let value;
      if (input.dataset.option === "boolean") value = input.checked;
      else if (input.dataset.option === "integer") value = Number(input.value);
      else value = input.value;
      if (input.tagName === "SELECT" && input.dataset.option === "integer") value = Number(input.value);
      if (JSON.stringify(value) !== input.dataset.preset) options[input.name] = value;
    }
    if (Object.keys(options).length) body.options = options;
    return body;
  }

  pace() {
    return byId("setup-pace").value;
  }
}
