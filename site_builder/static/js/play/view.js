// The play page's view: the only code that writes the page. render(s) derives everything on
// screen from the state (state.js) on every redraw; boardInput(s) is the pure function from
// the state to what the board draws (chessground's Config, lichess's makeConfig).

import { announcer } from "../shared/announce.js";
import { Board } from "../shared/board.js";
import * as text from "../texts.js";
import { shownAdvice } from "./analysis-state.js";
import { createAnalysisView } from "./analysis.js";
import { showSettings } from "./settings.js";
import { editorBoard, renderEditor } from "./setup.js";
import { renderShare } from "./share.js";
import {
  LEVELS, boardState, flippedFor, huffNoteShown, isBrowsing, moveAt, mustJump, numberShift, placingHint, roles,
  turnedNote,
  undoTarget, whyNoMove,
} from "./state.js";

const PIECES = { fox: "fox", geese: "goose" }; // side -> the kind of its pieces
const EMPTY = { pieces: { fox: [], goose: [] }, legal: [], to_move: "fox", last: null, must_jump: [] };

// What the board draws, and how it takes moves, for this state.
export function boardInput(s) {
  if (s.setup) {
    // Setting up a position: every point takes a click, which puts a piece down or takes it off.
    return { position: editorBoard(s.setup), flipped: flippedFor(s), interactive: true, edit: true,
      must: [], end: [], focusKind: null, dimmed: false };
  }
  const state = boardState(s) ?? EMPTY;
  const interactive = !whyNoMove(s);
  const side = roles(s);
  return {
    position: { pieces: state.pieces, legal: state.legal, to_move: state.to_move, last: state.last,
      in_hand: state.in_hand, huffed: state.huffed ?? [] },
    flipped: flippedFor(s),
    interactive,
    must: interactive ? mustJump(state) : [],
    end: s.live && !isBrowsing(s) && !s.linkError ? s.live.end ?? [] : [],
    focusKind: PIECES[side.mode === "two" ? state.to_move : side.side],
    // Behind a link in question the board only shows what the link holds, until the player
    // chooses what to play.
    dimmed: Boolean(s.linkError),
    hint: shownAdvice(s)?.path ?? [],
  };
}

// The status line, from the state: what the game on the board waits for, or how it ended;
// n is the number of foxes. A screen reader hears it after each move (texts.afterMoveText).
export function statusText(s, n) {
  const { live, game } = s;
  if (s.engine === "failed") return text.engineUnavailableText();
  if (s.linkError) return text.blockedText("link-error");
  if (s.engine === "restarting") return text.engineStoppedText();
  if (isBrowsing(s)) return text.browsingText(moveAt(s, s.shown.ply), moveAt(s, live.ply));
  if (live.result) {
    return `${text.headlineText(live, game.mode, game.side, n)} ${text.reasonText(live.reason, n, live.captures_to_win)}`;
  }
  if (s.thinking) return text.thinkingText();
  const humans = game.mode === "two" || live.to_move === game.side;
  if (s.engine !== "ready" && game.mode === "computer" && !humans) return text.replyWhenReadyText();
  if (s.engine !== "ready" && game.mode === "computer" && live.early && live.last && !live.after) {
    return text.movedWhenReadyText();
  }
  if (game.mode === "two") return text.toMoveText(live.to_move, n);
  if (game.mode === "link") {
    return text.linkStatusText({ side: game.side, toMove: live.to_move, last: live.last, n,
      fresh: live.ply === 0 });
  }
  return humans ? text.yourMoveText(live.to_move, n) : text.toMoveText(live.to_move, n);
}

