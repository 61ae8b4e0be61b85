"""A table's pages: home (open or import a table), the table (standings, chart, history),
its history, undo and restore, the end of a game, a table continued, export and import.

Each view reads its request, calls one function of the services (``scorekeeper.tables``) and
renders or redirects; what the table page shows is laid out by ``views.table_figures``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import NotRequired, TypedDict

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper import limits
from scorekeeper.bodies import BadJSON
from scorekeeper.forms import ActionForm, ImportForm, NewTableForm, new_table_form
from scorekeeper.games import GAMES
from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.i18n import translate as tr
from scorekeeper.messages import N_, Msg, ngettext, reason
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Table, undo_question
from scorekeeper.views import (
    allow_an_export,
    continued_since_shown,
    errors_by_field,
    get_table_or_404,
    not_found,
    sentences,
)
from scorekeeper.views.check import checker_args
from scorekeeper.views.deck_page import table_deck
from scorekeeper.views.kept_pages import kept_page
from scorekeeper.views.links import attachment, qr_svg, table_link
from scorekeeper.views.opening import STARTED_ALREADY, form_field, open_from_form, start_summary
from scorekeeper.views.seating import moved, seat_order
from scorekeeper.views.table_figures import (
    HISTORY_SHOWN,
    chart_fragment,
    game_summary,
    history_fragment,
    table_standings,
)

bp = Blueprint("tables", __name__)

EXPIRED = N_("This page had expired; reload it and try again.")

NAMED_FIGURE = re.compile(r"totals\.\d+|rounds\.\d+\.deltas\.\d+")
"""The fields of an import whose message names the player (``check_exported_totals``)."""

RECENT_KEPT = 8


def remember(table: Table) -> None:
    """Keep this table in the browser's list of recent tables."""
    current = session.get("recent", [])
    if current and current[0].get("token") == table.token and current[0].get("name") == table.name:
        return  # already first: leave the cookie alone
    recent = [r for r in current if r.get("token") != table.token]
    recent.insert(0, {"token": table.token, "name": table.name, "game": table.game})
    session["recent"] = recent[:RECENT_KEPT]


class RecentTable(TypedDict):
    """A table this browser opened, as the home page lists it (``recent_tables``)."""

    token: str
    name: NotRequired[str]  # an older cookie may lack it
    game: NotRequired[str]
    players: list[str]
    started: datetime | None


def recent_tables() -> list[RecentTable]:
    """The tables this browser opened, most recent first, each once (by its id), whatever
    an older cookie kept; each with its name, players and the day it started as the table
    now has them (issue 39: which Friday was it?), or as the cookie kept it when the table
    cannot be read."""
    seen: set[str] = set()
    kept = []
    for r in session.get("recent", []):
        if isinstance(r, dict) and isinstance(r.get("token"), str) and r["token"] not in seen:
            seen.add(r["token"])
            kept.append(r)
    found = reading.recent_tables([r["token"] for r in kept])
    out: list[RecentTable] = []
    for r in kept:
        row = found.get(r["token"])
        if row is None:
            shown: RecentTable = {"token": r["token"], "players": [], "started": None}
            if "name" in r:  # what the template reads of what the cookie kept
                shown["name"] = r["name"]
            if "game" in r:
                shown["game"] = r["game"]
            out.append(shown)
        else:
            out.append(
                {
                    "token": row.token,
                    "name": row.name,
                    "game": row.game,
                    "players": list(row.players),
                    "started": row.created_at,
                }
            )
    return out


def _home(form: NewTableForm, errors: dict[str, list[str]], seats: list[str] | None = None) -> str:
    return render_template(
        "sessions/home.html",
        form=form,
        seats=seats or [],
        games=GAMES.values(),
        recent=recent_tables(),
        import_form=ImportForm(),
        errors=errors,
        # A refused table: every mistake at the top of its form, as the round form has them.
        summary=start_summary(form, errors),
        # A host who closed creation: the page says so instead of offering its forms.
        closed=None if current_app.config.get("CREATION_OPEN", True) else tr(limits.CLOSED),
    )


@bp.get("/")
def home() -> str:
    """Show the start page: a new table, recent tables, the dispute checker."""
    return _home(new_table_form(), {})


