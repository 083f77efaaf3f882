// Every text the play page shows or speaks, in one place. Codes from the engine (reasons a
// move is refused, why a link cannot be read, why a game ended) are written out literally,
// so a test can check that each one the engine can send has a text here.
//
// A text that names pieces is a sentence of the game's phrasebook (phrase, from #phrases:
// content/pieces/, site_builder/phrasebook.py), looked up by key: each set of pieces has whole
// sentences of its own, since languages inflect the nouns. n is the number of foxes (the fox
// side's pieces) where a sentence names them. A key the game's rules never need is missing
// from its phrasebook: where a general sentence serves, it is said instead.

import { decimalText, lang, phrase, pt, t, tn } from "./i18n.js";

const listFormat = new Intl.ListFormat(lang, { type: "conjunction" });

export function illegalText(code) {
  const own = phrase(`illegal.${code}`);
  if (own !== null) return own;
  switch (code) {
    case "not-your-piece": return t("That piece belongs to the other side.");
    case "no-piece": return t("There is no piece there.");
    case "occupied": return t("That point is taken.");
    case "ambiguous-chain": return t("Several jumps lead there: click each landing point in turn.");
    case "not-a-line": return t("Pieces move one step along a line.");
    case "off-board": return t("That point is not on the board.");
    case "one-jump-per-move": return t("Only one jump per move in this game.");
    case "game-over": return t("The game is over.");
    case "no-moves": return t("This piece cannot move now.");
    case "bad-notation": return t("Write a move as its two points, such as d4-d5, or a jump as d4xd6.");
    default: return t("That move is not allowed.");
  }
}

// Which side won, in words.
export function winnerText(result, n) {
  if (result === "fox" || result === "geese") return phrase(`win.${result}`, { foxes: n });
  return t("The game is drawn.");
}

// n: the foxes on the board; toWin: the captures that win (Bagh-Chal's five goats).
export function reasonText(reason, n, toWin) {
  if (reason === "threefold-repetition") return t("The same position came up for the third time.");
  return phrase(`end.${reason}`, { foxes: n, num: toWin }) ?? "";
}

// What a move did besides moving (the engine's "events"); points: the pieces it concerns
// (the view's "huffed").
export function eventText(event, points = []) {
  if (event !== "huff") return "";
  return phrase("event.huff", { num: points.length, points: listFormat.format(points) }) ?? "";
}

// What a move that ends a lesson or a puzzle did (after: the engine's view after it, or a
// puzzle's ending): the pieces it took or huffed, and how the game ended if it did.
export function outcomeText(after, n) {
  const parts = [];
  const { captures } = after.last;
  if (captures.length) {
    parts.push(phrase("said.captured", { num: captures.length, points: listFormat.format(captures) }));
  }
  if (after.huffed?.length) parts.push(eventText("huff", after.huffed));
  if (after.result) parts.push(winnerText(after.result, n), reasonText(after.reason, n, after.captures_to_win));
  return parts.join(" ");
}

export function headlineText(state, mode, side, n) {
  if (!state.result || state.result === "draw") return state.result ? t("Draw.") : "";
  if (mode === "two") return winnerText(state.result, n);
  if (state.result === side) return t("You won!");
  return mode === "computer" ? t("The computer won.") : t("Your friend won.");
}

// A short result for the end of the move list.
export function resultLineText(result, n) {
  if (result === "fox" || result === "geese") return phrase(`result.${result}`, { foxes: n });
  return t("Draw");
}

// Which side the player of a link game plays (a set may say it as "You play %(side)s.").
export function youPlayText(side, n) {
  return phrase(`you-play.${side}`, { side: phrase(`the-side.${side}`, { foxes: n }) });
}

export function yourMoveText(side, n) {
  return phrase(`your-move.${side}`, { foxes: n });
}

export function toMoveText(side, n) {
  return phrase(`to-move.${side}`, { foxes: n });
}

export function thinkingText() {
  return t("The computer is thinking…");
}

// Your first move was made before the engine had loaded: the computer's reply waits for it.
export function replyWhenReadyText() {
  return t("The computer will reply as soon as the game engine has loaded.");
}

// The computer's first reply came from the book before the engine had loaded; the next move
// waits for the engine.
export function movedWhenReadyText() {
  return t("The computer has replied. You can make your move as soon as the game engine has loaded.");
}

