// The board controller. It takes over the server-rendered SVG (diagram.py):
// pieces, legal targets and the last move are drawn over it, and clicks,
// drags and keys become moves. It holds no rules: the host passes the engine's view
// (game/view.py), whose legal moves say the points each visits and takes; a click along a
// legal move's path plays that move, any other path goes back to the host to be explained.

const SVG_NS = "http://www.w3.org/2000/svg";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const MOVE_MS = 220;  // a step
const JUMP_MS = 260;  // each jump of a capture
const CAPTURE_MS = 160; // a captured goose fading, once the fox is over it
const HUFF_MS = 600;  // a huffed piece fading, slowly enough to be seen going
const KIND = { fox: "fox", geese: "goose" }; // side to move -> its pieces

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function samePrefix(path, prefix) {
  return prefix.every((name, i) => path[i] === name);
}

function samePath(a, b) {
  return a.length === b.length && samePrefix(a, b);
}

export class Board {
  // callbacks: onMove(notation) for a legal move, onIllegal({code} | {path}) for a refused one
  // (path: the points clicked, the piece's first, for the engine to say why), onSelect(name, targets),
  // onChain(canStop) when a jump chain waits for its next point, onBlocked() for a tap while
  // the board takes no moves, onCancel() when the player drops the piece chosen (Escape),
  // label(name, kind) -> the accessible name of a point.
  constructor(svg, callbacks) {
    this.svg = svg;
    this.cb = callbacks;
    this.flipped = false;
    this.interactive = false;
    this.pieces = { fox: [], goose: [] };
    this.legal = [];      // the view's legal moves: {move, path, captures}
    this.toMove = "fox";
    this.last = null;
    this.must = [];       // foxes that must capture, marked
    this.end = [];        // points that show why the game ended, marked
    this.huffed = [];     // points whose pieces the last move huffed off the board, marked
    this.hint = [];       // the points of a suggested move, marked
    this.animEnd = 0;     // when the animation running now is over (performance.now() time)
    this.selection = null; // {path: [point names]}: the chosen piece and the jumps entered so far
    this.drag = null;
    this.dropped = false; // the move being made now is dropped by a drag
    this.committed = null; // {move, placed}: the move sent to the host, and how many of its
    // points the player's clicks or drop already show the piece on

    const box = svg.viewBox.baseVal;
    this.center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    this.points = new Map();
    for (const node of svg.querySelectorAll("[data-point]")) {
      this.points.set(node.dataset.point, { ...this.centerOf(node), node });
    }
    const coords = [...this.points.values()];
    this.spacing = Math.min(...coords.flatMap((a) => coords.filter((b) => b !== a)
      .map((b) => Math.hypot(a.x - b.x, a.y - b.y))));

    // Piece templates: one static piece of each kind, re-used for every piece drawn.
    this.templates = {};
    for (const node of svg.querySelectorAll("[data-piece]")) {
      const kind = node.dataset.piece;
      if (!this.templates[kind]) {
        const at = this.points.get(node.dataset.at);
        const copy = node.cloneNode(true);
        copy.removeAttribute("data-piece");
        copy.removeAttribute("data-at");
        copy.removeAttribute("id");
        this.templates[kind] = { node: copy, at };
      }
      this.pieces[kind]?.push(node.dataset.at);
      node.remove();
    }
    // A kind with no piece on a point at the start (Bagh-Chal's goats, all in hand) is drawn
    // like the picture of the hand (diagram.py), placed where that picture stands.
    const inHand = svg.querySelector(".hand .piece");
    if (inHand && !this.templates.goose) {
      const { e: x, f: y } = inHand.transform.baseVal.consolidate().matrix;
      this.templates.goose = { node: inHand.cloneNode(true), at: { x, y } };
    }

    // Everything static turns as one when the board is flipped; pieces and marks are placed
    // at flipped coordinates instead, so they stay upright.
    this.static = el("g", { class: "board-static" });
    this.static.append(...[...svg.childNodes].filter((n) => n.nodeName !== "defs" && n.nodeName !== "title"));
    // The pieces in hand beside the board (diagram.py), where the game has a hand: a picture
    // and a count, set from each position given.
    this.hand = this.static.querySelector(".hand");
    this.marks = el("g", { class: "board-marks", "aria-hidden": "true" });
    this.layer = el("g", { class: "board-pieces" });
    svg.append(this.static, this.marks, this.layer);
    svg.classList.add("board-live");
    svg.setAttribute("role", "group");

    for (const [name, point] of this.points) {
      point.node.setAttribute("tabindex", "-1");
      point.node.setAttribute("role", "button");
      point.node.addEventListener("focus", () => this.setFocus(name));
    }
    this.focusName = [...this.points.keys()][0];
    this.points.get(this.focusName).node.setAttribute("tabindex", "0");
    this.nodes = new Map(); // point name -> drawn piece
    this.drawPieces();

    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.endDrag(null));
    svg.addEventListener("keydown", (e) => this.keyDown(e));
  }

  // The centre of a point: the diagram (diagram.py) draws it as circles centred on it, in the
  // SVG's root coordinates. Read from the attributes, without laying the page out.
  centerOf(node) {
    const circle = node.querySelector("circle");
    return { x: circle.cx.baseVal.value, y: circle.cy.baseVal.value };
  }

  // Where a point is shown, taking the orientation into account.
  at(name) {
    const p = this.points.get(name);
    return this.flipped ? { x: 2 * this.center.x - p.x, y: 2 * this.center.y - p.y } : { x: p.x, y: p.y };
  }

  // -- host API -------------------------------------------------------

  // view: the engine's view of the position (game/view.py): {pieces, legal, to_move, last,
  // in_hand, huffed}; animate: the move that led here ({move, path, captures}), to animate it; must: foxes to
  // mark as having to capture; end: points that show why the game ended; focusKind: the
  // pieces the keyboard should start on; hint: the points of a move to suggest; edit: every
  // point clicked goes to onEdit(name), for a position set up by hand, and no move is made.
  update({ pieces, legal, to_move, last, in_hand, huffed = [] }, { animate = null, interactive = true,
    must = [], end = [], focusKind = null, hint = [], edit = false } = {}) {
    this.editing = edit;
    this.legal = legal;
    this.toMove = to_move;
    this.last = last;
    this.huffed = huffed;
    this.showHand(in_hand);
    this.must = must;
    this.end = end;
    this.hint = hint;
    this.interactive = interactive;
    this.selection = null;
    this.endDrag(null);
    // What the player has already shown (a dropped piece, the jumps of a chain clicked point
    // by point) is not played again: the move goes on from there.
    const placed = animate && this.committed?.move === animate.move ? this.committed.placed : 1;
    this.committed = null;
    if (animate) this.animateMove(animate, placed, huffed);
    this.pieces = { fox: [...pieces.fox], goose: [...pieces.goose] };
    this.drawPieces();
    this.drawMarks();
    this.svg.classList.toggle("board-locked", !interactive);
    if (focusKind) this.focusOn(focusKind);
  }

  // How long until the animation running now is over, in ms.
  busyMs() {
    return Math.max(0, this.animEnd - performance.now());
  }

  // The first Tab stop on the board: a piece of this kind, unless the keyboard is on the board.
  focusOn(kind) {
    if (this.svg.contains(document.activeElement)) return;
    const name = this.pieces[kind]?.[0];
    if (name) this.setFocus(name);
  }

  setInteractive(interactive) {
    this.interactive = interactive;
    if (!interactive) this.cancel();
    this.svg.classList.toggle("board-locked", !interactive);
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    const { x, y } = this.center;
    if (flipped) this.static.setAttribute("transform", `rotate(180 ${x} ${y})`);
    else this.static.removeAttribute("transform");
    // Texts of the static drawing (coordinates) stay upright: each turns about its (x, y),
    // where the diagram centres it (no measuring, so no layout in the middle of a script).
    for (const text of this.static.querySelectorAll("text")) {
      const [x, y] = [text.x.baseVal[0]?.value, text.y.baseVal[0]?.value];
      if (flipped) text.setAttribute("transform", `rotate(180 ${x} ${y})`);
      else text.removeAttribute("transform");
    }
    this.drawPieces();
    this.drawMarks();
  }

  // The count of pieces in hand (none: the picture hides, its room stays).
  showHand(n) {
    if (!this.hand || n === undefined) return;
    this.hand.dataset.inHand = String(n);
    this.hand.querySelector("text").textContent = `\u00d7${n}`;
    this.hand.setAttribute("visibility", n ? "visible" : "hidden");
  }

  cancel() {
    if (!this.selection) return;
    this.selection = null;
    this.endDrag(null);
    this.drawPieces();
    this.drawMarks();
  }

  // The player dropped the piece chosen (Escape): said, unlike a choice the board drops itself.
  drop() {
    if (!this.selection) return;
    this.cancel();
    this.cb.onCancel?.();
  }

  // -- drawing --------------------------------------------------------

  kindAt(name) {
    if (this.pieces.fox.includes(name)) return "fox";
    if (this.pieces.goose.includes(name)) return "goose";
    return null;
  }

  // Pieces where they stand, or where a partly entered chain has taken them.
  shownPieces() {
    const shown = new Map();
    for (const kind of ["fox", "goose"]) for (const name of this.pieces[kind]) shown.set(name, kind);
    const path = this.selection?.path;
    if (path && path.length > 1) {
      shown.delete(path[0]);
      shown.set(path.at(-1), this.kindAt(path[0]));
    }
    return shown;
  }

  // The geese the jumps entered so far take: those every legal chain along them takes first.
  taken() {
    const path = this.selection?.path ?? [];
    const chain = this.legal.find((m) => m.path.length >= path.length && samePrefix(m.path, path));
    return path.length > 1 && chain ? chain.captures.slice(0, path.length - 1) : [];
  }

  makePiece(kind) {
    const t = this.templates[kind];
    const node = el("g", { "data-piece": kind, class: `play-piece play-${kind}` });
    node.append(t.node.cloneNode(true));
    return node;
  }

  place(node, name) {
    const t = this.templates[node.dataset.piece];
    const p = this.at(name);
    node.dataset.at = name;
    node.setAttribute("transform", `translate(${p.x - t.at.x} ${p.y - t.at.y})`);
  }

  drawPieces() {
    const shown = this.shownPieces();
    const taken = new Set(this.taken());
    for (const [name, node] of this.nodes) {
      if (shown.get(name) !== node.dataset.piece) {
        node.remove();
        this.nodes.delete(name);
      }
    }
    for (const [name, kind] of shown) {
      let node = this.nodes.get(name);
      if (!node) {
        node = this.makePiece(kind);
        this.nodes.set(name, node);
        this.layer.append(node);
      }
      this.place(node, name);
      node.classList.toggle("piece-taken", taken.has(name));
    }
    for (const [name, point] of this.points) {
      point.node.setAttribute("aria-label", this.cb.label(name, shown.get(name) ?? null));
    }
  }

  // A step slides; a capture goes jump by jump along its path, and each goose it takes fades
  // as the fox passes over it. The first `placed` points of the path are where the player has
  // already put the piece (a chain clicked point by point, a drop): it goes on from the last.
  // A piece placed from the hand (a path of one point) appears where it is put. Pieces the
  // move huffed off the board (Asalto's officers) fade once the move has landed.
  animateMove(move, placed = 1, huffed = []) {
    if (reducedMotion.matches) return;
    const path = move.path;
    const jump = move.captures.length > 0;
    const start = Math.min(placed, path.length) - 1;
    const legMs = jump ? JUMP_MS : MOVE_MS;
    const legs = path.length - 1 - start;
    const duration = legMs * legs;
    const from = this.nodes.get(path[start]);
    if (from && legs > 0) {
      // Re-key the drawn piece so drawPieces() keeps it, then move it from where it is now.
      const end = this.at(path.at(-1));
      this.nodes.delete(path[start]);
      this.nodes.set(path.at(-1), from);
      const frames = path.slice(start).map((name, i) => {
        const p = this.at(name);
        return { translate: `${p.x - end.x}px ${p.y - end.y}px`, offset: i / legs };
      });
      from.animate(frames, { duration, easing: jump ? "linear" : "ease-out" });
    }
    this.animEnd = performance.now() + duration;
    move.captures.forEach((over, i) => {
      const goose = this.nodes.get(over);
      if (!goose) return;
      this.nodes.delete(over);
      if (i < start) {
        goose.remove(); // jumped already, shown as taken: it goes now
        return;
      }
      goose.classList.add("piece-captured");
      goose.removeAttribute("data-piece");
      goose.removeAttribute("data-at");
      goose.animate([{ opacity: 1 }, { opacity: 0 }],
        { duration: CAPTURE_MS, delay: legMs * (i - start + 0.5), fill: "forwards" })
        .finished.then(() => goose.remove(), () => goose.remove());
    });
    for (const name of huffed) {
      const piece = this.nodes.get(name);
      if (!piece) continue;
      this.nodes.delete(name);
      piece.classList.add("piece-huffed");
      piece.removeAttribute("data-piece");
      piece.removeAttribute("data-at");
      piece.animate([{ opacity: 1 }, { opacity: 0 }], { duration: HUFF_MS, delay: duration, fill: "forwards" })
        .finished.then(() => piece.remove(), () => piece.remove());
      this.animEnd = performance.now() + duration + HUFF_MS;
    }
  }

  markNode(name, cls) {
    const p = this.at(name);
    const r = this.spacing * (cls === "mark-target" || cls === "mark-place" ? 0.17 : 0.44);
    return el("circle", { cx: p.x, cy: p.y, r, class: cls });
  }

  mark(name, cls) {
    this.marks.append(this.markNode(name, cls));
  }

  // The last move's marks: its path, and its first and last points.
  lastMarks(last) {
    if (!last) return [];
    const pts = last.path.map((n) => this.at(n));
    return [
      el("polyline", { class: "mark-last-line", points: pts.map((p) => `${p.x},${p.y}`).join(" ") }),
      this.markNode(last.path[0], "mark-last"),
      this.markNode(last.path.at(-1), "mark-last"),
    ];
  }

  // Where a piece left the board without being captured (huffed): a ring and a cross.
  crossMark(name) {
    const p = this.at(name);
    const d = this.spacing * 0.26;
    this.mark(name, "mark-huffed");
    this.marks.append(el("path", { class: "mark-huffed-cross",
      d: `M${p.x - d} ${p.y - d}L${p.x + d} ${p.y + d}M${p.x + d} ${p.y - d}L${p.x - d} ${p.y + d}` }));
  }

  drawMarks() {
    this.marks.replaceChildren(...this.lastMarks(this.last));
    const chosen = this.selection?.path.at(-1);
    for (const [name, point] of this.points) point.node.setAttribute("aria-pressed", String(name === chosen));
    for (const name of this.huffed) this.crossMark(name);
    for (const name of this.end) this.mark(name, "mark-end");
    if (this.hint.length) {
      const pts = this.hint.map((n) => this.at(n));
      this.marks.append(el("polyline", {
        class: "mark-hint-line", points: pts.map((p) => `${p.x},${p.y}`).join(" "),
      }));
      for (const name of [this.hint[0], this.hint.at(-1)]) this.mark(name, "mark-hint");
    }
    if (!this.selection) {
      for (const name of this.must) this.mark(name, "mark-must");
      // The points a piece from the hand may be put on: the legal moves of one point.
      if (this.interactive) {
        for (const m of this.legal) if (m.path.length === 1) this.mark(m.path[0], "mark-place");
      }
      return;
    }
    this.mark(this.selection.path.at(-1), "mark-selected");
    for (const name of this.nextPoints()) {
      this.mark(name, "mark-target");
    }
  }

  // A copy of the drawing showing a position of the engine's view ({pieces, last, in_hand}),
  // turned as this board is, with the last move and none of the player's marks: what a
  // picture of the game shows (play/share.js).
  drawing({ pieces, last, in_hand: inHand = 0 }) {
    const svg = this.svg.cloneNode(true);
    svg.classList.remove("board-locked", "board-dimmed");
    svg.querySelector(".board-marks").replaceChildren(...this.lastMarks(last));
    const layer = svg.querySelector(".board-pieces");
    layer.replaceChildren();
    for (const kind of ["fox", "goose"]) {
      for (const name of pieces[kind] ?? []) {
        const node = this.makePiece(kind);
        this.place(node, name);
        layer.append(node);
      }
    }
    // The geese in hand beside the board (Bagh-Chal), as many as there are now.
    const hand = svg.querySelector(".hand");
    if (hand && inHand) hand.querySelector("text").textContent = `\u00d7${inHand}`;
    else hand?.remove();
    return svg;
  }

  // -- choosing moves -------------------------------------------------

  candidates() {
    const path = this.selection?.path;
    return path ? this.legal.filter((m) => m.path.length > path.length && samePrefix(m.path, path)) : [];
  }

  nextPoints() {
    const n = this.selection.path.length;
    return [...new Set(this.candidates().map((m) => m.path[n]))];
  }

  select(name) {
    this.selection = { path: [name] };
    this.drawPieces();
    this.drawMarks();
    this.cb.onSelect?.(name, this.nextPoints());
  }

  commit(move) {
    const path = move.path;
    const placed = this.dropped ? path.length : (this.selection?.path.length ?? 1);
    this.committed = { move: move.move, placed };
    if (this.dropped) {
      // The dropped piece stays where it was put (not back at its start) until the host
      // shows the move, and the geese it jumped are shown as taken.
      const node = this.nodes.get(path[0]);
      if (node) {
        this.nodes.delete(path[0]);
        this.nodes.set(path.at(-1), node);
        this.place(node, path.at(-1));
      }
      for (const over of move.captures) this.nodes.get(over)?.classList.add("piece-taken");
    }
    this.selection = null;
    this.endDrag(null);
    this.interactive = false; // until the host shows the result of this move
    this.cb.onMove(move.move);
  }

  // A click (or tap, drop, Enter) on a point.
  choose(name) {
    if (this.editing) {
      this.cb.onEdit?.(name);
      return;
    }
    if (!this.interactive) {
      this.cb.onBlocked?.();
      return;
    }
    const sel = this.selection;
    const kind = this.kindAt(name);
    const own = KIND[this.toMove];
    if (!sel) {
      if (!kind) {
        // An empty point: a legal move that visits this one point (a piece placed from the
        // hand) is played; otherwise nothing is chosen.
        const placement = this.legal.find((m) => samePath(m.path, [name]));
        if (placement) this.commit(placement);
        return;
      }
      if (kind !== own) this.cb.onIllegal({ code: "not-your-piece" });
      else this.select(name);
      return;
    }
    const path = sel.path;
    const end = path.at(-1);
    if (name === end) {
      // Clicking the chosen piece again: drop the choice, or stop a chain here.
      const stop = this.legal.find((m) => samePath(m.path, path));
      if (path.length === 1) this.cancel();
      else if (stop) this.commit(stop);
      else this.cb.onIllegal({ code: "chain-must-continue" });
      return;
    }
    if (path.length === 1 && kind === own) {
      this.select(name);
      return;
    }
    const candidates = this.candidates();
    const next = candidates.filter((m) => m.path[path.length] === name);
    if (next.length) {
      const longer = [...path, name];
      if (next.length === 1 && next[0].path.length === longer.length) {
        this.commit(next[0]);
      } else {
        sel.path = longer; // a chain point: wait for the next landing point (or a stop)
        this.drawPieces();
        this.drawMarks();
        this.cb.onChain?.(next.some((m) => m.path.length === longer.length));
      }
      return;
    }
    const ending = candidates.filter((m) => m.path.at(-1) === name);
    if (ending.length === 1) {
      this.commit(ending[0]);
      return;
    }
    if (ending.length > 1) {
      this.cb.onIllegal({ code: "ambiguous-chain" });
      return;
    }
    // Not a legal move: the host asks the engine why, and the choice starts over.
    this.cancel();
    this.cb.onIllegal({ path: [...path, name] });
  }

  // -- pointer --------------------------------------------------------

  svgPoint(e) {
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    return { x: p.x, y: p.y };
  }

  hit(e) {
    const p = this.svgPoint(e);
    let best = null, bestD = this.spacing * 0.55;
    for (const name of this.points.keys()) {
      const q = this.at(name);
      const d = Math.hypot(p.x - q.x, p.y - q.y);
      if (d < bestD) { best = name; bestD = d; }
    }
    return best;
  }

  pointerDown(e) {
    if (e.button > 0) return;
    const name = this.hit(e);
    if (this.editing) {
      if (name) {
        e.preventDefault();
        this.choose(name);
      }
      return;
    }
    if (!this.interactive) {
      if (name) this.cb.onBlocked?.();
      return;
    }
    if (!name) { this.cancel(); return; }
    e.preventDefault();
    const sel = this.selection;
    const own = this.kindAt(name) === KIND[this.toMove];
    if (own && (!sel || sel.path.length === 1)) {
      const wasSelected = sel?.path[0] === name;
      if (!wasSelected) this.select(name);
      this.drag = { name, wasSelected, moved: false, id: e.pointerId, start: this.svgPoint(e) };
      this.svg.setPointerCapture(e.pointerId);
      return;
    }
    this.choose(name);
  }

  pointerMove(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    const p = this.svgPoint(e);
    if (!drag.moved && Math.hypot(p.x - drag.start.x, p.y - drag.start.y) < this.spacing * 0.2) return;
    drag.moved = true;
    const node = this.nodes.get(drag.name);
    if (!node) return;
    const t = this.templates[node.dataset.piece];
    node.classList.add("piece-dragging");
    node.setAttribute("transform", `translate(${p.x - t.at.x} ${p.y - t.at.y})`);
    this.layer.append(node); // on top of the others
  }

  pointerUp(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    const target = this.hit(e);
    this.endDrag(drag);
    if (drag.moved) {
      if (target && target !== drag.name) {
        this.dropped = true;
        this.choose(target);
        this.dropped = false;
      }
    } else if (drag.wasSelected) {
      this.cancel();
    }
  }

  endDrag(drag) {
    const current = this.drag;
    this.drag = null;
    if (!current) return;
    const node = this.nodes.get(current.name);
    if (node) {
      node.classList.remove("piece-dragging");
      this.place(node, current.name);
    }
    if (drag === null && this.svg.hasPointerCapture?.(current.id)) this.svg.releasePointerCapture(current.id);
  }

  // -- keyboard -------------------------------------------------------

  setFocus(name) {
    this.points.get(this.focusName)?.node.setAttribute("tabindex", "-1");
    this.focusName = name;
    this.points.get(name).node.setAttribute("tabindex", "0");
  }

  keyDown(e) {
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const name = e.target.dataset?.point;
    if (!name) return;
    if (dirs[e.key]) {
      e.preventDefault();
      e.stopPropagation();
      const next = this.neighbourInDirection(name, dirs[e.key]);
      if (next) this.points.get(next).node.focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.choose(name);
    } else if (e.key === "Escape") {
      this.drop();
    }
  }

  // The closest point roughly in direction (dx, dy) on screen.
  neighbourInDirection(name, [dx, dy]) {
    const p = this.at(name);
    let best = null, bestScore = Infinity;
    for (const other of this.points.keys()) {
      const q = this.at(other);
      const along = (q.x - p.x) * dx + (q.y - p.y) * dy;
      const across = Math.abs((q.x - p.x) * dy - (q.y - p.y) * dx);
      if (along <= 0.5 || across > along) continue;
      const score = along + 2 * across;
      if (score < bestScore) { best = other; bestScore = score; }
    }
    return best;
  }
}
