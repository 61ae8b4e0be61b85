"""The round form's preview (issue 39 item 2): POST to the form's address + "/preview" reads the
form as Save does and scores it without storing; its lines are the result's words and its
refusals Save's, in Save's order, in the page's language. Hostile bodies are refused with a
4xx, never a 500, and tapping never meets the writes' limit."""

from __future__ import annotations

import html
import re
import uuid

import pytest

from tests.web.test_bar_mistakes import JA
from tests.web.test_limits import limited_app
from tests.web.test_pages import app, entry_form, new_table, pile_fields  # noqa: F401

POETRY_PILE = ["pine-ribbon", "plum-ribbon", "cherry-ribbon"] + [
    f"{m}-chaff-1" for m in ("pine", "plum", "cherry")
]


def summary(page: str) -> list[tuple[str, str, str]]:
    """The error summary Save's page shows: (anchor, where, message) for each line."""
    block = page.split('id="error-summary"', 1)[1].split("</ul>", 1)[0]
    out = []
    for item in re.findall(r"<li>(.*?)</li>", block, re.S):
        anchor = re.search(r'href="#([^"]*)"', item)
        where = re.search(r"<b>(.*?):</b>", item)
        text = re.sub(r"<b>.*?</b>\s*", "", item)
        text = html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
        out.append(
            (
                anchor.group(1) if anchor else "",
                html.unescape(where.group(1)) if where else "",
                text,
            )
        )
    return out


def preview(client, form_url, data, headers=None, status=200):
    resp = client.post(f"{form_url}/preview", data=data, headers=headers or {})
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    return resp.get_json()


