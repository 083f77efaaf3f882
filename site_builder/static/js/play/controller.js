// The play page's controller: the actions (a move, undo, a new game, a link opened, a setting
// changed, a retry), each of which changes the state (state.js) and then redraws the page
// from it (view.js). It wires the game model and its storage (games.js), the URL (links.js)
// and the engine session (session.js); it writes nothing on the page itself.

import { fromState, makeGame } from "../games.js";
import * as hooks from "../hooks.js";
import { linkRequest, openerSide, readFragment, sendLink, showInURL } from "../links.js";
import { showProgress } from "../loading.js";
import { Session } from "../session.js";
import { keep } from "../shared/storage.js";
import * as text from "../texts.js";
import { createAnalysis } from "./analysis.js";
import { draftGame, showEarly } from "./early.js";
import { readSettings } from "./settings.js";
import { createEditor } from "./setup.js";
import {
  LEVELS, bookReply, computerToMove, isBrowsing, linkRoles, mustJump, placing, running, undoTarget, urlRequest,
  whyNoMove,
} from "./state.js";

export const FLIP_KEY = "fox-and-geese:flip";
export const HINT_KEY = "fox-and-geese:hint-seen";
export const TURNED_KEY = "fox-and-geese:turned-seen";
export const HUFF_KEY = "fox-and-geese:huff-seen";
const PAUSE_MS = 400; // between the end of your move's animation and the computer's reply

