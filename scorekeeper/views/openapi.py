"""The JSON API described as OpenAPI 3.1, served at ``/api/v1/openapi.json`` (issue 20 part 4).

The description is written here by hand from ``shared/API.md`` and kept true by
``tests/web/test_openapi.py``: every route of the API is in it and nothing else is, and real
answers of every game and route validate against its schemas. Schemas are JSON Schema
2020-12, as OpenAPI 3.1 has them.
"""

from __future__ import annotations

import copy
from typing import Any

from flask import Blueprint, Response, jsonify

from scorekeeper.games import GAMES
from scorekeeper.kinds import Action, EntryKind
from scorekeeper.views import photos

bp = Blueprint("openapi", __name__, url_prefix="/api/v1")

JSON = "application/json"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """An object with these properties (the required ones first); others may follow."""
    return {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
    }


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


NULLABLE_STRING = {"type": ["string", "null"]}
NULLABLE_INT = {"type": ["integer", "null"]}
CARD = {"type": "string", "pattern": "^[a-z]+-[a-z]+(-[0-9])?$"}
YAKU = _array(_object({"id": {"type": "string"}, "points": {"type": "integer"}}))

SCHEMAS: dict[str, Any] = {
    "Amount": {
        "type": "string",
        "pattern": "^-?[0-9]+(/[0-9]+)?$",
        "description": "An exact amount: a whole number or a fraction in lowest terms.",
    },
    "Errors": _object(
        {
            "errors": {
                "type": "array",
                "minItems": 1,
                "items": _object({"field": {"type": "string"}, "message": {"type": "string"}}),
            }
        }
    ),
    "TokotokoResult": _object(
        {
            "players": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "best": _object(
                            {
                                "cards": _array(CARD),
                                "sum": {"type": "integer"},
                                "value": {"type": "integer"},
                            }
                        ),
                        "value": {"type": "integer"},
                        "delta": ref("Amount"),
                    }
                )
            ),
            "winners": _array({"type": "string"}),
            "pot": ref("Amount"),
        }
    ),
    "HanafudaResult": _object(
        {
            "players": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "card_points": {"type": "integer"},
                        "teyaku": YAKU,
                        "dekiyaku": YAKU,
                        "yaku_total": {"type": "integer"},
                        "delta": ref("Amount"),
                    },
                    {"low_man_out": {"type": "boolean"}},
                )
            ),
            "winner": NULLABLE_STRING,
            "next_dealer": {"type": "integer", "minimum": 0},
        },
        {"settlement": {"enum": ["none", "exchange", "short"]}},
    ),
    "OtorokuResult": _object(
        {
            "players": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "role": {"enum": ["dealer", "last", "bettor"]},
                        "total": {"type": "integer"},
                        "teyaku": NULLABLE_STRING,
                        "buta": {"type": "boolean"},
                        "delta": ref("Amount"),
                    }
                )
            ),
            "void": {"type": "boolean"},
            "winners": _array({"type": "string"}),
            "next_dealer": {"type": "integer", "minimum": 0},
            "house": ref("Amount"),
        }
    ),
    "TokanResult": _object(
        {
            "players": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "total": {"type": "integer"},
                        "left": ref("Prediction"),
                        "right": ref("Prediction"),
                        "gain": {"type": "integer"},
                        "pay": {"type": "integer"},
                        "net": {"type": "integer"},
                        "reclaimed": {"type": "integer"},
                        "delta": ref("Amount"),
                    }
                )
            ),
            "pot_after": ref("Amount"),
        }
    ),
    "Prediction": _object(
        {
            "prediction": {"type": "integer"},
            "difference": {"type": "integer"},
            "achieved": {"type": "boolean"},
        }
    ),
    "Result": {
        "description": "A round's result: the game's own shape (see /score/{game}), or, for "
        "a game's end, a change of the table or a settle-up, what it did.",
        "type": "object",
    },
    "Player": _object(
        {"name": {"type": "string"}, "total": ref("Amount"), "left": {"type": "boolean"}}
    ),
    "Round": _object(
        {
            "number": NULLABLE_INT,
            "kind": {"enum": [k.value for k in EntryKind]},
            "input": {"type": "object"},
            "result": {"oneOf": [ref("Result"), {"type": "null"}]},
            "deltas": _array(ref("Amount")),
            "at": ref("Time"),
            "game_no": {"type": "integer", "minimum": 1},
            "game_round": {"type": "integer", "minimum": 1},
            "dealer": NULLABLE_INT,
            "version": {"type": "integer", "minimum": 1},
            "submission_id": NULLABLE_STRING,
        }
    ),
    "GameEnd": _object(
        {
            "kind": {"const": "end"},
            "game_no": {"type": "integer", "minimum": 1},
            "after": {"type": "integer", "minimum": 0},
            "at": ref("Time"),
            "result": {"oneOf": [ref("Result"), {"type": "null"}]},
            "deltas": _array(ref("Amount")),
        }
    ),
    "Entry": _object(
        {
            "kind": {"enum": [EntryKind.EDIT.value, EntryKind.SETTLE.value]},
            "input": {"type": "object"},
            "result": {"oneOf": [ref("Result"), {"type": "null"}]},
            "deltas": _array(ref("Amount")),
            "at": ref("Time"),
            "game_no": {"type": "integer", "minimum": 1},
        }
    ),
    "Time": {
        "type": "string",
        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
    },
    "Session": _object(
        {
            "url": {"type": "string", "format": "uri"},
            "name": {"type": "string"},
            "game": {"type": "string", "description": "A game's id (see /score/{game})."},
            "rules": {"type": "object"},
            "settings": {"type": "object"},
            "point_value": {"oneOf": [ref("Amount"), {"type": "null"}]},
            "first_dealer": {"type": "integer", "minimum": 0},
            "players": _array(ref("Player")),
            "round_count": {"type": "integer", "minimum": 0, "maximum": 10000},
            "rounds": {"type": "array", "maxItems": 1000, "items": ref("Round")},
            "game_ends": _array(ref("GameEnd")),
            "pot": ref("Amount"),
            "house": ref("Amount"),
            "next_dealer": {"type": "integer", "minimum": 0},
            "game_no": {"type": "integer", "minimum": 1},
            "next_round_of_game": {"type": "integer", "minimum": 1},
            "seated": _array({"type": "string"}),
            "version": {"type": "integer", "minimum": 0},
            "in_club": {"type": "boolean"},
            "view_url": {
                "type": "string",
                "description": "The read-only link: the table's pages and JSON, writes refused.",
            },
            "club": {
                "oneOf": [{"type": "null"}, _object({"name": {"type": "string"}})],
                "description": "The club's name when the table plays in one (never its id).",
            },
        },
        {
            "settle": ref("Entry"),
            "id": {"type": "string", "description": "Not through the read-only link."},
        },
    ),
    "MemberFigures": _object(
        {
            "name": {"type": "string"},
            "archived": {"type": "boolean"},
            "from": {"type": ["string", "null"], "format": "date"},
            "to": {"type": ["string", "null"], "format": "date"},
            "game": NULLABLE_STRING,
            "tables": _array(
                _object(
                    {
                        "url": {"type": "string"},
                        "name": {"type": "string"},
                        "game": {"type": "string"},
                        "first_round_at": {"oneOf": [ref("Time"), {"type": "null"}]},
                        "last_round_at": {"oneOf": [ref("Time"), {"type": "null"}]},
                        "rounds": {"type": "integer", "minimum": 0},
                        "points": ref("Amount"),
                        "money": {"oneOf": [ref("Amount"), {"type": "null"}]},
                    },
                    {"id": {"type": "string", "description": "Not through the read-only link."}},
                )
            ),
            "games": {
                "type": "object",
                "additionalProperties": _object(
                    {
                        "rounds": {"type": "integer", "minimum": 0},
                        "points": ref("Amount"),
                        "best_round": {"oneOf": [ref("Amount"), {"type": "null"}]},
                        "worst_round": {"oneOf": [ref("Amount"), {"type": "null"}]},
                        "yaku": {
                            "type": "object",
                            "additionalProperties": {"type": "integer", "minimum": 1},
                        },
                    }
                ),
            },
            "opponents": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "game": {"type": "string"},
                        "tables": {"type": "integer", "minimum": 1},
                        "rounds": {"type": "integer", "minimum": 0},
                        "points": ref("Amount"),
                        "their_points": ref("Amount"),
                    }
                )
            ),
            "days": _array(
                _object(
                    {
                        "day": {"type": "string", "format": "date"},
                        "money": ref("Amount"),
                        "running": ref("Amount"),
                        "points": {"type": "object", "additionalProperties": ref("Amount")},
                    }
                )
            ),
        }
    ),
    "Member": _object({"name": {"type": "string"}, "archived": {"type": "boolean"}}),
    "Club": _object(
        {
            "url": {"type": "string"},
            "view_url": {"type": "string"},
            "name": {"type": "string"},
            "timezone": {"type": "string", "description": "An IANA time zone."},
            "members": _array(ref("Member")),
            "tables": _array(
                _object(
                    {
                        "url": {"type": "string"},
                        "name": {"type": "string"},
                        "game": {"type": "string"},
                        "players": _array({"type": "string"}),
                        "first_round_at": {"oneOf": [ref("Time"), {"type": "null"}]},
                        "last_round_at": {"oneOf": [ref("Time"), {"type": "null"}]},
                        "round_count": {"type": "integer", "minimum": 0},
                    },
                    {"id": {"type": "string"}},
                )
            ),
            "version": {"type": "integer", "minimum": 0},
        },
        {"id": {"type": "string"}, "read_only": {"type": "boolean"}},
    ),
    "ClubJournal": _object(
        {
            "entries": _array(
                _object(
                    {
                        "seq": {"type": "integer", "minimum": 1},
                        "at": ref("Time"),
                        "action": {"enum": ["edit", "undo"]},
                        "summary": {"type": "string"},
                        "undone": {"type": "boolean"},
                        "by": {"type": ["string", "null"], "maxLength": 40},
                    }
                )
            )
        }
    ),
    "Standings": _object(
        {
            "from": {"type": ["string", "null"], "format": "date"},
            "to": {"type": ["string", "null"], "format": "date"},
            "game": NULLABLE_STRING,
            "members": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "points": {"oneOf": [ref("Amount"), {"type": "null"}]},
                        "money": ref("Amount"),
                        "rounds": {"type": "integer", "minimum": 0},
                        "tables": {"type": "integer", "minimum": 0},
                        "firsts": {"type": "integer", "minimum": 0},
                        "average": {"oneOf": [ref("Amount"), {"type": "null"}]},
                    }
                )
            ),
            "pot": ref("Amount"),
            "house": ref("Amount"),
            "unpriced_tables": {"type": "integer", "minimum": 0},
        }
    ),
    "JournalEntry": _object(
        {
            "seq": {"type": "integer", "minimum": 1},
            "at": ref("Time"),
            "action": {"enum": [a.value for a in Action]},
            "number": NULLABLE_INT,
            "summary": {"type": "string"},
            "by": {"type": ["string", "null"], "maxLength": 40},
        },
        {"continued_at": {"type": "string", "format": "uri"}},
    ),
    "Journal": _object({"entries": _array(ref("JournalEntry"))}),
    "SettlePlan": _object(
        {
            "payments": _array({"type": "object"}),
            "coins": _array({"type": "object"}),
            "rounding": {"type": "string"},
            "balances": _array({"type": "object"}),
            "point_value": {"oneOf": [ref("Amount"), {"type": "null"}]},
            "version": {"type": "integer", "minimum": 0},
        }
    ),
    "Export": _object(
        {
            "format": {"const": "scorekeeper-table"},
            "version": {"type": "integer"},
            "name": {"type": "string"},
            "game": {"type": "string"},
            "players": _array({"type": "string"}),
            "rules": {"type": "object"},
            "settings": {"type": "object"},
            "point_value": {"oneOf": [ref("Amount"), {"type": "null"}]},
            "first_dealer": {"type": "integer"},
            "rounds": _array({"type": "object", "required": ["kind", "input"]}),
            "journal": _array(ref("ExportedJournalEntry")),
            "totals": _array(ref("Amount")),
            "pot": ref("Amount"),
            "house": ref("Amount"),
        },
        {"opening": {"type": ["object", "null"]}},
    ),
    "ExportedJournalEntry": _object(
        {
            "seq": {"type": "integer"},
            "at": ref("Time"),
            "action": {"type": "string"},
            "number": NULLABLE_INT,
            "summary": {"type": "string"},
            "by": {"type": ["string", "null"], "maxLength": 40},
        }
    ),
}


