"""Tokan: a dice bluffing game with a common pot carried from tour to tour (RULES 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

from scorekeeper.exact import amount_str, display
from scorekeeper.games.base import BarWords, Game, GameEnd
from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.games.game_pages import ErrorItem
from scorekeeper.games.schema import ResultSchema
from scorekeeper.games.tokan import rules as engine
from scorekeeper.games.tokan import shortcut
from scorekeeper.games.tokan.openapi import RESULT
from scorekeeper.games.tokan.why import tokan_line
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg, ngettext
from scorekeeper.rules import InvalidInput, Note, Outcome, Violation
from scorekeeper.rules.common import Body, name_key, shown
from scorekeeper.state import State, TableSpec
from scorekeeper.why import explained

if TYPE_CHECKING:
    from scorekeeper.state import PriorScore


# The mistakes the round form's bar also shows before Save, in the same words.
UNSET: Mapping[str, Msg] = MappingProxyType(
    {
        "left": N_(
            "No prediction against the left neighbour yet: choose one (0 is a prediction too)"
        ),
        "right": N_(
            "No prediction against the right neighbour yet: choose one (0 is a prediction too)"
        ),
    }
)


#: The engine's "more tokens of a colour than the player holds", by its English text.
TOO_MANY = frozenset(engine.too_many(way, "", 0, 0).msgid for way in ("more", "less"))


def nothing_yet(name: object) -> Msg:
    """A seated player with nothing entered: one mistake, not one per field."""
    return N_("Nothing entered for %(name)s yet: both dice and both predictions", name=name)


def which_way(n: object) -> Msg:
    """A number of tokens (not 0) without "more by" or "less by"."""
    return N_("“More by” or “less by” %(n)s? Choose one", n=n)


class Tokan(Game):
    engine = engine
    noun = N_("tour")
    decided_keys = frozenset({"stake", "tokens", "pot"})
    multi_game = True
    has_pot = True
    pot_bound = engine.POT
    players_may_leave = True
    seats_vary = True
    players_may_change = True

    scripts = ("tokan.js",)
    styles = ("tokan.css",)
    default_players = 3
    seat_neighbours = True
    kept_offline = N_("Not sent: no connection. Your dice and predictions are kept.")
    nouns = N_("tours")
    noun_numbered = N_("tour %(n)s")
    record_keys = ("dice", "left", "right")
    checker_inputs: Mapping[str, int | str] = MappingProxyType({"pot": "0"})

    #: The most tokens a player may hold for the page to offer them as chips (0 to it) rather
    #: than a number field: twelve chips fit across a 360 px wide phone.
    chip_limit = 11

    # -- its rules (GameRules) -------------------------------------------------------------

    def check_seats(self, seated: int) -> None:
        if seated < self.min_players:
            raise InvalidInput(
                [
                    Violation(
                        "players",
                        ngettext(
                            "Only %(num)s player would stay: Tokan needs %(minimum)s, so "
                            "the game is over. End the game to split the pot",
                            "Only %(num)s players would stay: Tokan needs %(minimum)s, so "
                            "the game is over. End the game to split the pot",
                            seated,
                            minimum=self.min_players,
                        ),
                    )
                ]
            )

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        body["stake"] = self.setting(spec, "stake")
        body["tokens"] = self.setting(spec, "tokens")
        body["pot"] = amount_str(state.pot)

    def seated_after(
        self, spec: TableSpec, after: State, positions: Sequence[int]
    ) -> tuple[int, ...]:
        return tuple(positions)  # who was not in this tour has left for good

    def rescore_cheaply(self, earlier: PriorScore, body: Body) -> Outcome | None:
        # The replay's one shortcut for Tokan (``shortcut``).
        return shortcut.rescored(earlier.body, earlier.outcome, body)

    def can_end(self, state: State) -> bool:
        return super().can_end(state) or state.pot >= len(state.seated)

    def end_game(self, spec: TableSpec, state: State) -> GameEnd:
        """The pot is split equally among the players still seated; odd coins stay (R21)."""
        deltas = [Fraction(0)] * len(spec.players)
        if not state.pot:
            return GameEnd(tuple(deltas))
        seated_names = [spec.players[i] for i in state.seated]
        shares, odd = engine.split_pot(int(state.pot), seated_names)
        for i in state.seated:
            deltas[i] = Fraction(shares[spec.players[i]])
        note = ngettext(
            "The pot of %(pot)s is split equally among the %(n)s players still seated: "
            "%(each)s each; %(num)s odd coin stays in the pot, unclaimed.",
            "The pot of %(pot)s is split equally among the %(n)s players still seated: "
            "%(each)s each; %(num)s odd coins stay in the pot, unclaimed.",
            odd,
            pot=amount_str(state.pot),
            n=len(seated_names),
            each=amount_str(deltas[state.seated[0]]),
        )
        return GameEnd(
            tuple(deltas),
            pot_change=-sum(deltas, Fraction(0)),
            result={
                "split": {name: amount_str(v) for name, v in shares.items()},
                "unclaimed": amount_str(odd),
                "notes": [Note(note, "R21").to_dict()],
            },
        )

    # -- its pages (GamePages) -------------------------------------------------------------

    def result_schema(self) -> ResultSchema:
        return RESULT

    def explain(self, result: Body) -> Msg | None:
        return explained(tokan_line)(result)

    def bar_messages(self) -> dict[str, BarWords]:
        return {
            "unset_left": UNSET["left"],
            "unset_right": UNSET["right"],
            "which_way": which_way("{n}"),
            "nothing_yet": nothing_yet("{name}"),
            "dice_both": engine.dice_missing("{name}", 2),
            "dice_one": engine.dice_missing("{name}", 1),
            "too_blue": engine.too_many("more", "{name}", "{n}", "{limit}"),
            "too_red": engine.too_many("less", "{name}", "{n}", "{limit}"),
        }

    def progress(self, spec: TableSpec, state: State, round_count: int) -> str:
        n = round_count + 1
        if self.said_once(state.game_no, state.game_round, n):
            return N_("Tour %(round)s · pot %(pot)s", round=n, pot=display(state.pot))
        return N_(
            "Tour %(round)s · game %(game)s, tour %(n)s · pot %(pot)s",
            round=round_count + 1,
            game=state.game_no,
            n=state.game_round,
            pot=display(state.pot),
        )

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        players: list[JSONValue] = []
        for i in range(n):
            if not form.get(f"p{i}_seated"):
                continue
            p: JSONObject = {
                "name": form.get(f"p{i}_name"),
                "dice": [form_int(form, f"p{i}_d1"), form_int(form, f"p{i}_d2")],
            }
            fields = [
                f"p{i}_{f}" for f in ("d1", "d2", "left_n", "left_dir", "right_n", "right_dir")
            ]
            if not any((form.get(f) or "").strip() for f in fields):
                # A player with nothing entered yet is one mistake, not one per field.
                errors.append(Violation(f"players.{len(players)}", nothing_yet(p["name"] or "")))
                players.append(p)
                continue
            for side in ("left", "right"):
                amount = self._prediction(form, f"p{i}_{side}", side, len(players), errors)
                if amount is not None:
                    p[side] = amount
            players.append(p)
        return {"players": players}

    @staticmethod
    def _prediction(
        form: FormData, field: str, side: str, k: int, errors: list[Violation]
    ) -> int | None:
        """One prediction of the form, or None (and a mistake beside it) when there is none.

        The page posts a number of tokens (``p0_left_n``: a chip, or a number field where the
        tokens are too many for chips) and a direction (``p0_left_dir``: "more" or "less",
        which 0 does not need). A prediction left unset, or a field emptied, is never read as
        0: 0 is a real prediction (R20), and a missed one costs tokens.
        """
        path = f"players.{k}.{side}"
        amount = form_int(form, f"{field}_n")
        if amount is None:
            errors.append(Violation(path, UNSET[side]))
            return None
        if isinstance(amount, str):
            errors.append(
                Violation(
                    path,
                    N_("How many tokens against the left neighbour? Enter a number from 0 up")
                    if side == "left"
                    else N_(
                        "How many tokens against the right neighbour? Enter a number from 0 up"
                    ),
                )
            )
            return None
        if amount < 0:
            errors.append(
                Violation(
                    path,
                    N_(
                        "Count the tokens from 0 and choose “more by” or “less by”, "
                        "not a minus sign"
                    ),
                )
            )
            return None
        direction = form.get(f"{field}_dir")
        if amount == 0:
            return 0  # "more by 0" and "less by 0" are the same claim: equal totals (R20)
        if direction not in ("more", "less"):
            errors.append(Violation(path, which_way(shown(amount))))
            return None
        return -amount if direction == "less" else amount

    def error_place(self, path: str, names: Sequence[str], entry: Body) -> tuple[str, str, int]:
        # A prediction's mistake links to that prediction (the one to fix), not its player.
        anchor, where, rank = super().error_place(path, names, entry)
        parts = path.split(".")
        if anchor.startswith("player-") and len(parts) == 3 and parts[2] in ("left", "right"):
            return f"p{anchor.removeprefix('player-')}_{parts[2]}", where, rank
        return anchor, where, rank

    def error_summary(
        self, errors: Mapping[str, Sequence[str]], names: Sequence[str], entry: Body
    ) -> list[ErrorItem]:
        # Too many tokens of a colour sits beside each prediction spending them (the
        # engine's ``_predictions``), but it is one mistake: the summary and the bar say it
        # once, linking the first of them.
        items = super().error_summary(errors, names, entry)
        said: set[str] = set()
        out = []
        for e in items:
            if getattr(e.message, "msgid", None) in TOO_MANY:
                if e.message in said:
                    continue
                said.add(e.message)
            out.append(e)
        return out

    def form_index(self, k: str, names: Sequence[str], entry: Body) -> int | None:
        # The tour's players are those seated on the form: the entry's k-th is found by name.
        players = entry.get("players")
        if k.isdigit() and isinstance(players, list) and int(k) < len(players):
            p = players[int(k)]
            name = p.get("name") if isinstance(p, Mapping) else None
            keys = [name_key(n) for n in names]
            if isinstance(name, str) and name_key(name) in keys:
                return keys.index(name_key(name))
        return None

    @staticmethod
    def form_players(players: object, names: Sequence[str]) -> list[Body]:
        """The entry's player for each place on the form (found by name, as a tour leaves
        out who left), or an empty mapping for one not in the tour."""
        listed = [p for p in players if isinstance(p, Mapping)] if isinstance(players, list) else []
        if any("name" in p for p in listed):  # as the table spells them, or as typed
            by_name = {name_key(str(p.get("name"))): p for p in listed}
            return [by_name.get(name_key(n), {}) for n in names]
        return [listed[i] if i < len(listed) else {} for i in range(len(names))]

    @staticmethod
    def neighbours(names: Sequence[str], seated: Sequence[bool]) -> list[dict[str, str]]:
        """Each player's neighbours among those seated (RULES 2: the left neighbour is the
        next in the list, wrapping, the right the previous); empty for one not seated."""
        at = [i for i, s in enumerate(seated) if s]
        out = [{"left": "", "right": ""} for _ in names]
        for k, i in enumerate(at):
            if len(at) > 1:
                out[i] = {"left": names[at[(k + 1) % len(at)]], "right": names[at[k - 1]]}
        return out

    @staticmethod
    def dice_words(dice: object) -> str:
        """A player's dice as the form sums them: '5 + 3 = 8', or what is still missing."""
        faces = (
            [d for d in dice if type(d) is int and 1 <= d <= 6] if isinstance(dice, list) else []
        )  # what is no face (refused beside the field) is not summed, whatever its size
        if len(faces) == 2:
            return f"{faces[0]} + {faces[1]} = {faces[0] + faces[1]}"
        if faces:
            return f"{faces[0]} + ?"
        return N_("no dice yet")

    @staticmethod
    def side(prediction: object, posted: FormData | None = None, field: str = "") -> JSONObject:
        """A prediction as the form shows it: its signed value (None when unset), a
        direction and a number of tokens (none and "" when unset: never a made-up 0).

        A refused form (``posted``, its prediction ``field`` such as ``p0_left``) keeps what
        was entered for a prediction it could not read: "2" without "more" or "less" comes
        back as 2 with neither chosen, beside the message saying to choose one."""
        if type(prediction) is not int:
            way = posted.get(f"{field}_dir") if posted is not None else None
            raw = (posted.get(f"{field}_n") or "").strip() if posted is not None else ""
            # ASCII digits, and few: '²' is a digit to str.isdigit, and not to int().
            n: JSONValue = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw
            return {"value": None, "dir": way if way in ("more", "less") else None, "n": n}
        if prediction < 0:
            return {"value": prediction, "dir": "less", "n": -prediction}
        return {"value": prediction, "dir": "more" if prediction else None, "n": prediction}


TOKAN = Tokan()
