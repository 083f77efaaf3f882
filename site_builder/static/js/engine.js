// Page side of the engine worker (protocol in engine-worker.js): promises per
// request id, a stall timeout while loading, and a fresh worker on every (re)start so a
// worker that hung or died is simply replaced.
//
// Loading never fails for being slow: only when nothing happened for stallMs (no byte
// arrived, no phase ended), which a phone on a slow network can tell from a dead connection.
// Once every byte is in, what is left is the CPU's (booting Python, which sends nothing until
// it is done, and is slow on a busy phone): that wait may be as long as BOOT_MS.
// The page is told by onProgress("stalled", {seconds}) before start() rejects.
//
// Once started, the worker is watched: it holds a Web Lock named after itself for
// its whole life, so the page is told at once when it dies (a crash, or a kill),
// even in the middle of a search; and every call has a time budget, so a worker
// that stops answering is declared hung a few seconds after its budget ran out.
// Either way onDead(reason) is called once and pending calls resolve as failed.
// (Without Web Locks, e.g. over plain http to a LAN address, a dead worker is noticed as hung.)

import * as hooks from "./hooks.js";

// The engine's own failures: the shape of every error from the API (game/codes.py).
export const failure = (code, detail) => ({ error: { code, detail: String(detail) } });

// Codes of a failure of the engine itself rather than an answer about the game (EngineCode).
export const ENGINE_FAILURES = new Set(["load-failed", "not-ready", "bad-method", "internal",
  "worker-failed"]);

const GRACE_MS = 5000;  // on top of a call's own budget: a slow machine, a queue in the worker
const WATCH_MS = 500;
const BOOT_MS = 60000;

export class Engine {
  // timeoutMs: the stall timeout. onProgress(phase, {ms, received, expected}).
  constructor({ workerURL, pyodideURL, engineURL, timeoutMs = 20000, onProgress = () => {},
    onDead = () => {} }) {
    Object.assign(this, { workerURL, pyodideURL, engineURL, timeoutMs, onProgress, onDead });
    this.stalled = null;  // while loading: restarts the stall timer
    this.worker = null;
    this.pending = new Map(); // id -> {resolve, due}: due is when the answer is overdue
    this.nextId = 1;
    this.timings = {};
    this.busyUntil = 0;  // the worker answers in order: when it should be done with what it has
    this.watch = null;
  }

  // Resolves when Python and the engine are loaded; rejects on failure or a stall.
  async start() {
    this.stop();
    this.timings = {};
    const name = `fox-and-geese-engine-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const worker = new Worker(this.workerURL, { type: "module", name });
    this.worker = worker;
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.died(worker, event.message || "worker error");
    };
    let timer;
    const stall = new Promise((_, reject) => {
      this.stalled = (ms = this.timeoutMs) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const seconds = Math.round(ms / 1000);
          this.onProgress("stalled", { seconds });
          reject(new Error(`timeout: nothing loaded for ${seconds} s`));
        }, ms);
      };
    });
    this.stalled();
    try {
      const answer = await Promise.race([
        this.call("init", { pyodideURL: this.pyodideURL, engineURL: this.engineURL }),
        stall,
      ]);
      if (answer.error) throw new Error(`${answer.error.code}: ${answer.error.detail}`);
    } catch (error) {
      this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
      this.stalled = null;
    }
    // The worker took its lock before it answered: the page gets it only when the worker is gone.
    navigator.locks?.request(name, () => this.died(worker, "worker ended"));
    this.watch = setInterval(() => this.checkOverdue(worker), WATCH_MS);
  }

  stop() {
    clearInterval(this.watch);
    this.watch = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.failAll("stopped");
  }

  died(worker, message) {
    if (worker !== this.worker) return; // an old worker, or one stopped on purpose
    this.stop();
    this.onDead(message);
  }

  checkOverdue(worker) {
    const now = performance.now();
    for (const { due } of this.pending.values()) {
      if (now > due + GRACE_MS) {
        this.died(worker, "no answer in time");
        return;
      }
    }
  }

  // An engine call: the game.api dict, or an error in its shape ({error: {code, detail}}); the
  // worker's own failures have the codes of EngineCode in game/codes.py ("worker-failed" when
  // it died or hung: onDead has been called then). budgetMs: how long the worker may take for
  // this call once it gets to it.
  call(method, params, budgetMs = 0) {
    if (!this.worker) return Promise.resolve(failure("not-ready", "no worker"));
    const id = this.nextId++;
    const now = performance.now();
    this.busyUntil = Math.max(now, this.busyUntil) + budgetMs;
    const due = this.busyUntil;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, due });
      hooks.engineCalls(this.pending.size);
      this.worker.postMessage({ id, method, params });
    });
  }

  receive(data) {
    if (data.progress) {
      const allIn = data.expected > 0 && data.received >= data.expected;
      this.stalled?.(allIn ? Math.max(this.timeoutMs, BOOT_MS) : this.timeoutMs);
      if (data.progress !== "download") this.timings[data.progress] = data.ms;
      this.onProgress(data.progress, data);
      return;
    }
    const entry = this.pending.get(data.id);
    this.pending.delete(data.id);
    hooks.engineCalls(this.pending.size);
    if (!this.pending.size) this.busyUntil = performance.now();
    entry?.resolve(data.result);
  }

  failAll(message) {
    for (const { resolve } of this.pending.values()) resolve(failure("worker-failed", message));
    this.pending.clear();
    hooks.engineCalls(0);
    this.busyUntil = 0;
  }
}
