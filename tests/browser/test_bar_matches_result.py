"""The bar says what Save will say (issue 39 item 2), at 360x740 in Debian's Chromium: for
rounds made by a seeded generator in Otoroku, Toppa and Baka, the form is filled as a player
fills it, the bar read once the server has answered for it, the round saved, and each player's
line in the bar compared with the scored result's page (hands as the result values them,
teyaku and buta named; each pile's cards, card points and yaku). A refusal the bar says is the
very sentence Save's page then shows."""

from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.games.toppa.deck import POINTS
from tests.browser.conftest import phone_page
from tests.browser.test_phone import start_table, tap_cards

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
SEEDS = range(4)


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, SCREEN)


def server_bar(page) -> None:
    """Wait until the bar shows the server's words for the form as it stands."""
    page.wait_for_selector(".entrybar[data-bar='server']", state="attached")


def bar_lines(page) -> list[str]:
    return [el.text_content().strip() for el in page.locator(".tally [data-line]").all()]


def said(page) -> str:
    return page.locator("#bar-mistake").inner_text().strip()


def save(page) -> None:
    page.locator(".entrybar button[type=submit]").tap()
    page.wait_for_load_state()


def saved(page) -> None:
    """Save, and wait for the round's page."""
    page.locator(".entrybar button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/rounds/1$"))


# -- Otoroku: hands of values tapped on each hand's pad -------------------------------------


def otoroku_hands(rng: random.Random, n: int, dealer: int) -> list[list[int]]:
    """Hands a table could hold: 2 to 5 values each (4 cards of each value in the deck),
    drawn until the hand stops or goes bust (never on past the card that busted it)."""
    pool = [v for v in range(1, 11) for _ in range(4)]
    rng.shuffle(pool)
    hands = []
    for i in range(n):
        limit = 16 if i == (dealer - 1) % n else 15
        hand = [pool.pop(), pool.pop()]
        while len(hand) < 5 and sum(hand) <= limit and rng.random() < 0.6:
            hand.append(pool.pop())
        hands.append(hand)
    return hands


OTOROKU_MADE = [[1, 9], [2, 9, 5], [6, 9]]  # 14.5, 16 (buta but for the last), Undefeatable


@pytest.mark.parametrize("seed", SEEDS)
def test_an_otoroku_bar_values_hands_as_the_result(phone, server, seed):
    rng = random.Random(seed)
    start_table(phone, server, "otoroku", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter round 1")
    dealer = rng.randrange(3)
    hands = otoroku_hands(rng, 3, dealer)
    hands[seed % 3] = OTOROKU_MADE[seed % 3]  # a teyaku or a buta in every round
    phone.select_option("#dealer", str(dealer))
    for i, hand in enumerate(hands):
        for value in hand:
            phone.locator(f".pad[data-for=p{i}_values] .key[data-value='{value}']").tap()
    server_bar(phone)
    bar, mistake = bar_lines(phone), said(phone)
    assert mistake == "", (hands, dealer)
    saved(phone)
    shown = [
        p.locator("p strong").first.inner_text().strip()
        for p in phone.locator(".players .presult").all()
    ]
    expected = [
        " + ".join(map(str, h)) + " = " + label for h, label in zip(hands, shown, strict=True)
    ]
    assert bar == expected, (hands, dealer)


def test_a_value_no_card_has_is_refused_in_the_server_s_words(phone, server):
    start_table(phone, server, "otoroku", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter round 1")
    for i, hand in enumerate([[3, 10], [1, 9]]):
        for value in hand:
            phone.locator(f".pad[data-for=p{i}_values] .key[data-value='{value}']").tap()
    phone.locator("#p2_values").fill("11 2")
    phone.wait_for_selector(".entrybar[data-bar='server'] #bar-mistake:not(:empty)")
    bar = said(phone)
    assert bar == "Chie's hand: 11 is not a card value: Otoroku cards are worth 1 to 10"
    assert bar_lines(phone)[1] == "1 + 9 = 14.5"
    save(phone)
    assert phone.url.endswith("/new")
    summary = phone.locator("#error-summary li").first.inner_text().strip()
    assert summary == bar


# -- Toppa and Baka: piles tapped on the deck's grid, the last player's the rest ------------


def piles(rng: random.Random, entered: int) -> list[list[str]]:
    """``entered`` piles a round could leave: of each month 0, 2 or 4 cards in each (cards
    are captured in pairs); the rest of the deck is the last player's."""
    months: dict[int, list[str]] = defaultdict(list)
    for card in sorted(POINTS):
        months[CARD_BY_ID[card].month].append(card)
    out: list[list[str]] = [[] for _ in range(entered)]
    for cards in months.values():
        left = list(cards)
        rng.shuffle(left)
        for pile in out:
            k = rng.choice([0, 2, 2, 4]) if len(left) >= 4 else rng.choice([0, len(left)])
            pile += left[:k]
            left = left[k:]
    return out


def result_lines(page) -> list[str]:
    """Each player's pile and yaku as the result's page shows them, in the bar's words."""
    lines = []
    players = page.locator(".players .presult").all()
    details = page.locator(".details > li").all()
    for block, detail in zip(players, details, strict=True):
        yaku = [y.text_content().strip() for y in block.locator("ul.yaku > li > strong").all()]
        points = detail.locator("strong").first.text_content().strip()
        count = re.search(r"\((\d+) cards?\)", detail.locator("summary").text_content()).group(1)
        lines.append(" · ".join([f"{count} cards · {points} points", *yaku]))
    return lines


@pytest.mark.parametrize(
    ("game", "names", "seed"),
    [("toppa", ["Aki", "Ben"], s) for s in SEEDS]
    + [("baka", ["Aki", "Ben", "Chie"], s) for s in (0, 1)],
)
def test_a_pile_bar_names_yaku_as_the_result(phone, server, game, names, seed):
    rng = random.Random(100 + seed)
    start_table(phone, server, game, names)
    phone.click("text=Enter round 1")
    entered = piles(rng, len(names) - 1)
    if seed == 0:  # a pile that makes Poetry Ribbons as soon as its three cards are in
        entered[0] = [c for c in entered[0] if CARD_BY_ID[c].month not in (1, 2, 3)]
        for p in entered[1:]:
            p[:] = [c for c in p if CARD_BY_ID[c].month not in (1, 2, 3)]
        entered[0] += ["pine-ribbon", "pine-chaff-1", "plum-ribbon", "plum-chaff-1"]
        entered[0] += ["cherry-ribbon", "cherry-chaff-1"]
    for i, pile in enumerate(entered):
        tap_cards(phone, f"p{i}_pile", pile)
    server_bar(phone)
    bar, mistake = bar_lines(phone), said(phone)
    if seed == 0:
        assert "Poetry Ribbons" in bar[0]
    assert mistake == "", entered
    saved(phone)
    assert bar == result_lines(phone), entered
