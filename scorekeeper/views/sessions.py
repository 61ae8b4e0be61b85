"""Home, tables (standings, chart, history), end of game, export and import."""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from scorekeeper.bodies import BadJSON, load_object
from scorekeeper.charts import Chart, running_chart, seat_style
from scorekeeper.exact import amount_str, parse_amount, read_stored_amount
from scorekeeper.forms import ActionForm, ImportForm, NewTableForm
from scorekeeper.games import GAMES
from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.models import Table, db
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import service, store
from scorekeeper.tables.checks import check_table
from scorekeeper.views import errors_by_field, get_table_or_404
from scorekeeper.views.links import attachment, table_link

bp = Blueprint("sessions", __name__)

HISTORY_SHOWN = 20
RECENT_KEPT = 8


def remember(table: Table) -> None:
    """Keep this table in the browser's list of recent tables."""
    current = session.get("recent", [])
    if current and current[0].get("token") == table.token and current[0].get("name") == table.name:
        return  # already first: leave the cookie alone
    recent = [r for r in current if r.get("token") != table.token]
    recent.insert(0, {"token": table.token, "name": table.name, "game": table.game})
    session["recent"] = recent[:RECENT_KEPT]


def _home(form: NewTableForm, errors: dict[str, list[str]]) -> str:
    return render_template(
        "sessions/home.html",
        form=form,
        games=GAMES.values(),
        recent=session.get("recent", []),
        import_form=ImportForm(),
        errors=errors,
    )


@bp.get("/")
def home() -> str:
    """Show the start page: a new table, recent tables, the dispute checker."""
    return _home(NewTableForm(), {})


@bp.post("/tables")
def create() -> Any:
    """Start a table from the home page's form."""
    form = NewTableForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        try:
            table = service.open_table(check_table(form.to_body()))
            db.session.commit()
            remember(table)
            flash(f"Table “{table.name}” is ready. Share its link to follow it on other phones.")
            return redirect(url_for(".show", token=table.token))
        except InvalidInput as exc:
            db.session.rollback()
            errors = errors_by_field(exc.violations)
    else:
        errors = {k: list(v) for k, v in form.errors.items()}
        shown = {"", "game", "name", "point_value", "first_dealer", "players"}
        for key in [k for k in errors if k not in shown]:
            label = getattr(form, key).label.text if hasattr(form, key) else key
            errors.setdefault("", []).extend(f"{label}: {m}" for m in errors.pop(key))
        if "csrf_token" in form.errors:
            errors[""] = [
                "This form had expired, so nothing was saved: check it and tap the button again."
            ]
    return _home(form, errors), 422


@bp.get("/t/<token>")
def show(token: str) -> str:
    """Show a table: standings, chart, whose deal, progress and history."""
    table = get_table_or_404(token)
    remember(table)
    state = store.state_of(table)
    value = read_stored_amount(table.point_value) if table.point_value else None
    standings = ranked(
        [
            {
                "seat": i,
                "name": n,
                "total": t,
                "money": t * value if value is not None else None,
                "seated": i in state.seated,
                "style": seat_style(i),
            }
            for i, (n, t) in enumerate(zip(table.players, state.totals, strict=True))
        ],
        table.round_count > 0,
    )
    history = store.history(table, HISTORY_SHOWN)
    versions = store.versions_by_round(table, [r.id for r in history if r.version > 1])
    chart = table_chart(table)
    link = table_link(table)
    qr = qr_svg(link)
    last_game = None
    if state.game_over and history:
        last_game = game_summary(table, history[0].game_no)
    return render_template(
        "sessions/table.html",
        table=table,
        state=state,
        standings=standings,
        history=history,
        versions=versions,
        chart=chart,
        money=lambda amount: amount * value if value is not None else None,
        link=link,
        qr=qr,
        progress=GAMES[table.game].progress(store.spec_of(table), state, table.round_count),
        dealer=table.players[state.dealer],
        action_form=ActionForm(),
        last_game=last_game,
        shown=HISTORY_SHOWN,
        draw_names={f"name{i}": name for i, name in enumerate(table.players)},
        max_rounds=service.MAX_ROUNDS,
    )


