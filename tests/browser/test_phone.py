"""What a person does on a phone, in Debian's Chromium at 390x844 (and 360 px wide)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def start_table(page, server, game, players, **fields):
    page.goto(server + "/")
    page.select_option("select[name=game]", game)
    page.fill("textarea[name=players]", "\n".join(players))
    for name, value in fields.items():
        page.fill(f"input[name={name}]", value)
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url


def tap_cards(page, prefix, cards, chaff=None):
    """Tap cards into a pile or hand (``p0_pile``, ``p1_hand``): on the card grid, its target
    first, when the page has one; else on the picker of that name. ``chaff`` taps the first
    plain cards of each month given (``{"plum": 2}``: plum-chaff-1 and plum-chaff-2)."""
    ids = list(cards) + [
        f"{s}-chaff-{k}" for s, n in (chaff or {}).items() for k in range(1, n + 1)
    ]
    layer = re.fullmatch(r"p(\d+)_(pile|hand)", prefix)
    page.wait_for_load_state("load")  # the grid is put in place by the page's script
    if layer and page.locator(".deck").count():
        kind = "captured" if layer.group(2) == "pile" else "hand"
        page.locator(f"[data-target='{kind}-{layer.group(1)}']").tap()
        for card in ids:
            page.locator(f".deck [data-card='{card}']").tap()
        return
    picker = page.locator(f".picker[data-name='{prefix}']")
    for card in ids:
        picker.locator(f".tile[data-card='{card}']").tap()


def totals(page):
    """Each player's total in seat order (the standings list them by total)."""
    rows = page.locator("tr[data-seat]").all()
    seats = [(int(r.get_attribute("data-seat")), r) for r in rows]
    return [r.locator("td[data-total]").get_attribute("data-total") for _, r in sorted(seats)]


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_toppa_round_by_tapping_with_the_rest_to_the_other_player(page, server):
    table = start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    # RULES 8: Aki's pile; Ben takes the rest (the default choice for the last player).
    tap_cards(
        page,
        "p0_pile",
        [
            "pine-crane",
            "pine-ribbon",
            "plum-ribbon",
            "cherry-curtain",
            "cherry-ribbon",
            "susuki-moon",
            "willow-rainman",
            "willow-lightning",
            "paulownia-phoenix",
        ],
        {"plum": 1, "susuki": 1, "paulownia": 1},
    )
    # Ben's pile is "the rest": no question asked, and the bar says so.
    assert page.locator("fieldset.rest").is_hidden()
    assert page.locator("[data-target='captured-1']").get_attribute("class").count("is-rest")
    assert "Ben (the rest)" in page.locator(".entrybar").inner_text()
    # The plain card tapped is ticked in Aki's list, which stays the form.
    assert page.locator("input[name=p0_pile][value='plum-chaff-1']").is_checked()
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert page.locator(".delta[data-delta='-255']").is_visible()
    assert page.locator("text=Five Brights").first.is_visible()
    assert page.locator(".ruling", has_text="R6").first.is_visible()
    page.goto(table)
    assert totals(page) == ["-255", "255"]
    assert no_sideways_scroll(page)


