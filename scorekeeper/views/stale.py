"""A round form refused because another phone got there first (issue 30): what the page
shows beside the player's own entry, and what saving it as the next round would change;
and a form refused because the table moved on since it was drawn (its players changed, or
its game went on at a new table)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from flask.typing import ResponseReturnValue

from scorekeeper.games import GAMES
from scorekeeper.i18n import translate as tr
from scorekeeper.messages import N_
from scorekeeper.round_data import Entry
from scorekeeper.rules import Violation
from scorekeeper.tables import reading, service
from scorekeeper.views import errors_by_field

if TYPE_CHECKING:
    from scorekeeper.forms import RoundForm
    from scorekeeper.round_data import Result
    from scorekeeper.state import State
    from scorekeeper.tables.reading import Round, Table


@dataclass(frozen=True, slots=True)
class Moved:
    """The round the player entered and the next free one have different dealers."""

    dealer: str
    """Who deals the next free round, where *Save mine as round N* puts the entry."""
    was: str
    """Who dealt the round the player entered (theirs)."""
    differs: bool
    """Whether the entry scores otherwise with that dealer: a change, a hand's value or
    teyaku (Otoroku's depend on who deals and who plays last)."""


@dataclass(frozen=True, slots=True)
class Stale:
    """A round form refused because another phone got there first: what is stored now.

    The page shows ``theirs`` beside the player's own entry (kept in the form, nothing
    stored) and lets the player choose: a new round is discarded or saved as the next
    number; a correction keeps theirs or is saved over it.
    """

    kind: str
    """'new' (that round number was entered meanwhile) or 'edit' (the round was changed)."""
    theirs: Round
    same: bool
    """Their entry is the player's: most likely both phones entered the same round."""
    mine: Result | None = None
    """What the player's own entry would score if saved as the page offers (as the next
    round, or over theirs), worked out without storing; None when the rules refuse it."""
    moved: Moved | None = None
    """Saved as the next round, the entry is dealt by another dealer than the round it was
    entered for: said beside *Save mine as round N*, before the player saves."""


def dealer_moved(
    table: Table, now: State, theirs: Round, entry: Entry, mine: Result | None
) -> Moved | None:
    """Who deals the next free round (the table at ``now``) and who dealt ``theirs``, the
    round the player entered, when they differ and the entry leaves the dealer to the
    table; and whether the entry scores otherwise for it (``mine``: what it scores at
    ``now``, as the page already worked out). None when nothing moves."""
    if not GAMES[table.game].has_dealer or "dealer" in entry or theirs.number is None:
        return None
    then = reading.state_before(table, theirs.number)
    if then.dealer == now.dealer:
        return None
    players = table.players
    return Moved(
        players[now.dealer],
        players[then.dealer],
        _changes(service.preview_round(table, then, entry).result) != _changes(mine),
    )


def _changes(result: Result | None) -> list[dict[str, object]] | None:
    """What a result says of each player but their role (the dealer's moving changes that
    anyway): their change, and the game's own figures (Otoroku's hand value, teyaku, buta).
    None when the rules refuse the entry."""
    if result is None:
        return None
    players = result.get("players")
    if not isinstance(players, list):
        return []
    return [{k: v for k, v in p.items() if k != "role"} for p in players if isinstance(p, dict)]


class _RoundPage(Protocol):
    """What ``refused_as_moved_on`` reads of a round's page (``views.rounds.RoundPage``)."""

    players_changed: bool
    round_no: int
    rnd: Round | None
    table: Table

    def render(
        self,
        form: RoundForm,
        entry: Entry,
        errors: dict[str, list[str]] | None = None,
        status: int = 200,
    ) -> ResponseReturnValue: ...


CONTINUED_SINCE = N_(
    "This game continued at a new table after this page was opened, so nothing was saved "
    "here: enter the round at the new table (its link is just below). To keep it at this "
    "table instead, tap Save again."
)


def refused_as_moved_on(
    page: _RoundPage, form: RoundForm, entry: Entry, problems: Sequence[Violation]
) -> ResponseReturnValue | None:
    """The table moved on since the form was drawn, so that it is refused as it stands: the
    players changed (drawn again, empty, for those there now: what was typed was by seat),
    or a new round's game went on at a new table (said once with its link over the form,
    the typing kept: Save again keeps the round at this table)."""
    if page.players_changed:
        form.expected_number.data = str(page.round_no)
        changed = errors_by_field(v for v in problems if v.field == "players")
        return page.render(form, Entry({}), changed, 409)
    if page.rnd is None and reading.rematch_since(page.table, form.seen.data) is not None:
        form.seen.data = str(page.table.version)
        return page.render(form, entry, {"": [tr(CONTINUED_SINCE)]}, 409)
    return None
