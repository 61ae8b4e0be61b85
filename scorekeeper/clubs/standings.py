"""A club's standings and a member's figures over a period of the club's days, and the
club's exports (the standings as CSV, the whole club as JSON).

Standings are added up from the rounds' stored changes (``Round.deltas``, kept per club day
by ``clubs.figures``), never by scoring a round again: every stored round keeps its change
per seat, and the pot and the house take what the players' changes leave."""

from __future__ import annotations

import copy
import csv
import io
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction
from typing import cast

from sqlalchemy import select

from scorekeeper.caches import BoundedCache
from scorekeeper.clubs import figures
from scorekeeper.clubs import seasons as club_seasons
from scorekeeper.clubs.journal import journal
from scorekeeper.clubs.store import club_json, club_tables, iso, member
from scorekeeper.exact import amount_str, csv_amount
from scorekeeper.games import RULES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.models import Club, ClubFigure, db
from scorekeeper.rules.common import Reader, name_key, shown
from scorekeeper.tables import store, transfer

# -- standings and members' figures ----------------------------------------------------


def _day_arg(r: Reader, raw: str | None, key: str) -> date | None:
    if raw in (None, ""):
        return None
    try:
        if not club_seasons.DAY.fullmatch(str(raw)):
            raise ValueError  # 20261124 or 2026-W48-1: days said otherwise than the API's
        return date.fromisoformat(str(raw))
    except ValueError:
        r.add(key, N_("%(value)s is not a date (write it as 2026-11-24)", value=shown(raw)))
        return None


class SeasonNotFound(LookupError):
    """``?season=`` names no season of the club (404, API.md "Seasons and ratings")."""


PERIOD_KEYS = ("from", "to", "season")
"""The parameters that choose a period of the club's days."""


def not_a_game(r: Reader, game: str | None) -> None:
    """Say at ``game`` that what was asked for is not one of the games here."""
    r.add(
        "game",
        N_(
            "%(value)s is not a game here (choose one of %(games)s)",
            value=shown(game),
            games=", ".join(RULES),
        ),
    )


def season_of(club: Club, args: Mapping[str, str]) -> club_seasons.Season | None:
    """The season ``?season=`` names (None when none is asked for); SeasonNotFound when the
    club has no season of that name."""
    name = args.get("season") or None
    if name is None:
        return None
    found = club_seasons.named(club_seasons.of_club(club.seasons), str(name)[:200])
    if found is None:
        raise SeasonNotFound(str(name)[:80])
    return found


def season_only(club: Club, args: Mapping[str, str]) -> club_seasons.Season | None:
    """``season_of`` for figures over a season or all time (ratings, records): ``from`` and
    ``to`` are refused, at ``season`` beside one (as ``_period`` does), else where given."""
    asked = [k for k in ("from", "to") if k in args]
    if asked:
        said = N_("These figures are over a season or all time: ask for a season, not from and to")
        r = Reader()
        for field in ["season"] if args.get("season") else asked:
            r.add(field, said)
        r.raise_if_any()
    return season_of(club, args)


def _period(args: Mapping[str, str], club: Club) -> tuple[date | None, date | None, str | None]:
    """The period and game a page or the API asks for; InvalidInput names the parameter.
    A season (``season``) is the period from its first to its last day."""
    r = Reader()
    season = season_of(club, args)
    start = _day_arg(r, args.get("from"), "from")
    end = _day_arg(r, args.get("to"), "to")
    if season is not None:
        if start is not None or end is not None:
            r.add("season", N_("Ask for a season or for from and to, not both"))
        start, end = season.start, season.end
    game = args.get("game") or None
    if game is not None and game not in RULES:
        not_a_game(r, game)
        game = None
    if start and end and start > end:
        r.add("to", N_("The period ends before it starts"))
    r.raise_if_any()
    return start, end, game


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    money: Fraction = Fraction(0)
    rounds: int = 0
    tables: set[int] = field(default_factory=set)
    firsts: int = 0


_ANSWERS: BoundedCache[tuple[object, ...], JSONObject] = BoundedCache(256)
_ANSWERS_LOCK = threading.Lock()


