// Play mode: the page holds the table state and talks only to the public API. A deal answers
// the first state; each step sends the state back with one action (POST apply) and keeps the
// answer. CPU seats ask POST suggest; a person's seat gets its listing, the builder and the
// verdict. On a sealed server the state is an envelope the page cannot read: it draws the
// table from POST view (as the host, or as a seat) and sends a credential with every call.

import { h, fill, byId, sleep, download } from "./dom.js";
import * as api from "./api.js";
import { renderStatus, renderTable, whoActs } from "./table.js";
import { Listing } from "./listing.js";
import { Builder, problemList } from "./builder.js";
import { Setup } from "./setup.js";
import { actionLine, effectLine } from "./describe.js";
import { ruleLink } from "./rules.js";

// Actions that need another seat's agreement (a dabong! trade): sent with the host's credential
// on a sealed table, since one seat's own credential cannot consent for its partner.
const NEEDS_AGREEMENT = new Set(["trade"]);
// Out-of-turn actions the CPU seats do not wait for: a trade (a CPU never agrees to one) and
// taking one's own play back (the step pace leaves time for it). Any other chance (a natural
// dabong!, a heaven/hell answer, catching a seat that did not say "one card") holds them.
const NOT_WAITED_FOR = new Set(["trade", "take_back"]);

export class Play {
  constructor() {
    this.S = null; // the session: null before the first deal
    this.queue = Promise.resolve(); // applies run one at a time, in order
    this.generation = 0; // bumped by a person's move or a new deal: an older bot loop stops
    this.setup = new Setup(byId("setup"), { onDeal: (body, roles) => this.deal(body, roles) });
    this.listing = new Listing(byId("listing"), { onPick: (a) => this.builder.setAction(a), onSend: (a) => this.send(a) });
    this.builder = new Builder(byId("builder"), {
      context: () => this.builderContext(),
      onSend: (a) => this.send(a),
      onHint: () => this.hint(),
      onChange: () => this.drawTable(),
    });
    this.builder.idleText = () => (this.S?.over ? "The game is over: deal again, or inspect its replay log." : null);
    byId("view-as").addEventListener("change", () => this.refresh(false));
    byId("act-as").addEventListener("change", (e) => this.chooseActor(Number(e.target.value)));
    byId("next-bot").addEventListener("click", () => this.stepBot());
    byId("go-on").addEventListener("click", () => this.goOn());
    byId("export-state").addEventListener("click", () => this.exportState());
    byId("export-log").addEventListener("click", () => this.exportLog());
    byId("setup-pace").addEventListener("change", () => this.S && ((this.S.pace = this.setup.pace()), this.advance()));
  }

  async init() {
    await this.setup.init();
    if (await api.serverSealed()) {
      byId("setup-seed").disabled = true;
      byId("setup-seed").title = "a sealed server shuffles with its own randomness";
      fill("server-mode", h("span.badge.sealed", { title: "GET /v1/ready reports seal" }, "sealed server"));
    } else {
      fill("server-mode", h("span.badge", { title: "GET /v1/ready: seal off" }, "open server"));
    }
  }

  // -- dealing -----------------------------------------------------------------------------------

  async deal(body, roles) {
    const game = this.setup.game;
    if (await api.serverSealed()) delete body.seed; // taken only for a new deal at a table
    this.generation += 1;
    fill("errors");
    try {
      await this.builder.setGame(game);
      const answer = await api.post(game, "deal", body);
      api.setCredentials(answer.credentials);
      this.start(game, roles, answer, { deal: body });
    } catch (error) {
      this.showError(error);
    }
  }

  /** Start a session from a deal (or a state answered by replay: inspect's "Play from here"). */
  start(game, roles, answer, origin) {
    this.generation += 1;
    this.S = {
      game,
      info: this.setup.info?.name === game ? this.setup.info : null,
      roles,
      state: answer.state,
      toAct: answer.to_act,
      over: answer.over,
      display: null,
      actor: null,
      chosenActor: null,
      origin: { state: answer.state, ...origin }, // where the replay log starts
      actions: [],
      log: [],
      pace: this.setup.pace(),
      declined: -1,
      stepGrant: false,
    };
    api.describe(game).then((info) => (this.S.info = info));
    fill("log-list");
    this.logLine(h("span", {}, `Dealt ${game}: ${roles.length} seats${origin.deal?.seed !== undefined ? `, seed ${origin.deal.seed}` : ""}`,
      api.sealed() ? " · sealed table: the page holds the host's and each seat's credential" : ""));
    this.renderViewAs();
    byId("play-area").hidden = false;
    return this.refresh();
  }

