"""The JSON API of shared/API.md: stateless scoring and table sessions.

Each view reads its body, calls one service function and answers; failures are mapped onto
API.md's status codes once, by this blueprint's error handlers (the transaction is rolled
back there, so nothing is stored half-way).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, PreconditionFailed

from scorekeeper import limits
from scorekeeper.bodies import BadJSON, load_object
from scorekeeper.clubs import reading as club_reading
from scorekeeper.clubs import service as club_service
from scorekeeper.games import GAMES, find_game
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import as_entry
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import shown
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import (
    JournalEntry,
    JournalJSON,
    SessionJSON,
    Table,
    end_json,
    entry_json,
    etag,
    expected_number_of,
    journal_json,
    round_json,
    session_json,
    submission_id_of,
    version_tag,
)
from scorekeeper.views import allow_an_export
from scorekeeper.views.links import table_link, table_view_link, token_link

bp = Blueprint("api", __name__, url_prefix="/api/v1")

DEFAULT_PAGE = 100
"""Rounds a session lists unless asked for others (API.md "Long tables")."""
MAX_PAGE = 1000


class BadBody(ValueError):
    """The request body is not a JSON object."""


class UnknownGame(reading.NotFound):
    """A game name that is not one of ours."""


def read_json_object() -> JSONObject:
    """The request body as a JSON object: BadBody on malformed JSON or a non-object,
    InvalidInput for what no table can keep (see ``scorekeeper.bodies``)."""
    try:
        return load_object(request.get_data(cache=True))
    except BadJSON as exc:
        raise BadBody(str(exc)) from exc


def errors_response(errors: list[dict[str, str]], status: int) -> tuple[Response, int]:
    return jsonify({"errors": errors}), status


def _message(message: str, status: int, field: str = "") -> tuple[Response, int]:
    service.rollback()
    return errors_response([{"field": field, "message": message}], status)


@bp.errorhandler(BadBody)
def _bad_body(exc: BadBody) -> tuple[Response, int]:
    return _message(str(exc), 400)


@bp.errorhandler(InvalidInput)
def _invalid(exc: InvalidInput) -> tuple[Response, int]:
    service.rollback()
    return errors_response([v.to_dict() for v in exc.violations], 422)


@bp.errorhandler(service.Conflict)
def _conflict(exc: service.Conflict) -> tuple[Response, int]:
    return _message(str(exc), 409)


@bp.errorhandler(service.Collided)
def _collided(exc: service.Collided) -> tuple[Response, int]:
    return _message(
        "Another phone wrote to this table at the same moment; reload it and try again", 409
    )


@bp.errorhandler(UnknownGame)
def _unknown_game(exc: UnknownGame) -> tuple[Response, int]:
    known = ", ".join(GAMES)
    return _message(f"'{exc.args[0]}' is not a game here (known: {known})", 404, "game")


@bp.errorhandler(club_reading.ClubNotFound)
def _no_club(exc: club_reading.ClubNotFound) -> tuple[Response, int]:
    return _read_only_write() or _message("No such club", 404)


@bp.errorhandler(club_service.NoSuchChange)
def _no_club_change(exc: club_service.NoSuchChange) -> tuple[Response, int]:
    return _message("There is no such entry in this club's journal", 404, "seq")


@bp.errorhandler(club_reading.MemberNotFound)
def _no_member(exc: club_reading.MemberNotFound) -> tuple[Response, int]:
    return _message("No such member in this club", 404)


@bp.errorhandler(club_reading.SeasonNotFound)
def _no_season(exc: club_reading.SeasonNotFound) -> tuple[Response, int]:
    return _message(f"This club has no season named '{exc.args[0]}'", 404, "season")


@bp.errorhandler(reading.NotFound)
def _missing(exc: reading.NotFound) -> tuple[Response, int]:
    return _read_only_write() or _message("No such table or round", 404)


READ_ONLY = "This is a read-only link: it shows the table or club but cannot change it"


def _read_only_write() -> tuple[Response, int] | None:
    """A write whose id is no table's or club's own: 403 if it is a read-only link's (API.md
    "Clubs"). Asked only once the id was not found, so a write pays nothing for it."""
    token = (request.view_args or {}).get("token")
    if request.method in ("GET", "HEAD", "OPTIONS") or not isinstance(token, str):
        return None
    return _message(READ_ONLY, 403) if club_reading.is_view_token(token) else None


def http_error(exc: HTTPException, field: str = "") -> tuple[Response, int]:
    """An HTTP error under /api/ as the JSON error shape of API.md (at ``field`` when one
    part of the request caused it: a photo too large)."""
    message = exc.description or exc.name
    return errors_response([{"field": field, "message": message}], exc.code or 500)


@bp.post("/score/<game>")
def score(game: str) -> ResponseReturnValue:
    """Score one round of ``game`` without storing anything: the body is the engine's whole
    input, as no table completes it."""
    found = find_game(game)
    if found is None:
        raise UnknownGame(game)
    return jsonify(service.score(found, read_json_object()))


# -- tables (API.md's sessions) -------------------------------------------------------------


def _table_answer(table: Table) -> SessionJSON:
    """The table as API.md's session, with the page of rounds the request asks for (API.md
    "Long tables")."""
    first = _page_arg("from", 1, 10**9)
    limit = _page_arg("limit", 1, MAX_PAGE)
    return session_json(
        table,
        table_link(table),
        reading.round_page(table, first, limit or DEFAULT_PAGE),
    )


def _page_arg(name: str, minimum: int, maximum: int) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    # ASCII digits only: '²' and '①' are digits to str.isdigit, and not to int().
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or not minimum <= int(raw) <= maximum:
        raise InvalidInput(
            [Violation(name, f"{name} is a whole number from {minimum} to {maximum}")]
        )
    return int(raw)


def _if_match(table: Table) -> None:
    """A write's ``If-Match`` (RFC 9110), when it has one: 412 and nothing written unless it
    names the table as it is now (the ETag of any page of its rounds), so that a client's
    retry of a delete or a correction made meanwhile changes nothing twice. ``*`` matches."""
    wanted = request.if_match
    if not wanted or wanted.star_tag:
        return
    now = etag(table)
    read = re.compile(re.escape(now) + r"(?:-(?:from|limit)[0-9]+)*")
    if not any(read.fullmatch(tag) for tag in wanted.as_set()):
        raise PreconditionFailed(
            f'The table changed since it was read (its ETag is now "{now}"): read it again'
        )


@bp.post("/sessions")
@limits.creates
def create_table() -> ResponseReturnValue:
    """Open a new table, or continue one (``continue_from``) with its totals carried over."""
    data = read_json_object()
    source = data.get("continue_from")
    if source is not None:
        try:
            old = reading.find_table(source, lock=True)  # it gains a journal entry
        except reading.NotFound:
            raise InvalidInput(
                [Violation("continue_from", "There is no table with this id to continue")]
            ) from None
        carry = data.get("carry", True)
        if not isinstance(carry, bool):
            raise InvalidInput([Violation("carry", f"{shown(carry)} is not true or false")])
        table = service.rematch(old, carry=carry)
        name = service.continued_name(data, table.game, list(table.players))
        if name is not None:
            table.name = name
        seats = service.continued_seats(data, list(table.players))
        if seats is not None:  # seated in the order given, as a new table's players
            service.edit_table(table, {"seats": list[JSONValue](seats)})
    else:
        club = club_service.club_for_table(data.get("club")) if "club" in data else None
        new = service.check_new_table({k: v for k, v in data.items() if k != "club"})
        table = service.open_new_table(new, club)
    service.commit()
    body = _table_answer(table)
    resp = jsonify(body)
    resp.status_code = 201
    resp.headers["Location"] = body["url"]
    return resp


def _page_tag() -> str:
    """What a page of rounds adds to the table's ETag: each page is its own representation."""
    return "".join(f"-{k}{v}" for k, v in sorted(request.args.items()) if v.isdigit())


