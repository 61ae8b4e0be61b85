"""Members' ratings per game (API.md "Seasons and ratings", issue 41).

A **match** is one table's club day: the players who sat in at least one round there that
day, ranked by their points at that table that day (game ends included; equal points share a
rank). Matches are rated one by one with the ``openskill`` package's Plackett-Luce model and
its defaults, in the order their last rounds were entered (ties by entry order), every member
starting at the model's default; the rating shown is the model's ``ordinal``.

Everything is read from the kept figures (``clubs.figures``: a row per table, club day and
seat, kept up to date by every write), never from the rounds: a corrected or deleted round
moves them as it moves the standings. The ratings of a game (and season) are worked out once
per state of the club and kept (``_KEPT``), keyed on the club's ``version`` (its seasons) and
``figures_version`` (every write to one of its tables moves it), so a page or an API call
that follows no write reads them back instead of rating every match again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import ColumnElement, select, tuple_

from scorekeeper.caches import BoundedCache
from scorekeeper.clubs import figures
from scorekeeper.clubs.seasons import Season
from scorekeeper.clubs.standings import not_a_game, season_only
from scorekeeper.games import RULES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.models import Club, ClubFigure, Round, db
from scorekeeper.rules.common import Reader

PROVISIONAL_UNDER = 5
"""A member with fewer matches than this in a game (or season) is provisional."""
DECIMALS = 6


@dataclass(frozen=True)
class Match:
    """One table's club day: each player's points there that day."""

    table_id: int
    day: date
    last_at: datetime
    points: tuple[tuple[str, Fraction | int], ...]


@dataclass(frozen=True)
class Point:
    """A member's rating after one match."""

    day: date
    mu: float
    sigma: float
    rating: float


@dataclass
class Line:
    """A member's ratings in one game (and season), match by match."""

    name: str
    points: list[Point] = field(default_factory=list)

    @property
    def now(self) -> Point:
        return self.points[-1]

    @property
    def trend(self) -> float:
        """How the last match moved the rating (the first moves it from the default's)."""
        before = self.points[-2].rating if len(self.points) > 1 else _DEFAULT_ORDINAL
        return self.now.rating - before

    @property
    def provisional(self) -> bool:
        return len(self.points) < PROVISIONAL_UNDER


_MODEL = PlackettLuce()
_DEFAULT_ORDINAL = _MODEL.rating().ordinal()


def ranks(points: Sequence[Fraction | int]) -> list[int]:
    """Each player's rank by points (1 the most; equal points share a rank), exactly."""
    return [1 + sum(1 for q in points if q > p) for p in points]


def played_in(
    tables: Mapping[int, figures.TableFacts], season: Season | None
) -> list[ColumnElement[bool]]:
    """Which kept figures count for ratings and records: those of ``tables``' seats that
    played a round (in ``season``)."""
    kept = [ClubFigure.table_id.in_(list(tables)), ClubFigure.seat >= 0, ClubFigure.rounds > 0]
    if season is not None:
        kept += [ClubFigure.day >= season.start, ClubFigure.day <= season.end]
    return kept


def matches(club: Club, game: str, season: Season | None) -> list[Match]:
    """The club's matches of ``game`` (in ``season``), in the order they are rated."""
    tables = figures.table_facts(club, game)
    if not tables:
        return []
    query = select(
        ClubFigure.table_id,
        ClubFigure.day,
        ClubFigure.seat,
        ClubFigure.points,
        ClubFigure.rounds,
        ClubFigure.last_at,
    ).where(*played_in(tables, season))
    found: dict[tuple[int, date], tuple[list[tuple[str, Fraction | int]], datetime]] = {}
    for tid, day, seat, points, _, last_at in db.session.execute(query):
        players = tables[tid].players
        if seat >= len(players) or last_at is None:
            continue
        seats, last = found.setdefault((tid, day), ([], last_at))
        seats.append((players[seat], figures.kept_amount(points)))
        if last_at > last:
            found[(tid, day)] = (seats, last_at)
    out = [
        Match(tid, day, last, tuple(sorted(seats)))
        for (tid, day), (seats, last) in found.items()
        if len(seats) > 1
    ]
    order = _entry_order(out)
    out.sort(key=lambda m: (m.last_at, order.get((m.table_id, m.last_at), 0), m.table_id))
    return out


