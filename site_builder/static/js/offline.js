// Registers the service worker (sw.js at the site root) and asks it to keep this
// locale's pages, and on a play page the engine, so that the site works offline
// after this visit. When they are stored, <html data-offline="ready"> says so
// (tests wait on it).

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

async function register() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href });
    const engine = html.hasAttribute("data-engine");
    if (engine) await engineSettled();
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