  async adopt(game, roles, answer, origin) {
    await this.builder.setGame(game);
    return this.start(game, roles, answer, origin);
  }

  label(seat) {
    const role = this.S.roles[seat];
    if (!role) return "";
    if (role !== "human") return `CPU ${role}`;
    return this.S.roles.filter((r) => r === "human").length > 1 ? "person" : "you";
  }

  isBot(seat) {
    return this.S.roles[seat] && this.S.roles[seat] !== "human";
  }

  // -- what is drawn -----------------------------------------------------------------------------

  renderViewAs() {
    const select = byId("view-as");
    const humans = this.S.roles.map((r, s) => (r === "human" ? s : null)).filter((s) => s !== null);
    fill(
      select,
      h("option", { value: "auto" }, humans.length === 1 ? `seat ${humans[0]} (yours)` : "the seat acting"),
      h("option", { value: "table" }, api.sealed() ? "every seat (each its own view)" : "the whole table (open state)"),
      this.S.roles.map((_, s) => h("option", { value: String(s) }, `seat ${s}'s view`)),
    );
  }

  /** The seat whose view is drawn, or "table". */
  viewSeat() {
    const choice = byId("view-as").value;
    if (choice === "table") return "table";
    if (choice !== "auto") return Number(choice);
    const humans = this.S.roles.map((r, s) => (r === "human" ? s : null)).filter((s) => s !== null);
    if (humans.length === 1) return humans[0];
    if (humans.length === 0) return "table";
    return this.S.actor ?? humans[0];
  }

  /** POST view for a seat (its own credential on a sealed table). */
  async viewOf(seat) {
    return (await api.post(this.S.game, "view", { state: this.S.state, seat }, seat)).view;
  }

  /** The table as drawn: the open state, a seat's view, or (sealed) every seat's view merged. */
  async display(seat) {
    if (seat !== "table") return this.viewOf(seat);
    if (!api.sealed()) return this.S.state;
    const views = await Promise.all(Array.from({ length: this.S.roles.length }, (_, s) => this.viewOf(s)));
    return { ...views[0], hands: views.map((v, s) => v.hands[s]), viewer: null };
  }

  /** The person's seat that acts now: the seat on turn when it is a person's, else a person's
   * seat that may act out of turn; hot-seat players may pick another seat of `to_act`. */
  pickActor() {
    const S = this.S;
    const humans = S.toAct.filter((s) => !this.isBot(s));
    if (!humans.length || S.over) return null;
    if (humans.includes(S.chosenActor)) return S.chosenActor;
    const { waiting } = whoActs(S.turnSource, S.toAct);
    return humans.includes(waiting) ? waiting : humans[0];
  }

  chooseActor(seat) {
    this.S.chosenActor = seat;
    this.refresh(false);
  }

  /** Fetch what is drawn and the acting seat's listing, then draw everything. `resume` runs
   * the CPU seats afterwards. */
  async refresh(resume = true) {
    const S = this.S;
    const generation = this.generation;
    if (resume) this.setPhase("busy");
    try {
      // Whose turn it is: in the open state itself, or in any view of a sealed envelope.
      S.turnSource = api.sealed() ? null : S.state;
      const seat = this.viewSeat();
      S.display = await this.display(seat);
      if (!S.turnSource) S.turnSource = S.display;
      S.actor = this.pickActor();
      S.actorHand = await this.actorHand();
      if (generation !== this.generation) return;
      S.viewer = seat === "table" ? null : seat;
      if (S.viewer !== S.logViewer) this.renderLog();
      this.drawAll();
      if (S.actor !== null) {
        this.builder.clear(false);
        await this.listing.load(S.game, S.state, S.actor);
        this.builder.judge();
      } else this.listing.reset();
    } catch (error) {
      this.showError(error);
      this.setPhase("error");
      return;
    }
    if (resume) await this.advance();
  }

  async actorHand() {
    const S = this.S;
    if (S.actor === null) return null;
    const hand = S.display.hands?.[S.actor];
    if (Array.isArray(hand)) return hand;
    if (!api.sealed()) return S.state.hands[S.actor];
    return (await this.viewOf(S.actor)).hands[S.actor];
  }