def _tagged(table: Table, resp: Response) -> Response:
    """A write's answer carrying the session's ETag, so that the next write's ``If-Match``
    needs no read between."""
    resp.set_etag(etag(table) + _page_tag())
    return resp


@bp.get("/sessions/<token>")
def get_table(token: str) -> ResponseReturnValue:
    """The table with its players' totals and every round; 304 when nothing changed."""
    # Each page of rounds is its own representation.
    page = _page_tag()
    if request.if_none_match:
        # A client polling an unchanged table: one indexed read of its version, no rendering.
        tag = version_tag(*reading.table_version(token)) + page
        if request.if_none_match.contains_weak(tag):  # RFC 9110: If-None-Match compares weakly
            resp = Response(status=304)
            resp.set_etag(tag)
            resp.headers["Cache-Control"] = "no-cache"
            return resp
    table, view = club_reading.readable_table(token)
    tag = etag(table) + page
    body = _table_answer(table)
    if view:  # the read-only link: the same table without its writable id
        del body["id"]
        body["url"] = body["view_url"]
    resp = jsonify(body)
    resp.set_etag(tag)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.patch("/sessions/<token>")
@limits.writes
def change_table(token: str) -> ResponseReturnValue:
    """Change a table: its name, point value, settings, players' names, who plays."""
    data = read_json_object()
    table = reading.find_table(token, lock=True)
    _if_match(table)
    service.change_table(table, data)
    service.commit()
    return _tagged(table, jsonify(_table_answer(table)))


