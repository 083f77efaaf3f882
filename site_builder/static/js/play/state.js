// The play page's state: one object that holds everything the page knows and waits for, and
// the pure questions asked of it. No DOM and no engine here: the controller changes the state,
// the view draws it (lichess's round controller, in small).

export const LEVELS = ["easy", "medium", "hard"];
export const SIDES = ["fox", "geese"];

// engine: "loading" (first load or a retry), "ready", "restarting" (a new worker replaces one
// that died), "failed" (given up; only Retry brings it back).
export function createState({ manualFlip = false, defaults, first = "fox" }) {
  return {
    first,               // the side that opens the game (its rules), which move numbers count from
    engine: "loading",
    engineError: null,   // {code, message} of the failure, while failed
    restarted: false,    // the engine was restarted: said until the player's next move
    game: null,          // the game model (games.js)
    live: null,          // the engine's state of the game's last position
    shown: null,         // the state on the board (an earlier one while looking back)
    thinking: false,     // the computer is choosing a move
    checking: false,     // the engine is checking the player's move: its answer is awaited
    draft: false,        // the game on the board was drawn before the engine was ready
    question: null,      // the confirmation asked now: {kind, accept, playOn, cancel}
    putAside: null,      // the game the last new game put aside, to bring back
    linkError: null,     // a link that cannot be played as it is: {error, other, behind}
    message: "",         // the sentence under the status, about the game as it is now
    moveHuff: "",        // what the player's own last move huffed, said again with the reply
    browseMessage: "",   // what was said while an earlier move is shown, in its place
    manualFlip,          // the player turned the board themselves
    defaults,            // the page's own choice of opening settings: {mode, side}
    early: null,         // the roles of a game waiting for the engine: {mode, side}
    blank: false,        // the board waits empty for the engine to read a link
    booted: false,       // the engine has loaded and taken over the game on the board
    restarts: 0,         // how often the engine was restarted (for tests and bug reports)
    timings: null,       // the engine's loading phases (ms since its start)
    copyFallback: null,  // the link shown to copy by hand, where the clipboard refused
    hint: false,         // the first-move hint shows (until the player's first move)
    turnedSeen: false,   // the player has dismissed the note that the board is turned for the fox
    huffSeen: false,     // huffing has been explained in this browser (Asalto)
    huffNote: false,     // the note that explains huffing shows (after the first huff seen)
    otherTab: false,     // the game went on in another tab: said until the player's next move
    // A hint and a review (play/analysis-state.js has their queries):
    advice: null,        // the hint shown: the engine's {move, reason, ...}, its record, path and side
    adviceWaiting: false, // a hint was asked for and has not come yet
    review: null,        // {record, moves, rows: {ply: row}, next, turn, running, stopped, failed}
    setup: null,         // the position being set up by hand, while the editor is open (setup.js)
    sharing: null,       // the animated game being drawn: {done, total} positions (share.js)
    shareText: null,     // the game's text shown to copy by hand, where the clipboard refused
    pasteError: null,    // why the text pasted last does not open, in words
  };
}

// Moves are numbered as a chess score numbers them: move n is the turn of the side that opens
// the game and the other side's reply. A game set up with the other side to move begins with
// the second half of move 1, so each side keeps its own half of every move. The shift (0 or 1)
// of a game's states, from any of them: the side to move at its start, against the game's first.
export function numberShift(state, first) {
  if (!state) return 0;
  const other = state.to_move === "fox" ? "geese" : "fox";
  return (state.ply % 2 === 0 ? state.to_move : other) === first ? 0 : 1;
}

// The number of the move that the ply (counted from 1) is a half of.
export function moveNumber(ply, shift) {
  return Math.ceil((ply + shift) / 2);
}

// The number of the move at this ply of the game the page lists (0: its start).
export function moveAt(s, ply) {
  return ply === 0 ? 0 : moveNumber(ply, numberShift(s.linkError?.behind ?? s.live, s.first));
}

// The side whose move it is belongs to a player at this device.
export function humanMoves(s) {
  return s.game.mode === "two" || s.live.to_move === s.game.side;
}

export function isBrowsing(s) {
  return s.shown !== s.live;
}

// Why a move cannot be played now, or "" when one can.
export function whyNoMove(s) {
  // A failed engine is no engine still loading: nothing played now could be answered or kept.
  if (s.engine === "failed") return "failed";
  if (s.setup) return "setup";
  if (s.linkError) return "link-error";
  const { live } = s;
  // An early state takes a move only before the engine is ready, and only one whose outcome
  // the page holds (a first move); the engine's own states need the engine.
  if (!live || !s.game) return "loading";
  if (s.engine === "ready" ? live.early : !(live.after && humanMoves(s))) return "loading";
  // The move just made is on its way: nothing else is played before the engine's answer.
  if (s.checking) return "checking";
  if (s.question) return "confirm";
  if (live.result) return "over";
  if (isBrowsing(s)) return "browsing";
  if (s.game.mode === "link" && !humanMoves(s)) return "friend";
  if (s.thinking) return "thinking";
  if (!humanMoves(s)) return "not-yours";
  return "";
}

