"""Tokan's result as the API's description shows it (``Game.result_schema``), with the
prediction each player made against each neighbour."""

from scorekeeper.games.schema import AMOUNT, ResultSchema, array, obj, ref

PREDICTION = obj(
    {
        "prediction": {"type": "integer"},
        "difference": {"type": "integer"},
        "achieved": {"type": "boolean"},
    }
)

RESULT = ResultSchema(
    "TokanResult",
    obj(
        {
            "players": array(
                obj(
                    {
                        "name": {"type": "string"},
                        "total": {"type": "integer"},
                        "left": ref("Prediction"),
                        "right": ref("Prediction"),
                        "gain": {"type": "integer"},
                        "pay": {"type": "integer"},
                        "net": {"type": "integer"},
                        "reclaimed": {"type": "integer"},
                        "delta": AMOUNT,
                    }
                )
            ),
            "pot_after": AMOUNT,
        }
    ),
    {"Prediction": PREDICTION},
)
