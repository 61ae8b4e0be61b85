"""A club on a 360x740 phone (issue 20): started from the home page, a Toppa table opened from
its page, and its standings read without any sideways scroll, in both themes."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CEILING, SHOTS
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser

PHONE_360 = {"width": 360, "height": 740}


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= 360")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_club_from_the_home_page_to_its_standings_at_360(browser, server, scheme):
    context = browser.new_context(
        viewport=PHONE_360,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    try:
        name = f"Sapporo Hanafuda Club {uuid.uuid4().hex[:4]}"
        page.goto(server + "/")
        assert no_sideways_scroll(page)
        page.fill("input[name=club_name]", name)
        page.fill("textarea[name=members]", "Aki\nBen, Cho")
        page.fill("input[name=timezone]", "Asia/Tokyo")
        page.click("text=Start the club")
        page.wait_for_url(re.compile(r"/c/[\w-]+$"))
        club_url = page.url
        assert page.locator("h1").inner_text().startswith(name)
        assert no_sideways_scroll(page)

        # Open a Toppa table: Aki and Ben ticked, in that order.
        page.select_option("#open-table select[name=game]", "toppa")
        page.check("#open-table input[name=member][value=Aki]")
        page.check("#open-table input[name=member][value=Ben]")
        page.click("text=Open the table")
        page.wait_for_url(re.compile(r"/t/[\w-]+$"))
        token = page.url.rsplit("/", 1)[-1]
        assert page.locator("tr[data-seat] th").all_inner_texts()[0].startswith(("Aki", "Ben"))
        # One round, so the standings have a leader (entered through the API: the round form
        # has tests of its own).
        resp = page.request.post(
            f"{server}/api/v1/sessions/{token}/rounds",
            data={"players": [{"captured": EXAMPLE_A}, {}]},
        )
        assert resp.status == 201

        page.goto(club_url)
        standings = page.locator("table.club-standings")
        assert standings.is_visible()
        with page.expect_navigation():
            page.click("nav.periods >> text=Tonight")
        expect(page.locator("nav.periods [aria-current=page]")).to_have_text("Tonight")
        page.click("text=Other dates, one game")
        page.select_option("#standings select[name=game]", "toppa")
        with page.expect_navigation():
            page.click("text=Show the standings")
        expect(page.locator("table.club-standings td[data-points]")).to_have_count(3)
        leader = page.locator("table.club-standings tr.leader")
        assert leader.count() == 1 and "Leader" in leader.inner_text()
        assert no_sideways_scroll(page)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"club_360_{scheme}.png"), full_page=True)
        page.screenshot(path=str(SHOTS / f"club_360_{scheme}_top.png"))

        # The read-only link, as a member would open it: the same standings, no form.
        view_url = page.locator("#view-link").input_value()
        page.goto(view_url)
        assert page.locator("table.club-standings").is_visible()
        assert page.locator("form[method=post]").count() == 0
        assert no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"club_view_360_{scheme}.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_members_page_at_360(browser, server, scheme):
    context = browser.new_context(
        viewport=PHONE_360,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    try:
        api = page.request
        club = api.post(
            f"{server}/api/v1/clubs",
            data={
                "name": f"Sapporo Hanafuda Club {uuid.uuid4().hex[:4]}",
                "members": ["Akiko Yamamoto-Fujiwara", "Ben", "Cho"],
                "timezone": "Asia/Tokyo",
            },
        ).json()
        for players in (["Akiko Yamamoto-Fujiwara", "Ben"], ["Cho", "Akiko Yamamoto-Fujiwara"]):
            table = api.post(
                f"{server}/api/v1/sessions",
                data={
                    "game": "toppa",
                    "players": players,
                    "club": club["id"],
                    "first_dealer": 1,
                    "point_value": "10",
                    "name": "Friday at the community centre, upstairs",
                },
            )
            assert table.status == 201, table.text()
            token = table.json()["id"]
            # Akiko makes EXAMPLE_A's yaku twice at the first table, Cho once at the second.
            rounds = 2 if players[0] != "Cho" else 1
            for captured in [[{"captured": EXAMPLE_A}, {}]] * rounds:
                resp = api.post(
                    f"{server}/api/v1/sessions/{token}/rounds", data={"players": captured}
                )
                assert resp.status == 201, resp.text()

        page.goto(f"{server}/c/{club['id']}/members/Akiko%20Yamamoto-Fujiwara")
        assert page.locator("h1").inner_text().startswith("Akiko Yamamoto-Fujiwara")
        assert page.locator("svg.member-chart polyline").count() == 1
        assert page.locator("tr[data-yaku=five-brights]").is_visible()
        assert page.locator("#head-to-head tbody tr").count() == 2
        assert no_sideways_scroll(page)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"member_360_{scheme}.png"), full_page=True)
        page.locator("#running").scroll_into_view_if_needed()
        page.locator("svg.member-chart .hits rect").last.tap()  # issue 30: read it out
        expect(page.locator("#running .chart-readout")).to_have_text(
            re.compile(r"^\d{4}-\d\d-\d\d: [+-]\d+$")
        )
        page.screenshot(path=str(SHOTS / f"member_360_{scheme}_chart.png"))

        # The same page through the read-only link, a member's name followed from the club.
        page.goto(server + club["view_url"])
        page.click("#members >> text=Ben")
        page.wait_for_url(re.compile(r"/c/view/[\w-]+/members/Ben$"))
        assert page.locator("form[method=post]").count() == 0
        assert no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"member_view_360_{scheme}.png"), full_page=True)
    finally:
        context.close()


@pytest.fixture()
def phone_360(browser, request):
    from tests.browser.conftest import phone_page

    yield from phone_page(browser, request, PHONE_360)


def test_a_club_without_money_opens_on_points_per_game_at_360(phone_360, server):
    """Issue 30: unpriced tables of two games; the first screen ranks each game in points,
    and money is one tap away."""
    page = phone_360
    api = page.request
    club = api.post(
        f"{server}/api/v1/clubs",
        data={"name": "Friday club", "members": ["Aki", "Ben", "Cy"], "timezone": "UTC"},
    ).json()
    toppa = api.post(
        f"{server}/api/v1/sessions",
        data={"game": "toppa", "players": ["Aki", "Ben"], "club": club["id"], "name": "Toppa"},
    ).json()["id"]
    for _ in range(2):
        api.post(
            f"{server}/api/v1/sessions/{toppa}/rounds",
            data={"players": [{"captured": EXAMPLE_A}, {}]},
        )
    baka = api.post(
        f"{server}/api/v1/sessions",
        data={"game": "baka", "players": ["Aki", "Ben", "Cy"], "club": club["id"], "name": "B"},
    ).json()["id"]
    resp = api.post(
        f"{server}/api/v1/sessions/{baka}/rounds",
        data={"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]},
    )
    assert resp.status == 201

    page.goto(f"{server}/c/{club['id']}")
    blocks = page.locator("section.game-standings")
    expect(blocks).to_have_count(2)
    expect(blocks.first.locator("h3")).to_contain_text("Baka")  # the latest played first
    expect(page.locator("nav.views [aria-current=page]")).to_have_text("Points per game")
    expect(page.locator("nav.periods [aria-current=page]")).to_have_text("Tonight")
    for link in page.locator("nav.views a, nav.periods a").all():
        box = link.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    assert no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "club_points_per_game_360_top.png"))
    with page.expect_navigation():
        page.click("nav.views >> text=Money, all games")
    expect(page.locator("nav.views [aria-current=page]")).to_have_text("Money, all games")
    expect(page.locator("section.game-standings")).to_have_count(0)
    page.go_back()
    page.goto(f"{server}/c/{club['id']}/members/Aki")
    expect(page.locator("svg.member-chart polyline")).to_have_count(2)
    assert no_sideways_scroll(page)


def test_a_settle_up_on_the_chart_at_360(phone_360, server):
    """Issue 30: the settle-up is a step of its own; each point is named."""
    page = phone_360
    api = page.request
    sid = api.post(
        f"{server}/api/v1/sessions", data={"game": "toppa", "players": ["Aki", "Ben"]}
    ).json()["id"]
    for _ in range(3):
        api.post(
            f"{server}/api/v1/sessions/{sid}/rounds",
            data={"players": [{"captured": EXAMPLE_A}, {}]},
        )
    page.goto(f"{server}/t/{sid}")
    titles = page.locator("svg.chart .hits title")
    expect(titles).to_have_count(4)
    # Another phone settles up and enters round 4: the live update redraws the chart.
    assert api.post(f"{server}/api/v1/sessions/{sid}/settle").status == 200
    expect(titles.nth(4)).to_have_text("Settled up: Aki 0, Ben 0")
    api.post(
        f"{server}/api/v1/sessions/{sid}/rounds", data={"players": [{}, {"captured": EXAMPLE_A}]}
    )
    expect(titles).to_have_count(6)
    expect(titles.nth(4)).to_have_text(re.compile(r"^Settled up: Aki 0, Ben 0$"))
    expect(titles.nth(3)).to_have_text(re.compile(r"^After round 3: Aki [+-]\d+, Ben [+-]\d+$"))
    assert no_sideways_scroll(page)
    page.locator("svg.chart").screenshot(path=str(SHOTS / "chart_settle_up_360.png"))


def test_a_tap_on_a_chart_point_reads_it_out_at_360(phone_360, server):
    """Issue 30: a phone has no hover, so a tap on a point (or the arrow keys on the focused
    chart) writes the point's title in the line under the chart."""
    page = phone_360
    api = page.request
    sid = api.post(
        f"{server}/api/v1/sessions", data={"game": "toppa", "players": ["Aki", "Ben"]}
    ).json()["id"]
    for _ in range(3):
        api.post(
            f"{server}/api/v1/sessions/{sid}/rounds",
            data={"players": [{"captured": EXAMPLE_A}, {}]},
        )
    assert api.post(f"{server}/api/v1/sessions/{sid}/settle").status == 200
    page.goto(f"{server}/t/{sid}")
    readout = page.locator(".chart-readout")
    hint = "getComputedStyle(document.querySelector('.chart-readout'), '::before').content"
    assert page.evaluate(hint) == '"Tap a point of the chart to read its totals here."'
    hits = page.locator("svg.chart .hits rect")
    expect(hits).to_have_count(5)
    for k in range(5):  # a finger's target: the point's whole column
        box = hits.nth(k).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    # "round 3" sits under round 3's point, not under the settle-up's.
    label = page.locator("svg.chart text.tick.x", has_text="round 3").bounding_box()
    column = hits.nth(3).bounding_box()
    assert label and column
    # Centred under the point, which is the middle of its column.
    assert abs(label["x"] + label["width"] / 2 - (column["x"] + column["width"] / 2)) < 3
    hits.nth(3).tap()
    expect(readout).to_have_text(re.compile(r"^After round 3: Aki [+-]\d+, Ben [+-]\d+$"))
    expect(hits.nth(3)).to_have_class("on")
    page.locator("section", has=page.locator("svg.chart")).screenshot(
        path=str(SHOTS / "chart_readout_360.png")
    )
    hits.nth(4).tap()
    expect(readout).to_have_text("Settled up: Aki 0, Ben 0")
    # Keyboard: the chart takes focus; the arrows walk its points.
    page.locator("svg.chart").focus()
    page.keyboard.press("ArrowLeft")
    expect(readout).to_have_text(re.compile(r"^After round 3: "))
    page.keyboard.press("Home")
    expect(readout).to_have_text("At the start: Aki 0, Ben 0")
    # A live update redraws the chart; a tap still reads the new one out.
    api.post(
        f"{server}/api/v1/sessions/{sid}/rounds", data={"players": [{}, {"captured": EXAMPLE_A}]}
    )
    expect(hits).to_have_count(6)
    hits.nth(5).tap()
    expect(readout).to_have_text(re.compile(r"^After round 4: "))
    assert no_sideways_scroll(page)


