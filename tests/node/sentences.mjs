// Every sentence the play page builds from parts at run time (its status line, its messages and
// what a screen reader hears after a move, what a lesson's or a puzzle's move did), composed by
// the page's own functions (texts.js and view.js's statusText) in one locale for one game, for
// every kind of move and every ending. Reads {catalog, phrases, codes, moves, foxes,
// sidewaysOption} as JSON on stdin: the catalog and the game's phrasebook as the builder embeds
// them in the page (i18n.js_catalog, phrasebook.Phrases.page_data), the engine's codes, the move
// views of the kinds the game has, its number of foxes and whether it has the sideways option;
// prints [[what, sentence], ...] as JSON. tests/test_punctuation.py checks them with the rules it
// checks the catalogs with.
// Usage: node tests/node/sentences.mjs < input.json
import { readFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
// What i18n.js and the board read when they load: the page's embedded catalog, no media.
const embedded = { i18n: input.catalog, phrases: input.phrases };
globalThis.document = {
  getElementById: (id) => (id in embedded ? { textContent: JSON.stringify(embedded[id]) } : null),
  documentElement: { lang: input.catalog.lang, dataset: {} },
};
globalThis.matchMedia = () => ({ matches: false, addEventListener() {} });

const text = await import("../../site_builder/static/js/texts.js");
const { statusText } = await import("../../site_builder/static/js/play/view.js");
const { createState } = await import("../../site_builder/static/js/play/state.js");

const { codes, moves } = input;
// Whether the game has pieces to place (a placement's path is one point).
const placing = moves.some((m) => m.path.length === 1);
const out = [];
const add = (what, sentence) => out.push([what, sentence]);
const SIDES = ["fox", "geese"];
// The page's own codes: why a move waits (state.js, whyNoMove, and a fox that must jump), and
// what the board refuses without asking the engine (shared/board.js, the move box).
const BLOCKED = ["loading", "failed", "link-error", "over", "browsing", "friend", "thinking",
  "not-yours", "confirm", "must-jump"];
const BOARD = ["no-moves", "ambiguous-chain", "bad-notation"];

// The page's state with a game on the board (a position reduced to what statusText reads).
function state({ mode, side, toMove = "fox", result = null, reason = null, ply = 4, last = moves[0],
  engine = "ready", ...flags }) {
  const s = createState({ defaults: { mode: "computer", side: "fox" } });
  s.engine = engine;
  s.game = { mode, side, level: "medium" };
  s.live = s.shown = { ply, to_move: toMove, result, reason, last, captures_to_win: 5 };
  return Object.assign(s, flags);
}

// Every status line, with what it describes.
const statuses = [];
for (const n of input.foxes) {
  for (const mode of ["computer", "two", "link"]) {
    for (const side of SIDES) {
      for (const result of codes.results) {
        for (const reason of codes.reasons) {
          statuses.push([`${mode} ${side} ${result} ${reason} n=${n}`,
            statusText(state({ mode, side, result, reason }), n)]);
        }
      }
      for (const toMove of SIDES) {
        for (const engine of ["ready", "loading"]) {
          statuses.push([`${mode} ${side} ${toMove} to move, ${engine}, n=${n}`,
            statusText(state({ mode, side, toMove, engine }), n)]);
        }
        // Every kind of move as the last one (a placement names its point, not "@e4").
        for (const [ply, last] of [[0, null], ...moves.map((m, i) => [i + 1, m])]) {
          statuses.push([`${mode} ${side} ${toMove} to move at ply ${ply}, n=${n}`,
            statusText(state({ mode, side, toMove, ply, last }), n)]);
        }
      }
    }
  }
}
const base = { mode: "computer", side: "fox" };
statuses.push(["thinking", statusText(state({ ...base, toMove: "geese", thinking: true }), 1)]);
for (const engine of ["failed", "restarting"]) {
  statuses.push([engine, statusText(state({ ...base, engine }), 1)]);
}
statuses.push(["link error", statusText(state({ ...base, linkError: { error: { code: "empty" } } }), 1)]);
for (const [at, total] of [[0, 3], [1, 3], [2, 9], [7, 30]]) {
  const s = state({ ...base, ply: total });
  s.shown = { ply: at };
  statuses.push([`browsing ${at} of ${total}`, statusText(s, 1)]);
}
for (const [what, status] of statuses) add(`status: ${what}`, status);

// What is said after each kind of move, by the player or the computer, before every status;
// a huff of the player's move is said again with the computer's reply.
const huff = text.eventText("huff", ["c6"]);
for (const last of moves) {
  add(`computer played ${last.move}`, text.computerPlayedText(last));
  add(`you played ${last.move}`, text.youPlayedText(last));
  add(`in short ${last.move}`, text.moveWords(last));
  for (const [what, status] of statuses) {
    add(`after ${last.move}, ${what}`, text.afterMoveText(last, status));
    add(`after ${last.move} in a link game, ${what}`, text.afterMoveText(last, status, { link: true }));
    add(`after the computer's ${last.move}, ${what}`,
      text.afterMoveText(last, status, { computer: true }));
    add(`after the computer's ${last.move} with a huff before, ${what}`,
      text.afterMoveText(last, status, { computer: true, before: huff, extra: huff }));
  }
}
add("selection cancelled", text.cancelledText());

// The messages that take codes or numbers.
const errors = [
  ...codes.engine.map((code) => ({ code, detail: "x" })),
  ...codes.record.map((code) => ({ code, ply: 3, move: "d4-d5", valid_prefix: "1.fox-and-geese.13" })),
  ...codes.illegal.map((reason) => ({ code: "illegal-move", ply: 3, move: "d4-d5", reason })),
];
for (const error of errors) {
  add(`computer failed: ${error.code} ${error.reason ?? ""}`, text.computerFailedText(error));
  add(`error: ${error.code} ${error.reason ?? ""}`, text.errorText(error));
  add(`pasted: ${error.code} ${error.reason ?? ""}`, text.pasteErrorText({ ...error, line: 3 }));
}
for (const code of [...codes.illegal, ...BOARD, undefined]) add(`illegal: ${code}`, text.illegalText(code));
for (const n of input.foxes) {
  for (const why of BLOCKED) add(`blocked: ${why} n=${n}`, text.blockedText(why, n));
  for (const event of codes.events) add(`event: ${event}`, text.eventText(event, ["c6"]));
}
for (const targets of [[], ["d5"], ["c4", "d5", "e4"]]) {
  add(`selected, ${targets.length} targets`, text.selectedText("d4", targets));
}
for (const canStop of [true, false]) add(`chain, can stop ${canStop}`, text.chainText(canStop));
for (const n of [0, 1, 2, 3, 5, 13, 21, 22]) {
  add(`tally ${n}`, text.tallyText({ geese_left: n, in_hand: n, captured: Math.min(n, 4), captures_to_win: 5,
    pieces: { fox: ["d4"], goose: [] } }));
  add(`prefix ${n}`, text.prefixText(n));
  for (const sideways of [false, true]) {
    for (const option of [input.sidewaysOption]) add(`table ${n} ${sideways} ${option}`, text.tableText(n, sideways, option));
  }
}
for (const reason of codes.reasons) {
  add(`setup game over: ${reason}`, text.setupProblemText({ code: "game-over", points: [], reason,
    captures_to_win: 5 }, 1, 13));
}

// Hint, review and set-up (play/analysis.js, play/setup.js): every reason, mark, verdict and
// problem, for each side and number of foxes. Named "analysis: ..." so a test can tell them.
const analysis = (what, sentence) => add(`analysis: ${what}`, sentence);
for (const n of input.foxes) {
  for (const side of SIDES) {
    for (const reason of codes.hints) {
      for (const plies of [1, 2, 5]) {
        analysis(`hint ${reason} for ${side}, ${plies} plies, n=${n}`,
          text.adviceText({ move: "d4-d5", reason, plies, count: plies, point: "d5" }, side, n));
        // A placement, as the hint's path gives it, in a game with pieces to place.
        if (placing) {
          analysis(`hint to place, ${reason} for ${side}, ${plies} plies, n=${n}`,
            text.adviceText({ move: "@c3", path: ["c3"], reason, plies, count: plies, point: "d5" }, side, n));
        }
      }
    }
    analysis(`exact: ${side} wins, n=${n}`, text.exactText(side, n));
  }
  for (const [fox, geese] of [[0, 0], [1, 2], [3, 1]]) {
    analysis(`review done ${fox}, ${geese}, n=${n}`, text.reviewDoneText(
      { fox: { mistake: fox, inaccurate: geese }, geese: { mistake: geese, inaccurate: fox } }, n));
  }
  for (const value of [1000, -1000, 150, -40, 0]) analysis(`chart ${value}, n=${n}`, text.chartValueText(value, 1000, n));
  for (const code of codes.setup) {
    const problem = { code, points: code === "not-a-point" || code.startsWith("t") ? ["a1"] : ["a1", "b2"],
      reason: "fox-trapped", captures_to_win: 5, most: 13 };
    analysis(`setup ${code}, n=${n}`, text.setupProblemText(problem, n, 13));
    analysis(`link with the start ${code}, n=${n}`,
      text.linkErrorText({ code: "bad-start", problems: [problem, problem] }, n));
  }
  for (const [foxes, geese] of [[0, 0], [1, 1], [2, 13], [4, 22]]) {
    analysis(`setup count ${foxes} ${geese}`, text.setupCountText(foxes, geese));
  }
}
for (const mark of codes.marks) {
  for (const verdict of [null, ...codes.verdicts]) {
    for (const [best, bestPath] of [["d4-d5", ["d4", "d5"]], ["c3-c4", ["c3", "c4"]]]) {
      analysis(`reviewed ${mark} ${verdict} ${best}`, text.reviewedMoveText(
        { ply: 3, move: "d4-d5", path: ["d4", "d5"], mark, verdict, best, best_path: bestPath }, 2));
    }
    // Placements, played and proposed: said as placements.
    if (placing) {
      analysis(`reviewed placement ${mark} ${verdict}`, text.reviewedMoveText(
        { ply: 3, move: "@c3", path: ["c3"], mark, verdict, best: "@b2", best_path: ["b2"] }, 2));
    }
  }
}
// What a lesson's or a puzzle's move did: what it took or huffed, and how the game ended.
for (const n of input.foxes) {
  for (const captures of [[], ["d5"], ["d5", "d7"]]) {
    for (const huffed of [[], ["c6"]]) {
      for (const result of [null, ...codes.results]) {
        for (const reason of result ? codes.reasons : [null]) {
          add(`outcome: ${captures} ${huffed} ${result} ${reason} n=${n}`,
            text.outcomeText({ last: { captures }, huffed, result, reason, captures_to_win: 5 }, n));
        }
      }
    }
  }
}
for (const [done, total] of [[0, 1], [1, 1], [3, 40]]) {
  analysis(`review progress ${done} of ${total}`, text.reviewProgressText(done, total));
  analysis(`review stopped ${done} of ${total}`, text.reviewStoppedText(done, total));
}
for (const hints of [1, 2, 5]) {
  for (const won of [true, false]) analysis(`hints used ${hints}, won ${won}`, text.hintsUsedText(hints, won));
}
for (const move of [0, 1, 12]) {
  analysis(`picture at move ${move}`, text.pictureMoveText(move));
  analysis(`browsing at move ${move}`, text.browsingText(move, 12));
}
analysis("turn", text.turnButtonText(7));

process.stdout.write(JSON.stringify(out));
