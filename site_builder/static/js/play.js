// The play page: ties the board, the engine worker, the URL and local storage together.
//
// The game lives in one string, the engine's record (e.g. 1.fox-and-geese.13.d4-c4).
// It is always in the URL fragment (that is play by link) and saved per game in
// localStorage; the engine turns it into a state (pieces, legal moves, result).

import { Board } from "./board.js";
import { Engine } from "./engine.js";
import { showProgress } from "./loading.js";
import { t, tn } from "./i18n.js";

const html = document.documentElement;
const root = document.getElementById("play");
const GAME = root.dataset.game;
const STORE = `fox-and-geese:play:${GAME}`;
const $ = (selector) => root.querySelector(selector);
const actions = (name) => root.querySelectorAll(`[data-action="${name}"]`);

const statusEl = $("#status");
const messageEl = $("#message");
const announceEl = $("#announce");
const movesEl = $("#moves");
const form = $("#settings");
const linkError = $("#link-error");

let engine = null;
let ready = false;
let game = null;          // the live game: the engine's state dict
let shown = null;         // the state on the board (an earlier one while browsing the moves)
let thinking = false;     // the computer is choosing a move
let token = 0;            // bumped on every change of game, so late answers are dropped
let settings = defaults();
let manualFlip = false;
const cache = new Map();  // record -> state, for browsing the move list
let board = null;         // the live board: set up just after the engine worker is started

// -- texts --------------------------------------------------------------

function foxes() {
  return (shown ?? game)?.pieces.fox.length ?? Number(root.dataset.foxes || 1);
}

function illegalText(code) {
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
    case "game-over": return t("The game is over.");
    case "no-moves": return t("This piece cannot move now.");
    case "bad-notation": return t("Write a move as its two points, such as d4-d5, or a jump as d4xd6.");
    default: return t("That move is not allowed.");
  }
}

function resultText(state) {
  const n = foxes();
  const winner = state.result === "fox" ? tn("The fox wins.", "The foxes win.", n)
    : state.result === "geese" ? t("The geese win.") : t("The game is drawn.");
  const why = {
    "goose-count": () => tn("Too few geese are left to trap the fox.", "Too few geese are left to trap the foxes.", n),
    "pen-full": () => t("The geese have filled the pen."),
    "fox-trapped": () => tn("The fox cannot move.", "The foxes cannot move.", n),
    "geese-blocked": () => t("The geese cannot move."),
    "threefold-repetition": () => t("The same position came up for the third time."),
    "hundred-ply-rule": () => t("Fifty moves each without a capture or a goose moving forward."),
  }[state.reason];
  return why ? `${winner} ${why()}` : winner;
}

function yourMoveText(side) {
  return side === "fox" ? tn("Your move, with the fox.", "Your move, with the foxes.", foxes())
    : t("Your move, with the geese.");
}

function toMoveText(side) {
  return side === "fox" ? tn("Fox to move", "Foxes to move", foxes()) : t("Geese to move");
}

function linkErrorText(error, record) {
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
      // Only a record that starts like one ("2.…") comes from another version.
      if (/^\d+\./.test(record)) return t("This link was made by a newer or unknown version of this site.");
      return t("This link does not hold a game that can be read.");
    case "empty":
    case "too-long":
    case "truncated":
    case "unknown-game":
    default:
      return t("This link does not hold a game that can be read.");
  }
}

function pointLabel(name, kind) {
  if (kind === "fox") return t("%(point)s, fox", { point: name });
  if (kind === "goose") return t("%(point)s, goose", { point: name });
  return t("%(point)s, empty", { point: name });
}

function say(text) {
  messageEl.textContent = text;
}

function announce(text) {
  announceEl.textContent = text;
}

// -- settings and storage ----------------------------------------------

function defaults() {
  return { mode: "computer", side: "fox", level: "medium",
    geese: Number(root.dataset.defaultGeese) || null, sideways: false };
}

function readStore() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) ?? {};
  } catch {
    return {};
  }
}

function writeStore() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ record: game?.record, settings }));
  } catch {
    // Storage can be full or disabled: the URL still holds the game.
  }
}

function settingsToForm() {
  for (const [name, value] of Object.entries(settings)) {
    const field = form.elements[name];
    if (!field) continue;
    if (field.type === "checkbox") field.checked = value;
    else field.value = String(value);
  }
  form.dataset.mode = settings.mode;
}