def _remembered(
    what: str, club: Club, args: Mapping[str, str], work: Callable[[], JSONObject]
) -> JSONObject:
    """An answer computed from the kept figures, kept in this process while they and the
    club stay as they were: every write to a club's table moves ``figures_version``, every
    change of the club ``version``, so a kept answer is never stale. A copy is returned."""
    key = (
        what,
        club.token,
        club.version,
        club.figures_version,
        club.timezone,
        *sorted(args.items()),
    )
    kept = _ANSWERS.get(key)
    if kept is None:
        kept = work()
        with _ANSWERS_LOCK:
            _ANSWERS[key] = kept
    return copy.deepcopy(kept)


def standings(club: Club, args: Mapping[str, str]) -> JSONObject:
    """API.md "Clubs" standings, added up from the kept figures (``clubs.figures``)."""
    query = {k: str(args[k]) for k in (*PERIOD_KEYS, "game", "archived") if k in args}
    return _remembered("standings", club, query, lambda: _standings(club, query))


def _standings(club: Club, args: Mapping[str, str]) -> JSONObject:
    start, end, game = _period(args, club)
    season = season_of(club, args)
    archived = args.get("archived") in ("1", "true")
    tally: dict[str, _Tally] = {str(m["name"]): _Tally() for m in club.members}
    sums = _add_up(club, tally, start, end, game)
    _count_firsts(tally, sums.per_table)
    flags = {str(m["name"]): bool(m.get("archived")) for m in club.members}
    rows_out: list[tuple[tuple[bool, int, Fraction | int], JSONObject]] = []
    left_out = _Tally()  # the archived members not listed: their sum keeps the zero sum
    for name, mt in tally.items():
        if flags.get(name) and not archived:
            left_out.points += mt.points
            left_out.money += mt.money
            continue
        item: JSONObject = {
            "name": name,
            "points": amount_str(mt.points) if game else None,
            "money": amount_str(mt.money),
            "rounds": mt.rounds,
            "tables": len(mt.tables),
            "firsts": mt.firsts,
            "average": amount_str(mt.points / mt.rounds) if game and mt.rounds else None,
        }
        key = mt.points if game else mt.money
        # Archived members (listed when asked) last, then those who sat in no round and have
        # nothing: a share of a pot split paid to one who sat in no round of the period (a
        # player added before the game's end) is ordered by its figure like any other.
        idle = not mt.rounds and not mt.points and not mt.money
        rows_out.append(((flags.get(name, False), 1 if idle else 0, -key), item))
    rows_out.sort(key=lambda pair: pair[0])
    return {
        "from": start.isoformat() if start else None,
        "to": end.isoformat() if end else None,
        "season": season.name if season is not None else None,
        "game": game,
        "members": [item for _, item in rows_out],
        "pot": amount_str(sums.pot),
        "house": amount_str(sums.house),
        "unpriced_tables": len(sums.unpriced),
        "archived_points": amount_str(left_out.points) if game else None,
        "archived_money": amount_str(left_out.money),
    }


@dataclass
class _Sums:
    """What the standings add up besides each member's tally."""

    pot: Fraction | int = 0
    house: Fraction | int = 0
    unpriced: set[int] = field(default_factory=set)
    per_table: dict[int, dict[str, Fraction | int]] = field(default_factory=dict)
    """Each table's points per member (who came first there)."""


def _add_up(
    club: Club, tally: dict[str, _Tally], start: date | None, end: date | None, game: str | None
) -> _Sums:
    """Each member's points, money, rounds and tables over the period, into ``tally``."""
    sums = _Sums()
    tables = figures.table_facts(club, game)
    for kept in figures.kept_sums(list(tables), start, end):
        tid, seat, rounds = kept.table_id, kept.seat, kept.rounds
        points = figures.kept_amount(kept.points)
        if seat == figures.POT:
            sums.pot += points
            sums.house += figures.kept_amount(kept.house)
            continue
        t = tables[tid]
        if seat >= len(t.players):
            continue
        if kept.money is None:  # kept before migration 0014: at the table's value now
            money = points * t.point_value if t.point_value is not None else 0
            unpriced = t.point_value is None
        else:
            money, unpriced = figures.kept_amount(kept.money), bool(kept.unpriced)
        if unpriced:
            sums.unpriced.add(tid)
        name = t.players[seat]
        mt = tally.setdefault(name, _Tally())
        mt.points += points
        mt.money += money
        mt.rounds += rounds
        if rounds:
            mt.tables.add(tid)
        at_table = sums.per_table.setdefault(tid, {})
        at_table[name] = at_table.get(name, 0) + points
    return sums


