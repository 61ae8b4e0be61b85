"""What a game is to the rest of the app: one object per game owning all that differs.

The rules engine (``scorekeeper.rules``) scores one round from a complete input. A ``Game``
adds what a table and its pages need to know about that game: its house rules and settings
(declared once as ``Option``s), how a table completes a round's input from its state (who
deals, Baka's round of the game, Tokan's pot), how a result moves the table on (seats, the
end of a game), how a posted form becomes a round entry, and which template partials draw
its entry form and its result. Pure: no Flask and no database.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol, TypeAlias

from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.rules import InvalidInput, Option, Outcome, RoundResult, Violation
from scorekeeper.rules.common import Body, Bound, OptionValue, Reader
from scorekeeper.state import State, TableSpec

if TYPE_CHECKING:
    from scorekeeper.state import PriorScore


class Engine(Protocol):
    """A game's rules module (its folder's ``rules.py``): scores a JSON-shaped body, reading
    it into the engine's own input first (``parse``, then ``score``)."""

    def evaluate(self, data: Body) -> RoundResult: ...


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What ending a game early does: each table player's share, and the rest of the result."""

    deltas: tuple[Fraction, ...]
    pot_change: Fraction = Fraction(0)
    result: Body = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ErrorItem:
    """One line of the error summary: the id it links to, the place named, the message."""

    anchor: str
    where: str
    rank: int
    message: str


#: The words naming a round form's own fields in the error summary.
BarWords: TypeAlias = Msg | dict[str, Msg]
"""A message of the round form's bar (``Game.bar_messages``), or words by key (month names)."""

FIELD_WORDS: dict[str, Msg] = {
    "stake": N_("Stake"),
    "dealer": N_("Dealer"),
    "field": N_("The field"),
    "pot": N_("Pot"),
    "round": N_("Round of the game"),
    "device": N_("This phone's name"),
}