@bp.get("/sessions/<token>/settle")
def get_settle(token: str) -> ResponseReturnValue:
    """Who pays whom to clear every running total: exact, and in whole coins."""
    return jsonify(reading.settle_plan(reading.find_table(token)))


@bp.post("/sessions/<token>/settle")
@limits.writes
def post_settle(token: str) -> ResponseReturnValue:
    """Record a settle-up: the running totals start again from zero."""
    data = read_json_object() if request.get_data(cache=True).strip() else {}
    table = reading.find_table(token, lock=True)  # a read-only link: 403 before the body's keys
    _if_match(table)
    version = data.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise InvalidInput([Violation("version", "The table's version (a whole number)")])
    # "verison" dropped would drop the 409's guard
    _only(data, "version", lambda k: N_("A settle-up reads only version, not %(key)s", key=k))
    settle = service.record_settle(table, version)
    service.commit()
    body = _table_answer(table)
    body["settle"] = entry_json(settle)  # no round: it takes no number
    return jsonify(body)


@bp.get("/sessions/<token>/journal")
def get_journal(token: str) -> ResponseReturnValue:
    """Every write to the table, newest first; through its read-only link too (API.md: the
    same JSON), where a rematch names the new table by its read-only link."""
    table, view = club_reading.readable_table(token)
    return jsonify({"entries": [_journal_entry(e, view) for e in reading.journal(table)]})


def _journal_entry(entry: JournalEntry, view: bool = False) -> JournalJSON:
    """A journal entry; a rematch made from the table carries the new table's link (its
    read-only one through a read-only link, when it has one)."""
    out = journal_json(entry)
    continued = reading.continued_at(entry)
    if continued is not None and not view:
        out["continued_at"] = token_link(continued)
    elif continued is not None:
        try:
            link = table_view_link(reading.find_table(continued))
        except reading.NotFound:
            link = None
        if link is not None:
            out["continued_at"] = link
    return out


@bp.post("/sessions/<token>/undo")
@limits.writes
def undo(token: str) -> ResponseReturnValue:
    """Undo one journal entry; answers with the session."""
    # The body is read once the table is found: an unknown table is 404 whatever it says.
    table = service.open_for(token, lambda found: service.undoing(_undo_seq())(found))
    _if_match(table)
    try:
        service.undo(table, _undo_seq())
    except reading.NotFound:  # the table is there: the entry is not
        return _message("There is no such entry in this table's journal", 404, "seq")
    service.commit()
    return _tagged(table, jsonify(_table_answer(table)))


def _only(data: JSONObject, key: str, said: Callable[[str], Msg]) -> None:
    """InvalidInput at each key of a body that reads only ``key``, in ``said``'s words."""
    unknown = sorted(set(data) - {key})
    if unknown:
        raise InvalidInput([Violation(str(k)[:40], said(shown(k))) for k in unknown])