def test_correcting_a_round(page, server):
    table = start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tap_cards(page, "p0_pile", ["pine-crane", "pine-ribbon"], {"pine": 2})
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    page.get_by_role("link", name="Correct this round").click()
    # Aki also took the plum month: tap its two special cards and both plain cards.
    tap_cards(page, "p0_pile", ["plum-warbler", "plum-ribbon"], {"plum": 2})
    page.click("button:has-text('Save correction')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert page.locator(".badge", has_text="corrected").is_visible()
    page.goto(table)
    # Aki 40 card points, no yaku; Ben: 290 yaku (see the short-settlement rules test).
    assert totals(page) == ["-370", "370"]
    assert page.locator("text=Before correction (version 1)").is_visible()
    with page.expect_download() as dl:
        page.click("text=Export CSV")
    assert dl.value.suggested_filename.endswith(".csv")


def test_a_bad_pile_is_explained_in_place(page, server):
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tap_cards(page, "p0_pile", ["pine-crane"])
    page.click("button:has-text('Save and score')")
    err = page.locator("#player-0 .error")
    assert "Pine: 1 card entered" in err.inner_text()
    assert page.locator(".picker[data-name='p0_pile'] input[value='pine-crane']").is_checked()


def test_a_tokan_tour(page, server):
    table = start_table(page, server, "tokan", ["A", "B", "C"])
    page.click("text=Enter tour 1")
    rolls = {0: (3, 5), 1: (2, 3), 2: (4, 2)}
    preds = {
        0: (("more", 3), ("less", 1)),
        1: (("less", 1), ("less", 3)),
        2: (("more", 0), ("more", 2)),
    }
    for i, (d1, d2) in rolls.items():
        page.locator(f"#player-{i} .dice-pad .face[data-face='{d1}']").tap()
        page.locator(f"#player-{i} .dice-pad .face[data-face='{d2}']").tap()
        for side, (direction, n) in zip(("left", "right"), preds[i], strict=True):
            signed = f"{'-' if direction == 'less' else '+'}{n}" if n else "0"
            page.locator(f"[data-predict='{i}:{side}:{signed}']").tap()  # "+3": more by 3
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    # The RULES 6 tour of the rules tests: deltas 0, +4, -4 and an empty pot.
    assert [el.get_attribute("data-delta") for el in page.locator(".delta").all()] == [
        "0",
        "4",
        "-4",
    ]
    page.goto(table)
    assert totals(page) == ["0", "4", "-4"]
    assert page.locator("[data-pot='0']").is_visible()


@pytest.mark.parametrize("game", ["tokotoko", "toppa", "baka", "otoroku", "tokan"])
def test_no_page_scrolls_sideways_at_360(browser, server, game):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    names = {"tokotoko": ["P1", "P2"], "toppa": ["A", "B"], "otoroku": ["P1", "P2", "P3"]}.get(
        game, ["Aki", "Ben", "Chie"]
    )
    table = start_table(page, server, game, names)
    for url in ("/", table, table + "/rounds/new", f"/check/{game}"):
        page.goto(url if url.startswith("http") else server + url)
        assert no_sideways_scroll(page), url
        small = page.evaluate("""() => [...document.querySelectorAll(
            'button, a.button, .tile, label.pill, label.die, label.check, select, input')]
            .filter(e => e.offsetParent !== null && getComputedStyle(e).opacity !== '0')
            .filter(e => e.matches('.tile, .pill, .die, label.check')
                         || !e.closest('.tile, .pill, .die, label.check'))
            .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44; })
            .map(e => e.outerHTML.slice(0, 80))""")
        assert small == [], f"{url}: touch targets under 44 px: {small[:5]}"
        # Tokan at a dice table (issue 31 part 5): its pad, chips, "more" / "less" and
        # "plays" are 44x44 too, wide as well as high.
        narrow = page.evaluate("""() => [...document.querySelectorAll(
            'fieldset.tokan button, fieldset.tokan label.pill, fieldset.tokan .tchip,'
            + ' fieldset.tokan label.check')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.height < 44 || r.width < 44; })
            .map(e => e.outerHTML.slice(0, 80))""")
        assert narrow == [], f"{url}: Tokan's touch targets under 44x44 px: {narrow[:5]}"
    context.close()


def test_an_otoroku_banker_round_with_a_bust_by_values(page, server):
    page.goto(server + "/")
    page.select_option("select[name=game]", "otoroku")
    page.fill("textarea[name=players]", "P1\nP2\nP3")
    page.select_option("select[name=method]", "banker")
    page.click("text=Start the table")
    page.click("text=Enter round 1")
    # Only bettors wager (RULES 5.5): the dealer's own wager is not asked, and follows the
    # dealer chosen on the form (a walk at phone size, 11-29).
    expect(page.locator("input[name=p0_wager]")).to_be_hidden()
    expect(page.locator("input[name=p1_wager]")).to_be_visible()
    page.select_option("select[name=dealer]", "1")
    expect(page.locator("input[name=p0_wager]")).to_be_visible()
    expect(page.locator("input[name=p1_wager]")).to_be_hidden()
    page.select_option("select[name=dealer]", "0")
    # RULES 8 example hands by value, but P2 went bust on 9 + 8.
    page.fill("input[name=p0_values]", "10 4")
    page.fill("input[name=p1_values]", "9 8")
    page.fill("input[name=p2_values]", "6 10")
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert [el.get_attribute("data-delta") for el in page.locator(".delta").all()] == [
        "0",
        "-10",
        "10",
    ]
    assert page.locator("text=buta").first.is_visible()


def test_a_tokotoko_round(page, server):
    start_table(page, server, "tokotoko", ["P1", "P2"], stake="5")
    page.click("text=Enter round 1")
    grid = page.locator(".compact")
    # One grid: the field's two cards, then (moved on by itself) P1's, then P2's; each plain
    # card its own tile, tapped through the markup contract (data-target, data-card).
    assert page.locator("[data-target=field]").get_attribute("aria-pressed") == "true"
    grid.locator("[data-card='maple-deer']").tap()
    grid.locator("[data-card='pine-chaff-1']").tap()
    assert page.locator("[data-target='hand-0']").get_attribute("aria-pressed") == "true"
    grid.locator("[data-card='plum-ribbon']").tap()
    grid.locator("[data-card='chrysanthemum-chaff-1']").tap()
    grid.locator("[data-card='wisteria-ribbon']").tap()
    grid.locator("[data-card='pine-chaff-2']").tap()
    assert grid.locator("[data-card='pine-chaff-2']").get_attribute("aria-pressed") == "true"
    assert page.locator("select[name=p1_hand]").nth(1).input_value() == "pine-chaff-2"
    # The deer is the field's; P1's hand is full, so it cannot be moved there.
    page.locator("[data-target='hand-0']").tap()
    assert grid.locator("[data-card='maple-deer']").is_disabled()
    assert grid.locator("[data-card='maple-deer'] .owner").inner_text() == "Field"
    # "Left out" offers P2's cards by name, with their Nagoya values.
    options = page.locator("select[name=p1_leave] option").all_inner_texts()
    assert options == [
        "None: score the best triple",
        "Red Ribbon (Wisteria 4)",
        "Plain (Pine 1)",
        "Deer (Maple 10)",
        "Plain (Pine 1)",
    ]
    page.select_option("select[name=p1_leave]", label="Deer (Maple 10)")  # P2 left it out
    assert page.locator(".tally li[data-count=p1_hand] .n").inner_text() == "2"
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert [el.get_attribute("data-delta") for el in page.locator(".delta").all()] == ["-5", "5"]
    # Each card of the triple that counted, with its Nagoya value.
    assert page.locator(".presult .triple").all_inner_texts() == [
        "Plum Blossom 12 + Maple 10 + Pine 1 = 23 → 3 (best triple)",
        "Wisteria 4 + Pine 1 + Pine 1 = 6 → 6 (their chosen triple)",
    ]


def in_viewport(page, selector):
    box = page.locator(selector).first.bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


def test_a_toppa_pile_by_tapping_and_the_bar_before_save(page, server):
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    bar = page.locator(".entrybar")
    tap_cards(
        page,
        "p0_pile",
        ["pine-crane", "pine-ribbon", "plum-ribbon", "cherry-curtain", "cherry-ribbon"],
        {"pine": 2, "plum": 2, "cherry": 2},
    )
    # One plum plain card too many: a second tap on it takes it out.
    page.locator("[data-card='plum-chaff-2']").tap()
    assert page.locator("[data-card='plum-chaff-2']").get_attribute("aria-pressed") == "false"
    assert not page.locator("input[name=p0_pile][value='plum-chaff-2']").is_checked()
    tap_cards(page, "p0_pile", ["susuki-moon", "susuki-geese"])
    # 12 cards: 3 brights, an animal and 3 ribbons; the bar counts them before Save.
    assert bar.locator("li[data-pile='0']").inner_text() == "Aki: 12 cards · 85 points"
    assert bar.locator("li[data-pile='1']").inner_text() == "Ben (the rest): 36 cards · 155 points"
    assert in_viewport(page, ".entrybar button[type=submit]")
    assert in_viewport(page, ".entrybar li[data-pile='0']")
    page.locator(".entrybar button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/rounds/1$"))
    # The result first: each player's change is on the first screen.
    assert in_viewport(page, ".result .changes li:last-child")


