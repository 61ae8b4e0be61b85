"""A club's pages (API.md "Clubs", issue 20): started from the home page, its own link and a
read-only one, standings over a period, tables opened from it, its members and their journal.

Every form works without script and writes through ``scorekeeper.tables.clubs``, then commits
and redirects; a refused write shows its mistakes beside the fields, storing nothing."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from fractions import Fraction
from functools import partial
from typing import Any, TypedDict
from urllib.parse import quote
from zoneinfo import ZoneInfo

import segno
from babel.dates import format_skeleton
from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy import select

from scorekeeper import limits
from scorekeeper.caches import BoundedCache
from scorekeeper.charts import Chart, running_chart
from scorekeeper.codec import read_stored_amount
from scorekeeper.forms import ActionForm, ImportForm, NewTableForm, generate_csrf, new_table_form
from scorekeeper.games import GAMES, Game
from scorekeeper.games.form_input import form_int
from scorekeeper.i18n import display_amount, locale_code
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.models import Club, ClubJournalEntry, Table, db, now
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.tables import changes, clubs, store
from scorekeeper.tables.checks import check_table
from scorekeeper.views import errors_by_field, not_found, sentences
from scorekeeper.views.device import phone_name
from scorekeeper.views.seating import moved, seat_order
from scorekeeper.views.sessions import HISTORY_SHOWN, _on_the_page, table_standings, totals_text

bp = Blueprint("clubs", __name__)

EXPIRED = N_("This form had expired, so nothing was saved: check it and tap the button again.")
NO_CLUB = N_("There is no club at this link. Check the address you were sent.")
RECENT_KEPT = 8
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

_SPLIT = re.compile(r"[\n,、，]+")


@bp.app_context_processor
def _helpers() -> dict[str, Any]:
    return {"club_zones": ZONES, "table_view_link": table_view_link}


def table_view_link(table: Table) -> str | None:
    """A table's read-only link, as other phones should open it (None for a table without)."""
    if not table.view_token:
        return None
    return _link("clubs.table_view", view_token=table.view_token)


def names_typed(text: str) -> list[str]:
    """Names one per line or separated by commas (a Japanese keyboard's too), blanks left out."""
    return [n.strip() for n in _SPLIT.split(text or "") if n.strip()]


def _said(entry: ClubJournalEntry) -> str:
    """A club journal entry's summary in the reader's language."""
    raw = entry.data.get("messages")
    found = [Msg.from_json(m) for m in raw] if isinstance(raw, list) else []
    return "; ".join(tr(m) for m in found if m is not None) or entry.summary


def get_club_or_404(token: str, *, lock: bool = False) -> Club:
    try:
        return clubs.find_club(token, lock=lock)
    except clubs.ClubNotFound:
        not_found(NO_CLUB)


def _link(endpoint: str, **values: Any) -> str:
    """A page's address as other phones should open it (``PUBLIC_URL`` when configured)."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


@functools.lru_cache(maxsize=256)
def qr_svg(link: str, title: str) -> str:
    """A link as a QR code in inline SVG, as large as the stylesheet lets it be."""
    code = segno.make(link, error="m")
    return str(
        code.svg_inline(omitsize=True, dark="#111", light="#fff", svgclass="qr-code", title=title)
    )


def remember(club: Club) -> None:
    """Keep this club in the browser's list of recent clubs (on the home page)."""
    current = session.get("recent_clubs", [])
    if current and current[0].get("token") == club.token and current[0].get("name") == club.name:
        return
    recent = [c for c in current if c.get("token") != club.token]
    recent.insert(0, {"token": club.token, "name": club.name})
    session["recent_clubs"] = recent[:RECENT_KEPT]


# -- the home page's form ------------------------------------------------------------------


