// The engine session: one Engine (engine.js) at a time, restarted when its worker dies, and
// the one place where answers that came too late are dropped. Every call belongs to the game
// shown when it was made; once the page moves on (a move, another game, a restart) the
// session's epoch changes and older answers come back as null. A call with a `key` is also
// dropped when a newer call with the same key was made (looking through the moves quickly). A
// `lasting` call's answer is about its own record whatever the page shows (a review): only a
// restart drops it.

import { ENGINE_FAILURES, Engine } from "./engine.js";

const RESTARTS_PER_MINUTE = 3; // more, and the engine is given up (with a retry button)

export class Session {
  // options() -> {workerURL, pyodideURL, engineURL, timeoutMs}, read at every start; events:
  // onProgress(phase), onRestarting(), onFailed({code, detail}).
  constructor(options, events) {
    this.options = options;
    this.events = events;
    this.engine = null;
    this.ready = false;
    this.epoch = 0;
    this.latest = new Map(); // key -> number of the latest call with that key
    this.calls = 0;
    this.restarts = [];
  }

  // Answers to calls made before this are dropped.
  invalidate() {
    this.epoch++;
  }

  // Loads the engine; true when ready.
  async start() {
    this.ready = false;
    this.invalidate();
    this.engine?.stop();
    this.engine = new Engine({
      ...this.options(),
      onProgress: this.events.onProgress,
      onDead: (reason) => this.died(reason),
    });
    try {
      await this.engine.start();
    } catch (error) {
      this.failed({ code: "load-failed", detail: String(error.message ?? error) });
      return false;
    }
    this.ready = true;
    return true;
  }

  // An engine answer (which may hold an "error" of the game's own), or null when it no longer
  // applies or the worker failed.
  async ask(method, params, { seconds = 0, key = null, lasting = false } = {}) {
    if (!this.ready) return null;
    const epoch = this.epoch;
    const call = ++this.calls;
    if (key) this.latest.set(key, call);
    const engine = this.engine;
    const answer = await engine.call(method, params, seconds * 1000);
    if (answer.error && ENGINE_FAILURES.has(answer.error.code)) {
      // A worker that died or hung is replaced by died(); any other failure leaves a retry.
      if (engine === this.engine && this.ready && answer.error.code !== "worker-failed") {
        this.failed(answer.error);
      }
      return null;
    }
    if (engine !== this.engine) return null;
    if ((!lasting && epoch !== this.epoch) || (key && this.latest.get(key) !== call)) return null;
    return answer;
  }

  // Waits; false when the page moved on meanwhile.
  async wait(ms) {
    const epoch = this.epoch;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return epoch === this.epoch;
  }

  // The worker died or stopped answering: a new one takes over (the page replays its record).
  async died(reason) {
    if (!this.ready) return;
    const now = performance.now();
    this.restarts.push(now);
    if (this.restarts.filter((at) => now - at < 60000).length > RESTARTS_PER_MINUTE) {
      this.failed({ code: "worker-failed", detail: reason });
      return;
    }
    this.ready = false;
    this.invalidate();
    this.events.onRestarting();
  }

  failed(error) {
    this.ready = false;
    this.invalidate();
    this.engine?.stop();
    this.events.onFailed(error);
  }

  get timings() {
    return this.engine?.timings ?? {};
  }

  get worker() {
    return this.engine?.worker ?? null;
  }

  // For the fault tests: a call that keeps the worker busy far beyond any budget.
  hang(record) {
    this.engine?.call("ai_move", { record, level: "hard", seconds: 3600 });
  }
}
