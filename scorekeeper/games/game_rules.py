"""What a game says about its rules: the hooks the ledger and the table services ask.

``GameRules`` is one half of ``scorekeeper.games.base.Game`` (the other is ``GamePages``):
who may sit and how many, its house rules and settings (declared once as ``Option``s), what a
round's body may hold, how a table completes a round's input from its state (who deals,
Baka's round of the game, Tokan's pot), how a result moves the table on (who stays seated,
the one place a game's end is decided, ending a game early), cheap rescoring in a replay, and
the draw that starts a game. Each hook is declared here once, with its docstring and a
default that suits a game of single rounds with no dealer, pot, house or seats; a game
overrides only what differs. Pure: no Flask, no database, no page words beyond the messages a
refusal carries.

A game's identity and declarations are its engine's: a subclass that sets ``engine`` reads
``id``, ``title``, ``min_players``, ``max_players``, ``rule_options``, ``setting_options``,
``bounds``, ``keys``, ``player_keys`` and ``deck`` from the engine module's constants
(``ENGINE_CONSTANTS``) unless it sets them itself, so nothing is copied from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import EngineInput, Entry, as_engine_input, as_entry
from scorekeeper.rules import InvalidInput, Option, Outcome, RoundResult, Violation
from scorekeeper.rules.common import Body, Bound, OptionValue, Reader
from scorekeeper.state import State, TableSpec

if TYPE_CHECKING:
    from scorekeeper.state import PriorScore


class Engine(Protocol):
    """A game's rules module (its folder's ``rules.py``): scores a JSON-shaped body, reading
    it into the engine's own input first (``parse``, then ``score``). The numbers only: the
    notes saying why are made when the result's ``to_dict`` is asked for (``RoundResult``)."""

    def evaluate(self, data: Body) -> RoundResult: ...


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What ending a game early does: each table player's share, and the rest of the result."""

    deltas: tuple[Fraction, ...]
    pot_change: Fraction = Fraction(0)
    result: Body = field(default_factory=dict)


ENGINE_CONSTANTS: Mapping[str, str] = MappingProxyType(
    {
        "id": "GAME",
        "title": "TITLE",
        "min_players": "MIN_PLAYERS",
        "max_players": "MAX_PLAYERS",
        "rule_options": "RULES",
        "setting_options": "SETTINGS",
        "bounds": "BOUNDS",
        "keys": "KEYS",
        "player_keys": "PLAYER_KEYS",
        "deck": "DECK",
    }
)
"""The attributes a game reads from its engine module, by the engine's constant's name."""


