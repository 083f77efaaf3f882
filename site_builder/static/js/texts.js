// Every text the play page shows or speaks, in one place. Codes from the engine (reasons a
// move is refused, why a link cannot be read, why a game ended) are written out literally,
// so a test can check that each one the engine can send has a text here.
//
// A text that names pieces is a whole message for each game's pieces (foxes and geese,
// Asalto's officers and rebels, Bagh-Chal's tigers and goats), with the game as its context:
// languages inflect the nouns, so no piece name is put into a fixed frame. The page says whose
// pieces it shows (<html data-pieces>, from the content file's "pieces").

import { decimalText, lang, npt, pt, t, tn } from "./i18n.js";

const PIECES = document.documentElement.dataset.pieces || "fox-geese";
const OFFICERS = PIECES === "officers-rebels";
const TIGERS = PIECES === "tigers-goats";
const listFormat = new Intl.ListFormat(lang, { type: "conjunction" });

// Why a move is refused, where the words name the pieces of Asalto or Bagh-Chal.
function ownIllegalText(code) {
  if (OFFICERS) {
    switch (code) {
      case "goose-backward": return pt("asalto", "Rebels cannot move backward.");
      case "geese-cannot-jump": return pt("asalto", "Rebels cannot jump.");
      case "not-a-jump": return pt("asalto", "A jump goes over one rebel to the empty point just behind it, along a line.");
      default: return null;
    }
  }
  if (TIGERS) {
    switch (code) {
      case "must-place": return pt("bagh-chal", "While goats are in hand, a goat turn places one: click an empty point.");
      case "none-in-hand": return pt("bagh-chal", "There is no goat in hand to place.");
      case "geese-cannot-jump": return pt("bagh-chal", "Goats cannot jump.");
      case "not-a-jump": return pt("bagh-chal", "A jump goes over one goat to the empty point just behind it, along a line.");
      default: return null;
    }
  }
  return null;
}

export function illegalText(code) {
  const own = ownIllegalText(code);
  if (own) return own;
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
  if (result === "draw" || !result) return t("The game is drawn.");
  if (OFFICERS) return result === "fox" ? pt("asalto", "The officers win.") : pt("asalto", "The rebels win.");
  if (TIGERS) return result === "fox" ? pt("bagh-chal", "The tigers win.") : pt("bagh-chal", "The goats win.");
  if (result === "fox") return tn("The fox wins.", "The foxes win.", n);
  if (result === "geese") return t("The geese win.");
  return t("The game is drawn.");
}