// A move as the engine's view gives it ({move, path, captures}) is a placement when its path
// is one point (a piece put down from the hand). Sentences that name a move have a message of
// their own for it, since "played @e4" reads as no move.
const placed = (last) => last.path.length === 1;

// Who played the last move, in a sentence: the friend's move or your own (last: the engine's
// move view).
function friendPlayedText(last) {
  if (placed(last)) return phrase("place.friend", { point: last.path[0] });
  return t("Your friend played %(move)s.", { move: last.move });
}

// Your own move, as the computer's is said (computerPlayedText): what it took, or where a piece
// was placed.
export function youPlayedText(last) {
  if (placed(last)) return phrase("place.you", { point: last.path[0] });
  const { move, captures } = last;
  if (!captures.length) return t("You played %(move)s.", { move });
  return phrase("capture.you", { move, num: captures.length });
}

// Play by link: who you are, what happened, what to do next (last: the engine's view of the
// last move, or null).
export function linkStatusText({ side, toMove, last, n, fresh }) {
  const you = youPlayText(side, n);
  if (toMove === side) {
    // Nothing has been sent yet before the first move: the link goes to the friend, not back.
    if (!last) return [you, t("Make your move, then send the link to your friend.")].join(" ");
    return [you, friendPlayedText(last), t("Make your move, then send the link back.")].join(" ");
  }
  if (last && !fresh) {
    // The status names the move only, as the friend's is named; what it took is said after it.
    const mine = placed(last) ? youPlayedText(last) : t("You played %(move)s.", { move: last.move });
    return [you, mine, t("Send the link to your friend and wait for the reply.")].join(" ");
  }
  return [you, t("Your friend moves first: send them the link.")].join(" ");
}

export function tableText(geese, sideways, hasOption) {
  if (!hasOption) return phrase("table.count", { num: geese });
  return phrase(sideways ? "table.sideways" : "table.no-sideways", { num: geese });
}

// Whom the player plays, beside the table: on a phone the settings that say it are folded away.
export function opponentText(mode, level) {
  if (mode === "two") return t("Two players on this device");
  if (mode === "link") return t("Against a friend, by link");
  if (level === "easy") return t("Against the computer (easy)");
  if (level === "hard") return t("Against the computer (hard)");
  return t("Against the computer (medium)");
}

// The pieces counted beside the board, from the engine's view of the position shown: those the
// game's phrasebook counts (its rules need): the pieces in hand while there are any, the
// captures against those that win, the geese left, the foxes left (huffing takes them).
export function tallyText(view) {
  const counts = [
    view.in_hand ? phrase("tally.in-hand", { num: view.in_hand }) : null,
    phrase("tally.captured", { num: view.captured ?? 0, total: view.captures_to_win }),
    phrase("tally.geese-left", { num: view.geese_left ?? 0 }),
    phrase("tally.foxes-left", { num: view.pieces?.fox.length ?? 0 }),
  ];
  return counts.filter((count) => count !== null).join(" · ");
}

// Browsing the moves, numbered as the move list numbers them (state.js, moveNumber); move 0:
// the starting position.
export function browsingText(move, total) {
  if (move === 0) return t("Looking at the starting position.");
  return t("Looking at move %(move)s of %(total)s.", { move, total });
}

// Why a tap on the board or a typed move is not played now.
export function blockedText(why, n) {
  switch (why) {
    case "loading": return t("Wait until the game engine has loaded.");
    case "failed": return engineUnavailableText();
    case "link-error": return t("This link cannot be played as it is.");
    case "over": return t("The game is over. Start a new one to play again.");
    case "browsing": return t("You are looking at an earlier move: go back to the game to play.");
    case "friend": return t("It is your friend's turn: send them the link.");
    case "thinking": return t("Wait for the computer's move.");
    case "not-yours": return t("That is the computer's side.");
    case "confirm": return t("Answer the question first.");
    case "setup": return t("Play the position you are setting up, or go back to the game, first.");
    case "must-jump": return phrase("blocked.must-jump", { foxes: n });
    default: return "";
  }
}

