// Registers the service worker (sw.js at the site root) and asks it to keep this
// locale's pages, and on a play page the engine, so that the site works offline
// after this visit. When they are
// stored, <html data-offline="ready"> says so (tests wait on it).

const root = new URL("../../", import.meta.url);

async function register() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href });
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      document.documentElement.dataset.offline = data.cached ? "ready" : "failed";
    };
    const html = document.documentElement;
    const engine = html.hasAttribute("data-engine");
    active.postMessage({ type: "cache-locale", locale: html.lang, engine }, [channel.port2]);
  } catch {
    // No offline copy (private mode, file://, a blocked worker): the site still works online.
    document.documentElement.dataset.offline = "failed";
  }
}

register();
