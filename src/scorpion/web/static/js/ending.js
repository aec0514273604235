// The end of a game: a short celebration of a win; for a game that ends without one (no
// moves left, or given up), whether the deal could have been won from its start, and a
// step-by-step replay of a winning line ("Show me"), drawn with the table's own cards.
//
// The server tells a deal's solution only once the player's game on it is over (it reads
// the hidden cards), so nothing here can spoil a game in progress. The verdict comes
// first, without the line; the line is fetched only when the player asks to see it
// (Show me), since from then on a game of that deal counts as peeked (F10).

import { api } from "./api.js";
import { describeMove, faceUrl } from "./cards.js";
import { reducedMotion } from "./table.js";

const $ = (id) => document.getElementById(id);
const SOLUTION_POLLS = 100; // asks for the solver's verdict at most, 0.7 s apart (70 s)
const CELEBRATION_MS = 1900; // how long the cards cascade at most

/** The parts of the page that the replay makes inert (the table must not be played on). */
const PLAYABLE = [".bar .tools", "#felt", ".foot"];

export class Ending {
  /** @param {import("./app.js").App} app */
  constructor(app) {
    this.app = app;
    this.replaying = false;
    this.pending = null; // a view that arrived during the replay: shown after it
    this.next = null; // the new game that took the place of a given-up one
    this.ended = null; // {deal, variant} of the game that ended
    this.frames = [];
    this.step = 0;
    this.timer = null;
    this.polls = 0;
    this.bind();
  }

  bind() {
    $("end-next").addEventListener("click", () => this.onNext());
    $("end-show").addEventListener("click", () => this.showMe());
    $("end-undo").addEventListener("click", () => {
      $("end-dialog").close("undo");
      this.app.undo();
    });
    $("end-dialog").addEventListener("close", () => {
      // A close event comes later (Chromium fires it with the next frame): by then "End
      // the game" may have opened the dialog again as "Game over", and this event is not
      // the player closing that one.
      if ($("end-dialog").open) return;
      const why = $("end-dialog").returnValue;
      if (why === "show" || why === "undo" || why === "end") return;
      this.goOn();
    });
    $("replay-start").addEventListener("click", () => this.go(0));
    $("replay-back").addEventListener("click", () => this.go(this.step - 1));
    $("replay-forward").addEventListener("click", () => this.go(this.step + 1));
    $("replay-play").addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    $("replay-speed").addEventListener("change", () => {
      if (this.timer) this.play();
    });
    $("replay-close").addEventListener("click", () => this.closeReplay());
    $("replay-bar").addEventListener("keydown", (event) => {
      if (event.target.tagName === "SELECT") return;
      if (event.key === "ArrowLeft") this.go(this.step - 1);
      else if (event.key === "ArrowRight") this.go(this.step + 1);
      else if (event.key === "Escape") this.closeReplay();
      else return;
      event.preventDefault();
    });
  }

  // ---- a win --------------------------------------------------------------------------

  /** Cards cascade from the completed runs for a moment (none with reduced motion). */
  celebrate() {
    if (reducedMotion()) return Promise.resolve();
    const slots = [...document.querySelectorAll("#run-slots .run-slot[data-suit]")];
    if (!slots.length) return Promise.resolve();
    const layer = document.createElement("div");
    layer.className = "celebration";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const deck = this.app.table.deck;
    const runs = [];
    let i = 0;
    for (const slot of slots) {
      const r = slot.getBoundingClientRect();
      const run = slot.dataset.suit; // a suit letter, or a run in alternate colours
      const cards = run.length === 1 ? [..."KQJT98765432A"].map((rank) => rank + run) : run.split(".");
      for (const code of cards) {
        const img = document.createElement("img");
        img.alt = "";
        img.src = faceUrl(code, deck);
        img.style.left = `${r.left}px`;
        img.style.top = `${r.top}px`;
        img.style.width = `${r.width}px`;
        layer.append(img);
        const dx = (Math.random() - 0.5) * vw * 0.9;
        const floor = vh - r.top - r.height;
        const animation = img.animate(
          [
            { transform: "translate(0, 0)" },
            { transform: `translate(${dx * 0.45}px, ${floor}px)`, offset: 0.45 },
            { transform: `translate(${dx * 0.7}px, ${floor * 0.55}px)`, offset: 0.7 },
            { transform: `translate(${dx}px, ${vh}px)` },
          ],
          { duration: 1000, delay: i * 16, easing: "linear", fill: "backwards" },
        );
        runs.push(animation.finished.catch(() => {}));
        i += 1;
      }
    }
    const timeout = new Promise((resolve) => window.setTimeout(resolve, CELEBRATION_MS));
    return Promise.race([Promise.all(runs), timeout]).then(() => layer.remove());
  }

