// Unit tests of the hint's and the review's state queries (play/analysis-state.js), run under
// Node like state.test.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  canReview, chartTop, exactAfter, hintOffered, hintsUsed, markCounts, reviewMoveProgress, reviewProgress, reviewShown,
  shownAdvice, turnOf, valueSeries, whyNoHint,
} from "../../site_builder/static/js/play/analysis-state.js";
import { createState } from "../../site_builder/static/js/play/state.js";

function playing({ mode = "computer", side = "fox", toMove = "fox", moves = [], result = null } = {}) {
  const s = createState({ defaults: { mode: "computer", side: "fox" } });
  s.engine = "ready";
  s.game = { mode, side, level: "hard" };
  s.live = s.shown = { ply: moves.length, to_move: toMove, moves, result, record: `r${moves.length}`,
    legal: [{ move: "d4-d5", path: ["d4", "d5"], captures: [] }], pieces: {} };
  return s;
}

function row(ply, side, mark = "good", extra = {}) {
  return { ply, side, move: `m${ply}`, mark, before: 0, after: 0, loss: 0, verdict: null,
    exact_before: null, exact_after: null, best: null, ...extra };
}

test("a hint is offered against the computer and to two players, never by link", () => {
  assert.equal(whyNoHint(playing()), "");
  assert.equal(whyNoHint(playing({ mode: "two", toMove: "geese" })), "");
  const link = playing({ mode: "link" });
  assert.equal(hintOffered(link), false);
  assert.equal(whyNoHint(link), "link");
});

test("a hint waits for the player's turn, the engine and an answer already asked for", () => {
  assert.equal(whyNoHint(playing({ toMove: "geese" })), "not-yours");
  const loading = playing();
  loading.engine = "loading";
  assert.equal(whyNoHint(loading), "loading");
  assert.equal(whyNoHint(playing({ result: "fox" })), "over");
  const waiting = playing();
  waiting.adviceWaiting = true;
  assert.equal(whyNoHint(waiting), "waiting");
});

test("a hint shows only for the position it was asked in, and not while looking back", () => {
  const s = playing({ moves: ["a", "b"] });
  s.advice = { move: "d4-d5", record: "r2", path: ["d4", "d5"] };
  assert.equal(shownAdvice(s), s.advice);
  s.shown = { ...s.live, ply: 1 };
  assert.equal(shownAdvice(s), null);
  s.shown = s.live = { ...s.live, record: "r3" };
  assert.equal(shownAdvice(s), null);
});

test("hints are counted with the game", () => {
  const s = playing();
  assert.equal(hintsUsed(s), 0);
  s.game.hints = 2;
  assert.equal(hintsUsed(s), 2);
});

test("a review stays with its moves as the game goes on, and goes with them", () => {
  const s = playing({ moves: ["a", "b", "c"] });
  assert.equal(canReview(s), true);
  s.review = { moves: ["a", "b"], rows: {}, next: null, running: false, stopped: false, failed: false };
  assert.equal(reviewShown(s), s.review);
  assert.equal(canReview(s), true); // a move was played since: the moves so far may be reviewed
  s.review.moves = ["a", "b", "c"];
  assert.equal(canReview(s), false); // done for these moves
  s.review.stopped = true;
  assert.equal(canReview(s), true);
  s.review.running = true;
  assert.equal(canReview(s), false);
  s.review.moves = ["a", "x"];
  assert.equal(reviewShown(s), null);
  assert.equal(canReview(playing()), false); // no moves
});

test("a link game is reviewed only once it is over", () => {
  assert.equal(canReview(playing({ mode: "link", moves: ["a"] })), false);
  assert.equal(canReview(playing({ mode: "link", moves: ["a"], result: "geese" })), true);
});

test("the review's progress counts the moves done from the last back", () => {
  const r = { moves: ["a", "b", "c", "d"], rows: {}, next: 4 };
  assert.deepEqual(reviewProgress(r), { done: 0, total: 4 });
  r.next = 1;
  assert.deepEqual(reviewProgress(r), { done: 3, total: 4 });
  r.next = null;
  assert.deepEqual(reviewProgress(r), { done: 4, total: 4 });
});

test("the review's words count moves as the move list numbers them, not plies", () => {
  // 87 plies, the fox first: the list's last move is 44 (its fox half alone).
  const r = { moves: Array.from({ length: 87 }, (_, i) => `m${i}`), rows: {}, next: 87 };
  assert.deepEqual(reviewMoveProgress(r, 0), { done: 0, total: 44 });
  r.next = 86; // ply 87 done: move 44 is whole
  assert.deepEqual(reviewMoveProgress(r, 0), { done: 1, total: 44 });
  r.next = 85; // plies 86 and 87: move 43 is still half done
  assert.deepEqual(reviewMoveProgress(r, 0), { done: 1, total: 44 });
  r.next = 84;
  assert.deepEqual(reviewMoveProgress(r, 0), { done: 2, total: 44 });
  r.next = null;
  assert.deepEqual(reviewMoveProgress(r, 0), { done: 44, total: 44 });
  // The geese first (a set-up position): the first move is a half, and the numbers shift.
  const set = { moves: ["a", "b", "c"], rows: {}, next: 1 };
  assert.deepEqual(reviewMoveProgress(set, 1), { done: 1, total: 2 });
  assert.deepEqual(reviewProgress(set), { done: 2, total: 3 });
});

test("the turn names whose move it was, numbered as the list numbers it", () => {
  const r = { moves: ["a", "b", "c", "d"], next: null, turn: 4,
    rows: { 3: row(3, "fox", "inaccurate"), 4: row(4, "geese", "mistake") } };
  assert.deepEqual(turnOf(r, 0), { side: "geese", move: 2 });
  r.turn = 3;
  assert.deepEqual(turnOf(r, 0), { side: "fox", move: 2 });
  assert.deepEqual(turnOf(r, 1), { side: "fox", move: 2 });
  r.turn = null;
  assert.equal(turnOf(r, 0), null);
});

test("values are the fox side's, from the moves reviewed so far", () => {
  const r = {
    moves: ["a", "b", "c", "d"], next: 2,
    rows: { 3: row(3, "fox", "good", { before: 50, after: 40 }), 4: row(4, "geese", "mistake", { before: -40, after: -300 }) },
  };
  assert.deepEqual(valueSeries(r), [null, null, 50, 40, 300]);
});

test("the chart's top is the win on the count where it is below the cap", () => {
  assert.equal(chartTop(5, 1000), 500); // Bagh-Chal: five goats
  assert.equal(chartTop(10, 1000), 1000); // 13 geese: ten
  assert.equal(chartTop(16, 1000), 1000); // Asalto: sixteen rebels
  assert.equal(chartTop(undefined, 1000), 1000); // a saved game drawn before the engine's state
});

test("the exact winner after a move comes from either neighbouring row", () => {
  const geese = { winner: "geese", plies: 5 };
  const r = { moves: ["a", "b"], rows: { 2: row(2, "geese", "good", { exact_before: geese }) } };
  assert.deepEqual(exactAfter(r, 1), geese);
  assert.equal(exactAfter(r, 2), null);
  assert.equal(exactAfter(null, 1), null);
});

test("marks are counted per side", () => {
  const r = { moves: [], rows: { 1: row(1, "fox", "mistake"), 2: row(2, "geese", "inaccurate"), 3: row(3, "fox") } };
  assert.deepEqual(markCounts(r), { fox: { inaccurate: 0, mistake: 1 }, geese: { inaccurate: 1, mistake: 0 } });
});
