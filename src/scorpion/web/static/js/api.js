// The HTTP API (docs/web-api.md). The page sends intentions and gets back views.

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, or 0 when the server could not be reached.
   * @param {string} detail the server's explanation.
   */
  constructor(status, detail) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.reloading = false;
  }

  /** A 409 saying that the game was changed elsewhere (another tab). */
  get stale() {
    return this.status === 409 && /another tab/i.test(this.detail);
  }
}

const RELOADS_KEY = "scorpion.identity-reloads";

/**
 * Reload the page to get a new player cookie (the page load gives one).
 * Guarded against a reload loop (cookies blocked): at most 3 reloads in 30 seconds.
 * @returns {boolean} true if the page is reloading.
 */
function reloadForIdentity() {
  const now = Date.now();
  let recent = [];
  try {
    recent = JSON.parse(sessionStorage.getItem(RELOADS_KEY) || "[]").filter((t) => now - t < 30000);
    if (recent.length >= 3) return false;
    recent.push(now);
    sessionStorage.setItem(RELOADS_KEY, JSON.stringify(recent));
  } catch {
    // sessionStorage unavailable: reload anyway, once per page.
  }
  window.location.reload();
  return true;
}

async function call(method, path, body) {
  const init = {
    method,
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json" },
  };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "cannot reach the server; is it still running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.ok) return data;
  const detail = data && typeof data.detail === "string"
    ? data.detail
    : `the server answered ${response.status}`;
  const error = new ApiError(response.status, detail);
  if (response.status === 401) {
    error.reloading = reloadForIdentity();
    if (!error.reloading) {
      error.detail = "the browser does not keep this site's cookie, so no game can be stored";
    }
  }
  throw error;
}

/** Pause the clock as the page goes away: a request that outlives the page. */
export function pauseClockOnLeave(variant) {
  try {
    fetch("/api/game/clock", {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant, running: false }),
    }).catch(() => {});
  } catch {
    // the page is going away; the server's heartbeat grace stops the clock anyway
  }
}

/** `&version=N` for a view's version, nothing without one. */
const versionQuery = (version) => (Number.isInteger(version) ? `&version=${version}` : "");

export const api = {
  variants: () => call("GET", "/api/variants"),
  game: (variant, { visit = false } = {}) =>
    visit
      ? call("POST", "/api/game/visit", { variant })
      : call("GET", `/api/game?variant=${encodeURIComponent(variant)}`),
  clock: (variant, running) => call("POST", "/api/game/clock", { variant, running }),
  statistics: () => call("GET", "/api/statistics"),
  settings: () => call("GET", "/api/settings"),
  saveSettings: (settings) => call("PUT", "/api/settings", settings),
  myData: () => call("GET", "/api/my-data"),
  deleteSavedGames: () => call("DELETE", "/api/saved-games"),
  deleteResults: () => call("DELETE", "/api/results"),
  // version (here and below): that of the view the page shows, so that an answer about
  // another game (moved on, or ended and dealt again, in another tab) is a 409 instead.
  hints: (variant, fair = false, version = null) => call(
    "GET", `/api/game/hints?variant=${encodeURIComponent(variant)}${fair ? "&fair=true" : ""}` +
      versionQuery(version)),
  // version: that of the game of this variant the page shows (null for another variant),
  // so that a tab that missed another tab's moves does not replace that game unasked.
  newGame: (variant, deal, winnableOnly = false, version = null) =>
    call("POST", "/api/game/new", { variant, deal, winnable_only: winnableOnly, version }),
  status: (variant, version = null) =>
    call("GET", `/api/game/status?variant=${encodeURIComponent(variant)}` + versionQuery(version)),
  move: (variant, move, version) => call("POST", "/api/game/move", { variant, move, version }),
  undo: (variant, version) => call("POST", "/api/game/undo", { variant, version }),
  redo: (variant, version) => call("POST", "/api/game/redo", { variant, version }),
  restart: (variant, version) => call("POST", "/api/game/restart", { variant, version }),
  destinations: (variant, card, version = null) =>
    call("GET", `/api/game/destinations?variant=${encodeURIComponent(variant)}&card=${encodeURIComponent(card)}` +
      versionQuery(version)),
  outlook: (variant, version = null) =>
    call("GET", `/api/game/outlook?variant=${encodeURIComponent(variant)}` + versionQuery(version)),
  giveUp: (variant, version) => call("POST", "/api/game/give-up", { variant, version }),
  // Without the line, only the verdict: the line shows the hidden cards, and once it is
  // shown a game of that deal counts as peeked (F10).
  solution: (variant, deal, line = false) =>
    call("GET", `/api/deal/solution?variant=${encodeURIComponent(variant)}&deal=${encodeURIComponent(deal)}&line=${line}`),
};
