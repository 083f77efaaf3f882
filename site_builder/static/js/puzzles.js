// The puzzles page. Every position, legal move, refutation and reason comes from the engine at
// build time (site_builder/puzzles.py, in the engine's view: game/view.py) in #puzzle-data; this
// script looks moves up in it and says what happened, in the play page's words (texts.js, with
// the game's own pieces from #phrases). It holds no rule and loads no engine.

import { Board } from "./shared/board.js";
import { lang, phrase, t } from "./i18n.js";
import * as text from "./texts.js";

const root = document.getElementById("puzzles");
const data = JSON.parse(document.getElementById("puzzle-data").textContent);
const puzzles = data.puzzles;
const FOXES = data.foxes;
const KIND = { fox: "fox", geese: "goose" };
// The side that answers the solver's moves.
const DEFENDER = { fox: "geese", geese: "fox" };
const PAUSE_MS = 350; // between a move and the answer to it, so that both can be followed
const SOLVED_KEY = `fox-and-geese:puzzles-solved:${data.game}`;
const $ = (selector) => root.querySelector(selector);
const action = (name) => $(`[data-action="${name}"]`);
const messageEl = $("#puzzle-message");
const announceEl = $("#puzzle-announce");
const listFormat = new Intl.ListFormat(lang, { type: "conjunction" });

let index = 0;
let puzzle = puzzles[0];
let step = 0; // the solver's move the puzzle is at
let pieces = null; // the pieces on the board now, and ``hand``: the geese in hand
let played = []; // the moves made from the puzzle's position along its line
let before = null; // the position at the start of this step, for "Try again"
let sequence = 0; // bumped to drop the answers still to come of a move no longer shown

// -- storage: the ids of the puzzles solved in this browser ----------------------------------

function solvedIds() {
  try {
    const ids = JSON.parse(localStorage.getItem(SOLVED_KEY) ?? "[]");
    return new Set(Array.isArray(ids) ? ids : []);
  } catch {
    return new Set(); // storage refused or spoiled: nothing solved yet
  }
}

function markSolved(id) {
  const ids = solvedIds();
  ids.add(id);
  try {
    localStorage.setItem(SOLVED_KEY, JSON.stringify([...ids]));
  } catch {
    // private mode: the count lasts as long as the page
  }
  return ids;
}

function showSolvedCount(ids = solvedIds()) {
  const known = new Set(puzzles.map((p) => p.id));
  const num = [...ids].filter((id) => known.has(id)).length;
  $("#puzzle-solved").textContent = t("Solved: %(num)s of %(total)s", { num, total: puzzles.length });
  root.dataset.solved = String(ids.has(puzzle.id));
  $("#puzzle-solved-mark").hidden = !ids.has(puzzle.id);
}

// -- speaking ---------------------------------------------------------------------------------

function speak(words) {
  announceEl.textContent = "";
  requestAnimationFrame(() => { announceEl.textContent = words; });
}

function say(message, spoken = message) {
  messageEl.textContent = message;
  speak(spoken);
}

// A piece placed (a move whose path is one point, puzzle.moves) has sentences of its own, which
// name the point: "answer @b1" reads as no move.
const placement = (move) => (puzzle.moves[move].path.length === 1 ? puzzle.moves[move].path[0] : null);

// The defender's answer to a right move, and the refutation of a wrong one, in the game's words.
function defenderAnswersText(move) {
  const side = DEFENDER[puzzle.side];
  const point = placement(move);
  if (point) return phrase(`puzzle.answer-placing.${side}`, { point });
  return phrase(`puzzle.answer.${side}`, { move, foxes: FOXES });
}

function refutationText(reply) {
  const side = DEFENDER[puzzle.side];
  const point = placement(reply);
  if (point) return phrase(`puzzle.refuted-placing.${side}`, { point });
  return phrase(`puzzle.refuted.${side}`, { move: reply, foxes: FOXES });
}

// How a move ended the game: the engine's ending (puzzles.py), with the foxes left then.
function outcomeText(ending) {
  return text.outcomeText(ending, ending.foxes);
}

// -- the board --------------------------------------------------------------------------------

// The pieces after a move, as the engine describes it (puzzle.moves): the piece goes from the
// first point of its path to the last (a placement's one point, from the hand), the geese it
// takes leave the board, and so do the foxes it huffs (``key``: the moves played from the
// step's position, under which the engine listed them).
function applied(from, move, key = move) {
  const { path, captures } = puzzle.moves[move];
  const kind = from.fox.includes(path[0]) ? "fox" : "goose";
  const gone = [...captures, ...(puzzle.steps[step].huffs[key] ?? [])];
  const keep = (list) => list.filter((p) => p !== path[0] && !gone.includes(p));
  const next = { fox: keep(from.fox), goose: keep(from.goose), hand: from.hand };
  if (path.length === 1) next.hand--;
  // An officer that could have captured is huffed where its step ends.
  if (!gone.includes(path.at(-1))) next[kind].push(path.at(-1));
  return next;
}