ONE_LINE = """table => [...table.querySelectorAll('th, td')].filter(cell => {
  const tops = new Set();
  const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('.vh')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.bottom));
  }
  return tops.size > 1;
}).map(cell => cell.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ratings_table_fits_360_on_one_line_a_cell(browser, request, server, lang):
    """Issue 41, at 360 px: no heading broken mid-word, no date, rating and trend arrow or
    provisional mark wrapped, and each member's link at least 44 px tall."""
    from tests.browser.conftest import phone_page

    pages = phone_page(browser, request, PHONE_360, extra_http_headers={"Accept-Language": lang})
    page = next(pages)
    try:
        api = page.request
        names = ["Akiko", "Benjamin", "Chiyoko", "Daisuke"]
        club = api.post(
            f"{server}/api/v1/clubs", data={"name": "Long names", "members": names}
        ).json()
        for pair in (names[:2], names[2:], [names[0], names[3]]):
            sid = api.post(
                f"{server}/api/v1/sessions",
                data={"game": "toppa", "players": pair, "club": club["id"], "name": "T"},
            ).json()["id"]
            api.post(
                f"{server}/api/v1/sessions/{sid}/rounds",
                data={"players": [{"captured": EXAMPLE_A}, {}]},
            )
        page.goto(f"{server}/c/{club['id']}#ratings")
        table = page.locator("table.ratings")
        expect(table.locator("tbody tr")).to_have_count(4)
        table.screenshot(path=str(SHOTS / f"ratings_360_{lang}.png"))
        assert table.evaluate(ONE_LINE) == []
        day = table.locator("td.day time").first
        expect(day).to_have_attribute("datetime", re.compile(r"^\d{4}-\d\d-\d\d$"))
        # A club day, not an instant: the page's script leaves it short, not a time of day.
        expect(day).to_have_text(re.compile(r"^(\d{1,2} [A-Z][a-z]{2}|\d{1,2}/\d{1,2})$"))
        for link in table.locator("tbody th a").all():
            assert round(link.bounding_box()["height"]) >= 44
        assert no_sideways_scroll(page)
    finally:
        next(pages, None)


