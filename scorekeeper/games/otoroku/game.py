"""Otoroku: Kingo-like hands of 15 and 16, paid "everyone" or against the "banker" (RULES 5)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from fractions import Fraction

from scorekeeper.exact import display
from scorekeeper.games.base import BarLine, BarWords, Game
from scorekeeper.games.form_input import ChaffPool, FormData, form_int, json_list, read_cards
from scorekeeper.games.otoroku import form
from scorekeeper.games.otoroku import rules as engine
from scorekeeper.games.otoroku.openapi import RESULT
from scorekeeper.games.otoroku.why import otoroku_line
from scorekeeper.games.schema import ResultSchema
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg, listed
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.rules.common import Body
from scorekeeper.state import State, TableSpec
from scorekeeper.why import explained, num

VALUE_SEPARATORS = re.compile(r"[\s,.;+/、・]+")
"""What may stand between typed values: a space, or the separator a numeric keypad has."""

NOT_A_VALUE = N_(
    "%(values)s is not a card value (1 to 10): put a space between "
    "two cards, or tap them on the pad"
)
NOT_VALUES = N_(
    "%(values)s are not card values (1 to 10): put a space between "
    "two cards, or tap them on the pad"
)
AT_ONCE = frozenset({NOT_A_VALUE.msgid, NOT_VALUES.msgid, engine.not_a_value(0).msgid})
"""The refusals the bar says as soon as the server finds them: a value no card has."""


class Otoroku(Game):
    engine = engine
    decided_keys = frozenset({"method", "rules"})
    reads_game_totals = True  # stones
    reads_game_round = True  # games of 3, 6 or 12 rounds
    has_dealer = True
    multi_game = True
    has_house = True
    draw = "seats"
    seats_vary = True
    players_may_change = True
    game_settings = frozenset({"method", "length", "stones"})

    scripts = ("otoroku.js",)
    styles = ("otoroku.css",)
    default_players = 3
    record_keys = ("cards", "wager")
    yaku_keys = ("teyaku",)

    # -- its rules (GameRules) -------------------------------------------------------------

    def draw_outcome(self, picks: Sequence[Sequence[str]], names: Sequence[str]) -> JSONObject:
        if any(len(p) != 1 for p in picks):
            raise InvalidInput([Violation("draws", N_("Each player draws exactly one card"))])
        seats = engine.seat_draw([p[0] for p in picks], names)
        return {
            "kind": "seats",
            "order": None if seats.order is None else list(seats.order),
            "redraw": [[names[i] for i in g] for g in seats.redraw],
        }

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        body["method"] = self.setting(spec, "method")
        body.setdefault("wager", self.setting(spec, "wager"))
        super().complete(body, spec, state)

    def body_rules(self, spec: TableSpec) -> JSONObject:
        return {"tera_zen_percent": spec.rules.get("tera_zen_percent", 0)}

    def stones_left(self, spec: TableSpec, state: State) -> tuple[Fraction, ...] | None:
        """Each player's stones in the current game, or None when games are not played for
        stones."""
        if self.setting(spec, "length") != "stones":
            return None
        stock = Fraction(int(self.setting(spec, "stones")))
        return tuple(stock + t for t in state.game_totals)

    def seated_after(
        self, spec: TableSpec, after: State, positions: Sequence[int]
    ) -> tuple[int, ...]:
        stones = self.stones_left(spec, after)
        if stones is None:
            return after.seated
        return tuple(i for i, s in enumerate(stones) if s > 0 and i not in after.away)

    def ends_game(self, spec: TableSpec, after: State, outcome: Outcome) -> bool:
        if self.stones_left(spec, after) is not None:
            return len(after.seated) <= 1
        return after.game_round > int(self.setting(spec, "length"))

    # -- its pages (GamePages) -------------------------------------------------------------

    @staticmethod
    def hand_label(player: Body) -> str:
        """A stored result's hand in words (a message the page translates)."""
        teyaku = player.get("teyaku")
        return engine.hand_label(
            num(player["total"]),
            teyaku if isinstance(teyaku, str) else None,
            bool(player.get("buta")),
        )

    @staticmethod
    def role_name(role: str) -> str:
        return engine.ROLE_NAMES.get(role, role)

    def yaku_name(self, yaku_id: str) -> str:
        """A teyaku's name (a message the page translates)."""
        return engine.TEYAKU_NAMES.get(yaku_id, yaku_id)

    hand_values = staticmethod(form.hand_values)
    """A hand's card values as entered, for the form's bar."""

    def bar_lines(self, body: Body, result: Body | None) -> list[BarLine | None]:
        scored = result.get("players") if result is not None else None
        if isinstance(scored, list):
            return list(form.scored_lines(scored, self.hand_label))
        players = body.get("players")
        if not isinstance(players, list):
            return []
        return list(form.entered_lines(players, body.get("dealer")))

    def bar_at_once(self, message: str) -> bool:
        return getattr(message, "msgid", None) in AT_ONCE

    def bar_messages(self) -> dict[str, BarWords]:
        return {
            "hand": N_("%(name)s's hand", name="{name}"),
            "hand_size": engine.hand_size("{n}"),
            "past_the_bust": engine.past_the_bust(
                "{name}", "{total}", "{top}", "{without}", "{limit}"
            ),
            "month_too_often": engine.month_too_often("{month}", "{k}"),
        }

    def result_schema(self) -> ResultSchema:
        return RESULT

    def explain(self, result: Body) -> Msg | None:
        return explained(lambda r: otoroku_line(r, self.hand_label))(result)

    def progress(self, spec: TableSpec, state: State, round_count: int) -> str:
        stones = self.stones_left(spec, state)
        once = self.said_once(state.game_no, state.game_round, round_count + 1)
        if stones is not None:
            left = ", ".join(
                f"{n} {display(s)}"
                for i, (n, s) in enumerate(zip(spec.players, stones, strict=True))
                if i not in state.away
            )
            if once:
                return N_("Round %(round)s · stones: %(left)s", round=round_count + 1, left=left)
            return N_(
                "Round %(round)s · game %(game)s, round %(n)s · stones: %(left)s",
                round=round_count + 1,
                game=state.game_no,
                n=state.game_round,
                left=left,
            )
        length = self.setting(spec, "length")
        if once:
            return N_("Round %(round)s of %(length)s", round=round_count + 1, length=length)
        return N_(
            "Round %(round)s · game %(game)s, round %(n)s of %(length)s",
            round=round_count + 1,
            game=state.game_no,
            n=state.game_round,
            length=length,
        )

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        pool = ChaffPool(self.deck)
        entry: JSONObject = {}
        wager = form_int(form, "wager")
        if wager is not None:
            entry["wager"] = wager
        players: list[JSONValue] = []
        for i in range(n):
            cards = json_list(read_cards(form, f"p{i}_cards", pool, f"players.{i}.cards", errors))
            bad = []
            # Full-width digits and separators (a Japanese keyboard's) read as their ASCII forms.
            typed = unicodedata.normalize("NFKC", form.get(f"p{i}_values") or "")
            for token in VALUE_SEPARATORS.split(typed):
                if token.isascii() and token.isdigit() and len(token) <= 2:
                    cards.append(int(token))  # the engine says why 0 or 11 is not a value
                elif token:
                    bad.append(token[:12])
            if bad:
                shown = listed([repr(t) for t in bad])
                errors.append(
                    Violation(
                        f"players.{i}.cards",
                        (NOT_A_VALUE if len(bad) == 1 else NOT_VALUES)(values=shown),
                    )
                )
            p: JSONObject = {"name": form.get(f"p{i}_name"), "cards": cards}
            pw = form_int(form, f"p{i}_wager")
            if pw is not None:
                p["wager"] = pw
            players.append(p)
        entry["players"] = players
        return entry

    def error_place(self, path: str, names: Sequence[str], entry: Body) -> tuple[str, str, int]:
        anchor, where, rank = super().error_place(path, names, entry)
        if anchor.startswith("player-"):
            i = anchor.removeprefix("player-")
            if path.endswith(".wager"):  # beside the player's own wager (the banker method)
                return f"p{i}_wager", N_("%(name)s's wager", name=where), rank
            return anchor, N_("%(name)s's hand", name=where), rank
        return anchor, where, rank

    def seat_notes(self, positions: Sequence[int], dealer: int) -> dict[int, str]:
        # The dealer counts last; the player on the dealer's left, just before, may reach 16.
        if dealer not in positions:
            return {}
        k = positions.index(dealer)
        last = positions[(k + len(positions) - 1) % len(positions)]
        notes: dict[int, str] = {last: N_("last player")} if last != dealer else {}
        notes[dealer] = N_("dealer")
        return notes


OTOROKU = Otoroku()
