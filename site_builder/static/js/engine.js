// Page side of the engine worker (protocol in engine-worker.js): promises per
// request id, a load timeout, and a fresh worker on every (re)start so a worker
// that hung or died is simply replaced.

export class Engine {
  constructor({ workerURL, pyodideURL, engineURL, timeoutMs = 60000, onProgress = () => {} }) {
    Object.assign(this, { workerURL, pyodideURL, engineURL, timeoutMs, onProgress });
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.timings = {};
  }

  // Resolves when Python and the engine are loaded; rejects on failure or timeout.
  async start() {
    this.stop();
    this.timings = {};
    const worker = new Worker(this.workerURL, { type: "module" });
    this.worker = worker;
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(event.message || "worker error");
    };
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), this.timeoutMs);
    });
    try {
      const answer = await Promise.race([
        this.request("init", { pyodideURL: this.pyodideURL, engineURL: this.engineURL }),
        timeout,
      ]);
      if (answer.error) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    } catch (error) {
      this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.failAll("stopped");
  }

  request(method, params) {
    if (!this.worker) return Promise.resolve({ error: { code: "not-ready", message: "no worker" } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, method, params });
    });
  }

  // An engine call: the game.api dict, or {error, worker: true} when the worker failed or
  // took longer than timeoutMs (then it is terminated: a hung worker is never waited on).
  async call(method, params, timeoutMs = 0) {
    let timer;
    const late = new Promise((resolve) => {
      if (timeoutMs) timer = setTimeout(() => resolve({ error: { code: "timeout", message: method } }), timeoutMs);
    });
    const answer = await Promise.race([this.request(method, params), late]);
    clearTimeout(timer);
    if (answer.error?.code === "timeout") this.stop();
    return answer.error ? { error: answer.error, worker: true } : answer.result;
  }

  receive(data) {
    if (data.progress) {
      this.timings[data.progress] = data.ms;
      this.onProgress(data.progress, data.ms);
      return;
    }
    const resolve = this.pending.get(data.id);
    this.pending.delete(data.id);
    if (resolve) resolve(data);
  }

  failAll(message) {
    for (const resolve of this.pending.values()) resolve({ error: { code: "worker-failed", message } });
    this.pending.clear();
  }
}
