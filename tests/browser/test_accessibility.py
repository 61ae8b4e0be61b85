"""Every kind of page, in the light and the dark theme, through axe-core (an accessibility
engine) in Debian's Chromium at 390x844: no serious or critical violation, text contrast
(axe's color-contrast rule, 4.5:1) included.

scripts/test installs axe-core from its npm package (pinned version and sha512) and names
its axe.min.js in SCOREKEEPER_AXE. The script is added to each page by Playwright with the
page's CSP bypassed for that purpose only: the app itself never allows inline scripts.
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import CEILING, PHONE, SHOTS
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "toppa": ["Aki", "Ben"],
    "baka": ["Aki", "Ben", "Chiyo"],
    "tokotoko": ["Aki", "Ben", "Chiyo"],
    "otoroku": ["Aki", "Ben", "Chiyo"],
    "tokan": ["Aki", "Ben", "Chiyo"],
}
BLOCKING = ("serious", "critical")


def axe_script() -> Path:
    named = os.environ.get("SCOREKEEPER_AXE")
    found = [Path(named)] if named else sorted(ROOT.glob(".venv/axe-core-*/axe.min.js"))
    if found and found[-1].is_file():
        return found[-1]
    if os.environ.get("CI"):
        pytest.fail("axe-core is not installed: scripts/test installs it")
    pytest.skip("axe-core is not installed (scripts/test installs it)")


def api(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


@pytest.fixture(scope="module")
def pages(server) -> list[str]:
    """One of each kind of page the app shows."""
    urls = ["/", "/check/", "/check/draw/toppa", "/t/no-such-table"]
    for game, players in GAMES.items():
        sid = api(
            server, "/api/v1/sessions", {"name": f"{game} night", "game": game, "players": players}
        )["id"]
        urls += [f"/t/{sid}/rounds/new", f"/check/{game}"]
    sid = api(
        server, "/api/v1/sessions", {"name": "Friday", "game": "toppa", "players": GAMES["toppa"]}
    )["id"]
    api(server, f"/api/v1/sessions/{sid}/rounds", {"players": [{"captured": EXAMPLE_A}, {}]})
    urls += [f"/t/{sid}", f"/t/{sid}/rounds/1", f"/t/{sid}/rounds/1/edit", f"/t/{sid}/history"]
    urls.append(f"/t/{sid}/undo/1")  # the question Undo asks (issue 17 part 6)
    # A club whose table has no money per point: its page opens on points per game.
    club = api(server, "/api/v1/clubs", {"name": "Club", "members": GAMES["toppa"]})["id"]
    at_club = api(
        server,
        "/api/v1/sessions",
        {"name": "Club night", "game": "toppa", "players": GAMES["toppa"], "club": club},
    )["id"]
    api(server, f"/api/v1/sessions/{at_club}/rounds", {"players": [{"captured": EXAMPLE_A}, {}]})
    urls += [f"/c/{club}", f"/c/{club}/members/{GAMES['toppa'][0]}"]
    # A round that ends its game (issue 30, part 5): Baka's third.
    sid = api(
        server, "/api/v1/sessions", {"name": "Baka", "game": "baka", "players": GAMES["baka"]}
    )["id"]
    for _ in range(3):
        body = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}
        api(server, f"/api/v1/sessions/{sid}/rounds", body)
    urls.append(f"/t/{sid}/rounds/3")
    return urls


# Known and being fixed elsewhere, excused here for that rule and those elements only (none
# now: the plain-card tiles that nested their number field in the tap target are gone).
KNOWN: dict[str, str] = {}


def violations(page, axe: Path) -> list[dict]:
    page.add_script_tag(path=str(axe))
    found = page.evaluate(
        """async (known) => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.filter(n => !(known[v.id] && n.target.length === 1
                                   && document.querySelector(n.target[0])?.matches(known[v.id])))
                              .map(n => n.target.join(' '))}))
            .filter(v => v.nodes.length)
            .map(v => ({...v, nodes: v.nodes.slice(0, 5)}))""",
        KNOWN,
    )
    return [v for v in found if v["impact"] in BLOCKING]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_violation_on_any_page(browser, server, pages, scheme):
    axe = axe_script()
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        bypass_csp=True,
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    found = {}
    try:
        for url in pages:
            page.goto(server + url)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
                scheme == "dark"
            )
            bad = violations(page, axe)
            if bad:
                found[url] = bad
        # A form sent back with its mistakes shown in place: the new-table form.
        page.goto(server + "/")
        page.fill("textarea[name=players]", "Solo")
        page.click("text=Start the table")
        page.wait_for_selector(".error")
        bad = violations(page, axe)
        if bad:
            found["/ (new table, with errors)"] = bad
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"accessibility-{scheme}.png"), full_page=True)
    finally:
        context.close()
    assert not found, json.dumps(found, indent=1)


def test_the_themes_really_differ(browser, server):
    """The dark theme is in force when the phone asks for it (and the light one otherwise)."""
    backgrounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
        page = context.new_page()
        page.goto(server + "/")
        backgrounds[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
    assert backgrounds["light"] == "rgb(255, 255, 255)"
    assert re.fullmatch(r"rgb\((\d+), \1, ?\d+\)|rgb\(\d+, \d+, \d+\)", backgrounds["dark"])
    assert backgrounds["dark"] != backgrounds["light"]