def _count_firsts(
    tally: dict[str, _Tally], per_table: dict[int, dict[str, Fraction | int]]
) -> None:
    """A first at each table for whoever sat there in the period with its highest points:
    among those who sat (a pot split paid to one who sat in no round of the period takes no
    first from them)."""
    for tid, at_table in per_table.items():
        sat = {name: pts for name, pts in at_table.items() if tid in tally[name].tables}
        best = max(sat.values(), default=None)
        for name, pts in sat.items():
            if pts == best:
                tally[name].firsts += 1


def last_played(club: Club) -> date | None:
    """The most recent club day with a round or a game's end at one of the club's tables."""
    tables = list(figures.table_facts(club))
    if not tables:
        return None
    day: date | None = db.session.scalar(
        select(db.func.max(ClubFigure.day)).where(
            ClubFigure.table_id.in_(tables), ClubFigure.seat >= 0
        )
    )
    return day


def games_played(club: Club, args: Mapping[str, str]) -> list[str]:
    """The games played at the club's tables in a period (``from``, ``to``), the most
    recently played first."""
    start, end, _ = _period(args, club)
    tables = figures.table_facts(club)
    latest: dict[str, tuple[datetime, int]] = {}
    for tid, at in figures.last_rounds(list(tables), start, end).items():
        game = tables[tid].game
        if game not in latest or (at, tid) > latest[game]:
            latest[game] = (at, tid)  # within one second, the newer table
    return sorted(latest, key=lambda g: latest[g], reverse=True)


class MemberNotFound(store.NotFound):
    """No member of this name in the club."""


def member_stats(
    club: Club, name: str, args: Mapping[str, str], *, view: bool = False
) -> JSONObject:
    query = {k: str(args[k]) for k in (*PERIOD_KEYS, "game") if k in args}
    key = {**query, " name": name_key(name[:100]), " view": str(view)}
    return _remembered("member", club, key, lambda: _member_stats(club, name, query, view=view))


def _member_stats(
    club: Club, name: str, args: Mapping[str, str], *, view: bool = False
) -> JSONObject:
    """API.md "Clubs" ``members/<name>``: a member's tables, games, yaku and opponents over a
    period, from the kept figures; and ``days``, their money by club day with the running
    total, and their points by game that day (the member page's chart)."""
    m = member(club, name) if len(name) <= 80 else None
    if m is None:
        raise MemberNotFound(name)
    start, end, game = _period(args, club)
    season = season_of(club, args)
    who = str(m["name"])
    mine = _member_figures(club, who, start, end, game)
    return {
        "name": who,
        "archived": bool(m.get("archived")),
        "from": start.isoformat() if start else None,
        "to": end.isoformat() if end else None,
        "season": season.name if season is not None else None,
        "game": game,
        "tables": _tables_json(mine, view=view),
        "games": _games_json(mine),
        "opponents": _opponents_json(mine),
        "days": _days_json(mine),
    }


@dataclass
class _MemberFigures:
    """A member's kept figures over a period, added up per table, game, day and opponent."""

    per_table: dict[int, tuple[figures.TableFacts, figures.Figure]] = field(default_factory=dict)
    per_game: dict[str, figures.Figure] = field(default_factory=dict)
    per_day: dict[date, Fraction] = field(default_factory=dict)
    """Money by club day."""
    day_points: dict[date, dict[str, Fraction]] = field(default_factory=dict)
    opponents: dict[tuple[str, str], _Opponent] = field(default_factory=dict)
    """Per (opponent, game): one game's points are never added to another's."""


@dataclass
class _Opponent:
    """A member's figures beside one opponent in one game."""

    tables: set[int] = field(default_factory=set)
    rounds: int = 0
    """Rounds together."""
    points: Fraction = Fraction(0)
    """The member's points in them."""
    their_points: Fraction = Fraction(0)
    """The opponent's."""


def _member_figures(
    club: Club, who: str, start: date | None, end: date | None, game: str | None
) -> _MemberFigures:
    out = _MemberFigures()
    tables = figures.table_facts(club, game)
    seats = {tid: t.players.index(who) for tid, t in tables.items() if who in t.players}
    for row in figures.kept_rows(list(seats), start, end):
        t = tables[row.table_id]
        if row.seat != seats[row.table_id]:
            continue
        fig = figures.Figure.of_row(row)
        out.per_table.setdefault(t.id, (t, figures.Figure()))[1].add(fig)
        out.per_game.setdefault(t.game, figures.Figure()).add(fig)
        out.per_day[row.day] = out.per_day.get(row.day, Fraction(0)) + (
            figures.money_of(fig, t.point_value) or 0
        )
        on_day = out.day_points.setdefault(row.day, {})
        on_day[t.game] = on_day.get(t.game, Fraction(0)) + fig.points
        _add_opponents(out.opponents, t, fig)
    return out


