"""Entering a round without JavaScript, and what the page says when it goes wrong: one
message per mistake in card names, a summary of them first, the result first (issue 11)."""

from __future__ import annotations

import html
import re

import pytest

from tests.helpers import suit
from tests.web.test_pages import app, entry_form, new_table, pile_fields, tokan_tour_form, totals  # noqa: F401
from tests.web.test_pages import errors as raw_errors


def errors(page: str) -> list[str]:
    """The messages shown beside the fields, as read."""
    return [html.unescape(m) for m in raw_errors(page)]


def summary(page: str) -> list[tuple[str, str]]:
    """The error summary's lines: (the id each links to, its text)."""
    block = page.split('id="error-summary"', 1)
    assert len(block) == 2, "no error summary on the page"
    items = re.findall(r"<li>(.*?)</li>", block[1].split("</div>", 1)[0], re.S)
    out = []
    for item in items:
        link = re.search(r'href="#([^"]+)"', item)
        text = html.unescape(re.sub(r"<[^>]+>", "", item)).strip()
        out.append((link.group(1) if link else "", text))
    return out


def ids(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def test_a_card_in_two_piles_is_one_message_in_card_names(client):
    url = new_table(client, "baka", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    data = {
        **base,
        **pile_fields("p0_pile", suit("pine")),
        **pile_fields("p1_pile", ["pine-crane", "pine-ribbon", *suit("plum")]),
        "rest": "2",
    }
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    # Ben's pine cards stay counted as entered: no "Pine: 1 card entered" follows.
    assert errors(page) == [
        "The Crane is entered twice: in Aki's pile and Ben's pile",
        "The Pine Poetry Ribbon is entered twice: in Aki's pile and Ben's pile",
    ]
    assert summary(page) == [
        ("player-1", "The Crane is entered twice: in Aki's pile and Ben's pile"),
        ("player-1", "The Pine Poetry Ribbon is entered twice: in Aki's pile and Ben's pile"),
    ]
    assert "pine-crane is" not in page
    assert totals(client, url) == ["0", "0", "0"]


def test_the_summary_comes_first_and_links_to_fields_on_the_page(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {
        **base,
        **pile_fields("p0_pile", ["pine-crane"]),
        **pile_fields("p1_hand", ["pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2"]),
        "rest": "1",
    }
    page = client.post(form_url, data=data).get_data(as_text=True)
    lines = summary(page)
    assert lines == [
        (
            "player-0",
            "Aki's pile: Pine: 1 card entered; a pile always holds 0, 2 or 4 cards of a "
            "month (cards are captured in pairs)",
        ),
        (
            "hand-1",
            "Misdeal: Ben's hand holds all four Pine cards; the cards must be dealt again "
            "and this round cannot be scored",
        ),
    ]
    assert {anchor for anchor, _ in lines} <= ids(page)
    # First on the page: before the form and every field's own message.
    main = page.split("<main>", 1)[1]
    assert main.index('id="error-summary"') < main.index("<form")
    assert re.search(r'<div class="error-summary" id="error-summary" tabindex="-1"', main)


def test_a_summary_line_keeps_its_player_when_the_name_is_only_in_the_words(client):
    # A hostile-input probe (2026-11-29): players called "Pine" and "e" lost their names from
    # these lines, as if "Pine: 1 card entered" (the month) and "e" inside a word named them.
    url = new_table(client, "baka", ["Pine", "e", "Bo"])
    form_url, base = entry_form(client, url)
    data = {
        **base,
        **pile_fields("p0_pile", ["pine-crane"]),
        **pile_fields("p1_pile", ["plum-ribbon"]),
        "rest": "2",
    }
    page = client.post(form_url, data=data).get_data(as_text=True)
    lines = summary(page)
    assert [anchor for anchor, _ in lines] == ["player-0", "player-1"]
    assert lines[0][1].startswith("Pine's pile: Pine: 1 card entered")
    assert lines[1][1].startswith("e's pile: ")


def test_an_otoroku_bettor_s_wager_and_a_month_too_often_are_said_where_they_are(client):
    # A hostile-input probe (2026-11-29): a bettor's wager of 0 was said as "B's hand: 0 is
    # too small", atop the hand; a month five times was in the summary alone, linking nowhere.
    url = new_table(client, "otoroku", ["A", "B", "C"], method="banker")
    form_url, base = entry_form(client, url)
    names = {f"p{i}_name": n for i, n in enumerate("ABC")}
    data = {**base, **names, "p0_values": "10 4", "p1_values": "7 8", "p2_values": "6 10"}
    page = client.post(form_url, data={**data, "p1_wager": "0"}).get_data(as_text=True)
    assert summary(page) == [("p1_wager", "B's wager: 0 is too small: it must be at least 1")]
    beside = page[page.index('id="p1_wager"') :]
    assert beside.index("0 is too small") < beside.index("</fieldset>")
    page = client.post(form_url, data={**data, "p0_values": "1 1 1 1 1"}).get_data(as_text=True)
    lines = summary(page)
    assert lines == [
        ("player-0", "A's hand: Month 1 appears 5 times, but the deck has only 4 cards of a month")
    ]
    hand = page[page.index('id="player-0"') :]
    assert hand.index("Month 1 appears 5 times") < hand.index("</fieldset>")


def test_an_empty_tokan_tour_is_one_message_per_player(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    data = {**base, **{f"p{i}_seated": "1" for i in range(3)}}
    data.update({f"p{i}_name": n for i, n in enumerate(["Aki", "Ben", "Chie"])})
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "None" not in page
    assert summary(page) == [
        (f"player-{i}", f"Nothing entered for {n} yet: both dice and both predictions")
        for i, n in enumerate(["Aki", "Ben", "Chie"])
    ]


def test_tokan_says_tour_and_names_both_neighbours(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    page = client.get(f"{url}/rounds/new").get_data(as_text=True)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "Enter tour 1" in text and "Plays this tour" in text
    assert "Against Ben, on your left:" in text and "Against Chie, on your right:" in text
    assert "Against Aki, on your left:" in text  # Chie's left wraps round to Aki
    assert not re.search(r"\bround\b", text.split("Enter tour 1", 1)[1])


def test_tokotoko_by_one_select_per_card_without_javascript(client):
    url = new_table(client, "tokotoko", ["Aki", "Ben"], stake="5")
    form_url, base = entry_form(client, url)
    page = client.get(form_url).get_data(as_text=True)
    assert page.count('<select name="field"') == 2 and page.count('<select name="p1_hand"') == 2
    # Two slots choosing "Plain (Pine 1)" get the two pine plain cards.
    data = {
        **base,
        "stake": "5",
        "field": ["pine-chaff-1", "maple-deer"],
        "p0_hand": ["plum-ribbon", "chrysanthemum-chaff-1"],
        "p1_hand": ["wisteria-ribbon", "pine-chaff-1"],
        "p1_leave": "field-1",  # Ben left the deer out
    }
    resp = client.post(form_url, data=data)
    assert resp.status_code == 302
    assert totals(client, url) == ["-5", "5"]
    result = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Wisteria 4 + Pine 1 + Pine 1 = 6 → <strong>6</strong>" in result
    assert "Plum Blossom 12 + Pine 1 + Maple 10 = 23 → <strong>3</strong>" in result


def test_tokotoko_left_out_names_the_cards_and_waits_for_a_missing_one(client):
    url = new_table(client, "tokotoko", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {
        **base,
        "field": ["pine-crane", "maple-deer"],
        "p0_hand": ["plum-ribbon", ""],
        "p0_leave": "hand-0",
        "p1_hand": ["wisteria-ribbon", "iris-bridge"],
    }
    resp = client.post(form_url, data=data)
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    # One message per mistake: Aki's missing card (not also "choose after entering both").
    assert errors(page) == ["A hand holds exactly 2 cards, not 1"]
    # The choice of a card left out names the cards and keeps what was chosen.
    leave = page.split('name="p0_leave"', 1)[1].split("</select>", 1)[0]
    assert (
        '<option value="hand-0" data-fallback="Hand card 1" selected>'
        "Poetry Ribbon (Plum Blossom 12)" in leave
    )
    assert ">Crane (Pine 1)</option>" in leave and ">Deer (Maple 10)</option>" in leave
    assert "Hand card 2</option>" in leave
    # Ben's crane, also on the field, is named with both places.
    data["p0_hand"] = ["plum-ribbon", "iris-ribbon"]
    data["p1_hand"] = ["wisteria-ribbon", "pine-crane"]
    page = client.post(form_url, data=data).get_data(as_text=True)
    assert errors(page) == ["The Crane is entered twice: in the field and Ben's hand"]


def _otoroku_values(client, *typed):
    """A new Otoroku table's round form with each player's values typed as given."""
    url = new_table(client, "otoroku", ["P1", "P2", "P3"])
    form_url, base = entry_form(client, url)
    data = {**base, **{f"p{i}_values": text for i, text in enumerate(typed)}}
    data.update({f"p{i}_name": f"P{i + 1}" for i in range(3)})
    return form_url, data


def test_otoroku_keeps_what_was_typed_when_it_cannot_be_read(client):
    form_url, data = _otoroku_values(client, "104 6", "9.8", "6,10")
    resp = client.post(form_url, data=data)
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert 'value="104 6"' in page
    assert errors(page) == [
        "'104' is not a card value (1 to 10): put a space between two cards, or tap them on the pad"
    ]
    # The separators a numeric keypad has ("." or ",") read as spaces.
    data["p0_values"] = "10 4"
    assert client.post(form_url, data=data).status_code == 302


def test_the_checker_puts_its_result_first(client):
    page = client.post(
        "/check/toppa",
        data={"n": "2", **pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"},
    ).get_data(as_text=True)
    main = page.split("<main>", 1)[1]
    assert main.index('class="result"') < main.index("<form")
    # Each player's change, then their yaku, then the detail.
    result = main.split('class="result"', 1)[1]
    assert (
        result.index('class="changes"')
        < result.index('class="players"')
        < result.index('class="details"')
    )


@pytest.mark.parametrize(
    ("game", "players"),
    [("toppa", ["Aki", "Ben"]), ("otoroku", ["A", "B", "C"]), ("tokan", ["A", "B", "C"])],
)
def test_plain_cards_and_pads_are_not_nested_in_buttons(client, game, players):
    url = new_table(client, game, players)
    page = client.get(f"{url}/rounds/new").get_data(as_text=True)
    for button in re.findall(r"<button\b.*?</button>", page, re.S):
        assert "<input" not in button and "<select" not in button
    for label in re.findall(r"<label\b.*?</label>", page, re.S):
        assert "<button" not in label


def _tokan_tour(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    return url, *tokan_tour_form(client, url, ["Aki", "Ben", "Chie"])


def test_a_tokan_prediction_left_empty_or_negative_is_refused_not_stored_as_0(client):
    """A number field sends nothing for what is not a number; a minus sign beside "more by"
    contradicts it. Either is said beside the prediction; nothing is stored (issue 11)."""
    url, form_url, data = _tokan_tour(client)
    resp = client.post(form_url, data={**data, "p1_left_n": ""})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert summary(page) == [
        (
            "p1_left",
            "Ben: No prediction against the left neighbour yet: choose one (0 is a prediction too)",
        )
    ]
    # The emptied field comes back empty, not as "0" (issue 17).
    field = re.search(r'<input type="radio" name="p1_left_n" value="0"[^>]*>', page)
    assert field and "checked" not in field.group(0)
    resp = client.post(form_url, data={**data, "p2_right_n": "-3"})
    assert resp.status_code == 422
    assert summary(resp.get_data(as_text=True)) == [
        (
            "p2_right",
            "Chie: Count the tokens from 0 and choose “more by” or “less by”, not a minus sign",
        )
    ]
    sid = url.rsplit("/", 1)[1]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 0
    # "less by 2" is -2, "more by 2" is +2.
    resp = client.post(
        form_url, data={**data, "p0_left_n": "2", "p0_left_dir": "less", "p0_right_n": "2"}
    )
    assert resp.status_code == 302
    aki = client.get(f"/api/v1/sessions/{sid}").get_json()["rounds"][0]["input"]["players"][0]
    assert (aki["left"], aki["right"]) == (-2, 2)


def test_otoroku_reads_full_width_digits_and_says_one_thing_per_mistake(client):
    form_url, data = _otoroku_values(client, "３　５", "9、8", "11")
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    # A Japanese keyboard's digits and separators read; "11" is one mistake, said once.
    assert errors(resp.get_data(as_text=True)) == [
        "11 is not a card value: Otoroku cards are worth 1 to 10"
    ]
    data["p2_values"] = "６ ４"
    assert client.post(form_url, data=data).status_code == 302


def test_plain_cards_are_ticked_one_by_one_and_stored_as_the_very_cards_ticked(client):
    """Issue 17: each plain card is its own checkbox (the card grid ticks them), and the form
    stores the plain card ticked, not the month's first free one."""
    url = new_table(client, "baka", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    page = client.get(form_url).get_data(as_text=True)
    for cid in ("pine-chaff-1", "pine-chaff-2", "paulownia-chaff-3"):
        assert f'name="p0_pile" value="{cid}"' in page
    assert "p0_pile_chaff_" not in page  # no count fields, no steppers
    data = {
        **base,
        "p0_pile": ["pine-crane", "pine-chaff-2", "paulownia-chaff-3", "paulownia-phoenix"],
        # The same plain card named in a second pile (only a tampered form can): that pile
        # gets the month's other free plain card instead.
        "p1_pile": ["pine-ribbon", "pine-chaff-2"],
        "rest": "2",
    }
    assert client.post(form_url, data=data).status_code in (302, 303)
    sid = url.rstrip("/").rsplit("/", 1)[1]
    players = client.get(f"/api/v1/sessions/{sid}").get_json()["rounds"][0]["input"]["players"]
    assert sorted(players[0]["captured"]) == [
        "paulownia-chaff-3",
        "paulownia-phoenix",
        "pine-chaff-2",
        "pine-crane",
    ]
    assert sorted(players[1]["captured"]) == ["pine-chaff-1", "pine-ribbon"]


def _fieldset(page: str, i: int) -> str:
    return page.split(f'id="player-{i}"', 1)[1].split("</fieldset>", 1)[0]


def test_a_tokan_tour_starts_with_nothing_chosen(client):
    """0 is a prediction (R20) that a player sets like any other: the form offers it as a
    chip beside the others, and neither it, a direction nor a die starts chosen (issue 17)."""
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    page = client.get(f"{url}/rounds/new").get_data(as_text=True)
    aki = _fieldset(page, 0)
    chips = re.findall(r'<input type="radio" name="p0_left_n" value="(\d+)"([^>]*)>', aki)
    assert [v for v, _ in chips] == [str(n) for n in range(12)]  # 0 to the 11 tokens
    assert not re.search(r'<input type="radio"[^>]*\bchecked\b', page)
    assert 'name="p0_left_dir" value="more"' in aki and 'name="p0_left_dir" value="less"' in aki


@pytest.mark.parametrize("left_out", ["p1_right_n", "both"])
def test_a_tokan_prediction_not_posted_is_refused_beside_it_not_stored_as_0(client, left_out):
    """A post without the prediction (no chip tapped, or a page without script, or a hand-made
    post) was saved as "more by 0", which costs coins: it is refused beside the field."""
    url, form_url, data = _tokan_tour(client)
    data.pop("p1_right_n")
    if left_out == "both":
        data.pop("p1_right_dir")
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    ben = _fieldset(resp.get_data(as_text=True), 1)
    right = ben.split('data-side="right"', 1)[1]
    assert "No prediction against the right neighbour yet" in right
    assert "No prediction" not in ben.split('data-side="right"', 1)[0]
    sid = url.rsplit("/", 1)[1]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 0


def test_a_tokan_prediction_needs_more_or_less_except_0(client):
    url, form_url, data = _tokan_tour(client)
    data.pop("p0_left_dir")
    data.pop("p0_right_dir")
    data["p0_left_n"] = "2"  # "more" or "less" by 2?
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    assert summary(resp.get_data(as_text=True)) == [
        ("p0_left", "Aki: “More by” or “less by” 2? Choose one")
    ]
    data["p0_left_dir"] = "less"  # and 0 on the right needs no direction
    assert client.post(form_url, data=data).status_code == 302
    sid = url.rsplit("/", 1)[1]
    aki = client.get(f"/api/v1/sessions/{sid}").get_json()["rounds"][0]["input"]["players"][0]
    assert (aki["left"], aki["right"]) == (-2, 0)


def test_a_tokan_prediction_left_out_of_an_api_tour_is_refused(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    sid = url.rsplit("/", 1)[1]
    players = [{"name": n, "dice": [3, 4], "left": 0, "right": 0} for n in ["Aki", "Ben", "Chie"]]
    del players[1]["left"]
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": players})
    assert resp.status_code == 422
    assert [e["field"] for e in resp.get_json()["errors"]] == ["players.1.left"]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 0


def _same_as(client, game, players, data, explicit):
    """The totals ``data`` gives a new table, and those ``explicit`` gives another."""
    got = []
    for fields in (data, explicit):
        url = new_table(client, game, players)
        form_url, base = entry_form(client, url)
        resp = client.post(form_url, data={**base, **fields})
        assert resp.status_code == 302, errors(resp.get_data(as_text=True))
        got.append(totals(client, url))
    return got


def test_without_script_the_pile_left_empty_is_the_rest_whatever_the_choice_says(client):
    """A hostile-page probe (2026-11-29): without the script every pile's cards show and the
    "rest" choice stays at the last player, whose ticked cards were then thrown away: Ben's
    24 cards were saved as Aki 0 cards, Ben 48 (-530 / +530). The one pile left empty is the
    rest, as the script chooses it."""
    half = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
    ben_ticked = {**pile_fields("p1_pile", half), "rest": "1", "dealer": "0"}
    ben_explicit = {**pile_fields("p1_pile", half), "rest": "0", "dealer": "0"}
    got, want = _same_as(client, "toppa", ["Aki", "Ben"], ben_ticked, ben_explicit)
    assert got == want and got != ["-530", "530"]
    baka = {**pile_fields("p0_pile", suit("pine", "plum", "cherry", "wisteria"))}
    baka |= pile_fields("p2_pile", suit("iris", "peony", "bushclover", "susuki"))
    got, want = _same_as(
        client, "baka", ["Aki", "Ben", "Cho"], {**baka, "rest": "2"}, {**baka, "rest": "1"}
    )
    assert got == want


def test_a_card_ticked_in_the_rest_s_pile_and_another_is_said_not_given_away(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    half = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
    data = {**base, **pile_fields("p0_pile", half), "p1_pile": ["pine-crane"], "rest": "1"}
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    assert errors(resp.get_data(as_text=True)) == [
        "The Crane is ticked in the pile that takes the rest of the deck and in another pile: "
        "a card is in one pile only"
    ]
    assert totals(client, url) == ["0", "0"]


def test_a_summary_names_an_option_or_the_time_in_the_page_s_language(client):
    """A hostile-page probe (2026-11-29): in Japanese, an Otoroku round's wager of 0 was
    summed up as "Wager: ..." and a time that is none as "Played at: ...", the field's key
    made into English words."""
    url = new_table(client, "otoroku", ["Aki", "Ben", "Cho"])
    form_url, base = entry_form(client, url)
    ja = {"Accept-Language": "ja"}
    page = client.post(form_url, data={**base, "wager": "0"}, headers=ja).get_data(as_text=True)
    assert summary(page)[0] == ("wager", "賭け金: 0 は小さすぎます: 1以上にしてください")
    page = client.post(form_url, data={**base, "played_at": "x"}, headers=ja).get_data(True)
    assert summary(page)[0][1].startswith("プレイ時刻: ")
