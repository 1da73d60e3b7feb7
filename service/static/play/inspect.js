// Inspect mode, for integrators: paste a state or a replay log (a list of actions with a `deal`
// or a `state`: exactly a body of POST replay), see it validated with every problem at its JSON
// pointer, step through the replay (each step's state is POST replay of the actions up to it),
// export what is shown, or play on from any step.

import { h, fill, byId, pretty, download } from "./dom.js";
import * as api from "./api.js";
import { renderTable } from "./table.js";
import { problemList } from "./builder.js";
import { actionLine, effectLine } from "./describe.js";

/** What was pasted: {game, start: {state} | {deal}, actions, bare}. Throws on anything else. */
export function readPaste(text, fallbackGame) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${error.message}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("paste a JSON object: a state, or {\"state\" or \"deal\", \"actions\"}");
  if (Array.isArray(value.actions) || "state" in value || "deal" in value) {
    const start = "deal" in value && !("state" in value) ? { deal: value.deal } : { state: value.state };
    const game = start.state?.game || value.game || fallbackGame;
    return { game, start, actions: value.actions || [], bare: false };
  }
  return { game: value.game || fallbackGame, start: { state: value }, actions: [], bare: true };
}

/** The value at a JSON pointer of `doc` (undefined when it is not there). */
export function at(doc, pointer) {
  if (!pointer) return doc;
  return pointer
    .split("/")
    .slice(1)
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((node, key) => (node !== null && typeof node === "object" ? node[key] : undefined), doc);
}

export class Inspect {
  constructor(play) {
    this.play = play;
    this.run = null; // {game, start, actions, answer, states: Map(step -> replay answer), step}
    byId("inspect-load").addEventListener("click", () => this.load());
    byId("inspect-from-play").addEventListener("click", () => this.fromPlay());
    byId("inspect-first").addEventListener("click", () => this.go(0));
    byId("inspect-prev").addEventListener("click", () => this.go(this.run.step - 1));
    byId("inspect-next").addEventListener("click", () => this.go(this.run.step + 1));
    byId("inspect-last").addEventListener("click", () => this.go(this.run.last));
    byId("inspect-export").addEventListener("click", () => this.exportState());
    byId("inspect-play").addEventListener("click", () => this.playFromHere());
  }

  async init() {
    const { games } = await api.games();
    fill("inspect-game", games.map((g) => h("option", { value: g.name }, g.title)));
  }

  /** The game being played, as a replay log, into the text box. */
  fromPlay() {
    const S = this.play.S;
    if (!S) return fill("inspect-result", h("p.muted", {}, "Nothing is being played yet."));
    byId("inspect-game").value = S.game;
    byId("inspect-text").value = pretty(this.play.replayLog());
  }

  async load() {
    fill("inspect-result", h("p.muted", {}, "Validating…"));
    byId("inspect-stepper").hidden = true;
    let paste;
    try {
      paste = readPaste(byId("inspect-text").value, byId("inspect-game").value);
    } catch (error) {
      return fill("inspect-result", h("p.error", { role: "alert" }, error.message));
    }
    const { game, start, actions } = paste;
    byId("inspect-game").value = game;
    // The start alone first: a state with problems is refused with every problem listed.
    try {
      const first = await api.post(game, "replay", { ...start, actions: [] });
      this.run = { game, start, actions, states: new Map([[0, first]]), step: 0, last: 0, answer: null };
    } catch (error) {
      return fill("inspect-result", this.problems(error, paste));
    }
    let answer = null;
    if (actions.length) {
      try {
        answer = await api.post(game, "replay", { ...start, actions });
      } catch (error) {
        return fill("inspect-result", this.problems(error, paste));
      }
    }
    this.run.answer = answer;
    this.run.last = answer ? (answer.completed ? actions.length : answer.failed.index) : 0;
    if (answer) this.run.states.set(this.run.last, answer);
    fill(
      "inspect-result",
      h("p.ok", { role: "status" }, `✓ The ${paste.bare || !actions.length ? "state" : "start"} is valid.`),
      answer
        ? answer.completed
          ? h("p.ok", {}, `✓ All ${actions.length} actions replay (${answer.over ? "the game is over" : `to act: ${answer.to_act.join(", ")}`}).`)
          : h("div.problem", { role: "alert" },
              h("p", {}, `✗ Action ${answer.failed.index} (pointer /actions/${answer.failed.index}) is illegal; the replay stops before it.`),
              h("p", {}, actionLine(actions[answer.failed.index])),
              h("ul.reasons", {}, answer.failed.verdict.reasons.map((r) => h("li", {}, r.message, " ", h("code", {}, r.code)))))
        : null,
    );
    byId("inspect-stepper").hidden = false;
    await this.go(this.run.last);
  }

