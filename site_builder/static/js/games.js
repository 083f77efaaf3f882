// The game model and its storage.
//
// A game has an identity (made when it starts), a mode ("computer", "two" or "link"), the
// player's side, the computer's level, and the engine's record with the header fields and
// moves the engine read from it; a move made before the engine was ready waits in `pending`
// until it is. Saved games are keyed by identity, one localStorage entry each, so a game
// against the computer, a two-player game and every link game live side by side and nothing
// overwrites another. Each tab remembers which game it shows
// (sessionStorage), so a reload continues the tab's own game.
//
// Several tabs: every save carries a revision; a save over a revision this tab has not seen
// is refused and the stored game is handed back, so the last writer never silently wins.

const PREFIX = "fox-and-geese:game:";
const CURRENT = "fox-and-geese:current:";
const KEEP = 16; // games kept per kind of game; the oldest go first

function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key));
  } catch {
    return null;
  }
}

function write(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: the URL still holds the game
  }
}

export function newId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

// A game from an engine state and what the player chose.
export function makeGame(state, { mode, side, level, id = newId() }) {
  return { id, mode, side, level, rev: 0, ...fromState(state) };
}

// The parts of a game that come from the engine, with what the board shows of its last
// position (the view), so a saved game is drawn before the engine has read its record.
export function fromState(state) {
  const { ply, to_move, last, pieces, geese_left, in_hand, captured, captures_to_win, huffed, reason,
    end } = state;
  return {
    record: state.record, moves: state.moves, geese: state.geese, sideways: state.sideways,
    start: state.start ?? null, result: state.result,
    view: { ply, to_move, last, pieces, geese_left, in_hand, captured, captures_to_win, huffed, reason, end },
  };
}

// A state to draw a saved game from until the engine has read its record: what it showed,
// with no legal moves (none are known); null for a game saved without its view, or with a
// view older than the engine's view of moves as objects (its last move was a string then).
export function viewState(game) {
  if (!game.view || typeof game.view.last === "string") return null;
  const { record, moves, geese, sideways, result, start = null } = game;
  return { ...game.view, record, moves, geese, sideways, start, result, side: null, legal: [] };
}

// Two games of one table from one start (a position set up by hand starts elsewhere): the
// moves of one may continue the other's.
function sameTable(game, state) {
  return game.geese === state.geese && game.sideways === state.sideways
    && (game.start ?? null) === (state.start ?? null);
}

export class GameStore {
  constructor(kind) {
    this.prefix = `${PREFIX}${kind}:`;
    this.currentKey = `${CURRENT}${kind}`;
  }

  key(id) {
    return this.prefix + id;
  }

  idOf(key) {
    return key?.startsWith(this.prefix) ? key.slice(this.prefix.length) : null;
  }

  get(id) {
    const game = id ? read(localStorage, this.key(id)) : null;
    return game?.id === id ? game : null;
  }

  all() {
    const games = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const id = this.idOf(localStorage.key(i));
        const game = id && this.get(id);
        if (game) games.push(game);
      }
    } catch {
      // no storage
    }
    return games.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
  }

  // Saves the game. Returns null when saved, or the stored game when another tab saved it
  // since this tab last read it: then nothing is written.
  save(game) {
    const stored = this.get(game.id);
    if (stored && stored.rev !== game.rev) return stored;
    game.rev = (game.rev ?? 0) + 1;
    game.updated = Date.now();
    write(localStorage, this.key(game.id), game);
    // Only a new game adds to the count; reading every game is slow, so it waits for a pause.
    if (!stored) (self.requestIdleCallback ?? setTimeout)(() => this.prune());
    return null;
  }

  remove(id) {
    write(localStorage, this.key(id), null);
  }

  prune() {
    const keep = new Set([this.current()]);
    const games = this.all();
    // Put-aside games go before the others.
    const order = [...games.filter((g) => !g.aside), ...games.filter((g) => g.aside)];
    for (const game of order.slice(KEEP)) if (!keep.has(game.id)) this.remove(game.id);
  }

  // The game this tab shows.
  current() {
    return read(sessionStorage, this.currentKey);
  }

  setCurrent(id) {
    write(sessionStorage, this.currentKey, JSON.stringify(id));
  }

  // The player's own game to go back to: the latest one not played by link and not put aside.
  latestOwn(except = null) {
    return this.all().find((g) => g.mode !== "link" && !g.aside && g.id !== except) ?? null;
  }

  // This player's link game that has gone on past a record of it: an older link of the game,
  // such as a reply already answered, opened again.
  movedOn(state) {
    if (!state.side) return null;
    return this.all().find((g) => g.mode === "link" && g.side !== state.side
      && sameTable(g, state) && g.moves.length > state.moves.length
      && state.moves.every((m, i) => g.moves[i] === m)) ?? null;
  }

  // The saved game a record from a URL continues, if any: the same record, or (by link) a
  // reply of the other player's that extends one of this player's link games.
  match(state, prefer = null) {
    const games = this.all();
    const same = games.filter((g) => g.record === state.record);
    if (same.length) return same.find((g) => g.id === prefer) ?? same[0];
    if (!state.side) return null;
    return games.find((g) => g.mode === "link" && g.side !== state.side
      && sameTable(g, state) && g.moves.length <= state.moves.length
      && g.moves.every((m, i) => state.moves[i] === m)) ?? null;
  }
}