// n: the number of foxes, where the reason names them.
export function linkErrorText(error, n = 1) {
  const reason = error.reason ? illegalText(error.reason) : "";
  switch (error.code) {
    case "illegal-move":
      return t("Move %(ply)s in this link, %(move)s, is not allowed. %(reason)s",
        { ply: error.ply, move: error.move, reason });
    case "bad-notation":
      return t("Move %(ply)s in this link is not written as a move.", { ply: error.ply });
    case "bad-options":
      return t("This link asks for game settings that do not exist.");
    case "bad-version":
      return t("This link was made by a newer or unknown version of this site.");
    case "bad-start":
      // One reason, the first the engine gives (game/setup.py lists them from the gravest),
      // not a list: the player did not set this position up and cannot mend it here.
      // The reason is a sentence of its own: after a colon its capital would be wrong.
      return [
        t("The position this link starts from cannot be played."),
        ...(error.problems?.length ? [setupProblemText(error.problems[0], n)] : []),
      ].join(" ");
    case "empty":
    case "too-long":
    case "truncated":
    case "unknown-game":
    case "not-a-record":
    default:
      return t("This link does not hold a game that can be read.");
  }
}

// Any error from the engine ({code, ...}: the one shape of game/codes.py), in words.
export function errorText(error) {
  switch (error.code) {
    case "illegal-move": return illegalText(error.reason);
    case "bad-notation": return illegalText("bad-notation");
    case "game-over": return illegalText("game-over");
    case "not-ready": return blockedText("loading");
    case "load-failed":
    case "bad-method":
    case "internal":
    case "worker-failed": return engineUnavailableText();
    default: return linkErrorText(error);
  }
}

export function prefixText(plies) {
  return tn("Continue from the readable part (%(num)s move)",
    "Continue from the readable part (%(num)s moves)", plies, { num: plies });
}

export function otherKindText() {
  return t("This link holds a game of another kind.");
}

export function pointLabel(name, kind) {
  if (kind) return phrase(`label.${kind}`, { point: name });
  return t("%(point)s, empty", { point: name });
}

// A move in short for screen readers, from the engine's move ({move, path, captures}), where
// what it took is said after it (a lesson's or a puzzle's outcome): its notation, or for a
// piece placed from the hand (a path of one point) where it went.
export function moveWords(last) {
  if (placed(last)) return phrase("place.said", { point: last.path[0] });
  return `${last.move}.`;
}

// The capture gets a sentence of its own: a capture said after the move would end one
// sentence twice.
export function computerPlayedText(last) {
  const { move, path, captures } = last;
  if (placed(last)) return phrase("place.computer", { point: path[0] });
  if (!captures.length) return t("The computer played %(move)s.", { move });
  return phrase("capture.computer", { move, num: captures.length });
}

// What a screen reader hears after a move: the move in a sentence (the computer's, or your
// own), what else happened (extra: a huff), then the status line as it is after it. A link
// game's status names your own move already: it is said again only for what it took.
// before: what was said of the move before the computer's reply (a huff), said again with it.
export function afterMoveText(last, status, { computer = false, extra = "", link = false, before = "" } = {}) {
  const said = computer ? computerPlayedText(last) : link && !last.captures.length ? "" : youPlayedText(last);
  return [before, said, extra, status].filter(Boolean).join(" ");
}

// Escape dropped the piece chosen.
export function cancelledText() {
  return t("Selection cancelled: no piece is chosen.");
}

export function selectedText(point, targets) {
  if (!targets.length) return t("%(point)s chosen. This piece cannot move now.", { point });
  return t("%(point)s chosen. It can go to %(targets)s.", { point, targets: targets.join(", ") });
}

// canStop: the chain may end here; otherwise it must go on (where capturing is compulsory).
export function chainText(canStop) {
  return phrase(canStop ? "chain.may-stop" : "chain.must-go-on") ?? "";
}

export function confirmText(kind) {
  switch (kind) {
    case "mode": return t("Change the opponent? Start a new game (the one in progress is put aside), or play on from this position.");
    case "side": return t("Change sides? Start a new game (the one in progress is put aside), or play on from this position.");
    case "table": return t("Change the table? That starts a new game; the one in progress is put aside.");
    default: return t("Start a new game? The one in progress is put aside.");
  }
}

export function discardedText() {
  return t("The previous game was put aside.");
}

export function restoredText() {
  return t("Your game is back.");
}

export function otherTabText() {
  return t("This game went on in another tab; you see it as it is now.");
}

export function movedOnText() {
  return t("You have answered this link already: here is your game as it stands now.");
}

export function linkOpenedText() {
  return t("You opened a friend's game. Your own game is kept.");
}