  // ---- a game that ends without a win ----------------------------------------------

  /** No move worth making is left: offer Undo, or ending the game. */
  stuck() {
    const view = this.app.view;
    if (!view || document.querySelector("dialog[open]")) return;
    this.open({
      title: "No moves left",
      reason: "No move that changes anything is left. Undo some moves and try another way, "
        + "or end the game to see whether this deal could have been won, and how.",
      verdict: "",
      stuck: true,
    });
  }

  /** The Give up button: ask first (a game under way), end the game, then tell. */
  async giveUp() {
    const app = this.app;
    if (!app.view || app.view.won) return;
    const sure = await app.confirmLeave(
      "Give up",
      app.leaveWords(". Then you see whether the deal could have been won, and how."),
      "Give up this game?",
    );
    if (sure) await this.end();
  }

  /** End the game on the server (it counts as not won) and say what the solver knows. */
  async end() {
    const app = this.app;
    const view = app.view;
    let answer;
    try {
      answer = await app.queue.then(() => api.giveUp(app.variant, app.view.version));
    } catch (error) {
      await app.failed(error, {});
      return;
    }
    app.clearSelection();
    app.closeHints();
    app.clock.pause(); // the game is over: its time stands still while the dialog is up
    this.next = answer.game;
    this.ended = { deal: answer.deal, variant: answer.variant };
    app.stuckShownFor = app.gameKey(view);
    this.open({
      title: "Game over",
      reason: `You ended deal ${answer.deal} of ${answer.variant.name}; it counts as not won.`,
      verdict: "Could it have been won from its start? The solver is looking…",
      stuck: false,
    });
    this.polls = 0;
    this.askSolution();
  }

  open({ title, reason, verdict, stuck }) {
    $("end-title").textContent = title;
    $("end-reason").textContent = reason;
    $("end-verdict").textContent = verdict;
    $("end-undo").hidden = !stuck;
    $("end-show").hidden = true;
    $("end-show-note").hidden = true;
    $("end-next").textContent = stuck ? "End the game" : "Next deal";
    $("end-next").dataset.stuck = stuck ? "1" : "";
    const dialog = $("end-dialog");
    dialog.returnValue = "";
    if (!dialog.open) dialog.showModal();
    (stuck ? $("end-undo") : $("end-next")).focus();
  }

  async askSolution() {
    const ended = this.ended;
    if (!ended) return;
    let answer;
    try {
      answer = await api.solution(ended.variant.id, ended.deal);
    } catch (error) {
      $("end-verdict").textContent = "The solver's answer cannot be had now.";
      return;
    }
    if (this.ended !== ended) return;
    if (answer.status === "unknown" && this.polls < SOLUTION_POLLS) {
      this.polls += 1;
      window.setTimeout(() => this.askSolution(), 700);
      return;
    }
    this.frames = [];
    $("end-verdict").textContent = answer.status === "winnable" && answer.line_moves !== null
      ? `${answer.message} The solver found a winning line of ${answer.line_moves} moves.`
      : answer.message;
    $("end-verdict").dataset.status = answer.status;
    const show = $("end-show");
    show.hidden = answer.status !== "winnable" || answer.line_moves === null;
    $("end-show-note").hidden = show.hidden;
    // The focus stays where it is: the answer comes a second or two after the dialog
    // opened, and a focus that moved on its own would cut into what a screen reader was
    // reading (the verdict is said through its status line; Show me is a Tab away).
  }

  onNext() {
    const dialog = $("end-dialog");
    if ($("end-next").dataset.stuck) {
      dialog.close("end");
      this.end();
      return;
    }
    dialog.close("next");
  }

