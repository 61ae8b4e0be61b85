"""A club's kept figures (``ClubFigure``): per table, club day and seat, the sums its pages
show, kept up to date by every write to a club's table so that the standings and a member's
page add up a few rows instead of reading every round (issue 20).

Every write to a table goes through ``journal.record``, which notes a club's table here
(``noted``). Before the transaction commits, each noted table's figures follow: entries
appended since the figures were last brought up to date (rounds, game ends, changes of the
table, settle-ups) are added in (``Table.figures_through`` says how far they go); a
correction, a delete, an undo or a restore, which may change any later round, rebuilds the
table's figures from its stored rounds (their stored changes and results: a round is scored
again only when a replay left its result out). A table that joins a club has its figures
built; one that leaves has them dropped; a club's new time zone rebuilds its tables'.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement, delete, event, select, update
from sqlalchemy.orm import Session

from scorekeeper.codec import amount_str, read_stored_amount
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import Action, EntryKind
from scorekeeper.models import Club, ClubFigure, Round, Table, db
from scorekeeper.round_data import json_of
from scorekeeper.rules.common import name_key
from scorekeeper.tables import journal, store

DAY_STARTS = timedelta(hours=6)
"""A club's day runs from 06:00 to 06:00 in its time zone: an evening past midnight is one."""
POT = -1
"""The seat whose figures are the pot's (``points``) and the house's (``house``)."""
_APPENDS = {Action.ENTER, Action.END, Action.EDIT, Action.SETTLE, Action.REMATCH}
"""Writes that only add entries at the end of a table: its figures are added to."""
_NOTED = journal.CLUB_WRITES
_LEFT = "clubs_tables_left"
_UTC = ZoneInfo("UTC")


def zone_of(club: Club) -> ZoneInfo:
    """The club's time zone; UTC for a name this host's zone database does not hold (a
    club's data moved from another host), so that no page of the club fails on it."""
    try:
        return ZoneInfo(club.timezone)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return _UTC


def club_day(at: datetime, zone: ZoneInfo) -> date:
    """The club's day of a UTC time: 06:00 to 06:00 in the club's time zone. At the ends of
    the calendar (a time stored before imports kept to ``transfer.EARLIEST``), the UTC day."""
    try:
        return (at.replace(tzinfo=_UTC).astimezone(zone) - DAY_STARTS).date()
    except OverflowError:
        return at.date()


_APART: tuple[int, Fraction, Fraction] = (0, Fraction(0), Fraction(0))
"""What a seat has beside another before any round together."""


@dataclass
class Figure:
    """One seat's figures at one table on one day, as exact numbers."""

    points: Fraction = Fraction(0)
    rounds: int = 0
    best: Fraction | None = None
    best_round: int | None = None
    """The round that first made ``best`` (its ``round_no``): the club's records link to it."""
    worst: Fraction | None = None
    yaku: dict[str, int] = field(default_factory=dict)
    together: dict[int, tuple[int, Fraction, Fraction]] = field(default_factory=dict)
    """Per other seat: rounds together, this seat's points, theirs."""
    house: Fraction = Fraction(0)
    first_at: datetime | None = None
    last_at: datetime | None = None
    money: Fraction | None = Fraction(0)
    """Each change times the point value it was played at (none adds nothing); None: a row
    kept before migration 0014, priced by the table's point value as it is now."""
    unpriced: bool = False
    """Whether any of its entries was played without a point value."""

    def add(self, other: Figure) -> None:
        self.points += other.points
        self.money = None if self.money is None or other.money is None else self.money + other.money
        self.unpriced = self.unpriced or other.unpriced
        self.rounds += other.rounds
        self.house += other.house
        if other.best is not None and (self.best is None or other.best > self.best):
            # ``other`` follows: an equal best stays the earlier round's.
            self.best, self.best_round = other.best, other.best_round
        if other.worst is not None:
            self.worst = other.worst if self.worst is None else min(self.worst, other.worst)
        for k, n in other.yaku.items():
            self.yaku[k] = self.yaku.get(k, 0) + n
        for seat, (n, mine, theirs) in other.together.items():
            kept_n, kept_mine, kept_theirs = self.together.get(seat, _APART)
            self.together[seat] = (kept_n + n, kept_mine + mine, kept_theirs + theirs)
        if other.first_at is not None:
            self.first_at = (
                other.first_at if self.first_at is None else min(self.first_at, other.first_at)
            )
        if other.last_at is not None:
            self.last_at = (
                other.last_at if self.last_at is None else max(self.last_at, other.last_at)
            )

    @classmethod
    def of_row(cls, row: ClubFigure) -> Figure:
        return cls(
            points=read_stored_amount(row.points),
            rounds=row.rounds,
            best=read_stored_amount(row.best) if row.best is not None else None,
            best_round=row.best_round,
            worst=read_stored_amount(row.worst) if row.worst is not None else None,
            yaku={str(k): int(str(v)) for k, v in row.yaku.items()},
            together={
                int(k): (int(str(v[0])), read_stored_amount(v[1]), read_stored_amount(v[2]))
                for k, v in row.together.items()
                if isinstance(v, list) and len(v) == 3
            },
            house=read_stored_amount(row.house),
            first_at=row.first_at,
            last_at=row.last_at,
            money=read_stored_amount(row.money) if row.money is not None else None,
            unpriced=bool(row.unpriced),
        )

    def store_in(self, row: ClubFigure) -> None:
        row.points = amount_str(self.points)
        row.rounds = self.rounds
        row.best = amount_str(self.best) if self.best is not None else None
        row.best_round = self.best_round
        row.worst = amount_str(self.worst) if self.worst is not None else None
        row.yaku = dict[str, JSONValue](sorted(self.yaku.items()))
        row.together = {
            str(k): [v[0], amount_str(v[1]), amount_str(v[2])]
            for k, v in sorted(self.together.items())
        }
        row.house = amount_str(self.house)
        row.first_at = self.first_at
        row.last_at = self.last_at
        row.money = amount_str(self.money) if self.money is not None else None
        row.unpriced = self.unpriced


