"""Issue 17 parts 7 and 8 on a 360x740 phone: the round form's draft survives a reload, Back,
a closed tab and a Save without a connection, and is gone once its round is stored; another
phone's round shows in the form's bar wherever it is scrolled; the screen-awake switch.

Written against the markup contract only (each card's tap target carries ``data-card``, the
form's own fields are what is posted), so that they hold for any card picker drawn over it."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, phone_page, until
from tests.helpers import EXAMPLE_A

pytestmark = pytest.mark.browser

PHONE_360 = {"width": 360, "height": 740}
PICKED = ["pine-crane", "plum-warbler", "cherry-curtain"]  # specials: one field each
ROUND = {"players": [{"captured": EXAMPLE_A}, {}]}  # a Toppa round, entered by the API
OFFLINE = "Not sent: no connection. Your cards are kept."

# What the form holds for the player: each ticked box or radio, each field with a value (the
# form's own workings left out).
FORM_STATE = """() => [...document.querySelectorAll(
    '#round-form input, #round-form select, #round-form textarea')]
  .filter(e => e.name && !/^(csrf_token|submission_id|expected_number|based_on|dealer_shown)$/
    .test(e.name))
  .map(e => (e.type === 'checkbox' || e.type === 'radio')
    ? (e.checked ? e.name + '=' + e.value : null)
    : (e.value ? e.name + ':' + e.value : null))
  .filter(Boolean).sort()"""

# Whether a card's tap target says it is picked (aria-pressed, or a checked box in or at it).
IS_PICKED = """card => {
  const t = document.querySelector(`[data-card='${card}']`)
    || document.querySelector(`.compact [data-value='${card}']`);
  if (!t) return null;
  if (t.getAttribute('aria-pressed') === 'true') return true;
  const box = t.matches('input') ? t : t.querySelector('input');
  return !!(box && box.checked);
}"""

DRAFT_KEYS = """() => Object.keys(localStorage).filter(k => k.startsWith('scorekeeper.draft:'))"""


def only_draft_is(page, ending: str) -> None:
    """Wait until the phone keeps one draft, the one whose key ends with ``ending``."""
    page.wait_for_function(
        f"e => {{ const k = ({DRAFT_KEYS})(); return k.length === 1 && k[0].endsWith(e); }}",
        arg=ending,
    )


def api(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def new_table(server: str, game: str = "toppa", players: tuple[str, ...] = ("Aki", "Ben")) -> str:
    """A table made through the API; its page's address."""
    sid = api(server, "/api/v1/sessions", {"name": "Draft", "game": game, "players": players})
    return f"{server}/t/{sid['id']}"


def api_round(table: str, body: dict) -> None:
    server, sid = table.split("/t/")
    api(server, f"/api/v1/sessions/{sid}/rounds", body)


@pytest.fixture()
def phone(browser, request):
    # Without the service worker (tests/browser/test_offline_queue.py has it): a page's own
    # routes in these tests then see every request.
    yield from phone_page(browser, request, PHONE_360, service_workers="block")


def tap(page, card: str) -> None:
    """Tap a card's target (the markup contract's ``data-card``)."""
    target = page.locator(f"[data-card='{card}']").first
    assert target.count(), f"no tap target for {card}"
    target.tap()


def picked(page, cards=PICKED) -> list[bool]:
    return [page.evaluate(IS_PICKED, card) for card in cards]


def state(page) -> list[str]:
    """The form's fields as the player set them; the dealer apart (it moves on each round)."""
    return [x for x in page.evaluate(FORM_STATE) if not x.startswith("dealer:")]


# Who draws from the form hears of a draft put back: each field it set fires "change", and
# the form "scorekeeper:restored" once.
HEAR = """
document.addEventListener('change', e => (window.__changed = window.__changed || [])
  .push(e.target.value), true);
document.addEventListener('scorekeeper:restored',
  () => window.__restored = (window.__restored || 0) + 1);
"""


