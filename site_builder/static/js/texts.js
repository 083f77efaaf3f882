// Every text the play page shows or speaks, in one place. Codes from the engine (reasons a
// move is refused, why a link cannot be read, why a game ended) are written out literally,
// so a test can check that each one the engine can send has a text here.

import { t, tn } from "./i18n.js";

export function illegalText(code) {
  switch (code) {
    case "not-your-piece": return t("That piece belongs to the other side.");
    case "no-piece": return t("There is no piece there.");
    case "occupied": return t("That point is taken.");
    case "goose-backward": return t("Geese cannot move backward.");
    case "goose-sideways": return t("Geese cannot move sideways in this game.");
    case "geese-cannot-jump": return t("Geese cannot jump.");
    case "capture-compulsory": return t("A capture is compulsory: a fox that can jump must jump.");
    case "chain-must-continue": return t("The fox must keep jumping while it can.");
    case "ambiguous-chain": return t("Several jumps lead there: click each landing point in turn.");
    case "not-a-jump": return t("A jump goes over one goose to the empty point just behind it, along a line.");
    case "not-a-line": return t("Pieces move one step along a line.");
    case "off-board": return t("That point is not on the board.");
    case "must-place": return t("Every goose in hand must be placed before one on the board may move.");
    case "none-in-hand": return t("There is no goose in hand to place.");
    case "one-jump-per-move": return t("Only one jump per move in this game.");
    case "game-over": return t("The game is over.");
    case "no-moves": return t("This piece cannot move now.");
    case "bad-notation": return t("Write a move as its two points, such as d4-d5, or a jump as d4xd6.");
    default: return t("That move is not allowed.");
  }
}

// Which side won, in words; n is the number of foxes in the game.
export function winnerText(result, n) {
  if (result === "fox") return tn("The fox wins.", "The foxes win.", n);
  if (result === "geese") return t("The geese win.");
  return t("The game is drawn.");
}

export function reasonText(reason, n) {
  switch (reason) {
    case "goose-count": return tn("Too few geese are left to trap the fox.", "Too few geese are left to trap the foxes.", n);
    case "pen-full": return t("The geese have filled the pen.");
    case "foxes-gone": return t("No fox is left on the board.");
    case "fox-trapped": return tn("The fox cannot move.", "The foxes cannot move.", n);
    case "geese-blocked": return t("The geese cannot move.");
    case "threefold-repetition": return t("The same position came up for the third time.");
    case "hundred-ply-rule": return t("Fifty moves each without a capture or a goose moving forward.");
    default: return "";
  }
}

// What a move did besides moving (the engine's "events").
export function eventText(event) {
  switch (event) {
    case "huff": return t("Every fox that could have captured has been removed from the board.");
    default: return "";
  }
}

// The result as the player sees it: against the computer or a friend it is "you" who won.
export function headlineText(state, mode, side, n) {
  if (!state.result || state.result === "draw") return state.result ? t("Draw.") : "";
  if (mode === "two") return winnerText(state.result, n);
  if (state.result === side) return t("You won!");
  return mode === "computer" ? t("The computer won.") : t("Your friend won.");
}

// A short result for the end of the move list.
export function resultLineText(result, n) {
  if (result === "fox") return tn("Fox wins", "Foxes win", n);
  if (result === "geese") return t("Geese win");
  return t("Draw");
}

export function sideText(side, n) {
  return side === "fox" ? tn("the fox", "the foxes", n) : t("the geese");
}

export function yourMoveText(side, n) {
  return side === "fox" ? tn("Your move, with the fox.", "Your move, with the foxes.", n)
    : t("Your move, with the geese.");
}

export function toMoveText(side, n) {
  return side === "fox" ? tn("Fox to move", "Foxes to move", n) : t("Geese to move");
}

export function thinkingText() {
  return t("The computer is thinking…");
}

// Your first move was made before the engine had loaded: the computer's reply waits for it.
export function replyWhenReadyText() {
  return t("The computer will reply as soon as the game engine has loaded.");
}

// Play by link: who you are, what happened, what to do next.
export function linkStatusText({ side, toMove, last, n, fresh }) {
  const you = t("You play %(side)s.", { side: sideText(side, n) });
  if (toMove === side) {
    // Nothing has been sent yet before the first move: the link goes to the friend, not back.
    if (!last) return [you, t("Make your move, then send the link to your friend.")].join(" ");
    return [you, t("Your friend played %(move)s.", { move: last }),
      t("Make your move, then send the link back.")].join(" ");
  }
  if (last && !fresh) return [you, t("You played %(move)s.", { move: last }),
    t("Send the link to your friend and wait for the reply.")].join(" ");
  return [you, t("Your friend moves first: send them the link.")].join(" ");
}

export function tableText(geese, sideways, hasOption) {
  if (!hasOption) return tn("%(num)s goose in the game", "%(num)s geese in the game", geese);
  return sideways ? tn("%(num)s goose, sideways steps allowed", "%(num)s geese, sideways steps allowed", geese)
    : tn("%(num)s goose, no sideways steps", "%(num)s geese, no sideways steps", geese);
}

// Whom the player plays, beside the table: on a phone the settings that say it are folded away.
export function opponentText(mode, level) {
  if (mode === "two") return t("Two players on this device");
  if (mode === "link") return t("Against a friend, by link");
  if (level === "easy") return t("Against the computer (easy)");
  if (level === "hard") return t("Against the computer (hard)");
  return t("Against the computer (medium)");
}