def _yaku_of(player: object) -> list[str]:
    """The yaku ids a result's player made (Toppa and Baka dekiyaku and teyaku, Otoroku's
    teyaku)."""
    if not isinstance(player, dict):
        return []
    out: list[str] = []
    for key in ("teyaku", "dekiyaku"):
        value = player.get(key)
        if isinstance(value, str) and value:
            out.append(value)
        elif isinstance(value, list):
            out += [str(y["id"]) for y in value if isinstance(y, dict) and "id" in y]
    return out


def _seated_after(after: object, n: int, before: Sequence[int]) -> list[int]:
    """Who sits after an entry, from what it keeps of the state (``Round.after``)."""
    if not isinstance(after, dict):
        return list(before)
    seated = after.get("seated")
    if isinstance(seated, list):
        return [int(s) for s in seated if isinstance(s, int)]
    players = after.get("players")
    return list(range(players if isinstance(players, int) else n))


def values_in_force(table: Table, rows: Sequence[Round]) -> list[Fraction | None]:
    """The point value each of the table's last live entries ``rows`` was played at (API.md:
    a point value applies to the rounds entered afterwards). A table takes another one only
    once every total is clear, so after a settle-up: an entry before a settle-up was played
    at the value that settle-up kept, one after the last at the table's value now. (When the
    totals came back to zero by play alone, a change of the value, or its undo or redo,
    first records a settle-up with nothing to pay, closing the rounds played at the old one:
    ``changes.close_priced_rounds``.)"""
    value = read_stored_amount(table.point_value) if table.point_value else None
    out: list[Fraction | None] = []
    for rnd in reversed(rows):
        settled = json_of(rnd.entry)
        if rnd.kind == EntryKind.SETTLE and "point_value" in settled:
            kept = settled["point_value"]
            value = read_stored_amount(kept) if isinstance(kept, str) and kept else None
        out.append(value)
    out.reverse()
    return out


def contributions(
    table: Table, rows: Sequence[Round], zone: ZoneInfo, seated: Sequence[int]
) -> tuple[dict[tuple[date, int], Figure], list[int]]:
    """What live entries (in order, the table's last ones) add to a table's figures, by day
    and seat; and who sits after them. ``seated``: who sat before the first of them."""
    figures: dict[tuple[date, int], Figure] = {}
    n = len(table.players)
    sat = list(seated)
    for rnd, value in zip(rows, values_in_force(table, rows), strict=True):
        if rnd.kind in (EntryKind.ROUND, EntryKind.END):
            _add_entry(figures, table, rnd, zone, sat, value)
        sat = _seated_after(rnd.after, n, sat)
    return figures, sat


