"""Tokotoko's result as the API's description shows it (``Game.result_schema``)."""

from scorekeeper.games.schema import AMOUNT, CARD, ResultSchema, array, obj

RESULT = ResultSchema(
    "TokotokoResult",
    obj(
        {
            "players": array(
                obj(
                    {
                        "name": {"type": "string"},
                        "best": obj(
                            {
                                "cards": array(CARD),
                                "sum": {"type": "integer"},
                                "value": {"type": "integer"},
                            }
                        ),
                        "value": {"type": "integer"},
                        "delta": AMOUNT,
                    }
                )
            ),
            "winners": array({"type": "string"}),
            "pot": AMOUNT,
        }
    ),
)
