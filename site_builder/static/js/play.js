// The play page's controller: it wires the game model and its storage (games.js), the URL
// (links.js), the engine session (session.js), the board (board.js) and the page's texts
// (texts.js). It holds what is on screen: the game, its live state, the state shown on the
// board (an earlier one while looking back through the moves) and what the page waits for.

import { Board } from "./board.js";
import { GameStore, fromState, makeGame, viewState } from "./games.js";
import * as hooks from "./hooks.js";
import { earlyOpenerSide, openerSide, readFragment, sendLink, showInURL } from "./links.js";
import { showProgress } from "./loading.js";
import { Session } from "./session.js";
import * as text from "./texts.js";

const html = document.documentElement;
const root = document.getElementById("play");
const KIND = root.dataset.game;
const FOXES = Number(root.dataset.foxes || 1);
const SIDEWAYS_OPTION = root.dataset.sidewaysOption === "true";
const LEVELS = ["easy", "medium", "hard"];
const PAUSE_MS = 400; // between the end of your move's animation and the computer's reply
const FLIP_KEY = "fox-and-geese:flip";
const HINT_KEY = "fox-and-geese:hint-seen";
const PIECES = { fox: "fox", geese: "goose" }; // side -> the kind of its pieces
const BALANCE = JSON.parse(document.getElementById("balance-data").textContent);

const $ = (selector) => root.querySelector(selector);
const actions = (name) => root.querySelectorAll(`[data-action="${name}"]`);
const statusEl = $("#status");
const messageEl = $("#message");
const announceEl = $("#announce");
const movesEl = $("#moves");
const form = $("#settings");
const linkError = $("#link-error");
const moveInput = $("#move-input");

const store = new GameStore(KIND);

// The engine's state of each table's opening and of the position after each first move, made
// at build time (builder.opening_states): the page draws them, and plays a first move, before
// the engine has loaded. Such states, and those drawn from a saved game, are marked early.
const openings = JSON.parse(document.getElementById("openings").textContent);
for (const opening of Object.values(openings)) {
  opening.early = true;
  for (const after of Object.values(opening.after)) after.early = true;
}
let game = null;      // the game model (games.js)
let live = null;      // the engine's state of the game's last position
let shown = null;     // the state on the board
let thinking = false; // the computer is choosing a move
let linkBad = false;  // the URL holds a link that cannot be played as it is
let question = null;  // the confirmation asked now: {accept, cancel}
let putAside = null;  // the game the last new game put aside, to bring back
let draft = false;    // the game on the board is a new one drawn before the engine was ready
const cache = new Map(); // record -> state, for looking back through the moves
let heldMessage = null;  // the message about the game, put away while an earlier move is shown

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: only a preference is lost
  }
}

let manualFlip = stored(FLIP_KEY) === "true";
// The page's own choice of opponent and side, and what the form shows before there is a game:
// a friend's link waiting for the engine is shown as the link game it will be.
const defaults = { mode: form.elements.mode.value, side: form.elements.side.value };
let early = null;

// -- messages -------------------------------------------------------------------------------

// The message under the status, and what a screen reader hears (the page's one live region).
function say(message, spoken = message) {
  messageEl.textContent = message;
  if (spoken) speak(spoken);
}

function speak(words) {
  // The same words twice are still read out: the region is emptied first.
  announceEl.textContent = "";
  requestAnimationFrame(() => { announceEl.textContent = words; });
}

// -- settings -------------------------------------------------------------------------------

function formSettings() {
  const f = form.elements;
  return {
    mode: f.mode.value,
    side: f.side.value,
    level: f.level.value,
    geese: f.geese ? Number(f.geese.value) : Number(root.dataset.defaultGeese) || null,
    sideways: f.sideways ? f.sideways.checked : false,
  };
}

