// Sharing a game (issue #35): a picture of the position on the board, the whole game as an
// animated picture, the game as text to copy, and a box to paste such a text back. The engine
// writes and reads the text (game/record_text.py, the API's as_text and open_text); this
// module draws, and hands strings between the engine and the clipboard.
//
// Pictures are drawn from the board's own SVG: a copy with the position's pieces and last
// move, turned as the board is (shared/board.js, drawing()), its colours read from the page's
// stylesheet as the player sees them (light or dark, as the system chooses), serialized into
// a data: URL (the page's CSP allows data: images), drawn on a canvas with the game's name,
// the move and the site's address, and encoded by the browser as PNG. Nothing is fetched.
// The whole game is an APNG built here from one such PNG per position: every browser shows
// it animated; a viewer that does not know APNG shows its default image, the last position.

import * as text from "../texts.js";
import { boardState, moveAt } from "./state.js";

// The CSS properties that give the board its look; written into the copy as presentation
// attributes, since an SVG drawn as an image has no stylesheet.
const PAINT = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
  "stroke-linecap", "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight",
  "text-anchor", "dominant-baseline"];
const PICTURE_WIDTH = 1080; // px: a picture of the position
const FRAME_WIDTH = 540;    // px: each position of the animated game
const START_MS = 1200;      // the animation's first position, each move and the last position
const MOVE_MS = 800;
const END_MS = 3000;

// Whether the page can draw pictures at all (canvas encoding to PNG).
const canDraw = typeof HTMLCanvasElement !== "undefined" && "toBlob" in HTMLCanvasElement.prototype;

// The share sheet from the state (called by view.render).
export function renderShare(root, s) {
  const $ = (selector) => root.querySelector(selector);
  const ready = s.engine === "ready" && Boolean(s.live) && !s.linkError;
  const busy = Boolean(s.sharing);
  const enable = (action, on) => { $(`[data-action="${action}"]`).disabled = !on; };
  enable("download-picture", canDraw && Boolean(boardState(s)) && !s.linkError && !busy);
  enable("download-game", canDraw && ready && s.live.ply > 0 && !busy);
  enable("copy-text", ready);
  $("#paste-form button[type=submit]").disabled = s.engine !== "ready";
  const progress = $("#share-progress");
  progress.hidden = !busy;
  if (busy) {
    progress.value = s.sharing.done / s.sharing.total;
    progress.setAttribute("aria-label", text.animationProgressText(s.sharing.done, s.sharing.total));
  }
  const copy = $("#share-text");
  copy.hidden = !s.shareText;
  if (s.shareText && copy.value !== s.shareText) {
    copy.value = s.shareText;
    copy.select();
  }
  const error = $("#paste-error");
  error.hidden = !s.pasteError;
  error.textContent = s.pasteError ?? "";
}

