"""A club's page as it is drawn (API.md "Clubs", issue 20): its standings over a period (the
periods and ways to add up offered as links), its tables, members, journal and links, and the
forms that write to it. The routes are in ``views.clubs``; a member's page in
``views.member_page``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from datetime import date, datetime
from fractions import Fraction
from functools import partial
from typing import TypedDict
from urllib.parse import quote

from babel.dates import format_skeleton
from flask import (
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper.clubs import reading as club_reading
from scorekeeper.forms import ActionForm, NewTableForm, new_table_form
from scorekeeper.games import GAMES, Game
from scorekeeper.games.game_pages import ErrorItem
from scorekeeper.i18n import locale_code
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.common import name_key
from scorekeeper.tables import reading
from scorekeeper.tables.reading import Club, now
from scorekeeper.views import errors_by_field
from scorekeeper.views.club_records import RecordBlock, record_blocks
from scorekeeper.views.links import public_url, qr_svg
from scorekeeper.views.opening import start_summary

ZONES = (
    "UTC",
    "Asia/Tokyo",
    "Asia/Seoul",
    "Asia/Shanghai",
    "Asia/Singapore",
    "Australia/Sydney",
    "Pacific/Auckland",
    "Pacific/Honolulu",
    "America/Los_Angeles",
    "America/Denver",
    "America/Chicago",
    "America/New_York",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
)
"""Time zones offered while typing one (any IANA name is taken)."""


class Row(TypedDict):
    """A member's line of the standings."""

    name: str
    points: Fraction | None
    money: Fraction
    rounds: int
    tables: int
    firsts: int
    average: Fraction | None
    rank: int | None
    leader: bool


class Period(TypedDict):
    key: str
    label: str
    args: dict[str, str]
    current: bool


class ShownTable(TypedDict):
    """A table as the club's page lists it (``tables_shown``)."""

    url: str | None
    name: str
    game: str
    players: list[str]
    rounds: int
    started: datetime


class GameBlock(TypedDict):
    """The standings of one game played in the period, when they add up in points."""

    game: Game
    figures: JSONObject
    rows: list[Row]
    pot: Fraction
    house: Fraction
    export_url: str | None


class StandingsPart(TypedDict):
    """What the club's page shows of its standings (``_standings_part``)."""

    figures: JSONObject
    rows: list[Row]
    page_url: Callable[..., str]
    pot: Fraction
    house: Fraction
    game: Game | None
    games: dict[str, Game]
    args: dict[str, str]
    periods: list[Period]
    views: list[Period]
    shown_view: str | None
    blocks: list[GameBlock]
    period_errors: dict[str, list[str]]
    export_url: str | None


class ClubPart(TypedDict):
    """The club's page's tables, members, journal and links (``_club_part``)."""

    member_href: Callable[..., str]
    """A member's page, by name (``member_page_url``)."""
    tables: list[ShownTable]
    tables_total: int
    active: list[str]
    archived: list[str]
    journal: list[dict[str, JSONValue | datetime]]
    club_link: str | None
    view_link: str
    qr: str | None
    view_qr: str


class FormsPart(TypedDict):
    """The club's page's forms (``_forms_part``)."""

    errors: Mapping[str, Sequence[str]]
    summary: list[ErrorItem]
    rules_open: bool
    posted: Mapping[str, object]
    table_form: NewTableForm
    action_form: ActionForm
    zones: tuple[str, ...]


def amount_of(value: JSONValue) -> Fraction | None:
    return None if value is None else reading.amount(str(value))


def standing_rows(figures: JSONObject, archived: AbstractSet[str] = frozenset()) -> list[Row]:
    """The standings' members with their place (equal figures share one; only who played is
    placed, and no archived member, listed last when asked for) and the leader (once
    somebody played, unless all who played are level)."""
    by_points = figures.get("game") is not None
    rows: list[Row] = []
    members = figures.get("members")
    for m in members if isinstance(members, list) else []:
        assert isinstance(m, dict)
        rows.append(
            {
                "name": str(m["name"]),
                "points": amount_of(m.get("points")),
                "money": amount_of(m.get("money")) or Fraction(0),
                "rounds": int(str(m.get("rounds") or 0)),
                "tables": int(str(m.get("tables") or 0)),
                "firsts": int(str(m.get("firsts") or 0)),
                "average": amount_of(m.get("average")),
                "rank": None,
                "leader": False,
            }
        )

    def key(row: Row) -> Fraction:
        return (row["points"] or Fraction(0)) if by_points else row["money"]

    played = [r for r in rows if r["rounds"] and r["name"] not in archived]
    for place, row in enumerate(played):
        same = place and key(row) == key(played[place - 1])
        row["rank"] = played[place - 1]["rank"] if same else place + 1
    if played and not all(key(r) == key(played[0]) for r in played):
        for row in played:
            row["leader"] = key(row) == key(played[0])
    return rows