def test_a_reload_a_new_tab_and_back_keep_the_tapped_cards(phone, server):
    table = new_table(server)
    phone.context.add_init_script(HEAR)
    phone.goto(table + "/rounds/new")
    fresh = state(phone)
    for card in PICKED:
        tap(phone, card)
    tapped = state(phone)
    assert tapped != fresh
    assert picked(phone) == [True, True, True]

    phone.reload()
    assert state(phone) == tapped
    assert picked(phone) == [True, True, True]  # the picker drew them again too
    assert phone.locator(".draft-restored").is_visible()
    assert phone.evaluate("window.__restored") == 1
    assert set(PICKED) <= set(phone.evaluate("window.__changed"))

    # Away and Back.
    phone.goto(table)
    phone.go_back()
    phone.wait_for_url(re.compile(r"/rounds/new$"))
    assert state(phone) == tapped
    assert picked(phone) == [True, True, True]

    # The tab closed, the form opened again in a new one.
    context = phone.context
    phone.close()
    again = context.new_page()
    again.goto(table + "/rounds/new")
    assert state(again) == tapped
    assert picked(again) == [True, True, True]

    # One more tap is kept as well, and taking a card out is kept as taking it out.
    tap(again, "pine-crane")
    assert picked(again) == [False, True, True]
    again.reload()
    assert picked(again) == [False, True, True]


def test_start_over_empties_the_form_and_drops_the_draft(phone, server):
    table = new_table(server)
    phone.goto(table + "/rounds/new")
    fresh = state(phone)
    for card in PICKED:
        tap(phone, card)
    phone.reload()
    notice = phone.locator(".draft-restored")
    assert "What you tapped before is back (not saved yet)." in notice.inner_text()
    notice.locator("button", has_text="Start over").click()
    assert state(phone) == fresh
    assert picked(phone) == [False, False, False]
    assert phone.evaluate(DRAFT_KEYS) == []
    phone.reload()
    assert state(phone) == fresh
    assert phone.locator(".draft-restored").count() == 0


