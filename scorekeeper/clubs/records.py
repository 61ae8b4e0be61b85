"""A club's records per game and season (issue 41 item 3): the biggest round won, the most
points at one table in a day, the longest run of club days finished first, the rarest yaku
made; each with who, when and where. When several members share a record, each of them has
their own record (who, when, where), in the order they were set. Derived from the kept
figures (``clubs.figures``), never typed in: a correction moves them as it moves the
standings. Kept per state of the club, as the
ratings are (``ratings.lines_of``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo

from sqlalchemy import select

from scorekeeper.caches import BoundedCache
from scorekeeper.clubs import figures
from scorekeeper.clubs.figures import DAY_STARTS, TableFacts
from scorekeeper.clubs.ratings import game_arg, kept_matches, played_in, ranks, state_key
from scorekeeper.clubs.seasons import Season
from scorekeeper.clubs.standings import season_only
from scorekeeper.codec import amount_str, read_stored_amount
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.models import Club, ClubFigure, Round, db
from scorekeeper.rules.common import name_key

_UTC = ZoneInfo("UTC")


@dataclass(frozen=True)
class Record:
    """One record: who holds it, its figure, the club day it was set (the last day of a
    run) and the table (and round) where."""

    kind: str
    """``round``, ``day``, ``run`` or ``yaku``."""
    names: tuple[str, ...]
    value: Fraction | int
    day: date
    table: TableFacts
    round_no: int | None = None
    yaku: str | None = None


def _utc_span(day: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """A club day as UTC times (06:00 to 06:00 in the club's zone)."""
    start = datetime.combine(day, time(), zone) + DAY_STARTS
    end = datetime.combine(day + timedelta(days=1), time(), zone) + DAY_STARTS
    return (
        start.astimezone(_UTC).replace(tzinfo=None),
        end.astimezone(_UTC).replace(tzinfo=None),
    )


def _round_no(
    table: TableFacts, day: date, seat: int, change: Fraction, zone: ZoneInfo
) -> int | None:
    """The number of the round of ``table`` on ``day`` where ``seat`` changed by ``change``,
    looked for among the day's rounds: for figures kept before their ``best_round`` was
    (migration 0013). None for a day at the calendar's ends (``figures.club_day``)."""
    try:
        start, end = _utc_span(day, zone)
    except OverflowError:
        return None
    rows = db.session.execute(
        select(Round.round_no, Round.deltas)
        .where(
            Round.table_id == table.id,
            Round.kind == EntryKind.ROUND,
            Round.number.is_not(None),
            Round.created_at >= start,
            Round.created_at < end,
        )
        .order_by(Round.number)
    )
    for round_no, deltas in rows:
        if seat < len(deltas) and read_stored_amount(deltas[seat]) == change:
            return int(round_no) if round_no is not None else None
    return None


def work_out(club: Club, game: str, season: Season | None) -> list[Record]:
    tables = figures.table_facts(club, game)
    if not tables:
        return []
    query = select(
        ClubFigure.table_id,
        ClubFigure.day,
        ClubFigure.seat,
        ClubFigure.points,
        ClubFigure.best,
        ClubFigure.yaku,
        ClubFigure.best_round,
    ).where(*played_in(tables, season))
    rows = [r for r in db.session.execute(query) if r[2] < len(tables[r[0]].players)]
    if not rows:
        return []
    zone = figures.zone_of(club)
    out: list[Record] = []

    def who(tid: int, seat: int) -> str:
        return tables[tid].players[seat]

    won = [(read_stored_amount(r[4]), r) for r in rows if r[4] is not None]
    won = [(v, r) for v, r in won if v > 0]
    if won:
        top = max(v for v, _ in won)
        for value, r in sorted((p for p in won if p[0] == top), key=lambda p: (p[1][1], p[1][0])):
            no = r[6] if r[6] is not None else _round_no(tables[r[0]], r[1], r[2], value, zone)
            out.append(Record("round", (who(r[0], r[2]),), value, r[1], tables[r[0]], no))
    day_points = [(read_stored_amount(r[3]), r) for r in rows]
    top_day = max(v for v, _ in day_points)
    for value, r in sorted(
        (p for p in day_points if p[0] == top_day), key=lambda p: (p[1][1], p[1][0])
    ):
        out.append(Record("day", (who(r[0], r[2]),), value, r[1], tables[r[0]]))
    out.extend(_longest_runs(club, game, season, tables))
    out.extend(_rarest_yaku(rows, tables))
    return _once_each(out)


def _once_each(found: list[Record]) -> list[Record]:
    """Each record listed once per holder (docs/api.md), where they first set it: a member
    who made the biggest round twice, or a run of the record length twice, is one entry (a
    probe of 2026-11-29 found Aki listed twice for a run of 1)."""
    seen: set[tuple[str, str | None, str]] = set()
    out = []
    for record in found:  # each kind in the order its records were set
        key = (record.kind, record.yaku, name_key(record.names[0]))
        if key not in seen:
            seen.add(key)
            out.append(record)
    return out


def _longest_runs(
    club: Club, game: str, season: Season | None, tables: dict[int, TableFacts]
) -> list[Record]:
    """The longest run of a member's club days finished first (issue 41), every holder of it.

    A member finishes a club day first when their points summed over every table of the game
    they sat at that day are the most among the game's players that day (as the day's
    standings rank them; a shared first counts). A run counts the member's own club days in
    order: a day they did not play neither extends nor breaks it. Each holder's record is
    dated on the last day of their run, at the table of their last match that day."""
    days: dict[date, dict[str, Fraction | int]] = {}
    where: dict[tuple[date, str], int] = {}
    for m in kept_matches(club, game, season):
        summed = days.setdefault(m.day, {})
        for name, points in m.points:
            summed[name] = summed.get(name, 0) + points
            where[(m.day, name)] = m.table_id
    now: dict[str, int] = {}
    ends: list[tuple[int, str, date]] = []
    for day in sorted(days):
        names = list(days[day])
        placed = ranks([days[day][n] for n in names])
        for name, rank in zip(names, placed, strict=True):
            now[name] = now.get(name, 0) + 1 if rank == 1 else 0
            if now[name]:
                ends.append((now[name], name, day))
    if not ends:
        return []
    longest = max(n for n, _, _ in ends)
    return [
        Record("run", (name,), n, day, tables[where[(day, name)]])
        for n, name, day in sorted(
            (e for e in ends if e[0] == longest), key=lambda e: (e[2], e[1].casefold())
        )
    ]


def _rarest_yaku(rows: list, tables: dict[int, TableFacts]) -> list[Record]:  # type: ignore[type-arg]
    """The yaku made the fewest times (every yaku of that count), one record per member who
    made it (issue 41: ties are all shown), each dated on the last club day that member made
    it, at that table."""
    counts: dict[str, int] = {}
    last: dict[tuple[str, str], tuple[date, int]] = {}
    for tid, day, seat, _, _, yaku, _ in rows:
        name = tables[tid].players[seat]
        for y, n in (yaku or {}).items():
            if int(str(n)) <= 0:
                continue
            counts[str(y)] = counts.get(str(y), 0) + int(str(n))
            if (str(y), name) not in last or (day, tid) > last[(str(y), name)]:
                last[(str(y), name)] = (day, tid)
    if not counts:
        return []
    fewest = min(counts.values())
    return [
        Record("yaku", (name,), fewest, day, tables[tid], yaku=y)
        for (y, name), (day, tid) in sorted(
            ((k, v) for k, v in last.items() if counts[k[0]] == fewest),
            key=lambda kv: (kv[0][0], kv[1][0], kv[0][1].casefold()),
        )
    ]


_KEPT: BoundedCache[tuple[object, ...], list[Record]] = BoundedCache(64)


def records(club: Club, game: str, season: Season | None) -> list[Record]:
    """The club's records in ``game`` (and ``season``), kept per state of the club."""
    return _KEPT.kept(state_key(club, game, season), lambda: work_out(club, game, season))


_ANSWERS: BoundedCache[tuple[object, ...], JSONObject] = BoundedCache(64)


def records_json(club: Club, args: Mapping[str, str], *, view: bool = False) -> JSONObject:
    """``GET .../records?game=&season=``: the club's records in a game (and season). Exact
    amounts are strings (``round``, ``day``); counts are integers (``run``, ``yaku``). Kept
    as ``records`` are, through the read-only link and the club's own apart: at a big club
    a record is shared by hundreds, and writing them out took longer than the rest of the
    answer. Not to be changed."""
    game = game_arg(args)
    season = season_only(club, args)
    return _ANSWERS.kept(
        (*state_key(club, game, season), view), lambda: _as_json(club, game, season, view=view)
    )


def _as_json(club: Club, game: str, season: Season | None, *, view: bool) -> JSONObject:
    out: list[JSONValue] = []
    for r in records(club, game, season):
        t = r.table
        where: JSONObject = (
            {"url": f"/t/view/{t.view_token}", "name": t.name}
            if view
            else {"id": t.token, "url": f"/t/{t.token}", "name": t.name}
        )
        out.append(
            {
                "kind": r.kind,
                "names": list[JSONValue](r.names),
                "value": amount_str(r.value) if r.kind in ("round", "day") else int(r.value),
                "day": r.day.isoformat(),
                "table": where,
                "round": r.round_no,
                "yaku": r.yaku,
            }
        )
    return {
        "game": game,
        "season": season.name if season is not None else None,
        "records": out,
    }