@bp.post("/tables")
@limits.creates
def create() -> ResponseReturnValue:
    """Start a table from the home page's form."""
    form = new_table_form()
    # The seat list (templates/_seats.html) orders the names typed; its buttons, without
    # script, show the form again in the new order (the names too, one per line, as seated).
    typed = [n.strip() for n in (form.players.data or "").splitlines() if n.strip()]
    seats = seat_order(request.form.getlist("seat"), [], typed)
    form.players.data = "\n".join(seats)
    move = request.form.get("move")
    if move is not None:
        seats = moved(seats, move)
        form.players.data = "\n".join(seats)
        return _home(form, {}, seats)
    form.validate_on_submit()
    errors: dict[str, list[str]] = {k: list(v) for k, v in form.errors.items()}
    if "csrf_token" in errors:
        errors = {
            "": [
                N_(
                    "This form had expired, so nothing was saved: "
                    "check it and tap the button again."
                )
            ]
        }
        return _home(form, errors, seats), 422
    # Every field's mistakes are said beside it, a house rule's or setting's too.
    shown = {"", "game", "name", "point_value", "first_dealer", "players"}
    shown |= {of.key for of in form.option_fields}
    for key in [k for k in errors if k not in shown]:
        label = getattr(form, key).label.text if hasattr(form, key) else key
        errors.setdefault("", []).extend(
            N_("%(label)s: %(message)s", label=label, message=m) for m in errors.pop(key)
        )
    # The table's own checks run on whatever the form could read, so that every mistake is
    # said at once (not the next one after another tap); ``errors`` holds the form's own.
    opening = open_from_form(form, ready=not errors)
    if opening.table is not None:
        remember(opening.table)
        said = (
            STARTED_ALREADY
            if opening.again
            else N_(
                "Table “%(name)s” is ready. Share its link to follow it on other phones.",
                name=opening.table.name,
            )
        )
        flash(tr(said))
        return redirect(url_for(".show", token=opening.table.token))
    for field, messages in errors_by_field(opening.checks).items():
        field = form_field(form, field)  # a house rule or setting beside its field
        if field not in errors:
            errors[field] = list(messages)
    service.rollback()
    return _home(form, errors, seats), 422


@bp.get("/t/<token>")
def show(token: str) -> ResponseReturnValue:
    """Show a table: standings, chart, whose deal, progress and history. Kept whole once
    rendered (``kept_pages``): every write to the table moves its journal version."""
    table = get_table_or_404(token)
    remember(table)
    deck = table_deck(table)  # naming a deck moves no version; its link is this phone's
    key = (
        "table",
        table.token,
        table.version,
        table.updated_at,
        table.name,
        tuple(table.players),
        table.point_value,
        table.round_count,
        table.rounds_played,
        table.view_token,
        None if deck is None else tuple(deck.items()),
    )
    return kept_page(key, lambda: _table_page(table))


def _table_page(table: Table) -> str:
    state = reading.state_of(table)
    value = reading.point_value(table)
    standings = table_standings(table, state)
    history_html, last_game_no = history_fragment(table)
    chart, chart_html = chart_fragment(GAMES[table.game], table)
    link = table_link(table)
    qr = qr_svg(link, "QR code of the table's link")
    last_game = None
    if state.game_over and last_game_no is not None:
        last_game = game_summary(table, last_game_no)
    return render_template(
        "sessions/table.html",
        table=table,
        state=state,
        standings=standings,
        history_html=history_html,
        chart=chart,
        chart_html=chart_html,
        money=lambda amount: amount * value if value is not None else None,
        link=link,
        qr=qr,
        progress=GAMES[table.game].progress(
            reading.current_spec(table, state), state, table.rounds_played
        ),
        dealer=table.players[service.seated_dealer(state)],
        action_form=ActionForm(),
        last_game=last_game,
        shown=HISTORY_SHOWN,
        draw_names={f"name{i}": table.players[i] for i in state.seated},
        checker_args=checker_args(table, state),
        players=reading.players_now(table, state),
        all_clear=not any(state.totals) and not state.pot and not state.house,
        max_rounds=service.MAX_ROUNDS,
    )