// The geese in hand, beside the board the builder drew with a hand (diagram.py).
function drawHand() {
  const hand = board.svg.querySelector(".hand");
  if (!hand) return;
  hand.dataset.inHand = String(pieces.hand);
  const count = hand.querySelector("text");
  count.textContent = `\u00d7${pieces.hand}`;
  // The count stands beside the goose, on its far side from the board's centre whichever
  // way the board is turned (the board keeps texts upright about their anchor).
  count.setAttribute("text-anchor", board.flipped ? "end" : "start");
  hand.style.visibility = pieces.hand ? "" : "hidden";
}

// The board at the pieces now; ``last`` and ``animate`` are moves in notation.
function draw(last, { animate = null, interactive = false, end = [] } = {}) {
  const here = puzzle.steps[step].view;
  const move = (m) => (m ? puzzle.moves[m] ?? null : null);
  drawHand();
  board.update({ pieces, legal: interactive ? here.legal : [], to_move: puzzle.side, last: move(last) },
    { animate: move(animate), interactive, end, must: interactive ? here.must_jump : [],
      focusKind: KIND[puzzle.side] });
}

// Run ``then`` once the move on the board has been seen, unless the puzzle moved on meanwhile.
function afterMove(then) {
  const mine = sequence;
  setTimeout(() => { if (mine === sequence) then(); }, board.busyMs() + PAUSE_MS);
}

function setStatus(status) {
  root.dataset.status = status;
  root.dataset.step = String(step);
  // After a wrong move, back to the step's position; after the solution, to the puzzle's start.
  action("again").disabled = status !== "wrong" && status !== "shown";
  action("show-solution").disabled = status === "shown";
  const done = status === "solved" || status === "shown";
  // Play on from the puzzle against the computer (no link in a game without a play page).
  const link = $("#puzzle-play");
  if (!link) return;
  link.hidden = !done;
  // The puzzle's position, against the computer, the player on the puzzle's side.
  link.href = `../play/?opponent=computer#${puzzle.play_on}`;
}

// -- a puzzle ---------------------------------------------------------------------------------

function startPieces() {
  const { view } = puzzle.steps[0];
  return { ...view.pieces, hand: view.in_hand };
}

function show(i, { announce = true } = {}) {
  sequence++;
  index = i;
  puzzle = puzzles[i];
  step = 0;
  played = [];
  pieces = startPieces();
  before = { pieces, last: puzzle.steps[0].view.last };
  root.dataset.puzzle = puzzle.id;
  $("#puzzle-count").textContent = t("Puzzle %(num)s of %(total)s", { num: i + 1, total: puzzles.length });
  $("#puzzle-title").textContent = puzzle.title;
  $("#puzzle-level").textContent = puzzle.levelText;
  $("#puzzle-level").dataset.level = puzzle.level;
  $("#puzzle-theme").textContent = puzzle.themeText;
  $("#puzzle-link").href = `#${puzzle.id}`;
  if (location.hash.slice(1) !== puzzle.id) history.replaceState(null, "", `#${puzzle.id}`);
  // The solver's pieces nearest the player, as on the play page.
  const flipped = puzzle.side === "fox";
  if (board.flipped !== flipped) board.setFlipped(flipped);
  draw(before.last, { interactive: true });
  setStatus("ready");
  showSolvedCount();
  messageEl.textContent = "";
  if (announce) speak(`${puzzle.title}. ${puzzle.levelText}. ${puzzle.themeText}.`);
}

// Back to the position at the start of this step, or after the solution to the puzzle's start
// (which stops the solution's moves still to come).
function again() {
  if (root.dataset.status === "shown") {
    show(index, { announce: false });
    say("", puzzle.title);
    return;
  }
  sequence++;
  pieces = before.pieces;
  played = played.slice(0, 2 * step);
  draw(before.last, { interactive: true });
  setStatus("ready");
  say("", puzzle.title);
}

function finish(move, status) {
  const win = puzzle.win[move];
  draw(move, { animate: move, end: win.end });
  setStatus(status);
  let solved = "";
  if (status === "solved") {
    showSolvedCount(markSolved(puzzle.id));
    solved = t("Solved!") + " ";
  }
  const outcome = outcomeText(win);
  say(`${solved}${outcome}`, `${text.moveWords(puzzle.moves[move])} ${solved}${outcome}`);
}

