"""Issue 30, part 4, on a 360x740 phone with the network cut: the next round's form, with rounds
waiting on the phone, shows no role the server will not use. The dealer, the players' roles
(Otoroku's "last player") and where the game stands were drawn from the table before those
rounds; the form hides them, says when they are worked out, and leaves the dealer to the
server ("As the rules say"), which then stores the round with its own dealer (RULES 4.5: the
winner deals next in Toppa; 5.4: the pot's taker deals next in Otoroku)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_draft import PHONE_360, new_table
from tests.browser.test_offline_queue import ready_offline, rounds_stored, save_offline, session

pytestmark = pytest.mark.browser

LATER_ONE = "The dealer and the players’ roles will be worked out when the 1 waiting round is sent."


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, PHONE_360)


def dealer_shown(page) -> str:
    return page.locator("#dealer option:checked").inner_text()


def test_toppa_next_round_offline_leaves_the_dealer_to_the_server(phone, server):
    table = new_table(server)  # Toppa, Aki deals round 1
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    assert dealer_shown(phone) == "Aki"
    assert not phone.locator("#roles-later").is_visible()  # nothing waits: the table's dealer
    save_offline(phone, ["pine-crane", "pine-ribbon"])  # Aki's 25 points: Ben wins, Ben deals
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    phone.locator("h1", has_text="Enter round 2").wait_for()

    note = phone.locator("#roles-later")
    note.wait_for()
    assert note.inner_text() == LATER_ONE
    assert dealer_shown(phone) == "As the rules say"  # not Aki, whom the copy drew
    box = phone.locator("#dealer").bounding_box()
    assert box and box["height"] >= 44
    save_offline(phone, ["plum-warbler", "plum-ribbon"])
    assert note.inner_text() == LATER_ONE  # this round itself is not one it waits for
    phone.screenshot(path=str(SHOTS / "test_offline_roles_toppa.png"))
    phone.goto(table)  # the table's page, from the phone's copy: no "Aki deals" either
    phone.locator("#queue").wait_for()
    assert phone.locator("p.progress").is_hidden()

    phone.context.set_offline(False)
    rounds_stored(table, 2)
    rounds = session(table)["rounds"]
    assert [r["dealer"] for r in rounds] == [0, 1]  # round 2 dealt by Ben, as the server says


def otoroku_hand(page, seat: int, values: str) -> None:
    page.locator(f"#p{seat}_values").fill(values)


def test_otoroku_next_round_offline_shows_no_roles_the_server_will_not_use(phone, server):
    """The issue's own case: round 1 waiting (Dai won), the next form said "Dealer: Aki" and
    "Dai (last player)"; the server then stored "dealt by Dai"."""
    table = new_table(server, "otoroku", ("Aki", "Ben", "Cho", "Dai"))
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    assert dealer_shown(phone) == "Aki"
    assert phone.locator("#player-3 legend").inner_text() == "Dai (last player): hand"
    for seat, values in enumerate(["2 3", "2 4", "3 4", "5 8"]):  # Dai's 13 takes the pot
        otoroku_hand(phone, seat, values)
    phone.locator("#round-form button[type=submit]").click()
    phone.locator("#round-form .draft-kept").wait_for()
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    phone.locator("h1", has_text="Enter round 2").wait_for()

    phone.locator("#roles-later").wait_for()
    assert phone.locator("#roles-later").inner_text() == LATER_ONE
    assert dealer_shown(phone) == "As the rules say"
    legends = phone.locator("fieldset.player legend").all_inner_texts()
    assert legends == ["Aki: hand", "Ben: hand", "Cho: hand", "Dai: hand"], legends
    phone.screenshot(path=str(SHOTS / "test_offline_roles_otoroku.png"))
    for seat, values in enumerate(["1 2", "1 3", "9 5", "2 2"]):  # Cho's 14 this time
        otoroku_hand(phone, seat, values)
    phone.locator("#round-form button[type=submit]").click()
    phone.locator("#round-form .draft-kept").wait_for()

    phone.context.set_offline(False)
    rounds_stored(table, 2)
    rounds = session(table)["rounds"]
    assert [r["dealer"] for r in rounds] == [0, 3]  # round 2 dealt by Dai, as the server says


def test_a_dealer_picked_on_a_waiting_form_is_the_one_stored(phone, server):
    """The player who knows better picks the dealer: that choice is kept and stored."""
    table = new_table(server)
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    save_offline(phone, ["pine-crane", "pine-ribbon"])  # Ben would deal next
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    phone.locator("#roles-later").wait_for()
    phone.locator("#dealer").select_option(label="Aki")
    save_offline(phone, ["plum-warbler", "plum-ribbon"])
    phone.context.set_offline(False)
    rounds_stored(table, 2)
    assert [r["dealer"] for r in session(table)["rounds"]] == [0, 0]
