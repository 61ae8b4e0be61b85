"""Views read a request, call one service function and render or redirect (issue 32, item
2): a table is opened by one function whichever page or API call asks, and the club rule of
a table's PATCH lives in the service, its message in English and Japanese."""

from __future__ import annotations

from scorekeeper.i18n import translate
from scorekeeper.tables import service
from tests.web.test_clubs import make_club

JA = {"Accept-Language": "ja,en-US;q=0.7,en;q=0.3"}


def test_the_home_page_a_club_page_and_the_api_open_a_table_through_one_service(
    client, monkeypatch
):
    opened: list[tuple[str, bool]] = []
    real = service.open_new_table

    def recording(new, club=None, **given):  # a page's form gives its start_id too
        table = real(new, club, **given)
        opened.append((table.name, club is not None))
        return table

    monkeypatch.setattr(service, "open_new_table", recording)
    club = make_club(client)
    home = client.post(
        "/tables", data={"game": "toppa", "name": "Home", "players": "Ann\nBo", "first_dealer": 1}
    )
    assert home.status_code == 302, home.get_data(as_text=True)
    at_club = client.post(
        f"/c/{club['id']}/tables",
        data={"game": "toppa", "name": "Club", "member": ["Aki", "Ben"], "first_dealer": "1"},
    )
    assert at_club.status_code == 302, at_club.get_data(as_text=True)
    api = client.post(
        "/api/v1/sessions", json={"name": "API", "game": "toppa", "players": ["A", "B"]}
    )
    assert api.status_code == 201, api.get_json()
    in_club = client.post(
        "/api/v1/sessions",
        json={"name": "API club", "game": "toppa", "players": ["Aki", "Cho"], "club": club["id"]},
    )
    assert in_club.status_code == 201, in_club.get_json()
    assert opened == [("Home", False), ("Club", True), ("API", False), ("API club", True)]


def test_a_table_refused_at_its_checks_is_never_opened(client, monkeypatch):
    opened = []
    monkeypatch.setattr(service, "open_new_table", lambda *a, **k: opened.append(a))
    resp = client.post("/tables", data={"game": "toppa", "players": "Ann", "first_dealer": 1})
    assert resp.status_code == 422 and opened == []


def test_the_club_rule_of_a_table_lives_in_the_service_and_speaks_both_languages(client, app):
    club = make_club(client)
    s = client.post(
        "/api/v1/sessions", json={"game": "toppa", "players": ["Aki", "Ben"], "club": club["id"]}
    ).get_json()
    left = client.patch(f"/api/v1/sessions/{s['id']}", json={"club": None})
    assert left.status_code == 422
    assert left.get_json()["errors"] == [
        {"field": "club", "message": "This table plays in a club: detach it at the club"}
    ]
    assert str(service.CLUB_KEEPS_ITS_TABLE) == left.get_json()["errors"][0]["message"]
    with app.test_request_context(headers=JA):
        assert translate(service.CLUB_KEEPS_ITS_TABLE) == (
            "この卓はクラブに入っています。クラブから外すのはクラブのページで行ってください"
        )
    assert client.get(f"/api/v1/sessions/{s['id']}").get_json()["in_club"] is True