def _entry_order(found: Sequence[Match]) -> dict[tuple[int, datetime], int]:
    """For matches whose last rounds share a time, their last rounds' entry order (ids)."""
    seen: dict[datetime, int] = {}
    for m in found:
        seen[m.last_at] = seen.get(m.last_at, 0) + 1
    tied = [(m.table_id, m.last_at) for m in found if seen[m.last_at] > 1]
    if not tied:
        return {}
    query = (
        select(Round.table_id, Round.created_at, db.func.max(Round.id))
        .where(
            tuple_(Round.table_id, Round.created_at).in_(tied),
            Round.number.is_not(None),
        )
        .group_by(Round.table_id, Round.created_at)
    )
    return {(tid, at): rid for tid, at, rid in db.session.execute(query)}


def rate(found: Sequence[Match]) -> dict[str, Line]:
    """Every member's ratings, match by match, from the model's defaults."""
    now: dict[str, PlackettLuceRating] = {}
    lines: dict[str, Line] = {}
    for m in found:
        names = [name for name, _ in m.points]
        teams = [[now.get(name) or _MODEL.rating(name=name)] for name in names]
        rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks([p for _, p in m.points])])
        for name, (after,) in zip(names, rated, strict=True):
            now[name] = after
            lines.setdefault(name, Line(name)).points.append(
                Point(m.day, after.mu, after.sigma, after.ordinal())
            )
    return lines


_KEPT: BoundedCache[tuple[object, ...], dict[str, Line]] = BoundedCache(64)
_MATCHES: BoundedCache[tuple[object, ...], list[Match]] = BoundedCache(64)


def state_key(club: Club, game: str, season: Season | None) -> tuple[object, ...]:
    """A state of the club's figures and seasons, for ``game`` (and ``season``): what the
    ratings and records are kept under (see the module's docstring)."""
    return (
        club.token,
        club.version,
        club.figures_version,
        club.timezone,
        game,
        season.name if season is not None else None,
    )


def kept_matches(club: Club, game: str, season: Season | None) -> list[Match]:
    """``matches``, read once per state of the club: the ratings and the records' runs both
    need them. Not to be changed."""
    return _MATCHES.kept(state_key(club, game, season), lambda: matches(club, game, season))


def lines_of(club: Club, game: str, season: Season | None) -> dict[str, Line]:
    """The members' ratings in ``game`` (and ``season``), worked out once per state of the
    club's figures and seasons (see the module's docstring). Not to be changed."""
    return _KEPT.kept(state_key(club, game, season), lambda: rate(kept_matches(club, game, season)))


def game_arg(args: Mapping[str, str]) -> str:
    """The game the ratings are asked for: it must be given, and be one of ours."""
    game = args.get("game") or None
    if game is None or game not in RULES:
        r = Reader()
        if game is None:  # not "null is not a game here": it was not given
            r.add(
                "game",
                N_("Name a game: one of %(games)s", games=", ".join(RULES)),
            )
        else:
            not_a_game(r, game)
        r.raise_if_any()
    assert game is not None
    return game


def _float(x: float) -> float:
    return round(float(x), DECIMALS)


def ranked(lines: Mapping[str, Line]) -> list[Line]:
    """Best rating first (equal ratings by name)."""
    return sorted(lines.values(), key=lambda line: (-line.now.rating, line.name.casefold()))


def ratings(club: Club, args: Mapping[str, str]) -> JSONObject:
    """API.md "Seasons and ratings": ``ratings?game=...&season=...``."""
    game = game_arg(args)
    season = season_only(club, args)
    archived = args.get("archived") in ("1", "true")
    away = {str(m["name"]) for m in club.members if m.get("archived")}
    hidden = away if not archived else set()
    # An archived member is listed last, and only when asked (API.md "archive").
    lines = sorted(ranked(lines_of(club, game, season)), key=lambda line: line.name in away)
    members: list[JSONValue] = [
        {
            "name": line.name,
            "mu": _float(line.now.mu),
            "sigma": _float(line.now.sigma),
            "rating": _float(line.now.rating),
            "matches": len(line.points),
            "provisional": line.provisional,
            "last_played": line.now.day.isoformat(),
        }
        for line in lines
        if line.name not in hidden
    ]
    return {
        "game": game,
        "season": season.name if season is not None else None,
        "members": members,
    }