def _answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"description": description}
    if schema is not None:
        out["content"] = {JSON: {"schema": schema}}
    return out


def _errors(*codes: int) -> dict[str, Any]:
    why = {
        400: "The body is not JSON, or not a JSON object.",
        403: "The host has closed the creation of tables, or the link is read-only.",
        404: "No such table, round, game or journal entry.",
        409: "The write collides with another phone's, or can no longer be done as such.",
        413: "The body is larger than the server takes.",
        422: "Invalid input: one message per mistake, each naming its field.",
        429: "Too many requests from this address: nothing stored; see Retry-After.",
    }
    return {str(c): _answer(why[c], ref("Errors")) for c in codes}


def _body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {JSON: {"schema": schema}}}


ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
DEVICE = {
    "name": "X-Scorekeeper-Device",
    "in": "header",
    "required": False,
    "description": "The name of the phone making the write (the journal's `by`).",
    "schema": {"type": "string", "minLength": 1, "maxLength": 40},
}
WRITE = [ID, DEVICE]
SESSION = _answer("The table, with a page of its rounds.", ref("Session"))
WRITE_ERRORS = _errors(400, 403, 404, 409, 413, 422, 429)
CLUB = _answer("The club.", ref("Club"))
ARCHIVED = {
    "name": "archived",
    "in": "query",
    "description": "1: list archived members too.",
    "schema": {"type": "string", "enum": ["0", "1"]},
}