  /** Show the new deal that took the place of the game that ended. */
  goOn() {
    const next = this.next;
    this.next = null;
    this.ended = null;
    if (!next) return;
    this.app.show(next, "deal");
    this.app.say(`Deal ${next.deal} of ${next.variant.name}. Good luck!`);
  }

  // ---- Show me: the winning line, step by step -------------------------------------

  async showMe() {
    const ended = this.ended;
    if (!ended) return;
    if (!this.frames.length) {
      let answer;
      try {
        answer = await api.solution(ended.variant.id, ended.deal, true);
      } catch (error) {
        $("end-verdict").textContent = "The winning line cannot be had now.";
        return;
      }
      if (this.ended !== ended) return;
      this.frames = answer.frames;
    }
    if (!this.frames.length) return;
    $("end-dialog").close("show");
    this.replaying = true;
    for (const selector of PLAYABLE) document.querySelector(selector).inert = true;
    document.body.classList.add("replaying");
    $("time").textContent = "–"; // a replay has no playing time
    $("replay-deal").textContent = this.ended ? this.ended.deal : "";
    $("replay-bar").hidden = false;
    $("message").hidden = true;
    // The bar's own line says each step; the counters follow the replay in silence.
    $("counters").setAttribute("aria-live", "off");
    this.step = -1;
    this.go(0, "deal");
    $("replay-play").focus();
  }

  /** Draw frame `i` (clamped) on the table. */
  go(i, mode = "flip") {
    const last = this.frames.length - 1;
    const step = Math.max(0, Math.min(i, last));
    if (step === this.step) {
      if (step === last) this.pause();
      return;
    }
    const frame = this.frames[step];
    const forward = step === this.step + 1;
    this.step = step;
    this.app.table.render({
      rules: this.app.view ? this.app.view.rules : undefined,
      columns: frame.columns,
      cells: frame.cells || [],
      stock: frame.stock,
      runs: frame.runs,
      last: forward && frame.move ? { move: frame.move, revealed: frame.revealed, runs: [] } : null,
    }, { mode });
    $("replay-step").textContent = step === 0
      ? `The first position: ${last} moves to go.`
      : `Move ${step} of ${last}: ${describeMove(frame.move)}.${step === last ? " Won!" : ""}`;
    // The counters follow the replay; the game's own come back when it closes.
    $("moves").textContent = String(step);
    $("runs").textContent = `${frame.runs.length}/4`;
    $("stock-count").textContent = String(frame.stock);
    const focused = document.activeElement;
    $("replay-back").disabled = step === 0;
    $("replay-start").disabled = step === 0;
    $("replay-forward").disabled = step === last;
    // A button that the step disables drops the keyboard focus (to the page's body, out of
    // reach of the bar's keys): Play, never disabled, takes it.
    if (focused && focused.disabled && $("replay-bar").contains(focused)) $("replay-play").focus();
    if (step === last) this.pause();
  }

  play() {
    window.clearInterval(this.timer);
    if (this.step >= this.frames.length - 1) this.go(0);
    const ms = Number($("replay-speed").value) || 800;
    this.timer = window.setInterval(() => this.go(this.step + 1), ms);
    $("replay-play").textContent = "❚❚";
    $("replay-play").setAttribute("aria-label", "Pause");
  }

  pause() {
    window.clearInterval(this.timer);
    this.timer = null;
    $("replay-play").textContent = "▶";
    $("replay-play").setAttribute("aria-label", "Play");
  }

  closeReplay() {
    if (!this.replaying) return;
    this.pause();
    this.replaying = false;
    $("replay-bar").hidden = true;
    for (const selector of PLAYABLE) document.querySelector(selector).inert = false;
    document.body.classList.remove("replaying");
    const pending = this.pending;
    this.pending = null;
    if (pending) this.app.show(pending.view, pending.mode);
    else if (this.app.view) {
      this.app.table.render(this.app.view, { mode: "none" });
      this.app.paintStatus(this.app.view, null);
      this.app.clock.show();
    }
    $("counters").setAttribute("aria-live", "polite"); // the game's own, back in silence
    if (this.next) {
      // Back to what the solver said, to watch again or go on.
      $("end-dialog").returnValue = "";
      $("end-dialog").showModal();
      $("end-next").focus();
    }
  }
}