def otoroku_form(client, values, dealer="0"):
    url = new_table(client, "otoroku", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    data = {**base, "wager": "10", "dealer": dealer}
    for i, (name, typed) in enumerate(zip(["Aki", "Ben", "Chie"], values, strict=True)):
        data.update({f"p{i}_name": name, f"p{i}_values": typed})
    return url, form_url, data


def rounds_of(client, url) -> int:
    sid = url.rstrip("/").rsplit("/", 1)[1]
    return client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"]


def test_otoroku_s_hands_are_valued_as_the_result_values_them(client):
    url, form_url, data = otoroku_form(client, ["3 10", "1 9", "2 9 5"])
    said = preview(client, form_url, data)
    assert said["ok"] is True and said["mistakes"] == []
    # Chie, on the dealer's left, plays to 16; 1 + 9 is the teyaku 14.5, not 10.
    assert said["lines"] == ["3 + 10 = 13", "1 + 9 = 14.5", "2 + 9 + 5 = 16"]
    data["dealer"] = "2"  # now Ben is the last player and Chie's 16 is buta
    assert preview(client, form_url, data)["lines"][2] == "2 + 9 + 5 = buta (16)"
    assert rounds_of(client, url) == 0  # nothing stored
    saved = client.post(form_url, data=data, follow_redirects=True).get_data(as_text=True)
    assert rounds_of(client, url) == 1
    shown = [html.unescape(s) for s in re.findall(r"· <strong>([^<]*)</strong>", saved)]
    assert shown == ["13", "14.5", "buta (16)"]


def test_a_hand_still_being_entered_is_valued_too(client):
    _, form_url, data = otoroku_form(client, ["1 9", "", ""])
    said = preview(client, form_url, data)
    assert said["ok"] is False and said["lines"] == ["1 + 9 = 14.5", "", ""]
    assert not any(m["now"] for m in said["mistakes"])  # an empty hand waits its turn


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_a_value_no_card_has_is_refused_in_save_s_words_at_once(client, headers):
    _, form_url, data = otoroku_form(client, ["3 10", "1 9", "11 2"])
    said = preview(client, form_url, data, headers)
    saved = client.post(form_url, data=data, headers=headers)
    assert saved.status_code == 422
    expected = summary(saved.get_data(as_text=True))
    assert [(m["at"], m["where"], m["text"]) for m in said["mistakes"]] == expected
    first = said["mistakes"][0]
    assert first["now"] is True and first["at"] == "player-2"
    if not headers:
        assert first["text"] == "11 is not a card value: Otoroku cards are worth 1 to 10"
    else:
        assert "11" in first["text"] and "card value" not in first["text"]


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_refusals_are_save_s_words_in_save_s_order_for_every_game(client, headers):
    cases = []
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    cases.append((form_url, {**base, **pile_fields("p0_pile", POETRY_PILE[:5]), "rest": "1"}))
    url = new_table(client, "tokotoko", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {**base, "stake": "10", "field": ["pine-crane", ""], "p0_hand": ["", ""]}
    cases.append((form_url, {**data, "p1_hand": ["plum-warbler", "cherry-curtain"]}))
    url = new_table(client, "tokan", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    data = {**base}
    for i, name in enumerate(["Aki", "Ben", "Chie"]):
        data.update({f"p{i}_seated": "1", f"p{i}_name": name, f"p{i}_d1": "3", f"p{i}_d2": "4"})
        data.update({f"p{i}_left_n": "0", f"p{i}_right_n": "2"})
    cases.append((form_url, data))
    url = new_table(client, "baka", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    cases.append((form_url, {**base, **pile_fields("p0_pile", ["plum-warbler"]), "rest": "2"}))
    for form_url, data in cases:
        said = preview(client, form_url, data, headers)
        saved = client.post(form_url, data=data, headers=headers)
        assert saved.status_code == 422, form_url
        expected = summary(saved.get_data(as_text=True))
        assert expected and said["ok"] is False
        assert [(m["at"], m["where"], m["text"]) for m in said["mistakes"]] == expected


def test_a_pile_names_its_yaku_as_soon_as_it_makes_them(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {**base, **pile_fields("p0_pile", POETRY_PILE), "rest": "1"}
    said = preview(client, form_url, data)
    assert said["lines"][0] == "6 cards · 15 points · Poetry Ribbons"
    # Refused for now (3 pine cards), the pile's yaku are named all the same.
    odd = {**base, **pile_fields("p0_pile", [*POETRY_PILE, "pine-chaff-2"]), "rest": "1"}
    said = preview(client, form_url, odd)
    assert said["ok"] is False
    assert said["lines"][0] == "7 cards · 15 points · Poetry Ribbons"
    half = {**base, **pile_fields("p0_pile", POETRY_PILE[:2]), "p1_pile": [], "rest": ""}
    assert preview(client, form_url, half)["lines"][0] == "2 cards · 10 points"
    ja = preview(client, form_url, data, JA)["lines"][0]
    assert "6" in ja and "Poetry" not in ja and "cards" not in ja
    assert rounds_of(client, url) == 0


def test_a_correction_s_form_is_previewed_against_the_round_it_corrects(client):
    url, form_url, data = otoroku_form(client, ["3 10", "1 9", "2 9 5"])
    assert client.post(form_url, data=data).status_code == 302
    edit_url, base = entry_form(client, url, 1)
    fixed = {**data, **base, "p2_values": "6 10"}
    for key in ("submission_id", "expected_number"):
        fixed.pop(key, None)
    said = preview(client, edit_url, fixed)
    assert said["lines"][2] == "6 + 10 = Otoroku (おとろく)" and said["ok"] is True
    assert client.post(f"{url}/rounds/9/edit/preview", data=fixed).status_code == 404


HOSTILE = [
    {},
    {"p0_values": "9" * 5000},
    {"p0_values": "\x00 1 2", "p1_values": "１２ ３", "dealer": "-1"},
    {"dealer": "9" * 400, "wager": "1e999", "p0_name": "x" * 10_000},
    {"p0_values": " ".join(["1"] * 3000)},
    {"p7_values": "1 2", "p0_cards": ["pine-crane"] * 50, "rest": "x"},
    {"p0_name": "Aki", "p1_name": "Ben", "p2_name": "Chie", "p3_name": "Dai"},
    {"device": "x" * 500, "p0_values": "1"},
    {"based_on": "1.1", "expected_number": "-5", "submission_id": "\x00" * 70},
]


@pytest.mark.parametrize("game", ["otoroku", "toppa", "baka", "tokotoko", "tokan"])
def test_hostile_bodies_are_answered_never_with_a_500(client, game):
    players = ["Aki", "Ben", "Chie"] if game != "toppa" and game != "tokotoko" else ["Aki", "Ben"]
    url = new_table(client, game, players)
    form_url, base = entry_form(client, url)
    bodies = HOSTILE + [
        pile_fields("p0_pile", ["pine-crane"]) | {"p0_pile_chaff_pine": "99999999999999999999"},
        {"p0_pile": ["no-such-card", "pine-crane", "pine-crane"], "p0_hand": ["x"] * 40},
        {"field": ["pine-crane"] * 30, "p0_d1": "7", "p0_left_n": "-9" * 50},
    ]
    for body in bodies:
        resp = client.post(f"{form_url}/preview", data={**base, **body})
        assert resp.status_code < 500, body
        assert resp.status_code == 200 or 400 <= resp.status_code < 500
        assert resp.is_json
    for raw in (b"\xff\xfe\x00garbage", b"a=" + b"%" * 1000, b"&&&=&==", b"p0_values=%ED%A0%80"):
        resp = client.post(
            f"{form_url}/preview",
            data=raw,
            content_type="application/x-www-form-urlencoded",
        )
        assert resp.status_code < 500
    assert client.get(f"{form_url}/preview").status_code == 405
    assert rounds_of(client, url) == 0


def test_a_form_without_its_csrf_token_is_refused(tmp_path):
    limited = limited_app(tmp_path, WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=False)
    client = limited.test_client()
    sid = client.post(
        "/api/v1/sessions",
        json={"name": f"c-{uuid.uuid4().hex[:8]}", "game": "toppa", "players": ["Aki", "Ben"]},
    ).get_json()["id"]
    form_url, base = entry_form(client, f"/t/{sid}")
    data = {**pile_fields("p0_pile", POETRY_PILE), "rest": "1"}
    refused = client.post(f"{form_url}/preview", data=data)
    assert refused.status_code == 400 and "error" in refused.get_json()
    said = client.post(f"{form_url}/preview", data={**base, **data}).get_json()
    assert said["lines"][0] == "6 cards · 15 points · Poetry Ribbons"


def test_tapping_never_meets_a_limit_and_a_flood_is_bounded(tmp_path):
    limited = limited_app(
        tmp_path,
        RATELIMIT_WRITE="2 per minute",
        RATELIMIT_PREVIEW="50 per minute",
        WTF_CSRF_ENABLED=True,
    )
    client = limited.test_client()
    sid = client.post(
        "/api/v1/sessions",
        json={"name": f"l-{uuid.uuid4().hex[:8]}", "game": "toppa", "players": ["Aki", "Ben"]},
    ).get_json()["id"]
    form_url, base = entry_form(client, f"/t/{sid}")
    data = {**base, **pile_fields("p0_pile", POETRY_PILE), "rest": "1"}
    # A quick player: far more previews than writes allowed, and Save still goes through.
    for _ in range(30):
        assert client.post(f"{form_url}/preview", data=data).status_code == 200
    assert client.post(form_url, data=data).status_code == 302
    flood = [client.post(f"{form_url}/preview", data=data).status_code for _ in range(40)]
    assert 429 in flood  # 50 a minute at this setting: a flood is cut off
    from scorekeeper.limits import DEFAULTS

    assert DEFAULTS["RATELIMIT_PREVIEW"].startswith("600 per minute")
