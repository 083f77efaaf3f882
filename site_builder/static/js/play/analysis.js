// Hint and review on the play page (game/analysis.py through the worker, docs/analysis.md):
// the actions, which change the state (play/analysis-state.js) and redraw, and the part of the
// view that draws them (the panel, the marks in the move list, the value chart). The page's
// controller and view call in through small hooks.

import * as text from "../texts.js";
import {
  canReview, chartTop, exactAfter, hintOffered, reviewOffered, hintsUsed, markCounts, reviewMoveProgress, reviewProgress,
  reviewRow, reviewShown, shownAdvice, turnOf, valueSeries, whyNoHint,
} from "./analysis-state.js";
import { isBrowsing, moveAt, numberShift } from "./state.js";

// A hint shows within a second of the click, the page's own work included (analysis.HINT_SECONDS).
const HINT_SECONDS = 0.9;
// One review call's work in the worker: short, so that a move, a hint or a look back asked
// meanwhile waits at most this long behind it, and the progress moves at least every second.
const REVIEW_STEP_SECONDS = 0.4;
// A call's work is bounded by nodes and positions, not by the clock (the same marks on any
// machine): on a slow or busy one it may take several seconds without the worker being hung.
const REVIEW_CALL_BUDGET_SECONDS = 10;
// analysis.VALUE_CAP: a proven win (at the top of the chart, whose scale is chartTop's).
const VALUE_CAP = 1000;

// How the move list numbers the moves (state.numberShift of the game listed).
const listShift = (s) => numberShift(s.linkError?.behind ?? s.live, s.first);

// -- the actions ------------------------------------------------------------------------------

export function createAnalysis({ s, session, render, say, speak, save, foxes }) {
  // What the analysis panel shows is spoken, not said again under the status.
  const tell = (message) => {
    render();
    speak(message);
  };

  async function hint() {
    const why = whyNoHint(s);
    if (why === "link") return;
    if (why) {
      if (why !== "waiting") say(text.blockedText(why, foxes));
      return;
    }
    const live = s.live;
    const shown = shownAdvice(s);
    if (shown) {
      shown.asked = (shown.asked ?? 1) + 1;
      tell(text.adviceText(shown, shown.side, foxes)); // the same position: said again, not counted
      return;
    }
    s.adviceWaiting = true;
    render();
    const answer = await session.ask("hint", { record: live.record, seconds: HINT_SECONDS },
      { seconds: HINT_SECONDS });
    s.adviceWaiting = false;
    if (!answer || s.live !== live) {
      render();
      return;
    }
    if (answer.error) {
      say(text.errorText(answer.error));
      return;
    }
    // The board marks the move by its points, from the engine's own view of the position.
    const move = live.legal.find((m) => m.move === answer.move);
    // asked: how often, so that the view brings it into sight each time (createAnalysisView).
    s.advice = { ...answer, record: live.record, path: move?.path ?? [], side: live.to_move, asked: 1 };
    s.game.hints = hintsUsed(s) + 1;
    save();
    tell(text.adviceText(s.advice, s.advice.side, foxes));
  }

  // The moves so far, from the last back (the worker's review), a short call at a time.
  async function review() {
    if (!canReview(s)) return;
    const { live } = s;
    const r = { record: live.record, moves: [...live.moves], rows: {}, next: live.moves.length, turn: null,
      running: true, stopped: false, failed: false };
    s.review = r;
    tell(text.reviewProgressText(0, reviewMoveProgress(r, listShift(s)).total));
    while (r.next !== null) {
      // The rows so far go back with each call: the worker keeps no game, and finds from them
      // where the game turned.
      const answer = await session.ask("review",
        { record: r.record, until: r.next, seconds: REVIEW_STEP_SECONDS, rows: Object.values(r.rows) },
        { seconds: REVIEW_CALL_BUDGET_SECONDS, lasting: true });
      if (s.review !== r || !r.running) return; // stopped, or another review or game
      if (!answer || answer.error) {
        r.running = false;
        r.failed = true;
        tell(text.reviewFailedText());
        return;
      }
      for (const row of answer.rows) r.rows[row.ply] = row;
      r.next = answer.next;
      r.turn = answer.turn;
      render();
    }
    r.running = false;
    tell(text.reviewDoneText(markCounts(r), foxes));
  }

  function stopReview() {
    const r = s.review;
    if (!r?.running) return;
    r.running = false;
    r.stopped = true;
    const { done, total } = reviewMoveProgress(r, listShift(s));
    tell(text.reviewStoppedText(done, total));
  }

  // A game that is not the one reviewed (another game, undone moves) ends its review.
  function gameChanged() {
    if (s.review && !reviewShown(s)) {
      s.review.running = false;
      s.review = null;
    }
  }

  return { hint, review, stopReview, gameChanged };
}

