// Unit tests of the play page's state queries (site_builder/static/js/play/state.js): pure
// functions of one state object, run under Node without a page. Run by tests/test_page_state.py
// (`node --test tests/node/`).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  boardState, computerToMove, createState, flippedFor, huffNoteShown, linkRoles, moveAt, moveNumber, mustJump, numberShift,
  placing, placingHint, running, turnedNote, undoTarget, urlRequest, whyNoMove,
} from "../../site_builder/static/js/play/state.js";

// An engine state, as api.state gives it, reduced to what the queries read.
function position({ ply = 0, toMove = "fox", legal = [{ move: "d4-d5", path: ["d4", "d5"], captures: [] }], result = null, early = false,
  after = null } = {}) {
  const state = { ply, to_move: toMove, legal, result, record: `r${ply}`, moves: [], pieces: {} };
  if (early) state.early = true;
  if (after) state.after = after;
  return state;
}

function playing({ mode = "computer", side = "fox", engine = "ready", ...at } = {}) {
  const s = createState({ defaults: { mode: "computer", side: "fox" } });
  s.engine = engine;
  s.game = { mode, side, level: "easy" };
  s.live = s.shown = position(at);
  return s;
}

test("a move may be played on the player's turn with the engine ready", () => {
  assert.equal(whyNoMove(playing()), "");
});

test("a failed engine is told from a loading one, whatever the position offers", () => {
  // An opening drawn before the engine holds the outcome of each first move: playable while
  // the engine loads, never once it has failed.
  const opening = { early: true, after: { "d4-d5": position({ ply: 1 }) } };
  assert.equal(whyNoMove(playing({ engine: "loading", ...opening })), "");
  assert.equal(whyNoMove(playing({ engine: "failed", ...opening })), "failed");
  assert.equal(whyNoMove(playing({ engine: "failed" })), "failed");
  assert.equal(whyNoMove(playing({ engine: "loading" })), "loading");
  assert.equal(whyNoMove(playing({ engine: "restarting" })), "loading");
  // The engine's own states need the engine; an early one waits for it to take over.
  assert.equal(whyNoMove(playing({ early: true })), "loading");
});

test("a link in question blocks moves before the engine's status does", () => {
  const s = playing({ engine: "loading" });
  s.linkError = { error: { code: "bad-notation" }, behind: s.live };
  assert.equal(whyNoMove(s), "link-error");
  s.live = s.shown = null; // the link was the first thing opened
  assert.equal(whyNoMove(s), "link-error");
});

test("each other reason a move waits", () => {
  const asked = playing();
  asked.question = { kind: "new" };
  assert.equal(whyNoMove(asked), "confirm");
  assert.equal(whyNoMove(playing({ result: "geese" })), "over");
  const browsing = playing({ ply: 2 });
  browsing.shown = position({ ply: 1 });
  assert.equal(whyNoMove(browsing), "browsing");
  assert.equal(whyNoMove(playing({ mode: "link", side: "geese" })), "friend");
  const thinking = playing({ side: "geese" });
  thinking.thinking = true;
  assert.equal(whyNoMove(thinking), "thinking");
  assert.equal(whyNoMove(playing({ side: "geese" })), "not-yours");
  assert.equal(whyNoMove(playing({ mode: "two", side: "geese" })), "");
  assert.equal(whyNoMove(createState({ defaults: {} })), "loading");
});

test("a move being checked by the engine holds the next until its answer", () => {
  for (const mode of ["computer", "two", "link"]) {
    const s = playing({ mode });
    s.checking = true;
    assert.equal(whyNoMove(s), "checking", mode);
    s.checking = false;
    assert.equal(whyNoMove(s), "", mode);
  }
  // The engine's failure or a link in question outranks it: they are said, the check is not.
  const failed = playing({ engine: "failed" });
  failed.checking = true;
  assert.equal(whyNoMove(failed), "failed");
});

test("undo goes back over the computer's reply, one move by link or on one device", () => {
  assert.equal(undoTarget(playing({ ply: 2 })), 0); // your turn: your move and its reply
  assert.equal(undoTarget(playing({ ply: 1, toMove: "geese" })), 0);
  assert.equal(undoTarget(playing({ side: "geese", ply: 1, toMove: "geese" })), null);
  assert.equal(undoTarget(playing({ ply: 0 })), null);
  assert.equal(undoTarget(playing({ mode: "two", ply: 5, toMove: "geese" })), 4);
  assert.equal(undoTarget(playing({ mode: "link", ply: 3, toMove: "geese" })), 2);
  assert.equal(undoTarget(playing({ mode: "link", ply: 4 })), null); // the friend moved last
  assert.equal(undoTarget(playing({ mode: "link", ply: 3, toMove: "geese", result: "fox" })), null);
  // A finished game against the computer can be taken back.
  assert.equal(undoTarget(playing({ ply: 9, toMove: "geese", result: "fox" })), 8);
});

