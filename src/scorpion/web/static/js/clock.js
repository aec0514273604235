// The game clock: mm:ss from the first move, ticking locally between server answers.

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

  /** Take the time from a view: elapsed_ms as of now, running if started and not won. */
  update(view) {
    this.baseMs = view.elapsed_ms || 0;
    this.since = performance.now();
    this.running = Boolean(view.started) && !view.won;
    this.show();
    if (this.running && this.timer === null) {
      this.timer = window.setInterval(() => this.show(), 250);
    } else if (!this.running && this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
    }
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