def test_a_card_of_another_pile_moves_to_the_pile_tapped_and_hands_are_apart(page, server):
    start_table(page, server, "baka", ["Aki", "Ben", "Chie"])
    page.click("text=Enter round 1")
    crane = page.locator("[data-card='pine-crane']")
    tap_cards(page, "p0_pile", ["pine-crane"])
    # Whose it is, by colour and by mark: Aki's "A" at its foot.
    assert crane.get_attribute("data-own") == "0"
    assert crane.locator(".own").inner_text() == "A"
    tap_cards(page, "p1_pile", ["pine-crane"])  # moves it to Ben's pile
    assert crane.get_attribute("data-own") == "1"
    assert crane.get_attribute("aria-pressed") == "true"
    assert crane.locator(".own").inner_text() == "B"
    assert not page.locator("input[name=p0_pile][value='pine-crane']").is_checked()
    assert page.locator("input[name=p1_pile][value='pine-crane']").is_checked()
    # Only Ben's pile has cards now: Aki's or Chie's could be the rest, so the form asks.
    assert page.locator("fieldset.rest").is_visible()
    # An exposed hand marks the card on its own layer: it stays in Ben's pile.
    tap_cards(page, "p2_hand", ["pine-crane"])
    assert crane.get_attribute("data-own") == "1"
    assert crane.get_attribute("data-hand") == "2"
    assert crane.locator(".hd").inner_text() == "C"
    assert page.locator("input[name=p2_hand][value='pine-crane']").is_checked()
    assert "in Chie's exposed hand" in crane.inner_text()