def ranked(rows: list[dict[str, Any]], started: bool) -> list[dict[str, Any]]:
    """The standings, highest total first (seat order among equals), each with its rank
    (equal totals share one: 1, 2, 2, 4) and whether it leads: once a round is played, the
    top total leads unless every player has it."""
    rows = sorted(rows, key=lambda r: (-r["total"], r["seat"]))
    top = rows[0]["total"] if rows else 0
    level = all(r["total"] == top for r in rows)
    for place, row in enumerate(rows):
        row["rank"] = (
            rows[place - 1]["rank"]
            if place and row["total"] == rows[place - 1]["total"]
            else place + 1
        )
        row["leader"] = started and not level and row["total"] == top
    return rows


_CHARTS: dict[int, tuple[tuple[Any, ...], Chart | None]] = {}


def table_chart(table: Table) -> Chart | None:
    """The running-totals chart, drawn again only when the table has changed."""
    version = (table.updated_at, table.round_count, table.players)
    cached = _CHARTS.get(table.id)
    if cached is None or cached[0] != version:
        if len(_CHARTS) > 512:
            _CHARTS.clear()
        cached = (
            version,
            running_chart(table.players, store.running_totals(table), table.round_count),
        )
        _CHARTS[table.id] = cached
    return cached[1]


@functools.lru_cache(maxsize=256)
def qr_svg(link: str) -> str:
    """The table link as a QR code, drawn as inline SVG (the same link always draws the same)."""
    return str(segno.make(link, error="m").svg_inline(scale=4, dark="#111", light="#fff"))


def game_summary(table: Table, game_no: int) -> dict[str, Any]:
    """Each player's result over one game, from its rounds."""
    rounds = store.history(table, game_no=game_no)
    sums = [Fraction(0)] * len(table.players)
    for r in rounds:
        sums = [s + read_stored_amount(d) for s, d in zip(sums, r.deltas, strict=True)]
    pot_note = None
    ends = [r for r in rounds if r.kind == "end"]
    if ends:
        notes = store.get_round(table, ends[0].number).result.get("notes") or []
        pot_note = notes[0]["text"] if notes else None
    return {
        "game_no": game_no,
        "rounds": sum(1 for r in rounds if r.kind == "round"),
        "results": list(zip(table.players, sums, strict=True)),
        "pot_note": pot_note,
    }


@bp.get("/t/<token>/history")
def history(token: str) -> str:
    """Show every round of a table, newest first, the deleted ones, and the journal."""
    table = get_table_or_404(token)
    rounds = store.history(table)
    versions = store.versions_by_round(table, [r.id for r in rounds if r.version > 1])
    return render_template(
        "sessions/history.html",
        table=table,
        history=rounds,
        versions=versions,
        deleted=store.deleted_rounds(table),
        journal=store.journal(table),
        action_form=ActionForm(),
    )


@bp.post("/t/<token>/undo")
def undo(token: str) -> Any:
    """Undo one journal entry (a delete, a correction, an entered round, an earlier undo)."""
    seq = _whole(request.form, "seq")

    def write(table: Table) -> str:
        entry = service.undo(table, seq)
        return f"Done: {entry.summary}."

    return _undoable(token, write, "There is no such entry in this table's journal.", "undo")


@bp.post("/t/<token>/restore")
def restore(token: str) -> Any:
    """Put a deleted round back at its number."""
    round_id = _whole(request.form, "round")

    def write(table: Table) -> str:
        rnd = service.restore_round(table, round_id)
        return f"{GAMES[table.game].noun.capitalize()} {rnd.number} restored."

    return _undoable(token, write, "There is no such deleted round at this table.", "restore")


