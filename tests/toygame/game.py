"""High card's game object: what a table and its pages ask of the game."""

from __future__ import annotations

from scorekeeper.games.base import Game
from scorekeeper.games.form_input import FormData
from scorekeeper.games.schema import ResultSchema
from scorekeeper.jsonio import JSONObject
from scorekeeper.rules import Violation
from scorekeeper.state import State, TableSpec
from tests.toygame import rules as engine
from tests.toygame.openapi import RESULT


class HighCard(Game):
    engine = engine  # its id, title, players, settings, bounds, keys and deck follow

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        body.setdefault("stake", self.setting(spec, "stake"))

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        return {"players": [{"card": form.get(f"p{i}_card") or ""} for i in range(n)]}

    def result_schema(self) -> ResultSchema:
        return RESULT


HIGH_CARD = HighCard()