function formToSettings() {
  const f = form.elements;
  settings = {
    mode: f.mode.value,
    side: f.side.value,
    level: f.level.value,
    geese: f.geese ? Number(f.geese.value) : settings.geese,
    sideways: f.sideways ? f.sideways.checked : false,
  };
  form.dataset.mode = settings.mode;
}

// -- the game -----------------------------------------------------------

function header(state) {
  return state.record.split(".").slice(0, 3).join(".");
}

function recordAt(ply) {
  return [header(game), ...game.moves.slice(0, ply)].join(".");
}

function humanMoves() {
  return settings.mode === "two" || game.to_move === settings.side;
}

function canMove() {
  return ready && game && shown === game && !game.result && !thinking && humanMoves();
}

// Show a new live game state (after a move, undo, new game or a link).
function setGame(state, { animate = null } = {}) {
  token++;
  thinking = false;
  game = state;
  shown = state;
  cache.set(state.record, state);
  history.replaceState(null, "", `#${state.record}`);
  writeStore();
  render(animate);
  computerTurn();
}

function render(animate = null) {
  const state = shown;
  const flipped = manualFlip !== (settings.mode !== "two" && settings.side === "fox");
  if (board.flipped !== flipped) board.setFlipped(flipped);
  board.update({ pieces: state.pieces, legal: state.legal, toMove: state.to_move, last: state.last },
    { animate, interactive: canMove() });

  statusEl.dataset.toMove = game.to_move;
  statusEl.dataset.result = game.result ?? "";
  statusEl.dataset.thinking = String(thinking);
  if (game.result) statusEl.textContent = resultText(game);
  else if (thinking) statusEl.textContent = t("The computer is thinking…");
  else if (settings.mode === "two") statusEl.textContent = toMoveText(game.to_move);
  else if (humanMoves()) statusEl.textContent = yourMoveText(game.to_move);
  else if (settings.mode === "link") statusEl.textContent = t("Waiting for the other player: send them the link.");
  else statusEl.textContent = toMoveText(game.to_move);

  $("#tally").textContent = tn("%(num)s goose left", "%(num)s geese left", state.geese_left,
    { num: state.geese_left });
  renderMoves();
  const at = state.ply;
  setEnabled("first", at > 0);
  setEnabled("prev", at > 0);
  setEnabled("next", at < game.ply);
  setEnabled("last", at < game.ply);
  setEnabled("undo", undoTarget() !== null);
  setEnabled("new-game", ready);
  setEnabled("copy-link", true);
  $("#browsing").hidden = shown === game;
  $("#browsing-text").textContent = t("Showing the position after move %(ply)s of %(total)s.",
    { ply: at, total: game.ply });
}

function setEnabled(action, enabled) {
  for (const button of actions(action)) button.disabled = !enabled;
}