def home_page(
    club_errors: Mapping[str, Sequence[str]] | None = None,
    club_posted: Mapping[str, str] | None = None,
) -> str:
    """The home page (as ``sessions.home`` draws it) with the club form's mistakes."""
    return render_template(
        "sessions/home.html",
        form=new_table_form(),
        games=GAMES.values(),
        recent=session.get("recent", []),
        import_form=ImportForm(),
        errors={},
        club_errors=club_errors or {},
        club_posted=club_posted or {},
    )


@bp.post("/c")
@limits.creates
def create() -> ResponseReturnValue:
    """Start a club from the home page's form."""
    posted = {k: request.form.get(k, "") for k in ("club_name", "members", "timezone")}
    if not ActionForm().validate_on_submit():
        return home_page({"": [EXPIRED]}, posted), 400
    body: JSONObject = {
        "name": posted["club_name"].strip() or tr(N_("Our club")),
        "members": list[JSONValue](names_typed(posted["members"])),
        "timezone": posted["timezone"].strip() or "UTC",
    }
    try:
        club = clubs.create_club(body)
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
        return home_page(_by_form_field(exc.violations), posted), 422
    remember(club)
    flash(tr(N_("Club “%(name)s” is ready. Share its link with its members.", name=club.name)))
    return redirect(url_for(".show", token=club.token))


def _by_form_field(violations: Sequence[Violation]) -> dict[str, list[str]]:
    """The mistakes by the form's field: ``members.3`` is said beside the members."""
    out: dict[str, list[str]] = {}
    for field, messages in errors_by_field(violations).items():
        head = field.split(".", 1)[0]
        key = (
            head if head in ("members", "add", "rename", "merge", "archive", "unarchive") else field
        )
        out.setdefault(key, []).extend(messages)
    return out


# -- the club's page ------------------------------------------------------------------------


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


def _amount(value: JSONValue) -> Fraction | None:
    return None if value is None else read_stored_amount(str(value))


def standing_rows(figures: JSONObject) -> list[Row]:
    """The standings' members with their place (equal figures share one; only who played is
    placed) and the leader (once somebody played, unless all who played are level)."""
    by_points = figures.get("game") is not None
    rows: list[Row] = []
    members = figures.get("members")
    for m in members if isinstance(members, list) else []:
        assert isinstance(m, dict)
        rows.append(
            {
                "name": str(m["name"]),
                "points": _amount(m.get("points")),
                "money": _amount(m.get("money")) or Fraction(0),
                "rounds": int(str(m.get("rounds") or 0)),
                "tables": int(str(m.get("tables") or 0)),
                "firsts": int(str(m.get("firsts") or 0)),
                "average": _amount(m.get("average")),
                "rank": None,
                "leader": False,
            }
        )

    def key(row: Row) -> Fraction:
        return (row["points"] or Fraction(0)) if by_points else row["money"]

    played = [r for r in rows if r["rounds"]]
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
    last club day with a round (tonight when tonight has one); and that day (None when
    nothing was filled in: something was asked for, or nobody has played yet)."""
    if any(args.get(k) for k in ("from", "to", "game", "view")):
        return dict(args), None
    day = clubs.last_played(club)
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
    keep = {k: args[k] for k in ("from", "to", "archived") if args.get(k)}
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
    today = clubs.club_day(now(), ZoneInfo(club.timezone))
    spans: list[tuple[str, str, date | None]] = [
        ("tonight", N_("Tonight"), today),
        ("month", N_("This month"), today.replace(day=1)),
        ("year", N_("This year"), today.replace(month=1, day=1)),
        ("all", N_("All time"), None),
    ]
    keep = {k: args[k] for k in ("game", "view", "archived") if args.get(k)}
    out: list[Period] = []
    for key, label, start in spans:
        span = {"from": start.isoformat(), "to": today.isoformat()} if start else {}
        if not start and shown and not (keep.get("game") or keep.get("view")):
            span = {"view": shown}  # not the bare address: that opens on the last day
        current = (args.get("from") or "") == span.get("from", "") and (
            args.get("to") or ""
        ) == span.get("to", "")
        out.append({"key": key, "label": label, "args": {**keep, **span}, "current": current})
    return out


def _args() -> dict[str, str]:
    """The standings' parameters of this request (what the API's ``standings`` reads)."""
    return {
        k: request.args[k]
        for k in ("from", "to", "game", "view", "archived")
        if request.args.get(k)
    }


TABLES_SHOWN = 20
"""The club's page lists its newest tables; ``?tables=all`` lists every one."""