class Game:
    """One game: the engine's entry points plus everything a table and its pages ask of it.

    Subclasses set the class attributes that differ and override the hooks they need; the
    defaults describe a game of single rounds with no dealer, pot, house or seats.
    """

    engine: Engine
    """The game's rules module."""
    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    """How many players the dispute checker starts with."""
    noun: Msg = N_("round")
    kept_offline: Msg = N_("Not sent: no connection. Your cards are kept.")
    """What a Save without a connection says (the form keeps what was tapped)."""
    reads_game_totals = False
    """Whether the game decides anything from the players' results within the current game
    (who is seated, when it ends): a replay then only settles at the start of a game."""
    reads_game_round = False
    """Whether the game decides anything from the round's number within its game beyond
    whether it is the first (Baka's three rounds, Otoroku's game length)."""
    """What players call one deal of the game ("tour" in Tokan)."""
    nouns: Msg = N_("rounds")
    noun_numbered: Msg = N_("round %(n)s")
    """One deal by its number ("round 3"), filled in by ``numbered``."""
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
    record_keys: tuple[str, ...] = ()
    """What each player entered, in the order the CSV record shows it (empty: every key of
    ``player_keys`` but the name, in alphabetical order)."""
    yaku_keys: tuple[str, ...] = ()
    """Where a result lists what each player made (yaku, a named hand), for the CSV record."""
    decided_keys: frozenset[str] = frozenset()
    """Keys of the engine's body that a table decides itself: accepted in a table's round (it
    takes the stateless body) and dropped, never stored."""
    checker_inputs: Mapping[str, int | str] = MappingProxyType({})
    """Inputs of the dispute checker that a table derives from its state, with defaults."""
    scripts: tuple[str, ...] = ()
    """The game's own scripts (in its folder's ``static/``): ES modules exporting
    ``start(picker)``, served in the pages' one script (``scorekeeper/bundle.py``) and started
    after the shared pickers: each looks for its own form's elements."""
    styles: tuple[str, ...] = ()
    """The game's own style parts (in its folder's ``static/``), served appended to the
    shared ``static/css/app.css``."""
    deck: frozenset[str] = frozenset()
    """The card ids the game is played with (none for a dice game)."""
    card_values: Mapping[str, int] = MappingProxyType({})
    """The number each card of the deck counts for, shown on its picker tile (Tokotoko's
    Nagoya values); empty when a card's picture and name are all a player needs."""

    has_dealer = False
    """Somebody deals each round: the form asks who, the table says who deals next."""
    grid_first = False
    """The round form is the deck's grid (templates/_grid.html), drawn before the dealer and
    the game's round line so that the grid is in view from the start (issue 31)."""
    multi_game = False
    """Rounds make up games (numbered), and the table can end a game early."""
    has_pot = False
    has_house = False
    draw: str | None = None
    """'dealer' (RULES 4.7) or 'seats' (5.7): the draw page that starts a game."""
    players_may_leave = False
    """A round may leave seated players out for good (Tokan)."""
    seats_vary = False
    """Fewer than all the table's players may be seated for a round (the form lists those)."""
    players_may_change = False
    """Players may join or leave the table between games (within the game's bounds)."""
    game_settings: frozenset[str] = frozenset()
    """Settings that shape a whole game (its length): a table changes them between games."""

    # -- the engine ----------------------------------------------------------------------

    def evaluate(self, data: Body) -> RoundResult:
        """Parse and score a body; raises InvalidInput with every violation found."""
        return self.engine.evaluate(data)

    def evaluate_plain(self, data: Body) -> RoundResult:
        """``evaluate``, where only the result's ``deltas`` and ``outcome`` are read (an
        import, a replay): a game may leave its explanations out. The same checks."""
        return self.evaluate(data)

    # -- options -------------------------------------------------------------------------

    @property
    def options(self) -> tuple[Option, ...]:
        return self.rule_options + self.setting_options

    def numbered(self, n: int) -> Msg:
        """One deal of the game by its number: "round 3" (Tokan: "tour 3")."""
        return self.noun_numbered(n=n)

    @property
    def folder(self) -> Path:
        """The game's folder: where the module defining its class is (with its
        ``templates/`` and ``static/``)."""
        return Path(str(sys.modules[type(self).__module__].__file__)).parent

    def file(self, name: str) -> str:
        """A template of the game's folder, as the app's template loader names it."""
        return f"games/{self.id}/{name}"

    @property
    def entry_template(self) -> str:
        """The round form's fields (``templates/entry.html`` in the game's folder)."""
        return self.file("entry.html")

    @property
    def result_template(self) -> str:
        """A stored round's detail, under the changes (``templates/result.html``)."""
        return self.file("result.html")

    @property
    def tally_template(self) -> str:
        """The entry page's sticky bar: what each pile, hand or player holds so far."""
        return self.file("tally.html")

    def bar_messages(self) -> dict[str, BarWords]:
        """The server's messages for the mistakes the round form's bar shows before Save
        (issue 31): each the very message the server refuses the round with, its values
        placeholders such as "{n}" that the page's script fills in. The page writes them in
        its language (``scorekeeper.i18n.translated``)."""
        return {}

    def bound(self, field: str) -> Bound:
        """The limits of a whole number a round carries (``stake``, ``players.<i>.wager``)."""
        return next(b for b in self.bounds if b.field == field)

    def table_entry(self, kind: str, entry: Mapping[str, JSONValue]) -> JSONObject:
        """A round's entry as a table stores it: an unknown key refused by name, the keys the
        table decides dropped (an end of game keeps nothing)."""
        if kind != "round":
            return {}
        errors = [
            Violation(str(key), self._unknown(key, self.keys))
            for key in entry
            if key not in self.keys
        ]
        players = entry.get("players")
        for i, p in enumerate(players if isinstance(players, list) else []):
            if isinstance(p, Mapping):
                errors += [
                    Violation(f"players.{i}.{key}", self._unknown(key, self.player_keys))
                    for key in p
                    if key not in self.player_keys
                ]
        if errors:
            raise InvalidInput(errors)
        return {k: v for k, v in entry.items() if k not in self.decided_keys}

    def _unknown(self, key: object, known: frozenset[str]) -> str:
        listed = ", ".join(sorted(known))
        return N_(
            "%(key)s is not part of a %(game)s %(noun)s (known: %(known)s)",
            key=repr(str(key)[:40]),
            game=self.title,
            noun=self.noun,
            known=listed,
        )

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

    # -- the ledger ----------------------------------------------------------------------

    def check_seats(self, seated: int) -> None:
        """Refuse a table's round that seats too few players to go on (Tokan's leavers)."""

    def complete(self, body: JSONObject, spec: TableSpec, state: State) -> None:
        """Fill in what the table's rules, settings and state say about the next round."""
        rules = self._rules_of(spec)
        if rules is not None:
            body["rules"] = rules  # one dict for the spec's rounds: nothing changes a body

    def body_rules(self, spec: TableSpec) -> JSONObject | None:
        """The house rules a table's round gives the engine (the same for all its rounds);
        None: the engine reads none."""
        return None

    def stored_body(
        self, body: JSONObject, spec: TableSpec, *, players_in_order: bool
    ) -> JSONObject:
        """``body`` as a table stores it beside its entry: without what every stored round
        would repeat, which ``engine_body`` puts back.

        - The house rules, when they are the table's.
        - The players, when the ledger built them from the entry's players in table order
          from the first seat, each named as the table names that seat (``players_in_order``:
          everybody seated, the usual round).
        """
        drop = []
        if "rules" in body and body["rules"] == self._rules_of(spec):
            drop.append("rules")
        if "players" in body and players_in_order:
            drop.append("players")
        return {k: v for k, v in body.items() if k not in drop} if drop else body

    _last_rules: tuple[TableSpec, JSONObject | None] | None = None

    def _rules_of(self, spec: TableSpec) -> JSONObject | None:
        """``body_rules(spec)``, worked out once for the spec a replay scores every round
        with."""
        last = self._last_rules
        if last is not None and last[0] is spec:
            return last[1]
        rules = self.body_rules(spec)
        self._last_rules = (spec, rules)
        return rules

    def engine_body(self, stored: Body, spec: TableSpec, entry: Body) -> Body:
        """A stored body as the engine reads it (see ``stored_body``)."""
        rules = self.body_rules(spec)
        missing: JSONObject = {}
        if rules is not None and "rules" not in stored:
            missing["rules"] = rules
        named = _named(entry.get("players"), spec.players) if "players" not in stored else None
        if named is not None:
            missing["players"] = named
        return {**stored, **missing} if missing else stored

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

    def progress(self, spec: TableSpec, state: State, round_count: int) -> str:
        """Where the table stands, in words, for its page (``round_count``: the rounds played,
        which the next round's number follows; a game's end or a settle-up is none)."""
        return N_("Round %(n)s next", n=round_count + 1)

    # -- pages ---------------------------------------------------------------------------

    def entry_from_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        """The JSON-shaped entry a round's form describes (``n`` players on the form).

        The dealer is a position among the players on the form, as in the API.
        """
        entry: JSONObject = {}
        dealer = form_int(form, "dealer")
        if dealer is not None:
            entry["dealer"] = dealer
        entry.update(self.read_form(form, n, errors))
        return entry

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        raise NotImplementedError

    def error_summary(
        self, errors: Mapping[str, Sequence[str]], names: Sequence[str], entry: Body
    ) -> list[ErrorItem]:
        """The form's mistakes for the summary at its top, in the order the page shows the
        fields, each linking to the element its message sits beside (``names``: the players
        on the form, in its order)."""
        items = []
        for path, messages in errors.items():
            anchor, where, rank = self.error_place(path, names, entry)
            for message in messages:
                # "Ben: Enter both dice Ben rolled" says the name once too often.
                shown = "" if where and where.split("'")[0] in message else where
                items.append(ErrorItem(anchor, shown, rank, message))
        order = {"": 0, "players": 1}
        return sorted(items, key=lambda e: (order.get(e.anchor, 2), e.rank))

    def error_place(self, path: str, names: Sequence[str], entry: Body) -> tuple[str, str, int]:
        """Where a field path's message is shown: the element's id (empty when the message
        belongs to the whole form), the words naming it, and its rank on the page."""
        head, _, rest = path.partition(".")
        if head == "players" and rest:
            i = self.form_index(rest.partition(".")[0], names, entry)
            if i is not None:
                return f"player-{i}", names[i], 100 + i
        if head in ("", "players", "kind", "submission_id", "expected_number"):
            return "", "", 0
        if head in ("rules", "method", "length", "stones"):
            return "rules", N_("House rules"), 1
        return head, FIELD_WORDS.get(head) or head.replace("_", " ").capitalize(), 2

    def form_index(self, k: str, names: Sequence[str], entry: Body) -> int | None:
        """The place on the form of the entry's player ``k`` (its position in the list)."""
        return int(k) if k.isdigit() and int(k) < len(names) else None

    def explain(self, result: Body) -> Msg | None:
        """One line saying why a stored round's ``result`` came out as it did, for the first
        screen after Save; None when the game has none or the result is no round."""
        return None

    def draw_outcome(self, picks: Sequence[Sequence[str]], names: Sequence[str]) -> JSONObject:
        """What the draw that starts a game (``draw``) decides from the cards each player
        drew (``names``: the players, in the same order); InvalidInput if they cannot."""
        raise NotImplementedError(f"{self.title} starts without a draw")

    def seat_notes(self, positions: Sequence[int], dealer: int) -> dict[int, str]:
        """Words shown beside a player on the entry form, by table position."""
        return {}

    def yaku_name(self, yaku_id: str) -> str:
        """A yaku's (or a named hand's) name, a message the page translates; the id itself
        when the game names none (a member's page counts what each player made)."""
        return yaku_id


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