def _undo_seq() -> int:
    data = read_json_object()
    # As a club's undo: {"seq": 3, "sqe": 4} is a mistake, not entry 3.
    _only(data, "seq", lambda k: N_("An undo reads only seq, not %(key)s", key=k))
    seq = data.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise InvalidInput([Violation("seq", "The seq of a journal entry (a whole number)")])
    return seq


def _round_fields(data: JSONObject) -> tuple[EntryKind, str | None, int | None]:
    kind = data.pop("kind", EntryKind.ROUND)
    submission = data.pop("submission_id", None)
    expected = data.pop("expected_number", None)
    if kind not in service.KINDS:
        raise InvalidInput([Violation("kind", f"{shown(kind)} is not 'round' or 'end'")])
    if kind == EntryKind.END and data:  # a game's end reads nothing else: a key is a mistake
        raise InvalidInput(
            [
                Violation(str(key)[:40], N_("A game's end takes no %(key)s", key=shown(key)))
                for key in data
            ]
        )
    return EntryKind(kind), submission_id_of(submission), expected_number_of(expected)


@bp.post("/sessions/<token>/rounds")
@limits.writes
def add_round(token: str) -> ResponseReturnValue:
    """Score and store the next round of a table."""
    data = read_json_object()
    kind, submission, expected = _round_fields(data)
    table = reading.find_table(token, lock=True)
    _if_match(table)
    rnd, created = service.enter_round(
        table, kind, as_entry(data), submission_id=submission, expected_number=expected
    )
    service.commit()
    if rnd.kind == EntryKind.END:  # no round: the game's end, after the game's last round
        return jsonify(end_json(rnd, reading.after_of(table, rnd))), 201 if created else 200
    return jsonify(round_json(rnd)), 201 if created else 200


@bp.put("/sessions/<token>/rounds/<int:number>")
@limits.writes
def correct_round(token: str, number: int) -> ResponseReturnValue:
    """Replace a round's input; every later round is recomputed."""
    data = read_json_object()
    for key in ("kind", "submission_id", "expected_number"):
        data.pop(key, None)
    entry = as_entry(data)
    table = service.open_for(token, service.correcting(number, copy.deepcopy(entry)))
    _if_match(table)
    service.correct_round(table, number, entry)
    service.commit()
    return _tagged(table, jsonify(_table_answer(table)))


@bp.delete("/sessions/<token>/rounds/<int:number>")
@limits.writes
def delete_round(token: str, number: int) -> ResponseReturnValue:
    """Delete a round; later rounds move up and are recomputed."""
    table = service.open_for(token, service.deleting(number))
    _if_match(table)
    service.delete_round(table, number)
    service.commit()
    return _tagged(table, jsonify(_table_answer(table)))


@bp.get("/sessions/<token>/export.json")
def export(token: str) -> ResponseReturnValue:
    """The table's export; through its read-only link too (it holds no id of the table)."""
    table, _ = club_reading.readable_table(token)
    return jsonify(service.export_table(table))


@bp.post("/sessions/import")
@limits.imports
def import_table() -> ResponseReturnValue:
    """Recreate a table from a JSON export."""
    allow_an_export()
    raw = request.get_data(cache=True)
    try:  # a CSV export sent instead: 422, saying to send the JSON export
        data = service.read_export(raw, mimetype=request.mimetype)
    except BadJSON as exc:
        raise BadBody(str(exc)) from exc
    table = service.import_table(data)
    service.commit()
    resp = jsonify(_table_answer(table))
    resp.status_code = 201
    return resp


# -- clubs (API.md "Clubs") ----------------------------------------------------------------


def _club_answer(
    club: club_reading.Club, status: int = 200, *, view: bool = False
) -> ResponseReturnValue:
    archived = request.args.get("archived") in ("1", "true")
    resp = jsonify(club_reading.club_json(club, view=view, archived=archived))
    resp.status_code = status
    if status == 201:
        resp.headers["Location"] = f"/c/{club.token}"
    return resp


@bp.post("/clubs")
@limits.creates
def create_club() -> ResponseReturnValue:
    """A new club with its members and time zone."""
    club = club_service.create_club(read_json_object())
    service.commit()
    return _club_answer(club, 201)