// -- the view ---------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
const svgEl = (name, attrs = {}) => {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};
const CHART = { width: 320, height: 90, pad: 4 };

export function createAnalysisView(root, { foxes }) {
  const $ = (selector) => root.querySelector(selector);
  const hintButton = $("[data-action=hint]");
  const reviewButton = $("[data-action=review]");
  const stopButton = $("[data-action=stop-review]");
  const advice = $("#advice");
  const hintsUsedEl = $("#hints-used");
  const panel = $("#review");
  const bar = $("#review-bar");
  const progress = $("#review-text");
  const moveText = $("#review-move");
  const exact = $("#review-exact");
  const turn = $("#review-turn");
  const chart = $("#value-chart");
  const tableBody = $("#value-table tbody");
  let drawnChart = null; // what the chart and table were drawn from, as JSON

  // Where the board is above the panel (play.css's one column), the hint's sentence goes right
  // under the board, beside the move it marks: below the buttons it is out of sight with the
  // board. Beside the board (two columns) it stays under the Hint button.
  const boardEl = $("svg[data-board]");
  const adviceHome = advice.parentElement;
  const adviceHomeNext = advice.nextElementSibling;
  const oneColumn = window.matchMedia("(max-width: 52rem)");
  const placeAdvice = () => {
    if (oneColumn.matches) boardEl.after(advice);
    else adviceHome.insertBefore(advice, adviceHomeNext);
  };
  placeAdvice();
  oneColumn.addEventListener("change", placeAdvice);
  let revealed = ""; // the hint last brought into sight (record and times asked)

  // The board and the hint's sentence in sight together where they fit (a phone: the player
  // pressed Hint below the board), else the sentence.
  function revealAdvice() {
    const board = boardEl.getBoundingClientRect();
    const said = advice.getBoundingClientRect();
    const top = Math.min(board.top, said.top);
    const bottom = Math.max(board.bottom, said.bottom);
    if (top >= 0 && bottom <= window.innerHeight) return;
    const by = bottom - top <= window.innerHeight ? top - 4 : said.bottom - window.innerHeight + 4;
    window.scrollBy({ top: by, behavior: "instant" });
  }

  function renderHint(s) {
    const offered = hintOffered(s) && !s.live?.result;
    hintButton.hidden = !offered;
    const why = whyNoHint(s);
    hintButton.disabled = Boolean(why) && why !== "waiting";
    hintButton.setAttribute("aria-busy", String(s.adviceWaiting));
    const shown = shownAdvice(s);
    advice.hidden = !shown && !s.adviceWaiting;
    advice.textContent = shown ? text.adviceText(shown, shown.side, foxes) : s.adviceWaiting ? text.hintWaitText() : "";
    advice.dataset.move = shown?.move ?? "";
    advice.dataset.reason = shown?.reason ?? "";
    const key = shown ? `${shown.record} ${shown.asked}` : "";
    if (key && key !== revealed) {
      revealed = key;
      revealAdvice();
    }
    const { live, game } = s;
    const hints = hintsUsed(s);
    const ended = Boolean(live?.result) && !isBrowsing(s) && !s.linkError && hints > 0;
    hintsUsedEl.hidden = !ended;
    if (ended) hintsUsedEl.textContent = text.hintsUsedText(hints, game.mode !== "two" && live.result === game.side);
  }

  // The marks beside the moves in the list, on buttons the view has just made (renderMoves).
  function markMoves(s) {
    const r = reviewShown(s);
    if (!r) return;
    for (const button of root.querySelectorAll("#moves [data-ply]")) {
      const ply = Number(button.dataset.ply);
      const row = reviewRow(r, ply);
      if (!row) continue;
      button.dataset.mark = row.mark;
      if (row.verdict) button.dataset.verdict = row.verdict;
      button.title = text.reviewedMoveText(row, moveAt(s, ply));
      const mark = document.createElement("span");
      mark.className = "move-mark";
      const symbol = document.createElement("span");
      symbol.setAttribute("aria-hidden", "true");
      symbol.textContent = text.MARK_SYMBOLS[row.mark];
      const words = document.createElement("span");
      words.className = "visually-hidden";
      words.textContent = ` ${text.markText(row.mark)}`;
      mark.append(symbol, words);
      if (r.turn === ply) {
        button.dataset.turn = "true";
        const flag = document.createElement("span");
        flag.className = "visually-hidden";
        flag.textContent = `, ${text.turnButtonText(moveAt(s, ply), row.side, foxes)}`;
        mark.append(flag);
      }
      button.append(mark);
    }
  }

  function drawChart(s, r, at) {
    const series = valueSeries(r);
    const key = JSON.stringify([series, r.turn, at, s.live?.captures_to_win]);
    if (key === drawnChart) return;
    drawnChart = key;
    const { width, height, pad } = CHART;
    const last = Math.max(1, series.length - 1);
    const x = (ply) => pad + ((width - 2 * pad) * ply) / last;
    const top = chartTop(s.live?.captures_to_win, VALUE_CAP);
    const y = (value) => height / 2 - ((height / 2 - pad) * Math.max(-top, Math.min(top, value))) / top;
    const nodes = [svgEl("line", { x1: 0, x2: width, y1: height / 2, y2: height / 2, class: "chart-axis" })];
    // The known values as one line each run of reviewed plies, shaded to the axis.
    let run = [];
    const flush = () => {
      if (run.length > 1) {
        const pts = run.map(([p, v]) => `${x(p).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
        const area = `${x(run[0][0]).toFixed(1)},${height / 2} ${pts} ${x(run.at(-1)[0]).toFixed(1)},${height / 2}`;
        nodes.push(svgEl("polygon", { points: area, class: "chart-area" }));
        nodes.push(svgEl("polyline", { points: pts, class: "chart-line" }));
      }
      run = [];
    };
    series.forEach((value, ply) => {
      if (value === null) flush();
      else run.push([ply, value]);
    });
    flush();
    for (const row of Object.values(r.rows)) {
      if (row.mark === "good") continue;
      const value = series[row.ply];
      nodes.push(svgEl("circle", { cx: x(row.ply), cy: y(value), r: row.mark === "mistake" ? 3.5 : 2.5,
        class: `chart-mark chart-${row.mark}` }));
    }
    if (r.turn) nodes.push(svgEl("line", { x1: x(r.turn), x2: x(r.turn), y1: 0, y2: height, class: "chart-turn" }));
    nodes.push(svgEl("line", { x1: x(at), x2: x(at), y1: 0, y2: height, class: "chart-at" }));
    // A column per position to click (the page's click on [data-ply] goes there).
    const step = (width - 2 * pad) / last;
    series.forEach((_, ply) => {
      nodes.push(svgEl("rect", { x: x(ply) - step / 2, y: 0, width: step, height, class: "chart-hit",
        "data-ply": ply }));
    });
    chart.replaceChildren(...nodes);
    // The same values as a table, for a screen reader and the keyboard.
    const rows = [];
    for (let ply = 1; ply < series.length; ply++) {
      const row = reviewRow(r, ply);
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      const go = document.createElement("button");
      go.type = "button";
      go.dataset.ply = String(ply);
      go.textContent = `${moveAt(s, ply)}. ${r.moves[ply - 1]}`;
      th.append(go);
      const value = document.createElement("td");
      value.textContent = text.chartValueText(series[ply], VALUE_CAP, foxes);
      const mark = document.createElement("td");
      mark.textContent = row ? [text.markText(row.mark), text.verdictText(row.verdict)].filter(Boolean).join(" ") : "";
      tr.append(th, value, mark);
      rows.push(tr);
    }
    tableBody.replaceChildren(...rows);
  }

  function renderReview(s) {
    const r = reviewShown(s);
    reviewButton.hidden = !reviewOffered(s);
    reviewButton.disabled = !canReview(s);
    stopButton.hidden = !r?.running;
    panel.hidden = !r;
    if (!r) return;
    const plies = reviewProgress(r);
    bar.max = plies.total;
    bar.value = plies.done;
    bar.hidden = !r.running;
    panel.dataset.status = r.running ? "running" : r.failed ? "failed" : r.stopped ? "stopped" : "done";
    panel.dataset.done = String(plies.done);
    const { done, total } = reviewMoveProgress(r, listShift(s));
    if (r.running) progress.textContent = text.reviewProgressText(done, total);
    else if (r.failed) progress.textContent = text.reviewFailedText();
    else if (r.stopped) progress.textContent = text.reviewStoppedText(done, total);
    else progress.textContent = text.reviewDoneText(markCounts(r), foxes);
    const at = s.shown?.ply ?? 0;
    const row = at <= r.moves.length ? reviewRow(r, at) : null;
    moveText.textContent = row ? text.reviewedMoveText(row, moveAt(s, at)) : "";
    moveText.hidden = !row;
    const known = at <= r.moves.length ? exactAfter(r, at) : null;
    exact.textContent = known ? text.exactText(known.winner, foxes) : "";
    exact.hidden = !known;
    const turned = turnOf(r, listShift(s));
    turn.hidden = !turned;
    if (turned) {
      turn.textContent = text.turnButtonText(turned.move, turned.side, foxes);
      turn.dataset.ply = String(r.turn); // the page's click on [data-ply] goes there
    }
    drawChart(s, r, Math.min(at, r.moves.length));
  }

  return {
    render(s) {
      renderHint(s);
      renderReview(s);
    },
    markMoves,
    // What the marks in the move list are drawn from: the list is made again when it changes.
    marksKey(s) {
      const r = reviewShown(s);
      if (!r) return null;
      return [r.turn, r.rows];
    },
  };
}