export function createController({ root, s, view, store, openings, kind, foxes }) {
  const render = (options) => view.render(s, options);
  const formSettings = () => readSettings(view.form, Number(root.dataset.defaultGeese) || null);

  // The message under the status, and what a screen reader hears. What is said while an
  // earlier move is shown is about that move: the game's own message waits for the game.
  function say(message, spoken = message) {
    if (isBrowsing(s)) s.browseMessage = message;
    else s.message = message;
    render();
    if (spoken) view.speak(spoken);
  }

  // -- the game -----------------------------------------------------------------------------

  // False when another tab saved this game first: its game is adopted instead.
  function save() {
    const newer = store.save(s.game);
    if (newer) adopt(newer);
    return !newer;
  }

  // Show a game at a state: a move, an undo, another game, a link.
  function setGame(g, state, { animate = null } = {}) {
    session.invalidate();
    s.thinking = false;
    s.draft = false;
    s.linkError = null;
    const other = g !== s.game;
    if (other) {
      s.otherTab = s.huffNote = false;
      s.moveHuff = "";
      s.setup = null; // another game on the board: the position being set up is left
    }
    s.game = g;
    Object.assign(g, fromState(state));
    g.aside = false;
    // Another position while looking back: what was said then is about no position now.
    if (isBrowsing(s)) s.message = "";
    s.live = s.shown = state;
    s.advice = null;
    analysis.gameChanged();
    store.setCurrent(g.id);
    const saved = save();
    // The URL follows in a task of its own: history.replaceState takes tens of ms on a phone.
    // A fragment put there in between (a link pasted) is newer: its hashchange opens it.
    const fragment = location.hash;
    setTimeout(() => {
      if (s.live === state && location.hash === fragment) showInURL(state.record, urlRequest(g));
    });
    if (other) view.clearMoveInput();
    render({ animate });
    if (saved) computerTurn();
    return saved;
  }

  // An action that puts another position on the board (a new game, undo, a link) takes over
  // from the computer's move under way: its answer, which would replace the game, is dropped,
  // and the action's own calls are the session's newest.
  function takeOver() {
    session.invalidate();
    s.thinking = false;
    s.moveHuff = ""; // the move it was about is no longer the one the computer answers
  }

  // Another tab saved this game since this tab read it: show it as it is now.
  async function adopt(newer) {
    if (newer.record === s.game.record) {
      s.game.rev = newer.rev;
      return;
    }
    // The computer's move this tab may be computing is for a position gone by: the worker
    // answers it before this load, and it must not be shown or said.
    takeOver();
    const state = await session.ask("load", { record: newer.record });
    if (!state || state.error) return;
    s.game = newer;
    // Said at once, on a line of its own: this tab may go on to compute the computer's reply
    // too, whose message would replace it. What was said here before is about another position.
    s.otherTab = true;
    s.message = "";
    setGame(newer, state);
  }

  function checkOtherTabs() {
    if (!s.game) return;
    const newer = store.get(s.game.id);
    if (newer && newer.rev !== s.game.rev) adopt(newer);
  }

  // How long the computer thinks about a move (a page may ask for longer: data-think-seconds).
  function thinkSeconds() {
    return Number(root.dataset.thinkSeconds) || 1;
  }

  async function computerTurn() {
    if (!computerToMove(s, document.hidden)) return;
    s.thinking = true;
    render();
    // The reply is shown only once your own move has landed, and after a short pause.
    const landed = performance.now() + view.board.busyMs();
    hooks.mark("move-landed", landed);
    const earliest = landed + PAUSE_MS;
    const seconds = thinkSeconds();
    const { live, game } = s;
    // One call: the engine answers with the state after its move (its last move); before the
    // engine is ready, the book of first replies does.
    const next = bookReply(s) ?? await session.ask("ai_move",
      { record: live.record, level: game.level, seconds }, { seconds });
    if (!next || !(await session.wait(earliest - performance.now()))) return;
    s.thinking = false;
    if (next.error) {
      // News now, and still said back in the game.
      s.message = text.computerFailedText(next.error);
      say(s.message);
      return;
    }
    hooks.mark("reply-shown");
    if (!setGame(game, next, { animate: next.last })) return; // another tab's game came first
    const extra = huffed(next);
    // A huff of your own move stays with the reply, shown and said, until the next move.
    const before = s.moveHuff;
    s.moveHuff = "";
    const played = [before, text.computerPlayedText(next.last), extra].filter(Boolean).join(" ");
    say(played, text.afterMoveText(next.last, view.status(), { computer: true, extra, before }));
  }

  // What a move huffed off the board, in a sentence (else ""); the first huff the player
  // sees also brings the note that explains the rule, once in this browser.
  function huffed(state) {
    if (!state.huffed?.length) return "";
    if (!s.huffSeen) {
      s.huffSeen = s.huffNote = true;
      keep(HUFF_KEY, "true");
    }
    return text.eventText("huff", state.huffed);
  }

  function dismissHuff() {
    s.huffNote = false;
    render();
  }

  // Play a move from the board or the move box; true when it was played.
  async function move(notation) {
    if (whyNoMove(s)) {
      render({ force: true });
      return false;
    }
    // Before the engine is ready, the outcome of a first move is the one it gave at build time.
    const ready = s.engine === "ready";
    s.checking = ready;
    const next = ready ? await session.ask("play", { record: s.live.record, move: notation })
      : s.live.after?.[notation];
    s.checking = false;
    if (!next) {
      if (!ready) say(text.illegalText());
      render({ force: true });
      return false;
    }
    if (next.error) {
      s.message = text.illegalText(next.error.reason ?? next.error.code);
      render({ force: true });
      view.speak(s.message);
      return false;
    }
    s.restarted = false;
    s.otherTab = false;
    s.hint = false;
    keep(HINT_KEY, "true");
    s.putAside = null; // the new game is under way: the one put aside stays saved, out of the way
    hooks.mark("move-shown");
    s.message = s.moveHuff = huffed(next);
    if (!setGame(s.game, next, { animate: next.last })) return false;
    view.speak(text.afterMoveText(next.last, view.status(),
      { extra: s.message, link: s.game.mode === "link" }));
    return true;
  }

  // A move typed in notation; the text stays in the box until it is played.
  async function typedMove() {
    const typed = view.typedMove();
    if (!typed) return;
    const why = whyNoMove(s);
    if (why) say(text.blockedText(why, foxes));
    else if (await move(typed)) view.clearMoveInput();
  }

  async function explainIllegal(attempt) {
    if (attempt.code || s.engine !== "ready") {
      say(text.illegalText(attempt.code)); // why, the engine says once it is ready
      return;
    }
    const answer = await session.ask("play", { record: s.live.record, path: attempt.path });
    if (answer) say(answer.error ? text.illegalText(answer.error.reason ?? answer.error.code) : "");
  }

  function selected(name, targets) {
    const must = mustJump(s.shown);
    if (!targets.length && must.length && !must.includes(name)) {
      say(text.blockedText("must-jump", foxes));
      return;
    }
    // A piece on the board while pieces in hand must be placed first: that is why it cannot move.
    const why = placing(s.shown) ? "must-place" : "no-moves";
    say(targets.length ? "" : text.illegalText(why), text.selectedText(name, targets));
  }

  // Escape dropped the piece chosen: the sentence about it (what it could do) goes too.
  function cancelled() {
    say("", text.cancelledText());
  }

  async function undo() {
    const ply = undoTarget(s);
    if (ply === null) return;
    takeOver();
    const state = await session.ask("load", { record: s.live.record, ply });
    if (state && !state.error) setGame(s.game, state);
  }

  async function browse(ply) {
    if (!s.live || s.linkError) return;
    ply = Math.max(0, Math.min(s.live.ply, ply));
    if (ply === s.live.ply) {
      s.shown = s.live;
      render();
      return;
    }
    const state = await session.ask("load", { record: s.live.record, ply }, { key: "browse" });
    if (!state || state.error) return;
    // A message is about the game as it is now ("The computer played ..."): it is put away
    // while an earlier move is shown, and back with the game (shown, not spoken again).
    if (!isBrowsing(s)) s.browseMessage = "";
    s.shown = state;
    render();
  }

  function dismissTurned() {
    s.turnedSeen = true;
    keep(TURNED_KEY, "true");
    render();
  }

  function flip() {
    s.manualFlip = !s.manualFlip;
    keep(FLIP_KEY, String(s.manualFlip));
    render();
  }

  // -- new games, and asking first ------------------------------------------------------------

  // An in-page question: accept() for "yes", playOn() (when given) for "play on from here".
  function ask(kind, settings, accept, playOn = null) {
    s.question = { kind, settings, accept, playOn };
    render();
    view.focusConfirm();
  }

  function answer(accepted) {
    const q = s.question;
    s.question = null;
    if (!q) return;
    if (accepted === "play-on") q.playOn();
    else if (accepted) q.accept();
    render();
  }

  // Start a game with these settings, from the game's start or from a record's start (a position
  // set up by hand); a game in progress is put aside, and can be brought back.
  async function startNew(settings) {
    const { mode, side, level, geese, sideways, record } = settings;
    takeOver();
    const state = record ? await session.ask("load", { record, side: mode === "link" ? side : "" })
      : await session.ask("new_game", { game: kind, geese, sideways, side: mode === "link" ? side : null });
    if (!state) return;
    if (state.error) {
      say(text.errorText(state.error));
      computerTurn(); // the game on the board goes on
      return;
    }
    const old = s.game;
    if (old && !s.linkError && old.moves.length && !old.result) {
      old.aside = true;
      store.save(old);
      s.putAside = old;
    } else {
      s.putAside = null;
      if (old && !old.moves.length) store.remove(old.id);
    }
    s.restarted = false;
    s.message = "";
    setGame(makeGame(state, { mode, side, level }), state);
    // The note beside "Bring it back" shows it; the message would say it a second time.
    if (s.putAside) say("", text.discardedText());
  }

  function requestNew(kind, settings = formSettings()) {
    if (s.engine !== "ready") {
      // Until the engine is ready only a game not yet begun changes, drawn afresh.
      if (s.draft && s.engine === "loading") {
        showEarly(s, draftGame(openings, settings));
        render();
        computerTurn(); // a computer that begins plays its first move from the book
      } else say(text.blockedText(s.engine === "failed" ? "failed" : "loading", foxes));
      return;
    }
    if (!running(s)) startNew(settings);
    else if (kind === "mode" || kind === "side") {
      ask(kind, settings, () => startNew(settings), () => playOn(settings));
    } else ask(kind, settings, () => startNew(settings));
  }

  // The position on the board, played on as another kind of game (another opponent or side).
  // It becomes a game of its own: the game it came from stays as it was.
  async function playOn({ mode, side, level }) {
    takeOver();
    const state = await session.ask("load", { record: s.live.record, side: mode === "link" ? side : "" });
    if (!state || state.error) return;
    s.message = ""; // about the game before ("The computer played ..."), not about this one
    s.putAside = null;
    if (s.game.mode !== "link") {
      s.game.aside = true;
      store.save(s.game);
      s.putAside = s.game;
    }
    setGame(makeGame(state, { mode, side, level }), state);
  }

  async function restore() {
    const old = s.putAside && store.get(s.putAside.id);
    s.putAside = null;
    if (!old) {
      render();
      return;
    }
    if (s.game && !s.game.moves.length) store.remove(s.game.id);
    await resume(old);
    say(text.restoredText());
  }

  async function resume(g) {
    takeOver();
    const state = await session.ask("load", { record: g.record });
    if (!state) return;
    if (state.error) {
      // A saved game this version cannot read: a new game instead.
      store.remove(g.id);
      await startNew({ ...formSettings(), mode: g.mode, side: g.side, level: g.level });
      return;
    }
    setGame(g, state);
  }

  // The same game again: from the game's start, or from the position it was set up from.
  async function again({ swap = false, level = s.game.level } = {}) {
    const { game, live } = s;
    const side = swap ? (game.side === "fox" ? "geese" : "fox") : game.side;
    const first = live.start ? await session.ask("load", { record: live.record, ply: 0 }) : null;
    if (first?.error) return;
    startNew({ mode: game.mode, side, level, geese: live.geese, sideways: live.sideways,
      record: first?.record });
  }

  function stronger(step) {
    const level = LEVELS[Math.max(0, Math.min(LEVELS.length - 1, LEVELS.indexOf(s.game.level) + step))];
    again({ level });
  }

  // The kinder table, as a change of table: a running game asks first.
  function kinderTable(geese) {
    const { game, live } = s;
    requestNew("table", { mode: game.mode, side: game.side, level: game.level, geese,
      sideways: Boolean(live.sideways) });
  }

  function settingChanged(name) {
    if (s.setup) {
      // While a position is set up, the settings say how it will be played.
      s.setup.settings = formSettings();
      s.setup.problems = null;
      s.setup.checked = false;
      render();
      return;
    }
    if (!s.game) {
      // A friend's link waiting for the engine: its game is what it is, as once it has loaded.
      if (s.early && name !== "level") say(text.blockedText("loading", foxes));
      else render();
      return;
    }
    if (name === "level") {
      s.game.level = formSettings().level;
      if (!s.draft) {
        save();
        if (s.live && !s.linkError) showInURL(s.live.record, urlRequest(s.game));
      }
      render();
      return;
    }
    requestNew(name === "mode" ? "mode" : name === "side" ? "side" : "table");
  }

  // -- links --------------------------------------------------------------------------------

  // Open the record in the URL: it wins over the saved game. `request` is what the URL asks of
  // it (links.js, linkRequest): only the URL the page was opened with asks anything; a fragment
  // changed later, a pasted game or a link's readable part are someone's link.
  async function openLink(record, request = {}) {
    if (!record) {
      // An emptied fragment: the game on the board goes back into the URL.
      if (s.live && !s.linkError) showInURL(s.live.record, urlRequest(s.game));
      hooks.linkHandled(s.linkError ? "error" : "ok");
      return;
    }
    takeOver();
    const state = await session.ask("load", { record });
    if (!state) return;
    if (state.error) {
      await linkProblem({ error: state.error });
      hooks.linkHandled("error");
      return;
    }
    if (state.game !== kind) {
      await linkProblem({ other: otherGame(state) });
      hooks.linkHandled("error");
      return;
    }
    s.putAside = null;
    const mine = store.match(state, store.current());
    if (mine) {
      // One of this player's games: the same, or the friend's reply to a link game.
      const reply = mine.mode === "link" && state.side !== mine.side;
      const next = reply ? await session.ask("load", { record, side: mine.side }) : state;
      if (!next) return;
      // A message about the position before (such as "It is your friend's turn") is stale now.
      s.message = "";
      setGame(mine, next);
    } else if (store.movedOn(state)) {
      // A link this player has answered already: their game as it is now, not the old position
      // with "Make your move", which invites a second, different answer.
      const ahead = store.movedOn(state);
      const now = await session.ask("load", { record: ahead.record });
      if (!now || now.error) return;
      setGame(ahead, now);
      say(text.movedOnText());
    } else {
      // A game against the computer (a computer game's own URL, or a position from the puzzles
      // page), where the computer takes the sender's place; else someone else's game, played by
      // link as the other side than its sender's.
      const roles = linkRoles(request, openerSide(state), formSettings().level);
      const byLink = roles.mode === "link";
      const next = await session.ask("load", { record, side: byLink ? roles.side : "" });
      if (!next || next.error) return;
      setGame(makeGame(next, roles), next);
      if (byLink && store.latestOwn(s.game.id)) say(text.linkOpenedText());
    }
    hooks.linkHandled("ok");
  }

  // The link's game on the page of its kind, or null where this site has no such page.
  function otherGame(state) {
    const link = root.querySelector("#other-games").content.querySelector(`[data-game="${state.game}"]`);
    if (!link) return null;
    // The link's words name the game as a whole sentence (game_sentences.py, play.html).
    return { href: `${new URL(link.getAttribute("href"), document.baseURI).href}#${state.record}`,
      label: link.textContent };
  }

  // A link that cannot be played as it is: the board shows, dimmed and not playable until the
  // player chooses, what the link's readable part holds, else the player's own game, else a
  // new game's opening: never an empty board.
  async function linkProblem(problem) {
    takeOver();
    s.question = null;
    s.early = null; // the link opened first is no game: the form shows the page's own choice
    const prefix = problem.error?.valid_prefix;
    const readable = prefix ? await session.ask("load", { record: prefix }) : null;
    // (A readable part of another kind of game has no place on this board.)
    let behind = readable && !readable.error && readable.game === kind ? readable : s.live;
    if (!behind) {
      const own = store.latestOwn();
      const saved = own ? await session.ask("load", { record: own.record }) : null;
      behind = saved && !saved.error ? saved : draftGame(openings, formSettings()).state;
    }
    s.linkError = { ...problem, behind };
    s.message = ""; // about the game before ("The computer played ..."), not about this link
    render();
  }

  async function backToMine() {
    const own = store.latestOwn(s.linkError ? null : s.game?.id);
    if (!own) return;
    s.message = ""; // about the link left ("You opened a friend's game"), not about this game
    await resume(own);
  }

  function discardLink() {
    s.linkError = null;
    startNew(formSettings());
  }

  async function copyLink() {
    const url = location.href;
    const { game, live } = s;
    // What goes with the link in a share sheet: an invitation when the one it goes to moves
    // next. Whole sentences per game, from the page (game_sentences.py).
    const invite = game?.mode === "link" && live && !live.result && live.to_move !== game.side;
    const how = await sendLink(url, document.title, invite ? root.dataset.invite : root.dataset.shared);
    if (how === "copied") say(text.copiedText());
    if (how === "manual") {
      s.copyFallback = url;
      say(text.copyByHandText());
    }
  }

  // -- the engine ---------------------------------------------------------------------------

  const session = new Session(() => ({
    workerURL: new URL("../engine-worker.js", import.meta.url),
    pyodideURL: new URL(root.dataset.pyodide, document.baseURI).href,
    engineURL: new URL(root.dataset.archive, document.baseURI).href,
    timeoutMs: Number(root.dataset.timeout) || undefined,
  }), {
    onProgress: showProgress,
    onRestarting: async () => {
      s.engine = "restarting";
      s.thinking = false;
      render();
      await startEngine("restarting");
      if (s.engine !== "ready") return;
      s.restarts++;
      s.restarted = true; // until the player's next move
      render();
    },
    onFailed: (error) => {
      s.engine = "failed";
      s.engineError = error;
      s.thinking = false;
      s.restarted = false;
      render();
    },
  });

  async function startEngine(status = "loading") {
    s.engine = status;
    s.engineError = null;
    s.booted = false;
    render();
    showProgress("start");
    if (!(await session.start())) return;
    s.engine = "ready";
    const link = readFragment();
    if (s.draft) {
      await startNew(formSettings());
    } else if (s.live) {
      // The game drawn before the engine was ready, or before a restart, goes on from its
      // record (with a first move made meanwhile), unless a link was opened meanwhile; a link
      // in question stays in question.
      if (link && link !== s.live.record && !s.linkError) await openLink(link, linkRequest());
      else if (!s.linkError) await resume(s.game);
    } else if (link) {
      await openLink(link, linkRequest());
    } else {
      const saved = store.get(store.current()) ?? store.latestOwn();
      if (saved) await resume(saved);
      else await startNew(formSettings());
    }
    s.booted = true;
    // How long the worker took, phase by phase (ms since it started), for benchmarks and bug reports.
    s.timings = session.timings;
    render();
  }

  const analysis = createAnalysis({ s, session, render, say, speak: view.speak, save, foxes });
  const editor = createEditor({ root, s, session, render, speak: (words) => view.speak(words), kind,
    foxes, openings, formSettings, startGame: startNew, takeOver });

  return {
    analysis, editor, session, say, render, formSettings, move, typedMove, explainIllegal, selected, cancelled, undo,
    browse, flip, dismissTurned, dismissHuff,
    answer, requestNew, restore, again, stronger, kinderTable, settingChanged, openLink,
    backToMine, discardLink, copyLink, checkOtherTabs, computerTurn, startEngine,
    // A tap while the engine checks the move just made (the second click of a double click, a
    // quick tap on the next piece) is dropped without a word: the status still shows the
    // position before the move, which the move's answer replaces a moment later, and a tap
    // kept until then would act on a position the player has not seen.
    blocked: () => {
      const why = whyNoMove(s);
      if (why !== "checking") say(text.blockedText(why, foxes));
    },
    chain: (canStop) => say(text.chainText(canStop)),
  };
}
