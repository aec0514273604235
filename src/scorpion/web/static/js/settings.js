// The settings and privacy page: saving on or off, deleting saved games and results
// (each after a confirmation), and downloading everything the server keeps.

import { api } from "./api.js";

const $ = (id) => document.getElementById(id);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Ask in a dialog; resolves true when the player confirms. */
function confirmAction(title, text, ok) {
  const dialog = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = ok;
  dialog.returnValue = "";
  dialog.showModal();
  $("confirm-cancel").focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
  });
}

class SettingsPage {
  constructor() {
    this.data = null;
    this.focusBack = null; // the control that had the keyboard focus when it was used
    $("saving").addEventListener("change", (event) => this.setSaving(event.target));
    $("peeking").addEventListener("change", (event) => this.setPeeking(event.target));
    $("delete-saved").addEventListener("click", () => this.deleteSaved());
    $("delete-results").addEventListener("click", () => this.deleteResults());
  }

  fail(error) {
    if (error.reloading) return;
    $("settings-error").textContent = `That did not work: ${error.detail || error}.`;
  }

  done(text) {
    $("done").textContent = text;
  }

  /** Write ``text`` into the live region ``id`` only if it changes (words rewritten the
   * same would be read again after every action). */
  static show(id, text) {
    if ($(id).textContent !== text) $(id).textContent = text;
  }

  async refresh() {
    try {
      this.data = await api.myData();
    } catch (error) {
      this.fail(error);
      return;
    }
    const { settings, saved_games: saved, results } = this.data;
    const seen = this.data.seen_deals || [];
    const saving = $("saving");
    saving.checked = settings.saving;
    saving.disabled = false;
    $("saving-label").textContent = settings.saving ? "Saving is on" : "Saving is off";
    const peeking = $("peeking");
    peeking.checked = settings.peeking;
    peeking.disabled = false;

    const names = await this.variantNames();
    const kept = settings.saving
      ? plural(saved.length, "saved game")
      : `${plural(saved.length, "game")} in progress (kept until its tab is closed)`;
    SettingsPage.show("saved-games", saved.length
      ? `${kept}: ` + saved.map((g) =>
        `${names[g.variant] || g.variant}, deal ${g.deal}${g.won ? " (won)" : g.moves.length ? ` (${plural(g.moves.length, "move")})` : " (no move yet)"}`).join("; ")
      : "No saved games.");
    $("delete-saved").disabled = saved.length === 0;

    const byVariant = {};
    for (const r of results) byVariant[r.variant] = (byVariant[r.variant] || 0) + 1;
    // F10: the deals whose hidden cards were shown go with the results.
    const seenText = seen.length
      ? ` You were shown the hidden cards of ${plural(seen.length, "deal")}: a game of ${seen.length === 1 ? "it" : "one of them"} counts as peeked.`
      : "";
    SettingsPage.show("results", (results.length
      ? `${plural(results.length, "game")} in your statistics: ` + Object.entries(byVariant)
        .map(([v, n]) => `${names[v] || v} ${n}`).join(", ") + "."
      : "No results: your statistics are empty.") + seenText);
    $("delete-results").disabled = results.length === 0 && seen.length === 0;
    this.giveFocusBack();
    document.body.dataset.ready = "true";
  }

  /** Note the control in use, which is disabled while its change is stored (or, a delete
   * button, for good once nothing is left to delete): disabling takes the focus away. */
  keepFocus() {
    const el = document.activeElement;
    this.focusBack = el && el !== document.body ? el : null;
  }

  /** F9: give the keyboard focus back to that control, or, when it is still disabled, to
   * the message saying what was done, moved to just after the control's section so that
   * the next Tab goes on to the controls after it (it stood near the page's end, and Tab
   * went back to the top, past them). */
  giveFocusBack() {
    const el = this.focusBack;
    this.focusBack = null;
    const now = document.activeElement; // still the control just disabled, until Chrome moves it
    if (!el || (now && now !== document.body && now !== el)) return;
    if (!el.disabled) el.focus();
    else if ($("done").textContent) {
      (el.closest("section") || el).after($("done"));
      $("done").focus();
    } else if ($("settings-error").textContent) $("settings-error").focus();
  }

  async variantNames() {
    if (!this.names) {
      try {
        this.names = Object.fromEntries((await api.variants()).map((v) => [v.id, v.name]));
      } catch {
        this.names = {};
      }
    }
    return this.names;
  }

  async setSaving(box) {
    const on = box.checked;
    if (!on) {
      box.checked = true; // still on while the question is asked
      const count = this.data ? this.data.saved_games.length : 0;
      const yes = await confirmAction(
        "Turn saving off?",
        `${count ? `Your ${plural(count, "saved game")} will be deleted now. ` : ""}From now on a game lasts only while its browser tab is open (a table opened in a second tab deals a new game). Your results stay; a game in progress among them counts as not won.`,
        "Turn saving off",
      );
      if (!yes) return;
      box.checked = false;
    }
    this.keepFocus();
    box.disabled = true;
    try {
      const answer = await api.saveSettings({ saving: on });
      this.done(answer.saving ? "Saving is on: your game will be kept." : "Saving is off, and your saved games are deleted.");
    } catch (error) {
      this.fail(error);
    }
    await this.refresh();
  }

  async setPeeking(box) {
    const on = box.checked;
    this.keepFocus();
    box.disabled = true;
    try {
      const answer = await api.saveSettings({ peeking: on });
      this.done(answer.peeking
        ? "Peeking is on: hints may use the hidden cards, and games you peek at count apart."
        : "Peeking is off: hints use only the cards you can see.");
    } catch (error) {
      this.fail(error);
    }
    await this.refresh();
  }

  deleteSaved() {
    const count = this.data.saved_games.length;
    return this.deleteAfterAsking(
      "Delete your saved games?",
      `${plural(count, "saved game")} will be deleted for good. The next time you open the table, a new game is dealt. Games you started stay in your statistics as not won.`,
      "Delete saved games",
      api.deleteSavedGames,
    );
  }

  deleteResults() {
    const count = this.data.results.length;
    return this.deleteAfterAsking(
      "Delete your results?",
      `${plural(count, "result")} will be deleted for good, and your statistics start again from nothing. A game you are playing now will not be counted. The record of the deals whose hidden cards you were shown, or that you were dealt in another game, goes too: a game of them will no longer count as peeked.`,
      "Delete results",
      api.deleteResults,
    );
  }

  /** Ask; if the player confirms, delete, say how many rows went, and show what is left. */
  async deleteAfterAsking(title, text, ok, request) {
    if (!(await confirmAction(title, text, ok))) return;
    this.keepFocus();
    try {
      const answer = await request();
      this.done(`${answer.message.charAt(0).toUpperCase()}${answer.message.slice(1)}.`);
    } catch (error) {
      this.fail(error);
    }
    await this.refresh();
  }
}

new SettingsPage().refresh();
