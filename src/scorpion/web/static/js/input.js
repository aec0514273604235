// Pointer and keyboard input on the tableau.
//
// Pointer Events serve the mouse, the pen and touch alike: a press and release without
// moving is a click (select, or place the selection); a press that moves drags the card
// and every card on top of it, and the release drops the group on the column under its
// leading card. Keyboard: one tab stop for the tableau, arrow keys inside it, Enter or
// Space to select and to place.

const DRAG_THRESHOLD = { mouse: 4, pen: 6, touch: 8 };

/**
 * @param {import("./table.js").Table} table
 * @param {{activate(col: number, idx: number): void, startDragging(col: number, idx: number): boolean,
 *          drop(code: string, col: number, els: HTMLElement[]): void, cancelDrag(els: HTMLElement[]): void,
 *          deselect(): void}} controller
 */
export function attachInput(table, controller) {
  const tableau = table.tableau;
  // The places: the columns of the tableau, and the reserve or free cells above them.
  const roots = [tableau, table.cellsArea];
  const inside = (el) => roots.some((root) => root.contains(el));
  const on = (type, handler) => roots.forEach((root) => root.addEventListener(type, handler));
  let press = null; // the pointer press in progress on a place

  on("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (press) return; // a second finger: ignore
    // A press while cards fly (the deal, a move) lands them at once, and acts on what
    // lies under the pointer once they have landed, never on a card passing by.
    let hit = event.target;
    if (table.settleNow()) {
      hit = document.elementFromPoint(event.clientX, event.clientY) || hit;
      if (!inside(hit)) {
        controller.deselect();
        return;
      }
    }
    const card = hit.closest(".card");
    const slot = hit.closest(".slot");
    const column = hit.closest(".column");
    if (card && card.classList.contains("leaving")) return;
    const where = card ? table.locate(card) : null;
    press = {
      id: event.pointerId,
      type: event.pointerType || "mouse",
      x: event.clientX,
      y: event.clientY,
      card,
      slot,
      col: where ? where.col : column ? Number(column.dataset.col) : -1,
      idx: where ? where.idx : -1,
      dragging: false,
      group: null,
    };
    if (card && card.classList.contains("face") && where) {
      if (hit !== event.target) event.preventDefault(); // the browser would focus the old one
      // Keep the pointer: the moves and the release come to this card even off the table.
      try {
        card.setPointerCapture(event.pointerId);
      } catch {
        // not capturable (synthetic event): fine
      }
      // The browser focuses the card as for any click (without a focus ring); the
      // keyboard carries on from there.
      table.noteFocus(card);
    }
  });

  on("pointermove", (event) => {
    if (!press || event.pointerId !== press.id || press.idx < 0) return;
    if (!press.card.classList.contains("face")) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < (DRAG_THRESHOLD[press.type] ?? 5)) return;
      if (!controller.startDragging(press.col, press.idx)) {
        press = null;
        return;
      }
      press.dragging = true;
      press.group = table.group(press.col, press.idx);
      table.startDrag(press.group);
    }
    event.preventDefault();
    table.dragBy(press.group, dx, dy, { x: event.clientX, y: event.clientY });
  });

  const release = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.dragging) {
      const target = cancelled ? -1 : table.dropColumn(p.group[0], { x: event.clientX, y: event.clientY });
      if (target < 0 || target === p.col) controller.cancelDrag(p.group);
      else controller.drop(p.card.dataset.code, target, p.group);
      return;
    }
    if (cancelled) return;
    if (p.col < 0) {
      controller.deselect();
      return;
    }
    if (p.slot) controller.activate(p.col, -1);
    else if (p.card) controller.activate(p.col, p.idx, { pointer: true });
    else controller.activateColumn(p.col);
  };
  // Esc while the button is still down drops the drag (the cards go back) or the press:
  // the release then does nothing.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !press) return;
    const p = press;
    press = null;
    if (p.dragging) controller.cancelDrag(p.group);
    try {
      if (p.card) p.card.releasePointerCapture(p.id);
    } catch {
      // not captured: fine
    }
  }, true);
  on("pointerup", (event) => release(event, false));
  on("pointercancel", (event) => release(event, true));
  on("lostpointercapture", (event) => {
    if (press && press.dragging && event.pointerId === press.id) release(event, true);
  });

  // A click on the felt outside the tableau drops the selection.
  table.felt.addEventListener("pointerdown", (event) => {
    if (!inside(event.target) && !event.target.closest("button, a, input, select")) {
      controller.deselect();
    }
  });

  // ---- keyboard ----------------------------------------------------------------------

  on("focusin", (event) => {
    if (event.target === tableau) {
      table.focusAt(table.focus.col, table.focus.idx);
      return;
    }
    table.noteFocus(event.target);
  });

  /** The reserve place or free cell nearest below (`step` 1) or above (-1) place `col`,
   * where the cells stand in a grid (two across beside the columns): null if none. */
  const cellBelow = (col, step) => {
    const here = table.columnEls[col].getBoundingClientRect();
    let best = null;
    let nearest = Infinity;
    for (let p = table.ncols; p < table.places; p += 1) {
      const box = table.columnEls[p].getBoundingClientRect();
      const across = Math.min(box.right, here.right) - Math.max(box.left, here.left);
      const down = (box.top - here.top) * step;
      if (p !== col && across > 0 && down > 0 && down < nearest) {
        best = p;
        nearest = down;
      }
    }
    return best;
  };

  on("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const item = event.target;
    if (roots.includes(item)) return;
    const { col, idx } = table.focus;
    const places = table.places; // the columns, then the reserve or free cells
    switch (event.key) {
      case "ArrowLeft":
      case "ArrowRight": {
        const step = event.key === "ArrowLeft" ? -1 : 1;
        const next = (col + step + places) % places;
        table.focusAt(next, table.items(next).length - 1);
        break;
      }
      case "ArrowUp":
      case "ArrowDown": {
        const step = event.key === "ArrowUp" ? -1 : 1;
        const items = table.items(col).length;
        const other = table.isCell(col) && (idx + step < 0 || idx + step >= items)
          ? cellBelow(col, step) : null;
        if (other !== null) table.focusAt(other, step > 0 ? 0 : table.items(other).length - 1);
        else table.focusAt(col, idx + step);
        break;
      }
      case "Home":
        table.focusAt(0, table.items(0).length - 1);
        break;
      case "End":
        table.focusAt(table.ncols - 1, table.items(table.ncols - 1).length - 1);
        break;
      case "Enter":
      case " ":
        if (event.repeat) break;
        if (item.classList.contains("slot")) controller.activate(col, -1);
        else controller.activate(col, idx);
        break;
      default:
        return;
    }
    event.preventDefault();
  });
}