export function copiedText() {
  return t("Link copied. Send it to your friend.");
}

export function copyByHandText() {
  return t("The link could not be copied. Copy it by hand:");
}

export function computerFailedText(error) {
  return t("The computer could not move. %(error)s", { error: errorText(error) });
}

export function engineStoppedText() {
  return t("The game engine stopped. Starting it again…");
}

export function engineUnavailableText() {
  return t("The game engine is not available.");
}

export function waitingText() {
  return t("The board is ready as soon as the game engine has loaded.");
}

// Analysis (game/analysis.py): why a hint's move is good, a reviewed move's mark and exact
// verdict, and why a position set up by hand cannot be played. n is the number of foxes. A
// sentence that names the side to move is one sentence of the phrasebook per side.

// Moves of the side to move, from plies counting both sides: the winner makes the last move.
const ownMoves = (plies) => Math.ceil(plies / 2);

export function hintText(hint, side, n) {
  switch (hint.reason) {
    case "wins":
    case "holds-out": return phrase(`hint.${hint.reason}.${side}`, { num: ownMoves(hint.plies ?? 0) });
    case "captures": return phrase("hint.captures", { num: hint.count });
    case "threatens": return phrase("hint.threatens", { point: hint.point });
    case "keeps-fox-from": return phrase("hint.keeps-fox-from", { point: hint.point, foxes: n });
    case "only-move": return t("This is the only move.");
    case "best":
    default: return t("This is the move the computer would play at the hard level.");
  }
}

// The hint's move and why, in one line; a placement (a path of one point) says where.
export function adviceText(hint, side, n) {
  const reason = hintText(hint, side, n);
  if (hint.path?.length === 1) return phrase("hint.place", { point: hint.path[0], reason });
  return t("Hint: %(move)s. %(reason)s", { move: hint.move, reason });
}

export function hintWaitText() {
  return t("Looking for a good move…");
}

// How many hints a game used, said at its end: "you won with 2 hints" against the computer.
export function hintsUsedText(hints, won) {
  if (won) return tn("You won with %(num)s hint.", "You won with %(num)s hints.", hints);
  return tn("%(num)s hint was used in this game.", "%(num)s hints were used in this game.", hints);
}

// A reviewed move's mark: the symbol shown beside the move and its words for a screen reader.
export const MARK_SYMBOLS = { good: "", inaccurate: "?!", mistake: "?" };

export function markText(mark) {
  switch (mark) {
    case "inaccurate": return pt("review mark", "Inaccuracy");
    case "mistake": return pt("review mark", "Mistake");
    case "good":
    default: return pt("review mark", "Good move");
  }
}

export function verdictText(verdict) {
  switch (verdict) {
    case "keeps-win": return t("This move keeps the win.");
    case "lets-win-go": return t("This move lets the win go.");
    case "already-lost": return t("The game was already lost with best play.");
    default: return "";
  }
}

// Who wins with best play from a position the review knows exactly.
export function exactText(winner, n) {
  return phrase(winner === "geese" ? "exact.geese" : "exact.fox", { foxes: n });
}

// A reviewed move in words: its number (as the move list numbers it), mark, verdict and the
// engine's choice where it differs.
export function reviewedMoveText(row, move) {
  const played = placed(row) ? phrase("place.played", { point: row.path[0] }) : row.move;
  const parts = [t("%(mark)s: move %(move)s, %(played)s.", { move, played, mark: markText(row.mark) })];
  if (row.verdict) parts.push(verdictText(row.verdict));
  if (row.best && row.best !== row.move && row.mark !== "good") {
    parts.push(placed({ path: row.best_path })
      ? phrase("place.computer-would", { point: row.best_path[0] })
      : t("The computer would have played %(move)s.", { move: row.best }));
  }
  return parts.join(" ");
}

export function reviewProgressText(done, total) {
  return tn("Reviewing the game: %(done)s of %(num)s move done.",
    "Reviewing the game: %(done)s of %(num)s moves done.", total, { done });
}

export function reviewStoppedText(done, total) {
  return tn("Review stopped after %(done)s of %(num)s move.",
    "Review stopped after %(done)s of %(num)s moves.", total, { done });
}

export function reviewFailedText() {
  return t("The review could not be finished.");
}