// n: the foxes on the board; toWin: the captures that win (Bagh-Chal's five goats).
export function reasonText(reason, n, toWin) {
  if (OFFICERS) {
    switch (reason) {
      case "goose-count": return pt("asalto", "Too few rebels are left to fill the fortress.");
      case "pen-full": return pt("asalto", "The rebels have filled the fortress.");
      case "foxes-gone": return pt("asalto", "No officer is left.");
      case "fox-trapped": return npt("asalto", "The officer cannot move.", "The officers cannot move.", n);
      case "geese-blocked": return pt("asalto", "The rebels cannot move.");
      case "hundred-ply-rule": return pt("asalto", "Fifty moves each without a capture, a huff or a rebel moving forward.");
      default: break;
    }
  }
  if (TIGERS) {
    switch (reason) {
      case "goose-count": return npt("bagh-chal", "The tigers have captured %(num)s goat.",
        "The tigers have captured %(num)s goats.", toWin);
      case "fox-trapped": return npt("bagh-chal", "The tiger cannot move.", "The tigers cannot move.", n);
      case "geese-blocked": return pt("bagh-chal", "The goats cannot move.");
      case "hundred-ply-rule": return pt("bagh-chal", "Fifty moves each without a capture or a goat being placed.");
      default: break;
    }
  }
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

// What a move did besides moving (the engine's "events"); points: the pieces it concerns
// (the view's "huffed").
export function eventText(event, points = []) {
  switch (event) {
    case "huff":
      if (OFFICERS && points.length) {
        return npt("asalto", "The officer on %(points)s is huffed, taken off the board: it could have captured.",
          "The officers on %(points)s are huffed, taken off the board: they could have captured.",
          points.length, { points: listFormat.format(points) });
      }
      return t("Every fox that could have captured has been removed from the board.");
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
  if (result === "draw" || !result) return t("Draw");
  if (OFFICERS) return result === "fox" ? pt("asalto", "Officers win") : pt("asalto", "Rebels win");
  if (TIGERS) return result === "fox" ? pt("bagh-chal", "Tigers win") : pt("bagh-chal", "Goats win");
  if (result === "fox") return tn("Fox wins", "Foxes win", n);
  if (result === "geese") return t("Geese win");
  return t("Draw");
}

export function sideText(side, n) {
  return side === "fox" ? tn("the fox", "the foxes", n) : t("the geese");
}

// Which side the player of a link game plays.
export function youPlayText(side, n) {
  if (OFFICERS) return side === "fox" ? pt("asalto", "You play the officers.") : pt("asalto", "You play the rebels.");
  if (TIGERS) return side === "fox" ? pt("bagh-chal", "You play the tigers.") : pt("bagh-chal", "You play the goats.");
  return t("You play %(side)s.", { side: sideText(side, n) });
}

export function yourMoveText(side, n) {
  if (OFFICERS) {
    return side === "fox" ? pt("asalto", "Your move, with the officers.") : pt("asalto", "Your move, with the rebels.");
  }
  if (TIGERS) {
    return side === "fox" ? pt("bagh-chal", "Your move, with the tigers.") : pt("bagh-chal", "Your move, with the goats.");
  }
  return side === "fox" ? tn("Your move, with the fox.", "Your move, with the foxes.", n)
    : t("Your move, with the geese.");
}

export function toMoveText(side, n) {
  if (OFFICERS) return side === "fox" ? pt("asalto", "Officers to move") : pt("asalto", "Rebels to move");
  if (TIGERS) return side === "fox" ? pt("bagh-chal", "Tigers to move") : pt("bagh-chal", "Goats to move");
  return side === "fox" ? tn("Fox to move", "Foxes to move", n) : t("Geese to move");
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
// is one point (a goat put down from the hand): only Bagh-Chal's goats are placed. Sentences
// that name a move have a message of their own for it, since "played @e4" reads as no move.
const placed = (last) => last.path.length === 1;

// Who played the last move, in a sentence: the friend's move or your own (last: the engine's
// move view).
function friendPlayedText(last) {
  if (placed(last)) return pt("bagh-chal", "Your friend placed a goat on %(point)s.", { point: last.path[0] });
  return t("Your friend played %(move)s.", { move: last.move });
}

// Your own move, as the computer's is said (computerPlayedText): what it took, or where a goat
// was placed.
export function youPlayedText(last) {
  if (placed(last)) return pt("bagh-chal", "You placed a goat on %(point)s.", { point: last.path[0] });
  const { move, captures } = last;
  if (!captures.length) return t("You played %(move)s.", { move });
  const n = captures.length;
  if (OFFICERS) {
    return npt("asalto", "You played %(move)s: the officer takes %(num)s rebel.",
      "You played %(move)s: the officer takes %(num)s rebels.", n, { move });
  }
  if (TIGERS) {
    return npt("bagh-chal", "You played %(move)s: the tiger takes %(num)s goat.",
      "You played %(move)s: the tiger takes %(num)s goats.", n, { move });
  }
  return tn("You played %(move)s: the fox takes %(num)s goose.",
    "You played %(move)s: the fox takes %(num)s geese.", n, { move });
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
  if (OFFICERS) return npt("asalto", "%(num)s rebel in the game", "%(num)s rebels in the game", geese);
  if (TIGERS) return npt("bagh-chal", "%(num)s goat in the game", "%(num)s goats in the game", geese);
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

// The pieces counted beside the board, from the engine's view of the position shown: the
// geese left; Asalto's officers too (huffing takes them); Bagh-Chal's goats in hand while there
// are any, and the goats captured against the five that win.
export function tallyText(view) {
  const left = view.geese_left ?? 0;
  if (OFFICERS) {
    return [npt("asalto", "%(num)s rebel left", "%(num)s rebels left", left),
      npt("asalto", "%(num)s officer left", "%(num)s officers left", view.pieces?.fox.length ?? 0)].join(" · ");
  }
  if (TIGERS) {
    const hand = view.in_hand ? [pt("bagh-chal", "Goats in hand: %(num)s", { num: view.in_hand })] : [];
    return [...hand, pt("bagh-chal", "Captured: %(num)s of %(total)s",
      { num: view.captured ?? 0, total: view.captures_to_win })].join(" · ");
  }
  return tn("%(num)s goose left", "%(num)s geese left", left);
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
    case "must-jump":
      // Where capturing is optional, a piece must jump only when nothing else can move.
      if (OFFICERS) return pt("asalto", "Only a jump is possible: choose a marked officer.");
      if (TIGERS) return pt("bagh-chal", "Only a jump is possible: choose a marked tiger.");
      return tn("A capture is compulsory: the marked fox must jump.",
        "A capture is compulsory: a marked fox must jump.", n);
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
  if (OFFICERS && kind) {
    return kind === "fox" ? pt("asalto", "%(point)s, officer", { point: name }) : pt("asalto", "%(point)s, rebel", { point: name });
  }
  if (TIGERS && kind) {
    return kind === "fox" ? pt("bagh-chal", "%(point)s, tiger", { point: name }) : pt("bagh-chal", "%(point)s, goat", { point: name });
  }
  if (kind === "fox") return t("%(point)s, fox", { point: name });
  if (kind === "goose") return t("%(point)s, goose", { point: name });
  return t("%(point)s, empty", { point: name });
}

// A move in short for screen readers, from the engine's move ({move, path, captures}), where
// what it took is said after it (a lesson's or a puzzle's outcome): its notation, or for a
// piece placed from the hand (a path of one point) where it went.
export function moveWords(last) {
  if (placed(last)) return pt("bagh-chal", "A goat is placed on %(point)s.", { point: last.path[0] });
  return `${last.move}.`;
}

// The capture gets a sentence of its own: a capture said after the move would end one
// sentence twice.
export function computerPlayedText(last) {
  const { move, path, captures } = last;
  if (placed(last)) return pt("bagh-chal", "The computer placed a goat on %(point)s.", { point: path[0] });
  if (!captures.length) return t("The computer played %(move)s.", { move });
  const n = captures.length;
  if (OFFICERS) {
    return npt("asalto", "The computer played %(move)s: the officer takes %(num)s rebel.",
      "The computer played %(move)s: the officer takes %(num)s rebels.", n, { move });
  }
  if (TIGERS) {
    return npt("bagh-chal", "The computer played %(move)s: the tiger takes %(num)s goat.",
      "The computer played %(move)s: the tiger takes %(num)s goats.", n, { move });
  }
  return tn("The computer played %(move)s: the fox takes %(num)s goose.",
    "The computer played %(move)s: the fox takes %(num)s geese.", n, { move });
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

export function chainText(canStop) {
  if (OFFICERS && canStop) {
    return pt("asalto", "Jump on by clicking the next landing point, or click the officer again to stop here.");
  }
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
// sentence that names the side to move is one message per side and number of foxes.

// Moves of the side to move, from plies counting both sides: the winner makes the last move.
const ownMoves = (plies) => Math.ceil(plies / 2);

// Why a hint's move is good, where the words name Asalto's or Bagh-Chal's pieces (their
// numbers of foxes are fixed: two officers, four tigers).
function ownHintText(hint, side, moves) {
  if (OFFICERS) {
    switch (hint.reason) {
      case "wins":
        return side === "geese"
          ? npt("asalto", "This wins: the rebels win in %(num)s move, whatever the officers do.",
            "This wins: the rebels win in %(num)s moves, whatever the officers do.", moves)
          : npt("asalto", "This wins: the officers win in %(num)s move, whatever the rebels do.",
            "This wins: the officers win in %(num)s moves, whatever the rebels do.", moves);
      case "holds-out":
        return side === "geese"
          ? npt("asalto", "The officers win with best play; this move holds out longest, %(num)s move.",
            "The officers win with best play; this move holds out longest, %(num)s moves.", moves)
          : npt("asalto", "The rebels win with best play; this move holds out longest, %(num)s move.",
            "The rebels win with best play; this move holds out longest, %(num)s moves.", moves);
      case "captures":
        return npt("asalto", "This move takes %(num)s rebel.", "This move takes %(num)s rebels.", hint.count);
      case "threatens": return pt("asalto", "This move threatens the rebel on %(point)s.", { point: hint.point });
      case "keeps-fox-from": return pt("asalto", "This move keeps the officers from %(point)s.", { point: hint.point });
      default: return null;
    }
  }
  if (TIGERS) {
    switch (hint.reason) {
      case "wins":
        return side === "geese"
          ? npt("bagh-chal", "This wins: the goats win in %(num)s move, whatever the tigers do.",
            "This wins: the goats win in %(num)s moves, whatever the tigers do.", moves)
          : npt("bagh-chal", "This wins: the tigers win in %(num)s move, whatever the goats do.",
            "This wins: the tigers win in %(num)s moves, whatever the goats do.", moves);
      case "holds-out":
        return side === "geese"
          ? npt("bagh-chal", "The tigers win with best play; this move holds out longest, %(num)s move.",
            "The tigers win with best play; this move holds out longest, %(num)s moves.", moves)
          : npt("bagh-chal", "The goats win with best play; this move holds out longest, %(num)s move.",
            "The goats win with best play; this move holds out longest, %(num)s moves.", moves);
      case "captures":
        return npt("bagh-chal", "This move takes %(num)s goat.", "This move takes %(num)s goats.", hint.count);
      case "threatens": return pt("bagh-chal", "This move threatens the goat on %(point)s.", { point: hint.point });
      case "keeps-fox-from": return pt("bagh-chal", "This move keeps the tigers from %(point)s.", { point: hint.point });
      default: return null;
    }
  }
  return null;
}

export function hintText(hint, side, n) {
  const moves = ownMoves(hint.plies ?? 0);
  const own = ownHintText(hint, side, moves);
  if (own) return own;
  switch (hint.reason) {
    case "wins":
      if (side === "geese") {
        return n === 1 ? npt("hint", "This wins: the fox is trapped in %(num)s move, whatever it does.",
          "This wins: the fox is trapped in %(num)s moves, whatever it does.", moves)
          // Two Foxes: the geese may win by filling the pen as well as by trapping.
          : npt("hint", "This wins: the geese win in %(num)s move, whatever the foxes do.",
            "This wins: the geese win in %(num)s moves, whatever the foxes do.", moves);
      }
      return n === 1 ? npt("hint", "This wins: the fox wins in %(num)s move, whatever the geese do.",
        "This wins: the fox wins in %(num)s moves, whatever the geese do.", moves)
        : npt("hint", "This wins: the foxes win in %(num)s move, whatever the geese do.",
          "This wins: the foxes win in %(num)s moves, whatever the geese do.", moves);
    case "holds-out":
      if (side === "geese") {
        return n === 1 ? npt("hint", "The fox wins with best play; this move holds out longest, %(num)s move.",
          "The fox wins with best play; this move holds out longest, %(num)s moves.", moves)
          : npt("hint", "The foxes win with best play; this move holds out longest, %(num)s move.",
            "The foxes win with best play; this move holds out longest, %(num)s moves.", moves);
      }
      return npt("hint", "The geese win with best play; this move holds out longest, %(num)s move.",
        "The geese win with best play; this move holds out longest, %(num)s moves.", moves);
    case "only-move": return t("This is the only move.");
    case "captures": return tn("This move takes %(num)s goose.", "This move takes %(num)s geese.", hint.count);
    case "threatens": return t("This move threatens the goose on %(point)s.", { point: hint.point });
    case "keeps-fox-from": return tn("This move keeps the fox from %(point)s.", "This move keeps the foxes from %(point)s.",
      n, { point: hint.point });
    case "best":
    default: return t("This is the move the computer would play at the hard level.");
  }
}

// The hint's move and why, in one line; a placement (a path of one point) says where.
export function adviceText(hint, side, n) {
  const reason = hintText(hint, side, n);
  if (hint.path?.length === 1) {
    return pt("bagh-chal", "Hint: place a goat on %(point)s. %(reason)s", { point: hint.path[0], reason });
  }
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
  if (OFFICERS) {
    return winner === "geese" ? pt("asalto", "From here the rebels win with best play.")
      : pt("asalto", "From here the officers win with best play.");
  }
  if (TIGERS) {
    return winner === "geese" ? pt("bagh-chal", "From here the goats win with best play.")
      : pt("bagh-chal", "From here the tigers win with best play.");
  }
  if (winner === "geese") return t("From here the geese win with best play.");
  return tn("From here the fox wins with best play.", "From here the foxes win with best play.", n);
}

// A reviewed move in words: its number (as the move list numbers it), mark, verdict and the
// engine's choice where it differs.
export function reviewedMoveText(row, move) {
  const played = placed(row) ? pt("bagh-chal", "a goat placed on %(point)s", { point: row.path[0] }) : row.move;
  const parts = [t("%(mark)s: move %(move)s, %(played)s.", { move, played, mark: markText(row.mark) })];
  if (row.verdict) parts.push(verdictText(row.verdict));
  if (row.best && row.best !== row.move && row.mark !== "good") {
    parts.push(placed({ path: row.best_path })
      ? pt("bagh-chal", "The computer would have placed a goat on %(point)s.", { point: row.best_path[0] })
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
  const fox = { counts: side(counts.fox) };
  const geese = { counts: side(counts.geese) };
  if (OFFICERS) {
    return [t("Review done."), pt("asalto", "Officers: %(counts)s.", fox), pt("asalto", "Rebels: %(counts)s.", geese)].join(" ");
  }
  if (TIGERS) {
    return [t("Review done."), pt("bagh-chal", "Tigers: %(counts)s.", fox), pt("bagh-chal", "Goats: %(counts)s.", geese)]
      .join(" ");
  }
  return [t("Review done."), tn("Fox: %(counts)s.", "Foxes: %(counts)s.", n, fox), t("Geese: %(counts)s.", geese)]
    .join(" ");
}

// Where the game turned, by whose move it was: one message per side and pieces.
export function turnButtonText(move, side, n) {
  const data = { move };
  if (OFFICERS) {
    return side === "geese" ? pt("asalto", "The game turned at the rebels' move %(move)s", data)
      : pt("asalto", "The game turned at the officers' move %(move)s", data);
  }
  if (TIGERS) {
    return side === "geese" ? pt("bagh-chal", "The game turned at the goats' move %(move)s", data)
      : pt("bagh-chal", "The game turned at the tigers' move %(move)s", data);
  }
  if (side === "geese") return t("The game turned at the geese's move %(move)s", data);
  return tn("The game turned at the fox's move %(move)s", "The game turned at the foxes' move %(move)s", n, data);
}

// The value chart's table: a value in geese from the fox's side, or a proven win.
export function chartValueText(value, cap, n) {
  if (value === null) return "";
  if (value >= cap) {
    if (OFFICERS) return pt("asalto", "the officers win");
    if (TIGERS) return pt("bagh-chal", "the tigers win");
    return tn("the fox wins", "the foxes win", n);
  }
  if (value <= -cap) {
    if (OFFICERS) return pt("asalto", "the rebels win");
    if (TIGERS) return pt("bagh-chal", "the goats win");
    return t("the geese win");
  }
  const geese = value / 100;
  return `${geese > 0 ? "+" : geese < 0 ? "−" : ""}${decimalText(Math.abs(geese))}`;
}

// Why a set-up position cannot be played, where the words name Asalto's or Bagh-Chal's pieces.
// Asalto's officers may be fewer than two (huffed), never more. A code the game never gives
// (Asalto has no hand; Bagh-Chal's goats stand where they were placed, so none is out of reach)
// gets the general sentence.
function ownSetupProblemText(problem, n, geese) {
  const points = problem.points.join(", ");
  if (OFFICERS) {
    switch (problem.code) {
      case "fox-count": return npt("asalto", "This game has at most %(num)s officer.", "This game has at most %(num)s officers.", n);
      case "too-many-geese": return npt("asalto", "This game has at most %(num)s rebel.", "This game has at most %(num)s rebels.", geese);
      case "too-few-geese": return pt("asalto", "With so few rebels the officers have already won.");
      case "goose-behind-start":
        return pt("asalto", "No rebel can get to %(points)s, since rebels never move backward.", { points });
      case "bad-hand": return t("This position cannot be played.");
      default: return null;
    }
  }
  if (TIGERS) {
    switch (problem.code) {
      case "fox-count": return npt("bagh-chal", "This game is played with %(num)s tiger.", "This game is played with %(num)s tigers.", n);
      case "too-many-geese": return npt("bagh-chal", "This game has at most %(num)s goat.", "This game has at most %(num)s goats.", geese);
      case "too-few-geese": return pt("bagh-chal", "With so few goats left the tigers have already won.");
      case "bad-hand": return pt("bagh-chal", "That many goats cannot be left to place in this game.");
      case "goose-behind-start": return t("This position cannot be played.");
      default: return null;
    }
  }
  return null;
}

// geese: the table's number of geese (the problem's own "most" where it gives one).
export function setupProblemText(problem, n, geese = problem.most) {
  const own = ownSetupProblemText(problem, n, geese);
  if (own) return own;
  const points = problem.points.join(", ");
  switch (problem.code) {
    case "not-a-point": return t("Pieces must stand on the points of the board (%(points)s).", { points });
    case "two-on-a-point": return t("Only one piece can stand on a point (%(points)s).", { points });
    case "fox-count": return tn("This game is played with %(num)s fox.", "This game is played with %(num)s foxes.", n);
    case "too-many-geese": return tn("This game has at most %(num)s goose.", "This game has at most %(num)s geese.", geese);
    case "too-few-geese": return t("With so few geese the fox side has already won.");
    case "goose-behind-start": return t("No goose can get to %(points)s, since geese never move backward.", { points });
    case "bad-side": return t("Choose the side to move.");
    case "bad-hand": return t("That many geese cannot be left to place in this game.");
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
  if (OFFICERS) {
    return [npt("asalto", "%(num)s officer on the board", "%(num)s officers on the board", foxes),
      npt("asalto", "%(num)s rebel on the board", "%(num)s rebels on the board", geese)].join(" · ");
  }
  if (TIGERS) {
    return [npt("bagh-chal", "%(num)s tiger on the board", "%(num)s tigers on the board", foxes),
      npt("bagh-chal", "%(num)s goat on the board", "%(num)s goats on the board", geese)].join(" · ");
  }
  return [tn("%(num)s fox on the board", "%(num)s foxes on the board", foxes),
    tn("%(num)s goose on the board", "%(num)s geese on the board", geese)].join(" · ");
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