@bp.get("/clubs/<token>")
def get_club(token: str) -> ResponseReturnValue:
    """The club, or through its read-only link the club without writable ids."""
    club, view = club_reading.readable_club(token)
    return _club_answer(club, view=view)


@bp.patch("/clubs/<token>")
@limits.writes
def change_club(token: str) -> ResponseReturnValue:
    """Rename, add, archive members; the club's name, time zone and deck; detach a table."""
    data = read_json_object()
    club = club_reading.find_club(token, lock=True)
    club_service.change(club, data)
    service.commit()
    return _club_answer(club)


@bp.get("/clubs/<token>/journal")
def club_journal(token: str) -> ResponseReturnValue:
    return jsonify({"entries": club_reading.journal(club_reading.readable_club(token)[0])})


@bp.post("/clubs/<token>/undo")
@limits.writes
def undo_club(token: str) -> ResponseReturnValue:
    """Undo the club's last change not undone yet, or the one numbered ``seq``."""
    raw = request.get_data(cache=True)
    data = read_json_object() if raw.strip() else {}
    club = club_reading.find_club(token, lock=True)  # a read-only link: 403 first
    # "sqe" dropped would undo the last change instead
    _only(data, "seq", lambda k: N_("A club's undo reads only seq, not %(key)s", key=k))
    if "seq" in data and data["seq"] is None:  # a client that meant one: not "the last"
        raise InvalidInput([Violation("seq", N_("null is not a journal entry's number"))])
    club_service.undo(club, data.get("seq"))
    service.commit()
    return _club_answer(club)


@bp.get("/clubs/<token>/standings")
def club_standings(token: str) -> ResponseReturnValue:
    """Each member's points and money over a period of the club's days."""
    return jsonify(club_reading.standings(club_reading.readable_club(token)[0], request.args))


@bp.get("/clubs/<token>/members/<path:name>")
def club_member(token: str, name: str) -> ResponseReturnValue:
    """A member's tables, games, yaku and opponents over a period."""
    club, view = club_reading.readable_club(token)
    return jsonify(club_reading.member_stats(club, name, request.args, view=view))


@bp.get("/clubs/<token>/ratings")
def club_ratings(token: str) -> ResponseReturnValue:
    """Each member's rating in a game (and season), best first (API.md "Seasons and
    ratings")."""
    return jsonify(club_reading.ratings(club_reading.readable_club(token)[0], request.args))


@bp.get("/clubs/<token>/records")
def club_records(token: str) -> ResponseReturnValue:
    """The club's records in a game (and season): who, when and where (issue 41)."""
    club, view = club_reading.readable_club(token)
    return jsonify(club_reading.records_json(club, request.args, view=view))


@bp.get("/clubs/<token>/export.csv")
def club_csv(token: str) -> ResponseReturnValue:
    """The standings as CSV for a spreadsheet (the same parameters)."""
    club, _ = club_reading.readable_club(token)
    table = club_reading.standings(club, request.args)
    resp = Response(club_reading.standings_csv(table), mimetype="text/csv")
    # Named by what it holds, so that two downloads (this month's Toppa, all time) do not
    # overwrite each other: standings-2026-11-01-2026-11-30-toppa.csv.
    parts = ["standings"] + [
        str(table[k]) for k in ("from", "to", "game") if isinstance(table.get(k), str)
    ]
    if not isinstance(table.get("from"), str) and not isinstance(table.get("to"), str):
        parts.insert(1, "all-time")
    resp.headers["Content-Disposition"] = f'attachment; filename="{"-".join(parts)}.csv"'
    return resp


EXPORT_NOT_VIEWED = (
    "This is a read-only link: the club's export holds its tables' ids, which write to them, "
    "so only the club's own link exports it"
)


@bp.get("/clubs/<token>/export.json")
def club_export(token: str) -> ResponseReturnValue:
    """The club, its members and every table's export (the club's own link only: 403 with
    its read-only link, saying why, not 404 as for no club)."""
    if club_reading.is_view_token(token):
        return _message(EXPORT_NOT_VIEWED, 403)
    return jsonify(club_reading.export_club(club_reading.find_club(token)))
