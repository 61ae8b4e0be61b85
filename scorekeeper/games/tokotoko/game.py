"""Tokotoko: a 3-card kabu from 2 hand cards and 2 shared field cards (RULES 3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.games.base import BarWords, Game
from scorekeeper.games.form_input import ChaffPool, FormData, form_int, json_list, read_cards
from scorekeeper.games.schema import ResultSchema
from scorekeeper.games.tokotoko import form
from scorekeeper.games.tokotoko import rules as engine
from scorekeeper.games.tokotoko.openapi import RESULT
from scorekeeper.games.tokotoko.why import tokotoko_line
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.picker import MonthRow
from scorekeeper.rules import Violation
from scorekeeper.rules.common import Body
from scorekeeper.state import State, TableSpec
from scorekeeper.why import explained


class Tokotoko(Game):
    engine = engine
    players_may_change = True

    scripts = ("tokotoko.js",)
    styles = ("tokotoko.css",)
    record_keys = ("hand", "chosen")
    card_values = MappingProxyType({c: CARD_BY_ID[c].nagoya for c in engine.DECK})

    # -- its rules (GameRules) -------------------------------------------------------------

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        body.setdefault("stake", self.setting(spec, "stake"))

    # -- its pages (GamePages) -------------------------------------------------------------

    def nagoya_rows(self) -> list[MonthRow]:
        return form.nagoya_rows(self.deck, self.card_values)

    def slot_choices(self) -> list[form.SlotChoice]:
        return form.slot_choices(self.deck)

    slot_value = staticmethod(form.slot_value)
    slot_label = staticmethod(form.slot_label)

    def bar_messages(self) -> dict[str, BarWords]:
        return {
            "hand": N_("%(name)s's hand", name="{name}"),
            "field_size": engine.field_size("{n}"),
            "hand_size": engine.hand_size("{n}"),
        }

    def result_schema(self) -> ResultSchema:
        return RESULT

    def explain(self, result: Body) -> Msg | None:
        return explained(tokotoko_line)(result)

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        pool = ChaffPool(self.deck)
        field = read_cards(form, "field", pool, "field", errors)
        entry: JSONObject = {"field": json_list(field)}
        stake = form_int(form, "stake")
        if stake is not None:
            entry["stake"] = stake
        players: list[JSONValue] = []
        for i in range(n):
            hand = read_cards(form, f"p{i}_hand", pool, f"players.{i}.hand", errors)
            p: JSONObject = {"hand": json_list(hand)}
            leave = form.get(f"p{i}_leave") or ""
            where, _, k = leave.partition("-")
            four = {"hand": hand, "field": field}
            if leave and (where not in four or k not in ("0", "1")):
                errors.append(
                    Violation(
                        f"players.{i}.chosen",
                        N_(
                            "%(value)s is not one of the four cards that could be left out",
                            value=repr(leave[:40]),
                        ),
                    )
                )
            elif leave and len(field) == 2 and len(hand) == 2:
                out = four[where][int(k)]
                p["chosen"] = [c for c in hand + field if c != out]
            # With a hand or the field incomplete, the choice waits: the missing card is the
            # mistake to report, not the choice that depends on it.
            players.append(p)
        entry["players"] = players
        return entry

    def error_place(self, path: str, names: Sequence[str], entry: Body) -> tuple[str, str, int]:
        anchor, where, rank = super().error_place(path, names, entry)
        if anchor.startswith("player-"):
            return anchor, N_("%(name)s's hand", name=where), rank
        if anchor == "field":
            return anchor, N_("The field"), 3
        return anchor, where, rank

    @staticmethod
    def left_out(player: object, field: object) -> str:
        """The form's 'left out' choice for a player's chosen triple ('' for none)."""
        chosen = player.get("chosen") if isinstance(player, Mapping) else None
        hand = player.get("hand") if isinstance(player, Mapping) else None
        if not chosen or not isinstance(hand, list) or not isinstance(field, list):
            return ""
        for where, cards in (("hand", hand), ("field", field)):
            for k, c in enumerate(cards[:2]):
                if c not in chosen:
                    return f"{where}-{k}"
        return ""


TOKOTOKO = Tokotoko()
