// The table: the fanned columns (seven, or ten), the stock, the reserve or free cells
// and the four run slots.
//
// Drawing only: the table shows the view the server sent, animates the change from the
// previous view (FLIP: First, Last, Invert, Play) and offers geometry to the input code.
// Every card element is kept by key ("7H" for a face-up card, "down-2-1" for the second
// face-down card of column 3), so a card that moves is the same element before and after.
//
// A "place" is a column (0 .. columns - 1) or a reserve place / free cell (columns + k):
// the input code selects from and moves to places alike.

import { cardName, DECKS, faceUrl, runKing, runWords, runHolds } from "./cards.js";

const COLUMNS = 7; // Scorpion's, until a view says otherwise
const ASPECT = 336 / 240; // the card pictures' height / width
const EASE = "cubic-bezier(0.2, 0.75, 0.3, 1)";

// Fan offsets, as fractions of the card height. A face-up card shows its rank (top left)
// and its suit (top right) above the next card; long columns squeeze down to MIN_UP.
const DOWN = 0.09;
const MIN_DOWN = 0.05;
const UP = 0.255;
const UP_ROOMY = 0.34; // narrow screens have height to spare: wider fans, bigger tap targets
const MIN_UP = 0.2;
const FIT_UP = 0.21;
const HINTS_DOCK = 300; // px kept free at the right of a wide screen while the hints are open
// Narrow screens: a face-up card shows at least this much of itself (px) above the next
// one while the longest column still fits the screen, so that a finger can take it.
const MIN_STRIP = 30;
const ROOMY_UP = 0.55; // ... and at most this much of its height

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The transform (origin top left) that puts a box at `at` onto the box `onto`. */
function flight(at, onto) {
  const scale = onto.width / at.width;
  const move = `translate(${onto.left - at.left}px, ${onto.top - at.top}px)`;
  return Math.abs(scale - 1) < 0.02 ? move : `${move} scale(${scale})`;
}

function finished(animation, then) {
  animation.finished.then(then, then);
}

export class Table {
  /**
   * @param {{tableau: HTMLElement, stock: HTMLElement, runSlots: HTMLElement[],
   *          bar: HTMLElement, felt: HTMLElement, cells: HTMLElement}} parts
   */
  constructor(parts) {
    this.tableau = parts.tableau;
    this.stock = parts.stock;
    this.runSlots = [...parts.runSlots];
    this.bar = parts.bar;
    this.felt = parts.felt;
    this.cellsArea = parts.cells;
    this.deck = DECKS.classic;
    /** @type {Map<string, HTMLElement>} live card elements by key */
    this.cards = new Map();
    /** @type {HTMLElement[]} the places' elements: the columns, then the cells */
    this.columnEls = [];
    /** @type {HTMLElement[][]} card elements of each place, bottom to top */
    this.columnCards = [];
    this.ncols = 0; // columns of the game on the table
    this.ncells = 0; // its reserve places or free cells
    this.rules = null; // the view's rules: what to draw (never a rule decided here)
    this.view = null;
    this.metrics = null;
    this.focus = { col: 0, idx: 99 }; // the top card of column 1 (clamped)
    this.selection = null;
    this.hintTimer = null;
    this.dragGroup = null; // the cards being dragged, kept through a render
    this.runsTimer = null;
    this.build(COLUMNS, 0, "");
  }

  /** How many places there are: the columns, then the reserve places or free cells. */
  get places() {
    return this.ncols + this.ncells;
  }

  /** Is place `p` a reserve place or a free cell (not a column)? */
  isCell(p) {
    return p >= this.ncols;
  }

  /** "Reserve" or "Free cell" (the kind of the game's cells). */
  cellWord() {
    return this.rules && this.rules.cell_kind === "reserve" ? "Reserve" : "Free cell";
  }

  /** The name of place `p`: "column 3", "free cell 1", "reserve 2". */
  placeName(p) {
    if (!this.isCell(p)) return `column ${p + 1}`;
    return `${this.cellWord().toLowerCase()} ${p - this.ncols + 1}`;
  }