  builderContext() {
    const S = this.S;
    if (!S || S.actor === null) return null;
    return { game: S.game, state: S.state, seat: S.actor, hand: S.actorHand, deck: S.info?.deck, viewer: S.viewer };
  }

  drawAll() {
    const S = this.S;
    const labels = S.roles.map((_, s) => this.label(s));
    renderStatus(byId("status"), { game: S.game, display: S.turnSource, toAct: S.toAct, over: S.over, labels });
    this.drawTable();
    const humans = S.toAct.filter((s) => !this.isBot(s));
    const actAs = byId("act-as");
    fill(actAs, humans.map((s) => h("option", { value: String(s), selected: s === S.actor }, `seat ${s}`)));
    byId("act-as-row").hidden = humans.length < 2;
    this.builder.render();
    this.drawControls();
  }

  drawTable() {
    const S = this.S;
    if (!S?.display) return;
    const labels = S.roles.map((_, s) => this.label(s));
    const pick = S.actor !== null ? { seat: S.actor, selected: this.builder.cards, toggle: (c) => this.builder.toggle(c) } : null;
    renderTable(byId("table"), { game: S.game, display: S.display, toAct: S.toAct, labels, pick, viewer: S.viewer });
  }

  drawControls() {
    const S = this.S;
    if (!S) return;
    const phase = byId("play-area").dataset.phase;
    byId("next-bot").hidden = phase !== "step";
    byId("pause-note").hidden = phase !== "paused";
  }

  // -- moves ---------------------------------------------------------------------------------------