// The actions, for play.js to bind: {handlers, pasted}.
export function createShare({ root, s, view, play }) {
  const kind = root.dataset.game;
  const foxes = Number(root.dataset.foxes || 1);
  const site = new URL(root.dataset.site || "./", document.baseURI);

  // The site's address as a caption: host and path, without the scheme.
  const address = `${site.host}${site.pathname}`.replace(/\/$/, "");

  async function downloadPicture() {
    const state = boardState(s);
    if (!state || !view.board) return;
    try {
      const canvas = await drawPosition(state, PICTURE_WIDTH);
      save(await pngBlob(canvas), `${kind}-${state.ply}.png`);
      play.say(text.pictureSavedText());
    } catch (error) {
      console.error(error);
      play.say(text.shareFailedText());
    }
  }

  async function downloadGame() {
    const { live } = s;
    if (!live || s.sharing) return;
    const total = live.ply + 1;
    s.sharing = { done: 0, total };
    play.render();
    try {
      const frames = [];
      let before = null;
      let canvas = null;
      for (let ply = 0; ply < total; ply++) {
        // The engine gives each position; the page moving on (a move, another game) stops this.
        const state = ply === live.ply ? live : await play.session.ask("load", { record: live.record, ply });
        if (!state || state.error || s.live !== live) return;
        canvas = await drawPosition(state, FRAME_WIDTH);
        const ctx = canvas.getContext("2d", { willReadFrequently: true });
        const pixels = new Uint32Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
        // Each frame after the first holds only what changed: a small part of the picture.
        const rect = before ? changed(before, pixels, canvas.width) : null;
        frames.push({ png: await pngBytes(rect ? crop(ctx, rect) : canvas), ...(rect ?? {}),
          ms: ply === 0 ? START_MS : ply === live.ply ? END_MS : MOVE_MS });
        before = pixels;
        s.sharing = { done: ply + 1, total };
        play.render();
      }
      const still = await pngBytes(canvas);
      save(new Blob(apng(frames, still), { type: "image/png" }), `${kind}-game.png`);
      s.sharing = null;
      play.say(text.animationSavedText());
    } catch (error) {
      console.error(error);
      s.sharing = null;
      play.say(text.shareFailedText());
    } finally {
      s.sharing = null;
      play.render();
    }
  }

  // The text's notes for its reader, in the page's language (the game and table, how it
  // ended); the engine writes them as lines it skips when the text is pasted back.
  function textNotes(live) {
    const foxes = Number(root.dataset.foxes || 1);
    const table = text.tableText(live.geese, live.sideways, root.dataset.sidewaysOption === "true");
    const ending = live.result
      ? [`${text.winnerText(live.result, foxes)} ${text.reasonText(live.reason, foxes, live.captures_to_win)}`] : [];
    return { head: [`${root.dataset.gameName} · ${table}`], tail: ending };
  }

  async function copyText() {
    const answer = await play.session.ask("as_text", { record: s.live.record, ...textNotes(s.live) });
    if (!answer || answer.error) return;
    try {
      await navigator.clipboard.writeText(answer.text);
      s.shareText = null;
      play.say(text.textCopiedText());
    } catch {
      // Shown selected, to copy by hand.
      s.shareText = answer.text;
      play.say(text.copyTextByHandText());
    }
  }

  // A pasted text opens as a link would; a bad one is explained and the game stays as it is.
  async function pasted(form) {
    const input = form.elements.text;
    const answer = await play.session.ask("open_text", { text: input.value });
    if (!answer) return;
    if (answer.error) {
      s.pasteError = text.pasteErrorText(answer.error);
      play.render();
      view.speak(s.pasteError);
      input.focus();
      return;
    }
    s.pasteError = null;
    s.shareText = null;
    input.value = "";
    await play.openLink(answer.record);
  }

  // The position on a canvas: a band with the game's name and the move above the board, and
  // the site's address below it, in the page's colours.
  async function drawPosition(state, width) {
    const svg = view.board.drawing(state);
    const box = svg.viewBox.baseVal;
    const colour = readColours();
    const font = getComputedStyle(document.body).fontFamily;
    const pad = Math.round(width * 0.04);
    const boardWidth = width - 2 * pad;
    const boardHeight = Math.round(boardWidth * box.height / box.width);
    const big = Math.round(width * 0.045);
    const small = Math.round(width * 0.03);
    const top = pad + big + small * 1.9;
    const height = Math.round(top + boardHeight + small * 2.6);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = colour.bg;
    ctx.fillRect(0, 0, width, height);
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = colour.ink;
    ctx.font = `700 ${big}px ${font}`;
    ctx.fillText(root.dataset.gameName, pad, pad + big * 0.8, boardWidth);
    const caption = [text.pictureMoveText(moveAt(s, state.ply))];
    if (state.result) caption.push(text.resultLineText(state.result, foxes));
    ctx.fillStyle = colour.muted;
    ctx.font = `500 ${small}px ${font}`;
    ctx.fillText(caption.join(" · "), pad, pad + big + small * 1.3, boardWidth);
    ctx.drawImage(await svgImage(svg, boardWidth, boardHeight), pad, top, boardWidth, boardHeight);
    ctx.fillStyle = colour.link;
    ctx.textAlign = "center";
    ctx.fillText(text.pictureSiteText(address), width / 2, top + boardHeight + small * 1.6, boardWidth);
    return canvas;
  }

  return {
    handlers: {
      "download-picture": downloadPicture,
      "download-game": downloadGame,
      "copy-text": copyText,
    },
    pasted,
  };
}