  /** Make the columns and the cells of a game of `ncols` columns and `ncells` cells. */
  build(ncols, ncells, kind) {
    for (const el of this.columnEls) el.remove();
    for (const el of this.cards.values()) el.remove();
    this.cards.clear();
    this.columnEls = [];
    this.ncols = ncols;
    this.ncells = ncells;
    this.cellKind = kind;
    const make = (p, cell) => {
      const place = document.createElement("div");
      place.className = cell ? "column cell empty" : "column empty";
      place.dataset.col = String(p);
      place.setAttribute("role", "group");
      const slot = document.createElement("div");
      slot.className = "slot";
      slot.dataset.col = String(p);
      slot.setAttribute("role", "button");
      slot.tabIndex = -1;
      place.append(slot);
      return place;
    };
    for (let c = 0; c < ncols; c++) {
      const column = make(c, false);
      column.setAttribute("aria-label", `Column ${c + 1}`);
      column.firstElementChild.setAttribute("aria-label", `empty column ${c + 1}`);
      this.tableau.append(column);
      this.columnEls.push(column);
    }
    for (let k = 0; k < ncells; k++) {
      const cell = make(ncols + k, true);
      this.cellsArea.append(cell);
      this.columnEls.push(cell);
    }
    this.columnCards = Array.from({ length: ncols + ncells }, () => []);
    this.cellsArea.hidden = ncells === 0;
    this.cellsArea.classList.toggle("reserve", kind === "reserve");
    this.cellsArea.dataset.caption = kind === "reserve" ? "Reserve" : "Free cells";
    this.cellsArea.setAttribute("aria-label", kind === "reserve"
      ? "Reserve: cards are played from it onto the columns, never onto it"
      : "Free cells: each holds one card");
    const word = `${ncols === 10 ? "ten" : ncols === 7 ? "seven" : ncols} columns`;
    this.tableau.setAttribute("aria-label", `Tableau: ${word}. Arrow keys move between cards` +
      `${ncells ? (kind === "reserve" ? " and the reserve" : " and the free cells") : ""}` +
      ", Enter or Space selects a card and places it.");
    document.documentElement.style.setProperty("--cols", String(ncols));
    this.focus = { col: 0, idx: 99 };
  }

  /** The game's layout: rebuild the places when the view's game has other ones. */
  shape(view) {
    const rules = view.rules || this.rules;
    if (rules) this.rules = rules;
    const ncols = view.columns.length;
    const cells = view.cells || [];
    const kind = rules && rules.cell_kind ? rules.cell_kind : "";
    if (ncols !== this.ncols || cells.length !== this.ncells || kind !== this.cellKind) {
      this.build(ncols, cells.length, kind);
      this.view = null; // nothing to animate from
      return true;
    }
    return false;
  }

  // ---- cards ------------------------------------------------------------------------

  makeCard(key, code) {
    const el = document.createElement("div");
    el.dataset.key = key;
    el.setAttribute("role", "button");
    el.tabIndex = -1;
    if (code) {
      el.className = "card face";
      el.dataset.code = code;
      el.setAttribute("aria-label", cardName(code));
      el.setAttribute("aria-pressed", "false");
      const img = document.createElement("img");
      img.alt = "";
      img.draggable = false;
      img.decoding = "async";
      img.src = faceUrl(code, this.deck);
      el.append(img);
    } else {
      el.className = "card back";
      el.setAttribute("aria-label", "face-down card");
    }
    return el;
  }

  /** Use another deck of faces ("classic" or "four-colour"). */
  setDeck(deck) {
    this.deck = deck;
    for (const el of this.cards.values()) {
      const img = el.querySelector("img");
      if (img) img.src = faceUrl(el.dataset.code, deck);
    }
    if (this.view) this.paintRuns(this.view, false);
  }