PATHS: dict[str, Any] = {
    "/api/v1/score/{game}": {
        "post": {
            "summary": "Score one round without storing anything",
            "parameters": [
                {
                    "name": "game",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string"},  # the games registered (``openapi``)
                    "description": "A game's id.",
                }
            ],
            "requestBody": _body({"type": "object"}),
            "responses": {
                "200": _answer(
                    "The round's result, in the game's own shape.",
                    {
                        "oneOf": [
                            ref("TokotokoResult"),
                            ref("HanafudaResult"),
                            ref("OtorokuResult"),
                            ref("TokanResult"),
                        ]
                    },
                ),
                **_errors(400, 404, 413, 422),
            },
        }
    },
    "/api/v1/sessions": {
        "post": {
            "summary": "Open a table, or continue one (continue_from) with its totals",
            "parameters": [DEVICE],
            "requestBody": _body({"type": "object"}),
            "responses": {
                "201": _answer("The new table.", ref("Session")),
                **_errors(400, 403, 413, 422, 429),
            },
        }
    },
    "/api/v1/clubs": {
        "post": {
            "summary": "Make a club: its name, members and time zone",
            "parameters": [DEVICE],
            "requestBody": _body(
                _object(
                    {},
                    {
                        "name": {"type": "string", "maxLength": 80},
                        "members": _array({"type": "string"}),
                        "timezone": {"type": "string"},
                    },
                )
            ),
            "responses": {"201": CLUB, **_errors(400, 403, 413, 422, 429)},
        }
    },
    "/api/v1/clubs/{id}": {
        "get": {
            "summary": "The club, its members and its tables (newest first)",
            "parameters": [ID, ARCHIVED],
            "responses": {"200": CLUB, **_errors(404)},
        },
        "patch": {
            "summary": "Change the club: its name, time zone, members, tables",
            "parameters": WRITE,
            "requestBody": _body(
                _object(
                    {},
                    {
                        "name": {"type": "string"},
                        "timezone": {"type": "string"},
                        "add": _array({"type": "string"}),
                        "rename": {"type": "object", "additionalProperties": {"type": "string"}},
                        "merge": {"type": "object", "additionalProperties": {"type": "string"}},
                        "archive": _array({"type": "string"}),
                        "unarchive": _array({"type": "string"}),
                        "detach": _array({"type": "string"}),
                    },
                )
            ),
            "responses": {"200": CLUB, **WRITE_ERRORS},
        },
    },
    "/api/v1/clubs/{id}/journal": {
        "get": {
            "summary": "Every change of the club, newest first",
            "parameters": [ID],
            "responses": {"200": _answer("The journal.", ref("ClubJournal")), **_errors(404)},
        }
    },
    "/api/v1/clubs/{id}/undo": {
        "post": {
            "summary": "Undo the club's last change (or the one numbered seq)",
            "parameters": WRITE,
            "requestBody": _body(_object({}, {"seq": {"type": "integer"}}), required=False),
            "responses": {"200": CLUB, **WRITE_ERRORS},
        }
    },
    "/api/v1/clubs/{id}/standings": {
        "get": {
            "summary": "Each member's points and money over a period of the club's days",
            "parameters": [
                ID,
                {"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "to", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "game", "in": "query", "schema": {"type": "string"}},
                ARCHIVED,
            ],
            "responses": {
                "200": _answer("The standings.", ref("Standings")),
                **_errors(404, 422),
            },
        }
    },
    "/api/v1/clubs/{id}/members/{name}": {
        "get": {
            "summary": "A member's tables, games, yaku and opponents over a period",
            "parameters": [
                ID,
                {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "to", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "game", "in": "query", "schema": {"type": "string"}},
            ],
            "responses": {
                "200": _answer("The member's figures.", ref("MemberFigures")),
                **_errors(404, 422),
            },
        }
    },
    "/api/v1/clubs/{id}/export.csv": {
        "get": {
            "summary": "The standings as CSV: a header row, then a row per member",
            "description": "Amounts are whole numbers or mixed fractions (3 1/3).",
            "parameters": [
                ID,
                {"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "to", "in": "query", "schema": {"type": "string", "format": "date"}},
                {"name": "game", "in": "query", "schema": {"type": "string"}},
                ARCHIVED,
            ],
            "responses": {
                "200": {
                    "description": "The standings.",
                    "content": {"text/csv": {"schema": {"type": "string"}}},
                },
                **_errors(404, 422),
            },
        }
    },
    "/api/v1/clubs/{id}/export.json": {
        "get": {
            "summary": "The whole club: itself, its journal and each table's export",
            "parameters": [ID],
            "responses": {
                "200": _answer(
                    "The club's export.",
                    _object(
                        {
                            "club": ref("Club"),
                            "journal": _array({"type": "object"}),
                            "tables": _array(
                                _object({"id": {"type": "string"}, "export": ref("Export")})
                            ),
                        }
                    ),
                ),
                **_errors(404),
            },
        }
    },
    "/api/v1/sessions/import": {
        "post": {
            "summary": "Recreate a table from its JSON export",
            "parameters": [DEVICE],
            "requestBody": _body(ref("Export")),
            "responses": {
                "201": _answer("The imported table.", ref("Session")),
                **_errors(400, 403, 413, 422, 429),
            },
        }
    },
    "/api/v1/sessions/{id}": {
        "get": {
            "summary": "A table, its players' totals and a page of its rounds",
            "parameters": [
                ID,
                {"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": 1000},
                },
            ],
            "responses": {
                "200": SESSION,
                "304": _answer("Unchanged since the ETag given in If-None-Match."),
                **_errors(404, 422),
            },
        },
        "patch": {
            "summary": "Change the table: name, point value, settings, players, seats",
            "parameters": WRITE,
            "requestBody": _body({"type": "object"}),
            "responses": {"200": SESSION, **WRITE_ERRORS},
        },
    },
    "/api/v1/sessions/{id}/rounds": {
        "post": {
            "summary": 'Enter the next round, or end the game ({"kind": "end"})',
            "parameters": WRITE,
            "requestBody": _body({"type": "object"}),
            "responses": {
                "201": _answer(
                    "The round stored (or the game's end).",
                    {"oneOf": [ref("Round"), ref("GameEnd")]},
                ),
                "200": _answer(
                    "A repeated submission_id: the round stored the first time.",
                    {"oneOf": [ref("Round"), ref("GameEnd")]},
                ),
                **WRITE_ERRORS,
            },
        }
    },
    "/api/v1/sessions/{id}/rounds/{number}": {
        "put": {
            "summary": "Correct a round; later rounds are recomputed",
            "parameters": [*WRITE, NUMBER],
            "requestBody": _body({"type": "object"}),
            "responses": {"200": SESSION, **WRITE_ERRORS},
        },
        "delete": {
            "summary": "Delete a round; later rounds move up and are recomputed",
            "parameters": [*WRITE, NUMBER],
            "responses": {"200": SESSION, **WRITE_ERRORS},
        },
    },
    "/api/v1/sessions/{id}/journal": {
        "get": {
            "summary": "Every write to the table, newest first",
            "parameters": [ID],
            "responses": {"200": _answer("The journal.", ref("Journal")), **_errors(404)},
        }
    },
    "/api/v1/sessions/{id}/undo": {
        "post": {
            "summary": "Undo one journal entry",
            "parameters": WRITE,
            "requestBody": _body(
                _object({"seq": {"type": "integer", "minimum": 1}}),
            ),
            "responses": {"200": SESSION, **WRITE_ERRORS},
        }
    },
    "/api/v1/sessions/{id}/settle": {
        "get": {
            "summary": "Who pays whom to clear every running total",
            "parameters": [ID],
            "responses": {
                "200": _answer("The settle-up, exact and in coins.", ref("SettlePlan")),
                **_errors(404),
            },
        },
        "post": {
            "summary": "Record a settle-up: the running totals start again from zero",
            "parameters": WRITE,
            "requestBody": _body(_object({}, {"version": {"type": "integer"}}), required=False),
            "responses": {"200": SESSION, **WRITE_ERRORS},
        },
    },
    "/api/v1/sessions/{id}/export.json": {
        "get": {
            "summary": "The table as JSON that the import recreates exactly",
            "parameters": [ID],
            "responses": {"200": _answer("The export.", ref("Export")), **_errors(404)},
        }
    },
    "/api/v1/openapi.json": {
        "get": {
            "summary": "This description",
            "responses": {"200": _answer("OpenAPI 3.1", {"type": "object"})},
        }
    },
}

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Scorekeeper",
        "version": "1",
        "description": "Exact score keeping for hanafuda and dice games at a real table. "
        "Amounts are strings holding exact numbers; no cookie or CSRF token is needed.",
    },
    "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
    "paths": PATHS,
    "components": {"schemas": SCHEMAS},
}


@bp.get("/openapi.json")
def openapi() -> Response:
    """The description, its game ids those of the games registered now."""
    spec = copy.deepcopy(SPEC)
    games = {"enum": list(GAMES)}
    spec["paths"]["/api/v1/score/{game}"]["post"]["parameters"][0]["schema"] = games
    spec["components"]["schemas"]["Session"]["properties"]["game"] = games
    photos.describe(spec)
    return jsonify(spec)
