// Before the engine: the page draws a game at once, the right way up, from what it holds
// without the engine. The engine's state of each table's opening and of the position after
// each first move is made at build time (builder.opening_states), with the computer's first
// replies at each level from the game's book (a state's "reply"); a saved game carries a view
// of its last position (games.js). Such states are marked early: they take a move only before
// the engine is ready, and only one whose outcome the page holds.

import { makeGame, viewState } from "../games.js";
import { earlyOpenerSide, linkRequest, readFragment } from "../links.js";
import { linkRoles } from "./state.js";

export function readOpenings(script) {
  const openings = JSON.parse(script.textContent);
  const mark = (state) => {
    state.early = true;
    for (const next of [...Object.values(state.after ?? {}), ...Object.values(state.reply ?? {})]) {
      mark(next);
    }
  };
  for (const opening of Object.values(openings)) mark(opening);
  return openings;
}

// A new game drawn from the page's opening for these settings. A game by link names its
// sender's side in its record, which only the engine writes: it waits for the engine.
export function draftGame(openings, settings) {
  const opening = Object.values(openings).find((s) => s.geese === settings.geese
    && s.sideways === settings.sideways);
  const state = settings.mode === "link" ? { ...opening, after: null } : opening;
  return { game: makeGame(state, settings), state, draft: true };
}

// The game this tab shows first, before the engine has loaded: a saved game as it was last
// shown (an opening, playable), a new game from the page's openings, or a friend's link the
// way up its opener plays it (its position waits for the engine, which reads links). Read
// before the board is set up: the first read of storage is slow, and the two together would
// be one long task. Returns {game, state, draft}, or {roles, blank}: who plays what (or null)
// and whether the board waits empty for the engine to read a link.
export function firstGame(store, openings, settings) {
  const link = readFragment();
  const current = store.get(store.current());
  const saved = !link ? current ?? store.latestOwn()
    : current?.record === link ? current : store.all().find((g) => g.record === link);
  if (saved) {
    const state = openings[saved.record] ?? viewState(saved);
    if (state) return { game: saved, state: { ...state, early: true } };
    return { roles: saved };
  }
  if (link) {
    const roles = linkRoles(linkRequest(), earlyOpenerSide(link), settings.level);
    return { roles: roles.side ? roles : null, blank: true };
  }
  return draftGame(openings, settings);
}

// Show a game before the engine is ready (nothing is saved: the engine has not seen it).
export function showEarly(s, { game, state, draft = false }) {
  s.game = game;
  s.live = s.shown = state;
  s.draft = draft;
}