def test_a_correction_without_a_connection_keeps_its_form_then_saves_and_drops_the_draft(
    phone, server
):
    """A correction is never kept on the phone (issue 21 chose: only new rounds queue): without
    a connection it stays on its form with the notice, and the same Save works once online."""
    table = new_table(server)
    api_round(table, ROUND)
    phone.goto(table + "/rounds/1/edit")
    # Into Aki's pile: the whole iris month (none of it there yet).
    month = ["iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2"]
    for card in month:
        tap(phone, card)
    tapped = state(phone)
    phone.evaluate("window.__sameWindow = true")  # lost if the page were left or reloaded

    phone.context.set_offline(True)
    phone.locator("#round-form button[type=submit]").click()
    notice = phone.locator("#round-form .draft-offline")
    notice.wait_for()
    assert notice.inner_text() == OFFLINE
    # Beside the Save button, in the bar at the bottom of the screen.
    box = notice.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_360["height"]
    assert phone.url.endswith("/rounds/1/edit")
    assert phone.evaluate("window.__sameWindow === true")
    assert state(phone) == tapped
    assert phone.evaluate("localStorage.getItem('scorekeeper.queue')") is None

    # Back online, the same Save goes through.
    phone.context.set_offline(False)
    phone.locator("#round-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    assert phone.evaluate(DRAFT_KEYS) == []
    server, sid = table.split("/t/")
    with urllib.request.urlopen(f"{server}/api/v1/sessions/{sid}", timeout=30) as resp:
        rounds = json.loads(resp.read())["rounds"]
    assert len(rounds) == 1
    assert set(month) <= set(rounds[0]["input"]["players"][0]["captured"])


def test_a_correction_has_its_own_draft_dropped_once_saved(phone, server):
    table = new_table(server)
    api_round(table, ROUND)
    phone.goto(table + "/rounds/1/edit")
    stored = state(phone)
    month = ["pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2"]
    for card in month:
        tap(phone, card)
    corrected = state(phone)
    phone.goto(table + "/rounds/new")  # the next round's form: not this draft
    assert picked(phone, month[:2]) == [False, False]
    phone.goto(table + "/rounds/1/edit")
    assert state(phone) == corrected
    assert phone.locator(".draft-restored").is_visible()
    phone.locator("#round-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    assert phone.evaluate(DRAFT_KEYS) == []
    phone.goto(table + "/rounds/1/edit")
    assert state(phone) == corrected != stored  # as stored now, no draft over it
    assert phone.locator(".draft-restored").count() == 0


def test_a_form_drawn_again_after_save_shows_what_was_posted_not_the_draft(phone, server):
    table = new_table(server)
    phone.goto(table + "/rounds/new")
    tap(phone, "pine-crane")  # half a month: the server will refuse it
    # The same phone, another tab: the draft comes back there and gets one more card.
    other = phone.context.new_page()
    other.goto(table + "/rounds/new")
    assert picked(other, ["pine-crane"]) == [True]
    tap(other, "plum-warbler")
    assert picked(other, ["pine-crane", "plum-warbler"]) == [True, True]
    # The first tab saves what it shows; while its post is on the way, the other tab taps one
    # more card. The form comes back with its mistake and the posted cards, not the draft.
    held = []
    phone.route(
        re.compile(r".*/rounds/new$"),
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    phone.locator("#round-form button[type=submit]").click(no_wait_after=True)
    until(phone, lambda: held, "the post reached the route")
    tap(other, "cherry-curtain")
    other.close()
    held[0].continue_()
    phone.locator("#error-summary").wait_for()
    both = ["pine-crane", "plum-warbler", "cherry-curtain"]
    assert picked(phone, both) == [True, False, False]
    assert phone.locator(".draft-restored").count() == 0
    # And what was posted is the draft now.
    phone.unroute(re.compile(r".*/rounds/new$"))
    phone.goto(table + "/rounds/new")
    assert picked(phone, both) == [True, False, False]


@pytest.mark.parametrize("choice", ["Discard mine", "Save mine as round 2"])
def test_after_another_phone_got_there_first_either_choice_drops_the_draft(phone, server, choice):
    table = new_table(server)
    phone.goto(table + "/rounds/new")
    month = ["pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2"]
    for card in month:
        tap(phone, card)
    api_round(table, ROUND)  # the other phone enters round 1 first
    phone.locator("#round-form button[type=submit]").click()
    phone.locator("section.stale").wait_for()
    # The cards stay in the form, kept now as the draft of the round it would save (once the
    # page's script has run: the section is there before it).
    only_draft_is(phone, ":new:2")
    assert picked(phone, month[:2]) == [True, True]
    phone.locator("section.stale .choice").get_by_text(choice).click()
    phone.wait_for_url(re.compile(r"/rounds/[12]$"))
    assert phone.evaluate(DRAFT_KEYS) == []


def test_another_phone_s_round_shows_in_the_bar_wherever_the_form_is_scrolled(phone, server):
    table = new_table(server)
    phone.goto(table + "/rounds/new")
    tap(phone, "plum-warbler")
    # Scrolled as far down as the form goes (the grid keeps that under half a screen): the
    # top of the form, where a notice used to sit, is off the screen.
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert phone.locator("#round-form").bounding_box()["y"] < 0
    api_round(table, ROUND)  # the other phone

    note = phone.locator("#round-form .entrybar .live-notice")
    note.wait_for()  # its timing: test_two_phones.py, by the page's clock
    assert "Round 1 was just entered from another phone" in note.inner_text()
    box = note.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_360["height"]
    assert note.locator("a", has_text="view it").get_attribute("href").endswith("/rounds/1")
    assert phone.locator(".live-notice").count() == 1  # in the bar, not also at the top

    # Keep entering as round 2: the draft goes with the form to round 2.
    note.locator("button", has_text="keep entering as round 2").click()
    assert phone.locator(".live-notice").count() == 0
    only_draft_is(phone, ":new:2")  # kept a moment after the tap (draft.js's saveSoon)
    phone.reload()
    assert picked(phone, ["plum-warbler"]) == [True]


def test_a_notice_in_the_bar_can_be_put_away(phone, server):
    table = new_table(server)
    api_round(table, ROUND)
    phone.goto(table + "/rounds/1/edit")  # a correction: any change is only reported
    api_round(table, ROUND)
    note = phone.locator("#round-form .entrybar .live-notice")
    note.wait_for()
    note.get_by_role("button", name="Put this notice away").click()
    assert phone.locator(".live-notice").count() == 0


def test_the_screen_stays_on_with_a_switch_to_turn_it_off(phone, server):
    table = new_table(server)
    phone.goto(table + "/rounds/new")
    switch = phone.locator("#wake-lock")
    if not phone.evaluate("'wakeLock' in navigator"):
        assert phone.locator("#wake").is_hidden()
        return
    assert switch.is_visible() and switch.is_checked()
    phone.wait_for_function("() => document.getElementById('wake').dataset.state !== 'released'")
    held = phone.locator("#wake").get_attribute("data-state")
    assert held in ("on", "refused")  # asked for at once (headless may refuse it)
    switch.uncheck()
    assert phone.locator("#wake").get_attribute("data-state") == "off"
    assert phone.evaluate("localStorage.getItem('scorekeeper.wake')") == "off"
    phone.goto(table)  # remembered on the phone, on every page of the table
    assert phone.locator("#wake-lock").is_visible()
    assert not phone.locator("#wake-lock").is_checked()
    phone.locator("#wake-lock").check()
    assert phone.evaluate("localStorage.getItem('scorekeeper.wake')") == "on"
    phone.wait_for_function(
        "() => ['on', 'refused'].includes(document.getElementById('wake').dataset.state)"
    )
    phone.goto(server + "/")  # not a table's page: no switch
    assert phone.locator("#wake").count() == 0


def test_without_script_the_form_posts_and_shows_no_switch(browser, server):
    context = browser.new_context(viewport=PHONE_360, java_script_enabled=False)
    page = context.new_page()
    table = new_table(server)
    page.goto(table + "/rounds/new")
    assert page.locator("#wake").is_hidden()
    page.locator("#round-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/rounds/1$"))
    context.close()


def test_a_tokan_tour_s_dice_are_kept_and_sent_once_online(phone, server):
    table = new_table(server, "tokan", ("Aki", "Ben", "Chie"))
    phone.goto(table + "/rounds/new")
    dice = {"p0_d1": "3", "p0_d2": "5", "p1_d1": "2"}
    for name, value in dice.items():  # the fields themselves: whatever pad is drawn over them
        phone.locator(f"input[name={name}][value='{value}']").evaluate("el => el.click()")
    tapped = state(phone)
    phone.reload()
    assert state(phone) == tapped
    for name, value in dice.items():
        assert phone.locator(f"input[name={name}][value='{value}']").is_checked()
    phone.context.set_offline(True)
    phone.locator("#round-form button[type=submit]").click()
    phone.locator("#round-form .draft-kept").wait_for()  # issue 21: the tour waits on the phone
    kept = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.queue'))")
    assert len(kept) == 1
    assert {(k, v) for k, v in kept[0]["fields"]} >= set(dice.items())
    # Online, the server refuses it (predictions unset): it stays kept, said so, and opens as
    # the form with its mistakes and the dice as tapped.
    phone.context.set_offline(False)
    refused = phone.locator("#queue li.queued.refused")
    refused.wait_for()
    refused.get_by_role("button", name="Open it to correct it").click()
    phone.locator(".error-summary").wait_for()
    for name, value in dice.items():
        assert phone.locator(f"input[name={name}][value='{value}']").is_checked()
    # Kept (opened) until its round page shows it stored, or the player discards it.
    kept = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.queue'))")
    assert [k["state"] for k in kept] == ["opened"]


def test_tokotoko_s_hands_are_kept(phone, server):
    table = new_table(server, "tokotoko", ("P1", "P2"))
    phone.goto(table + "/rounds/new")
    fresh = state(phone)
    for card in ("maple-deer", "plum-ribbon", "wisteria-ribbon"):
        tap(phone, card)
    tapped = state(phone)
    assert tapped != fresh
    phone.reload()
    assert state(phone) == tapped  # the hands' fields (which tile shows as pressed depends
    # on the hand being filled, so the picker is not asked here)


def test_a_hidden_field_a_picker_keeps_its_state_in_is_kept_too(phone, server):
    """A picker may keep what was tapped in hidden fields of the form: they are kept as well,
    and Start over empties them."""
    table = new_table(server)

    def with_hidden_field(route):
        response = route.fetch()
        body = response.text().replace(
            "</form>", '<input type="hidden" name="grid" value="drawn"></form>', 1
        )
        route.fulfill(response=response, body=body)

    phone.route(re.compile(r".*/rounds/new$"), with_hidden_field)
    phone.goto(table + "/rounds/new")
    grid = phone.locator("input[name=grid]")
    assert grid.input_value() == "drawn"
    grid.evaluate("el => { el.value = 'pine-crane'; el.form.dispatchEvent(new Event('change')); }")
    phone.reload()
    assert grid.input_value() == "pine-crane"
    phone.locator(".draft-restored button").click()
    assert grid.input_value() == "drawn"
    assert phone.evaluate(DRAFT_KEYS) == []


# The bar's top and the form's last tile, Save and the notice's Start over, as laid out.
LAYOUT = """() => {
  const box = el => el.getBoundingClientRect();
  const bar = box(document.querySelector('.entrybar'));
  const tiles = [...document.querySelectorAll('[data-card]')].filter(t => t.offsetParent);
  const save = box(document.querySelector('.entrybar button[type=submit]'));
  const again = box(document.querySelector('.draft-restored button'));
  return {tiles: tiles.length, last: box(tiles[tiles.length - 1]).bottom, bar: bar.top,
          save: [save.top, save.bottom], again: [again.width, again.height],
          scrolled: window.scrollY, height: window.innerHeight};
}"""


def test_a_restored_draft_leaves_the_baka_grid_and_save_on_the_first_screen(phone, server):
    """Issue 31 ("the targets, all 48 tiles and Save visible without scrolling"; "messages
    never cover tiles"): the draft's notice takes no room above the grid, and its Start over
    is still one tap of at least 44x44 px."""
    table = new_table(server, "baka", ("Aki", "Ben", "Cho"))
    phone.goto(table + "/rounds/new")
    phone.locator("[data-target='captured-0']").tap()
    tap(phone, "pine-crane")
    only_draft_is(phone, ":new:1")
    phone.reload()
    notice = phone.locator(".draft-restored")
    notice.wait_for()
    layout = phone.evaluate(LAYOUT)
    phone.screenshot(path=str(SHOTS / "draft-restored-baka-360.png"))
    assert layout["tiles"] == 48
    assert layout["scrolled"] == 0
    assert layout["last"] <= layout["bar"], layout
    assert layout["save"][0] >= 0 and layout["save"][1] <= layout["height"], layout
    assert min(layout["again"]) >= 44, layout
    assert notice.is_visible()
    # In the counts line's place; the player's next tap carries on, and the counts are back.
    counts = phone.locator(".entrybar .tally")
    assert phone.locator(".entrybar .draft-restored").count() == 1
    expect(counts).to_be_hidden()
    tap(phone, "pine-ribbon")
    expect(notice).to_have_count(0)
    expect(counts).to_be_visible()
    expect(counts).to_contain_text("2 cards")


# What of the round form (outside its bar) reaches below the bar's top, once scrolled to the end.
UNDER_THE_BAR = """() => {
  window.scrollTo(0, document.scrollingElement.scrollHeight);
  const bar = document.querySelector('.entrybar');
  const top = bar.getBoundingClientRect().top;
  return [...document.querySelectorAll('#round-form *')]
    .filter(e => !bar.contains(e) && e.offsetParent !== null && e.getClientRects().length)
    .filter(e => getComputedStyle(e).visibility !== 'hidden')
    .filter(e => e.getBoundingClientRect().bottom > top + 0.5)
    .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().bottom)
         + '>' + Math.round(top));
}"""


@pytest.mark.parametrize("game", ["baka", "tokan"])
def test_at_the_end_of_the_page_nothing_of_the_form_is_under_the_bar(phone, server, game):
    """Issue 31 ("messages never cover tiles"): scrolled to the end, the grid's hint line and
    every other part of the form stand above the bar at the foot of the screen."""
    table = new_table(server, game, ("Aki", "Ben", "Cho"))
    phone.goto(table + "/rounds/new")
    assert phone.evaluate(UNDER_THE_BAR) == []


def test_a_draft_typed_for_other_seats_is_not_put_back(phone, server):
    """A review (2026-11-29): hands typed on Otoroku's form, then another phone removed Ben
    and the form was reloaded: the draft, kept by field (``p1_values``), put Ben's hand under
    Cy, who sits second now, and Save would have stored it. A draft begun for other seats
    is dropped instead."""
    table = new_table(server, "otoroku", ("Aki", "Ben", "Cy", "Dai"))
    phone.goto(table + "/rounds/new")
    phone.fill("#p1_values", "6 9")
    only_draft_is(phone, ":new:1")
    req = urllib.request.Request(
        server + "/api/v1/sessions/" + table.rsplit("/", 1)[1],
        data=json.dumps({"remove": ["Ben"]}).encode(),
        method="PATCH",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        assert resp.status == 200
    phone.reload()
    assert phone.input_value("input[name=p1_name]") == "Cy"
    assert phone.input_value("#p1_values") == ""
    assert not phone.locator(".draft-restored").is_visible()
    phone.wait_for_function(f"() => ({DRAFT_KEYS})().length === 0")