@bp.get("/t/<token>/history")
def history(token: str) -> str:
    """Show every round of a table, newest first, the deleted ones, and the journal."""
    table = get_table_or_404(token)
    rounds = reading.history(table)
    versions = reading.versions_by_round(table, [r.id for r in rounds if r.version > 1])
    deleted = reading.deleted_rounds(table)
    journal = reading.journal(table)
    return render_template(
        "sessions/history.html",
        table=table,
        history=rounds,
        versions=versions,
        payments=reading.settle_payments(rounds),
        deleted=deleted,
        # A deleted round by the number a restore gives it back (rounds only are numbered).
        deleted_numbers={r.id: service.named_number(table, r) for r in deleted},
        journal=journal,
        undone=reading.undone_in(journal),
        action_form=ActionForm(),
    )


@bp.get("/t/<token>/undo/<int:seq>")
def undo_confirm(token: str, seq: int) -> str:
    """Ask before undoing journal entry ``seq``: say what will change and the totals after
    (a pure replay on a read-only snapshot: no write lock); its button posts to ``undo``."""
    table = get_table_or_404(token)
    try:
        question = undo_question(token, seq)
    except LookupError:
        not_found(N_("There is no such entry in this table's journal."))
    return render_template(
        "sessions/undo.html", table=table, question=question, action_form=ActionForm()
    )


CHANGED_SINCE = N_(
    "Another phone changed this table after the question was shown, so nothing was undone: "
    "ask again from the history."
)


ALREADY_UNDONE = N_("That was undone already (the button was tapped twice?): nothing more changed.")


def _undone_just_now(table: Table, seq: int, asked: int) -> bool:
    """Whether the one write since the question was shown is the undo it asked for (a
    second tap), not another phone's change."""
    if table.version != asked + 1:
        return False
    latest = reading.latest_entry(table)
    return latest is not None and (latest.data or {}).get("undoes") == seq


@bp.post("/t/<token>/undo")
@limits.writes
def undo(token: str) -> ResponseReturnValue:
    """Undo one journal entry (a delete, a correction, an entered round, an earlier undo).

    The question page sends the table's version it answered for: a table changed since then
    is not undone on a stale answer."""
    seq = _whole(request.form, "seq")
    asked = form_int(request.form, "version") if "version" in request.form else None

    def write(table: Table) -> str:
        if asked is not None and asked != table.version:
            if isinstance(asked, int) and _undone_just_now(table, seq, asked):
                raise service.Conflict(ALREADY_UNDONE)
            raise service.Conflict(CHANGED_SINCE)
        entry = service.undo(table, seq)
        return str(tr(N_("Done: %(summary)s.", summary=reading.summary_of(entry))))

    missing = N_("There is no such entry in this table's journal.")
    return _undoable(token, service.undoing(seq), write, missing, N_("Cannot undo: %(why)s"))


@bp.post("/t/<token>/restore")
@limits.writes
def restore(token: str) -> ResponseReturnValue:
    """Put a deleted round back at its number."""
    round_id = _whole(request.form, "round")

    def write(table: Table) -> str:
        rnd = service.restore_round(table, round_id)
        assert rnd.number is not None
        return str(tr(N_("%(what)s restored.", what=service.named(table, rnd)).capitalized()))

    missing = N_("There is no such deleted round at this table.")
    return _undoable(
        token, service.restoring(round_id), write, missing, N_("Cannot restore: %(why)s")
    )


def _whole(form: FormData, key: str) -> int:
    """A number posted by a button; anything else names nothing (the service says so)."""
    value = form_int(form, key)
    return value if isinstance(value, int) else -1


