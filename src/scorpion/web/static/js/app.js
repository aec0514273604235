// Scorpion patience in the browser: the page sends intentions, the server decides.
//
// Every change goes to the server (docs/web-api.md) and the page draws the view it gets
// back. The page never judges a move: an illegal one comes back as a 409 whose `detail`
// is shown while the cards shake back into place.

import { api, pauseClockOnLeave } from "./api.js";
import { cardName, DECKS, describeMove, parseMove, runWords, suitName, suitSymbol } from "./cards.js";
import { Clock, formatTime } from "./clock.js";
import { attachInput } from "./input.js";
import { Ending } from "./ending.js";
import { reducedMotion, Table } from "./table.js";

const $ = (id) => document.getElementById(id);
const SESSION_KEY = "scorpion.tab-open"; // in sessionStorage: this tab has opened the table
const HEARTBEAT_MS = 20000; // the server stops a clock 60 s after its last heartbeat
const STORE = { variant: "scorpion.variant", deck: "scorpion.deck" };
/** Text that is no deal number at all (no digit 0-9, or letters but a leading "ms"): told
 * before anything else. The server reads the rest, and says what is wrong with "-5" or
 * "5.0" in its own words. */
const NOT_A_NUMBER = (text) => !/[0-9]/.test(text) || /[^\W\d_]/.test(text.replace(/^ms/i, ""));
/** The first digit of another script in `text` (a full-width "１", an Arabic-Indic "٣"),
 * named when the number is refused; null if none. */
const OTHER_DIGIT = (text) => (text.match(/(?![0-9])\p{Nd}/u) || [null])[0];
const HINT_POLLS = 120; // re-asks for refined chances at most, per position

/** Where `box` stands on the screen: its box without the shift of its slide-in. */
function standingRect(box) {
  const shown = box.getBoundingClientRect();
  const shift = new DOMMatrixReadOnly(getComputedStyle(box).transform);
  return {
    left: shown.left - shift.m41, right: shown.right - shift.m41,
    top: shown.top - shift.m42, bottom: shown.bottom - shift.m42, height: shown.height,
  };
}

/** How far up from the bottom of the window the list of hints (`panel`, at the bottom of
 * a narrow screen) reaches, in pixels: from its size and place, not its box, which slides
 * while the list comes in. */
function listReach(panel) {
  return (parseFloat(getComputedStyle(panel).bottom) || 0) + panel.offsetHeight;
}

/** True if `rect` overlaps one of `rects` (screen boxes). */
function hits(rect, rects) {
  return rects.some((r) => r.left < rect.right && r.right > rect.left
    && r.top < rect.bottom && r.bottom > rect.top);
}