function renderMoves() {
  const items = [];
  game.moves.forEach((move, i) => {
    if (i % 2 === 0) {
      const li = document.createElement("li");
      li.value = i / 2 + 1;
      items.push(li);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = i % 2 === 0 ? "move move-fox" : "move move-geese";
    button.dataset.move = move;
    button.dataset.ply = String(i + 1);
    button.textContent = move;
    if (i + 1 === shown.ply) button.setAttribute("aria-current", "step");
    items.at(-1).append(button);
  });
  movesEl.replaceChildren(...items);
  // Keep the current move in view inside the list, without scrolling the page.
  const current = movesEl.querySelector("[aria-current]");
  if (current) {
    const top = current.offsetTop - movesEl.offsetTop;
    if (top < movesEl.scrollTop || top + current.offsetHeight > movesEl.scrollTop + movesEl.clientHeight) {
      movesEl.scrollTop = top - movesEl.clientHeight / 2;
    }
  } else {
    movesEl.scrollTop = 0;
  }
}

async function computerTurn() {
  if (!ready || settings.mode !== "computer" || game.result || game.to_move === settings.side) return;
  const mine = token;
  thinking = true;
  render();
  const seconds = thinkSeconds();
  const answer = await ask("ai_move", { record: game.record, level: settings.level, seconds }, seconds);
  if (!answer || mine !== token) return;
  const next = answer.error ? answer : await ask("play", { record: game.record, move: answer.move });
  if (!next || mine !== token) return;
  thinking = false;
  if (next.error) {
    say(t("The computer could not move: %(error)s", { error: next.error.message }));
    render();
    return;
  }
  setGame(next, { animate: answer.move });
  say(t("The computer played %(move)s.", { move: answer.move }));
  announce(t("The computer played %(move)s.", { move: answer.move }) + " " + statusEl.textContent);
}

// Play a move from the board or the move box; true when it was played.
async function humanMove(move) {
  const mine = token;
  say("");
  const next = await ask("play", { record: game.record, move });
  if (!next || mine !== token) return false;
  if (next.error) {
    say(illegalText(next.error.reason ?? next.error.code));
    render();
    return false;
  }
  $("#engine-restarted").hidden = true;
  setGame(next, { animate: next.last });
  announce(`${next.last}. ${statusEl.textContent}`);
  if (settings.mode === "link" && !next.result) {
    say(t("Now copy the link and send it to the other player."));
  }
  return true;
}

// Why no move can be entered now, or "" when one can.
function whyNoMove() {
  if (!ready || !game) return t("Wait until the game engine has loaded.");
  if (!linkError.hidden) return t("This link cannot be played as it is.");
  if (game.result) return illegalText("game-over");
  if (shown !== game) return t("Go to the last move to play on.");
  if (settings.mode === "link" && !humanMoves()) return t("Waiting for the other player: send them the link.");
  if (thinking || !humanMoves()) return t("Wait for the computer's move.");
  return "";
}

// A move typed in notation; the text stays in the box until it is played.
async function typedMove() {
  const field = $("#move-input");
  const text = field.value.replace(/\s+/g, "").toLowerCase();
  if (!text) return;
  const why = whyNoMove();
  if (why) say(why);
  else if (await humanMove(text)) field.value = "";
}

async function explainIllegal(attempt) {
  if (attempt.code) {
    say(illegalText(attempt.code));
    return;
  }
  const mine = token;
  const answer = await ask("play", { record: game.record, move: attempt.move });
  if (!answer || mine !== token) return;
  say(answer.error ? illegalText(answer.error.reason ?? answer.error.code) : "");
}

// The ply that undo goes back to, or null. Against the computer it takes back
// the computer's reply as well; by link only your own move not yet answered.
function undoTarget() {
  if (!ready || !game || game.ply === 0) return null;
  if (settings.mode === "two") return game.ply - 1;
  const target = game.ply - (game.to_move === settings.side ? 2 : 1);
  if (settings.mode === "link" && game.to_move === settings.side) return null;
  return target >= 0 ? target : null;
}

async function goLive(record) {
  const mine = token;
  const state = cache.get(record) ?? await ask("load", { record });
  if (!state || mine !== token || state.error) return;
  setGame(state);
}

async function browse(ply) {
  if (!game) return;
  ply = Math.max(0, Math.min(game.ply, ply));
  if (ply === game.ply) {
    shown = game;
    render();
    return;
  }
  const mine = token;
  const record = recordAt(ply);
  const state = cache.get(record) ?? await ask("load", { record });
  if (!state || mine !== token || state.error) return;
  cache.set(record, state);
  shown = state;
  render();
}

async function newGame() {
  formToSettings();
  hideLinkError();
  $("#engine-restarted").hidden = true;
  say("");
  const state = await ask("new_game", {
    game: GAME, geese: settings.geese, sideways: settings.sideways,
  });
  if (!state) return;
  if (state.error) {
    say(state.error.message);
    return;
  }
  setGame(state);
}

// -- links --------------------------------------------------------------

function fragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim(); // a stray "%": read as it is
  }
}

// Open the record in the URL: it wins over the saved game.
async function openLink(record, saved) {
  if (!record) {
    // An emptied fragment: the game in progress goes back into the URL.
    if (game && linkError.hidden) history.replaceState(null, "", `#${game.record}`);
    linkHandled(linkError.hidden ? "ok" : "error");
    return;
  }
  const state = await ask("load", { record });
  if (!state) return;
  if (state.error) {
    showLinkError(state.error, record);
    linkHandled("error");
    return;
  }
  if (state.game !== GAME) {
    showOtherGame(state);
    linkHandled("error");
    return;
  }
  hideLinkError();
  if (state.record !== saved?.record) {
    // Someone else's link: play it by link, as the side to move.
    settings.mode = "link";
    if (!state.result) settings.side = state.to_move;
    settingsToForm();
  }
  setGame(state);
  linkHandled("ok");
}

