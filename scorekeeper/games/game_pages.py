"""What a game's pages need: the hooks the views and templates ask.

``GamePages`` is one half of ``scorekeeper.games.base.Game`` (the other is ``GameRules``):
the words for a round ("tour"), the game's templates, scripts and styles, reading its round
form into an entry, where each mistake shows on that form, the messages of the form's bar,
where a table stands in words, the line under a result, the CSV record's columns, the
dispute checker's start, and the game's result for the API's description. Each hook is
declared here once, with its docstring and a harmless default; a game overrides only what
differs. Pure: no Flask and no database (the words are messages the page translates).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TypeAlias

from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.games.schema import ResultSchema, obj
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import Entry, as_entry
from scorekeeper.rules import Violation
from scorekeeper.rules.common import Body
from scorekeeper.state import State, TableSpec


@dataclass(frozen=True, slots=True)
class ErrorItem:
    """One line of the error summary: the id it links to, the place named, the message."""

    anchor: str
    where: str
    rank: int
    message: str


BarLine: TypeAlias = Sequence[Msg | str]
"""One player's line in the round form's bar (``GamePages.bar_lines``): its parts, each a
message the page translates, shown joined by " · "."""

BarWords: TypeAlias = Msg | dict[str, Msg]
"""A message of the round form's bar (``GamePages.bar_messages``), or words by key (month
names)."""

FIELD_WORDS: dict[str, Msg] = {
    "stake": N_("Stake"),
    "dealer": N_("Dealer"),
    "field": N_("The field"),
    "pot": N_("Pot"),
    "round": N_("Round of the game"),
    "device": N_("This phone's name"),
    "played_at": N_("Played at"),
    "photo": N_("Photo"),
}
"""The words naming a round form's own fields in the error summary."""


_NAME_KEYS = frozenset(("name", "who"))
"""The values a message puts a player's name in (a month is ``suit``, a card ``card``)."""


def _names_in(text: object) -> set[str]:
    """The players' names put into a message, into the messages and lists in it too."""
    if not isinstance(text, Msg):
        return set()
    found: set[str] = set()
    for key, value in text.params.items():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, Msg):
                found |= _names_in(item)
            if key in _NAME_KEYS and isinstance(item, str):
                found.add(str.__str__(item))
    return found


def _names_the_same(message: str, where: str) -> bool:
    """Whether ``message`` names the player ``where`` (a summary line's label: a name, or
    words made with it, "Ben's pile") names: by the value put in, not by words that happen
    to hold the name ("Pine: 1 card entered" is the month; "e" is in many a word)."""
    named = _names_in(where) or {where}
    return bool(named & _names_in(message))