// A game that has begun and not ended: changing what it is asks first.
export function running(s) {
  return Boolean(s.live && s.live.ply > 0 && !s.live.result && !s.linkError);
}

// Foxes that must capture now, for the board to mark: the engine's view says which (a saved
// game drawn before the engine has read it knows none).
export function mustJump(state) {
  return state.must_jump ?? [];
}

// Whether the side to move puts a piece from its hand on the board (Bagh-Chal's goats while
// any are in hand): the engine's legal moves are then placements, each a path of one point.
export function placing(state) {
  return Boolean(state?.legal?.some((m) => m.path.length === 1));
}

// The note that explains huffing shows after the first huff this browser has seen, until the
// player dismisses it or the game changes; not over a link in question.
export function huffNoteShown(s) {
  return s.huffNote && !s.linkError;
}

// The ply that undo goes back to, or null. Against the computer it takes back the computer's
// reply as well; by link only your own move not yet answered. A finished game can be taken
// back too (against the computer or on one device), so that a learner can try the losing move
// again; a link game's moves belong to both players.
export function undoTarget(s) {
  const { live, game } = s;
  if (s.engine !== "ready" || !live || !game || live.ply === 0 || s.linkError) return null;
  if (game.mode === "two") return live.ply - 1;
  if (game.mode === "link") return live.to_move === game.side || live.result ? null : live.ply - 1;
  const target = live.ply - (live.to_move === game.side ? 2 : 1);
  return target >= 0 ? target : null;
}

// The computer's move from the book of first replies (the state after it), while the engine
// is not ready and the position and level are in the book; else null.
export function bookReply(s) {
  const { live, game } = s;
  if (s.engine === "ready" || !live?.early || !game) return null;
  return live.reply?.[game.level] ?? null;
}

// Whether the computer should choose a move now: with the engine, or from the book before it.
export function computerToMove(s, hidden = false) {
  const { live, game } = s;
  if (!live || !game || s.linkError || s.thinking || s.setup) return false;
  if (s.engine !== "ready" && !bookReply(s)) return false;
  return game.mode === "computer" && !live.result && live.to_move !== game.side && !hidden;
}

// Who plays what on the board: the game's roles, a link's waiting for the engine, or the page's.
export function roles(s) {
  return s.game ?? s.early ?? s.defaults;
}

// Whether the first-move hint speaks of placing pieces from the hand: only to the player of
// the geese (Bagh-Chal's goats), in a game of two players while it is their turn.
export function placingHint(s) {
  const { mode, side } = roles(s);
  const toMove = boardState(s)?.to_move;
  return (mode === "two" ? toMove ?? "geese" : side) === "geese";
}

// The board turned so that the player's side is at the bottom (unless they flipped it).
export function flippedFor(s, { mode, side } = roles(s)) {
  return s.manualFlip !== (mode !== "two" && side === "fox");
}

// The board is turned round for a player of the fox side (not by their own flip), which the
// rules' diagram and the lessons are not: said once, until the player dismisses it.
export function turnedNote(s) {
  const { mode, side } = roles(s);
  return !s.turnedSeen && !s.manualFlip && mode !== "two" && side === "fox" && !s.linkError;
}

// The state the board draws: behind a link in question, what the link's readable part holds
// (or the player's own game); else the position shown.
export function boardState(s) {
  return s.linkError?.behind ?? s.shown;
}

// What a game's own URL carries besides its record (docs/notation.md, "The play page's URL"):
// a game against the computer names the opponent, the player's side and the level, which no
// record holds, so that its URL opened where no game of it is saved is that game again. Any
// other game's URL is its record alone: a two-player game or a link opened elsewhere is a link.
export function urlRequest(game) {
  if (game?.mode !== "computer") return "";
  return `?opponent=computer&side=${game.side}&level=${game.level}`;
}

// Who plays a record opened from a URL that is no game saved here: the URL's request (the
// query, as {opponent, side, level}), else by link with its sender, on the other side than the
// sender's (`opener`, links.js). A request without a side or level, or with one this page does
// not know (the puzzles page asks for the computer alone), keeps the opener's side and the
// page's level.
export function linkRoles(request, opener, level) {
  if (request.opponent !== "computer") return { mode: "link", side: opener, level };
  return {
    mode: "computer",
    side: SIDES.includes(request.side) ? request.side : opener,
    level: LEVELS.includes(request.level) ? request.level : level,
  };
}