// The form shows the game on the board; before there is one, the kind of game the page is
// loading (firstGame), else what the page had chosen.
function settingsToForm(g = game) {
  if (!g) {
    rolesToForm(early ?? defaults);
    return;
  }
  const f = form.elements;
  rolesToForm(g);
  f.level.value = g.level;
  if (f.geese && g.geese) f.geese.value = String(g.geese);
  if (f.sideways) f.sideways.checked = Boolean(g.sideways);
}

function rolesToForm({ mode, side }) {
  const f = form.elements;
  f.mode.value = mode;
  f.side.value = side;
  form.dataset.mode = mode;
  // By link the sides are fixed: the sender plays one, whoever opens the link the other.
  $("fieldset.for-side").disabled = mode === "link";
}

// -- the game -------------------------------------------------------------------------------

function humanMoves() {
  return game.mode === "two" || live.to_move === game.side;
}

// Why a move cannot be played now, or "" when one can.
function whyNoMove() {
  // An early state takes a move only before the engine is ready, and only one whose outcome
  // the page holds (a first move); the engine's own states need the engine.
  if (!live || (session.ready ? live.early : !(live.after && humanMoves()))) return "loading";
  if (question) return "confirm";
  if (linkBad) return "link-error";
  if (live.result) return "over";
  if (shown !== live) return "browsing";
  if (game.mode === "link" && !humanMoves()) return "friend";
  if (thinking) return "thinking";
  if (!humanMoves()) return "not-yours";
  return "";
}

// A game that has begun and not ended: changing what it is asks first.
function running() {
  return Boolean(live && live.ply > 0 && !live.result && !linkBad);
}

function save() {
  const newer = store.save(game);
  if (newer) adopt(newer);
}

// Show a game at a state: a move, an undo, another game, a link.
function setGame(g, state, { animate = null } = {}) {
  session.invalidate();
  thinking = false;
  draft = false;
  const other = g !== game;
  game = g;
  Object.assign(game, fromState(state));
  game.aside = false;
  live = shown = state;
  if (heldMessage !== null) {
    // Another position while looking back: what was said then is about no position now.
    heldMessage = null;
    messageEl.textContent = "";
  }
  cache.set(state.record, state);
  store.setCurrent(game.id);
  save();
  // The URL follows in a task of its own: history.replaceState takes tens of ms on a phone.
  // A fragment put there in between (a link pasted) is newer: its hashchange opens it.
  const fragment = location.hash;
  setTimeout(() => {
    if (live === state && location.hash === fragment) showInURL(state.record);
  });
  settingsToForm();
  if (other) moveInput.value = "";
  render(animate);
  computerTurn();
}

// Another tab saved this game since this tab read it: show it as it is now.
async function adopt(newer) {
  if (newer.record === game.record) {
    game.rev = newer.rev;
    return;
  }
  const state = await session.ask("load", { record: newer.record });
  if (!state || state.error) return;
  game = newer;
  setGame(newer, state);
  say(text.otherTabText());
}

function checkOtherTabs() {
  if (!game) return;
  const newer = store.get(game.id);
  if (newer && newer.rev !== game.rev) adopt(newer);
}

// The board turned so that the player's side is at the bottom (unless they flipped it).
function flippedFor({ mode, side }) {
  return manualFlip !== (mode !== "two" && side === "fox");
}

