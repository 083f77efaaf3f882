// Links: the URL fragment holds the game's record, exactly as the engine wrote it. This module
// only moves that string in and out of the URL and hands it on; reading it (which game, which
// table, which side the sender plays, which moves) is the engine's job.

export function readFragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim(); // a stray "%": read as it is
  }
}

// The URL shows the game, without a new history entry: Back leaves the page as it came. The
// query is what the game's URL carries besides its record (state.js, urlRequest), replacing any
// request the page was opened with.
export function showInURL(record, query = "") {
  if (readFragment() !== record || location.search !== query) {
    history.replaceState(null, "", `${location.pathname}${query}#${record}`);
  }
}

// The side that opens a link plays: the other one than its sender's. An old link names no
// sender: the opener plays the side to move (or the fox, when the game is over).
export function openerSide(state) {
  if (state.side) return state.side === "fox" ? "geese" : "fox";
  return state.result ? "fox" : state.to_move;
}

// The side whoever opens a link will play, guessed before the engine has loaded only to draw
// the board the right way up at once (docs/notation.md): the other one than the sender's, the
// fourth part of a version 2 or 3 record; for a version 1 record, which names no sender, the side
// to move, told by the number of moves (the fox side moves first in every game, one move a turn);
// for a version 3 record without a sender, told by the side to move at its start (the third
// field of its fifth part) and the number of moves.
// Null for anything else. The engine reads the whole link once it is ready; only a finished
// game of version 1 can then turn out otherwise (its opener plays the fox, see openerSide):
// whether a game is over (geese taken, a position repeated, fifty moves without progress) only
// a replay of its moves tells, which is the engine's job.
export function earlyOpenerSide(record) {
  const parts = record.split(".");
  const [version, , , side] = parts;
  const other = { fox: "geese", geese: "fox" };
  if ((version === "2" || version === "3") && other[side]) return other[side];
  if (version === "1" && parts.length >= 3) return (parts.length - 3) % 2 === 0 ? "fox" : "geese";
  const first = parts[4]?.split("-")[2];
  if (version === "3" && side === "-" && other[first]) return (parts.length - 5) % 2 ? other[first] : first;
  return null;
}

// What the URL asks of the record it holds (docs/notation.md): {opponent, side, level}, each
// null when not asked. ?opponent=computer plays it against the computer, not with its sender:
// the puzzles page's "Play on against the computer", and a computer game's own URL, which also
// names the player's side and the level (state.js, linkRoles).
export function linkRequest() {
  const query = new URLSearchParams(location.search);
  return { opponent: query.get("opponent"), side: query.get("side"), level: query.get("level") };
}

// Send the page's URL: the device's share sheet where there is one, else the clipboard.
// Resolves to "shared", "cancelled" (the player closed the share sheet), "copied" or "manual"
// (the caller shows the link to copy by hand).
export async function sendLink(url, title, text) {
  const data = { url, title, text };
  if (navigator.share && matchMedia("(pointer: coarse)").matches
    && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (error?.name === "AbortError") return "cancelled";
      // Share refused for another reason: the clipboard is the way left.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return "manual";
  }
}
