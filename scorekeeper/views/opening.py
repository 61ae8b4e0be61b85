"""Opening a table from a page's form, the home page's or a club's: the table's own checks
said as the page asks (its first dealer counted from 1), then the table opened and kept, by
``service.open_new_table`` (which the API's ``POST /sessions`` calls too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.forms import NewTableForm
from scorekeeper.games import GAMES
from scorekeeper.games.game_pages import ErrorItem
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.tables import service
from scorekeeper.tables.reading import Club, Table

STARTED_ALREADY = N_(
    "This form started this table already (Start tapped twice?), so no other table was "
    "opened. To start another, open the start page again."
)


@dataclass(slots=True)
class Opening:
    """What came of a new table's form: the table opened, or what refused it."""

    table: Table | None = None
    again: bool = False
    """``table`` was opened by this same form before (Start tapped twice): nothing new."""
    checks: list[Violation] = field(default_factory=list)
    """The table's own checks of what the form could read, as the page says them."""
    refused: list[Violation] = field(default_factory=list)
    """What opening the checked table refused (a club's members)."""


def open_from_form(form: NewTableForm, *, ready: bool, club: Club | None = None) -> Opening:
    """Check a new table's form on the table's own checks (whatever the form could read, so
    that every mistake is said at once) and, when ``ready`` (the form's own checks passed)
    and the table's pass too, open it, in ``club`` if given, and commit. Nothing is checked
    without a known game; a refused table is not stored (the caller rolls back). A form
    that opened a table already (its ``start_id``), sent again, answers that table
    (``again``): Start tapped twice opens one table."""
    if form.game.data not in GAMES:
        return Opening()
    start_id = form.start_key() if ready else None
    first = service.taken_by(start_id)
    if first is not None and first.club_id == (None if club is None else club.id):
        return Opening(table=first, again=True)  # this form opened it already: sent again
    if first is not None:
        start_id = None  # another page's form's id (tampered): no id kept
    body = form.to_body()
    try:
        new = service.check_new_table(body)
    except InvalidInput as exc:
        return Opening(checks=on_the_page(exc.violations, body))
    if not ready:
        return Opening()
    try:
        table = service.open_new_table(new, club, start_id=start_id)
    except InvalidInput as exc:
        return Opening(refused=list(exc.violations))
    first = service.commit_opened(start_id, club)
    return Opening(table=table) if first is None else Opening(table=first, again=True)


def on_the_page(violations: Sequence[Violation], body: Mapping[str, JSONValue]) -> list[Violation]:
    """The table's check as the home page says it: its first dealer counted from 1, as the
    page asks for it (the API's message counts from 0), and only among players that can play
    (a wrong number of players is said beside the players)."""
    game = GAMES[str(body["game"])]
    players = body["players"]
    assert isinstance(players, list)  # as ``NewTableForm.to_body`` writes them
    n = len(players)
    out = []
    for v in violations:
        if v.field == "first_dealer":
            if not game.min_players <= n <= game.max_players:
                continue
            message = (
                N_("There are 2 players: the first dealer is 1 or 2")
                if n == 2
                else N_("There are %(n)s players: the first dealer is 1 to %(n)s", n=n)
            )
            v = Violation(v.field, message)
        out.append(v)
    return out


def form_field(form: NewTableForm, field: str) -> str:
    """The form's field a table's check names (``settings.stake`` is the field ``stake``:
    a house rule or setting is said beside its own field)."""
    group, _, key = field.partition(".")
    if group in ("rules", "settings") and key in {of.key for of in form.option_fields}:
        return key
    return field


START_FIELDS: dict[str, Msg] = {
    "game": N_("Game"),
    "name": N_("Table name"),
    "players": N_("Players"),
    "point_value": N_("Money per point"),
    "first_dealer": N_("First dealer"),
}
"""The new-table form's own fields in page order, as its summary of mistakes names them
(their labels say more than a summary line needs)."""


def start_summary(form: NewTableForm, errors: Mapping[str, Sequence[str]]) -> list[ErrorItem]:
    """The new-table form's mistakes for the summary at its top (issue 39: as the round form
    shows them), in the order the page shows their fields, each linking to its field: the
    whole form's first, then the game, name, players, money, first dealer, house rules."""
    options = {of.key: of for of in form.option_fields}
    ranks = {key: i for i, key in enumerate([*START_FIELDS, *options], start=1)}
    items = []
    for key, messages in errors.items():
        head = key.partition(".")[0]
        for message in messages:
            if not key:
                items.append(ErrorItem("", "", 0, message))
            elif head in START_FIELDS:
                items.append(ErrorItem(head, START_FIELDS[head], ranks[head], message))
            elif key in options:
                # "The stake must be at least 1" names its field; a label would say it twice.
                of = options[key]
                named = tr(of.called).casefold() in tr(message).casefold()
                where = "" if named else of.option.label
                items.append(ErrorItem(key, where, ranks[key], message))
            else:  # a house rule or setting the form has no field for: said as the page does
                shown = N_("%(key)s: %(message)s", key=key.split(".")[-1], message=message)
                items.append(ErrorItem("", "", len(ranks) + 1, shown))
    return sorted(items, key=lambda e: e.rank)


CLUB_FIELDS: dict[str, tuple[str, Msg]] = {
    "name": ("club_name", N_("Club name")),
    "members": ("members", N_("Members")),
    "timezone": ("timezone", N_("Time zone")),
}
"""The new-club form's fields in page order: the id each mistake links to, and its name."""


def club_summary(errors: Mapping[str, Sequence[str]]) -> list[ErrorItem]:
    """The new-club form's mistakes for the summary at its top, as the new-table form's
    (``start_summary``): the whole form's first, then each field's in page order."""
    ranks = {key: i for i, key in enumerate(CLUB_FIELDS, start=1)}
    items = []
    for key, messages in errors.items():
        place = CLUB_FIELDS.get(key)
        for message in messages:
            if place is None:  # the whole form's (an expired page)
                items.append(ErrorItem("", "", 0, message))
            else:
                items.append(ErrorItem(place[0], place[1], ranks[key], message))
    return sorted(items, key=lambda e: e.rank)