function render(animate = null) {
  const state = shown;
  const browsing = state !== live;
  // A message is about the game as it is now ("The computer played ..."): it is put away while
  // an earlier move is shown, and back with the game (shown, not spoken again).
  if (browsing && heldMessage === null) {
    heldMessage = messageEl.textContent;
    messageEl.textContent = "";
  } else if (!browsing && heldMessage !== null) {
    messageEl.textContent = heldMessage;
    heldMessage = null;
  }
  const flipped = flippedFor(game);
  if (board.flipped !== flipped) board.setFlipped(flipped);
  const interactive = !whyNoMove();
  board.update(state, {
    animate,
    interactive,
    must: interactive ? state.must_jump : [],
    end: browsing ? [] : live.end,
    focusKind: PIECES[game.mode === "two" ? state.to_move : game.side],
  });

  statusEl.dataset.toMove = live.to_move;
  statusEl.dataset.result = live.result ?? "";
  statusEl.dataset.thinking = String(thinking);
  statusEl.dataset.browsing = String(browsing);
  statusEl.dataset.mode = game.mode; // what the game on the board is, for tests and styles
  statusEl.dataset.side = game.side;
  statusEl.textContent = statusText(browsing);
  $("#opponent").textContent = text.opponentText(game.mode, game.level);
  $("#table-info").textContent = text.tableText(live.geese, live.sideways, SIDEWAYS_OPTION);
  renderBalance();
  // In a table without sideways steps geese can run out of moves, the loss that surprises a
  // beginner: said to a player of the geese before their first moves.
  $("#geese-tip").hidden = !(SIDEWAYS_OPTION && !live.sideways && game.mode !== "two"
    && game.side === "geese" && live.ply < 2 && !linkBad);
  $("#tally").textContent = text.tallyText(state.geese_left);

  const over = Boolean(live.result) && !browsing && !linkBad;
  $("#result").hidden = !over;
  if (over) {
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
  $("#browsing").hidden = !browsing;
  $("#browsing-text").textContent = text.browsingText(state.ply, live.ply);

  renderMoves();
  const at = state.ply;
  const back = session.ready && at > 0; // earlier positions come from the engine
  setEnabled("first", back);
  setEnabled("prev", back);
  setEnabled("next", at < live.ply);
  setEnabled("last", at < live.ply);
  setEnabled("undo", undoTarget() !== null);
  setEnabled("new-game", session.ready);
  setEnabled("copy-link", true);
  $("#own-game").hidden = !(game.mode === "link" || linkBad) || !store.latestOwn(game.id);
  $("#aside").hidden = !putAside;
}

// Which side the table in force favours; a player of the geese in a table the fox side wins
// is offered the table kindest to the geese (balance.py words both at build time).
function renderBalance() {
  const table = BALANCE.find((b) => b.geese === live.geese && b.sideways === Boolean(live.sideways));
  $("#balance").hidden = !table || linkBad;
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

// The kinder table, as a change of table: a running game asks first.
function kinderTable() {
  const geese = Number(actions("kinder-table")[0].dataset.geese);
  if (form.elements.geese) form.elements.geese.value = String(geese); // shown as pending
  requestNew("table", { mode: game.mode, side: game.side, level: game.level, geese,
    sideways: Boolean(live.sideways) });
}

function statusText(browsing) {
  if (linkBad) return text.blockedText("link-error");
  if (browsing) return text.browsingText(shown.ply, live.ply);
  if (live.result) {
    return `${text.headlineText(live, game.mode, game.side, FOXES)} ${text.reasonText(live.reason, FOXES)}`;
  }
  if (thinking) return text.thinkingText();
  if (!session.ready && game.mode === "computer" && !humanMoves()) return text.replyWhenReadyText();
  if (game.mode === "two") return text.toMoveText(live.to_move, FOXES);
  if (game.mode === "link") {
    return text.linkStatusText({ side: game.side, toMove: live.to_move, last: live.last?.move, n: FOXES,
      fresh: live.ply === 0 });
  }
  return humanMoves() ? text.yourMoveText(live.to_move, FOXES) : text.toMoveText(live.to_move, FOXES);
}

function setEnabled(action, enabled) {
  for (const button of actions(action)) button.disabled = !enabled;
}

function renderMoves() {
  const items = [];
  live.moves.forEach((move, i) => {
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
  if (live.result) {
    const li = document.createElement("li");
    li.className = "result-line";
    li.dataset.result = live.result;
    li.textContent = text.resultLineText(live.result, FOXES);
    items.push(li);
  }
  movesEl.replaceChildren(...items);
  if (!items.length) return; // nothing to scroll (and no layout to force at start-up)
  // Keep the current move in view inside the list, without scrolling the page.
  const end = shown === live && live.result ? items.at(-1) : null; // the result line
  const current = end ?? movesEl.querySelector("[aria-current]");
  if (current) {
    const top = current.offsetTop - movesEl.offsetTop;
    if (top < movesEl.scrollTop || top + current.offsetHeight > movesEl.scrollTop + movesEl.clientHeight) {
      movesEl.scrollTop = top - movesEl.clientHeight / 2;
    }
  } else {
    movesEl.scrollTop = 0;
  }
}

// How long the computer thinks about a move (a page may ask for longer: data-think-seconds).
function thinkSeconds() {
  return Number(root.dataset.thinkSeconds) || 1;
}

async function computerTurn() {
  if (!session.ready || !live || linkBad || thinking || game.mode !== "computer") return;
  if (live.result || live.to_move === game.side || document.hidden) return;
  thinking = true;
  render();
  // The reply is shown only once your own move has landed, and after a short pause.
  const landed = performance.now() + board.busyMs();
  hooks.mark("move-landed", landed);
  const earliest = landed + PAUSE_MS;
  const seconds = thinkSeconds();
  // One call: the engine answers with the state after its move (its last move).
  const next = await session.ask("ai_move", { record: live.record, level: game.level, seconds },
    { seconds });
  if (!next || !(await session.wait(earliest - performance.now()))) return;
  thinking = false;
  if (next.error) {
    const failed = text.computerFailedText(next.error);
    if (heldMessage !== null) heldMessage = failed; // news now, and still back in the game
    say(failed);
    render();
    return;
  }
  hooks.mark("reply-shown");
  setGame(game, next, { animate: next.last });
  const played = text.computerPlayedText(next.last);
  say(played, `${played} ${statusEl.textContent}`);
}

// Play a move from the board or the move box; true when it was played.
async function humanMove(move) {
  // Before the engine is ready, the outcome of a first move is the one it gave at build time.
  const next = session.ready ? await session.ask("play", { record: live.record, move })
    : live.after?.[move];
  if (!next) {
    if (!session.ready) say(text.illegalText());
    return false;
  }
  if (next.error) {
    say(text.illegalText(next.error.reason ?? next.error.code));
    render();
    return false;
  }
  $("#engine-restarted").hidden = true;
  $("#hint").hidden = true;
  keep(HINT_KEY, "true");
  putAside = null; // the new game is under way: the one put aside stays saved, out of the way
  hooks.mark("move-shown");
  setGame(game, next, { animate: next.last });
  say("", `${text.moveWords(next.last)} ${statusEl.textContent}`);
  return true;
}

// A move typed in notation; the text stays in the box until it is played.
async function typedMove() {
  const typed = moveInput.value.replace(/\s+/g, "").toLowerCase();
  if (!typed) return;
  const why = whyNoMove();
  if (why) say(text.blockedText(why, FOXES));
  else if (await humanMove(typed)) moveInput.value = "";
}

async function explainIllegal(attempt) {
  if (attempt.code || !session.ready) {
    say(text.illegalText(attempt.code)); // why, the engine says once it is ready
    return;
  }
  const answer = await session.ask("play", { record: live.record, path: attempt.path });
  if (answer) say(answer.error ? text.illegalText(answer.error.reason ?? answer.error.code) : "");
}

function selected(name, targets) {
  const must = shown.must_jump;
  if (!targets.length && must.length && !must.includes(name)) {
    say(text.blockedText("must-jump", FOXES));
    return;
  }
  messageEl.textContent = targets.length ? "" : text.illegalText("no-moves");
  speak(text.selectedText(name, targets));
}

// The ply that undo goes back to, or null. Against the computer it takes back the computer's
// reply as well; by link only your own move not yet answered; never once the game is over.
// A finished game can be taken back too (against the computer or on one device), so that a
// learner can try the losing move again; a link game's moves belong to both players.
function undoTarget() {
  if (!session.ready || !live || live.ply === 0 || linkBad) return null;
  if (game.mode === "two") return live.ply - 1;
  if (game.mode === "link") return live.to_move === game.side || live.result ? null : live.ply - 1;
  const target = live.ply - (live.to_move === game.side ? 2 : 1);
  return target >= 0 ? target : null;
}

async function undo() {
  const ply = undoTarget();
  if (ply === null) return;
  const state = await session.ask("load", { record: live.record, ply });
  if (state && !state.error) setGame(game, state);
}

async function browse(ply) {
  if (!live) return;
  ply = Math.max(0, Math.min(live.ply, ply));
  if (ply === live.ply) {
    shown = live;
    render();
    return;
  }
  const state = await session.ask("load", { record: live.record, ply }, { key: "browse" });
  if (!state || state.error) return;
  shown = state;
  render();
}

// -- new games, and asking first --------------------------------------------------------------

// An in-page question: accept() for "yes", playOn() (when given) for "play on from here".
function ask(kind, accept, playOn = null) {
  question = { accept, playOn, cancel: () => settingsToForm() };
  $("#confirm-text").textContent = text.confirmText(kind);
  $("#confirm").hidden = false;
  actions("play-on")[0].hidden = !playOn;
  board.setInteractive(false);
  actions("confirm")[0].focus();
}

function answer(accepted) {
  const q = question;
  question = null;
  $("#confirm").hidden = true;
  if (!q) return;
  if (accepted === "play-on") q.playOn();
  else if (accepted) q.accept();
  else {
    q.cancel();
    if (live) render();
  }
}

// Start a game with these settings; a game in progress is put aside, and can be brought back.
async function startNew(settings) {
  const { mode, side, level, geese, sideways } = settings;
  const state = await session.ask("new_game",
    { game: KIND, geese, sideways, side: mode === "link" ? side : null });
  if (!state) return;
  if (state.error) {
    say(text.errorText(state.error));
    return;
  }
  const old = game;
  if (old && !linkBad && old.moves.length && !old.result) {
    old.aside = true;
    store.save(old);
    putAside = old;
  } else {
    putAside = null;
    if (old && !old.moves.length) store.remove(old.id);
  }
  hideLinkError();
  $("#engine-restarted").hidden = true;
  setGame(makeGame(state, { mode, side, level }), state);
  say(putAside ? text.discardedText() : "");
}

function requestNew(kind, settings = formSettings()) {
  if (!session.ready) {
    // Until the engine is ready only a game not yet begun changes, drawn afresh.
    if (draft) show(draftGame(settings));
    else {
      settingsToForm();
      say(text.blockedText("loading", FOXES));
    }
    return;
  }
  if (!running()) startNew(settings);
  else if (kind === "mode" || kind === "side") ask(kind, () => startNew(settings), () => playOn(settings));
  else ask(kind, () => startNew(settings));
}

// The position on the board, played on as another kind of game (another opponent or side).
// It becomes a game of its own: the game it came from stays as it was.
async function playOn({ mode, side, level }) {
  const state = await session.ask("load", { record: live.record, side: mode === "link" ? side : "" });
  if (!state || state.error) return;
  putAside = null;
  if (game.mode !== "link") {
    game.aside = true;
    store.save(game);
    putAside = game;
  }
  setGame(makeGame(state, { mode, side, level }), state);
}

async function restore() {
  const old = putAside && store.get(putAside.id);
  putAside = null;
  if (!old) return;
  if (game && !game.moves.length) store.remove(game.id);
  await resume(old);
  say(text.restoredText());
}

async function resume(g) {
  const state = await session.ask("load", { record: g.record });
  if (!state) return;
  if (state.error) {
    // A saved game this version cannot read: a new game instead.
    store.remove(g.id);
    await startNew({ ...formSettings(), mode: g.mode, side: g.side, level: g.level });
    return;
  }
  hideLinkError();
  setGame(g, state);
}

function again({ swap = false, level = game.level } = {}) {
  const side = swap ? (game.side === "fox" ? "geese" : "fox") : game.side;
  startNew({ mode: game.mode, side, level, geese: live.geese, sideways: live.sideways });
}

function stronger(step) {
  const level = LEVELS[Math.max(0, Math.min(LEVELS.length - 1, LEVELS.indexOf(game.level) + step))];
  again({ level });
}

function settingChanged(e) {
  const name = e.target.name;
  if (!game) {
    // A friend's link waiting for the engine: its game is what it is, as once it has loaded.
    if (early && name !== "level") {
      settingsToForm();
      say(text.blockedText("loading", FOXES));
    }
    return;
  }
  if (name === "level") {
    game.level = e.target.value;
    if (!draft) save();
    render();
    return;
  }
  const kind = name === "mode" ? "mode" : name === "side" ? "side" : "table";
  requestNew(kind);
}

// -- links ----------------------------------------------------------------------------------

// Open the record in the URL: it wins over the saved game.
async function openLink(record) {
  if (!record) {
    // An emptied fragment: the game on the board goes back into the URL.
    if (live && !linkBad) showInURL(live.record);
    hooks.linkHandled(linkBad ? "error" : "ok");
    return;
  }
  const state = await session.ask("load", { record });
  if (!state) return;
  if (state.error) {
    showLinkError(state.error);
    hooks.linkHandled("error");
    return;
  }
  if (state.game !== KIND) {
    showOtherGame(state);
    hooks.linkHandled("error");
    return;
  }
  putAside = null;
  const mine = store.match(state, store.current());
  if (mine) {
    // One of this player's games: the same, or the friend's reply to a link game.
    const reply = mine.mode === "link" && state.side !== mine.side;
    const next = reply ? await session.ask("load", { record, side: mine.side }) : state;
    if (!next) return;
    hideLinkError();
    setGame(mine, next);
    // A message about the position before (such as "It is your friend's turn") is stale now.
    say("");
  } else if (store.movedOn(state)) {
    // A link this player has answered already: their game as it is now, not the old position
    // with "Make your move", which invites a second, different answer.
    const ahead = store.movedOn(state);
    const now = await session.ask("load", { record: ahead.record });
    if (!now || now.error) return;
    hideLinkError();
    setGame(ahead, now);
    say(text.movedOnText());
  } else {
    // Someone else's game: played by link, as the other side than its sender's.
    const side = openerSide(state);
    const next = await session.ask("load", { record, side });
    if (!next) return;
    hideLinkError();
    setGame(makeGame(next, { mode: "link", side, level: formSettings().level }), next);
    if (store.latestOwn(game.id)) say(text.linkOpenedText());
  }
  hooks.linkHandled("ok");
}

function showLinkError(error) {
  linkError.hidden = false;
  $("#link-error-text").textContent = text.linkErrorText(error);
  const use = $("[data-action=use-prefix]");
  use.hidden = !error.valid_prefix || (error.code !== "illegal-move" && error.code !== "bad-notation");
  if (!use.hidden) {
    use.textContent = text.prefixText(error.ply - 1);
    use.dataset.record = error.valid_prefix;
  }
  $("#link-error-other").hidden = true;
  linkProblem();
}

// The page shows no game while the link is in question; a saved game is offered back.
function linkProblem() {
  linkBad = true;
  if (!game) {
    // The link opened first is no game: the form shows the page's own choice again.
    early = null;
    settingsToForm();
  }
  session.invalidate();
  thinking = false;
  statusEl.textContent = text.blockedText("link-error");
  statusEl.dataset.result = "";
  $("#result").hidden = true;
  $("#own-game").hidden = !store.latestOwn();
  setEnabled("new-game", true);
  setEnabled("undo", false);
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
    other.textContent = text.otherGameText(link.textContent);
  }
  $("#link-error-text").textContent = text.otherKindText();
  linkProblem();
}

function hideLinkError() {
  linkError.hidden = true;
  linkBad = false;
}

async function backToMine() {
  const own = store.latestOwn(linkBad ? null : game?.id);
  if (own) await resume(own);
}

async function copyLink() {
  const url = location.href;
  const name = root.dataset.gameName;
  const invite = game?.mode === "link" && live && !live.result && live.to_move !== game.side;
  const how = await sendLink(url, document.title,
    invite ? text.inviteText(name) : text.sharedGameText(name));
  if (how === "copied") say(text.copiedText());
  if (how === "manual") {
    const field = $("#copy-fallback");
    field.hidden = false;
    field.value = url;
    field.select();
    say(text.copyByHandText());
  }
}

// -- the engine -----------------------------------------------------------------------------

const session = new Session(() => ({
  workerURL: new URL("./engine-worker.js", import.meta.url),
  pyodideURL: new URL(root.dataset.pyodide, document.baseURI).href,
  engineURL: new URL(root.dataset.archive, document.baseURI).href,
  timeoutMs: Number(root.dataset.timeout) || undefined,
}), {
  onProgress: showProgress,
  onRestarting: async () => {
    thinking = false;
    board.setInteractive(false);
    statusEl.textContent = text.engineStoppedText();
    await startEngine();
    if (!session.ready) return;
    html.dataset.engineRestarts = String(Number(html.dataset.engineRestarts ?? 0) + 1);
    $("#engine-restarted").hidden = false; // until the player's next move
  },
  onFailed: (error) => {
    thinking = false;
    html.dataset.engine = "failed";
    $("#engine-restarted").hidden = true;
    statusEl.textContent = text.engineUnavailableText();
    $("#engine-loading").hidden = true;
    $("#engine-failed").hidden = false;
    $("#engine-error").textContent = `${error.code}: ${error.detail}`;
    board.setInteractive(false);
    setEnabled("new-game", false);
    setEnabled("undo", false);
  },
});

async function startEngine() {
  html.dataset.engine = "loading";
  $("#engine-loading").hidden = false;
  $("#engine-failed").hidden = true;
  showProgress("start");
  if (!(await session.start())) return;
  $("#engine-loading").hidden = true;
  const link = readFragment();
  if (draft) {
    await startNew(formSettings());
  } else if (live) {
    // The game drawn before the engine was ready, or before a restart, goes on from its
    // record (with a first move made meanwhile), unless a link was opened meanwhile; a link
    // in question stays in question.
    if (link && link !== live.record) await openLink(link);
    else if (!linkBad) await resume(game);
    else linkProblem();
  } else if (link) {
    await openLink(link);
  } else {
    const saved = store.get(store.current()) ?? store.latestOwn();
    if (saved) await resume(saved);
    else await startNew(formSettings());
  }
  html.dataset.engine = "ready";
  // How long the worker took, phase by phase (ms since it started), for benchmarks and bug reports.
  html.dataset.engineTimings = JSON.stringify(session.timings);
}

// -- start-up -------------------------------------------------------------------------------

function bind() {
  const handlers = {
    "new-game": () => requestNew("new", { ...formSettings(), geese: live?.geese, sideways: live?.sideways }),
    "undo": undo,
    "flip": () => {
      manualFlip = !manualFlip;
      keep(FLIP_KEY, String(manualFlip));
      if (live) render();
      else board.setFlipped(!board.flipped);
    },
    "copy-link": copyLink,
    "first": () => browse(0),
    "prev": () => browse(shown.ply - 1),
    "next": () => browse(shown.ply + 1),
    "last": () => browse(live.ply),
    "retry": startEngine,
    "confirm": () => answer(true),
    "cancel": () => answer(false),
    "play-on": () => answer("play-on"),
    "restore": restore,
    "kinder-table": kinderTable,
    "play-again": () => again(),
    "swap-sides": () => again({ swap: true }),
    "stronger": () => stronger(1),
    "weaker": () => stronger(-1),
    "discard-link": () => { hideLinkError(); startNew(formSettings()); },
    "use-saved": backToMine,
    // The readable part of a link is still someone's link: played by link.
    "use-prefix": () => openLink($("[data-action=use-prefix]").dataset.record),
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

  form.addEventListener("change", settingChanged);
  form.addEventListener("submit", (e) => e.preventDefault());
  $("#move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    typedMove();
  });

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      // Anywhere on the page: drop the piece chosen, or answer "no".
      if (question) answer(false);
      else board.cancel();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey || !live) return;
    if (e.target.closest("input, select, textarea, svg")) return;
    const keys = {
      ArrowLeft: () => browse(shown.ply - 1), ArrowRight: () => browse(shown.ply + 1),
      Home: () => browse(0), End: () => browse(live.ply),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });

  window.addEventListener("hashchange", () => {
    if (session.ready) openLink(readFragment());
  });
  // Other tabs: a game saved there is shown here as it is now.
  window.addEventListener("storage", (e) => {
    if (game && e.key === store.key(game.id) && e.newValue) checkOtherTabs();
  });
  window.addEventListener("focus", checkOtherTabs);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) {
      checkOtherTabs();
      computerTurn();
    }
  });

  hooks.install({
    kill: () => session.worker?.terminate(),
    hang: () => { if (session.ready && live) session.hang(live.record); },
  });
}

