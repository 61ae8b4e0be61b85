"""Page flows through the Flask test client, with CSRF on, for every game."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

import scorekeeper
from tests.helpers import EXAMPLE_A, suit

HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")


@pytest.fixture()
def app(tmp_path):
    import os

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "pages-test", "SQLALCHEMY_DATABASE_URI": url}
    )  # CSRF stays on here


def csrf(page: str) -> str:
    m = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert m, "no CSRF token on the page"
    return m.group(1)


def hidden(page: str, name: str) -> str:
    m = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    assert m, f"no {name} on the page"
    return m.group(1)


def errors(page: str) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', page)


def new_table(client, game, players, **fields):
    page = client.get("/").get_data(as_text=True)
    data = {
        "csrf_token": csrf(page),
        "game": game,
        "players": "\n".join(players),
        "name": f"{game} night",
        "yaku_values": "high",
        "boar_deer_butterfly": "y",
        "yaku_settlement": "average",
        "method": "everyone",
        "length": "12",
        **fields,
    }
    resp = client.post("/tables", data=data)
    assert resp.status_code == 302, errors(resp.get_data(as_text=True))
    return resp.headers["Location"]


def entry_form(client, table_url, number=None):
    url = f"{table_url}/rounds/new" if number is None else f"{table_url}/rounds/{number}/edit"
    page = client.get(url).get_data(as_text=True)
    base = {"csrf_token": csrf(page)}
    if number is None:
        base["submission_id"] = hidden(page, "submission_id")
        base["expected_number"] = hidden(page, "expected_number")
    return url, base


def pile_fields(prefix, cards):
    """Form fields for a pile: special cards ticked, plain cards by count per month."""
    from collections import Counter

    from scorekeeper.cards import CARD_BY_ID

    data = {prefix: [c for c in cards if not CARD_BY_ID[c].chaff_group]}
    for suit_id, k in Counter(
        CARD_BY_ID[c].suit.id for c in cards if CARD_BY_ID[c].chaff_group
    ).items():
        data[f"{prefix}_chaff_{suit_id}"] = str(k)
    return data


VOID_TAGS = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr")
)


class ResultRows(HTMLParser):
    """Each player's block of a result: name, data-delta (from the changes listed first, in
    the players' order) and {yaku name: points}.

    A yaku is one ``<li>`` of ``<ul class="yaku">``: its ``<strong>`` holds the name and
    the li's own text (outside its child elements) starts with the points, so a figure is
    only ever read from the row of the yaku it belongs to.
    """

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, set[str]]] = []
        self.players: list[dict] = []
        self.row: dict | None = None  # the yaku row being read, with its depth
        self.h3_depth: int | None = None
        self.deltas: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        attr = dict(attrs)
        classes = set((attr.get("class") or "").split())
        parent = self.stack[-1] if self.stack else ("", set())
        if tag not in VOID_TAGS:
            self.stack.append((tag, classes))
        if tag == "li" and "presult" in classes:
            self.players.append({"name": "", "delta": None, "yaku": {}})
        elif tag == "h3" and any("presult" in c for _, c in self.stack[:-1]):
            self.h3_depth = len(self.stack)
        elif tag == "span" and "delta" in classes:
            self.deltas.append(attr.get("data-delta"))  # the changes, listed first
        elif tag == "li" and parent[0] == "ul" and "yaku" in parent[1] and self.players:
            self.row = {"depth": len(self.stack), "name": "", "own": ""}

    def handle_endtag(self, tag):
        while self.stack:
            depth = len(self.stack)
            if self.row is not None and depth == self.row["depth"]:
                points = re.match(r"\s*(\d+)", self.row["own"])
                name, yaku = self.row["name"].strip(), self.players[-1]["yaku"]
                assert points, f"no points in the row of {name!r}"
                assert name not in yaku, f"{name!r} listed twice"
                yaku[name] = int(points.group(1))
                self.row = None
            if self.h3_depth == depth:
                self.h3_depth = None
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        depth = len(self.stack)
        if self.h3_depth == depth:
            self.players[-1]["name"] += data.strip()
        if self.row is None:
            return
        if depth == self.row["depth"]:
            self.row["own"] += data
        elif depth == self.row["depth"] + 1 and self.stack[-1][0] == "strong":
            self.row["name"] += data


def result_rows(page: str) -> list[dict]:
    """The players of the page's result section, as ResultRows reads them."""
    section = page.split('<section class="result"', 1)
    assert len(section) == 2, "no result section on the page"
    parser = ResultRows()
    parser.feed(section[1].split("</section>", 1)[0])
    parser.close()
    assert len(parser.deltas) == len(parser.players), "one change per player"
    for player, delta in zip(parser.players, parser.deltas, strict=True):
        player["delta"] = delta
    return parser.players