// <html data-link="ok|error" data-link-seq="n">: how the n-th link opened here was taken
// (a hook for tests, which feed links one after the other without reloading).
function linkHandled(result) {
  html.dataset.link = result;
  html.dataset.linkSeq = String(Number(html.dataset.linkSeq ?? 0) + 1);
}

function showLinkError(error, record) {
  const prefix = error.valid_prefix;
  linkError.hidden = false;
  $("#link-error-text").textContent = linkErrorText(error, record);
  const use = $("[data-action=use-prefix]");
  use.hidden = !prefix || (error.code !== "illegal-move" && error.code !== "bad-notation");
  if (!use.hidden) {
    const plies = prefix.split(".").length - 3;
    use.textContent = tn("Continue from the readable part (%(num)s move)",
      "Continue from the readable part (%(num)s moves)", plies, { num: plies });
    use.dataset.record = prefix;
  }
  $("#link-error-other").hidden = true;
  linkProblem();
}

// The page shows no game while the link is in question; a saved game is offered back.
function linkProblem() {
  $("[data-action=use-saved]").hidden = !readStore().record;
  statusEl.textContent = t("This link cannot be played as it is.");
  setEnabled("new-game", true);
  board.setInteractive(false);
}

function showOtherGame(state) {
  linkError.hidden = false;
  $("[data-action=use-prefix]").hidden = true;
  const link = $("#other-games").content.querySelector(`[data-game="${state.game}"]`);
  const other = $("#link-error-other");
  other.hidden = !link;
  if (link) {
    other.href = `${new URL(link.getAttribute("href"), document.baseURI).href}#${state.record}`;
    other.textContent = t("Open it on the page of %(game)s", { game: link.textContent });
  }
  $("#link-error-text").textContent = t("This link holds a game of another kind.");
  linkProblem();
}

function hideLinkError() {
  linkError.hidden = true;
}

async function copyLink() {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    say(t("Link copied. Whoever opens it can continue this game."));
  } catch {
    const field = $("#copy-fallback");
    field.hidden = false;
    field.value = url;
    field.select();
    say(t("Copy this link by hand:"));
  }
}

// -- the engine -------------------------------------------------------------------

const RESTARTS_PER_MINUTE = 3; // more, and the engine is given up (with a retry button)
const restarts = [];

// How long the computer thinks about a move (a page may ask for longer: data-think-seconds).
function thinkSeconds() {
  return Number(root.dataset.thinkSeconds) || 1;
}

// An engine call that may take `seconds`; null when the worker failed. A worker that died or
// hung is restarted by engineDied; any other failure of the worker leaves a retry button.
async function ask(method, params, seconds = 0) {
  const current = engine;
  const answer = await current.call(method, params, seconds * 1000);
  if (!answer.worker) return answer;
  if (current === engine && ready && answer.error.code !== "worker-failed") engineFailed(answer.error);
  return null;
}

// The worker died or stopped answering: a new one takes over the game from its record.
async function engineDied(reason) {
  if (!ready) return;
  const now = performance.now();
  restarts.push(now);
  if (restarts.filter((at) => now - at < 60000).length > RESTARTS_PER_MINUTE) {
    engineFailed({ code: "died", message: reason });
    return;
  }
  ready = false;
  thinking = false;
  token++;
  board.setInteractive(false);
  statusEl.textContent = t("The game engine stopped. Starting it again…");
  await startEngine();
  if (!ready) return;
  html.dataset.engineRestarts = String(Number(html.dataset.engineRestarts ?? 0) + 1);
  $("#engine-restarted").hidden = false; // until the player's next move
}

function engineFailed(error) {
  ready = false;
  thinking = false;
  token++;
  engine.stop();
  html.dataset.engine = "failed";
  $("#engine-restarted").hidden = true;
  statusEl.textContent = t("The game engine is not available.");
  $("#engine-loading").hidden = true;
  $("#engine-failed").hidden = false;
  $("#engine-error").textContent = `${error.code}: ${error.message}`;
  board.setInteractive(false);
  setEnabled("new-game", false);
  setEnabled("undo", false);
}

// -- start-up ---------------------------------------------------------------