// A new game drawn from the page's opening for these settings. A game by link names its
// sender's side in its record, which only the engine writes: it waits for the engine.
function draftGame(settings) {
  const opening = Object.values(openings).find((s) => s.geese === settings.geese
    && s.sideways === settings.sideways);
  const state = settings.mode === "link" ? { ...opening, after: null } : opening;
  return { game: makeGame(state, settings), state, draft: true };
}

// Show a game before the engine is ready (nothing is saved: the engine has not seen it).
function show({ game: g, state, draft: isDraft = false }) {
  game = g;
  live = shown = state;
  draft = isDraft;
  settingsToForm();
  render();
}

// The game this tab shows first, drawn at once in its final orientation, before the engine has
// loaded: a saved game as it was last shown (an opening, playable), a new game from the page's
// openings, or a friend's link the way up its opener plays it (its position waits for the
// engine, which reads links). Read before the board is set up: the first read of storage is
// slow, and the two together would be one long task.
function firstGame() {
  const link = readFragment();
  const current = store.get(store.current());
  const saved = !link ? current ?? store.latestOwn()
    : current?.record === link ? current : store.all().find((g) => g.record === link);
  if (saved) {
    const state = openings[saved.record] ?? viewState(saved);
    if (state) return { game: saved, state: { ...state, early: true } };
    return { flipped: flippedFor(saved), roles: saved };
  }
  if (link) {
    const side = earlyOpenerSide(link);
    if (!side) return { flipped: flippedFor(defaults), empty: true };
    return { flipped: flippedFor({ mode: "link", side }), empty: true, roles: { mode: "link", side } };
  }
  return draftGame(formSettings());
}