def test_a_bad_entry_puts_the_focus_on_a_summary_in_card_names(page, server):
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tap_cards(page, "p0_pile", ["pine-crane"])
    page.click("button:has-text('Save and score')")  # posted once the server answers
    page.locator("#error-summary").wait_for()
    assert page.evaluate("document.activeElement.id") == "error-summary"
    assert in_viewport(page, "#error-summary")
    link = page.locator("#error-summary a")
    assert link.inner_text().startswith("Aki's pile: Pine: 1 card entered")
    link.tap()  # a tap waits for no navigation, not even within the page
    page.wait_for_url(re.compile(r"#player-0$"))


def test_the_checker_shows_its_result_on_the_first_screen(page, server):
    page.goto(server + "/check/toppa")
    tap_cards(page, "p0_pile", ["pine-crane", "pine-ribbon"])
    page.click("button:has-text('Check')")
    page.wait_for_load_state()
    assert in_viewport(page, ".result .changes li:last-child")
    assert page.locator(".result .changes").inner_text().split() == ["P1", "-435", "P2", "+435"]


def test_tokan_names_the_neighbours_and_sums_the_dice(page, server):
    start_table(page, server, "tokan", ["Aki", "Ben", "Chie"])
    page.click("text=Enter tour 1")
    assert page.locator("h1").inner_text() == "Enter tour 1"
    aki = page.locator("#player-0")
    assert "Against Ben, on your left" in aki.inner_text()
    assert "Against Chie, on your right" in aki.inner_text()
    aki.locator(".dice-pad .face[data-face='5']").tap()
    aki.locator(".dice-pad .face[data-face='3']").tap()
    assert page.locator(".tally li[data-dice='0']").inner_text() == "Aki: 5 + 3 = 8"
    # Ben leaves: Aki's left neighbour is now Chie.
    page.locator("#player-1 input[name=p1_seated]").uncheck()
    assert "Against Chie, on your left" in aki.inner_text()


def test_otoroku_values_by_the_pad(page, server):
    start_table(page, server, "otoroku", ["P1", "P2", "P3"])
    page.click("text=Enter round 1")
    pad = page.locator(".pad[data-for=p0_values]")
    pad.locator(".key[data-value='10']").tap()
    pad.locator(".key[data-value='4']").tap()
    pad.locator(".key[data-value='9']").tap()
    pad.locator(".key.back").tap()
    assert page.locator("#p0_values").input_value() == "10 4"
    assert page.locator(".tally li[data-hand='0']").inner_text() == "P1: 10 + 4 = 14"