def tables_shown(club: Club, *, view: bool, limit: int | None = None) -> list[dict[str, Any]]:
    """The club's tables, newest first, each by its link (through the read-only page, by its
    read-only link only): one light query, without the tables' state."""
    query = (
        select(
            Table.token,
            Table.view_token,
            Table.name,
            Table.game,
            Table.players,
            Table.rounds_played,
            Table.created_at,
        )
        .where(Table.club_id == club.id)
        .order_by(Table.id.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    out = []
    for token, view_token, name, game, players, rounds, created in db.session.execute(query):
        if view:
            url = url_for("clubs.table_view", view_token=view_token) if view_token else None
        else:
            url = url_for("sessions.show", token=token)
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


def tables_count(club: Club) -> int:
    return int(
        db.session.scalar(select(db.func.count(Table.id)).where(Table.club_id == club.id)) or 0
    )


def _club_page(
    club: Club,
    *,
    view: bool,
    errors: Mapping[str, Sequence[str]] | None = None,
    posted: Mapping[str, Any] | None = None,
    table_form: NewTableForm | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    args, last_day = opening_args(club, _args())
    period_errors: dict[str, list[str]] = {}
    try:
        figures = clubs.standings(club, args)
    except InvalidInput as exc:
        period_errors = errors_by_field(exc.violations)
        args = {k: v for k, v in args.items() if k in ("archived", "view")}
        figures = clubs.standings(club, args)
        status = max(status, 422)
    game_id = figures.get("game")
    game = GAMES.get(str(game_id)) if game_id else None
    shown = shown_view(args, figures)
    export_args = {k: v for k, v in args.items() if k not in period_errors and k != "view"}
    blocks = []
    if shown == "points":
        for g in clubs.games_played(club, args):
            of_game = clubs.standings(club, {**args, "game": g})
            blocks.append(
                {
                    "game": GAMES[g],
                    "figures": of_game,
                    "rows": [r for r in standing_rows(of_game) if r["rounds"]],
                    "pot": _amount(of_game.get("pot")) or Fraction(0),
                    "house": _amount(of_game.get("house")) or Fraction(0),
                    # The CSV of the figures shown: this game's points, not money across games.
                    "export_url": None if view else _export_url(club, {**export_args, "game": g}),
                }
            )
    members = [dict(m) for m in club.members]
    if table_form is None:
        table_form = new_table_form()
    errors = errors or {}
    placed = ("table.game", "table.name", "table.point_value", "table.first_dealer")
    table_other = [
        m
        for k, msgs in errors.items()
        if k == "table"
        or (k.startswith("table.") and k not in placed and not k.startswith("table.players"))
        for m in msgs
    ]
    journal = [
        {
            **j,
            "at": datetime.strptime(str(j["at"]), store.TIME_FORMAT),
            # In the reader's language where the entry kept its messages.
            "summary": "; ".join(tr(m) for m in clubs.summary_messages(j)) or j["summary"],
        }
        for j in ([] if view else clubs.journal(club, messages=True))
    ]
    return render_template(
        "clubs/club.html",
        club=club,
        view=view,
        figures=figures,
        rows=standing_rows(figures),
        page_url=_page_url(club, view=view),
        pot=_amount(figures.get("pot")) or Fraction(0),
        house=_amount(figures.get("house")) or Fraction(0),
        game=game,
        games=GAMES,
        args=args,
        periods=periods(club, args, shown),
        views=view_links(args, shown),
        shown_view=shown,
        blocks=blocks,
        last_played=None
        if last_day is None or last_day == clubs.club_day(now(), ZoneInfo(club.timezone))
        else format_skeleton("MMMEd", last_day, locale=locale_code()),
        period_errors=period_errors,
        member_base=_member_url(club, view=view)(name=""),  # a name is appended, quoted
        export_url=None if view else _export_url(club, export_args),
        tables=tables_shown(
            club, view=view, limit=None if request.args.get("tables") == "all" else TABLES_SHOWN
        ),
        tables_total=tables_count(club),
        active=[str(m["name"]) for m in members if not m.get("archived")],
        archived=[str(m["name"]) for m in members if m.get("archived")],
        journal=journal,
        club_link=None if view else _link("clubs.show", token=club.token),
        view_link=_link("clubs.view", view_token=club.view_token),
        qr=None if view else qr_svg(_link("clubs.show", token=club.token), "QR code"),
        view_qr=qr_svg(_link("clubs.view", view_token=club.view_token), "QR code"),
        errors=errors,
        table_other=table_other,
        rules_open=any(k.startswith("table.") and k != "table.players" for k in errors),
        posted=posted or {},
        table_form=table_form,
        action_form=ActionForm(),
        zones=ZONES,
    ), status


def _page_url(club: Club, *, view: bool) -> Callable[..., str]:
    """The standings' page with other parameters (a period, a game)."""
    if view:
        return partial(url_for, "clubs.view", view_token=club.view_token)
    return partial(url_for, "clubs.show", token=club.token)


def _export_url(club: Club, args: Mapping[str, str]) -> str:
    query = "&".join(f"{k}={quote(v, safe='')}" for k, v in args.items())
    return f"{request.script_root}/api/v1/clubs/{club.token}/export.csv" + (
        f"?{query}" if query else ""
    )


_PAGES: BoundedCache[tuple[object, ...], str] = BoundedCache(128)
_PAGES_LOCK = threading.Lock()
_CSRF_MARK = "@@scorekeeper-csrf-token@@"


def _kept_page(
    kind: str, club: Club, render: Callable[[], ResponseReturnValue]
) -> ResponseReturnValue:
    """A club's or member's page as it was rendered for the same club, figures, day, address,
    language and phone name: every write to the club or its tables moves ``version`` or
    ``figures_version``, so a kept page is never stale. This request's CSRF token is put
    back in; a page with a notice to flash, or one that is not a 200, is never kept."""
    if session.get("_flashes"):
        return render()
    key = (
        kind,
        club.token,
        club.version,
        club.figures_version,
        club.timezone,
        clubs.club_day(now(), ZoneInfo(club.timezone)),
        request.host_url,
        request.full_path,
        locale_code(),
        phone_name(),
    )
    token = generate_csrf()
    kept = _PAGES.get(key)
    if kept is None:
        answer = render()
        if not isinstance(answer, tuple) or answer[1] != 200 or not isinstance(answer[0], str):
            return answer
        kept = answer[0].replace(token, _CSRF_MARK)
        with _PAGES_LOCK:
            _PAGES[key] = kept
    return kept.replace(_CSRF_MARK, token)


@bp.get("/c/<token>")
def show(token: str) -> ResponseReturnValue:
    """A club's page: standings over a period, its tables, members and journal, its links."""
    club = get_club_or_404(token)
    remember(club)
    return _kept_page("club", club, lambda: _club_page(club, view=False))


@bp.get("/c/view/<view_token>")
def view(view_token: str) -> ResponseReturnValue:
    """The club's read-only page: standings, members and tables, no form, no writable id."""
    try:
        club = clubs.find_club_view(view_token)
    except clubs.ClubNotFound:
        not_found(NO_CLUB)
    return _kept_page("club", club, lambda: _club_page(club, view=True))


NO_MEMBER = N_("There is no member of this name in this club.")


@bp.get("/c/<token>/members/<path:name>")
def member(token: str, name: str) -> ResponseReturnValue:
    """A member's page: their tables, running total, games with their yaku, and head to head."""
    club = get_club_or_404(token)
    return _kept_page("member", club, lambda: _member_page(club, name, view=False))


@bp.get("/c/view/<view_token>/members/<path:name>")
def member_view(view_token: str, name: str) -> ResponseReturnValue:
    """A member's page through the club's read-only link: the same figures, no writable id."""
    try:
        club = clubs.find_club_view(view_token)
    except clubs.ClubNotFound:
        not_found(NO_CLUB)
    return _kept_page("member", club, lambda: _member_page(club, name, view=True))


def _member_url(club: Club, *, view: bool) -> Callable[..., str]:
    """A member's page of this club (through the same link as this page), by name."""
    if view:
        return partial(url_for, "clubs.member_view", view_token=club.view_token)
    return partial(url_for, "clubs.member", token=club.token)


def _member_page(club: Club, name: str, *, view: bool) -> ResponseReturnValue:
    """``clubs.member_stats`` once (the whole page: it stays one query however long the
    club's history), laid out for people."""
    args = {k: v for k, v in _args().items() if k != "archived"}
    errors: dict[str, list[str]] = {}
    try:
        try:
            stats = clubs.member_stats(club, name, args, view=view)
        except InvalidInput as exc:
            errors = errors_by_field(exc.violations)
            stats = clubs.member_stats(club, name, {}, view=view)
    except clubs.MemberNotFound:
        not_found(NO_MEMBER)
    who = str(stats["name"])
    zone = ZoneInfo(club.timezone)
    game_id = stats.get("game")
    game = GAMES.get(str(game_id)) if game_id else None
    member_url = _member_url(club, view=view)
    keep = {k: v for k, v in args.items() if k not in errors}
    days = _objects(stats.get("days"))
    running = [_amount(d.get("running")) or Fraction(0) for d in days]
    tables = [_member_table(t, zone) for t in _objects(stats.get("tables"))]
    priced = any(t["money"] is not None for t in tables)
    by_game = [] if priced else _points_by_game(days)
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
        club_url=_page_url(club, view=view)(**keep),
        tables=tables,
        priced=priced,
        by_game=by_game,
        total=running[-1] if running else Fraction(0),
        days=[
            {
                "day": str(d.get("day")),
                "money": _amount(d.get("money")) or Fraction(0),
                "running": r,
            }
            for d, r in zip(days, running, strict=True)
        ],
        chart=_money_chart(running) if priced else _points_chart(by_game),
        chart_titles=_member_chart_titles(days, running, priced, by_game),
        shown_view=None if game or priced else "points",
        points_totals=tr(N_(", ")).join(
            f"{tr(line['game'].title)} {display_amount(line['running'][-1], True)}"
            for line in by_game
        ),
        per_game=_per_game(stats.get("games")),
        opponents=[
            {
                "name": str(o["name"]),
                "game": GAMES.get(str(o.get("game"))),
                "url": member_url(name=str(o["name"]), **keep),
                "tables": int(str(o.get("tables") or 0)),
                "rounds": int(str(o.get("rounds") or 0)),
                "points": _amount(o.get("points")) or Fraction(0),
                "their_points": _amount(o.get("their_points")) or Fraction(0),
            }
            for o in _objects(stats.get("opponents"))
        ],
    ), 422 if errors else 200


def _objects(value: JSONValue) -> list[JSONObject]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _member_table(t: JSONObject, zone: ZoneInfo) -> dict[str, Any]:
    """One table the member sat at: its club day (of its first round in the period), its
    link (as ``member_stats`` gives it: read-only through the read-only page) and figures."""
    first = t.get("first_round_at")
    day = (
        clubs.club_day(datetime.strptime(str(first), store.TIME_FORMAT), zone)
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
        "points": _amount(t.get("points")) or Fraction(0),
        "money": _amount(t.get("money")),
    }


def _per_game(games_json: JSONValue) -> list[dict[str, Any]]:
    """Each game the member played: rounds, points, best and worst round, and the yaku they
    made by their names (most often first)."""
    out: list[dict[str, Any]] = []
    for game_id, g in (games_json or {}).items() if isinstance(games_json, dict) else []:
        if not isinstance(g, dict):
            continue
        game = GAMES.get(game_id)
        made = g.get("yaku")
        yaku = [
            {"id": y, "name": game.yaku_name(y) if game else y, "count": int(str(n))}
            for y, n in (made.items() if isinstance(made, dict) else [])
        ]
        yaku.sort(key=lambda y: -int(str(y["count"])))
        out.append(
            {
                "id": game_id,
                "title": game.title if game else game_id,
                "rounds": int(str(g.get("rounds") or 0)),
                "points": _amount(g.get("points")) or Fraction(0),
                "best": _amount(g.get("best_round")),
                "worst": _amount(g.get("worst_round")),
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
                total += _amount(points.get(g)) or Fraction(0)
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


# -- writes ---------------------------------------------------------------------------------


@bp.post("/c/<token>/tables")
@limits.creates
def open_table(token: str) -> ResponseReturnValue:  # noqa: C901  (split by services in issue 32)
    """Open a table of the club, its players seated in the order the form gives
    (``seat_order``); a ``move`` button changes that order and shows the form again."""
    club = get_club_or_404(token, lock=True)
    form = new_table_form()
    picked = [n for n in request.form.getlist("member") if clubs.member(club, n) is not None]
    fresh = names_typed(request.form.get("new_players", ""))
    seats = seat_order(request.form.getlist("seat"), picked, fresh)
    form.players.data = "\n".join(seats)
    posted = {"member": picked, "new_players": request.form.get("new_players", ""), "seats": seats}
    move = request.form.get("move")
    if move is not None:  # the seat order's buttons, without script: the form again
        posted["seats"] = moved(seats, move)
        return _club_page(club, view=False, posted=posted, table_form=form, status=200)
    valid = form.validate_on_submit()
    errors: dict[str, list[str]] = {}
    for key, messages in form.errors.items():
        if key == "csrf_token":
            return _club_page(club, view=False, errors={"table": [EXPIRED]}, status=400)
        errors.setdefault(f"table.{key}", []).extend(messages)
    if form.game.data in GAMES:
        body = form.to_body()
        try:
            new = check_table(body)
        except InvalidInput as exc:
            for v in _on_the_page(exc.violations, body):
                head = v.field.split(".", 1)[0]
                key = "table.players" if head == "players" else f"table.{v.field}"
                if key not in errors or head == "players":
                    errors.setdefault(key, []).append(v.message)
        else:
            if valid and not errors:
                try:
                    table = clubs.open_in_club(club, new)
                    db.session.commit()
                except InvalidInput as exc:
                    for v in exc.violations:
                        errors.setdefault(f"table.{v.field.split('.', 1)[0]}", []).append(v.message)
                else:
                    flash(
                        tr(
                            N_(
                                "Table “%(name)s” is ready in the club “%(club)s”.",
                                name=table.name,
                                club=club.name,
                            )
                        )
                    )
                    return redirect(url_for("sessions.show", token=table.token))
    db.session.rollback()
    if "table.players" in errors:
        errors["table.players"] = list(dict.fromkeys(errors["table.players"]))
    return _club_page(club, view=False, errors=errors, posted=posted, table_form=form, status=422)


CHANGES = ("club", "add", "rename", "merge", "archive", "unarchive")


def _patch(club: Club, what: str) -> tuple[JSONObject, dict[str, str]]:
    """The PATCH body (API.md "Clubs") a part of the club's page posts, and what was typed."""
    f = request.form
    if what == "club":
        typed = {"club_name": f.get("club_name", ""), "timezone": f.get("timezone", "")}
        body: JSONObject = {"name": typed["club_name"].strip(), "timezone": typed["timezone"]}
        body["timezone"] = typed["timezone"].strip()
        return body, typed
    if what == "add":
        typed = {"add": f.get("add", "")}
        return {"add": list[JSONValue](names_typed(typed["add"]))}, typed
    if what == "rename":
        typed = {"rename_from": f.get("rename_from", ""), "rename_to": f.get("rename_to", "")}
        return {"rename": {typed["rename_from"]: typed["rename_to"]}}, typed
    if what == "merge":
        typed = {"merge_from": f.get("merge_from", ""), "merge_into": f.get("merge_into", "")}
        return {"merge": {typed["merge_from"]: typed["merge_into"]}}, typed
    if what in ("archive", "unarchive"):
        names = f.getlist(what)
        return {what: list[JSONValue](names)}, {}
    return {}, {}


@bp.post("/c/<token>/change")
@limits.writes
def change(token: str) -> ResponseReturnValue:
    """Apply one part of the club's page: its name and zone, members added, renamed,
    merged, archived or brought back (a PATCH of the API, on the same service)."""
    club = get_club_or_404(token, lock=True)
    what = request.form.get("what", "")
    if not ActionForm().validate_on_submit():
        return _club_page(club, view=False, errors={"": [EXPIRED]}, status=400)
    body, posted = _patch(club, what) if what in CHANGES else ({}, {})
    if what == "merge" and posted["merge_from"] == posted["merge_into"]:
        same = {"merge": [N_("Choose two different members to merge.")]}
        return _club_page(club, view=False, errors=same, posted=posted, status=422)
    if not body or body.get(what) == []:
        where = what if what in CHANGES else ""
        message = N_("Choose what to change.")
        return _club_page(club, view=False, errors={where: [message]}, posted=posted, status=422)
    try:
        entry = clubs.change_club(club, body)
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
        errors = _by_form_field(exc.violations)
        if what == "club":
            errors = {("club_name" if k == "name" else k): v for k, v in errors.items()}
        return _club_page(club, view=False, errors=errors, posted=posted, status=422)
    if entry is None:
        flash(tr(N_("Nothing changed.")))
    else:
        flash(tr(N_("Done: %(what)s.", what=_said(entry))))
    return redirect(url_for(".show", token=club.token) + "#members")


@bp.post("/c/<token>/undo")
@limits.writes
def undo(token: str) -> ResponseReturnValue:
    """Undo one change of the club's journal (a new entry says so)."""
    club = get_club_or_404(token, lock=True)
    if not ActionForm().validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=club.token))
    seq = form_int(request.form, "seq")
    try:
        entry = clubs.undo(club, seq if isinstance(seq, int) else -1)
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
        flash(tr(N_("Cannot undo: %(why)s", why=sentences(exc.violations))), "error")
    else:
        flash(tr(N_("Done: %(what)s.", what=_said(entry))))
    return redirect(url_for(".show", token=club.token) + "#journal")


# -- a table's read-only page -----------------------------------------------------------------


def find_table_view(view_token: str) -> Table:
    """The table behind a read-only link, or 404."""
    try:
        return clubs.find_table_view(view_token)
    except store.NotFound:
        not_found(N_("There is no table at this link. Check the address you were sent."))


@bp.get("/t/view/<view_token>")
def table_view(view_token: str) -> ResponseReturnValue:
    """A table's read-only page: its standings and latest rounds, no write, no writable id."""
    t = find_table_view(view_token)
    state = store.state_of(t)
    value = changes.point_value(t)
    standings = table_standings(t, state)
    club = clubs.club_of(t)
    return render_template(
        "clubs/table_view.html",
        t=t,
        game=GAMES[t.game],
        state=state,
        standings=standings,
        money=lambda amount: amount * value if value is not None else None,
        history=store.history(t, HISTORY_SHOWN),
        names=changes.players_now(t, state),
        club_name=club.name if club is not None else None,
        view_link=_link("clubs.table_view", view_token=view_token),
    )
