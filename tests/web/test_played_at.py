"""Issue 39 item 3: a round kept on a phone without a signal keeps the time it was played. The
round form's optional ``played_at`` (set by the phone's queue, static/js/queue-store.js) is
bounded: a time later than now or before the table was opened, beyond a small skew of the
phone's clock, is refused naming the field, and nothing is stored; within the skew it is taken
as now, or as the opening. The history and the API's ``at`` show it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.models import Table, db
from scorekeeper.tables.checks import PLAYED_AT_SKEW
from tests.web.test_live import MINE, app, session_rounds, token  # noqa: F401  (app: CSRF on)
from tests.web.test_pages import entry_form, new_table

FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def opened_an_hour_ago(client, url) -> datetime:
    with client.application.app_context():
        table = db.session.scalar(db.select(Table).where(Table.token == token(url)))
        table.created_at = utcnow() - timedelta(hours=1)
        db.session.commit()
        return table.created_at


def post_round(client, url, played_at):
    form_url, base = entry_form(client, url)
    return client.post(form_url, data={**base, **MINE, "played_at": played_at})


def test_a_round_played_earlier_keeps_its_time_in_the_history_and_the_api(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    opened_an_hour_ago(client, url)
    played = (utcnow() - timedelta(minutes=25)).strftime(FORMAT)
    resp = post_round(client, url, played)
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/rounds/1")
    assert session_rounds(client, url)[0]["at"] == played
    history = client.get(f"{url}/history").get_data(as_text=True)
    line = history.split('<li class="round round"')[1]
    assert f'<time datetime="{played}">' in line
    page = client.get(f"{url}/rounds/1").get_data(as_text=True)
    assert f'<time datetime="{played}">' in page
    # The journal keeps when it was written (sent): now, not the time played.
    journal = client.get(f"/api/v1/sessions/{token(url)}/journal").get_json()["entries"]
    sent = datetime.strptime(journal[0]["at"], FORMAT)
    assert sent - datetime.strptime(played, FORMAT) > timedelta(minutes=20)


def test_without_a_time_played_a_round_is_now(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    before = utcnow()
    assert post_round(client, url, "").status_code == 302
    at = datetime.strptime(session_rounds(client, url)[0]["at"], FORMAT)
    assert before - timedelta(seconds=1) <= at <= utcnow() + timedelta(seconds=1)


@pytest.mark.parametrize(
    ("when", "said"),
    [
        (timedelta(hours=3), "later than now: check this phone&#39;s clock"),
        (-timedelta(hours=2), "before this table was opened"),
        (None, "is not a time such as 2026-11-22T21:04:05Z"),
    ],
    ids=["future", "before-the-table", "not-a-time"],
)
def test_a_time_played_out_of_bounds_is_refused_and_nothing_stored(client, when, said):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    opened_an_hour_ago(client, url)
    raw = "yesterday evening" if when is None else (utcnow() + when).strftime(FORMAT)
    resp = post_round(client, url, raw)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert said in page
    assert session_rounds(client, url) == []
    # The form comes back without it: saved again, the round is played now.
    assert re.search(r'name="played_at" type="hidden" value=""', page)


def test_a_phone_clock_a_little_off_is_taken_as_now_or_the_opening(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    opened = opened_an_hour_ago(client, url)
    ahead = (utcnow() + PLAYED_AT_SKEW / 2).strftime(FORMAT)
    assert post_round(client, url, ahead).status_code == 302
    at = datetime.strptime(session_rounds(client, url)[0]["at"], FORMAT)
    assert at <= utcnow()
    behind = (opened - PLAYED_AT_SKEW / 2).strftime(FORMAT)
    assert post_round(client, url, behind).status_code == 302
    assert session_rounds(client, url)[1]["at"] == opened.strftime(FORMAT)


def test_a_correction_keeps_the_rounds_time(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    opened_an_hour_ago(client, url)
    played = (utcnow() - timedelta(minutes=30)).strftime(FORMAT)
    assert post_round(client, url, played).status_code == 302
    edit_url, base = entry_form(client, url, 1)
    page = client.get(edit_url).get_data(as_text=True)
    assert 'name="played_at"' not in page  # a correction has no time of its own
    based_on = re.search(r'name="based_on" type="hidden" value="([^"]+)"', page).group(1)
    data = {**base, **MINE, "based_on": based_on, "played_at": utcnow().strftime(FORMAT)}
    assert client.post(edit_url, data=data).status_code == 302
    assert session_rounds(client, url)[0]["at"] == played