def _add_entry(
    figures: dict[tuple[date, int], Figure],
    table: Table,
    rnd: Round,
    zone: ZoneInfo,
    sat: Sequence[int],
    value: Fraction | None,
) -> None:
    """What a round or a game's end, played at point value ``value``, adds to its day's
    figures: each seat's, and the pot's."""
    day = club_day(rnd.created_at, zone)
    deltas = [read_stored_amount(d) for d in rnd.deltas][: len(table.players)]
    house = read_stored_amount(str((rnd.outcome or {}).get("house", "0")))
    pot = figures.setdefault((day, POT), Figure())
    pot.points -= sum(deltas, Fraction(0)) + house
    pot.house += house
    in_round = _played(table, rnd, [s for s in sat if s < len(deltas)])
    made: dict[int, list[str]] = {}
    if rnd.kind == EntryKind.ROUND:
        result = store.result_of(table, rnd)
        players = result.get("players")
        if isinstance(players, list) and len(players) == len(in_round):
            made = dict(zip(in_round, [_yaku_of(p) for p in players], strict=True))
    for seat, change in enumerate(deltas):
        played = rnd.kind == EntryKind.ROUND and seat in in_round
        if change == 0 and not played:
            continue
        fig = figures.setdefault((day, seat), Figure())
        fig.points += change
        if value is None:
            fig.unpriced = True
        elif fig.money is not None:
            fig.money += change * value
        if played:
            _add_round(fig, rnd, seat, deltas, in_round, made.get(seat, []))


def _played(table: Table, rnd: Round, seated: list[int]) -> list[int]:
    """Who of the ``seated`` played round ``rnd``: the players its entry names, when it
    names them (in Tokan a player leaves by being left out of a tour, API.md), else every
    seated one. Names are matched as the ledger matches them (``name_key``, the table's
    players as named now: a rename renames the entries too)."""
    if rnd.kind != EntryKind.ROUND:
        return seated
    given = json_of(rnd.entry).get("players")
    if not isinstance(given, list) or not given:
        return seated
    names = [p.get("name") if isinstance(p, dict) else None for p in given]
    if not all(isinstance(n, str) for n in names):
        return seated
    keys = {name_key(typing.cast(str, n)) for n in names}
    named = [s for s in seated if s < len(table.players) and name_key(table.players[s]) in keys]
    return named if len(named) == len(names) else seated


def _add_round(
    fig: Figure,
    rnd: Round,
    seat: int,
    deltas: Sequence[Fraction],
    in_round: Sequence[int],
    yaku: Sequence[str],
) -> None:
    """A round ``seat`` played in: counted, its best and worst, yaku, opponents and times."""
    change = deltas[seat]
    fig.rounds += 1
    if fig.best is None or change > fig.best:
        fig.best, fig.best_round = change, rnd.round_no
    fig.worst = change if fig.worst is None else min(fig.worst, change)
    for y in yaku:
        fig.yaku[y] = fig.yaku.get(y, 0) + 1
    for other in in_round:
        if other != seat:
            n, mine, theirs = fig.together.get(other, _APART)
            fig.together[other] = (n + 1, mine + change, theirs + deltas[other])
    at = rnd.created_at
    fig.first_at = at if fig.first_at is None else min(fig.first_at, at)
    fig.last_at = at if fig.last_at is None else max(fig.last_at, at)


def _live_from(table: Table, after_number: int) -> list[Round]:
    return list(
        db.session.scalars(
            select(Round)
            .where(
                Round.table_id == table.id,
                Round.number.is_not(None),
                Round.number > after_number,
            )
            .order_by(Round.number)
        )
    )


def _opening_seated(table: Table) -> list[int]:
    opening = table.opening or {}
    seated = opening.get("seated")
    if isinstance(seated, list):
        return [int(s) for s in seated if isinstance(s, int)]
    return list(range(len(table.players)))


def _seated_before(table: Table, number: int) -> list[int]:
    """Who sat before the entry at ``number``: what the entry before it left."""
    if number <= 1:
        return _opening_seated(table)
    after = db.session.scalar(
        select(Round.after).where(Round.table_id == table.id, Round.number == number - 1)
    )
    return _seated_after(after, len(table.players), _opening_seated(table))


def rebuild(table: Table, club: Club) -> None:
    """The table's figures from its stored rounds, replacing what was kept."""
    db.session.execute(delete(ClubFigure).where(ClubFigure.table_id == table.id))
    rows = _live_from(table, 0)
    figures, _ = contributions(table, rows, zone_of(club), _opening_seated(table))
    for (day, seat), fig in figures.items():
        row = ClubFigure(table_id=table.id, day=day, seat=seat)
        fig.store_in(row)
        db.session.add(row)
    table.figures_through = table.round_count