  /** Run `fn` after every apply already queued: two moves never race on one state. */
  exclusive(fn) {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /** A person's move: it supersedes any CPU move in flight, then the CPUs go on. */
  async send(action) {
    if (!this.S || this.S.over) return;
    this.generation += 1;
    fill("errors");
    this.setPhase("busy");
    const ok = await this.exclusive(() => this.apply(action, this.label(action.seat)));
    if (ok) this.S.chosenActor = null;
    await this.refresh();
  }

  /** POST apply with the acting seat's credential (the host's for an action two seats agree on). */
  async apply(action, by) {
    const S = this.S;
    const seat = NEEDS_AGREEMENT.has(action.type) ? null : action.seat;
    try {
      const answer = await api.post(S.game, "apply", { state: S.state, action }, seat);
      S.state = answer.state;
      S.toAct = answer.to_act;
      S.over = answer.over;
      S.actions.push(action);
      this.logStep(S.actions.length, action, answer.verdict, answer.effects, by);
      return true;
    } catch (error) {
      this.showError(error);
      return false;
    }
  }

  async suggest(seat, optional) {
    const S = this.S;
    const body = { state: S.state, seat, level: S.roles[seat] === "human" ? "normal" : S.roles[seat], seed: S.actions.length, optional };
    return api.post(S.game, "suggest", body, seat);
  }

  /** Does a person's seat have something to do out of turn (a claim, an answer)? Then the CPUs
   * wait for it, until it acts or lets the chance go (Go on). */
  personChance(waiting) {
    const S = this.S;
    if (S.actor === null || S.actor === waiting || S.declined === S.actions.length) return false;
    return [...this.listing.types()].some((t) => !NOT_WAITED_FOR.has(t));
  }

  /** What the page waits for, on #play-area[data-phase] (and the number of moves in
   * data-moves): "cpu" while a CPU plays, "person" when a person must act, "paused" for a
   * person's out-of-turn chance, "step" before a CPU move in step pace, "over", "busy". */
  setPhase(phase) {
    const area = byId("play-area");
    area.dataset.phase = phase;
    area.dataset.moves = String(this.S?.actions.length ?? 0);
    this.drawControls();
  }

  /** The CPU seats play until a person must decide or the game ends (one loop at a time). */
  async advance() {
    const generation = this.generation;
    if (!this.S || this.running === generation) return;
    this.running = generation;
    try {
      const phase = await this.cpuMoves(generation);
      if (generation === this.generation) this.setPhase(phase);
    } catch (error) {
      if (generation === this.generation) (this.showError(error), this.setPhase("error"));
    } finally {
      if (this.running === generation) this.running = null;
    }
  }

  async cpuMoves(generation) {
    const S = this.S;
    const stale = () => generation !== this.generation;
    while (!S.over) {
      const { waiting, outOfTurn } = whoActs(S.turnSource, S.toAct);
      const people = S.toAct.filter((s) => !this.isBot(s));
      if (waiting === null && people.length) return "person"; // e.g. a person deals the next round
      this.setPhase("cpu");
      let moved = false;
      // First the CPU seats that may act out of turn (a claim, an answer): each is asked once.
      for (const seat of outOfTurn.filter((s) => this.isBot(s))) {
        const { action } = await this.suggest(seat, waiting !== null);
        if (stale()) return "busy";
        if (action) {
          moved = await this.exclusive(() => !stale() && this.apply(action, this.label(seat)));
          break;
        }
      }
      if (!moved) {
        const bot = waiting ?? S.toAct[0];
        if (bot === undefined) return "none";
        if (!this.isBot(bot)) return "person";
        if (this.personChance(waiting)) return "paused";
        if (S.pace === "step" && !S.stepGrant) return "step";
        S.stepGrant = false;
        if (S.pace !== "step" && Number(S.pace) > 0) await sleep(Number(S.pace));
        if (stale()) return "busy";
        const { action, rationale } = await this.suggest(bot, false);
        if (stale()) return "busy";
        if (!action) return this.logLine(`seat ${bot} (CPU) found nothing to do: ${rationale}`), "stuck";
        moved = await this.exclusive(() => !stale() && this.apply(action, this.label(bot)));
      }
      if (!moved || stale()) return stale() ? "busy" : "error";
      await this.refresh(false);
      if (stale()) return "busy";
    }
    this.drawAll();
    return "over";
  }

  stepBot() {
    if (!this.S) return;
    this.S.stepGrant = true;
    this.advance();
  }

  goOn() {
    this.S.declined = this.S.actions.length;
    this.drawControls();
    this.advance();
  }

  async hint() {
    const S = this.S;
    if (!S || S.actor === null) return;
    try {
      const { action, rationale } = await this.suggest(S.actor, false);
      this.logLine(h("span.hint", {}, `Hint for seat ${S.actor}: ${rationale}`));
      if (action) this.builder.setAction(action);
    } catch (error) {
      this.showError(error);
    }
  }

  // -- the log -----------------------------------------------------------------------------------

  // Entries are kept (S.log) and drawn as the seat shown may see them: another seat's drawn
  // cards are left out of a seat's view, so the log is drawn again when the view changes.

  logStep(n, action, verdict, effects, by) {
    this.S.log.push({ n, action, verdict, effects, by });
    this.drawLogEntry(this.S.log[this.S.log.length - 1]);
  }

  logLine(content) {
    this.S.log.push({ content });
    this.drawLogEntry(this.S.log[this.S.log.length - 1]);
  }

  renderLog() {
    this.S.logViewer = this.S.viewer;
    fill("log-list");
    this.S.log.forEach((entry) => this.drawLogEntry(entry));
  }

  drawLogEntry({ n, action, verdict, effects, by, content }) {
    const list = byId("log-list");
    const game = this.S.game;
    if (content) list.append(h("li", {}, content));
    else {
      const reasons = (verdict?.reasons || []).map((r) => h("li.reason", {}, r.message, " ", ruleLink(game, r.rule_id)));
      list.append(h("li", {}, h("div.step", { dataset: { step: n } },
        h("p", {}, h("span.n", {}, `${n}.`), " ", actionLine(action), by ? h("span.by", {}, ` (${by})`) : null),
        h("ul.reasons", {}, reasons),
        h("ol.effects", {}, effects.map((e) => h("li", {}, effectLine(game, e, this.S.logViewer)))))));
    }
    list.parentElement.scrollTop = list.parentElement.scrollHeight;
  }

  showError(error) {
    if (error instanceof api.Problem) {
      if (this.S) this.logLine(problemList(error));
      fill("errors", problemList(error));
    } else {
      fill("errors", h("p.error", { role: "alert" }, String(error.message || error)));
    }
    console.error(error);
  }

  // -- export --------------------------------------------------------------------------------------

  exportState() {
    if (this.S) download(`${this.S.game}-move-${this.S.actions.length}-state.json`, this.S.state);
  }

  /** The replay log: exactly a body for POST /v1/games/{game}/replay. */
  replayLog() {
    return { state: this.S.origin.state, actions: this.S.actions };
  }

  exportLog() {
    if (this.S) download(`${this.S.game}-replay.json`, this.replayLog());
  }
}