export function createView(root, { store, foxes, sidewaysOption, balance }) {
  const html = document.documentElement;
  const $ = (selector) => root.querySelector(selector);
  const actions = (name) => root.querySelectorAll(`[data-action="${name}"]`);
  const statusEl = $("#status");
  const messageEl = $("#message");
  const movesEl = $("#moves");
  const form = $("#settings");
  const moveInput = $("#move-input");
  const speak = announcer($("#announce"));
  const view = { board: null, speak, form };
  const analysis = createAnalysisView(root, { foxes });
  let drawn = null; // the board's last input, as JSON
  // What the move list was made from: the moves, how they are numbered, the review's marks.
  let listed = { key: null, moves: [], shift: 0, first: null, marks: null };

  function setEnabled(action, enabled) {
    for (const button of actions(action)) button.disabled = !enabled;
  }

  // The board, set up in a task of its own (start-up, play.js); callbacks go to the controller.
  view.mountBoard = (callbacks) => {
    view.board = new Board(root.querySelector("svg[data-board]"), { ...callbacks, label: text.pointLabel });
    view.board.svg.setAttribute("aria-describedby", "board-help");
  };

  function drawBoard(s, animate, force) {
    const board = view.board;
    if (!board) return;
    const input = boardInput(s);
    if (board.flipped !== input.flipped) board.setFlipped(input.flipped);
    // A saved game without a view keeps the server's drawing until the engine has read it; the
    // board keeps the move it sent (locked, a dropped piece where it was put) until the
    // engine's answer is shown.
    if ((!boardState(s) && !s.blank) || s.checking) return;
    board.svg.classList.toggle("board-dimmed", input.dimmed);
    // The board is given a new input only when it changed: an update drops the piece the
    // player has picked up, and the page redraws on every message.
    const { flipped: _, dimmed: __, ...given } = input;
    const key = JSON.stringify(given);
    if (!animate && !force && key === drawn) return;
    drawn = key;
    board.update(input.position, { animate, interactive: input.interactive, must: input.must,
      end: input.end, focusKind: input.focusKind, hint: input.hint, edit: Boolean(input.edit) });
  }

  function renderEngine(s) {
    html.dataset.engine = s.engine === "failed" ? "failed" : s.engine === "ready" && s.booted ? "ready" : "loading";
    if (s.restarts) html.dataset.engineRestarts = String(s.restarts);
    if (s.timings) html.dataset.engineTimings = JSON.stringify(s.timings);
    $("#engine-loading").hidden = s.engine !== "loading" && s.engine !== "restarting";
    $("#engine-failed").hidden = s.engine !== "failed";
    $("#engine-error").textContent = s.engineError ? `${s.engineError.code}: ${s.engineError.detail}` : "";
    $("#engine-restarted").hidden = !s.restarted || s.engine === "failed";
  }

  function renderLinkError(s) {
    const problem = s.linkError;
    $("#link-error").hidden = !problem;
    if (!problem) return;
    const use = $("[data-action=use-prefix]");
    const other = $("#link-error-other");
    const { error } = problem;
    use.hidden = !error?.valid_prefix || (error.code !== "illegal-move" && error.code !== "bad-notation");
    if (!use.hidden) {
      use.textContent = text.prefixText(error.ply - 1);
      use.dataset.record = error.valid_prefix;
    }
    other.hidden = !problem.other;
    if (problem.other) {
      other.href = problem.other.href;
      other.textContent = problem.other.label;
    }
    $("#link-error-text").textContent = error ? text.linkErrorText(error, foxes) : text.otherKindText();
  }

  // Which side the table in force favours; a player of the geese in a table the fox side wins
  // is offered the table kindest to the geese (balance.py words both at build time).
  function renderBalance(s) {
    const { live, game } = s;
    // A position set up by hand is no table's game: what the table favours says nothing of it.
    const table = !live.start && balance.find((b) => b.geese === live.geese
      && b.sideways === Boolean(live.sideways));
    $("#balance").hidden = !table || Boolean(s.linkError);
    if (!table) return;
    $("#balance-text").textContent = table.text;
    const chooses = game.mode === "computer" || (game.mode === "link" && live.ply === 0);
    const offer = chooses && game.side === "geese" ? table.offer : null;
    $("#balance-offer").hidden = !offer;
    if (!offer) return;
    $("#balance-offer-text").textContent = offer.text;
    const button = actions("kinder-table")[0];
    button.textContent = offer.button;
    button.dataset.geese = String(offer.geese);
  }

  function renderResult(s) {
    const { live, game } = s;
    const over = Boolean(live.result) && !isBrowsing(s) && !s.linkError;
    $("#result").hidden = !over;
    if (!over) return;
    const level = LEVELS.indexOf(game.level);
    const vsComputer = game.mode === "computer";
    actions("swap-sides")[0].hidden = game.mode === "two";
    // A stronger computer is offered to a player who did not lose, a weaker one to a player
    // who did not win: after a loss at easy, "Stronger computer" read as a taunt.
    const won = live.result === game.side;
    const lost = live.result !== game.side && live.result !== "draw";
    actions("stronger")[0].hidden = !vsComputer || level === LEVELS.length - 1 || lost;
    actions("weaker")[0].hidden = !vsComputer || level === 0 || won;
  }

  function renderMoves(s) {
    // Behind a link in question the list shows what the board shows.
    const list = s.linkError?.behind ?? s.live;
    if (!list) return;
    const current = s.linkError ? list.ply : s.shown.ply;
    // Each move is the opening side's turn and the reply (state.js, moveNumber): a game set up
    // with the other side to move leaves the first half of move 1 empty.
    const shift = numberShift(list, s.first);
    const end = !isBrowsing(s) && Boolean(list.result); // the result line is the one in view
    const marks = analysis.marksKey(s);
    // Made again only when what it shows changed: the page redraws on every message and click,
    // and a long game's list is most of a redraw's work. A list that only grew (a move played,
    // no review shown) keeps its buttons and gets the new ones.
    const key = JSON.stringify([list.moves, shift, s.first, current, list.result, end, marks]);
    if (key === listed.key) return;
    const grown = marks === null && listed.marks === null && listed.shift === shift
      && listed.first === s.first && listed.moves.every((move, i) => list.moves[i] === move);
    if (grown) {
      movesEl.querySelector(".result-line")?.remove();
      movesEl.querySelector("[aria-current]")?.removeAttribute("aria-current");
    } else movesEl.replaceChildren();
    appendMoves(list.moves, grown ? listed.moves.length : 0, shift, s.first);
    movesEl.querySelector(`[data-ply="${current}"]`)?.setAttribute("aria-current", "step");
    if (list.result) {
      const li = document.createElement("li");
      li.className = "result-line";
      li.dataset.result = list.result;
      li.textContent = text.resultLineText(list.result, foxes);
      movesEl.append(li);
    }
    listed = { key, moves: list.moves.slice(), shift, first: s.first, marks };
    analysis.markMoves(s);
    if (!movesEl.childElementCount) return; // nothing to scroll (and no layout to force at start-up)
    // Keep the current move in view inside the list, without scrolling the page.
    const at = end ? movesEl.lastElementChild : movesEl.querySelector("[aria-current]");
    if (at) {
      const top = at.offsetTop - movesEl.offsetTop;
      if (top < movesEl.scrollTop || top + at.offsetHeight > movesEl.scrollTop + movesEl.clientHeight) {
        movesEl.scrollTop = top - movesEl.clientHeight / 2;
      }
    } else {
      movesEl.scrollTop = 0;
    }
  }

  // The moves from index `from` on, as buttons in numbered items: a new item for each move of
  // the opening side, the reply in its item.
  function appendMoves(moves, from, shift, first) {
    const second = first === "fox" ? "geese" : "fox";
    for (let i = from; i < moves.length; i++) {
      const half = (i + shift) % 2;
      if (half === 0 || i === 0) {
        const li = document.createElement("li");
        li.value = (i + shift - half) / 2 + 1;
        movesEl.append(li);
      }
      if (half === 1 && i === 0) {
        const gap = document.createElement("span");
        gap.className = "move-gap";
        gap.setAttribute("aria-hidden", "true");
        gap.textContent = "…";
        movesEl.lastElementChild.append(gap);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = `move move-${half === 0 ? first : second}`;
      button.dataset.move = moves[i];
      button.dataset.ply = String(i + 1);
      button.textContent = moves[i];
      movesEl.lastElementChild.append(button);
    }
  }

  function renderControls(s) {
    const { live } = s;
    const ready = s.engine === "ready";
    const at = s.shown?.ply ?? 0;
    const browsable = ready && live && !s.linkError;
    setEnabled("first", browsable && at > 0); // earlier positions come from the engine
    setEnabled("prev", browsable && at > 0);
    setEnabled("next", Boolean(live) && !s.linkError && at < live.ply);
    setEnabled("last", Boolean(live) && !s.linkError && at < live.ply);
    setEnabled("undo", undoTarget(s) !== null);
    setEnabled("new-game", ready);
    setEnabled("setup", ready && Boolean(live));
    setEnabled("copy-link", true);
    const own = store.latestOwn(s.linkError ? null : s.game?.id);
    $("#own-game").hidden = !(s.game?.mode === "link" || s.linkError) || !own;
    $("#aside").hidden = !s.putAside;
    $("#hint").hidden = !s.hint;
    const place = placingHint(s);
    for (const words of root.querySelectorAll("#hint [data-hint]")) words.hidden = (words.dataset.hint === "place") !== place;
    $("#turned-note").hidden = !view.board || !turnedNote(s);
    $("#huff-note").hidden = !huffNoteShown(s);
    $("#other-tab").hidden = !s.otherTab;
    $("#other-tab").textContent = s.otherTab ? text.otherTabText() : "";
    $("#confirm").hidden = !s.question;
    if (s.question) {
      $("#confirm-text").textContent = text.confirmText(s.question.kind);
      actions("play-on")[0].hidden = !s.question.playOn;
    }
    const field = $("#copy-fallback");
    field.hidden = !s.copyFallback;
    if (s.copyFallback && field.value !== s.copyFallback) {
      field.value = s.copyFallback;
      field.select();
    }
  }

  // The whole page from the state; animate: the move that led to the position, to animate;
  // force: the board is given its input again (it put back a move the engine refused).
  view.render = (s, { animate = null, force = false } = {}) => {
    renderEngine(s);
    showSettings(form, s);
    renderLinkError(s);
    renderControls(s);
    renderEditor(root, s, { foxes });
    renderShare(root, s);
    messageEl.textContent = isBrowsing(s) ? s.browseMessage : s.message;
    drawBoard(s, animate, force);
    renderMoves(s);
    analysis.render(s);
    const { live, game } = s;
    if (!live || !game) {
      if (s.engine === "failed" || s.linkError) statusEl.textContent = statusText(s, foxes);
      // What the served page's table favours says nothing of a link that cannot be played.
      if (s.linkError) $("#balance").hidden = true;
      return;
    }
    const browsing = isBrowsing(s);
    statusEl.dataset.toMove = live.to_move;
    statusEl.dataset.result = s.linkError ? "" : live.result ?? "";
    statusEl.dataset.thinking = String(s.thinking);
    statusEl.dataset.browsing = String(browsing);
    statusEl.dataset.mode = game.mode; // what the game on the board is, for tests and styles
    statusEl.dataset.side = game.side;
    statusEl.textContent = statusText(s, foxes);
    $("#opponent").textContent = text.opponentText(game.mode, game.level);
    $("#table-info").textContent = text.tableText(live.geese, live.sideways, sidewaysOption);
    renderBalance(s);
    // In a table without sideways steps geese can run out of moves, the loss that surprises a
    // beginner: said to a player of the geese before their first moves.
    $("#geese-tip").hidden = !(sidewaysOption && !live.sideways && game.mode !== "two"
      && game.side === "geese" && live.ply < 2 && !s.linkError);
    $("#tally").textContent = text.tallyText(boardState(s));
    renderResult(s);
    $("#browsing").hidden = !browsing;
    $("#browsing-text").textContent = text.browsingText(moveAt(s, s.shown.ply), moveAt(s, live.ply));
  };

  view.renderSettings = (s) => showSettings(form, s);
  view.status = () => statusEl.textContent;
  view.clearMoveInput = () => { moveInput.value = ""; };
  view.typedMove = () => moveInput.value.replace(/\s+/g, "").toLowerCase();
  view.focusConfirm = () => actions("confirm")[0].focus();
  view.foldSettings = () => {
    // On a phone the board comes first and the settings fold away.
    if (matchMedia("(max-width: 52rem)").matches) $("#settings-sheet").open = false;
  };
  return view;
}
