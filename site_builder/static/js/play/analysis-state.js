// The pure queries of a hint and a review (game/analysis.py through the worker) in the play
// page's one state (state.js: advice, adviceWaiting, review); no DOM and no engine here. The
// controller's half is play/analysis.js; unit-tested under Node (tests/node/).

import { isBrowsing, moveNumber, whyNoMove } from "./state.js";

// Hints are for the side this device plays: against the computer, and for two players on one
// device. Not by link, where each player keeps a side and the other could not see the help.
export function hintOffered(s) {
  return Boolean(s.game) && s.game.mode !== "link";
}

// Why a hint cannot be asked for now, or "".
export function whyNoHint(s) {
  if (!hintOffered(s)) return "link";
  if (s.engine !== "ready") return s.engine === "failed" ? "failed" : "loading";
  const why = whyNoMove(s);
  if (why) return why;
  if (s.adviceWaiting) return "waiting";
  return "";
}

// The hint to show: only for the position it was asked in, while that position is on the board.
export function shownAdvice(s) {
  const a = s.advice;
  return a && s.live && !s.linkError && !isBrowsing(s) && a.record === s.live.record ? a : null;
}

// How many hints the game has used (kept with the game, games.js).
export function hintsUsed(s) {
  return s.game?.hints ?? 0;
}

// The review that belongs to the moves listed: its moves are the first moves of the game shown
// (a review of the moves so far stays with them as the game goes on).
export function reviewShown(s) {
  const r = s.review;
  const list = s.linkError ? null : s.live;
  if (!r || !list || r.moves.length > list.moves.length) return null;
  return r.moves.every((move, i) => move === list.moves[i]) ? r : null;
}

// Whether the moves so far may be reviewed at all: in a link game only once it is over, since a
// review of a running game would help one side as a hint does.
export function reviewOffered(s) {
  return Boolean(s.live && s.game && !s.linkError && s.live.ply > 0)
    && (s.game.mode !== "link" || Boolean(s.live.result));
}

// A review may start when there are moves and none is under way for them.
export function canReview(s) {
  if (s.engine !== "ready" || !reviewOffered(s)) return false;
  const r = reviewShown(s);
  return !r?.running && !(r && r.moves.length === s.live.moves.length && !r.stopped && !r.failed);
}

// How far the review has come: the moves done (it works from the last move back) of all.
export function reviewProgress(r) {
  const total = r.moves.length;
  const done = r.next === null ? total : total - r.next;
  return { done, total };
}

// The same progress in the moves the move list numbers (both sides' halves make a move; shift is
// state.numberShift's), so the words count as the list does: a move is done once all its
// halves are. The bar and #review[data-done] count plies.
export function reviewMoveProgress(r, shift) {
  const { done, total } = reviewProgress(r);
  const moves = total ? moveNumber(total, shift) : 0;
  const todo = total - done; // the review works back: the first plies are the ones left
  return { done: moves - (todo ? moveNumber(todo, shift) : 0), total: moves };
}

// Whose move the game turned at, and its number in the list: {side, move}, or null.
export function turnOf(r, shift) {
  const row = r?.turn ? r.rows[r.turn] : null;
  return row ? { side: row.side, move: moveNumber(row.ply, shift) } : null;
}

// The reviewed move at this ply (counted from 1), or null.
export function reviewRow(r, ply) {
  return r?.rows[ply] ?? null;
}

// The values across the game from the fox's side, in hundredths of a goose: the value of the
// start (the first move's before) and after each reviewed move; null where not reviewed yet.
export function valueSeries(r) {
  const fox = (row, value) => (row.side === "fox" ? value : -value);
  const series = [];
  for (let ply = 0; ply <= r.moves.length; ply++) {
    const row = r.rows[ply];
    const next = r.rows[ply + 1];
    if (row) series.push(fox(row, row.after));
    else if (next) series.push(fox(next, next.before));
    else series.push(null);
  }
  return series;
}

// The top of the value chart, in hundredths of a goose (a goose is 100): the captures that win
// on the count where they are fewer than the cap (Bagh-Chal's five goats), so that the game's
// course is not a thin band in its middle; a proven win is at the top either way.
export function chartTop(capturesToWin, cap) {
  return capturesToWin > 0 ? Math.min(cap, 100 * capturesToWin) : cap;
}

// Who wins with best play from the position after this ply, where the review knows exactly.
export function exactAfter(r, ply) {
  if (!r) return null;
  return r.rows[ply]?.exact_after ?? r.rows[ply + 1]?.exact_before ?? null;
}

// How many moves of each mark the review has found, per side: {fox: {inaccurate, mistake}, ...}.
export function markCounts(r) {
  const counts = { fox: { inaccurate: 0, mistake: 0 }, geese: { inaccurate: 0, mistake: 0 } };
  for (const row of Object.values(r.rows)) {
    if (row.mark !== "good") counts[row.side][row.mark]++;
  }
  return counts;
}
