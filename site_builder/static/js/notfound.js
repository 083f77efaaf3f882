// The 404 page of a build made without --base-url. Its addresses are written relative to the
// site root, but a host serves it at whatever address was mistyped, at any depth
// (/en/fox-and-gese/play/) and under any sub-path. The builder inlines this script (allowed by
// its hash in the page's Content-Security-Policy, as no file could be found from an unknown
// depth): it finds the site root, the nearest folder above the address that holds the site's
// style sheet, and points every relative address of the page there.
// (With --base-url the builder writes root-relative addresses instead, and leaves this out.)

(async () => {
  if (document.readyState === "loading") {
    await new Promise((resolve) => addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  const here = new URL(".", location.href);
  let root = here;
  for (;;) {
    try {
      const probe = await fetch(new URL("static/css/site.css", root), { method: "HEAD" });
      if (probe.ok) break;
    } catch {
      // offline: the service worker answered for the page, so the relative addresses work
      return;
    }
    if (root.pathname === "/") return;
    root = new URL("..", root);
  }
  if (root.href === here.href) return;
  for (const element of document.querySelectorAll("[href], [src]")) {
    const name = element.hasAttribute("href") ? "href" : "src";
    const value = element.getAttribute(name);
    if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(value)) continue;
    const url = new URL(value, root).href;
    if (element.localName === "script") {
      // A script whose address failed does not load again: a new element does.
      const script = document.createElement("script");
      script.type = element.type;
      script.src = url;
      element.replaceWith(script);
    } else {
      element.setAttribute(name, url);
    }
  }
})();