function showFirstGame(first) {
  if (first.game) {
    show(first);
    return;
  }
  board.setFlipped(first.flipped);
  if (first.empty) {
    board.update({ pieces: { fox: [], goose: [] }, legal: [], to_move: "fox", last: null },
      { interactive: false });
  }
}

// Start-up, in tasks short enough for a slow phone: this module and what storage holds, then
// the board drawn with the game, then the engine's worker.
const first = firstGame();
// The settings say what the game will be at once (they stay hidden until then, like the board).
early = first.roles ?? null;
settingsToForm(first.game);
let board = null;
setTimeout(() => {
  board = new Board(root.querySelector("svg[data-board]"), {
    onMove: humanMove,
    onIllegal: explainIllegal,
    onSelect: selected,
    onChain: (canStop) => say(text.chainText(canStop)),
    onBlocked: () => say(text.blockedText(whyNoMove(), FOXES)),
    label: text.pointLabel,
  });
  board.svg.setAttribute("aria-describedby", "board-help");
  showFirstGame(first);
  $("#hint").hidden = stored(HINT_KEY) === "true";
  // On a phone the board comes first and the settings fold away.
  if (matchMedia("(max-width: 52rem)").matches) $("#settings-sheet").open = false;
  bind();
  setTimeout(startEngine);
});
