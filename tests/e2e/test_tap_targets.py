"""Tap targets on a phone (issue #37): every link and control on the play and rules pages is at
least 24 by 24 px and overlaps no other, so a finger hits the one it aims at (WCAG 2.5.8's
minimum; the buttons are taller)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import PLAY_GAMES

# The box a finger hits for each visible control: a radio button or checkbox inside its label
# is hit anywhere on the label.
TARGETS = r"""() => {
  const selector = 'a[href], button, select, input, summary, textarea, [tabindex="0"]';
  const seen = new Set();
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const target = (el.matches("input") && el.closest("label")) || el;
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    // Hidden, or in a closed menu (laid out there, but not shown).
    if (!r.width || !r.height || !target.checkVisibility({ visibilityProperty: true })) continue;
    const name = (target.getAttribute("aria-label") || target.textContent || "").trim();
    out.push({ what: `${target.tagName.toLowerCase()} ${name.replace(/\s+/g, " ").slice(0, 40)}`,
               x: r.left, y: r.top + scrollY, w: r.width, h: r.height });
    target.dataset.tapIndex = String(out.length - 1);
  }
  // Pairs whose boxes overlap, neither inside the other (a label holding its own control).
  const nodes = [...document.querySelectorAll("[data-tap-index]")];
  const overlaps = [];
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const [a, b] = [out[i], out[j]];
      if (nodes[i].contains(nodes[j]) || nodes[j].contains(nodes[i])) continue;
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) overlaps.push(`${a.what} / ${b.what}`);
    }
  }
  return { targets: out, overlaps };
}"""


def small_or_overlapping(page) -> list[str]:
    found = page.evaluate(TARGETS)
    assert len(found["targets"]) > 10
    small = [
        f"{t['what']}: {t['w']:.0f} by {t['h']:.0f}"
        for t in found["targets"]
        if t["w"] < 24 or t["h"] < 24
    ]
    return small + found["overlaps"]


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.mark.parametrize("code", ["en", "pl"])
def test_every_target_on_the_play_page_is_big_enough_on_a_phone(phone, site_server, code):
    phone.goto(f"{site_server.root_url}{code}/fox-and-geese/play/")
    phone.wait_for_selector("html[data-engine=ready]")
    sheet = phone.locator("#settings-sheet")
    if sheet.get_attribute("open") is None:  # folded away on a phone
        phone.click("#settings-sheet summary")
    expect(phone.locator("#level")).to_be_visible()
    expect(phone.locator("#geese")).to_be_visible()
    assert small_or_overlapping(phone) == []
    # With a move played, the move list's buttons too.
    for name in ("d4", "d5"):
        phone.locator(f'svg[data-board] [data-point="{name}"]').tap()
    expect(phone.locator(".move-list button").first).to_be_visible()
    assert small_or_overlapping(phone) == []


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_every_target_on_a_rules_page_is_big_enough_on_a_phone(phone, site_server, game):
    phone.goto(f"{site_server.root_url}pl/{game}/")
    phone.wait_for_selector("#lessons[data-status=ready]")
    assert small_or_overlapping(phone) == []


@pytest.mark.parametrize("game", ["fox-and-geese", "bagh-chal"])
def test_every_target_on_a_puzzles_page_is_big_enough_on_a_phone(phone, site_server, game):
    phone.goto(f"{site_server.root_url}pl/{game}/puzzles/")
    phone.wait_for_selector("#puzzles[data-status=ready]")
    assert small_or_overlapping(phone) == []
