"""The API's shared schemas for its OpenAPI description (``scorekeeper/views/openapi.py``):
amounts, errors, tables, rounds, clubs, journals, exports. Each game's result is its own, in
its folder's ``openapi.py``.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.games.schema import NULLABLE_INT, NULLABLE_STRING, ref
from scorekeeper.games.schema import array as _array
from scorekeeper.games.schema import obj as _object
from scorekeeper.kinds import Action, EntryKind

BASICS: dict[str, Any] = {
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
}
"""What every schema refers to: listed first in the document, before the games' results."""

SCHEMAS: dict[str, Any] = {
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
            "deck_name": {
                "type": ["string", "null"],
                "description": "The name of the taught deck the table's photos are read with "
                '(its own, else its club\'s; never its id): null for none, "" for a deck '
                "without a name.",
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
            "season": NULLABLE_STRING,
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
            "seasons": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "from": {"type": "string", "format": "date"},
                        "to": {"type": "string", "format": "date"},
                    }
                )
            ),
            "deck_name": {
                "type": ["string", "null"],
                "description": "The name of the club's taught deck, null for none.",
            },
        },
        {
            "id": {"type": "string"},
            "read_only": {"type": "boolean"},
            "deck": {
                "type": ["string", "null"],
                "description": "The id of the club's taught deck (not through the read-only "
                "link): its tables read their photos with it.",
            },
        },
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
            "season": NULLABLE_STRING,
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
            "archived_points": {"oneOf": [ref("Amount"), {"type": "null"}]},
            "archived_money": ref("Amount"),
        }
    ),
    "Ratings": _object(
        {
            "game": {"type": "string"},
            "season": NULLABLE_STRING,
            "members": _array(
                _object(
                    {
                        "name": {"type": "string"},
                        "mu": {"type": "number"},
                        "sigma": {"type": "number"},
                        "rating": {"type": "number", "description": "The model's ordinal."},
                        "matches": {"type": "integer", "minimum": 1},
                        "provisional": {"type": "boolean", "description": "Under 5 matches."},
                        "last_played": {"type": "string", "format": "date"},
                    }
                )
            ),
        }
    ),
    "Records": _object(
        {
            "game": {"type": "string"},
            "season": NULLABLE_STRING,
            "records": _array(
                _object(
                    {
                        "kind": {"enum": ["round", "day", "run", "yaku"]},
                        "names": _array({"type": "string"}),
                        "value": {
                            "oneOf": [ref("Amount"), {"type": "integer", "minimum": 1}],
                            "description": "Points (round, day) or a count (run, yaku).",
                        },
                        "day": {"type": "string", "format": "date"},
                        "table": _object(
                            {"url": {"type": "string"}, "name": {"type": "string"}},
                            {"id": {"type": "string"}},
                        ),
                        "round": NULLABLE_INT,
                        "yaku": NULLABLE_STRING,
                    }
                )
            ),
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
"""The rest, listed after the games' results."""