  /** Fetch every face of the deck in the background, so turning a card never waits. */
  preload() {
    const load = () => {
      for (const suit of "CDHS") {
        for (const rank of "A23456789TJQK") {
          const img = new Image();
          img.decoding = "async";
          img.src = faceUrl(rank + suit, this.deck);
        }
      }
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 2000 });
    else window.setTimeout(load, 300);
  }

  /** @returns {Map<string, DOMRect>} where every card is on the screen now. */
  capture() {
    const rects = new Map();
    for (const [key, el] of this.cards) rects.set(key, el.getBoundingClientRect());
    return rects;
  }

  // ---- drawing a view ---------------------------------------------------------------

  /**
   * Show `view`.
   * @param {object} view the server's view.
   * @param {{mode?: "flip"|"deal"|"none"}} options flip animates the change from the last
   *   view; deal deals every card from the stock (a new game); none jumps.
   */
  render(view, { mode = "flip" } = {}) {
    if (this.shape(view) && mode === "flip") mode = "none";
    const prev = this.view;
    this.view = view;
    const animate = mode !== "none" && prev !== null && !reducedMotion();
    const active = document.activeElement;
    const hadFocus = Boolean(active && active !== this.tableau &&
      (this.tableau.contains(active) || this.cellsArea.contains(active)));
    const focusKey = hadFocus ? active.dataset.key || null : null;
    const before = animate ? this.capture() : null;
    if (!this.dragGroup) this.clearDrag();
    this.clearHint();
    this.setSelection(null);

    const seen = new Set();
    const created = new Set();
    const places = [...view.columns];
    (view.cells || []).forEach((code) => places.push({ face_down: 0, cards: code ? [code] : [] }));
    places.forEach((column, c) => {
      const wanted = [];
      const add = (key, code) => {
        let el = this.cards.get(key);
        if (!el) {
          el = this.makeCard(key, code);
          this.cards.set(key, el);
          created.add(key);
        }
        seen.add(key);
        wanted.push(el);
      };
      for (let k = 0; k < column.face_down; k++) add(`down-${c}-${k}`, null);
      for (const code of column.cards) add(code, code);
      const columnEl = this.columnEls[c];
      let ref = columnEl.firstElementChild.nextElementSibling; // after the empty-column slot
      for (const el of wanted) {
        if (el === ref) ref = ref.nextElementSibling;
        else columnEl.insertBefore(el, ref);
      }
      this.columnCards[c] = wanted;
      columnEl.classList.toggle("empty", wanted.length === 0);
      const faceUp = column.cards.length;
      if (this.isCell(c)) {
        const name = `${this.cellWord()} ${c - this.ncols + 1}`;
        columnEl.setAttribute("aria-label", wanted.length ? `${name}: ${cardName(column.cards[0])}` : `${name}, empty`);
        columnEl.firstElementChild.setAttribute("aria-label", `empty ${name.toLowerCase()}`);
        return;
      }
      columnEl.setAttribute(
        "aria-label",
        wanted.length === 0
          ? `Column ${c + 1}, empty`
          : `Column ${c + 1}, ${column.face_down} face down, ${faceUp} face up`,
      );
    });

    const leaving = [];
    for (const [key, el] of this.cards) {
      if (!seen.has(key)) {
        leaving.push(el);
        this.cards.delete(key);
      }
    }

    this.paintStock(view);
    this.layout();
    // A new deal: the keys start again at the exposed card of the column they were on (an
    // index kept from the game before could fall on a face-down card).
    if (mode === "deal") this.focus = { col: this.focus.col, idx: 99 };
    if (animate && mode === "deal") {
      for (const el of leaving) el.remove();
      this.paintRuns(view, false);
      this.animateDeal();
    } else {
      this.animateLeaving(leaving, prev, view, animate);
      if (animate) this.animateChange(before, created, prev, view);
      const newRun = animate && view.runs.length > (prev ? prev.runs.length : 0);
      this.paintRuns(view, newRun);
    }
    this.updateRoving();
    if (hadFocus) this.restoreFocus(mode === "deal" ? null : focusKey);
  }

  animateChange(before, created, prev, view) {
    const stockRect = this.stock.getBoundingClientRect();
    const dealt = prev.stock > 0 && view.stock === 0;
    const revealed = new Set(view.last ? view.last.revealed : []);
    // Cards come off the stock by its deal, or to refill an emptied column (Chelicera).
    const fromStock = new Set(view.last ? view.last.dealt || [] : []);
    let dealIndex = 0;
    for (const [key, el] of this.cards) {
      const now = el.getBoundingClientRect();
      const old = before.get(key);
      if (old && !created.has(key)) {
        const dx = old.left - now.left;
        const dy = old.top - now.top;
        if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
        const far = Math.abs(dx) > now.width * 0.5;
        el.getAnimations().forEach((a) => a.cancel());
        if (far) el.classList.add("moving");
        const animation = el.animate(
          [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
          { duration: far ? 270 : 180, easing: EASE },
        );
        finished(animation, () => el.classList.remove("moving"));
        continue;
      }
      // A card that was not on the table: dealt from the stock, turned over, or a run
      // put back by Undo.
      const code = el.dataset.code;
      let from = null;
      if (code && ((dealt && !revealed.has(code)) || fromStock.has(code))) {
        from = stockRect;
      } else if (code) {
        const i = prev.runs.findIndex((run) => runHolds(run, code));
        if (i >= 0 && !view.runs.includes(prev.runs[i])) from = this.runSlots[i].getBoundingClientRect();
      }
      if (from) {
        el.classList.add("moving");
        const animation = el.animate(
          [{ transform: flight(now, from), transformOrigin: "0 0" },
            { transform: "none", transformOrigin: "0 0" }],
          { duration: 320, delay: (dealIndex++) * 70, easing: EASE, fill: "backwards" },
        );
        finished(animation, () => el.classList.remove("moving"));
      } else if (code && revealed.has(code)) {
        el.animate(
          [{ transform: "perspective(600px) rotateY(90deg)", filter: "brightness(0.7)" },
            { transform: "none", filter: "none" }],
          { duration: 260, delay: 140, easing: "ease-out", fill: "backwards" },
        );
      } else {
        el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 160 });
      }
    }
  }

  animateLeaving(leaving, prev, view, animate) {
    const gone = [];
    for (const el of leaving) {
      const code = el.dataset.code;
      let to = null;
      if (animate && code) {
        const i = view.runs.findIndex((run) => runHolds(run, code));
        if (i >= 0 && !prev.runs.includes(view.runs[i])) {
          to = this.runSlots[i];
        } else if (view.stock > prev.stock) {
          to = this.stock;
        }
      }
      if (!to) {
        el.remove();
        continue;
      }
      gone.push([el, to]);
    }
    // The top card of a run (its Ace) flies first.
    gone.reverse().forEach(([el, to], i) => {
      el.classList.add("leaving");
      el.setAttribute("aria-hidden", "true");
      el.inert = true;
      const from = el.getBoundingClientRect();
      const target = to.getBoundingClientRect();
      const animation = el.animate(
        [{ transform: "none", transformOrigin: "0 0" },
          { transform: flight(from, target), transformOrigin: "0 0" }],
        { duration: 380, delay: i * 28, easing: EASE, fill: "forwards" },
      );
      finished(animation, () => el.remove());
    });
  }

  animateDeal() {
    const stockRect = this.stock.getBoundingClientRect();
    for (const [c, cards] of this.columnCards.entries()) {
      cards.forEach((el, k) => {
        const now = el.getBoundingClientRect();
        el.animate(
          [{ transform: flight(now, stockRect), transformOrigin: "0 0" },
            { transform: "none", transformOrigin: "0 0" }],
          { duration: 300, delay: (k * this.places + c) * 11, easing: EASE, fill: "backwards" },
        );
      });
    }
  }

  paintStock(view) {
    const count = view.stock;
    const rules = this.rules;
    const dealt = !rules || rules.stock_deal;
    // A game without a stock (Three Blind Mice, Scorpion Head...) shows none.
    this.stock.hidden = Boolean(rules && !rules.stock_deal && !rules.refill);
    this.stock.classList.toggle("empty", count === 0);
    this.stock.classList.toggle("refill", !dealt);
    this.stock.querySelector(".stock-count").textContent = String(count);
    let label;
    if (!dealt) {
      label = count
        ? `Stock: ${count} cards, face down. It is not dealt: a column a move empties takes the next ${rules.refill}`
        : "Stock: 0 cards, all used";
    } else {
      label = count ? `Stock: ${count} cards. Deal them onto columns 1 to ${count}` : "Stock: 0 cards, dealt";
    }
    this.stock.setAttribute("aria-label", label);
    const area = this.runSlots[0] && this.runSlots[0].closest(".runs-area");
    if (area) area.hidden = Boolean(rules && !rules.removes_runs);
  }

  paintRuns(view, animate) {
    window.clearTimeout(this.runsTimer);
    const paint = () => {
      const runs = this.view ? this.view.runs : view.runs;
      this.runSlots.forEach((slot, i) => {
        const suit = runs[i];
        const wasFilled = slot.dataset.suit || "";
        if (suit) {
          slot.style.backgroundImage = `url("${faceUrl(runKing(suit), this.deck)}")`;
          slot.setAttribute("aria-label", `completed run ${runWords(suit)}`);
          slot.dataset.suit = suit;
          if (wasFilled !== suit) {
            slot.classList.remove("filled");
            void slot.offsetWidth; // restart the settle animation
          }
          slot.classList.add("filled");
        } else {
          slot.style.backgroundImage = "";
          slot.setAttribute("aria-label", "empty run slot");
          delete slot.dataset.suit;
          slot.classList.remove("filled");
        }
      });
    };
    if (animate) this.runsTimer = window.setTimeout(paint, 420);
    else paint();
  }

  // ---- sizes and places -------------------------------------------------------------

  /** Size the cards for the viewport and place every card of every column. */
  layout() {
    const root = document.documentElement;
    const vw = root.clientWidth;
    // The layout viewport, as vw: a phone zoomed out over content still too wide (the first
    // layout of ten columns) gives a larger innerHeight, and a layout for another screen.
    const vh = root.clientHeight || window.innerHeight;
    const n = this.ncols;
    const wide = n > 7; // ten columns: a little less felt between them on a narrow screen
    const pad = vw < 520 ? (wide ? 4 : 6) : vw < 1000 ? 12 : 20;
    const gap = Math.round(Math.min(18, Math.max(wide && vw < 520 ? 3 : 4, vw * 0.011)));
    root.style.setProperty("--pad", `${pad}px`);
    root.style.setProperty("--gap", `${gap}px`);

    // On a wide screen the stock and the runs stand in a strip left of the columns, which
    // leaves the whole height to the columns; on a narrow one they form a row above them.
    // A phone held sideways (short and wide) takes the strip too: a row above the columns
    // would leave them no height.
    const side = (vw >= 900 && vw / vh >= 1.2) || (vw >= 560 && vh < 500 && vw / vh >= 1.6);
    this.felt.classList.toggle("side", side);
    document.body.classList.toggle("side-layout", side);
    // The list of hints docks at the right of a wide screen, under the bar: the cards make
    // room for it. (On a phone held sideways it stays at the bottom, as on a narrow one.)
    const docks = side && vw >= 900;
    document.body.classList.toggle("dock-hints", docks);
    const dock = docks && document.body.classList.contains("hints-open") ? HINTS_DOCK : 0;
    const barHeight = this.bar.getBoundingClientRect().height;
    root.style.setProperty("--bar-h", `${Math.round(barHeight)}px`);
    // The strip left of the columns: one card wide, two for four free cells (2 x 2), and
    // for two on a short screen (side by side: stacked, they and the runs ran off it).
    const strip = this.ncells > 2 || (side && vh < 500 && this.ncells > 1) ? 2 : 1;
    this.felt.style.setProperty("--strip", String(strip));
    this.felt.classList.toggle("strip-2", strip === 2);
    this.placeTopRow(side);
    let byWidth;
    let byHeight;
    if (side) {
      byWidth = (Math.min(vw - dock, 2400) - 2 * pad - (n + strip - 0.4) * gap) / (n + strip);
      // Room for a column of thirteen face-up cards, most of a game's longest.
      const room = vh - barHeight - gap * 1.2 - pad - 4;
      byHeight = room / (ASPECT * (1 + 12 * UP * 0.8));
    } else {
      byWidth = (Math.min(vw, 2200) - 2 * pad - (n - 1) * gap) / n;
      // The top row and a fresh deal's longest column (seven face up).
      const room = vh - barHeight - gap * 2.6 - pad - 4;
      byHeight = room / (ASPECT * (2 + 6 * UP_ROOMY));
    }
    let width = Math.max(28, Math.floor(Math.min(byWidth, Math.max(byHeight, 70), 230)));
    // A very long column makes every card smaller (down to 62 %) rather than squeezing the
    // fan below FIT_UP or running off the bottom of the screen.
    let reach = 1; // the longest column's length in card heights, squeezed to FIT_UP
    this.columnCards.slice(0, n).forEach((cards, c) => {
      const faceDown = this.view ? this.view.columns[c].face_down : 0;
      const faceUp = cards.length - faceDown;
      reach = Math.max(reach, 1 + faceDown * DOWN + Math.max(0, faceUp - 1) * FIT_UP);
    });
    const columnsRoom = vh - barHeight - gap * 1.2 - pad - 6 - (side ? 0 : gap * 1.4);
    const fitHeight = columnsRoom / (reach + (side ? 0 : 1));
    width = Math.max(Math.round(width * 0.62), Math.min(width, Math.floor(fitHeight / ASPECT)));
    width = Math.max(28, width);
    const height = Math.round(width * ASPECT);
    root.style.setProperty("--card-w", `${width}px`);
    root.style.setProperty("--card-h", `${height}px`);

    const down = Math.max(5, height * DOWN);
    const up = height * (side ? UP : UP_ROOMY);
    const top = this.tableau.getBoundingClientRect().top + window.scrollY;
    const columnRoom = Math.max(vh - top - pad - 6, height * 2.4);
    this.metrics = { width, height, gap, pad, down, up, columnRoom };

    // Narrow screens: one fan for every column, as open as the longest column allows.
    let common = up;
    if (!side) {
      common = Math.max(up, MIN_STRIP, height * ROOMY_UP);
      this.columnCards.slice(0, n).forEach((cards, c) => {
        const faceDown = this.view ? this.view.columns[c].face_down : 0;
        const faceUp = cards.length - faceDown;
        if (faceUp > 1) {
          common = Math.min(common, (columnRoom - height - faceDown * down) / (faceUp - 1));
        }
      });
      common = Math.max(common, Math.min(up, height * MIN_UP));
    }
    this.metrics.up = common;

    let tallest = height;
    this.columnCards.forEach((cards, c) => {
      if (this.isCell(c)) {
        cards.forEach((el) => {
          el.style.top = "0px";
          el.style.zIndex = "1";
        });
        return;
      }
      const faceDown = this.view ? this.view.columns[c].face_down : 0;
      const faceUp = cards.length - faceDown;
      let d = down;
      let u = common;
      const need = () => faceDown * d + Math.max(0, faceUp - 1) * u + height;
      if (need() > columnRoom && faceUp > 1) {
        u = Math.max(height * MIN_UP, (columnRoom - height - faceDown * d) / (faceUp - 1));
      }
      if (need() > columnRoom && faceDown > 0) {
        d = Math.max(height * MIN_DOWN, (columnRoom - height - (faceUp - 1) * u) / faceDown);
      }
      let y = 0;
      cards.forEach((el, k) => {
        el.style.top = `${Math.round(y)}px`;
        el.style.zIndex = String(k + 1);
        if (k < cards.length - 1) y += k < faceDown ? d : u;
      });
      this.columnEls[c].style.setProperty("--target-top", `${Math.round(y)}px`);
      this.columnEls[c].style.height = `${Math.round(y) + height}px`;
      tallest = Math.max(tallest, y + height);
    });
    this.tableau.style.height = `${Math.ceil(tallest)}px`;
  }

  /** Put the stock, the cells and the runs in the row above the columns (narrow screens),
   * or in the strip left of them (wide ones). */
  placeTopRow(side) {
    const n = this.ncols;
    const stockShown = !this.stock.hidden;
    const area = this.runSlots[0] && this.runSlots[0].closest(".runs-area");
    const runsShown = area && !area.hidden;
    let at = 1;
    if (side) {
      this.stock.style.gridColumn = "";
      this.cellsArea.style.gridColumn = "";
      if (area) area.style.gridColumn = "";
      this.felt.style.removeProperty("--run-w");
      if (area) area.classList.remove("compact");
      return;
    }
    if (stockShown) {
      this.stock.style.gridColumn = "1";
      at = 2;
    }
    if (this.ncells) {
      this.cellsArea.style.gridColumn = `${at} / span ${this.ncells}`;
      at += this.ncells;
    }
    if (!area || !runsShown) return;
    const free = n - at + 1;
    if (free >= 4) {
      area.style.gridColumn = `${n - 3} / span 4`;
      area.classList.remove("compact");
      this.felt.style.removeProperty("--run-w");
    } else {
      // Not four columns left (Scorpion Head: four free cells): smaller run slots.
      area.style.gridColumn = `${at} / span ${free}`;
      area.classList.add("compact");
      this.felt.style.setProperty(
        "--run-w", `calc((${free} * var(--card-w) + ${free - 1} * var(--gap) - 3 * var(--gap) * 0.5) / 4)`,
      );
    }
  }

  /**
   * Land every card that is still flying (the deal, a move), at once.
   * @returns {boolean} true if one was flying: what lies under a point has changed.
   */
  settleNow() {
    let flying = false;
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSAnimation || animation instanceof CSSTransition) continue;
      const target = animation.effect && animation.effect.target;
      if (!target || !(this.felt.contains(target) || target.classList?.contains("card"))) continue;
      if (animation.playState === "finished") continue;
      flying = true;
      try {
        animation.finish();
      } catch {
        animation.cancel();
      }
    }
    return flying;
  }

  // ---- where things are -------------------------------------------------------------

  /** @returns {{col: number, idx: number} | null} where a card element lies. */
  locate(el) {
    for (let c = 0; c < this.places; c++) {
      const idx = this.columnCards[c].indexOf(el);
      if (idx >= 0) return { col: c, idx };
    }
    return null;
  }

  /** @returns {{col: number, idx: number} | null} where the card `code` lies. */
  locateCode(code) {
    const el = this.cards.get(code);
    return el ? this.locate(el) : null;
  }

  /** The card at `idx` and every card on top of it. */
  group(col, idx) {
    return this.columnCards[col].slice(idx);
  }

  isFaceUp(col, idx) {
    const el = this.columnCards[col][idx];
    return Boolean(el && el.classList.contains("face"));
  }

  /** The column whose band (half a gap either side) holds the x coordinate, or -1. */
  columnAtX(x) {
    const half = (this.metrics ? this.metrics.gap : 8) / 2;
    for (let c = 0; c < this.ncols; c++) {
      const r = this.columnEls[c].getBoundingClientRect();
      if (x >= r.left - half && x <= r.right + half) return c;
    }
    return -1;
  }

  /** The column a dragged group would drop into: under the centre of its leading card. */
  dropColumn(leadEl, pointer = null) {
    const r = leadEl.getBoundingClientRect();
    // A free cell or reserve under the pointer itself wins: a card held by its corner
    // has its centre well away from the pointer, below the cell, over a column.
    if (pointer) {
      for (let p = this.ncols; p < this.places; p++) {
        const c = this.columnEls[p].getBoundingClientRect();
        if (pointer.x >= c.left && pointer.x <= c.right && pointer.y >= c.top && pointer.y <= c.bottom) {
          return p;
        }
      }
    }
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    for (let p = this.ncols; p < this.places; p++) {
      const c = this.columnEls[p].getBoundingClientRect();
      const slack = c.width * 0.35;
      if (x >= c.left - slack && x <= c.right + slack && y >= c.top - slack && y <= c.bottom + slack) {
        return p;
      }
    }
    const tableau = this.tableau.getBoundingClientRect();
    if (r.bottom < tableau.top - 4) return -1; // up in the stock and runs row
    if (this.felt.classList.contains("side") && r.right < tableau.left - 4) return -1; // the strip
    return this.columnAtX(x);
  }

  // ---- selection, dragging, hints, refusals -----------------------------------------

  /** Highlight the group from {col, idx} up (or nothing). */
  setSelection(sel) {
    for (const el of this.felt.querySelectorAll(".card.in-group")) {
      el.classList.remove("in-group", "lead");
      el.setAttribute("aria-pressed", "false");
    }
    this.selection = sel;
    if (!sel) return;
    this.group(sel.col, sel.idx).forEach((el, i) => {
      el.classList.add("in-group");
      if (i === 0) {
        el.classList.add("lead");
        el.setAttribute("aria-pressed", "true");
      }
    });
  }

  startDrag(els) {
    this.dragGroup = els;
    for (const el of els) {
      el.getAnimations().forEach((a) => a.finish());
      el.classList.add("dragging");
    }
  }

  dragBy(els, dx, dy, pointer = null) {
    const t = `translate(${dx}px, ${dy}px)`;
    for (const el of els) el.style.transform = t;
    const target = this.dropColumn(els[0], pointer);
    this.columnEls.forEach((col, c) => col.classList.toggle("drop-target", c === target));
  }

  /** The dragged cards were let go: they stay where they are until the next drawing
   * (which starts from there), but a drawing no longer keeps them dragged. */
  endDrag() {
    this.dragGroup = null;
  }

  clearDrag() {
    this.dragGroup = null;
    for (const el of this.felt.querySelectorAll(".card.dragging")) {
      el.classList.remove("dragging");
      el.style.transform = "";
    }
    for (const col of this.columnEls) col.classList.remove("drop-target");
  }

  /** Send a dragged group back to its place (animated). */
  returnDragged(els) {
    const before = els.map((el) => el.getBoundingClientRect());
    this.clearDrag();
    if (reducedMotion()) return Promise.resolve();
    const runs = els.map((el, i) => {
      const now = el.getBoundingClientRect();
      const dx = before[i].left - now.left;
      const dy = before[i].top - now.top;
      el.classList.add("moving");
      const animation = el.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 220, easing: EASE },
      );
      return animation.finished.catch(() => {}).then(() => el.classList.remove("moving"));
    });
    return Promise.all(runs);
  }

  /** Show that a move of the group led by `code` was refused: back in place, shaken. */
  async refuse(code, { dragged = false } = {}) {
    const where = this.locateCode(code);
    if (!where) return;
    const els = this.group(where.col, where.idx);
    if (dragged) await this.returnDragged(els);
    for (const el of els) el.classList.add("refused");
    if (!reducedMotion()) {
      const shakes = els.map((el) => el.animate(
        [
          { transform: "translateX(0)" }, { transform: "translateX(-7px)" },
          { transform: "translateX(7px)" }, { transform: "translateX(-5px)" },
          { transform: "translateX(4px)" }, { transform: "translateX(0)" },
        ],
        { duration: 420, easing: "ease-in-out" },
      ).finished.catch(() => {}));
      await Promise.all(shakes);
    }
    window.setTimeout(() => els.forEach((el) => el.classList.remove("refused")), 450);
  }

  /** The place a parsed move goes to: its column, or its free cell after the columns. */
  placeOf(move) {
    return move.cell !== undefined ? this.ncols + move.cell : move.column;
  }

  /** Highlight one move: {deal: true}, {card, column} or {card, cell}. */
  showHint(move) {
    this.clearHint();
    if (move.deal) {
      this.stock.classList.add("hint");
    } else {
      const where = this.locateCode(move.card);
      if (where) this.group(where.col, where.idx).forEach((el) => el.classList.add("hint"));
      this.columnEls[this.placeOf(move)]?.classList.add("hint-target");
    }
    this.hintTimer = window.setTimeout(() => this.clearHint(), 4500);
  }

  clearHint() {
    window.clearTimeout(this.hintTimer);
    this.stock.classList.remove("hint");
    for (const el of this.felt.querySelectorAll(".hint, .hint-target")) {
      el.classList.remove("hint", "hint-target");
    }
  }

  // ---- keyboard focus (one tab stop, arrow keys inside) -------------------------------

  /** The focusable items of a column: its cards, or its empty slot. */
  items(col) {
    const cards = this.columnCards[col];
    return cards.length ? cards : [this.columnEls[col].firstElementChild];
  }

  itemAt(col, idx) {
    const items = this.items(col);
    return items[Math.max(0, Math.min(idx, items.length - 1))];
  }

  updateRoving() {
    const col = Math.max(0, Math.min(this.focus.col, this.places - 1));
    const items = this.items(col);
    const idx = Math.max(0, Math.min(this.focus.idx, items.length - 1));
    this.focus = { col, idx };
    const current = items[idx];
    for (const el of this.felt.querySelectorAll(".tableau [tabindex='0'], .cells [tabindex='0']")) {
      if (el !== current) el.tabIndex = -1;
    }
    current.tabIndex = 0;
  }

  /** Move keyboard focus to an item. */
  focusAt(col, idx) {
    const items = this.items(col);
    this.focus = { col, idx: Math.max(0, Math.min(idx, items.length - 1)) };
    this.updateRoving();
    this.itemAt(col, this.focus.idx).focus({ preventScroll: false });
  }

  /** Note that an item got focus (by the pointer, say). */
  noteFocus(el) {
    const where = this.locate(el);
    if (where) this.focus = where;
    else if (el.classList.contains("slot")) this.focus = { col: Number(el.dataset.col), idx: 0 };
    this.updateRoving();
  }

  restoreFocus(key) {
    const el = key ? this.cards.get(key) : null;
    const where = el ? this.locate(el) : null;
    if (where) this.focusAt(where.col, where.idx);
    else this.focusAt(this.focus.col, this.focus.idx);
  }
}
