// The page side of the engine worker (site_builder/static/js/engine.js) under Node, with a
// worker that only plays back messages: when loading counts as stalled.
import assert from "node:assert/strict";
import { test } from "node:test";

// What engine.js touches of a page, and a worker that answers "init" with a script of
// [delay in ms, message] pairs (a message without progress is the answer).
globalThis.document = { documentElement: { dataset: {} } };
globalThis.navigator = {};
let script = () => [];
globalThis.Worker = class {
  postMessage({ id, method }) {
    if (method !== "init") return;
    for (const [delay, data] of script()) {
      setTimeout(() => this.onmessage?.({ data: data.progress ? data : { id, result: data } }), delay);
    }
  }
  terminate() {
    this.onmessage = null;
  }
};
const { Engine } = await import("../../site_builder/static/js/engine.js");

const download = (received, expected) => ({ progress: "download", ms: 0, received, expected });

async function start(steps) {
  script = () => steps;
  const phases = [];
  const engine = new Engine({ timeoutMs: 100, onProgress: (phase) => phases.push(phase) });
  try {
    await engine.start();
    return { loaded: true, phases };
  } catch (error) {
    return { loaded: false, phases, error: String(error) };
  } finally {
    engine.stop();
  }
}

test("once every byte is in, booting longer than the stall timeout is no stall", async () => {
  const result = await start([[10, download(5, 10)], [30, download(10, 10)], [400, { ok: true }]]);
  assert.deepEqual(result, { loaded: true, phases: ["download", "download"] });
});

test("a download that stops sending is a stall after the timeout", async () => {
  const result = await start([[10, download(5, 10)], [400, { ok: true }]]);
  assert.equal(result.loaded, false);
  assert.match(result.error, /timeout: nothing loaded/);
  assert.deepEqual(result.phases, ["download", "stalled"]);
});

test("before anything is known to download, silence is a stall too", async () => {
  const result = await start([[400, { ok: true }]]);
  assert.equal(result.loaded, false);
  assert.deepEqual(result.phases, ["stalled"]);
});