VIEWS = ("points", "money")
"""How the club's standings add up without one game chosen: ``points``, a ranking per game
played in the period; ``money``, one ranking across games at the tables' point values."""


def opening_args(club: Club, args: Mapping[str, str]) -> tuple[dict[str, str], date | None]:
    """The period the club's page shows when none, no game and no view is asked for: the
    current season when there is one (issue 41), else the last club day with a round
    (tonight when tonight has one); and that day (None when nothing was filled in: something
    was asked for, a season is shown, or nobody has played yet)."""
    if any(args.get(k) for k in ("from", "to", "game", "view", "season")):
        return dict(args), None
    today = club_reading.club_day(now(), club_reading.zone_of(club))
    season = club_reading.current(club_reading.of_club(club.seasons), today)
    if season is not None:
        return {**args, "season": season.name}, None
    day = club_reading.last_played(club)
    if day is None:
        return dict(args), None
    return {**args, "from": day.isoformat(), "to": day.isoformat()}, day


def shown_view(args: Mapping[str, str], figures: JSONObject) -> str | None:
    """How the standings add up without a game: as asked (``view``), else in money when
    every table of the period has money per point, else in points per game (so that the
    page never opens on a column of zeros). None with a game: that game's points."""
    if figures.get("game"):
        return None
    asked = args.get("view")
    if asked in VIEWS:
        return asked
    return "points" if figures.get("unpriced_tables") else "money"


def view_links(args: Mapping[str, str], shown: str | None) -> list[Period]:
    """The two ways to add up the period's figures, one tap each: points per game, money."""
    keep = {k: args[k] for k in ("from", "to", "season", "archived") if args.get(k)}
    return [
        {
            "key": key,
            "label": label,
            "args": {**keep, "view": key},
            "current": shown == key,
        }
        for key, label in (("points", N_("Points per game")), ("money", N_("Money, all games")))
    ]


def periods(club: Club, args: Mapping[str, str], shown: str | None = None) -> list[Period]:
    """Tonight (the club's day, 06:00 to 06:00 in its zone), this month, this year, all time.
    All time says how it adds up (``shown``): the page's address alone opens on the last
    club day played."""
    today = club_reading.club_day(now(), club_reading.zone_of(club))
    spans: list[tuple[str, str, date | None]] = [
        ("tonight", N_("Tonight"), today),
        ("month", N_("This month"), today.replace(day=1)),
        ("year", N_("This year"), today.replace(month=1, day=1)),
        ("all", N_("All time"), None),
    ]
    keep = {k: args[k] for k in ("game", "view", "archived") if args.get(k)}
    out: list[Period] = []
    asked = name_key(args.get("season") or "")
    for key, label, start in spans:
        span = {"from": start.isoformat(), "to": today.isoformat()} if start else {}
        if not start and shown and not (keep.get("game") or keep.get("view")):
            span = {"view": shown}  # not the bare address: that opens on the last day
        current = (
            not asked
            and (args.get("from") or "") == span.get("from", "")
            and (args.get("to") or "") == span.get("to", "")
        )
        out.append({"key": key, "label": label, "args": {**keep, **span}, "current": current})
    for season in sorted(club_reading.of_club(club.seasons), key=lambda x: x.start):
        out.append(
            {
                "key": "season",
                "label": season.name,
                "args": {**keep, "season": season.name},
                "current": asked == name_key(season.name),
            }
        )
    return out


def standings_args() -> dict[str, str]:
    """The standings' parameters of this request (what the API's ``standings`` reads)."""
    return {
        k: request.args[k]
        for k in ("from", "to", "season", "game", "view", "archived")
        if request.args.get(k)
    }


