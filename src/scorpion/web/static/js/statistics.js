// The statistics page: the server's figures per variant (docs/web-api.md), and a chart of
// the recent games. Nothing is computed here beyond formatting.

import { api } from "./api.js";
import { formatTime } from "./clock.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function remembered() {
  const fromUrl = new URLSearchParams(window.location.search).get("variant");
  if (fromUrl) return fromUrl;
  try {
    return localStorage.getItem("scorpion.variant") || "scorpion";
  } catch {
    return "scorpion";
  }
}

function percent(rate) {
  return rate === null ? "–" : `${Math.round(rate * 1000) / 10}%`;
}

function svg(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/** Wins as bars up, games ended without a win as bars down, oldest on the left. */
function chart(recent) {
  const box = $("recent-chart");
  const caption = $("recent-caption");
  if (!recent.length) {
    const empty = document.createElement("p");
    empty.className = "recent-empty";
    empty.textContent = "No finished games yet. Your wins and losses will show here.";
    box.replaceChildren(empty);
    caption.textContent = "";
    $("recent-details").hidden = true;
    return;
  }
  const slots = 20;
  const width = 600;
  const height = 120;
  const slot = width / slots;
  const mid = height / 2;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": "Recent games, oldest first",
  });
  root.append(svg("line", { x1: 0, y1: mid, x2: width, y2: mid, class: "axis" }));
  recent.forEach((game, i) => {
    const bar = svg("rect", {
      x: i * slot + slot * 0.15,
      y: game.won ? 6 : mid,
      width: slot * 0.7,
      height: game.won ? mid - 6 : mid * 0.55,
      rx: 3,
      class: `${game.won ? "won" : "lost"}${game.peeked ? " peeked" : ""}`,
    });
    const title = svg("title", {});
    title.textContent = recentWords(game);
    bar.append(title);
    root.append(bar);
  });
  box.replaceChildren(root);
  const wins = recent.filter((g) => g.won).length;
  const peeked = recent.filter((g) => g.peeked).length;
  const games = recent.length === 1 ? "The last finished game" : `The last ${recent.length} finished games, oldest first`;
  caption.textContent = `${games}: ${wins} won (bars up), ${recent.length - wins} not won (bars down)` +
    (peeked ? `; ${peeked} peeked (pale bars, dashed outline).` : ".");
  // The same games as words, for keys, touch and screen readers (a bar's title shows
  // only to a mouse).
  $("recent-list").replaceChildren(...recent.map((game) => {
    const item = document.createElement("li");
    item.textContent = recentWords(game);
    return item;
  }));
  $("recent-details").hidden = false;
}

/** "Deal 617: won in 03:12, 88 moves (peeked)" or "Deal 5: not won". */
function recentWords(game) {
  const peeked = game.peeked ? " (peeked)" : "";
  return game.won
    ? `Deal ${game.deal}: won in ${formatTime(game.time_ms)}, ${game.moves} moves${peeked}`
    : `Deal ${game.deal}: not won${peeked}`;
}

function show(stats) {
  $("stat-started").textContent = String(stats.started);
  $("stat-won").textContent = String(stats.won);
  $("stat-rate").textContent = percent(stats.win_rate);
  $("stat-best-time").textContent = stats.best_time_ms === null ? "–" : formatTime(stats.best_time_ms);
  $("stat-fewest-moves").textContent = stats.fewest_moves === null ? "–" : String(stats.fewest_moves);
  $("stat-current-streak").textContent = String(stats.current_streak);
  $("stat-longest-streak").textContent = String(stats.longest_streak);
  $("stat-won-fair").textContent = String(stats.won_without_peeking);
  $("stat-current-streak-fair").textContent = String(stats.current_streak_without_peeking);
  $("stat-longest-streak-fair").textContent = String(stats.longest_streak_without_peeking);
  $("stat-best-time-fair").textContent = stats.best_time_ms_without_peeking === null
    ? "–" : formatTime(stats.best_time_ms_without_peeking);
  $("stat-fewest-moves-fair").textContent = stats.fewest_moves_without_peeking === null
    ? "–" : String(stats.fewest_moves_without_peeking);
  $("stat-in-progress").hidden = !stats.in_progress;
  chart(stats.recent);
}

/** What a screen reader hears when another variant is chosen: its name and main figures
 * in one sentence (the list's twelve figures, said one by one, would come without their
 * names). */
function summary(stats) {
  const rate = stats.win_rate === null ? "" : `, win rate ${percent(stats.win_rate)}`;
  return `${stats.variant.name}: ${stats.started} started, ${stats.won} won${rate}.`;
}

async function main() {
  let all;
  try {
    all = await api.statistics();
  } catch (error) {
    if (error.reloading) return;
    $("stats-error").textContent = `The statistics could not be loaded: ${error.detail || error}.`;
    return;
  }
  const select = $("stats-variant");
  select.replaceChildren(
    ...all.map((s) => new Option(s.started ? `${s.variant.name} (${s.started})` : s.variant.name, s.variant.id)),
  );
  const wanted = remembered();
  select.value = all.some((s) => s.variant.id === wanted) ? wanted : "scorpion";
  const pick = () => show(all.find((s) => s.variant.id === select.value) || all[0]);
  select.addEventListener("change", () => {
    pick();
    $("stats-said").textContent = summary(all.find((s) => s.variant.id === select.value) || all[0]);
  });
  pick();
  document.body.dataset.ready = "true";
}

main();
