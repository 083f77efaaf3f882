// The play page's entry: it reads the page's data, makes the state (play/state.js), the view
// (play/view.js) and the controller (play/controller.js), and binds the page's events to the
// controller's actions. Start-up runs in tasks short enough for a slow phone: this module and
// what storage holds, then the board drawn with the game, then the engine's worker.

import { GameStore } from "./games.js";
import * as hooks from "./hooks.js";
import { readFragment } from "./links.js";
import { FLIP_KEY, HINT_KEY, HUFF_KEY, TURNED_KEY, createController } from "./play/controller.js";
import { firstGame, readOpenings, showEarly } from "./play/early.js";
import { createState } from "./play/state.js";
import { createShare } from "./play/share.js";
import { createView } from "./play/view.js";
import { stored } from "./shared/storage.js";

const root = document.getElementById("play");
const KIND = root.dataset.game;
const FOXES = Number(root.dataset.foxes || 1);
const form = root.querySelector("#settings");
const store = new GameStore(KIND);
const openings = readOpenings(document.getElementById("openings"));

// The page's own choice of opponent and side, before any game: the form as served.
const s = createState({
  manualFlip: stored(FLIP_KEY) === "true",
  defaults: { mode: form.elements.mode.value, side: form.elements.side.value },
  first: root.dataset.first || "fox",
});
const view = createView(root, {
  store,
  foxes: FOXES,
  sidewaysOption: root.dataset.sidewaysOption === "true",
  balance: JSON.parse(document.getElementById("balance-data").textContent),
});
const play = createController({ root, s, view, store, openings, kind: KIND, foxes: FOXES });
const share = createShare({ root, s, view, play });

function bind() {
  const handlers = {
    "new-game": () => play.requestNew("new",
      { ...play.formSettings(), geese: s.live?.geese, sideways: s.live?.sideways }),
    "undo": play.undo,
    "flip": play.flip,
    "dismiss-turned": play.dismissTurned,
    "dismiss-huff": play.dismissHuff,
    "copy-link": play.copyLink,
    "first": () => play.browse(0),
    "prev": () => play.browse(s.shown.ply - 1),
    "next": () => play.browse(s.shown.ply + 1),
    "last": () => play.browse(s.live.ply),
    "retry": () => play.startEngine(),
    "confirm": () => play.answer(true),
    "cancel": () => play.answer(false),
    "play-on": () => play.answer("play-on"),
    "restore": play.restore,
    "kinder-table": (button) => play.kinderTable(Number(button.dataset.geese)),
    "play-again": () => play.again(),
    "swap-sides": () => play.again({ swap: true }),
    "stronger": () => play.stronger(1),
    "weaker": () => play.stronger(-1),
    "discard-link": play.discardLink,
    "use-saved": play.backToMine,
    "hint": play.analysis.hint,
    "review": play.analysis.review,
    "stop-review": play.analysis.stopReview,
    // The readable part of a link is still someone's link: played by link.
    "use-prefix": (button) => play.openLink(button.dataset.record),
    "setup": play.editor.open,
    "setup-check": play.editor.check,
    "setup-start": play.editor.start,
    "setup-clear": play.editor.clear,
    "setup-cancel": play.editor.close,
    ...share.handlers,
  };
  root.addEventListener("click", (e) => {
    const button = e.target.closest("[data-action], [data-ply]");
    if (!button || button.disabled) return;
    if (button.dataset.ply && !button.dataset.action) {
      play.browse(Number(button.dataset.ply));
      return;
    }
    handlers[button.dataset.action]?.(button);
  });

  form.addEventListener("change", (e) => play.settingChanged(e.target.name));
  form.addEventListener("submit", (e) => e.preventDefault());
  root.querySelector("#move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    play.typedMove();
  });
  root.querySelector("#paste-form").addEventListener("submit", (e) => {
    e.preventDefault();
    share.pasted(e.target);
  });

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      // Anywhere on the page: drop the piece chosen, or answer "no".
      if (s.question) play.answer(false);
      else if (s.setup) play.editor.close();
      else view.board.drop();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey || !s.live) return;
    if (e.target.closest("input, select, textarea, svg")) return;
    const keys = {
      ArrowLeft: () => play.browse(s.shown.ply - 1), ArrowRight: () => play.browse(s.shown.ply + 1),
      Home: () => play.browse(0), End: () => play.browse(s.live.ply),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });

  window.addEventListener("hashchange", () => {
    if (s.engine === "ready") play.openLink(readFragment());
  });
  // Other tabs: a game saved there is shown here as it is now.
  window.addEventListener("storage", (e) => {
    if (s.game && e.key === store.key(s.game.id) && e.newValue) play.checkOtherTabs();
  });
  window.addEventListener("focus", play.checkOtherTabs);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) {
      play.checkOtherTabs();
      play.computerTurn();
    }
  });

  hooks.install({
    kill: () => play.session.worker?.terminate(),
    hang: () => { if (play.session.ready && s.live) play.session.hang(s.live.record); },
  });
}

// The game this tab shows first, read before the board is set up; the settings say at once
// what the game will be (they stay hidden until then, like the board).
const first = firstGame(store, openings, play.formSettings());
if (first.game) showEarly(s, first);
s.early = first.roles ?? null;
s.blank = Boolean(first.blank);
s.hint = stored(HINT_KEY) !== "true";
s.turnedSeen = stored(TURNED_KEY) === "true";
s.huffSeen = stored(HUFF_KEY) === "true";
view.renderSettings(s);
setTimeout(() => {
  view.mountBoard({
    onMove: play.move,
    onIllegal: play.explainIllegal,
    onSelect: play.selected,
    onChain: play.chain,
    onBlocked: play.blocked,
    onCancel: play.cancelled,
    onEdit: play.editor.point,
  });
  view.render(s);
  view.foldSettings();
  bind();
  play.computerTurn(); // a computer that begins plays its first move from the book
  setTimeout(() => play.startEngine());
});
