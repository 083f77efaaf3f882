// Registers the service worker (sw.js at the site root) and asks it to keep this
// locale's pages, and on a play page the engine, so that the site works offline
// after this visit. When they are stored, <html data-offline="ready"> says so
// (tests wait on it).
//
// None of it may compete with the page's own start: registering starts the service worker,
// whose install downloads the shell, so it waits until the page has loaded and the main
// thread is idle, and on a play page until the engine has loaded too.

const root = new URL("../../", import.meta.url);
const html = document.documentElement;

// On a play page, ask for the engine files once the engine has loaded them: then the
// browser's HTTP cache can answer, and they never compete with the engine's own load.
function engineSettled() {
  return new Promise((resolve) => {
    const settled = () => html.dataset.engine !== "loading";
    if (settled()) return resolve();
    const observer = new MutationObserver(() => {
      if (settled()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
  });
}

function idle() {
  return new Promise((resolve) => {
    const whenIdle = () => (self.requestIdleCallback ?? setTimeout)(resolve, { timeout: 5000 });
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
  });
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const engine = html.hasAttribute("data-engine");
    if (engine) await engineSettled();
    await idle();
    await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href });
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      html.dataset.offline = data.cached ? "ready" : "failed";
    };
    active.postMessage({ type: "cache-locale", locale: html.lang, engine }, [channel.port2]);
  } catch {
    // No offline copy (private mode, file://, a blocked worker): the site still works online.
    html.dataset.offline = "failed";
  }
}

register();