// The review's result for each side, said once it is done.
export function reviewDoneText(counts, n) {
  const side = (c) => [tn("%(num)s mistake", "%(num)s mistakes", c.mistake),
    tn("%(num)s inaccuracy", "%(num)s inaccuracies", c.inaccurate)].join(", ");
  return [t("Review done."), phrase("review.fox", { counts: side(counts.fox), foxes: n }),
    phrase("review.geese", { counts: side(counts.geese) })].join(" ");
}

// Where the game turned, by whose move it was.
export function turnButtonText(move, side, n) {
  return phrase(side === "geese" ? "turn.geese" : "turn.fox", { move, foxes: n });
}

// The value chart's table: a value in geese from the fox's side, or a proven win.
export function chartValueText(value, cap, n) {
  if (value === null) return "";
  if (value >= cap) return phrase("chart.fox-wins", { foxes: n });
  if (value <= -cap) return phrase("chart.geese-win");
  const geese = value / 100;
  return `${geese > 0 ? "+" : geese < 0 ? "−" : ""}${decimalText(Math.abs(geese))}`;
}

// Why a set-up position cannot be played; geese: the table's number of geese (the problem's
// own "most" where it gives one). A code whose sentence would name pieces is the phrasebook's.
export function setupProblemText(problem, n, geese = problem.most) {
  const points = problem.points.join(", ");
  const own = phrase(`setup.${problem.code}`, { foxes: n, geese, points });
  if (own !== null) return own;
  switch (problem.code) {
    case "not-a-point": return t("Pieces must stand on the points of the board (%(points)s).", { points });
    case "two-on-a-point": return t("Only one piece can stand on a point (%(points)s).", { points });
    case "bad-side": return t("Choose the side to move.");
    case "game-over":
      return [t("This position is already over."), reasonText(problem.reason, n, problem.captures_to_win)].join(" ");
    default: return t("This position cannot be played.");
  }
}

// The editor of a position set up by hand (play/setup.js).
export function setupOpenedText() {
  return t("Setting up a position: choose a piece, then the points to put it on.");
}

export function setupStartText() {
  return t("The start position is on the board.");
}

export function setupClearedText() {
  return t("The board is empty.");
}

export function setupPlayableText() {
  return t("This position can be played.");
}

// The pieces put down so far.
export function setupCountText(foxes, geese) {
  return [phrase("setup.foxes-on-board", { num: foxes }), phrase("setup.geese-on-board", { num: geese })]
    .join(" · ");
}

// Sharing the game (play/share.js): the picture's caption, what the buttons did, and why a
// pasted text does not open (game/record_text.py names the line at fault).
// move: as the move list numbers it; 0: the starting position.
export function pictureMoveText(move) {
  if (move === 0) return t("The starting position");
  return t("Move %(move)s", { move });
}

export function pictureSiteText(site) {
  return t("Play at %(site)s", { site });
}

export function pictureSavedText() {
  return t("The picture of the board is downloaded.");
}

export function animationProgressText(done, total) {
  return t("Drawing the game: position %(done)s of %(total)s…", { done, total });
}

export function animationSavedText() {
  return t("The game is downloaded as an animated picture.");
}

export function shareFailedText() {
  return t("The picture could not be made in this browser.");
}

export function textCopiedText() {
  return t("The game is copied as text. Paste it on this page to open it again.");
}

export function copyTextByHandText() {
  return t("The text could not be copied. Copy it by hand:");
}

export function pasteErrorText(error) {
  const line = error.line;
  switch (error.code) {
    case "empty": return t("Paste the text of a game first.");
    case "illegal-move":
      return t("Line %(line)s: the move %(move)s is not allowed. %(reason)s",
        { line, move: error.move, reason: illegalText(error.reason) });
    case "bad-notation": return t("Line %(line)s is not written as a move.", { line });
    case "bad-options": return t("Line %(line)s asks for game settings that do not exist.", { line });
    case "unknown-game": return t("Line %(line)s names a game this site does not have.", { line });
    case "bad-version": return t("Line %(line)s was written by a newer or unknown version of this site.", { line });
    case "bad-line": return t("Line %(line)s is not part of a game's text.", { line });
    case "wrong-result": return t("Line %(line)s: the moves do not lead to this result.", { line });
    case "truncated": return t("The text does not say which game it is or with which settings.");
    case "too-long":
    case "not-a-record":
    default:
      return line ? t("Line %(line)s cannot be read.", { line }) : t("This text does not hold a game that can be read.");
  }
}