def test_a_members_rating_chart_reads_out_a_tapped_point_at_360(phone_360, server):
    """Issue 41: the rating chart behaves as the running totals' above it: a tap on a
    point's column (or an arrow key on the focused chart) writes its title under the
    chart, and the club days are named under the points."""
    page = phone_360
    api = page.request
    club = api.post(f"{server}/api/v1/clubs", data={"name": "C", "members": ["Aki", "Ben"]})
    club = club.json()
    sid = api.post(
        f"{server}/api/v1/sessions",
        data={"game": "toppa", "players": ["Aki", "Ben"], "club": club["id"], "name": "T"},
    ).json()["id"]
    api.post(
        f"{server}/api/v1/sessions/{sid}/rounds", data={"players": [{"captured": EXAMPLE_A}, {}]}
    )
    page.goto(f"{server}/c/{club['id']}/members/Aki")
    section = page.locator("section.rating-chart")
    readout = section.locator(".chart-readout")
    hits = section.locator("svg.chart .hits rect")
    expect(hits).to_have_count(2)  # before the first match, then the match
    for k in range(2):
        box = hits.nth(k).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    expect(section.locator("svg text.tick.x")).not_to_have_count(0)
    hits.nth(1).tap()
    expect(readout).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d: .+ after match 1$"))
    expect(hits.nth(1)).to_have_class("on")
    section.locator("svg.chart").focus()
    page.keyboard.press("ArrowLeft")
    expect(readout).to_have_text(re.compile(r"^Before the first match: "))
    section.screenshot(path=str(SHOTS / "rating_chart_readout_360.png"))
    assert no_sideways_scroll(page)
