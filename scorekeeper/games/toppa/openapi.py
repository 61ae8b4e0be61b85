"""Toppa's and Baka's result as the API's description shows it (``Game.result_schema``):
one shape for both, Baka's players marked for Low Man Out."""

from scorekeeper.games.schema import AMOUNT, NULLABLE_STRING, ResultSchema, array, obj

YAKU = array(obj({"id": {"type": "string"}, "points": {"type": "integer"}}))

RESULT = ResultSchema(
    "HanafudaResult",
    obj(
        {
            "players": array(
                obj(
                    {
                        "name": {"type": "string"},
                        "card_points": {"type": "integer"},
                        "teyaku": YAKU,
                        "dekiyaku": YAKU,
                        "yaku_total": {"type": "integer"},
                        "delta": AMOUNT,
                    },
                    {"low_man_out": {"type": "boolean"}},
                )
            ),
            "winner": NULLABLE_STRING,
            "next_dealer": {"type": "integer", "minimum": 0},
        },
        {"settlement": {"enum": ["none", "exchange", "short"]}},
    ),
)
