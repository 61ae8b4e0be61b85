"""The JSON API of shared/API.md: stateless scoring and table sessions."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import HTTPException

from scorekeeper import tables
from scorekeeper.models import Table, db
from scorekeeper.rules import GAMES, InvalidInput, Violation, find_game

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class BadBody(ValueError):
    """The request body is not a JSON object."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


def read_json_object() -> dict[str, Any]:
    """The request body as a JSON object; BadBody on malformed JSON or a non-object."""
    raw = request.get_data(cache=True)
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BadBody(f"The body is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise BadBody('The body must be a JSON object, such as {"players": [...]}')
    return data


def errors_response(errors: list[dict[str, str]], status: int) -> tuple[Response, int]:
    return jsonify({"errors": errors}), status


def http_error(exc: HTTPException) -> tuple[Response, int]:
    """An HTTP error under /api/ as the JSON error shape of API.md."""
    return errors_response([{"field": "", "message": exc.description or exc.name}], exc.code or 500)


@bp.post("/score/<game>")
def score(game: str) -> Any:
    """Score one round of ``game`` without storing anything."""
    found = find_game(game)
    if found is None:
        known = ", ".join(GAMES)
        return errors_response(
            [{"field": "game", "message": f"'{game}' is not a game here (known: {known})"}], 404
        )
    try:
        data = read_json_object()
    except BadBody as exc:
        return errors_response([{"field": "", "message": str(exc)}], 400)
    try:
        result = found.evaluate(data)
    except InvalidInput as exc:
        return errors_response([v.to_dict() for v in exc.violations], 422)
    return jsonify(result.to_dict())


# -- sessions ----------------------------------------------------------------------------


def _table_url(table: Table) -> str:
    return url_for("sessions.show", token=table.token, _external=True)


def _session(table: Table) -> dict[str, Any]:
    return tables.session_json(table, _table_url(table))


def _write(action: Any) -> Any:
    """Run a write inside one transaction, mapping failures onto API.md's status codes."""
    try:
        data = read_json_object()
    except BadBody as exc:
        return errors_response([{"field": "", "message": str(exc)}], 400)
    try:
        out = action(data)
        db.session.commit()
        return out
    except InvalidInput as exc:
        db.session.rollback()
        return errors_response([v.to_dict() for v in exc.violations], 422)
    except tables.Conflict as exc:
        db.session.rollback()
        return errors_response([{"field": "", "message": str(exc)}], 409)
    except IntegrityError:
        db.session.rollback()
        return errors_response(
            [
                {
                    "field": "",
                    "message": "Another phone wrote to this table at the same moment; "
                    "reload it and try again",
                }
            ],
            409,
        )
    except LookupError:
        db.session.rollback()
        return errors_response([{"field": "", "message": "No such table or round"}], 404)


@bp.post("/sessions")
def create_session() -> Any:
    """Open a new table."""

    def action(data: dict[str, Any]) -> Any:
        table = tables.create_table(tables.check_table(data))
        body = _session(table)
        resp = jsonify(body)
        resp.status_code = 201
        resp.headers["Location"] = body["url"]
        return resp

    return _write(action)


@bp.get("/sessions/<token>")
def get_session(token: str) -> Any:
    """The table with its players' totals and every round."""
    try:
        table = tables.find_table(token)
    except LookupError:
        return errors_response([{"field": "", "message": "No such table"}], 404)
    return jsonify(_session(table))


def _round_fields(data: dict[str, Any]) -> tuple[str, str | None, int | None]:
    kind = data.pop("kind", "round")
    submission = data.pop("submission_id", None)
    expected = data.pop("expected_number", None)
    if kind not in ("round", "end"):
        raise InvalidInput([Violation("kind", f"{kind!r} is not 'round' or 'end'")])
    if submission is not None and (not isinstance(submission, str) or len(submission) > 64):
        raise InvalidInput([Violation("submission_id", "Up to 64 characters of text")])
    if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
        raise InvalidInput([Violation("expected_number", "A round number")])
    return kind, submission, expected


@bp.post("/sessions/<token>/rounds")
def add_round(token: str) -> Any:
    """Score and store the next round of a table."""

    def action(data: dict[str, Any]) -> Any:
        kind, submission, expected = _round_fields(data)
        table = tables.find_table(token, lock=True)
        rnd, created = tables.add_round(
            table, kind, data, submission_id=submission, expected_number=expected
        )
        return jsonify(tables.round_json(rnd)), 201 if created else 200

    return _write(action)


@bp.put("/sessions/<token>/rounds/<int:number>")
def correct_round(token: str, number: int) -> Any:
    """Replace a round's input; every later round is recomputed."""

    def action(data: dict[str, Any]) -> Any:
        data.pop("kind", None)
        data.pop("submission_id", None)
        data.pop("expected_number", None)
        table = tables.find_table(token, lock=True)
        tables.correct_round(table, number, data)
        return jsonify(_session(table))

    return _write(action)


@bp.delete("/sessions/<token>/rounds/<int:number>")
def delete_round(token: str, number: int) -> Any:
    """Delete a round; later rounds move up and are recomputed."""
    try:
        table = tables.find_table(token, lock=True)
        tables.delete_round(table, number)
        db.session.commit()
    except LookupError:
        db.session.rollback()
        return errors_response([{"field": "", "message": "No such table or round"}], 404)
    except InvalidInput as exc:
        db.session.rollback()
        return errors_response([v.to_dict() for v in exc.violations], 422)
    return jsonify(_session(table))


@bp.get("/sessions/<token>/export.json")
def export(token: str) -> Any:
    try:
        table = tables.find_table(token)
    except LookupError:
        return errors_response([{"field": "", "message": "No such table"}], 404)
    return jsonify(tables.export_json(table))


@bp.post("/sessions/import")
def import_session() -> Any:
    """Recreate a table from a JSON export."""

    def action(data: dict[str, Any]) -> Any:
        table = tables.import_table(data)
        resp = jsonify(_session(table))
        resp.status_code = 201
        return resp

    return _write(action)
