// Site-wide behaviour: remember the reader's language choice, and on the
// root page send the reader to their language. Plain links work without it.

const KEY = "fox-and-geese.lang";

function stored() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

function store(code) {
  try { localStorage.setItem(KEY, code); } catch { /* private mode: nothing to keep */ }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-lang]");
  if (link) store(link.dataset.lang);
});

// The root page lists every locale as a link; pick one of those.
if (document.documentElement.hasAttribute("data-choose-language")) {
  const links = new Map(
    [...document.querySelectorAll(".language-list a[data-lang]")].map((a) => [a.dataset.lang, a]),
  );
  const wanted = [stored(), ...(navigator.languages || [navigator.language])].filter(Boolean);
  let choice = null;
  for (const tag of wanted) {
    const base = tag.toLowerCase().split("-")[0];
    // Norwegian in general (no) and Nynorsk (nn) readers get Bokmål.
    const code = base === "no" || base === "nn" ? "nb" : base;
    if (links.has(code)) { choice = links.get(code); break; }
  }
  // (The 404 page shares the root page's frame, but has no list: it stays.)
  if (links.size) location.replace((choice || links.get("en")).href);
}
