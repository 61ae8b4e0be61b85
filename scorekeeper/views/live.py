"""What a table's pages poll to notice another phone's write (static/js/live.js).

A page that shows a table's state carries the table's journal version; every couple of
seconds, while the page is visible, its script asks ``/t/<token>/live`` with
``If-None-Match`` set to that version's tag. Unchanged, the answer is ``304`` from one
indexed read of the version: nothing rendered, no ledger work. Changed, a few figures say
what happened; the page then fetches itself again and swaps what it shows (or, on the
round form, offers a notice and keeps what the player has tapped).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for

from scorekeeper.games import GAMES
from scorekeeper.i18n import translate as tr
from scorekeeper.tables import reading
from scorekeeper.tables.reading import JournalEntry, continued_at, version_tag
from scorekeeper.views import get_table_or_404

bp = Blueprint("live", __name__)


def _fresh(resp: Response) -> Response:
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def _continued(entry: JournalEntry) -> dict[str, str]:
    """``continued_at``, the new table's page, when the entry is a rematch made from here."""
    token = continued_at(entry)
    return {} if token is None else {"continued_at": url_for("tables.show", token=token)}


@bp.get("/t/<token>/live")
def poll(token: str) -> Response:
    """304 while the table is at the version the page shows; else where it stands now (its
    words in the page's language: the notice the script shows is put together from them)."""
    if request.if_none_match:
        try:
            # The table's version alone: the page asks by it (live.js), and the poll's answer
            # shows nothing of the club (the session's ETag also follows its club).
            tag = version_tag(reading.table_version(token)[0])
        except LookupError:
            tag = ""
        # RFC 9110: If-None-Match compares weakly (W/"v3" matches "v3"); * matches any table.
        if tag and request.if_none_match.contains_weak(tag):
            resp = Response(status=304)
            resp.set_etag(tag)
            return _fresh(resp)
    table = get_table_or_404(token)
    latest = reading.latest_entry(table)
    game = GAMES[table.game]
    resp = jsonify(
        {
            "version": table.version,
            "round_count": table.rounds_played,
            "noun": tr(game.noun),
            "latest": None
            if latest is None
            else {
                "action": latest.action,
                "number": latest.number,
                "summary": tr(reading.summary_of(latest)),
                "what": tr(game.numbered(latest.number).capitalized())
                if latest.number is not None
                else "",
                # An entered round's submission: a phone that kept it (its queue, sending
                # when the signal returned) says it sent it, not that another phone did.
                "submission_id": reading.submission_of(latest),
                # A rematch made from this table: where the game goes on.
                **_continued(latest),
            },
            "table_url": url_for("tables.show", token=table.token),
        }
    )
    resp.set_etag(version_tag(table.version))
    return _fresh(resp)
