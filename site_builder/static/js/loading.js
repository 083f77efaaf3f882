// The play page's engine loading note: real progress while the engine's files arrive
// (megabytes received of those expected, and the percentage; sizes known at build time) and
// then "starting"; and, if loading stalled, why it stopped.
//
// showProgress is the Engine's onProgress (engine.js): showProgress("start") resets the note
// before each (re)start; the phases then come from the worker (engine-worker.js) and, on a
// stall, from engine.js ("stalled", {seconds}).

import { decimalText, megabytesText, percentText, t, tn } from "./i18n.js";

let done = 0; // the fraction shown: it never goes back, even when a fallback asks for more

export function showProgress(phase, { received = 0, expected = 0, seconds = 0 } = {}) {
  const bar = document.getElementById("engine-progress");
  const text = document.getElementById("engine-progress-text");
  const failed = document.querySelector("#engine-failed p");
  if (!bar || !text) return;
  if (phase === "start") {
    done = 0;
    bar.value = 0;
    text.textContent = "";
    if (failed) failed.textContent = failed.dataset.general ??= failed.textContent;
    return;
  }
  if (phase === "stalled") {
    if (failed) {
      failed.dataset.general ??= failed.textContent;
      failed.textContent = tn(
        "Nothing has arrived for %(num)s second, so loading stopped. Check your connection and try again.",
        "Nothing has arrived for %(num)s seconds, so loading stopped. Check your connection and try again.",
        seconds,
      );
    }
    return;
  }
  if (expected > 0) done = Math.max(done, Math.min(1, received / expected));
  // Not rounded to whole percents: at 1.6 Mbit/s one percent takes over a second, and the
  // first one longer still (the page and the worker start first), so the bar moves with every
  // report of bytes instead.
  bar.value = done * 100;
  if (done < 1) {
    text.textContent = t("Downloading: %(received)s of %(expected)s (%(percent)s)", {
      received: decimalText(Math.min(received, expected) / 1e6),
      expected: megabytesText(expected / 1e6),
      percent: percentText(Math.floor(done * 100)),
    });
  } else {
    text.textContent = t("Downloaded. Starting the game engine…");
  }
}
