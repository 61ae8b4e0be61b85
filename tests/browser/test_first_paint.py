"""The round form as first painted (issue 32): the card grid is drawn by the page's script,
which runs after the first paint, so the style sheet lays the page out as the grid will have it
(nothing moves when it comes: Lighthouse saw a layout shift of 0.84); a month's control is as
wide as the row leaves it beside four pictures 58 px tall (44 px on Lighthouse's phone, 25 at
360), and nothing lies over a tap target as the page opens (Lighthouse's target-size, off in
axe by default)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.conftest import phone_page
from tests.browser.test_accessibility import axe_script
from tests.browser.test_grid import api

SMALL = {"width": 360, "height": 740}
LIGHTHOUSE = {"width": 412, "height": 823}  # the phone Lighthouse's mobile run emulates

WHERE = """() => {
  const top = s => {
    const e = document.querySelector(s);
    return e && e.getBoundingClientRect().top;
  };
  const space = document.querySelector('.deck, .deck-space').getBoundingClientRect();
  return {top: space.top, height: space.height, dealer: top('#dealer'),
          save: top('.entrybar button'), h1: top('main h1')};
}"""

SHIFTS = """() => new Promise(done => {
  let sum = 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) { if (!e.hadRecentInput) { sum += e.value; } }
  }).observe({type: 'layout-shift', buffered: true});
  requestAnimationFrame(() => requestAnimationFrame(() => done(sum)));
})"""


@pytest.fixture()
def phone(browser, request) -> Iterator[object]:
    yield from phone_page(browser, request, SMALL)


def table(server: str, game: str, players: list[str]) -> str:
    sid = api(server, "/api/v1/sessions", {"game": game, "players": players})["id"]
    return f"{server}/t/{sid}/rounds/new"


@pytest.mark.parametrize(
    ("game", "players"), [("toppa", ["Aki", "Ben"]), ("baka", ["Aki", "Ben", "Cho"])]
)
def test_the_grid_s_room_is_kept_before_the_script_draws_it(phone, server, game, players):
    url = table(server, game, players)
    # The page as first painted: the script not run yet (held back here).
    phone.route("**/static/dist/app.js*", lambda route: route.abort())
    phone.goto(url)
    before = phone.evaluate(WHERE)
    assert phone.locator(".deck").count() == 0
    assert not phone.locator("fieldset.pile").first.is_visible()  # the lists the grid stands for
    phone.unroute("**/static/dist/app.js*")
    phone.goto(url)
    phone.wait_for_selector(".deck .deckgrid")
    after = phone.evaluate(WHERE)
    assert phone.locator(".deck-space").count() == 0
    # The grid fills the room kept for it to the pixel, and nothing around it moved.
    assert after == pytest.approx(before, abs=1), (before, after)
    assert phone.evaluate(SHIFTS) < 0.01


def test_the_month_controls_are_as_wide_as_the_row_leaves_and_uncovered(browser, server, request):
    url = table(server, "toppa", ["Aki", "Ben"])
    for viewport, wide in ((SMALL, 25), (LIGHTHOUSE, 44)):
        for page in phone_page(browser, request, viewport, bypass_csp=True):
            page.goto(url)
            page.wait_for_selector(".deck .deckgrid")
            sizes = page.evaluate(
                """() => [...document.querySelectorAll('[data-take-month]')].map(t => {
                     const r = t.getBoundingClientRect(); return [r.width, r.height]; })"""
            )
            assert len(sizes) == 12 and all(w >= wide and h >= 44 for w, h in sizes), sizes
            page.add_script_tag(path=str(axe_script()))
            found = page.evaluate(
                """async () => (await axe.run(document, {runOnly: ['target-size']}))
                     .violations.flatMap(v => v.nodes.map(n => n.target.join(' ')))"""
            )
            assert found == [], (viewport, found)