async function startEngine() {
  html.dataset.engine = "loading";
  $("#engine-loading").hidden = false;
  $("#engine-failed").hidden = true;
  showProgress("start");
  engine?.stop();
  engine = new Engine({
    workerURL: new URL("./engine-worker.js", import.meta.url),
    pyodideURL: new URL(root.dataset.pyodide, document.baseURI).href,
    engineURL: new URL(root.dataset.archive, document.baseURI).href,
    timeoutMs: Number(root.dataset.timeout) || undefined,
    onProgress: showProgress,
    onDead: engineDied,
  });
  let failure = null;
  try {
    await engine.start();
  } catch (error) {
    failure = error;
  }
  await setUp; // the board is there from here on
  if (failure) {
    engineFailed({ code: "load", message: String(failure.message ?? failure) });
    return;
  }
  ready = true;
  $("#engine-loading").hidden = true;
  if (game) {
    // A restart: the game goes on from its record, unless a link was opened meanwhile;
    // a link in question stays in question.
    const link = fragment();
    if (link && link !== game.record) await openLink(link, readStore());
    else if (linkError.hidden) await goLive(game.record);
    else linkProblem();
  } else {
    const saved = readStore();
    const link = fragment();
    if (link) await openLink(link, saved);
    else if (saved.record) await openLink(saved.record, saved);
    else await newGame();
  }
  html.dataset.engine = "ready";
  // How long the worker took, phase by phase (ms since it started), for benchmarks and bug reports.
  html.dataset.engineTimings = JSON.stringify(engine.timings);
}

function bind() {
  const saved = readStore();
  if (saved.settings) settings = { ...settings, ...saved.settings };
  settingsToForm();

  const handlers = {
    "new-game": newGame,
    "undo": () => { const at = undoTarget(); if (at !== null) goLive(recordAt(at)); },
    "flip": () => { manualFlip = !manualFlip; if (game) render(); else board.setFlipped(!board.flipped); },
    "copy-link": copyLink,
    "first": () => browse(0),
    "prev": () => browse(shown.ply - 1),
    "next": () => browse(shown.ply + 1),
    "last": () => browse(game.ply),
    "retry": startEngine,
    "discard-link": () => { hideLinkError(); newGame(); },
    "use-saved": () => { const saved = readStore(); openLink(saved.record, saved); },
    // The readable part of a link is still someone's link: played by link, as the side to move.
    "use-prefix": () => openLink($("[data-action=use-prefix]").dataset.record, null),
  };
  root.addEventListener("click", (e) => {
    const button = e.target.closest("[data-action], [data-ply]");
    if (!button || button.disabled) return;
    if (button.dataset.ply && !button.dataset.action) {
      browse(Number(button.dataset.ply));
      return;
    }
    handlers[button.dataset.action]?.();
  });

  form.addEventListener("change", (e) => {
    formToSettings();
    writeStore();
    if (!game) return;
    token++; // a computer move being computed no longer applies
    thinking = false;
    // Table settings change the game itself: at once before the first move, else at the next new game.
    if ((e.target.name === "geese" || e.target.name === "sideways") && game.ply === 0) newGame();
    else {
      render();
      computerTurn();
    }
  });
  form.addEventListener("submit", (e) => e.preventDefault());
  $("#move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    typedMove();
  });

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !game) return;
    if (e.target.closest("input, select, textarea, svg")) return;
    const keys = { ArrowLeft: () => browse(shown.ply - 1), ArrowRight: () => browse(shown.ply + 1),
      Home: () => browse(0), End: () => browse(game.ply) };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });

  window.addEventListener("hashchange", () => {
    if (ready) openLink(fragment(), readStore());
  });

  // Hooks for the fault tests (tests/e2e): end the worker the way a crash would, or keep it
  // searching far beyond any budget. Only the page's own scripts can send these events.
  window.addEventListener("fox-and-geese:kill-worker", () => engine?.worker?.terminate());
  window.addEventListener("fox-and-geese:hang-worker", () => {
    if (ready && game) engine.call("ai_move", { record: game.record, level: "hard", seconds: 3600 });
  });
}

// The engine worker is started first; the board and the controls are set up in a task of their
// own, so that the page's start-up never holds the main thread for long.
const setUp = new Promise((resolve) => setTimeout(resolve)).then(() => {
  board = new Board(root.querySelector("svg[data-board]"), {
    onMove: humanMove,
    onIllegal: explainIllegal,
    onSelect: (_name, hasMoves) => say(hasMoves ? "" : illegalText("no-moves")),
    onChain: (canStop) => say(canStop
      ? t("Jump on by clicking the next landing point, or click the fox again to stop here.")
      : t("The fox must jump on: click the next landing point.")),
    label: pointLabel,
  });
  bind();
});
startEngine();
