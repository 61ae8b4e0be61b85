"""A club's pages (API.md "Clubs", issue 20): started from the home page, its own link and a
read-only one, standings over a period, tables opened from it, its members and their journal.

Every form works without script and writes through ``scorekeeper.clubs.service``, then commits
and redirects; a refused write shows its mistakes beside the fields, storing nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper import limits
from scorekeeper.clubs import reading as club_reading
from scorekeeper.clubs import service as club_service
from scorekeeper.forms import ActionForm, ImportForm, new_table_form
from scorekeeper.games import GAMES
from scorekeeper.games.form_input import form_int
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Listed, Msg, reason
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Club, ClubJournalEntry, Table, now
from scorekeeper.views import errors_by_field, not_found, sentences
from scorekeeper.views.club_page import ZONES, club_page, seasons_shown
from scorekeeper.views.kept_pages import kept_page
from scorekeeper.views.links import public_url, table_view_link
from scorekeeper.views.member_page import member_page
from scorekeeper.views.opening import STARTED_ALREADY, club_summary, form_field, open_from_form
from scorekeeper.views.seating import moved, seat_order
from scorekeeper.views.table_figures import HISTORY_SHOWN, table_standings

bp = Blueprint("clubs", __name__)


EXPIRED = N_("This form had expired, so nothing was saved: check it and tap the button again.")


NO_CLUB = N_("There is no club at this link. Check the address you were sent.")


RECENT_KEPT = 8


_SPLIT = re.compile(r"[\n,、，]+")


@bp.app_context_processor
def _helpers() -> dict[str, object]:
    return {"club_zones": ZONES, "table_view_link": table_view_link}


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
        return club_reading.find_club(token, lock=lock)
    except club_reading.ClubNotFound:
        not_found(NO_CLUB)


def remember(club: Club) -> None:
    """Keep this club in the browser's list of recent clubs (on the home page)."""
    current = session.get("recent_clubs", [])
    if current and current[0].get("token") == club.token and current[0].get("name") == club.name:
        return
    recent = [c for c in current if c.get("token") != club.token]
    recent.insert(0, {"token": club.token, "name": club.name})
    session["recent_clubs"] = recent[:RECENT_KEPT]


