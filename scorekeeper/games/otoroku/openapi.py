"""Otoroku's result as the API's description shows it (``Game.result_schema``)."""

from scorekeeper.games.schema import AMOUNT, NULLABLE_STRING, ResultSchema, array, obj

RESULT = ResultSchema(
    "OtorokuResult",
    obj(
        {
            "players": array(
                obj(
                    {
                        "name": {"type": "string"},
                        "role": {"enum": ["dealer", "last", "bettor"]},
                        "total": {"type": "integer"},
                        "teyaku": NULLABLE_STRING,
                        "buta": {"type": "boolean"},
                        "delta": AMOUNT,
                    }
                )
            ),
            "void": {"type": "boolean"},
            "winners": array({"type": "string"}),
            "next_dealer": {"type": "integer", "minimum": 0},
            "house": AMOUNT,
        }
    ),
)