def rebuild_marked() -> int:
    """Work out again the figures of every club's table marked for it (``figures_through``
    NULL: migration 0016 marks the clubs' Tokan tables), one table at a time: each locked as
    a write locks it, rebuilt with its club's version moved, and committed; the number of
    tables. The ``rebuild-figures`` command runs it once after an upgrade, while the app
    serves (a table written meanwhile was worked out by its write, and is passed over)."""
    marked = select(Table.id).where(Table.club_id.is_not(None), Table.figures_through.is_(None))
    done = 0
    for table_id in db.session.scalars(marked).all():
        locked = select(Table).where(Table.id == table_id).with_for_update()
        table = db.session.scalar(locked.execution_options(populate_existing=True))
        club = None if table is None else db.session.get(Club, table.club_id)
        if table is not None and club is not None and table.figures_through is None:
            rebuild(table, club)
            moved(db.session(), club.id)
            done += 1
        db.session.commit()
    return done


def add_new(table: Table, club: Club) -> None:
    """Add the entries appended since ``table.figures_through`` to the kept figures."""
    if _kept_unpriced(table):
        rebuild(table, club)  # kept before migration 0014: priced again, round by round
        return
    through = table.figures_through or 0
    rows = _live_from(table, through)
    if not rows:
        table.figures_through = table.round_count
        return
    seated = _seated_before(table, rows[0].number or 1)
    figures, _ = contributions(table, rows, zone_of(club), seated)
    days = {day for day, _ in figures}
    kept = {
        (row.day, row.seat): row
        for row in db.session.scalars(
            select(ClubFigure).where(ClubFigure.table_id == table.id, ClubFigure.day.in_(days))
        )
    }
    for key, fig in figures.items():
        row = kept.get(key)
        if row is None:
            row = ClubFigure(table_id=table.id, day=key[0], seat=key[1])
            db.session.add(row)
            total = fig
        else:
            total = Figure.of_row(row)
            total.add(fig)
        total.store_in(row)
    table.figures_through = table.round_count


def _kept_unpriced(table: Table) -> bool:
    """Whether any of the table's kept figures dates from before migration 0014 (no money),
    on whatever day: the table's next write works them all out again."""
    found = db.session.scalar(
        select(ClubFigure.id)
        .where(ClubFigure.table_id == table.id, ClubFigure.money.is_(None))
        .limit(1)
    )
    return found is not None


def drop(table: Table) -> None:
    db.session.execute(delete(ClubFigure).where(ClubFigure.table_id == table.id))
    table.figures_through = None


# -- which tables changed ------------------------------------------------------------------


def noted(table: Table, left: Club | None = None) -> None:
    """``table`` joined or ``left`` a club, or its club's day moved: its figures are rebuilt
    (or dropped) before the transaction commits. (``journal.record`` notes the writes.)"""
    written: dict[int, set[Action | None]] = db.session.info.setdefault(_NOTED, {})
    written.setdefault(table.id, set()).add(None)
    if left is not None:
        db.session.info.setdefault(_LEFT, set()).add(left.id)


def follow(session: Session) -> None:
    """Bring the noted tables' figures up to date (before a commit)."""
    written: dict[int, set[Action | None]] = session.info.pop(_NOTED, {})
    changed: set[int] = session.info.pop(_LEFT, set())
    for table_id, actions in written.items():
        table = session.get(Table, table_id)
        if table is None:
            continue
        club = session.get(Club, table.club_id) if table.club_id is not None else None
        if club is not None:
            changed.add(club.id)
        if club is None:
            drop(table)
        elif table.figures_through is None or not actions <= _APPENDS:
            rebuild(table, club)
        else:
            add_new(table, club)

    for club_id in changed - {0}:
        moved(session, club_id)


def moved(session: Session, club_id: int) -> None:
    """Move the club's figures version: every standing and record it shows is worked out
    again (its pages' ETags change)."""
    session.execute(
        update(Club).where(Club.id == club_id).values(figures_version=Club.figures_version + 1)
    )


@event.listens_for(Session, "before_commit")
def _before_commit(session: Session) -> None:
    if session.info.get(_NOTED):
        follow(session)


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_NOTED, None)
    session.info.pop(_LEFT, None)


# -- reading ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableFacts:
    """What the club's pages need of a table: no JSON column but its players."""

    id: int
    token: str
    view_token: str | None
    name: str
    game: str
    players: list[str]
    point_value: Fraction | None


