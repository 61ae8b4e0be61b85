"""A member's page of a club, as it is drawn: their tables, running total (a chart in money,
or a line per game in points), the games they played with their yaku, and head to head. One
call of ``club_reading.member_stats`` gives the figures; this lays them out for people."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from fractions import Fraction
from functools import partial
from typing import TypedDict
from zoneinfo import ZoneInfo

from flask import (
    render_template,
    request,
)
from flask.typing import ResponseReturnValue

from scorekeeper.charts import Chart, XLabel, running_chart, x_labels
from scorekeeper.clubs import reading as club_reading
from scorekeeper.games import GAMES, Game
from scorekeeper.i18n import day_text, display_amount
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import reading
from scorekeeper.tables.reading import Club
from scorekeeper.views import errors_by_field, not_found
from scorekeeper.views.club_page import (
    amount_of,
    in_path,
    member_page_url,
    periods,
    standings_args,
    standings_url,
)
from scorekeeper.views.table_figures import totals_text

NO_MEMBER = N_("There is no member of this name in this club.")


def member_page(club: Club, name: str, *, view: bool) -> ResponseReturnValue:
    """``club_reading.member_stats`` once (the whole page: it stays one query however long the
    club's history), laid out for people."""
    args = {k: v for k, v in standings_args().items() if k != "archived"}
    errors: dict[str, list[str]] = {}
    status = 200
    try:
        try:
            stats = club_reading.member_stats(club, name, args, view=view)
        except InvalidInput as exc:
            errors = errors_by_field(exc.violations)
            stats = club_reading.member_stats(club, name, {}, view=view)
            status = 422
        except club_reading.SeasonNotFound as exc:
            said = N_("This club has no season named %(name)s", name=str(exc.args[0]))
            errors = {"season": [said]}
            args = {k: v for k, v in args.items() if k != "season"}
            stats = club_reading.member_stats(club, name, {}, view=view)
            status = 404
    except club_reading.MemberNotFound:
        not_found(NO_MEMBER)
    who = str(stats["name"])
    zone = club_reading.zone_of(club)
    game_id = stats.get("game")
    game = GAMES.get(str(game_id)) if game_id else None
    member_url = member_page_url(club, view=view)
    keep = {k: v for k, v in args.items() if k not in errors}
    tables = [_member_table(t, zone) for t in _objects(stats.get("tables"))]
    return render_template(
        "clubs/member.html",
        club=club,
        view=view,
        name=who,
        archived=bool(stats.get("archived")),
        figures=stats,
        game=game,
        games=GAMES,
        args=args,
        periods=periods(club, args),
        period_errors=errors,
        page_url=partial(member_url, name=who),
        page_hidden={} if in_path(who) else {"name": who},  # a GET form drops its query
        club_url=standings_url(club, view=view)(**keep),
        tables=tables,
        **_running_part(_objects(stats.get("days")), tables, game),
        per_game=_per_game(stats.get("games")),
        opponents=[
            {
                "name": str(o["name"]),
                "game": GAMES.get(str(o.get("game"))),
                "url": member_url(name=str(o["name"]), **keep),
                "tables": int(str(o.get("tables") or 0)),
                "rounds": int(str(o.get("rounds") or 0)),
                "points": amount_of(o.get("points")) or Fraction(0),
                "their_points": amount_of(o.get("their_points")) or Fraction(0),
            }
            for o in _objects(stats.get("opponents"))
        ],
        rating_charts=rating_charts(club, who, {} if errors else args),
    ), status


class MemberTable(TypedDict):
    """A table the member sat at, as their page lists it (``_member_table``)."""

    day: str | None
    url: str | None
    name: str
    game: str
    rounds: int
    points: Fraction
    money: Fraction | None


class MemberDay(TypedDict):
    """A club day of the member's: what they won or lost that day, and their running total."""

    day: str
    money: Fraction
    running: Fraction


class RunningPart(TypedDict):
    """The member's running total by club day and its chart (``_running_part``)."""

    priced: bool
    by_game: list[GameLine]
    total: Fraction
    days: list[MemberDay]
    chart: Chart | None
    chart_titles: list[str]
    shown_view: str | None
    points_totals: str


class Yaku(TypedDict):
    id: str
    name: str
    count: int


class GamePlayed(TypedDict):
    """A game the member played, as their page shows it (``_per_game``)."""

    id: str
    title: str
    rounds: int
    points: Fraction
    best: Fraction | None
    worst: Fraction | None
    yaku: list[Yaku]
    has_yaku: bool


def _running_part(
    days: Sequence[JSONObject], tables: Sequence[MemberTable], game: Game | None
) -> RunningPart:
    """The member's running total by club day: in money when a table of the period has money
    per point, else a line of points per game (never added up), with the chart of it."""
    running = [amount_of(d.get("running")) or Fraction(0) for d in days]
    priced = any(t["money"] is not None for t in tables)
    by_game = [] if priced else _points_by_game(days)
    return {
        "priced": priced,
        "by_game": by_game,
        "total": running[-1] if running else Fraction(0),
        "days": [
            {
                "day": str(d.get("day")),
                "money": amount_of(d.get("money")) or Fraction(0),
                "running": r,
            }
            for d, r in zip(days, running, strict=True)
        ],
        "chart": _money_chart(running) if priced else _points_chart(by_game),
        "chart_titles": _member_chart_titles(days, running, priced, by_game),
        "shown_view": None if game or priced else "points",
        "points_totals": tr(N_(", ")).join(
            f"{tr(line['game'].title)} {display_amount(line['running'][-1], True)}"
            for line in by_game
        ),
    }


def _objects(value: JSONValue) -> list[JSONObject]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _member_table(t: JSONObject, zone: ZoneInfo) -> MemberTable:
    """One table the member sat at: its club day (of its first round in the period), its
    link (as ``member_stats`` gives it: read-only through the read-only page) and figures."""
    first = t.get("first_round_at")
    day = (
        club_reading.club_day(datetime.strptime(str(first), reading.TIME_FORMAT), zone)
        if isinstance(first, str)
        else None
    )
    url = t.get("url")
    return {
        "day": day.isoformat() if day else None,
        "url": request.script_root + str(url) if isinstance(url, str) else None,
        "name": str(t.get("name") or ""),
        "game": str(t.get("game") or ""),
        "rounds": int(str(t.get("rounds") or 0)),
        "points": amount_of(t.get("points")) or Fraction(0),
        "money": amount_of(t.get("money")),
    }


def _per_game(games_json: JSONValue) -> list[GamePlayed]:
    """Each game the member played: rounds, points, best and worst round, and the yaku they
    made by their names (most often first)."""
    out: list[GamePlayed] = []
    for game_id, g in (games_json or {}).items() if isinstance(games_json, dict) else []:
        if not isinstance(g, dict):
            continue
        game = GAMES.get(game_id)
        made = g.get("yaku")
        yaku: list[Yaku] = [
            {"id": y, "name": game.yaku_name(y) if game else y, "count": int(str(n))}
            for y, n in (made.items() if isinstance(made, dict) else [])
        ]
        yaku.sort(key=lambda y: -int(str(y["count"])))
        out.append(
            {
                "id": game_id,
                "title": game.title if game else game_id,
                "rounds": int(str(g.get("rounds") or 0)),
                "points": amount_of(g.get("points")) or Fraction(0),
                "best": amount_of(g.get("best_round")),
                "worst": amount_of(g.get("worst_round")),
                "yaku": yaku,
                "has_yaku": bool(game and game.yaku_keys),
            }
        )
    return out


def _money_chart(running: Sequence[Fraction]) -> Chart | None:
    """The member's running total in money at the end of each club day, from the first to the
    last (the table page's chart, with one line ending in the total); of a single day, from
    nothing to that day's end."""
    if not running:
        return None
    label = display_amount(running[-1], True)
    points = [Fraction(0), *running] if len(running) == 1 else list(running)
    return running_chart([label], [[r] for r in points])


def _member_chart_titles(
    days: Sequence[JSONObject],
    running: Sequence[Fraction],
    priced: bool,
    by_game: Sequence[GameLine],
) -> list[str]:
    """What each point of the member's chart says (its SVG ``<title>``), as the table page's
    chart does: the club day, then the total ("2026-11-27: +85") or each game's points; of a
    single day, the chart's first point is the start, at nothing."""
    names = [""] if priced else [str(tr(line["game"].title)) for line in by_game]
    rows = (
        [[r] for r in running]
        if priced
        else [list(r) for r in zip(*(line["running"] for line in by_game), strict=True)]
    )
    if not rows or len(rows) != len(days):  # no chart
        return []
    out = [
        str(tr(N_("%(day)s: %(totals)s", day=str(d.get("day")), totals=totals_text(names, r))))
        for d, r in zip(days, rows, strict=True)
    ]
    if len(out) == 1:
        start = totals_text(names, [Fraction(0)] * len(names))
        out.insert(0, str(tr(N_("At the start: %(totals)s", totals=start))))
    return out


class GameLine(TypedDict):
    """A member's running points in one game, at the end of each club day of the period."""

    game: Game
    running: list[Fraction]


def _points_by_game(days: Sequence[JSONObject]) -> list[GameLine]:
    """Each game's running points by club day (the most played first by its first day): what
    the member's chart draws when no table of the period has money per point."""
    games: list[str] = []
    for d in days:
        points = d.get("points")
        for g in points if isinstance(points, dict) else {}:
            if g not in games and g in GAMES:
                games.append(g)
    out: list[GameLine] = []
    for g in games:
        total = Fraction(0)
        running = []
        for d in days:
            points = d.get("points")
            if isinstance(points, dict):
                total += amount_of(points.get(g)) or Fraction(0)
            running.append(total)
        out.append({"game": GAMES[g], "running": running})
    return out


def _points_chart(by_game: Sequence[GameLine]) -> Chart | None:
    """The member's running points, a line per game (their points are never added up), each
    line ending in the game's name (the totals are listed above the chart)."""
    if not by_game:
        return None
    names = [str(tr(line["game"].title)) for line in by_game]
    rows = [list(r) for r in zip(*(line["running"] for line in by_game), strict=True)]
    if len(rows) == 1:
        rows = [[Fraction(0)] * len(by_game), *rows]
    return running_chart(names, rows)


# -- ratings over time (issue 41) ---------------------------------------------------------


class RatingChart(TypedDict):
    """A member's rating in one game, match by match, as a chart (one line)."""

    game: Game
    chart: Chart
    titles: list[str]
    x_labels: list[XLabel]
    """Each match's club day under its point, as many as fit (as the running totals')."""
    rating: float
    matches: int
    provisional: bool


def _two(x: float) -> str:
    """A rating as the page shows it: two decimals, a true minus sign."""
    return f"{x:.2f}".replace("-", "\u2212")


def _in_period(args: dict[str, str]) -> tuple[date | None, date | None]:
    """The days the page shows (``from``, ``to``; already checked by the figures)."""
    start, end = args.get("from"), args.get("to")
    return (
        date.fromisoformat(start) if start else None,
        date.fromisoformat(end) if end else None,
    )


def rating_charts(club: Club, who: str, args: dict[str, str]) -> list[RatingChart]:
    """The member's rating over time in each game they played (of the season asked for,
    else of all time; the matches of the days shown): from the rating before the first
    match shown (the model's default, 0, before any) through each match; each point titled
    with its club day and rating, in the reader's language."""
    season = club_reading.season_of(club, args) if args.get("season") else None
    start, end = (season.start, season.end) if season is not None else _in_period(args)
    out: list[RatingChart] = []
    for g in club_reading.games_played(club, {"season": season.name} if season else {}):
        line = club_reading.lines_of(club, g, season).get(who)
        if line is None:
            continue
        shown = [
            (i, p)
            for i, p in enumerate(line.points, 1)
            if (start is None or p.day >= start) and (end is None or p.day <= end)
        ]
        if not shown:
            continue
        first = shown[0][0]
        before = line.points[first - 2].rating if first > 1 else 0.0
        values = [Fraction(f"{before:.2f}"), *(Fraction(f"{p.rating:.2f}") for _, p in shown)]
        chart = running_chart([_two(shown[-1][1].rating)], [[v] for v in values])
        if chart is None:
            continue
        titles = [
            str(
                tr(
                    N_("Before the first match: %(rating)s", rating=_two(before))
                    if first == 1
                    else N_("Before match %(num)s: %(rating)s", num=first, rating=_two(before))
                )
            )
        ]
        titles += [
            str(
                tr(
                    N_(
                        "%(day)s: %(rating)s after match %(num)s",
                        day=p.day.isoformat(),
                        rating=_two(p.rating),
                        num=i,
                    )
                )
            )
            for i, p in shown
        ]
        out.append(
            {
                "game": GAMES[g],
                "chart": chart,
                "titles": titles,
                "x_labels": x_labels(
                    chart, [(k, day_text(p.day)) for k, (_, p) in enumerate(shown, 1)]
                ),
                "rating": line.now.rating,
                "matches": len(line.points),
                "provisional": line.provisional,
            }
        )
    return out
