// "Set up a position": the editor of a position set up by hand. The player puts pieces on the
// board and takes them off (click, tap, or Enter on a point, with the kind chosen first), chooses
// the side to move and, in a game with pieces in hand, how many are left to place; the engine
// checks it (check_setup, game/setup.py) and names every reason it cannot be played; a position
// that can is played like any game, from a record that starts there (version 3,
// docs/notation.md), with the opponent, side and level of the settings form. Nothing here is
// written for one game: the kinds of pieces are the board's, the hand is the page's data.

import * as text from "../texts.js";

const KINDS = ["fox", "goose"];

// The editor's state, opened on a position (the engine's view of it).
export function openEditor(position, settings) {
  return {
    pieces: { fox: [...position.pieces.fox], goose: [...position.pieces.goose] },
    toMove: position.to_move,
    hand: position.in_hand ?? 0,
    kind: "goose",    // what a click puts down: "fox", "goose" or "empty" (takes a piece off)
    problems: null,   // the engine's reasons the position cannot be played, once checked
    checked: false,   // the engine found the position playable
    settings,         // the settings form while editing: how the position will be played
  };
}

// A point clicked: the chosen kind put there (in place of what stood there), or, when that
// kind stands there already or the choice is "empty", the point emptied. Returns what stands
// there now (a kind, or null).
export function editPoint(setup, name) {
  const had = KINDS.find((kind) => setup.pieces[kind].includes(name)) ?? null;
  for (const kind of KINDS) setup.pieces[kind] = setup.pieces[kind].filter((n) => n !== name);
  const put = setup.kind !== "empty" && had !== setup.kind ? setup.kind : null;
  if (put) setup.pieces[put].push(name);
  setup.problems = null;
  setup.checked = false;
  return put;
}

// What the engine's check is asked (api.check_setup).
export function checkParams(setup, game) {
  const { settings } = setup;
  return {
    game, foxes: setup.pieces.fox, geese: setup.pieces.goose, to_move: setup.toMove,
    geese_option: settings.geese, sideways: settings.sideways, hand: setup.hand,
  };
}

// The board while editing: the pieces put down, no moves, every point takes a click.
export function editorBoard(setup) {
  return { pieces: setup.pieces, legal: [], to_move: setup.toMove, last: null };
}

// The actions of the editor; startGame(settings with a record) starts the game from it.
export function createEditor({ root, s, session, render, speak, kind, foxes, openings,
  formSettings, startGame, takeOver }) {
  const form = root.querySelector("#setup");

  function open() {
    if (s.setup || !s.live) return;
    takeOver();
    s.setup = openEditor(s.linkError?.behind ?? s.shown, formSettings());
    s.question = null;
    render();
    form.querySelector("input[name=setup-kind]:checked")?.focus();
    speak(text.setupOpenedText());
  }

  function close() {
    s.setup = null;
    render();
    root.querySelector("[data-action=setup]")?.focus();
  }

  function point(name) {
    const put = editPoint(s.setup, name);
    render();
    speak(text.pointLabel(name, put));
  }

  // The pieces of the table's own start (the page's openings: no engine needed), or none.
  function fill(start) {
    const { settings } = s.setup;
    const opening = Object.values(openings).find((o) => o.geese === settings.geese
      && o.sideways === Boolean(settings.sideways));
    const from = start ? opening
      : { pieces: { fox: [], goose: [] }, to_move: s.setup.toMove, in_hand: s.setup.hand };
    s.setup = { ...openEditor(from, settings), kind: s.setup.kind };
    render();
    speak(start ? text.setupStartText() : text.setupClearedText());
  }

  // The engine's check; the set-up game's record when the position can be played, else null.
  async function check() {
    const setup = s.setup;
    const answer = await session.ask("check_setup", checkParams(setup, kind), { key: "setup" });
    if (!answer || s.setup !== setup) return null;
    if (answer.error) {
      setup.problems = [];
      render();
      speak(text.errorText(answer.error));
      return null;
    }
    setup.problems = answer.problems ?? [];
    setup.checked = !answer.problems;
    render();
    const said = setup.checked ? [text.setupPlayableText()]
      : setup.problems.map((p) => text.setupProblemText(p, foxes, setup.settings.geese));
    speak(said.join(" "));
    return answer.setup?.record ?? null;
  }

  async function play() {
    const record = await check();
    if (!record) return;
    const { settings } = s.setup;
    await startGame({ ...settings, record });
  }

  // The editor's own fields: the kind to put down, the side to move, the pieces in hand.
  function changed(field) {
    const setup = s.setup;
    if (!setup) return;
    if (field.name === "setup-kind") setup.kind = field.value;
    else if (field.name === "setup-turn") setup.toMove = field.value;
    else if (field.name === "setup-hand") setup.hand = Math.max(0, Math.round(Number(field.value) || 0));
    else return;
    setup.problems = null;
    setup.checked = false;
    render();
  }

  form.addEventListener("change", (e) => changed(e.target));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    play();
  });
  return { open, close, point, check, play, clear: () => fill(false), start: () => fill(true) };
}

// The editor's part of the page, drawn from the state.
export function renderEditor(root, s, { foxes }) {
  const form = root.querySelector("#setup");
  const setup = s.setup;
  root.dataset.editing = String(Boolean(setup));
  form.hidden = !setup;
  if (!setup) return;
  const f = form.elements;
  f["setup-kind"].value = setup.kind;
  f["setup-turn"].value = setup.toMove;
  if (f["setup-hand"] && Number(f["setup-hand"].value) !== setup.hand) f["setup-hand"].value = String(setup.hand);
  form.querySelector("#setup-count").textContent = text.setupCountText(setup.pieces.fox.length,
    setup.pieces.goose.length, foxes);
  const list = form.querySelector("#setup-problems");
  const items = (setup.problems ?? []).map((problem) => {
    const li = document.createElement("li");
    li.dataset.code = problem.code;
    li.textContent = text.setupProblemText(problem, foxes, setup.settings.geese);
    return li;
  });
  list.replaceChildren(...items);
  list.hidden = !items.length;
  form.querySelector("#setup-ok").hidden = !setup.checked;
}