TABLES_SHOWN = 20
"""The club's page lists its newest tables; ``?tables=all`` lists every one."""


def tables_shown(club: Club, *, view: bool, limit: int | None = None) -> list[ShownTable]:
    """The club's tables, newest first, each by its link (through the read-only page, by its
    read-only link only): one light query, without the tables' state."""
    out: list[ShownTable] = []
    rows = club_reading.table_rows(club, limit)
    for token, view_token, name, game, players, rounds, created in rows:
        if view:
            url = url_for("clubs.table_view", view_token=view_token) if view_token else None
        else:
            url = url_for("tables.show", token=token)
        out.append(
            {
                "url": url,
                "name": name,
                "game": game,
                "players": list(players),
                "rounds": rounds,
                "started": created,
            }
        )
    return out


def club_page(
    club: Club,
    *,
    view: bool,
    errors: Mapping[str, Sequence[str]] | None = None,
    posted: Mapping[str, object] | None = None,
    table_form: NewTableForm | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    """The club's page (``view``: through its read-only link), with a form's mistakes and what
    was typed when a write was refused."""
    args, last_day = opening_args(club, standings_args())
    period_errors: dict[str, list[str]] = {}
    try:
        figures = club_reading.standings(club, args)
    except InvalidInput as exc:
        period_errors = errors_by_field(exc.violations)
        args = {k: v for k, v in args.items() if k in ("archived", "view")}
        figures = club_reading.standings(club, args)
        status = max(status, 422)
    except club_reading.SeasonNotFound as exc:
        said = N_("This club has no season named %(name)s", name=str(exc.args[0]))
        period_errors = {"season": [said]}
        args = {k: v for k, v in args.items() if k in ("archived", "view")}
        figures = club_reading.standings(club, args)
        status = max(status, 404)
    return render_template(
        "clubs/club.html",
        club=club,
        view=view,
        **_standings_part(club, figures, args, period_errors, view=view),
        last_played=None
        if last_day is None or last_day == club_reading.club_day(now(), club_reading.zone_of(club))
        else format_skeleton("MMMEd", last_day, locale=locale_code()),
        **_club_part(club, view=view),
        **_forms_part(errors or {}, posted, table_form),
        **seasons_part(club, args, posted, view=view),
    ), status


def _standings_part(
    club: Club,
    figures: JSONObject,
    args: dict[str, str],
    period_errors: dict[str, list[str]],
    *,
    view: bool,
) -> StandingsPart:
    """The page's standings: the period's figures, the links to other periods and ways to add
    up, and without a game chosen in points, a block per game played."""
    game_id = figures.get("game")
    shown = shown_view(args, figures)
    export_args = {k: v for k, v in args.items() if k not in period_errors and k != "view"}
    blocks: list[GameBlock] = []
    away = {str(m["name"]) for m in club.members if m.get("archived")}
    if shown == "points":
        for g in club_reading.games_played(club, args):
            of_game = club_reading.standings(club, {**args, "game": g})
            blocks.append(
                {
                    "game": GAMES[g],
                    "figures": of_game,
                    "rows": [r for r in standing_rows(of_game, away) if r["rounds"]],
                    "pot": amount_of(of_game.get("pot")) or Fraction(0),
                    "house": amount_of(of_game.get("house")) or Fraction(0),
                    # The CSV of the figures shown: this game's points, not money across games.
                    "export_url": None if view else csv_url(club, {**export_args, "game": g}),
                }
            )
    return {
        "figures": figures,
        "rows": standing_rows(figures, away),
        "page_url": standings_url(club, view=view),
        "pot": amount_of(figures.get("pot")) or Fraction(0),
        "house": amount_of(figures.get("house")) or Fraction(0),
        "game": GAMES.get(str(game_id)) if game_id else None,
        "games": GAMES,
        "args": args,
        "periods": periods(club, args, shown),
        "views": view_links(args, shown),
        "shown_view": shown,
        "blocks": blocks,
        "period_errors": period_errors,
        "export_url": None if view else csv_url(club, export_args),
    }


def _club_part(club: Club, *, view: bool) -> ClubPart:
    """The page's tables, members, journal (not through the read-only link) and links."""
    members = [dict(m) for m in club.members]
    journal: list[dict[str, JSONValue | datetime]] = [
        {
            **j,
            "at": datetime.strptime(str(j["at"]), reading.TIME_FORMAT),
            # In the reader's language where the entry kept its messages.
            "summary": "; ".join(tr(m) for m in club_reading.summary_messages(j)) or j["summary"],
        }
        for j in ([] if view else club_reading.journal(club, messages=True))
    ]
    return {
        "member_href": member_page_url(club, view=view),
        "tables": tables_shown(
            club, view=view, limit=None if request.args.get("tables") == "all" else TABLES_SHOWN
        ),
        "tables_total": club_reading.tables_count(club),
        "active": [str(m["name"]) for m in members if not m.get("archived")],
        "archived": [str(m["name"]) for m in members if m.get("archived")],
        "journal": journal,
        "club_link": None if view else public_url("clubs.show", token=club.token),
        "view_link": public_url("clubs.view", view_token=club.view_token),
        "qr": None if view else qr_svg(public_url("clubs.show", token=club.token), "QR code"),
        "view_qr": qr_svg(public_url("clubs.view", view_token=club.view_token), "QR code"),
    }


def _forms_part(
    errors: Mapping[str, Sequence[str]],
    posted: Mapping[str, object] | None,
    table_form: NewTableForm | None,
) -> FormsPart:
    """The page's forms, with a refused write's mistakes beside their fields; the new table's
    form lists all of its own at its top too (``summary``, as the home page's form does)."""
    form = table_form if table_form is not None else new_table_form()
    mine = {
        k.removeprefix("table").removeprefix("."): v
        for k, v in errors.items()
        if k == "table" or k.startswith("table.")
    }
    return {
        "errors": errors,
        "summary": start_summary(form, mine),
        "rules_open": any(k.startswith("table.") and k != "table.players" for k in errors),
        "posted": posted or {},
        "table_form": form,
        "action_form": ActionForm(),
        "zones": ZONES,
    }


def standings_url(club: Club, *, view: bool) -> Callable[..., str]:
    """The standings' page with other parameters (a period, a game)."""
    if view:
        return partial(url_for, "clubs.view", view_token=club.view_token)
    return partial(url_for, "clubs.show", token=club.token)


def csv_url(club: Club, args: Mapping[str, str]) -> str:
    query = "&".join(f"{k}={quote(v, safe='')}" for k, v in args.items())
    return f"{request.script_root}/api/v1/clubs/{club.token}/export.csv" + (
        f"?{query}" if query else ""
    )


def in_path(name: str) -> bool:
    """Whether a member's page may name them in its path: a browser reads a ``/`` there as
    another segment, and a ``.`` or ``..`` segment (percent-encoded too) as this folder or
    the one above, so such a name would lead to another page."""
    return "/" not in name and name not in (".", "..")


def member_page_url(club: Club, *, view: bool) -> Callable[..., str]:
    """A member's page of this club (through the same link as this page), by name, with the
    page's other parameters: in the path (``/members/Aki``) or, for a name no path can hold
    (``in_path``), as ``?name=``."""

    def url(name: str, **args: str) -> str:
        endpoint = "clubs.member_view" if view else "clubs.member"
        if not in_path(name):
            endpoint += "_named"
        to: Callable[..., str] = (
            partial(url_for, endpoint, view_token=club.view_token)
            if view
            else partial(url_for, endpoint, token=club.token)
        )
        return to(name=name, **args)

    return url


# -- seasons and ratings (issue 41) ------------------------------------------------------


class SeasonRow(TypedDict):
    """A line of the seasons' form: as the club keeps it, or as it was typed."""

    name: str
    start: str
    end: str


class Winner(TypedDict):
    """Who finished a past season first in one game (equal points share it)."""

    game: Game
    names: list[str]
    points: Fraction


class ListedSeason(TypedDict):
    """A season in the club page's list: ``state`` is ``coming``, ``current`` or ``past``;
    ``winners`` who finished it first (past) or leads it so far (current) per game."""

    name: str
    start: date
    end: date
    state: str
    winners: list[Winner]


class RatingRow(TypedDict):
    name: str
    rating: float
    matches: int
    last_played: date
    provisional: bool
    trend: float


class RatingBlock(TypedDict):
    game: Game
    rows: list[RatingRow]


class SeasonsPart(TypedDict):
    season_rows: list[SeasonRow]
    listed_seasons: list[ListedSeason]
    rating_blocks: list[RatingBlock]
    rating_season: str | None
    season_args: dict[str, str]
    """``season``: the season shown, for the links to members' pages (issue 41: a member's
    page opens on the season the club's page was showing); else empty."""
    record_blocks: list[RecordBlock]
    seasons_shown: str
    """The seasons as the form shows them (``seasons_shown``): posted back as ``was_seasons``."""


def seasons_shown(club: Club) -> str:
    """The club's seasons as one short text that changes whenever they do: the seasons'
    form posts it back, so that a form left open is refused once another phone saved."""
    kept = json.dumps(club.seasons or [], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(kept.encode("utf-8", "surrogatepass")).hexdigest()[:16]


SEASON_ROWS_BLANK = 1
"""Empty lines the seasons' form offers for new seasons (without script)."""


def season_rows(club: Club, posted: Mapping[str, object] | None) -> list[SeasonRow]:
    """The seasons' form: each season the club keeps, then a blank line; or as typed."""
    typed = (posted or {}).get("season_rows")
    if isinstance(typed, list):
        return typed
    rows: list[SeasonRow] = [
        {"name": s.name, "start": s.start.isoformat(), "end": s.end.isoformat()}
        for s in club_reading.of_club(club.seasons)
    ]
    return rows + [{"name": "", "start": "", "end": ""}] * SEASON_ROWS_BLANK


def listed_seasons(club: Club) -> list[ListedSeason]:
    """Every season of the club, the latest first (those to come, the current one, those
    over), each marked, with its winners (or leaders so far) per game played."""
    today = club_reading.club_day(now(), club_reading.zone_of(club))
    out: list[ListedSeason] = []
    ordered = sorted(club_reading.of_club(club.seasons), key=lambda s: s.start, reverse=True)
    for season in ordered:
        state = "coming" if season.start > today else "past" if season.end < today else "current"
        asked = {"season": season.name}
        winners: list[Winner] = []
        for g in club_reading.games_played(club, asked):
            rows = standing_rows(club_reading.standings(club, {**asked, "game": g}))
            first = [r for r in rows if r["rank"] == 1]
            if first:
                winners.append(
                    {
                        "game": GAMES[g],
                        "names": [r["name"] for r in first],
                        "points": first[0]["points"] or Fraction(0),
                    }
                )
        out.append(
            {
                "name": season.name,
                "start": season.start,
                "end": season.end,
                "state": state,
                "winners": winners,
            }
        )
    return out


def rating_blocks(club: Club, season: club_reading.Season | None) -> list[RatingBlock]:
    """Each game's ratings (in ``season``, else of all time), best first; archived members
    left out."""
    asked = {"season": season.name} if season is not None else {}
    hidden = {str(m["name"]) for m in club.members if m.get("archived")}
    blocks: list[RatingBlock] = []
    for g in club_reading.games_played(club, asked):
        lines = club_reading.ranked(club_reading.lines_of(club, g, season))
        rows: list[RatingRow] = [
            {
                "name": line.name,
                "rating": line.now.rating,
                "matches": len(line.points),
                "last_played": line.now.day,
                "provisional": line.provisional,
                "trend": line.trend,
            }
            for line in lines
            if line.name not in hidden
        ]
        if rows:
            blocks.append({"game": GAMES[g], "rows": rows})
    return blocks


def seasons_part(
    club: Club, args: Mapping[str, str], posted: Mapping[str, object] | None, *, view: bool
) -> SeasonsPart:
    """The seasons' form, the seasons over with their winners, and each game's ratings (of
    the season shown, else of all time)."""
    season = club_reading.season_of(club, args) if args.get("season") else None
    return {
        "season_rows": season_rows(club, posted),
        "listed_seasons": listed_seasons(club),
        "rating_blocks": rating_blocks(club, season),
        "rating_season": season.name if season is not None else None,
        "season_args": {"season": season.name} if season is not None else {},
        "record_blocks": record_blocks(club, season, view=view),
        "seasons_shown": seasons_shown(club),
    }