test("undo waits for a ready engine and a playable link", () => {
  for (const engine of ["loading", "restarting", "failed"]) {
    assert.equal(undoTarget(playing({ engine, ply: 2 })), null, engine);
  }
  const s = playing({ ply: 2 });
  s.linkError = { behind: s.live };
  assert.equal(undoTarget(s), null);
});

test("the foxes that must jump are the engine's, none where it has not said", () => {
  assert.deepEqual(mustJump({ ...position(), must_jump: ["d4", "c5"] }), ["d4", "c5"]);
  assert.deepEqual(mustJump(position()), []); // a saved game drawn before the engine read it
});

test("the computer moves only on its turn, with the engine ready and nothing in question", () => {
  assert.equal(computerToMove(playing({ side: "geese" })), true);
  assert.equal(computerToMove(playing({ side: "geese" }), true), false); // a hidden tab
  assert.equal(computerToMove(playing({ side: "geese", engine: "failed" })), false);
  assert.equal(computerToMove(playing({ side: "fox" })), false);
  assert.equal(computerToMove(playing({ side: "geese", mode: "two" })), false);
  assert.equal(computerToMove(playing({ side: "geese", result: "fox" })), false);
});

test("a game runs once it has begun, until it ends or a link is in question", () => {
  assert.equal(running(playing({ ply: 0 })), false);
  assert.equal(running(playing({ ply: 3, toMove: "geese" })), true);
  assert.equal(running(playing({ ply: 3, result: "geese" })), false);
});

test("the board is turned for a player of the fox, and a flip turns it back", () => {
  const s = playing({ side: "fox" });
  assert.equal(flippedFor(s), true);
  s.manualFlip = true;
  assert.equal(flippedFor(s), false);
  assert.equal(flippedFor(playing({ side: "geese" })), false);
  assert.equal(flippedFor(playing({ mode: "two" })), false);
  // Before there is a game: the roles of a link waiting for the engine.
  const early = createState({ defaults: { mode: "computer", side: "geese" } });
  early.early = { mode: "link", side: "fox" };
  assert.equal(flippedFor(early), true);
});

test("behind a link in question the board shows what the link's readable part holds", () => {
  const s = playing({ ply: 4 });
  const readable = position({ ply: 2 });
  s.linkError = { error: { code: "illegal-move" }, behind: readable };
  assert.equal(boardState(s), readable);
  s.linkError = null;
  assert.equal(boardState(s), s.live);
});

test("the note that the board is turned shows for the fox side until dismissed", () => {
  assert.equal(turnedNote(playing({ side: "fox" })), true);
  assert.equal(turnedNote(playing({ side: "fox", mode: "link" })), true);
  assert.equal(turnedNote(playing({ side: "geese" })), false);
  assert.equal(turnedNote(playing({ side: "fox", mode: "two" })), false);
  const flipped = playing({ side: "fox" });
  flipped.manualFlip = true; // turned back by the player: the right way up
  assert.equal(turnedNote(flipped), false);
  const seen = playing({ side: "fox" });
  seen.turnedSeen = true;
  assert.equal(turnedNote(seen), false);
});

test("the side to move places from its hand when its legal moves are placements", () => {
  const placements = [{ move: "@c3", path: ["c3"], captures: [] }, { move: "@c4", path: ["c4"], captures: [] }];
  assert.equal(placing(position({ toMove: "geese", legal: placements })), true);
  assert.equal(placing(position()), false); // steps and jumps visit two points or more
  assert.equal(placing(position({ legal: [] })), false); // a game over
  assert.equal(placing(null), false); // nothing shown yet
  // A saved game drawn before the engine has read it knows no legal moves.
  assert.equal(placing({ ply: 3, to_move: "geese" }), false);
});

test("the note on huffing shows once a huff was seen, until dismissed, not over a broken link", () => {
  const s = playing();
  assert.equal(huffNoteShown(s), false);
  s.huffNote = true;
  assert.equal(huffNoteShown(s), true);
  s.linkError = { error: { code: "truncated" }, behind: s.live };
  assert.equal(huffNoteShown(s), false);
});