def totals(client, table_url):
    """Each player's total in seat order (the standings list them by total)."""
    page = client.get(table_url).get_data(as_text=True)
    rows = re.findall(r'data-seat="(\d+)".*?data-total="([^"]*)"', page, re.S)
    return [total for _, total in sorted(rows, key=lambda r: int(r[0]))]


def test_toppa_enter_correct_delete_export(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    resp = client.post(
        form_url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    )
    assert resp.status_code == 302
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert 'data-delta="-255"' in page and 'data-delta="255"' in page
    assert "Five Brights" in page and "R6" in page  # the yaku and the ruling behind them
    assert totals(client, url) == ["-255", "255"]

    # Correct it: A's pile was really pine..peony (RULES 4.5 exchange, +30 / -30).
    form_url, base = entry_form(client, url, 1)
    resp = client.post(
        form_url, data={**base, **pile_fields("p0_pile", HALF_A), "rest": "1", "dealer": "0"}
    )
    assert resp.status_code == 302
    assert totals(client, url) == ["30", "-30"]
    table_page = client.get(url).get_data(as_text=True)
    assert "corrected" in table_page and "Before correction (version 1)" in table_page

    csv_text = client.get(f"{url}/export.csv").get_data(as_text=True)
    assert csv_text.splitlines()[1].startswith("1,1,1,round,Aki,30,-30,30,-30")

    page = client.get(f"{url}/rounds/1").get_data(as_text=True)
    resp = client.post(f"{url}/rounds/1/delete", data={"csrf_token": csrf(page)})
    assert resp.status_code == 302
    assert totals(client, url) == ["0", "0"]


def test_bad_pile_comes_back_with_the_cards_and_a_message_in_place(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    pile = [c for c in HALF_A if c != "pine-crane"]
    resp = client.post(form_url, data={**base, **pile_fields("p0_pile", pile), "rest": "1"})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert errors(page) == [
        "Pine: 3 cards entered; a pile always holds 0, 2 or 4 cards of a "
        "month (cards are captured in pairs)"
    ]
    # The message sits inside Aki's pile, and the ticked cards are still ticked.
    section = page.split('id="player-0"')[1].split("</fieldset>")[0]
    assert "Pine: 3 cards entered" in section
    assert 'value="pine-ribbon" checked' in section
    assert totals(client, url) == ["0", "0"]


def test_expired_form_keeps_the_cards_and_says_reload(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    resp = client.post(
        form_url,
        data={**base, "csrf_token": "stale", **pile_fields("p0_pile", HALF_A), "rest": "1"},
    )
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "This form had expired" in page
    assert 'value="pine-crane" checked' in page
    assert totals(client, url) == ["0", "0"]


def test_double_tap_stores_one_round(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {**base, **pile_fields("p0_pile", HALF_A), "rest": "1"}
    first = client.post(form_url, data=data)
    second = client.post(form_url, data=data)
    assert first.headers["Location"] == second.headers["Location"]
    assert totals(client, url) == ["30", "-30"]


def test_stale_view_gets_409(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base_one = entry_form(client, url)
    _, base_two = entry_form(client, url)
    data = {**pile_fields("p0_pile", HALF_A), "rest": "1"}
    assert client.post(form_url, data={**base_one, **data}).status_code == 302
    resp = client.post(form_url, data={**base_two, **data})
    assert resp.status_code == 409
    assert "Round 1 was already entered from another phone" in resp.get_data(as_text=True)


def test_baka_game_end_summary(client):
    url = new_table(client, "baka", ["A", "B", "C"])
    for _ in range(3):
        form_url, base = entry_form(client, url)
        resp = client.post(
            form_url,
            data={
                **base,
                **pile_fields("p0_pile", EXAMPLE_A),
                **pile_fields(
                    "p1_pile",
                    [
                        "iris-bridge",
                        "iris-ribbon",
                        "iris-chaff-1",
                        "iris-chaff-2",
                        "maple-chaff-1",
                        "maple-chaff-2",
                    ],
                ),
                "rest": "2",
            },
        )
        assert resp.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "Game 1 is over" in page
    assert "-55" in page and "+230" in page  # the game's result: 3 x the worked example
    assert "Round 4 · game 2, round 1 of 3" in page and "Enter round 4" in page


def test_tokotoko_round_with_a_chosen_triple(client):
    url = new_table(client, "tokotoko", ["P1", "P2"], stake="5")
    form_url, base = entry_form(client, url)
    resp = client.post(
        form_url,
        data={
            **base,
            "stake": "5",
            **pile_fields("field", ["pine-chaff-2", "maple-deer"]),
            **pile_fields("p0_hand", ["plum-ribbon", "chrysanthemum-chaff-1"]),
            **pile_fields("p1_hand", ["pine-chaff-1", "wisteria-ribbon"]),
            "p1_leave": "field-1",
        },
    )  # P2 chose pine + pine + wisteria, leaving the deer out
    assert resp.status_code == 302
    assert totals(client, url) == ["-5", "5"]


def test_otoroku_round_by_values_banker_bust(client):
    url = new_table(client, "otoroku", ["P1", "P2", "P3"], method="banker", wager="10")
    form_url, base = entry_form(client, url)
    resp = client.post(
        form_url,
        data={
            **base,
            "dealer": "0",
            "wager": "10",
            "p0_name": "P1",
            "p0_values": "10 4",
            "p1_name": "P2",
            "p1_values": "9 8",
            "p2_name": "P3",
            **pile_fields("p2_cards", ["peony-butterflies", "maple-ribbon"]),
        },
    )
    assert resp.status_code == 302
    assert totals(client, url) == ["0", "-10", "10"]


def test_tokan_two_tours_and_a_leaver(client):
    url = new_table(client, "tokan", ["A", "B", "C", "D"])

    def tour(seated, dice, preds):
        form_url, base = entry_form(client, url)
        data = dict(base)
        for i, name in enumerate(["A", "B", "C", "D"]):
            data[f"p{i}_name"] = name
            if name in seated:
                data[f"p{i}_seated"] = "1"
                data[f"p{i}_d1"], data[f"p{i}_d2"] = map(str, dice[name])
                for side, value in zip(("left", "right"), preds[name], strict=True):
                    data[f"p{i}_{side}_dir"] = "less" if value < 0 else "more"
                    data[f"p{i}_{side}_n"] = str(abs(value))
        return client.post(form_url, data=data)

    same = {n: (3, 3) for n in "ABCD"}
    assert tour("ABCD", same, {n: (0, 0) for n in "ABCD"}).status_code == 302
    resp = tour(
        "ABC", {"A": (6, 6), "B": (1, 1), "C": (1, 1)}, {"A": (10, 1), "B": (0, -10), "C": (-10, 0)}
    )
    assert resp.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert totals(client, url) == ["11", "-6", "-6", "0"]
    assert 'data-pot="1"' in page and "(out)" in page


def test_tokan_token_limit_message_next_to_the_player(client):
    url = new_table(client, "tokan", ["A", "B", "C"])
    form_url, base = entry_form(client, url)
    data = dict(base)
    for i, name in enumerate("ABC"):
        data.update(
            {
                f"p{i}_name": name,
                f"p{i}_seated": "1",
                f"p{i}_d1": "3",
                f"p{i}_d2": "4",
                f"p{i}_left_dir": "more",
                f"p{i}_left_n": "0",
                f"p{i}_right_dir": "more",
                f"p{i}_right_n": "0",
            }
        )
    data.update({"p1_left_n": "6", "p1_right_n": "6"})
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    section = page.split('id="player-1"')[1].split("</fieldset>")[0]
    assert "holds only 11 blue tokens" in section


def test_new_table_errors_in_place(client):
    page = client.get("/").get_data(as_text=True)
    resp = client.post(
        "/tables", data={"csrf_token": csrf(page), "game": "baka", "players": "Aki\nBen"}
    )
    assert resp.status_code == 422
    assert "Baka is played by exactly 3 players, not 2" in resp.get_data(as_text=True)


def test_data_survives_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path / 'keep.sqlite'}"
    config = {
        "TESTING": True,
        "SECRET_KEY": "x",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": False,
    }
    first = scorekeeper.create_app(config).test_client()
    resp = first.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = resp.get_json()["id"]
    first.post(f"/api/v1/sessions/{sid}/rounds", json={"players": [{"captured": HALF_A}, {}]})
    second = scorekeeper.create_app(config).test_client()
    data = second.get(f"/api/v1/sessions/{sid}").get_json()
    assert [p["total"] for p in data["players"]] == ["30", "-30"]


def test_dispute_checker_needs_no_table(client):
    # RULES 8 Toppa example (A's pile, B the rest), worked out under both yaku_values (4.4).
    # low: A five-brights 40 + poetry 20 = 60; B boar-deer-butterfly 20, blue 20,
    # real-seven-ribbons 30 + 10 x 1 = 40, chaff 100, three rows 60 = 240. D = 180 > 115:
    # A scores 115 - 240 - 120 = -245. high: A 60 + 20 = 80; B real seven 50, so 250:
    # A 115 - 250 - 120 = -255.
    common = {
        "Boar-Deer-Butterfly": 20,
        "Blue Ribbons": 20,
        "Chaff": 100,
        "Wisteria Row": 20,
        "Iris Row": 20,
        "Bush Clover Row": 20,
    }
    expected = {
        "low": (40, 40, "245"),
        "high": (60, 50, "255"),
    }
    for values, (five_brights, real_seven, score) in expected.items():
        resp = client.post(
            "/check/toppa",
            data={
                "n": "2",
                "yaku_values": values,
                "boar_deer_butterfly": "on",
                **pile_fields("p0_pile", EXAMPLE_A),
                "rest": "1",
            },
        )
        assert resp.status_code == 200
        assert result_rows(resp.get_data(as_text=True)) == [
            {
                "name": "P1",
                "delta": f"-{score}",
                "yaku": {"Five Brights": five_brights, "Poetry Ribbons": 20},
            },
            {
                "name": "P2",
                "delta": score,
                "yaku": {**common, "Real Seven Ribbons": real_seven},
            },
        ], values
    resp = client.post(
        "/check/toppa", data={"n": "2", **pile_fields("p0_pile", ["pine-crane"]), "rest": "1"}
    )
    assert resp.status_code == 422
    assert "Pine: 1 card entered" in resp.get_data(as_text=True)


def test_a_table_links_to_the_checker_with_its_players_and_house_rules(client):
    """A walk at phone size (11-29): in a dispute, Check a hand started from P1, P2 and the
    default rules, not the table's. From a table it starts from its seated players and the
    house rules in force: the RULES 8 example scores 255 under its yaku_values high (4.4),
    245 under the default."""
    from urllib.parse import parse_qsl, urlsplit

    resp = client.post(
        "/api/v1/sessions",
        json={
            "name": "Friday",
            "game": "toppa",
            "players": ["Aki", "Ben"],
            "rules": {"yaku_values": "high", "boar_deer_butterfly": True},
        },
    )
    token = resp.get_json()["id"]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    [link] = re.findall(r'href="(/check/toppa\?[^"]*)"', page)
    args = dict(parse_qsl(urlsplit(html.unescape(link)).query))
    checker = client.get(html.unescape(link)).get_data(as_text=True)
    assert 'name="name0" value="Aki"' in checker and 'name="name1" value="Ben"' in checker
    data = {**args, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"}
    rows = result_rows(client.post("/check/toppa", data=data).get_data(as_text=True))
    assert [(r["name"], r["delta"]) for r in rows] == [("Aki", "-255"), ("Ben", "255")]
    # Names a hand-made link gives twice, or empty, are the seats' P-numbers.
    data = {**data, "name1": "aki"}
    rows = result_rows(client.post("/check/toppa", data=data).get_data(as_text=True))
    assert [r["name"] for r in rows] == ["P1", "P2"]
    # A Tokan table's link carries the pot its next tour carries in (RULES 6).
    tokan = client.post(
        "/api/v1/sessions", json={"name": "Dice", "game": "tokan", "players": ["A", "B", "C"]}
    ).get_json()["id"]
    tour = {"players": [{"dice": [1, 1], "left": 5, "right": 5}] * 3}
    assert client.post(f"/api/v1/sessions/{tokan}/rounds", json=tour).status_code == 201
    pot = client.get(f"/api/v1/sessions/{tokan}").get_json()["pot"]
    assert pot != "0"
    [link] = re.findall(r'href="(/check/tokan\?[^"]*)"', client.get(f"/t/{tokan}").text)
    assert dict(parse_qsl(urlsplit(html.unescape(link)).query))["pot"] == pot
    assert f'value="{pot}"' in client.get(html.unescape(link)).text


def test_import_page_round_trip(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    client.post(form_url, data={**base, **pile_fields("p0_pile", HALF_A), "rest": "1"})
    exported = client.get(f"{url}/export.json").get_data()
    import io

    page = client.get("/").get_data(as_text=True)
    resp = client.post(
        "/import",
        data={"csrf_token": csrf(page), "file": (io.BytesIO(exported), "t.json")},
        content_type="multipart/form-data",
    )
    assert resp.status_code == 302
    assert resp.headers["Location"] != url
    assert totals(client, resp.headers["Location"]) == ["30", "-30"]


def test_first_dealer_draw_page_4_7_and_r12(client):
    resp = client.post(
        "/check/draw/toppa",
        data={
            "n": "2",
            "name0": "Aki",
            "name1": "Ben",
            "d0": ["susuki-moon", "maple-deer"],
            "d1": ["chrysanthemum-cup", "willow-ribbon"],
        },
    )
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "<strong>Ben</strong> deals first" in page  # 8 + 0 against 9 + 0
    resp = client.post(
        "/check/draw/baka",
        data={
            "n": "3",
            "d0": ["pine-crane", "susuki-moon"],
            "d1": ["plum-warbler", "bushclover-boar"],
            "d2": ["maple-deer", "paulownia-phoenix"],
        },
    )
    assert "draw again" in resp.get_data(as_text=True)
    resp = client.post(
        "/check/draw/toppa",
        data={"n": "2", "d0": ["pine-crane"], "d1": ["plum-warbler", "iris-bridge"]},
    )
    assert resp.status_code == 422


def test_the_draw_on_its_own_keeps_names_as_a_table_does(client):
    """The draw page's typed names are cleaned as a table's are: an empty one is its
    P-number, and a name given twice (case aside) is said at its field, nothing drawn
    (whose draw is whose would be ambiguous)."""
    cards = {"d0": ["chrysanthemum-cup"], "d1": ["susuki-moon"]}  # 9 against 8
    resp = client.post(
        "/check/draw/toppa", data={"n": "2", "name0": "  ", "name1": "B\u202een", **cards}
    )
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert 'name="name0" value="P1"' in page and "<strong>P1</strong> deals first" in page
    assert 'name="name1" value="Ben"' in page
    resp = client.post(
        "/check/draw/toppa", data={"n": "2", "name0": "Aki", "name1": " aki ", **cards}
    )
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "deals first.<" not in page and "Draw result" not in page
    assert 'id="name1-error">Another player is already called Aki;' in page
    fields = dict(re.findall(r'<input type="text" name="(name\d)" value="[^"]*"([^>]*)>', page))
    assert 'aria-invalid="true" aria-describedby="name1-error"' in fields["name1"]
    assert "aria-invalid" not in fields["name0"]
    # A name left empty takes a P-number no typed name has (a probe typed "P2" first).
    for typed, want in (
        ({"name0": "P2", "name1": ""}, ["P2", "P3"]),
        ({"name0": "\u200b", "name1": "P1"}, ["P2", "P1"]),
    ):
        resp = client.post("/check/draw/toppa", data={"n": "2", **typed, **cards})
        assert resp.status_code == 200, typed
        page = resp.get_data(as_text=True)
        assert re.findall(r'<input type="text" name="name\d" value="([^"]*)"', page) == want


def test_seat_draw_page_5_7_and_r17(client):
    resp = client.post(
        "/check/draw/otoroku",
        data={
            "n": "3",
            "name0": "A",
            "name1": "B",
            "name2": "C",
            "d0": ["maple-deer"],
            "d1_chaff_pine": "1",
            "d2": ["pine-crane"],
        },
    )
    page = resp.get_data(as_text=True)
    order = re.findall(r"<li><strong>(\w)</strong>", page)
    assert order == ["C", "B", "A"]  # pine crane, pine chaff, maple
    resp = client.post(
        "/check/draw/otoroku", data={"n": "2", "d0_chaff_pine": "1", "d1_chaff_pine": "1"}
    )
    assert "draw again" in resp.get_data(as_text=True)


def test_the_table_page_history_follows_every_write_in_each_language(client):
    """The table page's list of rounds is kept rendered between writes (it is most of the
    page's work): a correction or a rename shows at once, in the language asked for."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    client.post(form_url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"})
    first = client.get(url).get_data(as_text=True)
    assert "corrected" not in first and "Aki" in first
    ja = client.get(url, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "訂正済み" not in ja and "#1" in ja
    form_url, base = entry_form(client, url, 1)
    client.post(form_url, data={**base, **pile_fields("p0_pile", HALF_A), "rest": "1"})
    again = client.get(url).get_data(as_text=True)
    assert "corrected" in again and "Before correction (version 1)" in again
    ja = client.get(url, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "訂正済み" in ja and "corrected" not in ja.split('class="history"')[1].split("</ol>")[0]
    sid = url.rsplit("/", 1)[1]
    assert (
        client.patch(f"/api/v1/sessions/{sid}", json={"rename": {"Aki": "Akiko"}}).status_code
        == 200
    )
    history = client.get(url).get_data(as_text=True).split('class="history"')[1].split("</ol>")[0]
    assert "Akiko" in history and "Aki " not in history


def tokan_tour_form(client, url, names):
    """A Tokan tour's form as filled in: every player seated, 3 and 4 rolled, no difference
    predicted against either neighbour."""
    form_url, base = entry_form(client, url)
    tour = {**base}
    for i, name in enumerate(names):
        tour.update({f"p{i}_seated": "1", f"p{i}_name": name, f"p{i}_d1": "3", f"p{i}_d2": "4"})
        for side in ("left", "right"):
            tour.update({f"p{i}_{side}_dir": "more", f"p{i}_{side}_n": "0"})
    return form_url, tour


def test_ending_a_game_asks_first(client):
    """One tap on "End game" only opens the question (a tap too many ended the next game)."""
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    # Before a tour of the game is played there is nothing to end: not offered.
    assert "End game 1" not in client.get(url).get_data(as_text=True)
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    assert client.post(form_url, data=tour).status_code == 302
    page = client.get(url).get_data(as_text=True)
    confirm = page.split('<details class="confirm">', 1)[1].split("</details>", 1)[0]
    assert "<summary" in confirm and "End game 1" in confirm.split("</summary>")[0]
    assert "/end" in confirm and "Yes, end game 1" in confirm
    # Ended, the notice says what comes next in Tokan's word (a walk, 11-29: "round").
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', confirm)
    data = {"csrf_token": csrf.group(1)} if csrf else {}
    ended = client.post(f"{url}/end", data=data, follow_redirects=True)
    assert "Game 1 is over; the next tour starts game 2." in ended.get_data(as_text=True)


def test_end_game_tapped_twice_or_from_a_stale_page_ends_no_other_game(client):
    """The End game form names the game it ends: a second tap, or a page left open while
    another phone ended that game and played on, ends nothing more and says why."""
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    assert client.post(form_url, data=tour).status_code == 302
    page = client.get(url).get_data(as_text=True)
    end_form = page.split(f'action="{url}/end"', 1)[1].split("</form>", 1)[0]
    fields = dict(
        re.findall(r'name="(csrf_token|game)" (?:type="hidden" )?value="([^"]+)"', end_form)
    )
    assert fields["game"] == "1"
    ended = client.post(f"{url}/end", data=fields, follow_redirects=True)
    assert "Game 1 is over" in ended.get_data(as_text=True)
    again = client.post(f"{url}/end", data=fields, follow_redirects=True).get_data(as_text=True)
    assert "Game 1 was ended already (the button was tapped twice?): game 2 goes on" in again
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    assert client.post(form_url, data=tour).status_code == 302
    stale = client.post(f"{url}/end", data=fields, follow_redirects=True).get_data(as_text=True)
    assert "Game 1 was ended already" in stale and "Game 2 is over" not in stale
    session = client.get(f"/api/v1/sessions/{url.rsplit('/', 1)[1]}").get_json()
    assert [e["game_no"] for e in session["game_ends"]] == [1]
    assert "Game 2 is over" in client.post(
        f"{url}/end", data={**fields, "game": "2"}, follow_redirects=True
    ).get_data(as_text=True)


def test_the_history_link_counts_one_round_as_one(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    assert client.post(form_url, data=tour).status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "The one tour, deleted ones" in page and "All 1 tours" not in page
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    assert client.post(form_url, data=tour).status_code == 302
    assert "All 2 tours, deleted ones" in client.get(url).get_data(as_text=True)


def test_the_csv_record_shows_what_each_player_entered_and_made(client):
    # Each game says which of a player's keys the record shows, and where its yaku are.
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, base = entry_form(client, url)
    data = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    assert client.post(form_url, data=data).status_code == 302
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(client.get(f"{url}/export.csv").get_data(as_text=True))))
    assert rows[0]["Aki entered"].startswith("captured: pine-crane pine-ribbon")
    # RULES 8: A's five brights (60) and poetry ribbons (20).
    assert "five-brights 60" in rows[0]["Aki yaku"] and "poetry-ribbons 20" in rows[0]["Aki yaku"]


@pytest.mark.parametrize(
    ("game", "players", "body", "party"),
    [
        (
            "tokan",
            ["A", "B", "C"],
            {
                "players": [
                    {"name": "A", "dice": [3, 5], "left": 3, "right": -1},
                    {"name": "B", "dice": [2, 3], "left": 0, "right": 0},
                    {"name": "C", "dice": [2, 4], "left": 0, "right": 0},
                ]
            },
            "pot",
        ),
        (
            "otoroku",
            ["P1", "P2", "P3"],
            {
                "dealer": 0,
                "players": [
                    {"name": "P1", "cards": ["maple-deer", "wisteria-ribbon"]},
                    {"name": "P2", "cards": ["bushclover-boar", "susuki-geese"]},
                    {"name": "P3", "cards": ["peony-butterflies", "maple-ribbon"]},
                ],
            },
            "house",
        ),
    ],
)
def test_the_csv_record_has_pot_and_house_columns_so_each_row_sums_to_zero(
    client, game, players, body, party
):
    # Issue 19: a Tokan sheet's players alone do not sum to zero; with the pot (and an
    # Otoroku sheet with the house) every row's changes and totals do (RULES 7).
    import csv
    import io
    from fractions import Fraction

    # Otoroku's house takes its fee from each winning bettor against the banker (RULES 5.5).
    banker = {"rules": {"tera_zen_percent": 10}, "settings": {"method": "banker", "wager": 10}}
    extra = banker if game == "otoroku" else {}
    resp = client.post(
        "/api/v1/sessions", json={"name": "x", "game": game, "players": players, **extra}
    )
    sid = resp.get_json()["id"]
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json=body).status_code == 201
    text = client.get(f"/t/{sid}/export.csv").get_data(as_text=True)
    (row,) = list(csv.DictReader(io.StringIO(text)))
    parties = [*players, party]
    assert Fraction(row[f"{party} change"]) != 0
    assert sum(Fraction(row[f"{p} change"]) for p in parties) == 0
    assert sum(Fraction(row[f"{p} total"]) for p in parties) == 0


def test_a_correction_says_later_rounds_were_recomputed_only_when_there_are_some(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields = {**pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    form_url, base = entry_form(client, url)
    assert client.post(form_url, data={**base, **fields}).status_code == 302
    form_url, base = entry_form(client, url, 1)
    page = client.post(form_url, data={**base, **fields}, follow_redirects=True)
    said = page.get_data(as_text=True)
    assert "Round 1 corrected." in said and "recomputed" not in said  # nothing came after it
    form_url, base = entry_form(client, url)
    assert client.post(form_url, data={**base, **fields}).status_code == 302
    form_url, base = entry_form(client, url, 1)
    said = client.post(form_url, data={**base, **fields}, follow_redirects=True)
    assert "Round 1 corrected; later rounds were recomputed." in said.get_data(as_text=True)


def test_a_round_s_totals_now_add_up_with_the_pot_and_the_house(client):
    """A walk at phone size (11-29): a tour's "Totals now" listed the players only, so they
    did not add up while the pot held coins; Otoroku's left out the house's fees."""
    from fractions import Fraction

    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    form_url, tour = tokan_tour_form(client, url, ["Aki", "Ben", "Cy"])
    tour.update({"p0_d1": "6", "p0_d2": "6", "p0_left_n": "3", "p0_right_n": "2"})  # unmet
    shown = client.post(form_url, data=tour, follow_redirects=True).get_data(as_text=True)
    totals = shown.split("<h2>Totals now</h2>", 1)[1].split("</ul>", 1)[0]
    figures = [
        Fraction(f.replace("−", "-")) for f in re.findall(r"<strong>([^<]+)</strong>", totals)
    ]
    assert 'class="pot"' in totals and len(figures) == 4
    assert sum(figures) == 0 and figures[-1] > 0


def test_a_card_drawn_twice_is_said_by_the_players_names(client):
    """A hostile-page probe (2026-11-29): the draw page named the players by number ("in
    player 1's draw and player 2's draw") though the form had their names."""
    data = {"n": "2", "name0": "Aki #2", "name1": "a/b", "d0": ["pine-crane"], "d1": ["pine-crane"]}
    page = html.unescape(client.post("/check/draw/toppa", data=data).get_data(as_text=True))
    assert "The Crane is entered twice: in Aki #2's draw and a/b's draw" in page
    seats = {"n": "2", "name0": "Aki", "name1": "Ben", "d0": ["pine-crane"], "d1": ["pine-crane"]}
    page = html.unescape(client.post("/check/draw/otoroku", data=seats).get_data(as_text=True))
    assert "in Aki's draw and Ben's draw" in page
