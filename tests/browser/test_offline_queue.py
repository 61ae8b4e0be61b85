"""Issue 21 on a 360x740 phone with the network cut (Playwright's offline mode): the table's
page and its round form open from the phone's copy; rounds saved offline wait on the phone,
survive a reload and a closed browser, and are sent once, in order, when the signal returns;
another phone's round arriving first gets the stale form's choice; corrections and deletes
are refused offline with a message.

Written against the markup contract (``data-card`` taps, the form's own Save button)."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CEILING, CHROMIUM, SHOTS, phone_page, until
from tests.browser.test_draft import PHONE_360, ROUND, api_round, new_table, tap

pytestmark = pytest.mark.browser

FIRST = ["pine-crane", "pine-ribbon"]
SECOND = ["plum-warbler", "plum-ribbon"]
QUEUE = "JSON.parse(localStorage.getItem('scorekeeper.queue') || '[]')"
RETRY = 5_000  # ms: static/js/queue.js tries again after this while rounds wait
# Nothing waits on the phone and no round is on its way (queue.js marks the page while it
# sends one): nothing more can reach the server from this tab.
SETTLED = (
    "() => !localStorage.getItem('scorekeeper.queue')"
    " && !document.documentElement.hasAttribute('data-queue-sending')"
)
# When, by the page's own clock, the signal came back and the first kept round set off.
TIME_THE_SEND = """() => {
    window.__online = window.__sent = null;
    addEventListener('online', () => { window.__online = performance.now(); });
    new MutationObserver(() => {
        if (window.__sent === null
            && document.documentElement.hasAttribute('data-queue-sending')) {
            window.__sent = performance.now();
        }
    }).observe(document.documentElement, {attributeFilter: ['data-queue-sending']});
}"""


def session(table: str) -> dict:
    server, sid = table.split("/t/")
    with urllib.request.urlopen(f"{server}/api/v1/sessions/{sid}", timeout=30) as resp:
        return json.loads(resp.read())


def rounds_stored(table: str, n: int, within: float = CEILING / 1000) -> float:
    """Seconds until the table holds n rounds (a ceiling: fails after ``within``)."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if session(table)["round_count"] >= n:
            return time.monotonic() - start
        time.sleep(0.1)
    raise AssertionError(
        f"{n} rounds not stored within {within} s: {session(table)['round_count']}"
    )


def captured(table: str) -> list[list[str]]:
    return [r["input"]["players"][0].get("captured", []) for r in session(table)["rounds"]]


def ready_offline(page, table: str) -> None:
    """The table's page opened with a signal: the worker controls it and has kept the page
    and its round form."""
    page.goto(table)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    # The cache is read asynchronously: each poll asks it, and looks at what the last one said.
    kept = """urls => {
        caches.open('scorekeeper-pages')
            .then(c => Promise.all(urls.map(u => c.match(u))))
            .then(found => { window.__kept = found.every(Boolean); });
        return window.__kept === true;
    }"""
    page.wait_for_function(kept, arg=[table, table + "/rounds/new"], polling=100)


def save_offline(page, cards: list[str]) -> None:
    for card in cards:
        tap(page, card)
    page.locator("#round-form button[type=submit]").click()
    page.locator("#round-form .draft-kept").wait_for()


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, PHONE_360)