function load(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function save(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function variantFromUrl() {
  // Ids are lower case; an address typed in capitals (?variant=How-They-Run) still works.
  return new URLSearchParams(window.location.search).get("variant")?.trim().toLowerCase() || null;
}

/** Is the user typing into `target` (so letters are text, not shortcuts)? */
function isTyping(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") {
    return true;
  }
  const notText = ["checkbox", "radio", "button", "submit", "reset", "range", "color"];
  return target.tagName === "INPUT" && !notText.includes(target.type);
}

const percent = (x) => `${Math.round(x * 100)}%`;
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const DOUBLE_TAP_MS = 450; // a second click or tap on the same card this soon is a double

/** Any text of the server or the page as a sentence: capital first, full stop last. */
export function sentence(text) {
  const t = String(text ?? "").trim();
  if (!t) return t;
  return capitalise(/[.!?…]$/.test(t) ? t : `${t}.`);
}

/** "the 8 of diamonds" (as the server's sentences name cards). */
export function cardWords(code) {
  const words = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
  const rank = words[code[0]] || code[0];
  return `the ${rank} of ${suitName(code[1])}`;
}

/** "chance to win about 34%" (exact: "chance to win 100%"), or null when not known yet. */
function chanceWords(chance, exact) {
  if (!chance) return null;
  // Nothing hidden, but the solver's budget ran out: no chance to give.
  if (exact && chance.undecided) return "chance to win not known";
  return exact ? `chance to win ${percent(chance.chance)}` : `chance to win about ${percent(chance.chance)}`;
}

/** Where a chance comes from, for its tooltip and accessible name. */
function intervalWords(chance, exact) {
  if (exact && chance.undecided) {
    return "nothing is hidden any more, but the solver did not finish within its budget";
  }
  if (exact) return "exact: nothing is hidden any more, so the solver decides it";
  const samples = `${chance.samples} random deals of the hidden cards`;
  const undecided = chance.undecided
    ? `; ${chance.undecided} left undecided, counted as not won`
    : "";
  return `95% interval ${percent(chance.low)} to ${percent(chance.high)}, from ${samples}${undecided}`;
}

/** A move for the eye: "10♥ to column 3", "10♥ to free cell 1", "Deal the stock". */
function shortMove(text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return "Deal the stock";
  const rank = move.card[0] === "T" ? "10" : move.card[0];
  const where = move.cell !== undefined ? `free cell ${move.cell + 1}` : `column ${move.column + 1}`;
  return `${rank}${suitSymbol(move.card[1])} to ${where}`;
}

/** What a view's last move did, in words, for screen readers. */
function narrate(view) {
  const last = view.last;
  if (!last) return "";
  const dealt = (last.dealt || []).map(cardName).join(", ");
  const parts = [last.move === "deal"
    ? `Stock dealt${dealt ? `: ${dealt}` : ""}`
    : `Moved ${describeMove(last.move)}`];
  if (last.move !== "deal" && dealt) parts.push(`dealt ${dealt} from the stock`);
  if (last.revealed.length) parts.push(`turned up ${last.revealed.map(cardName).join(", ")}`);
  for (const run of last.runs) parts.push(`run ${runWords(run)} completed`);
  if (view.won) parts.push("you won");
  return `${parts.join("; ")}.`;
}

/** What an Undo took back, in words for screen readers, from the page's views before and
 * after it: the card that went back and where to, the cards back in the stock, the runs
 * put back. A card turned face down again is counted, not named (it is hidden again). */
function undoneWords(before, after) {
  const places = (view) => {
    const at = new Map();
    view.columns.forEach((column, c) => {
      for (const code of column.cards) at.set(code, `column ${c + 1}`);
    });
    (view.cells || []).forEach((code, k) => {
      if (code) at.set(code, view.rules.cell_kind === "reserve" ? "the reserve" : `free cell ${k + 1}`);
    });
    return at;
  };
  const was = places(before);
  const now = places(after);
  const parts = [];
  const moved = [...now.keys()].find((code) => was.has(code) && was.get(code) !== now.get(code));
  const back = after.stock - before.stock;
  if (moved) parts.push(`${cardName(moved)} back to ${now.get(moved)}`);
  else if (back > 0) parts.push("the stock deal");
  if (back > 0) parts.push(`${back} card${back > 1 ? "s" : ""} back in the stock`);
  const count = (view) => view.columns.reduce((n, column) => n + column.face_down, 0);
  const down = count(after) - count(before);
  if (down > 0) parts.push(`${down} card${down > 1 ? "s" : ""} turned face down again`);
  const runs = before.runs.length - after.runs.length;
  if (runs > 0) parts.push(runs > 1 ? `${runs} runs put back` : "a run put back");
  return `Move taken back${parts.length ? `: ${parts.join("; ")}` : ""}.`;
}

class App {
  constructor() {
    this.table = new Table({
      tableau: $("tableau"),
      stock: $("stock"),
      runSlots: $("run-slots").children,
      bar: document.querySelector(".bar"),
      felt: $("felt"),
      cells: $("cells"),
    });
    this.clock = new Clock($("time"));
    this.variant = variantFromUrl() || load(STORE.variant, "scorpion");
    this.view = null;
    this.variants = null;
    this.selected = null; // {code, col, idx}
    this.startedElsewhere = new Set(); // variants with a game in progress (New game dialog)
    this.typedDeal = false; // a deal number typed since the New game dialog opened
    this.hints = null; // {version, variant, moves, chances, winning, exact, refining, message, next, current, polls}
    this.hintPoll = null;
    this.peeking = false; // the player's setting (the server refuses peeking help while off)
    this.statusKnown = null; // the peeking status line's latest answer
    this.queue = Promise.resolve(); // the actions sent to the server, one after another
    this.keys = Promise.resolve(); // the keys for buttons, taken in order (pressed)
    this.messageTimer = null;
    this.winShownFor = null;
    this.damaged = null; // why the saved game failed its check on loading, if it did
    this.lastTap = null; // {code, time}: the card a click or tap just selected (double-click)
    this.finishLine = null; // the solver's winning line, once nothing is hidden
    this.finishing = false; // Finish is playing the line
    this.finishOffered = null; // the game whose Finish was announced
    this.outlookTimer = null;
    this.outlookFor = null;
    this.stuckShownFor = null;
    this.ending = new Ending(this);

    const deck = load(STORE.deck, DECKS.classic) === DECKS.fourColour ? DECKS.fourColour : DECKS.classic;
    this.table.deck = deck;
    $("four-colour").checked = deck === DECKS.fourColour;

    attachInput(this.table, this);
    this.bindControls();
    this.bindKeys();
    this.bindDialogs();
    // The clock counts only while the page is visible. Hidden: pause it. Back: run it,
    // and show the game as it is now (another tab may have moved).
    document.addEventListener("visibilitychange", () => {
      if (!this.view) return;
      if (document.visibilityState === "visible") {
        // Not behind the "Game over" dialog: the next deal shows when it closes.
        if (!this.ending.ended) {
          const before = this.view;
          this.perform(() => api.game(this.variant)).then((shown) => shown && this.sayReplaced(before));
        }
      } else {
        this.clock.pause();
        if (this.clockCounts()) pauseClockOnLeave(this.variant);
      }
    });
    // Closing the page usually hides it first (handled above); pause here only if not.
    window.addEventListener("pagehide", () => {
      if (document.visibilityState === "visible" && this.clockCounts()) {
        pauseClockOnLeave(this.variant);
      }
    });
    // The heartbeat: while the page is visible the server's clock keeps running.
    window.setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    let resizeFrame = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(resizeFrame);
      resizeFrame = requestAnimationFrame(() => this.table.layout());
    });
  }

  async start() {
    this.table.layout();
    this.loadVariants();
    this.loadSettings();
    // A visit is the first load of the table in this browser tab: with saving off, the
    // server then deals a new game. Reloads and trips to the other pages are not visits.
    const visit = { visit: !sessionStorage.getItem(SESSION_KEY) };
    try {
      sessionStorage.setItem(SESSION_KEY, "1");
    } catch {
      // no session storage: every load is a visit
    }
    let ok = await this.perform(() => api.game(this.variant, visit), { mode: "deal" });
    if (!ok && this.variant !== "scorpion" && !this.view && !this.damaged) {
      // A remembered variant the server does not know (any more): play Scorpion.
      this.variant = "scorpion";
      ok = await this.perform(() => api.game(this.variant, visit), { mode: "deal" });
    }
    if (!this.view) this.paintNoGame();
    if (!ok && this.damaged) {
      // The saved game is damaged: say why, and offer a new game of that variant.
      await this.openNewGame();
      this.newGameError(this.damaged.charAt(0).toUpperCase() + this.damaged.slice(1) + ".");
    }
    this.table.preload();
  }

  /** No game could be loaded: only New game can help, so only it stays enabled. */
  paintNoGame() {
    for (const id of ["btn-deal", "btn-hint", "btn-undo", "btn-redo", "btn-replay", "btn-give-up"]) {
      $(id).disabled = true;
    }
    $("stock").disabled = true;
    $("deal-number").textContent = "–";
  }

  /** Is the server's clock running for the game on the table? Not once it is given up
   * (its "Game over" dialog is up, the next deal not yet shown). */
  clockCounts() {
    return Boolean(this.view && this.view.started && !this.view.won && !this.ending.ended);
  }

  async heartbeat() {
    if (document.visibilityState !== "visible" || !this.clockCounts()) return;
    try {
      this.clock.update(await api.clock(this.variant, true));
    } catch {
      // a missed heartbeat costs nothing; the next move or heartbeat runs the clock
    }
  }

  // ---- talking to the server -----------------------------------------------------------

  /**
   * Run one request after the ones before it, and show its view.
   * @param {() => Promise<object>} request
   * @param {{mode?: string, onRefused?: (detail: string) => unknown,
   *          still?: () => boolean}} options `still`: whether the action still applies
   *   when its turn comes (false: nothing is asked, nothing is said).
   * @returns {Promise<boolean>} true if the server accepted.
   */
  perform(request, options = {}) {
    const task = async () => {
      // Judged as the game stands once the answers before it are in (a second Deal
      // clicked while the first was on its way finds the stock dealt, and asks nothing).
      if (options.still && !options.still()) return false;
      // A refusal still on the screen was about the action before: it goes.
      const box = $("message");
      if (!box.hidden && box.classList.contains("error")) {
        window.clearTimeout(this.messageTimer);
        box.hidden = true;
      }
      try {
        const view = await request();
        this.show(view, options.mode || "flip");
        return true;
      } catch (error) {
        await this.failed(error, options);
        return false;
      }
    };
    const result = this.queue.then(task);
    this.queue = result.catch(() => false);
    return result;
  }

  async failed(error, options) {
    if (error.name !== "ApiError") {
      console.error(error);
      this.say("Something went wrong on this page; reloading may help.", "error");
      return;
    }
    if (error.status === 401 && error.reloading) {
      this.say("Getting a new player identity…");
      return;
    }
    if (error.stale) {
      const before = this.view;
      await this.refresh();
      if (!this.sayReplaced(before)) {
        this.say("This game was changed in another tab or page; showing it as it is now.", "error", 6000);
      }
      return;
    }
    if (options.onRefused) await options.onRefused(sentence(error.detail), error);
    else this.say(sentence(error.detail), "error");
    if (error.status === 409 && /won|finished/i.test(error.detail)) await this.refresh();
    const damaged = error.status === 409 && /^the saved .* game /.test(error.detail);
    this.damaged = damaged ? error.detail : null;
  }

  /** Say so when the game on the table is of another deal than `before`, the game shown
   * before: another tab or page ended it (a new game there, Delete saved games, or saving
   * off, where a second tab deals its own), and the deal shown now is the one it started or
   * the one this tab was dealt in its place. True if it said so. */
  sayReplaced(before) {
    const now = this.view;
    if (!before || !now || before.variant.id !== now.variant.id || before.deal === now.deal) {
      return false;
    }
    this.say(`Another tab or page ended this game; showing deal ${now.deal}.`, "error", 6000);
    return true;
  }

  async refresh() {
    try {
      this.show(await api.game(this.variant), "flip");
    } catch (error) {
      if (error.name === "ApiError" && error.status === 401 && error.reloading) return;
      this.say(sentence(error.detail || String(error)), "error");
    }
  }

  show(view, mode) {
    const prev = this.view;
    const kept = mode === "flip" && prev && prev.deal === view.deal ? this.selected : null;
    if (prev && (prev.version !== view.version || prev.variant.id !== view.variant.id)) {
      this.closeHints(); // the hints were for the position before
      const box = $("message");
      if (box.dataset.hint) {
        // And so was the hint said: it may name a card now covered.
        window.clearTimeout(this.messageTimer);
        box.hidden = true;
        delete box.dataset.hint;
      }
    }
    if (prev && prev.variant.id !== view.variant.id && prev.started && !prev.won) {
      pauseClockOnLeave(prev.variant.id); // the game left waits, its time with it
    }
    this.view = view;
    this.variant = view.variant.id;
    this.selected = null;
    this.followVariant(view.variant);
    if (this.ending.replaying) {
      this.ending.pending = { view, mode };
      return;
    }
    this.table.render(view, { mode });
    if (kept) this.keepSelection(kept);
    this.clock.update(view);
    // A started game whose clock the server paused (the page was hidden or closed):
    // the player is here, so run it again.
    if (this.clockCounts() && !view.clock_running) this.heartbeat();
    this.paintStatus(view, prev);
    if (prev && view.last) this.announce(narrate(view));
    // A message still up keeps off the new exposed cards, once they have landed (a new
    // deal's cards fly in one after another, for longer than a move's).
    const placing = (this.toastPlacing = (this.toastPlacing || 0) + 1);
    const flights = document.getAnimations().filter(
      (a) => !(a instanceof CSSAnimation || a instanceof CSSTransition));
    Promise.all(flights.map((a) => a.finished.catch(() => null))).then(() => {
      if (placing === this.toastPlacing) this.placeToast();
    });
    if (view.won && this.winShownFor !== this.gameKey(view)) {
      this.winShownFor = this.gameKey(view);
      $("message").hidden = true; // the win speaks for itself
      const fresh = prev && !prev.won && prev.deal === view.deal;
      window.setTimeout(async () => {
        if (fresh) await this.ending.celebrate();
        this.showWin();
      }, fresh ? 450 : 150);
    }
    if (!view.won) this.winShownFor = null;
    this.askStatus();
    this.askOutlook();
  }

  /** A card the player selected while the last change was on its way stays selected
   * wherever that change put it, if it is still face up; otherwise say so (never a silent
   * drop). The next column chosen moves it from where it is now. */
  keepSelection(kept) {
    const where = this.table.locateCode(kept.code);
    if (where && this.table.isFaceUp(where.col, where.idx)) {
      this.select(where.col, where.idx);
      return;
    }
    this.say(`${capitalise(cardWords(kept.code))} moved before you chose where to; select it again.`, "info");
  }

  // ---- the outlook: stuck, or the rest can be finished --------------------------------

  /** Ask the server whether the game is stuck, or (nothing hidden) can be finished. */
  async askOutlook(polls = 0) {
    window.clearTimeout(this.outlookTimer);
    const view = this.view;
    this.finishLine = null;
    $("btn-finish").hidden = true;
    if (!view || view.won || this.finishing) return;
    const key = this.gameKey(view);
    let answer;
    try {
      answer = await api.outlook(this.variant, this.view.version);
    } catch {
      return; // nothing offered: the player plays on
    }
    if (!this.view || this.gameKey(this.view) !== key || this.finishing) return;
    if (!answer.moves_left && this.stuckShownFor !== key) {
      this.stuckShownFor = key;
      this.ending.stuck();
    }
    if (answer.finish === "winnable" && answer.line.length) {
      this.finishLine = answer.line;
      $("btn-finish").hidden = false;
      const game = `${view.variant.id}/${view.deal}`;
      if (this.finishOffered !== game) {
        this.finishOffered = game; // said once a game, not after every move
        this.say("Every card is face up and the solver sees the way: press Finish to play it out.", "info", 6000);
      }
    } else if (answer.finish === "unknown" && polls < 30) {
      this.outlookTimer = window.setTimeout(() => this.askOutlook(polls + 1), 700);
    }
  }

  /** Finish: play the solver's winning line, one move at a time, with the animations. */
  async finish() {
    const line = this.finishLine;
    if (!line || this.finishing || !this.view) return;
    this.finishing = true;
    const focused = document.activeElement;
    $("btn-finish").hidden = true;
    this.keepFocus(focused); // Finish pressed from the keyboard: on to the next tool
    this.clearSelection();
    this.closeHints();
    try {
      for (const text of line) {
        const ok = await this.perform(() => api.move(this.variant, text, this.view.version));
        if (!ok || !this.view || this.view.won) break;
        await new Promise((resolve) => window.setTimeout(resolve, reducedMotion() ? 30 : 320));
      }
    } finally {
      this.finishing = false;
    }
    if (this.view && !this.view.won) this.askOutlook();
  }

  /** Is a game under way that leaving would end (started, not won)? */
  inProgress() {
    return Boolean(this.view && this.view.started && !this.view.won);
  }

  /**
   * Ask before a game under way is left (Replay, New game, Give up).
   * @param {string} leave the words of the button that leaves
   * @param {string} text what leaving does
   * @param {string} title the question
   * @param {boolean} always ask even when the game on the table is not under way (the
   *   game left is another variant's)
   * @returns {Promise<boolean>} true if the player chose to leave.
   */
  confirmLeave(leave, text, title = "Leave this game?", always = false) {
    if (!always && !this.inProgress()) return Promise.resolve(true);
    const dialog = $("confirm-dialog");
    $("confirm-title").textContent = title;
    $("confirm-text").textContent = text;
    $("confirm-leave").textContent = leave;
    $("confirm-keep").textContent = always ? "Keep that game" : "Keep playing";
    return new Promise((resolve) => {
      const done = (answer) => {
        dialog.removeEventListener("close", onClose);
        $("confirm-leave").onclick = null;
        $("confirm-keep").onclick = null;
        resolve(answer);
      };
      const onClose = () => done(dialog.returnValue === "leave");
      dialog.addEventListener("close", onClose);
      $("confirm-leave").onclick = () => dialog.close("leave");
      $("confirm-keep").onclick = () => dialog.close("keep");
      dialog.returnValue = "keep";
      dialog.showModal();
      $("confirm-keep").focus();
    });
  }

  /** What leaving the game under way costs, in words: "Your game of deal 5 (12 moves so
   * far) ends and counts as not won" and then `after` (Undo cannot bring it back). */
  leaveWords(after = "; Undo cannot bring it back.") {
    const view = this.view;
    if (!view) return "";
    const moves = `${view.moves} move${view.moves === 1 ? "" : "s"}`;
    // The game in progress when the results were deleted counts nowhere.
    const counts = view.counted === false ? "counts in no statistics" : "counts as not won";
    return `Your game of deal ${view.deal} (${moves} so far) ends and ${counts}${after}`;
  }

  // The solver's verdict reads the hidden cards: peeking, asked only when the player
  // switched peeking on. The server answers at once ("not yet known" while it searches).
  async askStatus() {
    const line = $("solver-status");
    window.clearTimeout(this.statusTimer);
    this.statusKnown = null;
    if (!this.peeking || !this.view) {
      line.hidden = true;
      return;
    }
    const version = this.view.version;
    try {
      const answer = await api.status(this.variant, version);
      if (!this.view || this.view.version !== version || !this.peeking) return;
      this.markPeeked(answer.peeked_reason);
      const words = answer.status === "unknown"
        ? "Peeking: whether this deal can still be won is not yet known."
        : `Peeking: ${answer.message}.`;
      if (line.hidden || line.textContent !== words) this.announce(words); // said when new
      line.textContent = words;
      this.statusKnown = answer.status;
      line.dataset.status = answer.status;
      line.hidden = false;
      if (answer.status === "unknown") {
        this.statusTimer = window.setTimeout(() => this.askStatus(), 1500);
      }
    } catch (error) {
      line.hidden = true;
    }
  }

  /** The address and the Rules link follow the game played: a reload comes back to it
   * (a `?variant=` of another game would bring that one back), and Rules opens its part
   * of the rules page (Scorpion's: the page from its top). */
  followVariant(variant) {
    const url = new URL(window.location.href);
    const asked = url.searchParams.get("variant");
    if (asked !== null && asked !== variant.id) {
      url.searchParams.set("variant", variant.id);
      window.history.replaceState(window.history.state, "", url);
    }
    const rules = $("link-rules");
    // The page is Scorpion's rules, then each other game's part.
    rules.href = variant.id === "scorpion" ? "/rules" : `/rules#${variant.id}`;
    rules.title = `How to play ${variant.name}`;
  }

  gameKey(view) {
    return `${view.variant.id}/${view.deal}/${view.version}`;
  }

  paintStatus(view, prev) {
    const focused = document.activeElement;
    const set = (id, text) => {
      const el = $(id);
      if (el.textContent === text) return;
      el.textContent = text;
      if (prev) {
        el.classList.remove("bump");
        void el.offsetWidth;
        el.classList.add("bump");
      }
    };
    const rules = view.rules;
    set("moves", String(view.moves));
    set("runs", `${view.runs.length}/4`);
    set("stock-count", String(view.stock));
    // Chelicera's runs stay on the table; the games without a stock have none to count.
    $("runs-counter").hidden = !rules.removes_runs;
    $("stock-counter").hidden = !rules.stock_deal && !rules.refill;
    $("deal-number").textContent = view.deal;
    $("won-badge").hidden = !view.won;
    this.showPeeked(view);
    $("variant-name").textContent = view.variant.name;
    document.title = `${view.variant.name} · deal ${view.deal}${view.won ? " · won" : ""}`;
    $("btn-undo").disabled = !view.can_undo;
    $("btn-redo").disabled = !view.can_redo;
    $("btn-deal").disabled = view.stock === 0 || view.won || !rules.stock_deal;
    $("btn-deal").hidden = !rules.stock_deal;
    $("key-deal").hidden = !rules.stock_deal; // the keys legend names the game's keys only
    $("key-cells").hidden = !(view.cells && view.cells.length);
    $("key-cells-words").textContent = view.rules.cell_kind === "reserve"
      ? "reserve: go to it (its cards are played from it, never onto it)"
      : "free cells: place the selection in an empty free cell, or go to them";
    $("stock").disabled = false;
    $("btn-replay").disabled = false;
    $("btn-hint").disabled = view.won;
    $("btn-give-up").disabled = view.won;
    $("btn-deal").title = view.stock
      ? `Deal the stock: one card onto each of columns 1 to ${view.stock} (D)`
      : "The stock has been dealt";
    $("hint-fair").hidden = !rules.advised;
    $("btn-hint").title = rules.advised
      ? "Show the moves with their chances to win, best first; press again for the next one (H)"
      : "Show the moves you can make; press again for the next one (H)";
    // The keys legend names the game's columns: 0 is column 10 only where there is one.
    $("key-columns").innerHTML = view.columns.length > 9
      ? "<kbd>1</kbd>–<kbd>9</kbd>, <kbd>0</kbd> column (<kbd>0</kbd> is column 10): place the selection there, or go to it"
      : `<kbd>1</kbd>–<kbd>${view.columns.length}</kbd> column: place the selection there, or go to it`;
    $("hint-panel-title").textContent = rules.advised ? "Hints, best first" : "Moves you can make";
    $("hint-plain").hidden = rules.advised;
    this.keepFocus(focused);
  }

  /** F9: a control that had the keyboard focus and is now disabled or hidden (Deal once
   * the stock is dealt, Undo once the first move is taken back) hands it on to the nearest
   * control of its bar that can take it (Redo for Undo and back, else the next one first),
   * else to the cards; the next Tab then goes on from there, not from the top of the page. */
  keepFocus(had) {
    if (!had || !had.matches("button, input") || !(had.disabled || had.hidden)) return;
    const tools = [...(had.closest(".tools")?.querySelectorAll("button") || [])];
    const i = tools.indexOf(had);
    const usable = (b) => !b.disabled && !b.hidden;
    const partner = $({ "btn-undo": "btn-redo", "btn-redo": "btn-undo" }[had.id] || "");
    const next = i < 0 ? null : [partner, ...tools.slice(i + 1), ...tools.slice(0, i).reverse()]
      .find((b) => b && usable(b));
    (next || $("tableau")).focus();
  }

  // ---- intentions ------------------------------------------------------------------------

  /** The notation of a move of `code` to place `col`: "7H-5", or "7H-f1" for a free cell. */
  moveText(code, col) {
    const table = this.table;
    return table.isCell(col) ? `${code}-f${col - table.ncols + 1}` : `${code}-${col + 1}`;
  }

  move(code, col, { dragged = false, els = null } = {}) {
    this.clearSelection();
    const text = this.moveText(code, col);
    return this.perform(() => api.move(this.variant, text, this.view.version), {
      onRefused: async (detail) => {
        this.say(detail, "error");
        if (dragged && els) {
          const where = this.table.locateCode(code);
          if (where) await this.table.refuse(code, { dragged: true });
          else await this.table.returnDragged(els);
        } else {
          await this.table.refuse(code);
        }
      },
    });
  }

  dealStock() {
    if (!this.view) return;
    this.clearSelection();
    this.perform(() => api.move(this.variant, "deal", this.view.version), {
      still: () => Boolean(this.view && this.view.stock > 0 && !this.view.won),
      onRefused: (detail) => {
        this.say(detail, "error");
        this.shake($("stock"));
      },
    });
  }

  undo() {
    if (!this.view) return;
    this.clearSelection();
    let before = null; // the view the undo is made on (after the changes queued before it)
    this.perform(() => {
      before = this.view;
      return api.undo(this.variant, this.view.version);
    }, {
      still: () => Boolean(this.view && this.view.can_undo),
    }).then((ok) => {
      if (!ok) return;
      this.announce(before ? undoneWords(before, this.view) : "Move taken back.", { replace: true });
    });
  }

  redo() {
    if (!this.view) return;
    this.clearSelection();
    this.perform(() => api.redo(this.variant, this.view.version), {
      still: () => Boolean(this.view && this.view.can_redo),
    }).then((ok) => {
      // What the move did again (cards turned up, a run removed), as after a move.
      if (ok) this.announce(`Move played again. ${narrate(this.view)}`.trim(), { replace: true });
    });
  }

  async replay() {
    if (!this.view) return;
    this.clearSelection();
    this.closeWin();
    if (!(await this.confirmLeave("Replay from the start", this.leaveWords()))) return;
    this.perform(() => api.restart(this.variant, this.view.version), { mode: "deal" }).then((ok) => {
      if (ok) this.say(`Deal ${this.view.deal} again, from the start.`);
    });
  }

  // ---- hints: every move with its chance to win, from the cards the player can see ------

  async hint() {
    if (!this.view) return;
    this.clearSelection();
    if (!this.hintsFresh() && !(await this.fetchHints())) return;
    const { moves } = this.hints;
    if (!moves.length) {
      this.table.clearHint();
      this.closeHints();
      this.say(sentence(this.hints.message || "no moves left, try Undo or New game"), "info", 6000);
      return;
    }
    this.point(this.hints.next % moves.length, { keys: true });
    this.openHints();
  }

  /** F10: a game with peeking (in it, or on its deal before it began) counts apart; the
   * header says so, and the note why. */
  showPeeked(view) {
    const note = $("peeked-note");
    const reason = view.peeked ? view.peeked_reason || "" : "";
    if (reason && (note.hidden || note.textContent !== reason)) this.announce(reason);
    $("peeked-badge").hidden = !view.peeked;
    note.hidden = !view.peeked;
    note.textContent = view.peeked_reason || "";
  }

  /** Peeking help was just shown (hints or the status, whose answer gives the game's
   * reason): the game on the table is marked from now on, not from its next move. */
  markPeeked(reason) {
    if (!reason || !this.view || this.view.peeked) return;
    this.view.peeked = true;
    this.view.peeked_reason = reason;
    this.showPeeked(this.view);
  }

  hintsFresh() {
    return Boolean(this.view && this.hints && this.hints.version === this.view.version &&
      this.hints.variant === this.variant);
  }

  /** Ask the server for the hints of the game on the table; false if it did not answer. */
  async fetchHints() {
    const version = this.view.version;
    const variant = this.variant;
    let answer;
    try {
      answer = await api.hints(variant, false, version);
    } catch (error) {
      if (error.name === "ApiError" && error.stale) {
        // A move of this page's own that reached the server first (its answer may still
        // be on its way) made these hints' version old: no news, and no other tab.
        await this.queue;
        if (!this.view || this.view.version !== version || this.variant !== variant) return false;
      }
      await this.failed(error, {});
      return false;
    }
    if (!this.view || this.view.version !== version || this.variant !== variant) return false;
    this.markPeeked(answer.peeked_reason);
    const old = this.hintsFresh() ? this.hints : null;
    // The hint shown was the best one, and refined chances put another first: the player
    // asked for the best move, so they are shown the new best (pollHints), not "5 of 6".
    const outranked = Boolean(old && old.current && old.moves[0] === old.current &&
      answer.moves.length && answer.moves[0] !== old.current);
    const current = !outranked && old && answer.moves.includes(old.current) ? old.current : null;
    this.hints = {
      version, variant, moves: answer.moves,
      chances: Object.fromEntries((answer.chances || []).map((c) => [c.move, c])),
      winning: answer.winning || [], exact: answer.exact, refining: answer.refining,
      message: answer.message, current, outranked,
      next: current ? answer.moves.indexOf(current) + 1 : 0,
      polls: old ? old.polls : 0,
    };
    return true;
  }

  /** Show hint number `i`: highlight it on the table, mark it in the list, and say it
   * (unless `quiet`: the highlight and the mark alone); with `keys` (the player asked for
   * it), the keyboard focus, if on the cards, goes to its card. A hint pointed at again
   * by the refined chances leaves the focus where the player has it. */
  point(i, { quiet = false, keys = false } = {}) {
    const text = this.hints.moves[i];
    const move = parseMove(text);
    if (!move) return;
    this.hints.next = i + 1;
    this.hints.current = text;
    this.table.showHint(move);
    // With the keys on the cards (H pressed there), they go to the hinted card: Enter
    // takes it, its column's number puts it there (a screen reader says the card).
    const where = move.deal || !keys ? null : this.table.locateCode(move.card);
    if (where && $("felt").contains(document.activeElement)) this.table.focusAt(where.col, where.idx);
    if (!quiet) {
      this.say(this.hintWords(i), "info", 4500);
      $("message").dataset.hint = text;
      $("message").dataset.said = $("message").textContent;
    }
    this.renderHints();
  }

  /** "Hint 2 of 4: five of hearts to column 3, chance to win about 34%". */
  hintWords(i) {
    const { moves, chances, winning, exact } = this.hints;
    const text = moves[i];
    const chance = chanceWords(chances[text], exact);
    const mark = winning.includes(text) ? " (winning move, peeking)" : "";
    return `Hint ${i + 1} of ${moves.length}: ${describeMove(text)}${chance ? `, ${chance}` : ""}${mark}`;
  }

  openHints() {
    const panel = $("hint-panel");
    const opening = panel.hidden;
    panel.hidden = false;
    document.body.classList.add("hints-open");
    if (opening) this.table.layout();
    this.renderHints(); // which places a message up again, off the cards as they are now
    this.keepFocusInSight();
    this.pollHints();
  }

  /** On a narrow screen the list of hints covers the bottom of the page: scroll the card
   * or place that has the keyboard focus up from under it (as far as the page scrolls). */
  keepFocusInSight() {
    const panel = $("hint-panel");
    const el = document.activeElement;
    if (panel.hidden || document.body.classList.contains("dock-hints")) return;
    if (!el || !$("felt").contains(el)) return;
    const panelTop = window.innerHeight - listReach(panel);
    const r = el.getBoundingClientRect();
    const under = r.top + Math.min(r.height, 48) + 8 - panelTop; // a card's face: its top
    if (under > 0) window.scrollBy({ top: under, behavior: "instant" });
  }

  /** Close the list of hints; the keyboard focus, if it was in the list, goes back to the
   * Hint button (hidden, the list would drop it on the page's body). */
  closeHints() {
    window.clearTimeout(this.hintPoll);
    const panel = $("hint-panel");
    if (panel.hidden) return;
    const focused = panel.contains(document.activeElement);
    panel.hidden = true;
    document.body.classList.remove("hints-open");
    this.table.layout();
    this.placeToast();
    if (focused) $("btn-hint").focus();
  }

  /** While the list is open and the server is refining the chances (or, peeking, still
   * searching for a winning move), ask again. */
  pollHints() {
    window.clearTimeout(this.hintPoll);
    const hints = this.hints;
    if (!hints || $("hint-panel").hidden || hints.polls >= HINT_POLLS) return;
    const searching = this.peeking && !hints.winning.length && this.statusKnown !== "not winnable";
    if (!hints.refining && !searching) return;
    hints.polls += 1;
    this.hintPoll = window.setTimeout(async () => {
      if (!this.hintsFresh() || $("hint-panel").hidden) return;
      if (await this.fetchHints()) {
        if (this.hints.outranked) {
          this.hints.outranked = false;
          const box = $("message");
          // The new best on the table, and said again while the message still shows.
          this.point(0, { quiet: box.hidden || !box.dataset.hint });
        }
        this.renderHints();
        this.pollHints();
      }
    }, hints.polls <= 5 ? 300 : 1000);
  }

  renderHints() {
    const hints = this.hints;
    if (!hints || $("hint-panel").hidden) return;
    const items = hints.moves.map((text) => {
      const chance = hints.chances[text];
      const words = chanceWords(chance, hints.exact);
      const winning = hints.winning.includes(text);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hint-item";
      button.dataset.move = text;
      const what = document.createElement("span");
      what.className = "hint-move";
      what.textContent = shortMove(text);
      const odds = document.createElement("span");
      odds.className = "hint-chance";
      const advised = !this.view || this.view.rules.advised;
      // A game without chances (Scorpion Head): none (the list's note says so once).
      odds.textContent = words || (advised ? "chance to win: working it out…" : "");
      button.append(what, " ", odds); // a space: the parts read as words, not run together
      if (winning) {
        const mark = document.createElement("span");
        mark.className = "hint-winning";
        mark.textContent = "winning move (peeking)";
        button.append(" ", mark);
      }
      const source = chance ? intervalWords(chance, hints.exact) : "";
      button.title = chance ? capitalise(source)
        : advised ? "The chance to win is being worked out" : "In this game the hints give no chances to win";
      // The accessible name starts with the text shown (WCAG 2.5.3), then says it in words.
      const shown = [what.textContent, odds.textContent, winning ? "winning move (peeking)" : ""];
      const name = [shown.filter(Boolean).join(" "), capitalise(describeMove(text))];
      if (source) name.push(source);
      if (winning) name.push("winning move, found by peeking at the hidden cards");
      button.setAttribute("aria-label", name.join("; "));
      if (text === hints.current) button.setAttribute("aria-current", "true");
      const li = document.createElement("li");
      li.append(button);
      return li;
    });
    const list = $("hint-list");
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    list.replaceChildren(...items);
    if (focused) list.querySelector(`[data-move="${focused}"]`)?.focus();
    const known = Object.keys(hints.chances).length > 0;
    $("hint-refining").textContent = !hints.refining ? ""
      : known ? "Refining the chances with more deals…" : "Working out the chances…";
    $("hint-peek-note").hidden = !this.peeking;
    // A hint message still showing follows the refined chances; once they are final, its
    // words are said again if they differ from those said (not at each step between).
    const box = $("message");
    const i = hints.moves.indexOf(hints.current);
    if (!box.hidden && box.dataset.hint && box.dataset.hint === hints.current && i >= 0) {
      const words = this.hintWords(i);
      if (box.textContent !== words) box.textContent = words;
      if (!hints.refining && box.dataset.said !== words) {
        box.dataset.said = words;
        this.announce(words);
      }
    }
    // On a narrow screen the list covers the bottom: messages go above it, and the page
    // may scroll so that no card stays hidden under it.
    document.body.style.setProperty("--hints-h", `${$("hint-panel").offsetHeight}px`);
    this.placeToast();
  }

  // ---- settings shown at the table ----------------------------------------------------

  async loadSettings() {
    const box = $("peeking");
    try {
      const settings = await api.settings();
      this.peeking = settings.peeking;
    } catch {
      this.peeking = false; // without the settings, no peeking
    }
    box.checked = this.peeking;
    box.disabled = false;
    this.askStatus();
  }

  async setPeeking(box) {
    const on = box.checked;
    const focused = document.activeElement === box;
    box.disabled = true; // while the setting is stored
    try {
      const settings = await api.saveSettings({ peeking: on });
      this.peeking = settings.peeking;
      this.say(settings.peeking
        ? "Peeking is on: hints may use the hidden cards, and games you peek at count apart in your statistics."
        : "Peeking is off: hints use only the cards you can see.");
    } catch (error) {
      await this.failed(error, {});
    } finally {
      box.checked = this.peeking;
      box.disabled = false;
      if (focused) box.focus(); // disabling it took the keyboard focus away
    }
    this.askStatus();
    if (!$("hint-panel").hidden && this.view) {
      this.hints = null;
      if (await this.fetchHints()) this.openHints();
    }
  }

  // ---- selection (called by the input code) ------------------------------------------

  select(col, idx) {
    const el = this.table.columnCards[col][idx];
    this.selected = { code: el.dataset.code, col, idx };
    this.table.clearHint();
    this.table.setSelection({ col, idx });
  }

  /** Tell screen readers what the selection holds: its card and the cards on it (they
   * move with it). */
  announcePicked() {
    const { col, idx } = this.selected;
    const names = this.table.group(col, idx).map((el) => cardName(el.dataset.code));
    const on = names.length > 1 ? `, with ${names.slice(1).join(", ")} on it` : "";
    this.announce(`Picked up ${names[0]}${on}.`);
  }

  clearSelection() {
    this.selected = null;
    this.table.setSelection(null);
  }

  deselect() {
    this.clearSelection();
  }

  /** A click, tap, Enter or Space on a card (idx) or on an empty column's slot (idx -1). */
  activate(col, idx, { pointer = false } = {}) {
    if (!this.view || this.finishing) return;
    const faceUp = idx >= 0 && this.table.isFaceUp(col, idx);
    const code = faceUp ? this.table.columnCards[col][idx].dataset.code : null;
    const last = this.lastTap;
    this.lastTap = null;
    if (pointer && code && last && last.code === code && performance.now() - last.time < DOUBLE_TAP_MS) {
      this.autoMove(code);
      return;
    }
    const sel = this.selected;
    if (sel) {
      if (sel.col === col) {
        if (faceUp && idx !== sel.idx) {
          this.select(col, idx);
          this.announcePicked();
        } else {
          this.clearSelection();
          this.announce("Put down.");
        }
        return;
      }
      this.move(sel.code, col);
      return;
    }
    if (faceUp) {
      this.select(col, idx);
      this.announcePicked();
      if (pointer) this.lastTap = { code, time: performance.now() };
    } else if (idx >= 0) {
      this.say("That card is face down; it turns over when the cards on it move away.");
    } else {
      this.say(this.table.isCell(col)
        ? "Select a card first, then the place to move it to."
        : "Select a card first, then the column to move it to.");
    }
  }

  /** A double-click or double-tap on a card: move it to its only destination, or to the
   * first one the fair hints name when there are several (the player's view alone, even
   * with peeking on: a quick move never peeks); the usual refusal when none. */
  autoMove(code) {
    this.clearSelection();
    const after = this.queue.then(async () => {
      let answer;
      try {
        answer = await api.destinations(this.variant, code, this.view.version);
      } catch (error) {
        await this.failed(error, {});
        return;
      }
      if (!answer.moves.length) {
        this.say(sentence(answer.message || "That card cannot move now"), "error");
        this.table.refuse(code);
        return;
      }
      let chosen = answer.moves[0];
      if (answer.moves.length > 1) {
        try {
          const hints = await api.hints(this.variant, true, this.view.version);
          chosen = hints.moves.find((m) => answer.moves.includes(m)) || chosen;
        } catch {
          // without the hints, the first destination
        }
      }
      const parsed = parseMove(chosen);
      if (parsed && !parsed.deal) this.move(code, this.table.placeOf(parsed));
    });
    this.queue = after.catch(() => false);
  }

  /** A click on a column's empty felt below its cards. */
  activateColumn(col) {
    if (this.selected && this.selected.col !== col) this.move(this.selected.code, col);
    else this.clearSelection();
  }

  startDragging(col, idx) {
    if (!this.view || !this.table.isFaceUp(col, idx)) return false;
    this.select(col, idx);
    return true;
  }

  drop(code, col, els) {
    // The drag is over: the next drawing animates the cards from where they were let go
    // (or a refusal sends them back from there), and no card keeps the drag's offset.
    this.table.endDrag();
    this.move(code, col, { dragged: true, els });
  }

  cancelDrag(els) {
    this.table.returnDragged(els);
    this.clearSelection();
  }

  // ---- messages -----------------------------------------------------------------------

  say(text, kind = "plain", ms = 4200) {
    const box = $("message");
    window.clearTimeout(this.messageTimer);
    box.hidden = false;
    box.className = `toast ${kind}`;
    box.textContent = text;
    delete box.dataset.hint;
    delete box.dataset.said;
    this.placeToast();
    this.messageTimer = window.setTimeout(() => {
      box.hidden = true;
    }, ms);
    this.announce(text);
  }

  /** Keep the message above the footer's controls, the replay bar and, on a narrow
   * screen, the list of hints (which then covers the bottom); and off the cards the player
   * reads there: the exposed cards, and the hint's own cards and the place it names (an
   * empty column or free cell too). When it would cover one at the bottom, it goes under
   * the header, or else to the lowest height between where it covers none; failing that,
   * the lowest where it leaves the hint's cards and place clear. */
  placeToast() {
    const box = $("message");
    if (box.hidden) return;
    const vh = window.innerHeight;
    let bottom = 16;
    for (const el of [document.querySelector(".foot"), $("replay-bar")]) {
      if (!el || el.hidden) continue;
      const top = el.getBoundingClientRect().top;
      if (top < vh) bottom = Math.max(bottom, vh - top + 8);
    }
    const panel = $("hint-panel");
    const clear = this.keepClear();
    box.style.left = box.style.right = box.style.maxWidth = "";
    if (!panel.hidden && document.body.classList.contains("dock-hints")) {
      // The list docks at the right: the message goes under it, off the cards, when it
      // fits there above the footer. Its place, not its box: the box slides in.
      const left = panel.offsetLeft;
      const right = left + panel.offsetWidth;
      box.style.left = `${left}px`;
      box.style.right = `${Math.max(0, window.innerWidth - right)}px`;
      box.style.maxWidth = `${panel.offsetWidth}px`;
      box.style.bottom = "auto";
      box.style.top = `${panel.offsetTop + panel.offsetHeight + 8}px`;
      const at = standingRect(box);
      if (at.bottom <= vh - bottom && !hits(at, clear.all)) return;
      // Else over the table, left of the list (it lay on the list's last entries).
      box.style.left = "";
      box.style.right = `${Math.max(0, window.innerWidth - left + 8)}px`;
      box.style.maxWidth = `${Math.max(0, left - 24)}px`;
    }
    if (!panel.hidden && !document.body.classList.contains("dock-hints")) {
      bottom = Math.max(bottom, listReach(panel) + 8);
    }
    box.style.top = "";
    box.style.bottom = `${Math.round(bottom)}px`;
    const at = standingRect(box);
    if (!hits(at, clear.all)) return;
    // The heights to try, in the order of preference: the header's, then from the bottom
    // up, just above or just below each card in the way.
    const bar = document.querySelector(".bar");
    const high = Math.round(Math.max(bar ? bar.getBoundingClientRect().bottom : 0, 0) + 8);
    const between = clear.all.flatMap((r) => [r.top - 8 - at.height, r.bottom + 8])
      .filter((t) => t > high && t < at.top).sort((a, b) => b - a);
    const heights = [high, ...between];
    const moved = (top) => ({ ...at, top, bottom: top + at.height });
    const top = heights.find((t) => !hits(moved(t), clear.all))
      ?? [at.top, ...heights].find((t) => !hits(moved(t), clear.hinted));
    if (top === undefined || top === at.top) return;
    box.style.bottom = "auto";
    box.style.top = `${Math.round(top)}px`;
  }

  /** The boxes that a message keeps clear of: `all`, the top card of every column and
   * cell and the `hinted` ones; `hinted`, the cards of the hint shown (or the stock) and
   * the place it names (its top card, or its empty slot). */
  keepClear() {
    const exposed = this.table.columnCards.map((cards) => cards[cards.length - 1])
      .filter(Boolean).map((el) => el.getBoundingClientRect());
    const hinted = [...document.querySelectorAll(".hint")].map((el) => el.getBoundingClientRect());
    const place = document.querySelector(".hint-target");
    if (place) {
      const cards = place.querySelectorAll(".card");
      const el = cards.length ? cards[cards.length - 1] : place.querySelector(".slot");
      if (el) hinted.push(el.getBoundingClientRect());
    }
    return { all: [...exposed, ...hinted], hinted };
  }

  /** Say ``text`` to a screen reader, through the live region that is always on the page.
   * What is said together (a move and the message it brings) is said as one, in order,
   * unless ``replace`` says that ``text`` stands for what came before it (Undo's and
   * Redo's words for the view's); the region is emptied first, so the same words said
   * again are read again. */
  announce(text, { replace = false } = {}) {
    const box = $("announce");
    if (this.spoken) {
      if (replace) this.spoken.length = 0;
      this.spoken.push(text);
      return;
    }
    this.spoken = [text];
    box.textContent = "";
    window.setTimeout(() => {
      box.textContent = this.spoken.join(" ");
      this.spoken = null;
    }, 50);
  }

  shake(el) {
    el.classList.remove("shake");
    void el.offsetWidth;
    el.classList.add("shake");
    window.setTimeout(() => el.classList.remove("shake"), 450);
  }

  // ---- controls -----------------------------------------------------------------------

  bindControls() {
    // "Skip to the cards" focuses the cards, scrolling only if their top is out of sight:
    // the anchor's own jump put the tableau at the top, the counters and tools out of sight.
    document.querySelector(".skip-link").addEventListener("click", (event) => {
      event.preventDefault();
      const tableau = $("tableau");
      tableau.focus({ preventScroll: true });
      const top = tableau.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight - 60) tableau.scrollIntoView({ block: "start" });
    });
    // F9: a dialog closed hands the keyboard focus back to what had it (the browser does);
    // when that was nothing (the dialog opened by a key) or is gone, to the cards, so that
    // the keys and Tab go on from the table, not from the top of the page.
    for (const dialog of document.querySelectorAll("dialog")) {
      dialog.addEventListener("close", () => window.setTimeout(() => {
        // Lost: on the body, or still on a control of the closed dialog (with no focus to
        // restore, Chrome leaves it there until its next rendering, then drops it).
        const active = document.activeElement;
        const lost = !active || active === document.body || Boolean(active.closest("dialog:not([open])"));
        if (lost && !document.querySelector("dialog[open]")) {
          $("tableau").focus({ preventScroll: true });
        }
      }));
    }
    $("btn-deal").addEventListener("click", () => this.dealStock());
    $("stock").addEventListener("click", () => this.dealStock());
    $("btn-hint").addEventListener("click", () => this.hint());
    $("btn-undo").addEventListener("click", () => this.undo());
    $("btn-redo").addEventListener("click", () => this.redo());
    $("btn-replay").addEventListener("click", () => this.replay());
    $("btn-new").addEventListener("click", () => this.openNewGame());
    $("btn-finish").addEventListener("click", () => this.finish());
    $("btn-give-up").addEventListener("click", () => this.ending.giveUp());
    window.addEventListener("scroll", () => this.placeToast(), { passive: true });
    $("felt").addEventListener("focusin", () => this.keepFocusInSight());
    $("peeking").addEventListener("change", (event) => this.setPeeking(event.target));
    $("hint-close").addEventListener("click", () => {
      this.closeHints();
      this.table.clearHint();
      $("btn-hint").focus();
    });
    $("hint-list").addEventListener("click", (event) => {
      const item = event.target.closest(".hint-item");
      if (!item || !this.hintsFresh()) return;
      const i = this.hints.moves.indexOf(item.dataset.move);
      if (i >= 0) this.point(i);
    });
    $("four-colour").addEventListener("change", (event) => {
      const deck = event.target.checked ? DECKS.fourColour : DECKS.classic;
      save(STORE.deck, deck);
      this.table.setDeck(deck);
      this.table.preload();
    });
  }

  bindKeys() {
    // A narrow screen hides the keys' legend; a keyboard in use brings it back (F9).
    document.addEventListener("keydown", () => document.body.classList.add("keys-used"),
      { once: true });
    document.addEventListener("keydown", (event) => {
      if (this.keysAside() || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (event.altKey) return;
        if (key === "z" && !event.shiftKey) this.pressed("btn-undo");
        else if ((key === "z" && event.shiftKey) || key === "y") this.pressed("btn-redo");
        else return;
        event.preventDefault();
        return;
      }
      if (event.altKey) return;
      if (event.repeat && key !== "h") return;
      switch (key) {
        case "u": this.pressed("btn-undo"); break;
        case "r": this.pressed("btn-redo"); break;
        case "h": this.pressed("btn-hint"); break;
        case "d":
          // A game without a stock says so (its Deal button is not there to press).
          if (this.view && !this.view.rules.stock_deal) this.say("This game has no stock to deal.");
          else this.pressed("btn-deal");
          break;
        case "n": this.openNewGame(); break;
        case "f": if (!$("btn-finish").hidden) this.finish(); break;
        case "escape":
          this.lastTap = null;
          this.clearSelection();
          this.table.clearHint();
          this.closeHints();
          break;
        case "c": this.toCells(); break;
        default:
          if (/^[0-9]$/.test(key)) {
            const col = key === "0" ? 9 : Number(key) - 1;
            if (col >= this.table.ncols) return;
            if (this.selected) {
              if (this.selected.col !== col) this.move(this.selected.code, col);
            } else {
              this.table.focusAt(col, this.table.items(col).length - 1);
            }
            break;
          }
          return;
      }
      event.preventDefault();
    });
  }

  /** The C key: with a card selected, move it to the first empty free cell (in a reserve
   * the server says why not); without, go to the cells. A card already in a cell stays
   * (moving it to another cell would change nothing), and with every free cell taken
   * there is nowhere to send it: both are said, and no move is asked for. */
  toCells() {
    const table = this.table;
    if (!table.ncells || !this.view) {
      this.say("This game has no free cells or reserve.");
      return;
    }
    if (this.selected) {
      const cells = this.view.cells || [];
      const reserve = table.cellWord() === "Reserve";
      if (cells.includes(this.selected.code)) {
        this.say(`That card is already in ${reserve ? "the reserve" : "a free cell"}.`);
        return;
      }
      const empty = cells.indexOf(null);
      if (empty < 0 && !reserve) {
        this.say("No free cell is empty.");
        return;
      }
      this.move(this.selected.code, table.ncols + Math.max(0, empty));
      return;
    }
    table.focusAt(table.ncols, 0);
  }

  /** A keyboard shortcut does what its button does, and nothing while it is disabled:
   * the key for button `id`, pressed as the button stands once every answer on its way
   * is in: keys are taken in order (U then R at once plays again the move just taken
   * back; D pressed twice deals once, the second press finding the stock dealt). */
  pressed(id) {
    this.keys = this.keys.then(() => this.queue).then(() => {
      const button = $(id);
      if (!this.keysAside() && !button.disabled && !button.hidden) button.click();
    });
  }

  /** Are the table's keys set aside (a dialog open, or the replay of a winning line)? */
  keysAside() {
    return Boolean(document.querySelector("dialog[open]") || this.ending.replaying);
  }

  // ---- dialogs ------------------------------------------------------------------------

  async loadVariants() {
    if (this.variants) return this.variants;
    try {
      this.variants = await api.variants();
    } catch (error) {
      if (!(error.status === 401 && error.reloading)) this.variants = null;
      return null;
    }
    const select = $("variant-select");
    select.replaceChildren(...this.variants.map((v) => new Option(v.name, v.id)));
    select.value = this.variant;
    return this.variants;
  }

  bindDialogs() {
    const dialog = $("new-game-dialog");
    const input = $("deal-input");
    input.addEventListener("input", () => {
      $("deal-kind-number").checked = true;
      this.typedDeal = true;
      this.newGameError("");
    });
    input.addEventListener("focus", () => {
      $("deal-kind-number").checked = true;
    });
    $("new-game-cancel").addEventListener("click", () => dialog.close("cancel"));
    $("variant-select").addEventListener("change", () => this.offerResume());
    $("new-game-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const kind = new FormData(event.target).get("deal-kind");
      const deal = kind === "number" ? input.value.trim() : null;
      if (kind === "number" && !deal) {
        this.newGameError("Type a deal number, or choose a random deal.", { number: true });
        input.focus();
        return;
      }
      // Text that is no number at all, or holds a digit of another script, is told before
      // asking to leave the game under way (the server still reads the number, and tells
      // what else is wrong with it).
      const other = kind === "number" ? OTHER_DIGIT(deal) : null;
      if (kind === "number" && (NOT_A_NUMBER(deal) || other)) {
        const why = other ? `"${other}" is not one of the digits 0-9; ` : "";
        this.newGameError(`"${deal.length > 24 ? `${deal.slice(0, 24)}…` : deal}" is not a deal number: ` +
          `${why}type digits, like 617 (or ms and digits for Microsoft's deal of that number).`,
        { number: true });
        input.focus();
        return;
      }
      const variant = $("variant-select").value || this.variant;
      const name = this.variantName(variant);
      if (kind === "resume") {
        // The game in progress of that variant, as it was left (the server keeps it).
        try {
          const view = await api.game(variant);
          dialog.close("start");
          this.show(view, "deal");
          save(STORE.variant, this.variant);
          // Offered for a game started; one not started is a new deal: the game was ended
          // meanwhile (in another tab or page), and the table's load dealt this one.
          if (view.started) this.say(`Your ${name} game, deal ${view.deal}, where you left it.`);
          else this.say(`Your ${name} game was ended in another tab or page; this is a new deal, ${view.deal}.`, "error", 6000);
        } catch (failure) {
          if (failure.name === "ApiError" && failure.status === 401 && failure.reloading) return;
          this.newGameError(sentence(failure.detail || String(failure)));
        }
        return;
      }
      const leaving = variant === this.variant
        ? await this.confirmLeave("Start the new game", this.leaveWords())
        : !this.startedElsewhere.has(variant) || await this.confirmLeave(
          "Start the new game",
          `Your ${name} game in progress ends and counts as not won; Undo cannot bring it back.`,
          `Leave your ${name} game?`, true,
        );
      if (!leaving) {
        dialog.close("cancel");
        return;
      }
      const start = $("new-game-start");
      start.disabled = true;
      try {
        await this.queue; // a move of this tab still on its way changes the version first
        // The version of the game shown (none for another game, or a damaged one, which
        // is replaced whatever it says).
        const seen = variant === this.variant && this.view && !this.damaged ? this.view.version : null;
        const view = await api.newGame(variant, deal, kind === "winnable", seen);
        dialog.close("start");
        this.show(view, "deal");
        save(STORE.variant, this.variant);
        this.say(`Deal ${view.deal} of ${view.variant.name}. Good luck!`);
      } catch (failure) {
        if (failure.name === "ApiError" && failure.status === 401 && failure.reloading) return;
        if (failure.name === "ApiError" && failure.stale) {
          // Another tab moved this game on: show it as it is, and let the player choose again.
          dialog.close("cancel");
          await this.failed(failure, {});
          return;
        }
        // A deal number the server refuses (400) is the field's error.
        this.newGameError(sentence(failure.detail || String(failure)),
          { number: kind === "number" && failure.status === 400 });
        input.focus();
      } finally {
        start.disabled = false;
      }
    });

    $("win-replay").addEventListener("click", () => this.replay());
    $("win-new").addEventListener("click", () => {
      this.closeWin();
      this.openNewGame();
    });
    $("win-close").addEventListener("click", () => this.closeWin());
  }

  /** Say what is wrong in the New game dialog ("" clears it): the error is always on the
   * page (an alert shown from hidden with its words is not reliably read), and with
   * ``number`` it is the deal number field's (``aria-invalid``, which ``aria-describedby``
   * ties to it). */
  newGameError(text, { number = false } = {}) {
    $("new-game-error").textContent = text;
    const input = $("deal-input");
    if (number && text) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  async openNewGame() {
    const dialog = $("new-game-dialog");
    if (dialog.open) return;
    this.closeWin();
    this.newGameError("");
    await this.loadVariants();
    $("variant-select").value = this.variant;
    this.typedDeal = false;
    // The other games under way (the server keeps one per variant): offered to resume.
    try {
      const stats = await api.statistics();
      this.startedElsewhere = new Set(stats.filter((s) => s.in_progress).map((s) => s.variant.id));
    } catch {
      this.startedElsewhere = new Set();
    }
    this.offerResume();
    dialog.showModal();
    const chosen = dialog.querySelector("input[name='deal-kind']:checked");
    (chosen && chosen.value === "number" ? $("deal-input") : chosen)?.focus();
  }

  /** The New game dialog offers "Resume" when the variant chosen is not the one on the
   * table and has a game in progress. */
  offerResume() {
    const variant = $("variant-select").value || this.variant;
    const offer = variant !== this.variant && this.startedElsewhere.has(variant);
    $("resume-choice").hidden = !offer;
    $("resume-words").textContent = `Resume your ${this.variantName(variant)} game in progress`;
    const resume = $("deal-kind-resume");
    // Chosen at first, unless a number was typed since the dialog opened.
    if (offer && !resume.checked && !this.typedDeal) resume.checked = true;
    if (!offer && resume.checked) $("deal-kind-random").checked = true;
  }

  /** The name of variant `id` ("How They Run"), or the id itself if unknown. */
  variantName(id) {
    const found = (this.variants || []).find((v) => v.id === id);
    return found ? found.name : id;
  }

  showWin() {
    const view = this.view;
    if (!view || !view.won) return;
    $("win-time").textContent = formatTime(view.elapsed_ms);
    $("win-moves").textContent = String(view.moves);
    $("win-summary").textContent = view.rules.removes_runs
      ? `All four runs of deal ${view.deal} (${view.variant.name}) are home.`
      : `Every column of deal ${view.deal} (${view.variant.name}) is one run.`;
    $("win-peeked").hidden = !view.peeked;
    // Read with the title: the deal, the time and moves, and the peeking note if shown (a
    // hidden element named in aria-describedby would be read all the same).
    $("win-dialog").setAttribute("aria-describedby",
      view.peeked ? "win-summary win-peeked win-stats" : "win-summary win-stats");
    const dialog = $("win-dialog");
    if (!dialog.open && !$("new-game-dialog").open) {
      dialog.showModal();
      $("win-new").focus();
    }
  }

  closeWin() {
    const dialog = $("win-dialog");
    if (dialog.open) dialog.close();
  }
}

const app = new App();
window.scorpion = app; // for the curious, and for debugging in the console
app.start();