def _add_opponents(
    opponents: dict[tuple[str, str], _Opponent], t: figures.TableFacts, fig: figures.Figure
) -> None:
    for seat, (n, mine, theirs) in fig.together.items():
        if seat >= len(t.players):
            continue
        # Per opponent and game: one game's points are never added to another's.
        o = opponents.setdefault((t.players[seat], t.game), _Opponent())
        o.tables.add(t.id)
        o.rounds += n
        o.points += mine
        o.their_points += theirs


def _tables_json(mine: _MemberFigures, *, view: bool) -> list[JSONValue]:
    tables_out: list[JSONValue] = []
    for t, fig in sorted(
        mine.per_table.values(),
        key=lambda p: p[1].last_at or datetime.min,
        reverse=True,
    ):
        money = figures.money_of(fig, t.point_value)
        ids: JSONObject = (
            {"url": f"/t/view/{t.view_token}"} if view else {"id": t.token, "url": f"/t/{t.token}"}
        )
        tables_out.append(
            {
                **ids,
                "name": t.name,
                "game": t.game,
                "first_round_at": iso(fig.first_at),
                "last_round_at": iso(fig.last_at),
                "rounds": fig.rounds,
                "points": amount_str(fig.points),
                "money": amount_str(money) if money is not None else None,
            }
        )
    return tables_out


def _games_json(mine: _MemberFigures) -> JSONObject:
    return {
        g: {
            "rounds": fig.rounds,
            "points": amount_str(fig.points),
            "best_round": amount_str(fig.best) if fig.best is not None else None,
            "worst_round": amount_str(fig.worst) if fig.worst is not None else None,
            "yaku": dict[str, JSONValue](sorted(fig.yaku.items())),
        }
        for g, fig in sorted(mine.per_game.items())
    }


def _days_json(mine: _MemberFigures) -> list[JSONValue]:
    running = Fraction(0)
    days_out: list[JSONValue] = []
    for day in sorted(mine.per_day):
        running += mine.per_day[day]
        days_out.append(
            {
                "day": day.isoformat(),
                "money": amount_str(mine.per_day[day]),
                "running": amount_str(running),
                "points": {g: amount_str(v) for g, v in sorted(mine.day_points[day].items())},
            }
        )
    return days_out


def _opponents_json(mine: _MemberFigures) -> list[JSONValue]:
    return [
        {
            "name": other,
            "game": other_game,
            "tables": len(o.tables),
            "rounds": o.rounds,
            "points": amount_str(o.points),
            "their_points": amount_str(o.their_points),
        }
        for (other, other_game), o in sorted(
            mine.opponents.items(), key=lambda kv: (-kv[1].rounds, kv[0])
        )
    ]


# -- exports -----------------------------------------------------------------------------

CSV_COLUMNS = ("name", "points", "money", "rounds", "tables", "firsts", "average")


def spreadsheet_amount(text: JSONValue) -> str:
    """A standings figure in the CSV (``exact.csv_amount``); blank where there is none."""
    return "" if text is None else csv_amount(str(text))


def _cell(text: str) -> str:
    """A member's name that a spreadsheet cannot take for a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(table: JSONObject) -> str:
    """The standings (``standings``) as CSV: a header row, then a row per member."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    members = table["members"]
    assert isinstance(members, list)
    for m in members:
        assert isinstance(m, dict)
        writer.writerow(
            [
                _cell(str(m["name"])),
                spreadsheet_amount(m["points"]),
                spreadsheet_amount(m["money"]),
                m["rounds"],
                m["tables"],
                m["firsts"],
                spreadsheet_amount(m["average"]),
            ]
        )
    return out.getvalue()


def export_club(club: Club) -> JSONObject:
    """The whole club: itself, its members, its journal and each table's export."""
    return {
        "club": club_json(club, view=False),
        "journal": list[JSONValue](journal(club)),
        "tables": [
            {"id": t.token, "export": cast(JSONObject, transfer.export_table(t))}
            for t in club_tables(club)
        ],
    }
