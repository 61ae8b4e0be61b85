"""The JSON API of shared/API.md: stateless scoring."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.rules import GAMES, InvalidInput, find_game

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


def http_error(exc: HTTPException) -> tuple[Response, int]:
    """An HTTP error under /api/ as the JSON error shape of API.md."""
    return errors_response([{"field": "", "message": exc.description or exc.name}], exc.code or 500)
