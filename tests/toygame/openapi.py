"""High card's result as the API's description shows it (``Game.result_schema``)."""

from scorekeeper.games.schema import AMOUNT, CARD, ResultSchema, array, obj

RESULT = ResultSchema(
    "HighCardResult",
    obj(
        {
            "game": {"const": "highcard"},
            "players": array(
                obj(
                    {
                        "name": {"type": "string"},
                        "card": CARD,
                        "month": {"type": "integer", "minimum": 1, "maximum": 12},
                        "delta": AMOUNT,
                    }
                )
            ),
        }
    ),
)