def _whole(form: FormData, key: str) -> int:
    """A number posted by a button; anything else names nothing (the service says so)."""
    value = form_int(form, key)
    return value if isinstance(value, int) else -1


def _undoable(token: str, write: Callable[[Table], str], missing: str, verb: str) -> Any:
    """Run one journal write from a button; its notice offers to undo it in turn."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash("This page had expired; reload it and try again.", "error")
        return redirect(url_for(".show", token=token))
    table = get_table_or_404(token, lock=True)
    try:
        message = write(table)
        db.session.commit()
        flash(message, f"undo:{table.version}")
    except LookupError:
        db.session.rollback()
        flash(missing, "error")
    except service.Conflict as exc:
        db.session.rollback()
        flash(str(exc), "error")
    except InvalidInput as exc:
        db.session.rollback()
        flash(f"Cannot {verb}: " + " ".join(v.message for v in exc.violations), "error")
    return redirect(url_for(".show", token=token))


@bp.post("/t/<token>/continue")
def continue_table(token: str) -> Any:
    """A new table with the same players and rules, starting from this one's totals."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash("This page had expired; reload it and try again.", "error")
        return redirect(url_for(".show", token=token))
    old = get_table_or_404(token)
    table = service.continue_table(old)
    db.session.commit()
    remember(table)
    flash(f"“{table.name}” goes on here, with the running totals carried over.")
    return redirect(url_for(".show", token=table.token))


@bp.post("/t/<token>/end")
def end_game(token: str) -> Any:
    """End the current game (Tokan: split the pot, R21) and start the next one."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash("This page had expired; reload it and try again.", "error")
        return redirect(url_for(".show", token=token))
    table = get_table_or_404(token, lock=True)
    try:
        rnd = service.end_game(table)
        db.session.commit()
        flash(f"Game {rnd.game_no} is over; the next round starts game {rnd.game_no + 1}.")
    except InvalidInput as exc:
        db.session.rollback()
        flash(" ".join(v.message for v in exc.violations), "error")
    return redirect(url_for(".show", token=token))


def csv_safe(value: Any) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    if text and text[0] in "=+-@\t\r" and not _is_number(text):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    try:
        parse_amount(text)
        return True
    except ValueError:
        return False


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Response:
    """A table's history as CSV: one row per round, each player's change and total."""
    table = get_table_or_404(token)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(
        ["round", "game", "round_of_game", "kind", "dealer"]
        + [csv_safe(f"{p} change") for p in table.players]
        + [csv_safe(f"{p} total") for p in table.players]
    )
    acc = [Fraction(0)] * len(table.players)
    for r in reversed(store.history(table)):
        acc = [a + read_stored_amount(d) for a, d in zip(acc, r.deltas, strict=True)]
        dealer = table.players[r.dealer] if r.dealer is not None and r.kind == "round" else ""
        w.writerow(
            [r.number, r.game_no, r.game_round, r.kind, csv_safe(dealer)]
            + list(r.deltas)
            + [amount_str(a) for a in acc]
        )
    return Response(
        out.getvalue(),
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
def import_table() -> Any:
    """Recreate a table from an uploaded JSON export."""
    form = ImportForm()
    if not form.validate_on_submit():
        flash("This page had expired; reload it and try again.", "error")
        return redirect(url_for(".home"))
    upload = request.files.get("file")
    try:
        table = service.import_table(load_object(upload.read() if upload else b""))
        db.session.commit()
    except BadJSON:
        flash("That file is not a Scorekeeper JSON export.", "error")
        return redirect(url_for(".home"))
    except InvalidInput as exc:
        db.session.rollback()
        flash(
            "Import refused: " + "; ".join(f"{v.field}: {v.message}" for v in exc.violations[:3]),
            "error",
        )
        return redirect(url_for(".home"))
    remember(table)
    flash(f"Imported “{table.name}” with {table.round_count} rounds.")
    return redirect(url_for(".show", token=table.token))