function moved(move) {
  const here = puzzle.steps[step];
  const last = here.reply === null;
  if (move === here.move || (last && here.also.includes(move))) {
    pieces = applied(pieces, move);
    played.push(move);
    if (last) {
      finish(move, "solved");
      return;
    }
    draw(move, { animate: move });
    setStatus("answer");
    speak(text.youPlayedText(puzzle.moves[move]));
    afterMove(() => {
      const reply = here.reply;
      pieces = applied(pieces, reply, `${move} ${reply}`);
      played.push(reply);
      step++;
      before = { pieces, last: reply };
      draw(reply, { animate: reply, interactive: true });
      setStatus("ready");
      say(defenderAnswersText(reply));
    });
    return;
  }
  if (here.also.includes(move)) {
    // It wins in time as well, but the puzzle's line goes on from its own move only.
    draw(before.last, { interactive: true });
    say(t("That move wins too, but this puzzle follows another line: find the other winning move."));
    return;
  }
  const reply = here.wrong[move];
  const outcome = here.outcomes[move];
  pieces = applied(pieces, move);
  played.push(move);
  setStatus("wrong");
  if (reply === null) {
    // The move loses at once (officers huffed off the board): no answer is needed.
    draw(move, { animate: move, end: outcome.end });
    const refused = t("Not this one: that move loses at once.");
    const lost = `${refused} ${outcomeText(outcome)}`;
    say(lost, `${text.moveWords(puzzle.moves[move])} ${lost}`);
    return;
  }
  draw(move, { animate: move });
  speak(text.youPlayedText(puzzle.moves[move]));
  afterMove(() => {
    pieces = applied(pieces, reply, `${move} ${reply}`);
    played.push(reply);
    draw(reply, { animate: reply, end: outcome ? outcome.end : [] });
    const refuted = refutationText(reply);
    say(outcome ? `${refuted} ${outcomeText(outcome)}` : refuted);
  });
}

function illegal(attempt) {
  const here = puzzle.steps[step];
  const key = attempt.path?.join(" ");
  const reason = attempt.code
    ?? Object.keys(here.tries).find((r) => here.tries[r].includes(key))
    ?? here.otherwise;
  say(text.illegalText(reason));
}

function selected(name, targets) {
  messageEl.textContent = targets.length ? "" : text.illegalText("no-moves");
  speak(text.selectedText(name, targets));
}

function blocked() {
  const status = root.dataset.status;
  if (status === "wrong") say(t("That move does not win: press Try again to go back to the position before it."));
  else if (status === "solved" || status === "shown") say(t("This puzzle is done: go on to the next one."));
}

// The whole line from the puzzle's position, one move after another.
function showSolution() {
  sequence++;
  step = 0;
  played = [];
  pieces = startPieces();
  draw(puzzle.steps[0].view.last);
  setStatus("shown");
  const line = puzzle.steps.flatMap((s) => (s.reply ? [s.move, s.reply] : [s.move]));
  say(t("The solution: %(moves)s.", { moves: listFormat.format(line) }));
  const play = (i) => {
    const move = line[i];
    step = Math.floor(i / 2);
    // The defender's reply is listed under its step's line: the attacker's move, then it.
    pieces = applied(pieces, move, i % 2 ? `${line[i - 1]} ${move}` : move);
    played.push(move);
    if (i === line.length - 1) {
      const win = puzzle.win[move];
      step = puzzle.steps.length - 1;
      draw(move, { animate: move, end: win.end });
      setStatus("shown");
      say(`${t("The solution: %(moves)s.", { moves: listFormat.format(line) })} ${outcomeText(win)}`);
      return;
    }
    draw(move, { animate: move });
    afterMove(() => play(i + 1));
  };
  afterMove(() => play(0));
}

function indexOf(id) {
  return puzzles.findIndex((p) => p.id === id);
}

const board = new Board($("svg[data-board]"), {
  onMove: moved,
  onIllegal: illegal,
  onSelect: selected,
  onChain: (canStop) => say(text.chainText(canStop)),
  onCancel: () => say("", text.cancelledText()),
  onBlocked: blocked,
  label: text.pointLabel,
});
board.svg.setAttribute("aria-describedby", "puzzle-title puzzle-board-help");

root.addEventListener("click", (e) => {
  const button = e.target.closest("button");
  if (!button || button.disabled) return;
  if (button.dataset.action === "again") again();
  else if (button.dataset.action === "show-solution") showSolution();
  else if (button.dataset.action === "next") show((index + 1) % puzzles.length);
});

// Escape anywhere drops the piece chosen, as on the play page.
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") board.drop();
});

// A link to a puzzle opens it; without one, the first puzzle not solved yet.
window.addEventListener("hashchange", () => {
  const i = indexOf(location.hash.slice(1));
  if (i >= 0 && i !== index) show(i);
});

for (const button of root.querySelectorAll("button")) button.disabled = false;
const linked = indexOf(location.hash.slice(1));
const solved = solvedIds();
const firstOpen = puzzles.findIndex((p) => !solved.has(p.id));
show(linked >= 0 ? linked : Math.max(firstOpen, 0), { announce: false });
