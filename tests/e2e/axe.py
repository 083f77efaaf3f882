"""axe-core, injected into a page (its context needs bypass_csp=True)."""

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page) -> list[str]:
    """Every axe violation on the page, with up to three of its elements."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per document, not per run
        page.add_script_tag(path=str(AXE))
    violations: list[str] = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => `${v.id} (${v.impact}): `
            + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", "));
    }""")
    return violations


def axe_violations_light_and_dark(page: Page) -> dict[str, list[str]]:
    """axe_violations in the light, then the dark colour scheme, on the page as it is: the
    site's dark scheme is CSS only (`prefers-color-scheme`), so switching the emulated
    scheme restyles the page without loading it again."""
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        found[scheme] = axe_violations(page)
    return found
