"""The API's routes for its OpenAPI description (``scorekeeper/views/openapi.py``): each
route's parameters, body and answers by status. What ``/api/v1/score/{game}`` answers and the
games' ids are the registered games' own, filled in by the document's generator.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.games.schema import array as _array
from scorekeeper.games.schema import obj as _object
from scorekeeper.games.schema import ref
from scorekeeper.rules.common import MAX_NAME_LENGTH

JSON = "application/json"


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
        412: "The table changed since the ETag given in If-Match: nothing written.",
        413: "The body is larger than the server takes.",
        422: "Invalid input: one message per mistake, each naming its field.",
        429: "Too many requests from this address: nothing stored; see Retry-After.",
        503: "The server is reading as many photos as it reads at once: nothing was read "
        "or stored; try again after Retry-After.",
    }
    return {str(c): _answer(why[c], ref("Errors")) for c in codes}


BUSY = _errors(503)
"""The answer of every route that reads a photo (``photos.reading_slot``) when its readers
are busy, with when to try again."""
BUSY["503"]["headers"] = {
    "Retry-After": {
        "description": "Seconds to wait before sending the photo again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}


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
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": "The table's ETag as read (any page of its rounds): the write is made only "
    "while the table is so, else 412. `*` or none: always.",
    "schema": {"type": "string"},
}
TABLE_WRITE = [*WRITE, IF_MATCH]
TABLE_WRITE_ERRORS = _errors(400, 403, 404, 409, 412, 413, 422, 429)
CLUB = _answer("The club.", ref("Club"))
ARCHIVED = {
    "name": "archived",
    "in": "query",
    "description": "1: list archived members too.",
    "schema": {"type": "string", "enum": ["0", "1"]},
}

SEASON = {
    "name": "season",
    "in": "query",
    "description": "A season's name (the club's `seasons`, case aside): its days, as from and "
    "to would give them; not together with from or to. 404 when the club has no such season.",
    "schema": {"type": "string"},
}
SEASON_ITEM = _object(
    {
        "name": {"type": "string", "minLength": 1, "maxLength": 60},
        "from": {"type": "string", "format": "date"},
        "to": {"type": "string", "format": "date"},
    }
)

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
                    {"oneOf": []},  # each registered game's result (``openapi``)
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
                        "name": {"type": "string", "maxLength": MAX_NAME_LENGTH},
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
            "summary": "Change the club: its name, time zone, members, tables, deck",
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
                        "deck": {
                            "type": ["string", "null"],
                            "description": "A taught deck's id for the club's tables; null "
                            "forgets it.",
                        },
                        "seasons": {
                            **_array(SEASON_ITEM),
                            "description": "The club's whole list of seasons: club days, "
                            "both ends included; no two overlap; names unique, case aside.",
                        },
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
                SEASON,
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
                SEASON,
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
                SEASON,
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
    "/api/v1/clubs/{id}/ratings": {
        "get": {
            "summary": "Each member's rating in a game (and season), best first",
            "description": "openskill's Plackett-Luce model with its defaults; a match is one "
            "table's club day, its players ranked by their points there that day; matches "
            "rated in the order their last rounds were entered. `rating` is the model's "
            "ordinal; floats to 6 decimals; provisional under 5 matches.",
            "parameters": [
                ID,
                {"name": "game", "in": "query", "required": True, "schema": {"type": "string"}},
                SEASON,
                ARCHIVED,
            ],
            "responses": {
                "200": _answer("The ratings.", ref("Ratings")),
                **_errors(404, 422),
            },
        }
    },
    "/api/v1/clubs/{id}/records": {
        "get": {
            "summary": "The club's records in a game (and season): who, when and where",
            "description": "round: the biggest round won; day: the most points at one table "
            "in a club day; run: the longest run of a member's club days finished first (the "
            "most points summed over the day's tables); yaku: the yaku made the fewest times. "
            "A shared record is listed once per holder, each with its own day and table. Read "
            "from the tables' ledgers.",
            "parameters": [
                ID,
                {"name": "game", "in": "query", "required": True, "schema": {"type": "string"}},
                SEASON,
            ],
            "responses": {
                "200": _answer("The records.", ref("Records")),
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
            "summary": "Change the table: name, point value, settings, players, seats, deck",
            "parameters": TABLE_WRITE,
            "requestBody": _body(
                _object(
                    {},
                    {
                        "deck": {
                            "type": ["string", "null"],
                            "description": "A taught deck's id for the table's photos; null "
                            "forgets it (a club's table then takes the club's).",
                        }
                    },
                )
            ),
            "responses": {"200": SESSION, **TABLE_WRITE_ERRORS},
        },
    },
    "/api/v1/sessions/{id}/rounds": {
        "post": {
            "summary": 'Enter the next round, or end the game ({"kind": "end"})',
            "parameters": TABLE_WRITE,
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
                **TABLE_WRITE_ERRORS,
            },
        }
    },
    "/api/v1/sessions/{id}/rounds/{number}": {
        "put": {
            "summary": "Correct a round; later rounds are recomputed",
            "parameters": [*TABLE_WRITE, NUMBER],
            "requestBody": _body({"type": "object"}),
            "responses": {"200": SESSION, **TABLE_WRITE_ERRORS},
        },
        "delete": {
            "summary": "Delete a round; later rounds move up and are recomputed",
            "parameters": [*TABLE_WRITE, NUMBER],
            "responses": {"200": SESSION, **TABLE_WRITE_ERRORS},
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
            "parameters": TABLE_WRITE,
            "requestBody": _body(
                _object({"seq": {"type": "integer", "minimum": 1}}),
            ),
            "responses": {"200": SESSION, **TABLE_WRITE_ERRORS},
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
            "parameters": TABLE_WRITE,
            "requestBody": _body(_object({}, {"version": {"type": "integer"}}), required=False),
            "responses": {"200": SESSION, **TABLE_WRITE_ERRORS},
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