def home_page(
    club_errors: Mapping[str, Sequence[str]] | None = None,
    club_posted: Mapping[str, str] | None = None,
) -> str:
    """The home page (as ``tables.home`` draws it) with the club form's mistakes."""
    return render_template(
        "sessions/home.html",
        form=new_table_form(),
        games=GAMES.values(),
        recent=session.get("recent", []),
        import_form=ImportForm(),
        errors={},
        club_errors=club_errors or {},
        club_summary=club_summary(club_errors or {}),
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
        club = club_service.create_club(body)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
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


def _kept_page(
    kind: str, club: Club, render: Callable[[], ResponseReturnValue]
) -> ResponseReturnValue:
    """A club's or member's page as it was rendered for the same club, figures and day
    (``kept_pages``): every write to the club or its tables moves ``version`` or
    ``figures_version``, so a kept page is never stale."""
    key = (
        kind,
        club.token,
        club.version,
        club.figures_version,
        club.timezone,
        club_reading.club_day(now(), club_reading.zone_of(club)),
        reading.club_deck_key(club),  # naming or renaming a deck moves no version
    )
    return kept_page(key, render)


@bp.get("/c/<token>")
def show(token: str) -> ResponseReturnValue:
    """A club's page: standings over a period, its tables, members and journal, its links."""
    club = get_club_or_404(token)
    remember(club)
    return _kept_page("club", club, lambda: club_page(club, view=False))


@bp.get("/c/view/<view_token>")
def view(view_token: str) -> ResponseReturnValue:
    """The club's read-only page: standings, members and tables, no form, no writable id."""
    try:
        club = club_reading.find_club_view(view_token)
    except club_reading.ClubNotFound:
        not_found(NO_CLUB)
    return _kept_page("club", club, lambda: club_page(club, view=True))


@bp.get("/c/<token>/members/<path:name>")
def member(token: str, name: str) -> ResponseReturnValue:
    """A member's page: their tables, running total, games with their yaku, and head to head."""
    club = get_club_or_404(token)
    return _kept_page("member", club, lambda: member_page(club, name, view=False))


@bp.get("/c/view/<view_token>/members/<path:name>")
def member_view(view_token: str, name: str) -> ResponseReturnValue:
    """A member's page through the club's read-only link: the same figures, no writable id."""
    try:
        club = club_reading.find_club_view(view_token)
    except club_reading.ClubNotFound:
        not_found(NO_CLUB)
    return _kept_page("member", club, lambda: member_page(club, name, view=True))


@bp.get("/c/<token>/member")
def member_named(token: str) -> ResponseReturnValue:
    """A member's page for a name no path can hold (``club_page.in_path``): ``?name=``."""
    return member(token, request.args.get("name", ""))


@bp.get("/c/view/<view_token>/member")
def member_view_named(view_token: str) -> ResponseReturnValue:
    """``member_named`` through the club's read-only link."""
    return member_view(view_token, request.args.get("name", ""))


@bp.post("/c/<token>/tables")
@limits.creates
def open_table(token: str) -> ResponseReturnValue:
    """Open a table of the club, its players seated in the order the form gives
    (``seat_order``); a ``move`` button changes that order and shows the form again."""
    club = get_club_or_404(token, lock=True)
    form = new_table_form()
    ticked = request.form.getlist("member")
    picked = [n for n in ticked if club_reading.member(club, n) is not None]
    fresh = names_typed(request.form.get("new_players", ""))
    seats = seat_order(request.form.getlist("seat"), picked, fresh)
    form.players.data = "\n".join(seats)
    posted = {"member": picked, "new_players": request.form.get("new_players", ""), "seats": seats}
    gone = [n for n in ticked if n not in picked]
    if gone:  # renamed or merged from another phone since the page was drawn
        said = N_(
            "No longer a member by that name (changed from another phone?): %(names)s. "
            "Tick the players again",
            names=Listed(gone),
        )
        return club_page(
            club, view=False, errors={"table.players": [said]}, posted=posted, status=409
        )
    move = request.form.get("move")
    if move is not None:  # the seat order's buttons, without script: the form again
        posted["seats"] = moved(seats, move)
        return club_page(club, view=False, posted=posted, table_form=form, status=200)
    valid = form.validate_on_submit()
    errors: dict[str, list[str]] = {}
    for key, messages in form.errors.items():
        if key == "csrf_token":
            return club_page(club, view=False, errors={"table": [EXPIRED]}, status=400)
        errors.setdefault(f"table.{key}", []).extend(messages)
    opening = open_from_form(form, ready=valid and not errors, club=club)
    if opening.table is not None:
        said = (
            STARTED_ALREADY
            if opening.again
            else N_(
                "Table “%(name)s” is ready in the club “%(club)s”.",
                name=opening.table.name,
                club=club.name,
            )
        )
        flash(tr(said))
        return redirect(url_for("tables.show", token=opening.table.token))
    for v in opening.checks:
        head = v.field.split(".", 1)[0]
        key = "table.players" if head == "players" else f"table.{form_field(form, v.field)}"
        if key not in errors or head == "players":
            errors.setdefault(key, []).append(v.message)
    for v in opening.refused:
        errors.setdefault(f"table.{v.field.split('.', 1)[0]}", []).append(v.message)
    service.rollback()
    if "table.players" in errors:
        errors["table.players"] = list(dict.fromkeys(errors["table.players"]))
    return club_page(club, view=False, errors=errors, posted=posted, table_form=form, status=422)


CHANGES = ("club", "add", "rename", "merge", "archive", "unarchive", "seasons")
SEASONS_MOVED = N_(
    "The seasons changed since this page was opened (another phone saved them), so nothing "
    "was saved: here they are as they are now"
)


def _season_lines() -> tuple[list[JSONValue], list[int], list[dict[str, str]]]:
    """The seasons' form (issue 41): each line's name, first and last day. The seasons given
    (blank lines left out: a season whose line is emptied is dropped), the form's line of
    each, and every line as typed."""
    f = request.form
    names, starts, ends = f.getlist("season_name"), f.getlist("season_from"), f.getlist("season_to")
    typed: list[dict[str, str]] = []
    given: list[JSONValue] = []
    lines: list[int] = []
    for i in range(max(len(names), len(starts), len(ends))):
        row = {
            "name": names[i] if i < len(names) else "",
            "start": starts[i] if i < len(starts) else "",
            "end": ends[i] if i < len(ends) else "",
        }
        typed.append(row)
        if not any(v.strip() for v in row.values()):
            continue
        given.append({"name": row["name"], "from": row["start"].strip(), "to": row["end"].strip()})
        lines.append(i)
    return given, lines, typed


def _season_errors(errors: Mapping[str, list[str]], lines: Sequence[int]) -> dict[str, list[str]]:
    """Mistakes at ``seasons.<n>.<field>`` said beside the form's line of season n."""
    out: dict[str, list[str]] = {}
    for key, messages in errors.items():
        parts = key.split(".")
        if (
            parts[0] == "seasons"
            and len(parts) > 1
            and parts[1].isdigit()
            and int(parts[1]) < len(lines)
        ):
            parts[1] = str(lines[int(parts[1])])
        out.setdefault(".".join(parts), []).extend(messages)
    return out


def _patch(club: Club, what: str) -> tuple[JSONObject, dict[str, str]]:
    """The PATCH body (API.md "Clubs") a part of the club's page posts, and what was typed."""
    f = request.form
    if what == "club":
        typed = {"club_name": f.get("club_name", ""), "timezone": f.get("timezone", "")}
        body: JSONObject = {
            key: typed[field].strip()
            for key, field in (("name", "club_name"), ("timezone", "timezone"))
            # Only what the player changed: another phone's change since stays.
            if f.get(f"was_{field}") is None or typed[field] != f.get(f"was_{field}")
        }
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
    if what == "seasons":
        given, _, _ = _season_lines()
        return {"seasons": given}, {}
    return {}, {}


def _nothing_to_change(club: Club, what: str, posted: dict[str, str]) -> ResponseReturnValue:
    """A part of the club's page posted with nothing to do: its name and zone as the page
    showed them change nothing; any other part is asked to choose."""
    if what == "club":
        flash(tr(N_("Nothing changed.")))
        return redirect(url_for(".show", token=club.token))
    where = what if what in CHANGES else ""
    message = N_("Choose what to change.")
    return club_page(club, view=False, errors={where: [message]}, posted=posted, status=422)


@bp.post("/c/<token>/change")
@limits.writes
def change(token: str) -> ResponseReturnValue:
    """Apply one part of the club's page: its name and zone, members added, renamed,
    merged, archived or brought back (a PATCH of the API, on the same service)."""
    club = get_club_or_404(token, lock=True)
    what = request.form.get("what", "")
    if not ActionForm().validate_on_submit():
        return club_page(club, view=False, errors={"": [EXPIRED]}, status=400)
    body, posted = _patch(club, what) if what in CHANGES else ({}, {})
    chosen = [posted.get(k, "x") for k in ("rename_from", "merge_from", "merge_into")]
    if not all(name.strip() for name in chosen):  # a select left empty: only a form by hand
        message = N_("Choose a member from the list.")
        return club_page(club, view=False, errors={what: [message]}, posted=posted, status=422)
    if what == "merge" and posted["merge_from"] == posted["merge_into"]:
        same = {"merge": [N_("Choose two different members to merge.")]}
        return club_page(club, view=False, errors=same, posted=posted, status=422)
    if not body or (body.get(what) == [] and what != "seasons"):
        return _nothing_to_change(club, what, posted)
    was = request.form.get("was_seasons")
    moved = was is not None and was != seasons_shown(club)
    if what == "seasons" and moved and not club_service.same_seasons(club, body["seasons"]):
        # The form posts every season: saved over another phone's, it would drop theirs.
        return club_page(club, view=False, errors={"seasons": [SEASONS_MOVED]}, status=409)
    try:
        entry = club_service.change_club(club, body)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        errors = _by_form_field(exc.violations)
        if what == "club":
            errors = {("club_name" if k == "name" else k): v for k, v in errors.items()}
        shown: dict[str, object] = dict(posted)
        if what == "seasons":
            _, lines, typed = _season_lines()
            errors = _season_errors(errors, lines)
            shown["season_rows"] = typed
        return club_page(club, view=False, errors=errors, posted=shown, status=422)
    where = "seasons" if what == "seasons" else "members"
    # Said in the section the page lands on (``at:<section>``), not at its top out of sight.
    if entry is None:
        flash(tr(N_("Nothing changed.")), f"at:{where}")
    else:
        flash(tr(N_("Done: %(what)s.", what=_said(entry))), f"at:{where}")
    return redirect(url_for(".show", token=club.token) + f"#{where}")


@bp.post("/c/<token>/undo")
@limits.writes
def undo(token: str) -> ResponseReturnValue:
    """Undo one change of the club's journal (a new entry says so)."""
    club = get_club_or_404(token, lock=True)
    if not ActionForm().validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=club.token))
    seq = form_int(request.form, "seq")
    if not isinstance(seq, int):  # a page's button always sends one: a form made by hand
        flash(tr(N_("There is no such entry in this club's journal.")), "error")
        return redirect(url_for(".show", token=club.token) + "#journal")
    try:
        entry = club_service.undo(club, seq)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        flash(tr(N_("Cannot undo: %(why)s", why=sentences(exc.violations))), "error")
    except club_service.NoSuchChange:
        service.rollback()
        flash(tr(N_("There is no such entry in this club's journal.")), "error")
    except service.Conflict as exc:  # says itself what cannot be undone, as a table's
        service.rollback()
        flash(tr(reason(exc)), "error")
    else:
        flash(tr(N_("Done: %(what)s.", what=_said(entry))))
    return redirect(url_for(".show", token=club.token) + "#journal")


def find_table_view(view_token: str) -> Table:
    """The table behind a read-only link, or 404."""
    try:
        return club_reading.find_table_view(view_token)
    except reading.NotFound:
        not_found(N_("There is no table at this link. Check the address you were sent."))


@bp.get("/t/view/<view_token>")
def table_view(view_token: str) -> ResponseReturnValue:
    """A table's read-only page: its standings and latest rounds, no write, no writable id."""
    t = find_table_view(view_token)
    state = reading.state_of(t)
    value = reading.point_value(t)
    standings = table_standings(t, state)
    club = club_reading.club_of(t)
    history = reading.history(t, HISTORY_SHOWN)
    return render_template(
        "clubs/table_view.html",
        t=t,
        game=GAMES[t.game],
        state=state,
        standings=standings,
        money=lambda amount: amount * value if value is not None else None,
        history=history,
        payments=reading.settle_payments(history),
        names=reading.players_now(t, state),
        club_name=club.name if club is not None else None,
        view_link=public_url("clubs.table_view", view_token=view_token),
    )