function readColours() {
  const style = getComputedStyle(document.documentElement);
  const get = (name) => style.getPropertyValue(`--${name}`).trim();
  return { bg: get("bg"), ink: get("ink"), muted: get("muted"), link: get("link") };
}

// The copy of the board as an image: laid out off screen just long enough to read the colours
// the stylesheet gives each part, which it then carries itself.
async function svgImage(svg, width, height) {
  const host = document.createElement("div");
  host.className = "share-offscreen";
  host.append(svg);
  document.body.append(host);
  try {
    for (const node of [svg, ...svg.querySelectorAll("*")]) {
      const style = getComputedStyle(node);
      for (const name of PAINT) node.setAttribute(name, style.getPropertyValue(name));
    }
  } finally {
    host.remove();
  }
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
  await image.decode();
  return image;
}

// The smallest rectangle holding every pixel that differs between two pictures of one size
// (their RGBA words), at least one pixel.
function changed(a, b, width) {
  let [left, top, right, bottom] = [width, a.length, -1, -1];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (right < 0) return { x: 0, y: 0, width: 1, height: 1 };
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

// A part of a canvas, pixel for pixel, on a canvas of its own.
function crop(ctx, { x, y, width, height }) {
  const part = document.createElement("canvas");
  part.width = width;
  part.height = height;
  part.getContext("2d").putImageData(ctx.getImageData(x, y, width, height), 0, 0);
  return part;
}

function pngBlob(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
  });
}

async function pngBytes(canvas) {
  return new Uint8Array(await (await pngBlob(canvas)).arrayBuffer());
}

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// -- APNG: PNG chunks, as the PNG and APNG specifications define them ------------------------

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// A PNG's chunks, as {type, data}.
function chunksOf(png) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function u32s(...values) {
  const out = new Uint8Array(4 * values.length);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => {
    view.setUint32(4 * i, v);
  });
  return out;
}

// The parts of one animated PNG, looping: frames {png, ms, x, y} (each a PNG of the picture
// or, with x and y, of a part of it, drawn over the frame before), and its default image,
// outside the animation, for viewers that show one picture (the whole last position).
function apng(frames, still) {
  const header = (chunks) => chunks.find((c) => c.type === "IHDR").data;
  const u32 = (bytes, at) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
  const parts = frames.map((f) => chunksOf(f.png));
  const whole = chunksOf(still);
  // Every frame must be of the default image's kind (bit depth, colour type and the rest).
  const kind = (h) => h.subarray(8).join();
  if (!parts.every((chunks) => kind(header(chunks)) === kind(header(whole)))) {
    throw new Error("frames of another kind");
  }
  const idat = (chunks) => chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
  const out = [new Uint8Array(SIGNATURE), chunk("IHDR", header(whole)),
    chunk("acTL", u32s(frames.length, 0)),
    ...idat(whole).map((data) => chunk("IDAT", data))];
  let sequence = 0;
  parts.forEach((chunks, i) => {
    const h = header(chunks);
    const control = new Uint8Array(26);
    control.set(u32s(sequence++, u32(h, 0), u32(h, 4), frames[i].x ?? 0, frames[i].y ?? 0));
    new DataView(control.buffer).setUint16(20, frames[i].ms);
    new DataView(control.buffer).setUint16(22, 1000);
    out.push(chunk("fcTL", control)); // dispose none, blend source: the part replaces its pixels
    for (const data of idat(chunks)) {
      const frame = new Uint8Array(4 + data.length);
      frame.set(u32s(sequence++));
      frame.set(data, 4);
      out.push(chunk("fdAT", frame));
    }
  });
  out.push(chunk("IEND", new Uint8Array()));
  return out;
}