export function tallyText(n) {
  return tn("%(num)s goose left", "%(num)s geese left", n);
}

// Browsing the moves, counted the way the move list numbers them (a move is the fox's and
// the geese's turn together).
export function browsingText(ply, total) {
  if (ply === 0) return t("Looking at the starting position.");
  return t("Looking at move %(move)s of %(total)s.",
    { move: Math.ceil(ply / 2), total: Math.ceil(total / 2) });
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
    case "must-jump": return tn("A capture is compulsory: the marked fox must jump.",
      "A capture is compulsory: a marked fox must jump.", n);
    default: return "";
  }
}

export function linkErrorText(error) {
  const reason = error.reason ? illegalText(error.reason) : "";
  switch (error.code) {
    case "illegal-move":
      return t("Move %(ply)s in this link, %(move)s, is not allowed: %(reason)s",
        { ply: error.ply, move: error.move, reason });
    case "bad-notation":
      return t("Move %(ply)s in this link is not written as a move.", { ply: error.ply });
    case "bad-options":
      return t("This link asks for game settings that do not exist.");
    case "bad-version":
      return t("This link was made by a newer or unknown version of this site.");
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

export function otherGameText(name) {
  return t("Open it on the page of %(game)s", { game: name });
}

export function otherKindText() {
  return t("This link holds a game of another kind.");
}

export function pointLabel(name, kind) {
  if (kind === "fox") return t("%(point)s, fox", { point: name });
  if (kind === "goose") return t("%(point)s, goose", { point: name });
  return t("%(point)s, empty", { point: name });
}

// A move in words for screen readers, from the engine's move ({move, path, captures}): a
// capture says what it took.
export function moveWords({ move, captures }) {
  if (!captures.length) return move;
  return tn("%(move)s: the fox takes %(num)s goose.", "%(move)s: the fox takes %(num)s geese.",
    captures.length, { move });
}

// The capture gets a sentence of its own: wrapping moveWords, which ends a sentence itself,
// would end this one twice.
export function computerPlayedText({ move, captures }) {
  if (!captures.length) return t("The computer played %(move)s.", { move });
  return tn("The computer played %(move)s: the fox takes %(num)s goose.",
    "The computer played %(move)s: the fox takes %(num)s geese.", captures.length, { move });
}

export function selectedText(point, targets) {
  if (!targets.length) return t("%(point)s chosen. This piece cannot move now.", { point });
  return t("%(point)s chosen. It can go to %(targets)s.", { point, targets: targets.join(", ") });
}

export function chainText(canStop) {
  return canStop ? t("Jump on by clicking the next landing point, or click the fox again to stop here.")
    : t("The fox must jump on: click the next landing point.");
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

// What goes with the link in a share sheet: an invitation when the one it goes to moves next.
export function inviteText(game) {
  return t("Your move in our game of %(game)s.", { game });
}

export function sharedGameText(game) {
  return t("A game of %(game)s, as it stands.", { game });
}

export function computerFailedText(error) {
  return t("The computer could not move: %(error)s", { error: errorText(error) });
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
// verdict, and why a position set up by hand cannot be played. n is the number of foxes.
export function hintText(hint, n) {
  switch (hint.reason) {
    case "wins": return tn("With best play this move wins in %(num)s move, counting both sides.",
      "With best play this move wins in %(num)s moves, counting both sides.", hint.plies);
    case "holds-out": return tn("The game is lost with best play, and this move holds out longest (%(num)s move, counting both sides).",
      "The game is lost with best play, and this move holds out longest (%(num)s moves, counting both sides).", hint.plies);
    case "only-move": return t("This is the only move.");
    case "captures": return tn("This move takes %(num)s goose.", "This move takes %(num)s geese.", hint.count);
    case "threatens": return t("This move threatens the goose on %(point)s.", { point: hint.point });
    case "keeps-fox-from": return tn("This move keeps the fox from %(point)s.", "This move keeps the foxes from %(point)s.",
      n, { point: hint.point });
    case "best":
    default: return t("This is the move the computer would play at the hard level.");
  }
}

export function markText(mark) {
  switch (mark) {
    case "inaccurate": return t("Inaccuracy");
    case "mistake": return t("Mistake");
    case "good":
    default: return t("Good move");
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

// geese: the table's number of geese.
export function setupProblemText(problem, n, geese) {
  const points = problem.points.join(", ");
  switch (problem.code) {
    case "not-a-point": return t("Pieces must stand on the points of the board (%(points)s).", { points });
    case "two-on-a-point": return t("Only one piece can stand on a point (%(points)s).", { points });
    case "fox-count": return tn("This game is played with %(num)s fox.", "This game is played with %(num)s foxes.", n);
    case "too-many-geese": return tn("This game has at most %(num)s goose.", "This game has at most %(num)s geese.", geese);
    case "too-few-geese": return t("With so few geese the fox side has already won.");
    case "goose-behind-start": return t("No goose can get to %(points)s, since geese never move backward.", { points });
    case "bad-side": return t("Choose the side to move.");
    case "game-over": return [t("This position is already over."), reasonText(problem.reason, n)].join(" ");
    default: return t("This position cannot be played.");
  }
}

// Sharing the game (play/share.js): the picture's caption, what the buttons did, and why a
// pasted text does not open (game/record_text.py names the line at fault).
export function pictureMoveText(ply) {
  if (ply === 0) return t("The starting position");
  return t("Move %(move)s", { move: Math.ceil(ply / 2) });
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
      return t("Line %(line)s: the move %(move)s is not allowed: %(reason)s",
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