def test_two_rounds_saved_offline_survive_a_reload_and_are_sent_once_in_order(phone, server):
    table = new_table(server)
    ready_offline(phone, table)
    phone.context.set_offline(True)

    phone.goto(table + "/rounds/new")  # no signal: the phone's copy, said to be one
    assert phone.locator(".offline-copy").is_visible()
    save_offline(phone, FIRST)
    phone.locator("#round-form button[type=submit]").click()  # a second tap adds nothing
    phone.locator(".draft-kept", has_text="nothing was added").wait_for()
    assert len(phone.evaluate(QUEUE)) == 1

    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    phone.locator("h1", has_text="Enter round 2").wait_for()
    expect(phone.locator(".queue-count")).to_have_text("1 round waiting to be sent")
    save_offline(phone, SECOND)
    phone.reload()  # still offline
    assert phone.locator(".queue-count").inner_text() == "2 rounds waiting to be sent"
    phone.goto(table)
    box = phone.locator("#queue")
    assert box.locator("h2").inner_text() == "2 rounds waiting to be sent"
    # The copy was kept at round 1; the round to enter now is the one after those waiting.
    assert phone.locator("a[data-enter-next]").inner_text() == "Enter round 3"
    assert "Pine: Crane" in box.locator("li.queued").nth(0).inner_text()
    assert "Plum: Bush Warbler" in box.locator("li.queued").nth(1).inner_text() or (
        "Plum" in box.locator("li.queued").nth(1).inner_text()
    )
    # The bar's counts, as the form showed them: only the pile not tapped is the rest.
    counts = box.locator("li.queued").nth(0).locator(".queued-bar li").all_inner_texts()[:2]
    assert "2 cards" in counts[0] and "46 cards" in counts[1], counts
    assert "(the rest)" not in counts[0] and "(the rest)" in counts[1], counts
    assert session(table)["round_count"] == 0

    phone.evaluate(TIME_THE_SEND)
    phone.context.set_offline(False)
    took = rounds_stored(table, 2)
    print(f"\nTwo kept rounds stored {took:.1f} s after the signal came back")
    # Sent when the signal comes back, not at the next try: by the page's own clock, so that
    # a busy machine (a slow server) does not count.
    sent_after = phone.evaluate("window.__sent - window.__online")
    assert 0 <= sent_after < RETRY, sent_after
    first, second = captured(table)
    assert set(FIRST) <= set(first) and set(SECOND) <= set(second)
    assert not set(SECOND) & set(first)
    phone.wait_for_function("() => !localStorage.getItem('scorekeeper.queue')")
    phone.locator("#queue").wait_for(state="detached")
    phone.wait_for_function(SETTLED)
    assert session(table)["round_count"] == 2  # each once
    phone.locator("ol.history li").nth(1).wait_for()  # the scores, once stored


def two_kept_then_theirs(phone, server):
    """Two rounds kept offline on the table's page, another phone's round 1 stored with a
    signal, then the signal back: the first kept round's conflict, as the page shows it."""
    table = new_table(server)
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    save_offline(phone, FIRST)
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    save_offline(phone, SECOND)
    phone.goto(table)
    api_round(table, ROUND)  # another phone, with a signal, enters round 1
    phone.context.set_offline(False)
    conflict = phone.locator("#queue li.queued.conflict")
    conflict.wait_for()
    return table, conflict


def test_another_phones_round_first_gets_the_stale_choice_and_nothing_twice(phone, server):
    table, conflict = two_kept_then_theirs(phone, server)
    assert "Round 1 was already entered from another phone" in conflict.inner_text()
    # Issue 30: what mine would score as round 2, beside the choice (Aki's Crane and ribbon:
    # 25 card points and no yaku against Ben's 215 and 340 of yaku, RULES 4.5).
    score = conflict.locator(".mine-score")
    assert score.locator("h3").inner_text() == "Yours, if saved as round 2, would score:"
    assert score.locator("[data-delta]").all_inner_texts() == ["-435", "+435"]
    # As the stale page says it beside the button: round 2 has another dealer (Ben won).
    assert conflict.locator(".stale-moved").inner_text() == (
        "At round 2 Ben deals, not Aki as in the round you entered: "
        "saved as round 2, yours scores the same."
    )
    conflict.scroll_into_view_if_needed()
    phone.screenshot(path=str(SHOTS / "test_offline_conflict_mine.png"))
    assert session(table)["round_count"] == 1  # nothing of mine until I choose
    conflict.get_by_role("button", name="Save mine as round 2").click()
    rounds_stored(table, 3)
    stored = captured(table)
    assert set(FIRST) <= set(stored[1]) and set(SECOND) <= set(stored[2])
    phone.wait_for_function(SETTLED)
    assert session(table)["round_count"] == 3


def test_discard_mine_drops_only_that_round(phone, server):
    table, conflict = two_kept_then_theirs(phone, server)
    conflict.get_by_role("button", name="Discard mine").click()
    rounds_stored(table, 2)
    stored = captured(table)
    assert set(SECOND) <= set(stored[1]) and not set(FIRST) & set(stored[1])
    phone.wait_for_function(SETTLED)
    assert session(table)["round_count"] == 2


