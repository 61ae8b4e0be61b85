"""Issue 30, part 5: a round that ends a game says so on the first lines of its result, where
"Next round" is otherwise: who won the game with what, each player's result over the game, and
what comes next ("Start game 2": the next round's form; "See the totals": the table's page).

The figures are worked out by hand from RULES.md section 8 (the same rounds as
tests/web/test_round_result.py), not read off the app's output."""

from __future__ import annotations

import re

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B
from tests.web.test_round_result import OTOROKU, enter, session, text

# RULES 8, Baka: A -18⅓, B -58⅓, C +76⅔ a round, whoever deals (4.6: the deal only rotates).
BAKA = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}


def first_lines(page: str) -> str:
    """The result's first lines: from its heading to the end of its buttons."""
    m = re.search(r'<h2 id="result-title">(.*?)<div class="round-actions">(.*?)</div>', page, re.S)
    assert m, "no result with buttons on the page"
    return m.group(0)


def game_over(page: str) -> str:
    m = re.search(r'<section class="game-over summary".*?</section>', page, re.S)
    return text(m.group(0)) if m else ""


def buttons(page: str) -> list[tuple[str, str]]:
    block = first_lines(page).split('<div class="round-actions">')[1]
    return [
        (h, text(t))
        for h, t in re.findall(r'<a class="button[^"]*" href="([^"]+)"[^>]*>(.*?)</a>', block, re.S)
    ]


def test_baka_round_3_ends_the_game_on_its_first_lines(client):
    sid = session(client, "baka", ["A", "B", "C"])
    for _ in range(3):
        n = enter(client, sid, BAKA)
    round_2 = client.get(f"/t/{sid}/rounds/2").get_data(as_text=True)
    assert game_over(round_2) == ""  # RULES 4.6: three rounds a game
    assert buttons(round_2)[0] == (f"/t/{sid}/rounds/new", "Next round")

    page = client.get(f"/t/{sid}/rounds/{n}").get_data(as_text=True)
    said = game_over(page)
    # 3 x (-18⅓, -58⅓, +76⅔)
    assert said == "Game 1 is over — C wins the game with +230 The game: A -55 · B -175 · C +230"
    assert game_over(first_lines(page))  # among the first lines, before the cards and Why
    assert page.index('class="game-over') < page.index('class="why-line"')  # and its why line
    assert buttons(page)[:2] == [
        (f"/t/{sid}/rounds/new", "Start game 2"),
        (f"/t/{sid}", "See the totals"),
    ]
    assert "Next round" not in first_lines(page)


def test_otoroku_last_round_of_a_game_ends_it(client):
    # RULES 8, Otoroku, method everyone: P3's otoroku takes the pot of 30 each round (the
    # dealer pinned to P1, so that P3 stays the last player); a game of 3 rounds.
    sid = session(client, "otoroku", ["P1", "P2", "P3"], {"method": "everyone", "length": "3"})
    for _ in range(3):
        n = enter(client, sid, OTOROKU)
    assert game_over(client.get(f"/t/{sid}/rounds/2").get_data(as_text=True)) == ""
    page = client.get(f"/t/{sid}/rounds/{n}").get_data(as_text=True)
    assert game_over(page) == (
        "Game 1 is over — P3 wins the game with +60 The game: P1 -30 · P2 -30 · P3 +60"
    )
    assert [t for _, t in buttons(page)][:2] == ["Start game 2", "See the totals"]

    # Once game 2 has begun, the round still says game 1 ended there, and offers the next
    # round rather than a game that has started.
    enter(client, sid, OTOROKU)
    later = client.get(f"/t/{sid}/rounds/{n}").get_data(as_text=True)
    assert game_over(later).startswith("Game 1 is over — P3 wins the game with +60")
    assert buttons(later)[0] == (f"/t/{sid}/rounds/new", "Next round")


def test_tokan_end_game_says_the_game_is_over_on_its_first_lines(client):
    # One tour (test_round_result's pot that runs short: 2 carried over), then End game:
    # RULES R21, the pot of 2 split among 4 players is 0 each, the 2 odd coins unclaimed.
    sid = session(client, "tokan", ["A", "B", "C", "Dai"])
    enter(
        client,
        sid,
        {
            "players": [
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -6, "right": -5},
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -1, "right": -1},
            ]
        },
    )
    r = client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"})
    assert r.status_code == 201, r.get_json()
    page = client.get(f"/t/{sid}/rounds/entry/2").get_data(as_text=True)
    # Stake 22 each. A and C take 11 for their achieved predictions, B 11 for its achieved
    # "less by" ones, Dai 2; A, B and C take back 17 of their stakes, Dai 0: A, B and C
    # -22 + 11 + 17 = +6 each, Dai -22 + 2 = -20. The pot's 2 split four ways is 0 each.
    said = game_over(page)
    assert said == (
        "Game 1 is over — A, B, C share the top with +6 The game: A +6 · B +6 · C +6 · Dai -20"
    )
    assert [t for _, t in buttons(page)][:2] == ["Start game 2", "See the totals"]
