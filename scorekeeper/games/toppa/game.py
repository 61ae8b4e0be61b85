"""Toppa (2 players, par 120) and Baka (3 players, par 80, games of 3 rounds): RULES 4 and 6.

Both score captured piles and exposed hands with the engine of ``scorekeeper.games.toppa.rules``;
they differ in players, par, hand size, house rules and Baka's rounds of a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.cards import CARD_BY_ID, SUITS
from scorekeeper.games.base import BarLine, BarWords, Game
from scorekeeper.games.form_input import ChaffPool, FormData, form_int, json_list, read_cards
from scorekeeper.games.schema import ResultSchema
from scorekeeper.games.toppa import form, shortcut
from scorekeeper.games.toppa import rules as engine
from scorekeeper.games.toppa.openapi import RESULT
from scorekeeper.games.toppa.why import baka_line, toppa_line
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.rules import Outcome, RoundResult, Violation
from scorekeeper.rules.common import Body, Reader, shown
from scorekeeper.state import State, TableSpec
from scorekeeper.why import explained

if TYPE_CHECKING:
    from scorekeeper.state import PriorScore


class PileGame(Game):
    """A captured-pile game: Toppa, or Baka with its rounds of a game."""

    has_dealer = True
    grid_first = True
    draw = "dealer"
    deck = engine.DECK
    points_by_card = engine.POINTS
    """Each card's points by id, on the pile form's tiles for the bar's tally."""
    keys = engine.KEYS
    player_keys = engine.PLAYER_KEYS
    record_keys = ("hand", "captured")
    yaku_keys = ("teyaku", "dekiyaku")
    decided_keys = frozenset({"rules", "round"})

    def __init__(self, variant: engine.Variant) -> None:
        self.variant = variant
        rounds_per_game = variant.rounds
        self.id = variant.id
        self.title = variant.title
        self.min_players = self.max_players = self.default_players = variant.players
        self.rule_options = variant.rule_options
        self.hand_size = variant.hand_size
        self.rounds_per_game = rounds_per_game
        """Rounds in a game (Baka: 3); None when every round stands alone (Toppa)."""
        self.multi_game = rounds_per_game is not None
        self.reads_game_round = rounds_per_game is not None
        self.checker_inputs = {"round": 1} if rounds_per_game else {}
        self.bounds = variant.bounds

    # -- its form's pieces, for its templates --------------------------------------------

    def bar_messages(self) -> dict[str, BarWords]:
        return {
            "pile": N_("%(name)s's pile", name="{name}"),
            "hand": N_("%(name)s's exposed hand", name="{name}"),
            "odd_one": engine.odd_month("{suit}", "{k}", True),
            "odd_many": engine.odd_month("{suit}", "{k}", False),
            "misdeal": engine.misdeal("{name}", "{suit}"),
            "months": {str(s.month): Msg(s.english) for s in SUITS},
        }

    def bar_lines(self, body: Body, result: Body | None) -> list[BarLine | None]:
        scored = result.get("players") if result is not None else None
        if isinstance(scored, list):
            return list(form.scored_lines(scored, self.yaku_name))
        players = body.get("players")
        if not isinstance(players, list):
            return []
        raw = body.get("rules")
        rules = engine.parse_rules(Reader(), raw if isinstance(raw, dict) else {})
        return list(form.entered_lines(players, self.variant, rules, self.yaku_name))

    tally = staticmethod(form.tally)
    rest_index = staticmethod(form.rest_index)

    def pile_tallies(self, players: Sequence[object], n: int) -> list[form.Tally]:
        return form.pile_tallies(players, n, self.deck)

    def draw_outcome(self, picks: Sequence[Sequence[str]], names: Sequence[str]) -> JSONObject:
        result = engine.first_dealer(picks, names)
        return {
            "kind": "dealer",
            "dealer": result.dealer,
            "totals": list(result.totals),
            "values": [[engine.draw_value(c) for c in p] for p in picks],
            "redraw": [names[i] for i in result.redraw],
        }

    def result_schema(self) -> ResultSchema:
        return RESULT

    def explain(self, result: Body) -> Msg | None:
        return explained(baka_line if self.rounds_per_game else toppa_line)(result)

    def yaku_name(self, yaku_id: str) -> str:
        """A yaku's name (a message the page translates)."""
        named = engine.YAKU_NAMES.get(yaku_id)
        return named[0] if named is not None else yaku_id

    def evaluate(self, data: Body) -> RoundResult:
        return engine.score(engine.parse(data, self.variant))

    def check_rules(self, r: Reader, raw: Body) -> JSONObject:
        # Toppa and Baka read the same house rules; a table keeps those of its own game. The
        # other's, given at its default (API.md's example names all five), changes nothing;
        # at another value it asks for what this game does not play, and is refused (a
        # probe, 2026-11-29: Baka's pairwise settlement asked of a Toppa table was dropped).
        rules = engine.parse_rules(r, raw)
        own = {o.key for o in self.rule_options}
        for o in engine.RULE_OPTIONS:
            if o.key in raw and o.key not in own and getattr(rules, o.key) != o.default:
                said = N_(
                    "%(key)s is no house rule or setting of %(game)s",
                    key=shown(o.key),
                    game=self.title,
                )
                r.add(f"rules.{o.key}", said)
        return {o.key: getattr(rules, o.key) for o in self.rule_options}

    def body_rules(self, spec: TableSpec) -> JSONObject:
        return dict(spec.rules)

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        super().complete(body, spec, state)
        if self.rounds_per_game:
            body["round"] = state.game_round

    def rescore_cheaply(self, earlier: PriorScore, body: Body) -> Outcome | None:
        # The replay's one shortcut for Baka (``shortcut``).
        return shortcut.rescored(self.variant, earlier.body, earlier.outcome, body)

    def progress(self, spec: TableSpec, state: State, round_count: int) -> str:
        if self.rounds_per_game and self.said_once(
            state.game_no, state.game_round, round_count + 1
        ):
            n, length = round_count + 1, self.rounds_per_game
            return N_("Round %(round)s of %(length)s", round=n, length=length)
        if self.rounds_per_game:
            return N_(
                "Round %(round)s · game %(game)s, round %(n)s of %(length)s",
                round=round_count + 1,
                game=state.game_no,
                n=state.game_round,
                length=self.rounds_per_game,
            )
        return super().progress(spec, state, round_count)

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        rest = _rest_of(form, n)
        piles, hands = ChaffPool(self.deck), ChaffPool(self.deck)
        players: list[JSONValue] = []
        taken: set[str] = set()
        for i in range(n):
            p: JSONObject = {}
            if rest != i:
                pile = read_cards(form, f"p{i}_pile", piles, f"players.{i}.captured", errors)
                taken.update(pile)
                p["captured"] = json_list(pile)
            hand = read_cards(form, f"p{i}_hand", hands, f"players.{i}.hand", errors)
            if hand:
                p["hand"] = json_list(hand)
            players.append(p)
        if isinstance(rest, int) and 0 <= rest < n:
            # The rest of the deck holds what its own pile ticks, as long as no other pile
            # ticks it too (a card in two piles, said rather than given to the other).
            path = f"players.{rest}.captured"
            for card in read_cards(form, f"p{rest}_pile", piles, path, errors):
                if card in taken:
                    errors.append(Violation(path, _ticked_twice(card)))
        return {"players": players}

    def error_place(self, path: str, names: Sequence[str], entry: Body) -> tuple[str, str, int]:
        parts = path.split(".")
        if len(parts) >= 3 and parts[0] == "players" and parts[1].isdigit():
            i = int(parts[1])
            if i < len(names) and parts[2] == "hand":
                return f"hand-{i}", N_("%(name)s's exposed hand", name=names[i]), 200 + i
            if i < len(names):
                return f"player-{i}", N_("%(name)s's pile", name=names[i]), 100 + i
        if path == "round":
            return "round", N_("Round of the game"), 2
        return super().error_place(path, names, entry)


def _rest_of(form: FormData, n: int) -> int | None:
    """Whose pile is the rest of the deck: the one pile with no card ticked when only one
    is (as the page's script chooses it, so that a form posted without the script, its
    choice left at the last player, gives the rest to the pile the player left empty);
    else the form's choice (``rest``)."""
    untouched = [i for i in range(n) if not _ticks(form, f"p{i}_pile")]
    if len(untouched) == 1:
        return untouched[0]
    rest = form_int(form, "rest")
    return rest if isinstance(rest, int) else None


def _ticks(form: FormData, prefix: str) -> bool:
    """Whether a card picker holds any card: one ticked, or a count of plain cards."""
    if any(form.getlist(prefix)):
        return True
    return any((form.get(f"{prefix}_chaff_{s.id}") or "0").strip() not in ("", "0") for s in SUITS)


def _ticked_twice(card: str) -> Msg:
    return N_(
        "%(card)s is ticked in the pile that takes the rest of the deck and in another pile: "
        "a card is in one pile only",
        card=CARD_BY_ID[card].name,
    ).capitalized()


TOPPA = PileGame(engine.TOPPA)
BAKA = PileGame(engine.BAKA)