def test_mine_replaces_theirs_from_the_list_as_on_the_stale_page(phone, server):
    """The list offers the stale page's third choice: mine saved over their round 1, one
    journal entry (a correction) whose undo brings theirs back; my second round stays 2."""
    table, conflict = two_kept_then_theirs(phone, server)
    theirs = captured(table)[0]
    choice = conflict.locator(".choice button")
    assert choice.all_inner_texts() == [
        "Discard mine",
        "Save mine as round 2",
        "Mine replaces theirs",
    ]
    for box in (choice.nth(i).bounding_box() for i in range(3)):
        assert box["width"] >= 44 and box["height"] >= 44
    conflict.get_by_role("button", name="Mine replaces theirs").click()
    rounds_stored(table, 2)
    phone.wait_for_function(SETTLED)
    stored = captured(table)
    assert len(stored) == 2
    assert set(FIRST) <= set(stored[0]) and set(SECOND) <= set(stored[1])
    server_, sid = table.split("/t/")
    url = f"{server_}/api/v1/sessions/{sid}/journal"
    with urllib.request.urlopen(url, timeout=30) as resp:
        entries = sorted(json.loads(resp.read())["entries"], key=lambda e: e["seq"])
    assert [(e["action"], e["number"]) for e in entries] == [
        ("enter", 1),
        ("correct", 1),
        ("enter", 2),
    ]
    undo = urllib.request.Request(
        f"{server_}/api/v1/sessions/{sid}/undo",
        data=json.dumps({"seq": entries[1]["seq"]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(undo, timeout=30) as resp:
        assert resp.status == 200
    assert captured(table)[0] == theirs


@pytest.mark.parametrize("signal", [True, False], ids=["online", "offline"])
def test_a_refused_round_corrected_on_its_own_form_is_stored_first(phone, server, signal):
    """A round kept offline that the server refuses (one card of a month) holds back the
    round behind it; opened and corrected, with or without a signal, it is that round again
    (not a new one behind it), stored first, and the other follows, each once."""
    table = new_table(server)
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    save_offline(phone, ["cherry-curtain"])
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    save_offline(phone, SECOND)
    phone.goto(table)
    phone.context.set_offline(False)
    refused = phone.locator("#queue li.queued.refused")
    refused.wait_for()
    problems = refused.locator(".problems li").all_inner_texts()
    assert len(problems) == 1 and "Cherry" in problems[0], problems  # said once
    assert session(table)["round_count"] == 0  # the round behind it waits its turn
    refused.get_by_role("button", name="Open it to correct it").click()
    phone.locator(".error-summary").wait_for()
    assert not phone.locator("#queue").count()  # this form is that round: not listed on it
    phone.context.set_offline(not signal)
    tap(phone, "cherry-ribbon")
    phone.locator("#round-form button[type=submit]").click()
    if not signal:
        phone.locator("#round-form .draft-kept").wait_for()
        kept = phone.evaluate(QUEUE)
        assert [k["state"] for k in kept] == ["waiting", "waiting"], kept
        phone.context.set_offline(False)
    rounds_stored(table, 2)
    first, second = captured(table)
    assert {"cherry-curtain", "cherry-ribbon"} <= set(first), first
    assert set(SECOND) <= set(second) and "cherry-curtain" not in second
    phone.wait_for_function(SETTLED)
    assert session(table)["round_count"] == 2


def test_the_browser_closed_and_reopened_before_the_signal_returns(browser, server, tmp_path):
    """Kept in the browser's profile: closed offline, opened again with a signal, sent."""
    table = new_table(server)
    profile = tmp_path / "profile"
    options = {
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--no-first-run"],
        "viewport": PHONE_360,
        "is_mobile": True,
        "has_touch": True,
    }
    chromium = browser.browser_type
    context = chromium.launch_persistent_context(str(profile), **options)
    page = context.new_page()
    page.set_default_timeout(CEILING)
    ready_offline(page, table)
    context.set_offline(True)
    page.goto(table + "/rounds/new")
    save_offline(page, FIRST)
    context.close()
    assert session(table)["round_count"] == 0

    context = chromium.launch_persistent_context(str(profile), **options)
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(CEILING)
    page.goto(table)
    rounds_stored(table, 1)
    assert set(FIRST) <= set(captured(table)[0])
    page.screenshot(path=str(SHOTS / "test_browser_reopened.png"), full_page=True)
    context.close()


def test_a_delete_offline_is_refused_with_a_message_and_nothing_changes(phone, server):
    table = new_table(server)
    api_round(table, ROUND)
    phone.goto(table + "/rounds/1/edit")
    phone.context.set_offline(True)
    form = phone.locator("form", has=phone.locator("button", has_text="Delete"))
    if form.locator("summary").count():
        form.locator("summary").first.click()
    details = phone.locator("details.confirm summary")
    if details.count():
        details.first.click()
    phone.locator("form button[type=submit]", has_text="Delete").last.click()
    message = phone.locator(".need-signal")
    message.wait_for()
    assert "Nothing was changed" in message.inner_text()
    phone.context.set_offline(False)
    assert session(table)["round_count"] == 1


def test_a_page_never_opened_here_leads_back_to_its_table(phone, server):
    """Offline, a table's page this phone never opened (a correction, the table's changes)
    is the offline page: it leads back to that table, whose copy opens."""
    table = new_table(server)
    api_round(table, ROUND)
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/1/edit")
    phone.locator("h1", has_text="No connection").wait_for()
    assert not phone.locator("footer .phone").count()  # the kept page knows no phone's name
    back = phone.locator("a[data-table-back]")
    assert back.is_visible() and back.inner_text() == "Back to the table"
    back.click()
    phone.wait_for_url(table)
    assert phone.locator(".offline-copy").is_visible()
    phone.locator("a", has_text="Enter round 2").first.wait_for()
    phone.screenshot(path=str(SHOTS / "test_offline_copy.png"))


@pytest.fixture()
def plain_phone(browser, request):
    """A phone without the service worker: the page's routes then see every request."""
    yield from phone_page(browser, request, PHONE_360, service_workers="block")


def keep_round(page, table: str, cards: list[str]) -> None:
    """A round kept in the phone's queue, as a Save without a signal keeps it."""
    page.goto(table + "/rounds/new")
    for card in cards:
        tap(page, card)
    assert (
        page.evaluate("() => window.scorekeeperQueue.keep(document.getElementById('round-form'))")
        == "kept"
    )


def test_a_round_the_server_keeps_failing_does_not_hold_back_another_tables(plain_phone, server):
    """A server error on one table's round rests that table's queue a while; the other
    table's round, kept after it, is stored meanwhile; the first goes once the server takes
    it."""
    failing, other = new_table(server), new_table(server)
    posts: list[str] = []

    def broken(route, request):
        if request.method == "POST":
            posts.append(request.url)
            route.fulfill(status=500, body="broken")
        else:
            route.continue_()

    plain_phone.route(failing + "/rounds/new", broken)
    keep_round(plain_phone, failing, FIRST)
    until(plain_phone, lambda: posts, "the failing table's round was tried")
    keep_round(plain_phone, other, SECOND)
    rounds_stored(other, 1)
    assert session(failing)["round_count"] == 0
    plain_phone.wait_for_function(f"() => {QUEUE}.length === 1")  # the failing one still kept

    plain_phone.unroute(failing + "/rounds/new")
    rounds_stored(failing, 1, within=2 * RETRY / 1000 + CEILING / 1000)  # after its rest
    assert set(FIRST) <= set(captured(failing)[0])
    assert set(SECOND) <= set(captured(other)[0])


def test_two_tabs_of_one_phone_send_each_round_once(plain_phone, server):
    """Both tabs see the same queue when the signal returns: one sends at a time, so each
    round is posted once (two tabs posting one round at once can each be told the other's
    came first)."""
    table = new_table(server)
    context = plain_phone.context
    other = context.new_page()
    other.goto(table)
    plain_phone.goto(table + "/rounds/new")
    context.set_offline(True)
    for card in FIRST:
        tap(plain_phone, card)
    form = "document.getElementById('round-form')"
    assert plain_phone.evaluate(f"() => window.scorekeeperQueue.keep({form})") == "kept"
    for card in FIRST + SECOND:  # the next round on the same form, as a new one
        tap(plain_phone, card)
    plain_phone.evaluate(f"() => {{ {form}.elements.submission_id.value = ''; }}")
    assert plain_phone.evaluate(f"() => window.scorekeeperQueue.keep({form})") == "kept"
    posts: list[str] = []
    context.on(  # the round posts, not the bar's questions to /preview (issue 39)
        "request",
        lambda r: (
            posts.append(r.post_data or "")
            if r.method == "POST" and not r.url.endswith("/preview")
            else None
        ),
    )
    context.set_offline(False)  # the signal back on both tabs at once
    rounds_stored(table, 2)
    for tab in (plain_phone, other):  # neither tab has anything left to send
        tab.wait_for_function(SETTLED)
    assert session(table)["round_count"] == 2
    first, second = captured(table)
    assert set(FIRST) <= set(first) and set(SECOND) <= set(second)
    sent = [p for p in posts if "submission_id" in p]
    assert len(sent) == 2, sent  # each round posted once, by one tab


def test_a_form_with_a_field_named_method_is_refused_offline_too(plain_phone, server):
    """The home page's "Start the table" form holds Otoroku's payout field, named "method":
    offline it is refused with the message, like every form that writes, and no script
    fails on it (the field hides the form's own ``method``)."""
    errors: list[str] = []
    plain_phone.on("pageerror", lambda e: errors.append(str(e)))
    plain_phone.goto(server + "/")
    form = plain_phone.locator("form", has=plain_phone.locator("[name=method]")).first
    assert form.count()
    plain_phone.context.set_offline(True)
    form.locator("button[type=submit]").last.click()
    form.locator(".need-signal").wait_for()
    assert "Nothing was changed" in form.locator(".need-signal").inner_text()
    assert plain_phone.url.rstrip("/") == server.rstrip("/")
    plain_phone.context.set_offline(False)
    assert not errors, errors