def table_facts(club: Club, game: str | None = None) -> dict[int, TableFacts]:
    """The club's tables (of ``game``), by id, newest first: one light query."""
    query = select(
        Table.id,
        Table.token,
        Table.view_token,
        Table.name,
        Table.game,
        Table.players,
        Table.point_value,
    ).where(Table.club_id == club.id)
    if game is not None:
        query = query.where(Table.game == game)
    return {
        tid: TableFacts(
            tid, token, view, name, g, list(players), read_stored_amount(value) if value else None
        )
        for tid, token, view, name, g, players, value in db.session.execute(
            query.order_by(Table.id.desc())
        )
    }


def kept_amount(text: str) -> Fraction | int:
    """A kept amount: most are whole numbers, read without making a Fraction."""
    try:
        return int(text)
    except ValueError:
        return read_stored_amount(text)


class KeptSum(typing.NamedTuple):
    """What the standings read of one kept figure (``kept_sums``)."""

    table_id: int
    seat: int
    points: str
    rounds: int
    house: str
    money: str | None
    unpriced: bool | None


def kept_sums(tables: Sequence[int], start: date | None, end: date | None) -> list[KeptSum]:
    """The kept figures of ``tables`` over a period of the club's days (inclusive)."""
    query = select(
        ClubFigure.table_id,
        ClubFigure.seat,
        ClubFigure.points,
        ClubFigure.rounds,
        ClubFigure.house,
        ClubFigure.money,
        ClubFigure.unpriced,
    ).where(*_of(tables, start, end))
    return [KeptSum(*row) for row in db.session.execute(query)]


def money_of(fig: Figure, value: Fraction | None) -> Fraction | None:
    """A figure's money: as kept, or (kept before migration 0014) its points at the table's
    point value now; None when none of it was played at a point value."""
    if fig.money is None:
        return fig.points * value if value is not None else None
    return None if fig.unpriced and not fig.money else fig.money


def last_rounds(tables: Sequence[int], start: date | None, end: date | None) -> dict[int, datetime]:
    """When each of ``tables`` last had a round in a period of the club's days (tables
    without one are left out): one grouped query."""
    query = (
        select(ClubFigure.table_id, db.func.max(ClubFigure.last_at))
        .where(*_of(tables, start, end), ClubFigure.seat >= 0, ClubFigure.last_at.is_not(None))
        .group_by(ClubFigure.table_id)
    )
    return {tid: at for tid, at in db.session.execute(query) if at is not None}


def kept_rows(tables: Sequence[int], start: date | None, end: date | None) -> list[ClubFigure]:
    """The kept figures of ``tables`` over a period of the club's days (inclusive)."""
    return list(db.session.scalars(select(ClubFigure).where(*_of(tables, start, end))))


def _of(tables: Sequence[int], start: date | None, end: date | None) -> list[ColumnElement[bool]]:
    """The figures of ``tables`` in a period of club days, as conditions of a query."""
    where: list[ColumnElement[bool]] = [ClubFigure.table_id.in_(list(tables))]
    if start is not None:
        where.append(ClubFigure.day >= start)
    if end is not None:
        where.append(ClubFigure.day <= end)
    return where


def fresh(club: Club) -> dict[tuple[int, date, int], JSONObject]:
    """The figures computed afresh from the club's tables' rounds (what the kept ones must
    equal), keyed by table id, day and seat, as stored."""
    out: dict[tuple[int, date, int], JSONObject] = {}
    zone = zone_of(club)
    for table in db.session.scalars(select(Table).where(Table.club_id == club.id)):
        figures, _ = contributions(table, _live_from(table, 0), zone, _opening_seated(table))
        for (day, seat), fig in figures.items():
            row = ClubFigure()
            fig.store_in(row)
            out[(table.id, day, seat)] = _as_json(row)
    return out


def kept(club: Club) -> dict[tuple[int, date, int], JSONObject]:
    """The kept figures of the club's tables, in ``fresh``'s shape."""
    return {
        (f.table_id, f.day, f.seat): _as_json(f)
        for f in kept_rows(list(table_facts(club)), None, None)
    }


def _as_json(row: ClubFigure) -> JSONObject:
    return {
        "points": row.points,
        "rounds": row.rounds,
        "best": row.best,
        "best_round": row.best_round,
        "worst": row.worst,
        "yaku": row.yaku,
        "together": row.together,
        "house": row.house,
        "money": row.money,
        "unpriced": row.unpriced,
        "first_at": row.first_at.isoformat() if row.first_at else None,
        "last_at": row.last_at.isoformat() if row.last_at else None,
    }