test("while a position is set up no move is played and the computer waits", () => {
  const s = playing({ side: "geese" });
  s.setup = { pieces: { fox: ["d4"], goose: [] }, toMove: "geese", hand: 0 };
  assert.equal(whyNoMove(s), "setup");
  assert.equal(computerToMove(s), false);
  s.setup = null;
  assert.equal(computerToMove(s), true);
});

test("moves are numbered from the side that opens the game, each side keeping its half", () => {
  // Fox and Geese opens with the fox: a game set up with the geese to move begins with the
  // second half of move 1, and the fox's reply is the first half of move 2.
  const geeseFirst = { ply: 3, to_move: "fox" }; // after three moves from a start with the geese to move
  assert.equal(numberShift(geeseFirst, "fox"), 1);
  assert.deepEqual([1, 2, 3].map((ply) => moveNumber(ply, numberShift(geeseFirst, "fox"))), [1, 2, 2]);
  assert.equal(numberShift({ ply: 2, to_move: "fox" }, "fox"), 0); // the fox moved first
  // Asalto and Bagh-Chal open with the rebels and goats (the "geese" side).
  assert.equal(numberShift({ ply: 0, to_move: "geese" }, "geese"), 0);
  assert.equal(numberShift({ ply: 1, to_move: "geese" }, "geese"), 1); // the officers moved first
  assert.deepEqual([1, 2, 3, 4].map((ply) => moveNumber(ply, 0)), [1, 1, 2, 2]);
  // The page's own numbers, from the state it lists: 0 is the starting position.
  const s = createState({ defaults: {}, first: "fox" });
  s.live = { ply: 3, to_move: "fox" };
  assert.deepEqual([0, 1, 2, 3].map((ply) => moveAt(s, ply)), [0, 1, 2, 2]);
  s.first = "geese";
  assert.deepEqual([0, 1, 2, 3].map((ply) => moveAt(s, ply)), [0, 1, 1, 2]);
});

// What a game's URL asks, read back as the URL's query is read (links.js, linkRequest).
function requestOf(game) {
  const query = new URLSearchParams(urlRequest(game));
  return { opponent: query.get("opponent"), side: query.get("side"), level: query.get("level") };
}

test("a computer game's URL opened where it is not saved is that game: same side and level", () => {
  // The record names no side (version 1): whoever opens it would otherwise play by link, the
  // side to move, at the page's level.
  for (const side of ["fox", "geese"]) {
    for (const level of ["easy", "medium", "hard"]) {
      const request = requestOf({ mode: "computer", side, level });
      const other = side === "fox" ? "geese" : "fox";
      assert.deepEqual(linkRoles(request, other, "medium"), { mode: "computer", side, level });
    }
  }
});

test("any other game's URL is its record alone, opened by link as the other side than the sender's", () => {
  for (const mode of ["two", "link"]) {
    assert.equal(urlRequest({ mode, side: "fox", level: "hard" }), "");
    assert.deepEqual(linkRoles(requestOf({ mode, side: "fox", level: "hard" }), "geese", "easy"),
      { mode: "link", side: "geese", level: "easy" });
  }
  assert.equal(urlRequest(null), "");
});

test("a request for the computer alone (the puzzles page) keeps the opener's side and the page's level", () => {
  const puzzle = { opponent: "computer", side: null, level: null };
  assert.deepEqual(linkRoles(puzzle, "fox", "easy"), { mode: "computer", side: "fox", level: "easy" });
  // What this page does not know is not taken on trust.
  const odd = { opponent: "computer", side: "hare", level: "grandmaster" };
  assert.deepEqual(linkRoles(odd, "geese", "medium"), { mode: "computer", side: "geese", level: "medium" });
  // Another opponent asked for is no computer game.
  assert.equal(linkRoles({ opponent: "friend", side: "fox", level: "hard" }, "geese", "easy").mode, "link");
});

test("the first-move hint speaks of placing only to the geese's player, or on their turn", () => {
  assert.equal(placingHint(playing({ side: "geese" })), true);
  assert.equal(placingHint(playing({ side: "fox" })), false);
  assert.equal(placingHint(playing({ mode: "link", side: "fox", toMove: "geese" })), false);
  assert.equal(placingHint(playing({ mode: "two", side: "fox", toMove: "geese" })), true);
  assert.equal(placingHint(playing({ mode: "two", side: "geese", toMove: "fox" })), false);
});
