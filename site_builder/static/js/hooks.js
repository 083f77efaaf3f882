// Hooks for the browser tests (tests/e2e), behind one switch: they exist only in a tab whose
// sessionStorage holds "fox-and-geese:test-hooks" = "1" (a test sets it before the page
// loads). With them the tests can end the worker the way a crash would, keep it searching
// far beyond any budget, see when a link opened by a hash change has been handled and when
// the worker has answered every call, and read the page's own times of what it did (a busy
// machine delays a test's observers, not these).

const html = document.documentElement;

export const enabled = (() => {
  try {
    return sessionStorage.getItem("fox-and-geese:test-hooks") === "1";
  } catch {
    return false;
  }
})();

// <html data-link="ok|error" data-link-seq="n">: how the n-th link opened here was taken.
export function linkHandled(result) {
  if (!enabled) return;
  html.dataset.link = result;
  html.dataset.linkSeq = String(Number(html.dataset.linkSeq ?? 0) + 1);
}

// <html data-engine-calls="n">: the calls sent to the engine's worker and not answered yet. At
// "0" every answer is in, and what the page does with it (in the answer's own task and its
// promises) is done by the time a test looks.
export function engineCalls(n) {
  if (!enabled) return;
  html.dataset.engineCalls = String(n);
}

// window.pageTimes: [name, performance.now() time] of each moment the page marked, in order.
export function mark(name, time = performance.now()) {
  if (!enabled) return;
  window.pageTimes ??= [];
  window.pageTimes.push([name, time]);
}

export function install({ kill, hang }) {
  if (!enabled) return;
  window.addEventListener("fox-and-geese:kill-worker", kill);
  window.addEventListener("fox-and-geese:hang-worker", hang);
}