class GameRules:
    """A game's rules as a table plays them: declarations, then hooks (see the module)."""

    engine: Engine
    """The game's rules module."""
    id: str
    """The game's id: its URLs, the API's ``game`` (the engine's ``GAME``)."""
    title: str
    """The game's name, a message the page translates (the engine's ``TITLE``)."""
    noun: Msg = N_("round")
    """What players call one deal of the game ("tour" in Tokan), in refusals and on pages."""
    noun_numbered: Msg = N_("round %(n)s")
    """One deal by its number ("round 3"), filled in by ``numbered``."""
    min_players: int
    max_players: int
    rule_options: tuple[Option, ...] = ()
    """House rules: stored under a table's ``rules`` and sent to the engine as ``rules``."""
    setting_options: tuple[Option, ...] = ()
    """Table settings: stored under ``settings``; the game puts them into each round's input."""
    bounds: tuple[Bound, ...] = ()
    """The whole numbers a round's body carries beyond the options, with their limits."""
    keys: frozenset[str] = frozenset({"players"})
    """What a round's body may hold (the engine's); anything else is refused on a table."""
    player_keys: frozenset[str] = frozenset({"name"})
    """What each player of a round's body may hold."""
    decided_keys: frozenset[str] = frozenset()
    """Keys of the engine's body that a table decides itself: accepted in a table's round (it
    takes the stateless body) and dropped, never stored."""
    deck: frozenset[str] = frozenset()
    """The card ids the game is played with (none for a dice game)."""
    game_settings: frozenset[str] = frozenset()
    """Settings that shape a whole game (its length): a table changes them between games."""

    has_dealer = False
    """Somebody deals each round: the form asks who, the table says who deals next."""
    multi_game = False
    """Rounds make up games (numbered), and the table can end a game early."""
    has_pot = False
    """A common pot carries from round to round (Tokan)."""
    pot_bound: Bound | None = None
    """What the pot carried into a round may hold, in whole coins (a game with a pot): an
    imported table's opening pot is held to it, as a round's is."""
    has_house = False
    """A house takes a share of rounds (Otoroku's tera-zen)."""
    draw: str | None = None
    """'dealer' (RULES 4.7) or 'seats' (5.7): the draw that starts a game (``draw_outcome``)."""
    players_may_leave = False
    """A round may leave seated players out for good (Tokan)."""
    seats_vary = False
    """Fewer than all the table's players may be seated for a round (the form lists those)."""
    players_may_change = False
    """Players may join or leave the table between games (within the game's bounds)."""
    reads_game_totals = False
    """Whether the game decides anything from the players' results within the current game
    (who is seated, when it ends): a replay then only settles at the start of a game."""
    reads_game_round = False
    """Whether the game decides anything from the round's number within its game beyond
    whether it is the first (Baka's three rounds, Otoroku's game length)."""
    record_keys: tuple[str, ...] = ()
    """What each player entered, in the order the CSV record shows it (empty: every key of
    ``player_keys`` but the name, in alphabetical order)."""
    yaku_keys: tuple[str, ...] = ()
    """Where a result lists what each player made (yaku, a named hand), for the CSV record
    and a member's page."""

    def numbered(self, n: int) -> Msg:
        """One deal of the game by its number: "round 3" (Tokan: "tour 3"), in the refusals
        and journal lines of the tables layer as on the pages."""
        return self.noun_numbered(n=n)

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Read the declarations a subclass leaves unset from the engine it sets."""
        super().__init_subclass__(**kwargs)
        engine = cls.__dict__.get("engine")
        for attr, constant in ENGINE_CONSTANTS.items():
            if engine is not None and attr not in cls.__dict__ and hasattr(engine, constant):
                setattr(cls, attr, getattr(engine, constant))

    # -- the engine ----------------------------------------------------------------------

    def evaluate(self, data: Body) -> RoundResult:
        """Parse and score a body; raises InvalidInput with every violation found. The
        result's numbers only: its notes are made by ``to_dict``, where it is shown."""
        return self.engine.evaluate(data)

    # -- options and what a round's body holds -------------------------------------------

    @property
    def options(self) -> tuple[Option, ...]:
        """The house rules, then the settings: everything a new table is asked."""
        return self.rule_options + self.setting_options

    def bound(self, field: str) -> Bound:
        """The limits of a whole number a round carries (``stake``, ``players.<i>.wager``)."""
        return next(b for b in self.bounds if b.field == field)

    def setting(self, spec: TableSpec, key: str) -> OptionValue:
        """A table's setting, or its declared default (also for a stored value of another
        type, which the table's checks never let in)."""
        default = next(o.default for o in self.setting_options if o.key == key)
        value = spec.settings.get(key, default)
        return value if isinstance(value, str | bool | int) else default

    def check_rules(self, r: Reader, raw: Body) -> JSONObject:
        """A new table's house rules, each defaulting as declared."""
        known = {o.key for o in self.rule_options}
        for key in raw:
            if key not in known:
                r.add(
                    f"rules.{key}",
                    N_("'%(key)s' is not a setting of %(game)s", key=key, game=self.title),
                )
        return {o.key: r.option(raw, o, f"rules.{o.key}") for o in self.rule_options}

    def check_settings(self, r: Reader, raw: Body) -> JSONObject:
        """A new table's settings, each defaulting as declared."""
        return {o.key: r.option(raw, o, f"settings.{o.key}") for o in self.setting_options}

    def kept_entry(self, kind: str, entry: Entry) -> Entry:
        """A round's entry as a table stores it: an unknown key refused by name, the keys the
        table decides dropped (an end of game keeps nothing)."""
        if kind != "round":
            return Entry()
        self.check_keys(entry)
        return as_entry({k: v for k, v in entry.items() if k not in self.decided_keys})

    def check_keys(self, body: Mapping[str, object]) -> None:
        """InvalidInput naming each key of a round's body (and of its players) that the game
        does not read: a misspelt ``captued``, a house rule outside ``rules``. A table's
        round and the stateless body alike (docs/api.md)."""
        errors = [
            Violation(str(key), self._unknown(key, self.keys))
            for key in body
            if key not in self.keys
        ]
        players = body.get("players")
        for i, p in enumerate(players if isinstance(players, list) else []):
            if isinstance(p, Mapping):
                errors += [
                    Violation(f"players.{i}.{key}", self._unknown(key, self.player_keys))
                    for key in p
                    if key not in self.player_keys
                ]
        if errors:
            raise InvalidInput(errors)

    def _unknown(self, key: object, known: frozenset[str]) -> str:
        listed = ", ".join(sorted(known))
        return N_(
            "%(key)s is not part of a %(game)s %(noun)s (known: %(known)s)",
            key=repr(str(key)[:40]),
            game=self.title,
            noun=self.noun,
            known=listed,
        )

    # -- a table's round -----------------------------------------------------------------

    def check_seats(self, seated: int) -> None:
        """Refuse a table's round that seats too few players to go on (Tokan's leavers)."""

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        """Fill in what the table's rules, settings and state say about the next round."""
        rules = self.body_rules(spec)
        if rules is not None:
            body["rules"] = rules

    def body_rules(self, spec: TableSpec) -> JSONObject | None:
        """The house rules a table's round gives the engine (the same for all its rounds);
        None: the engine reads none."""
        return None

    def stored_body(
        self, body: EngineInput, spec: TableSpec, *, players_in_order: bool
    ) -> EngineInput:
        """``body`` as a table stores it beside its entry: without what every stored round
        would repeat, which ``input_from_stored`` puts back.

        - The house rules, when they are the table's.
        - The players, when the ledger built them from the entry's players in table order
          from the first seat, each named as the table names that seat (``players_in_order``:
          everybody seated, the usual round).
        """
        drop = []
        if "rules" in body and body["rules"] == self.body_rules(spec):
            drop.append("rules")
        if "players" in body and players_in_order:
            drop.append("players")
        return as_engine_input({k: v for k, v in body.items() if k not in drop}) if drop else body

    def input_from_stored(self, stored: EngineInput, spec: TableSpec, entry: Entry) -> EngineInput:
        """A stored body as the engine reads it (see ``stored_body``)."""
        rules = self.body_rules(spec)
        missing: JSONObject = {}
        if rules is not None and "rules" not in stored:
            missing["rules"] = rules
        named = _named(entry.get("players"), spec.players) if "players" not in stored else None
        if named is not None:
            missing["players"] = named
        return as_engine_input({**stored, **missing}) if missing else stored

    # -- how a round moves the table on --------------------------------------------------

    def seated_after(
        self, spec: TableSpec, after: State, positions: Sequence[int]
    ) -> tuple[int, ...]:
        """Who is still seated after a round that seated ``positions`` (totals already moved)."""
        return after.seated

    def ends_game(self, spec: TableSpec, after: State, outcome: Outcome) -> bool:
        """Whether the round just played ends the current game: the one place that decides."""
        return outcome.game_over

    def rescore_cheaply(self, earlier: PriorScore, body: Body) -> Outcome | None:
        """How a round scores with ``body``, known from how it scored with ``earlier.body``
        without scoring it again (its changes are the earlier ones); None when it must be
        scored. A long replay after a correction asks this of every later round."""
        return None

    def can_end(self, state: State) -> bool:
        """Whether the table may end the current game now."""
        return state.game_round > 1

    def end_game(self, spec: TableSpec, state: State) -> GameEnd:
        """What ending the current game early pays out (nothing, by default)."""
        return GameEnd(tuple(Fraction(0) for _ in spec.players))

    def draw_outcome(self, picks: Sequence[Sequence[str]], names: Sequence[str]) -> JSONObject:
        """What the draw that starts a game (``draw``) decides from the cards each player
        drew (``names``: the players, in the same order); InvalidInput if they cannot. Only
        asked of a game that declares a ``draw``."""
        raise NotImplementedError(f"{self.title} starts without a draw")


def _named(players: object, names: Sequence[str]) -> list[JSONValue] | None:
    """An entry's players as the engine reads them when they sit in table order from the
    first seat: each named as the table names that seat (None: not a list of players that
    the table's seats could name)."""
    if not isinstance(players, list) or len(players) > len(names):
        return None
    named: list[JSONValue] = []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping):
            return None
        named.append({**p, "name": names[i]})
    return named