  /** A 422 with every problem, each with the value found at its pointer in what was pasted. */
  problems(error, paste) {
    if (!(error instanceof api.Problem)) return h("p.error", {}, error.message);
    const body = { ...paste.start, actions: paste.actions };
    const list = problemList(error);
    for (const li of list.querySelectorAll("li[data-pointer]")) {
      const value = at(body, li.dataset.pointer);
      if (value !== undefined) li.append(h("span.muted", {}, " · there: ", h("code", {}, JSON.stringify(value)?.slice(0, 80))));
    }
    const note = paste.bare ? h("p.muted", {}, "Pointers are into the request body: /state is the state you pasted.") : null;
    return h("div", {}, h("p.error", {}, `✗ ${error.errors.length} problem(s) found.`), note, list);
  }

  /** Show step `n`: the state after the first n actions (POST replay of those, cached). */
  async go(n) {
    const run = this.run;
    if (!run) return;
    n = Math.max(0, Math.min(run.last, n));
    if (!run.states.has(n)) {
      try {
        run.states.set(n, await api.post(run.game, "replay", { ...run.start, actions: run.actions.slice(0, n) }));
      } catch (error) {
        return fill("inspect-step", problemList(error));
      }
    }
    run.step = n;
    const answer = run.states.get(n);
    const state = answer.final_state;
    const effects = run.answer?.steps?.[n - 1]?.effects || [];
    fill("inspect-position", `step ${n} of ${run.last}${run.last < run.actions.length ? ` (of ${run.actions.length} sent)` : ""}`);
    byId("inspect-prev").disabled = byId("inspect-first").disabled = n === 0;
    byId("inspect-next").disabled = byId("inspect-last").disabled = n === run.last;
    fill(
      "inspect-step",
      n > 0 ? h("div.step", {}, h("p", {}, `${n}. `, actionLine(run.actions[n - 1])),
        h("ol.effects", {}, effects.map((e) => h("li", {}, effectLine(run.game, e))))) : h("p.muted", {}, "The start."),
    );
    const table = byId("inspect-table");
    if (state.sealed) {
      fill(table, h("p.muted", {}, `A sealed envelope (table ${state.table_id}, move ${state.move}): its cards are hidden from this page.`));
    } else {
      renderTable(table, { game: run.game, display: state, toAct: answer.to_act, labels: [] });
    }
    fill("inspect-json", pretty(state));
  }

  current() {
    return this.run?.states.get(this.run.step);
  }

  exportState() {
    const answer = this.current();
    if (answer) download(`${this.run.game}-step-${this.run.step}-state.json`, answer.final_state);
  }

  /** Continue from the step shown, in Play mode (seat 0 a person, the others CPU). */
  async playFromHere() {
    const answer = this.current();
    if (!answer) return;
    const seats = answer.final_state.seats ?? this.play.S?.roles.length ?? 2;
    const roles = Array.from({ length: seats }, (_, s) => (s === 0 ? "human" : "normal"));
    document.querySelector('[data-tab="play"]').click();
    await this.play.adopt(this.run.game, roles, { state: answer.final_state, to_act: answer.to_act, over: answer.over }, {});
  }
}