def _undoable(
    token: str,
    replays: service.ReplayOf,
    write: Callable[[Table], str],
    missing: str,
    refused: Msg,
) -> ResponseReturnValue:
    """Run one journal write from a button; its notice offers to undo it in turn."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=token))
    table = service.open_for(token, replays, get_table_or_404)
    try:
        message = write(table)
        service.commit()
        flash(message, f"undo:{table.version}")
    except LookupError:
        service.rollback()
        flash(tr(missing), "error")
    except service.Conflict as exc:
        service.rollback()
        flash(tr(reason(exc)), "error")
    except InvalidInput as exc:
        service.rollback()
        flash(tr(refused(why=sentences(exc.violations))), "error")
    return redirect(url_for(".show", token=token))


CONTINUED_ALREADY = N_(
    "This table was continued already (the button was tapped twice?): here is the new table."
)


@bp.post("/t/<token>/continue")
@limits.creates
def continue_table(token: str) -> ResponseReturnValue:
    """A new table with the same players and rules, starting from this one's totals."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=token))
    old = get_table_or_404(token, lock=True)  # it gains a journal entry pointing here
    already = continued_since_shown(old)
    if already is not None:
        flash(tr(CONTINUED_ALREADY))
        return redirect(url_for(".show", token=already))
    try:
        table = service.rematch(old, carry=True)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        flash(tr(sentences(exc.violations)), "error")
        return redirect(url_for(".show", token=token))
    remember(table)
    flash(tr(N_("“%(name)s” goes on here, with the running totals carried over.", name=table.name)))
    return redirect(url_for(".show", token=table.token))


@bp.post("/t/<token>/end")
@limits.writes
def end_game(token: str) -> ResponseReturnValue:
    """End the current game (Tokan: split the pot, R21) and start the next one."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=token))
    table = get_table_or_404(token, lock=True)
    shown = form_int(request.form, "game")  # the game the page offered to end
    try:
        rnd = service.end_game(table, shown if isinstance(shown, int) else None)
        service.commit()
        flash(
            tr(
                N_(
                    "Game %(n)s is over; the next %(noun)s starts game %(next)s.",
                    n=rnd.game_no,
                    noun=GAMES[table.game].noun,
                    next=rnd.game_no + 1,
                )
            )
        )
    except InvalidInput as exc:
        service.rollback()
        flash(tr(sentences(exc.violations)), "error")
    except service.Conflict as exc:
        service.rollback()
        flash(tr(reason(exc)), "error")
    return redirect(url_for(".show", token=token))


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Response:
    """A table's record as CSV, one row per entry (``tables.records.table_csv``)."""
    table = get_table_or_404(token)
    return Response(
        reading.table_csv(table),
        mimetype="text/csv",
        headers=attachment(table, "csv"),
    )


@bp.get("/t/<token>/export.json")
def export_json(token: str) -> Response:
    """A table as JSON that the import recreates exactly."""
    table = get_table_or_404(token)
    body = json.dumps(service.export_table(table), ensure_ascii=False, indent=1)
    return Response(
        body,
        mimetype="application/json",
        headers=attachment(table, "json"),
    )


@bp.post("/import")
@limits.imports
def import_table() -> ResponseReturnValue:
    """Recreate a table from an uploaded JSON export."""
    allow_an_export()
    form = ImportForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".home"))
    upload = request.files.get("file")
    if upload is None or not upload.filename:  # the button tapped with no file chosen
        flash(tr(N_("Choose a file to import: a table's JSON export.")), "error")
        return redirect(url_for(".home"))
    try:
        raw = upload.read() if upload else b""
        name, mimetype = (upload.filename or "", upload.mimetype) if upload else ("", "")
        table = service.import_table(service.read_export(raw, name=name, mimetype=mimetype))
        service.commit()
    except BadJSON:
        flash(tr(N_("That file is not a Scorekeeper JSON export.")), "error")
        return redirect(url_for(".home"))
    except InvalidInput as exc:
        service.rollback()
        # A difference in a figure names its player itself ("Aki's total: ..."): the API's
        # field ("totals.0") says nothing more to a player; nor does the whole file's ("",
        # "format": what kind of file it is).
        problems = [
            v.message
            if v.field in ("", "format") or NAMED_FIGURE.fullmatch(v.field)
            else N_("%(field)s: %(message)s", field=v.field, message=v.message)
            for v in exc.violations[:3]
        ]
        flash(tr(N_("Import refused: %(problems)s", problems=problems)), "error")
        return redirect(url_for(".home"))
    remember(table)
    flash(
        tr(
            ngettext(
                "Imported “%(name)s” with %(num)s round.",
                "Imported “%(name)s” with %(num)s rounds.",
                table.rounds_played,
                name=table.name,
            )
        )
    )
    return redirect(url_for(".show", token=table.token))
