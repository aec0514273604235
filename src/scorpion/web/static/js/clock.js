// The game clock: mm:ss of playing time, ticking locally between server answers.
//
// The server keeps the time (docs/web-api.md): it counts only while the page is open
// and visible. The page ticks while the server's clock runs and the page is visible.

/** 83000 -> "01:23"; an hour and more keeps counting minutes ("75:02"). */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

export class Clock {
  /** @param {HTMLElement} element where the time is shown. */
  constructor(element) {
    this.element = element;
    this.baseMs = 0;
    this.since = performance.now();
    this.running = false;
    this.timer = null;
  }

  /** Take the time from a view or a clock answer: elapsed_ms as of now, and whether the
   * server's clock runs (it does not while the page is hidden). */
  update(view) {
    this.baseMs = view.elapsed_ms || 0;
    this.since = performance.now();
    this.running = Boolean(view.clock_running) && document.visibilityState === "visible";
    this.show();
    if (this.running && this.timer === null) {
      this.timer = window.setInterval(() => this.show(), 250);
    } else if (!this.running && this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Stop ticking at the time shown (the page was hidden). */
  pause() {
    this.update({ elapsed_ms: Math.round(this.ms), clock_running: false });
  }

  /** Milliseconds to show now. */
  get ms() {
    return this.baseMs + (this.running ? performance.now() - this.since : 0);
  }

  show() {
    const text = formatTime(this.ms);
    if (this.element.textContent !== text) this.element.textContent = text;
  }
}