class GamePages:
    """A game's pages: declarations, then hooks (see the module)."""

    # What the pages read of the game's rules (``GameRules`` declares them).
    id: str
    title: str
    noun: Msg

    nouns: Msg = N_("rounds")
    kept_offline: Msg = N_("Not sent: no connection. Your cards are kept.")
    """What a Save without a connection says (the form keeps what was tapped)."""
    scripts: tuple[str, ...] = ()
    """The game's own scripts (in its folder's ``static/``): ES modules exporting
    ``start(picker)``, built into the pages' one script (``scorekeeper/assets.py``) and started
    after the shared pickers: each looks for its own form's elements."""
    styles: tuple[str, ...] = ()
    """The game's own style parts (in its folder's ``static/``), served appended to the
    shared ``static/css/app.css``."""
    card_values: Mapping[str, int] = MappingProxyType({})
    """The number each card of the deck counts for, shown on its picker tile (Tokotoko's
    Nagoya values); empty when a card's picture and name are all a player needs."""
    grid_first = False
    """The round form is the deck's grid (templates/_grid.html), drawn before the dealer and
    the game's round line so that the grid is in view from the start (issue 31)."""
    seat_neighbours = False
    """The seat list names each player's left and right neighbour (the next and the previous
    in the list, RULES 2), whom the game's players play against (Tokan)."""
    default_players = 2
    """How many players the dispute checker starts with."""
    checker_inputs: Mapping[str, int | str] = MappingProxyType({})
    """Inputs of the dispute checker that a table derives from its state, with defaults."""

    # -- words ---------------------------------------------------------------------------

    def progress(self, spec: TableSpec, state: State, round_count: int) -> str:
        """Where the table stands, in words, for its page (``round_count``: the rounds played,
        which the next round's number follows; a game's end or a settle-up is none)."""
        return N_("Round %(n)s next", n=round_count + 1)

    @staticmethod
    def said_once(game_no: int, game_round: int, number: int) -> bool:
        """Whether a round's number at the table (``number``) is its number in its game too,
        as in the first game: then it is said once ("Tour 3", not "Tour 3 · game 1, tour 3",
        issue 39)."""
        return game_no == 1 and game_round == number

    def explain(self, result: Body) -> Msg | None:
        """One line saying why a stored round's ``result`` came out as it did, for the first
        screen after Save; None when the game has none or the result is no round."""
        return None

    def yaku_name(self, yaku_id: str) -> str:
        """A yaku's (or a named hand's) name, a message the page translates; the id itself
        when the game names none (a member's page counts what each player made)."""
        return yaku_id

    def seat_notes(self, positions: Sequence[int], dealer: int) -> dict[int, str]:
        """Words shown beside a player on the entry form, by table position."""
        return {}

    def bar_messages(self) -> dict[str, BarWords]:
        """The server's messages for the mistakes the round form's bar shows before Save
        (issue 31): each the very message the server refuses the round with, its values
        placeholders such as "{n}" that the page's script fills in. The page writes them in
        its language (``scorekeeper.i18n.translated``)."""
        return {}

    def bar_lines(self, body: Body, result: Body | None) -> list[BarLine | None]:
        """Each player's line in the round form's bar, by their place on the form, as the
        server works it out on every tap (issue 39): what the result will show of them when
        ``result`` (the round as Save would score it) is given, else what ``body`` (the
        engine's input as far as the entry goes) already makes; None, or no line at all,
        where the page's own tally says it. By default none."""
        return []

    def bar_at_once(self, message: str) -> bool:
        """Whether the bar says a refusal of the server as soon as the server finds it (a
        value no card has), rather than only when the page's own checks see that the
        player has moved on (a pile still being tapped is not yet a mistake). By default
        none: the page's checks decide when."""
        return False

    # -- templates -----------------------------------------------------------------------

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

    # -- the round form ------------------------------------------------------------------

    def entry_from_form(self, form: FormData, n: int, errors: list[Violation]) -> Entry:
        """The JSON-shaped entry a round's form describes (``n`` players on the form).

        The dealer is a position among the players on the form, as in the API.
        """
        entry: JSONObject = {}
        dealer = form_int(form, "dealer")
        if dealer is not None:
            entry["dealer"] = dealer
        entry.update(self.read_form(form, n, errors))
        return as_entry(entry)

    def read_form(self, form: FormData, n: int, errors: list[Violation]) -> JSONObject:
        """The game's own part of a round's form as an entry (beside the dealer), a mistake
        the form alone shows added to ``errors``. By default nothing: the engine then says
        what the round lacks."""
        return {}

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
                # "Ben: Enter both dice Ben rolled" says the name once too often; a name that
                # is only a part of the words ("e" in "Pine: 3 cards") does not count.
                shown = "" if where and _names_the_same(message, where) else where
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
        option = next((o for o in getattr(self, "options", ()) if o.key == head), None)
        words = FIELD_WORDS.get(head) or (option.label if option is not None else None)
        return head, words or head.replace("_", " ").capitalize(), 2

    def form_index(self, k: str, names: Sequence[str], entry: Body) -> int | None:
        """The place on the form of the entry's player ``k`` (its position in the list)."""
        return int(k) if k.isdigit() and int(k) < len(names) else None

    # -- the API's description -----------------------------------------------------------

    def result_schema(self) -> ResultSchema:
        """The game's result as the API's description shows it (``/api/v1/openapi.json``),
        written in the game's folder (``openapi.py``). By default, an object naming the game."""
        name = "".join(w.capitalize() for w in self.id.split("_")) + "Result"
        return ResultSchema(name, obj({"game": {"const": self.id}}))
