"""Entering, showing, correcting and deleting a table's rounds."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from sqlalchemy.exc import IntegrityError

from scorekeeper import tables
from scorekeeper.forms import ActionForm, RoundForm, entry_from_form
from scorekeeper.models import Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.views import get_table_or_404
from scorekeeper.views.sessions import errors_by_field

bp = Blueprint("rounds", __name__, url_prefix="/t/<token>/rounds")

EXPIRED = (
    "This form had expired (or was opened in another browser), so nothing was saved. "
    "Your cards are kept below: tap Save again."
)


def seated_for_form(table: Table, state: tables.State, rnd: Any = None) -> list[int]:
    """The table positions the form lists: those seated for the round being entered."""
    if rnd is not None:
        state = tables.state_before(table, rnd.number)
    if table.game in ("tokan", "otoroku"):
        return list(state.seated)
    return list(range(len(table.players)))


def render_entry(
    table: Table,
    form: RoundForm,
    entry: dict[str, Any],
    *,
    number: int,
    errors: dict[str, list[str]],
    status: int = 200,
    rnd: Any = None,
) -> Any:
    state = tables.state_of(table) if rnd is None else tables.state_before(table, rnd.number)
    positions = seated_for_form(table, state)
    dealer = state.dealer
    if rnd is not None and rnd.dealer is not None:
        dealer = rnd.dealer
    return render_template(
        "rounds/entry.html",
        table=table,
        form=form,
        entry=entry,
        number=number,
        errors=errors,
        positions=positions,
        state=state,
        dealer=dealer,
        rnd=rnd,
        delete_form=ActionForm(),
        action=(
            url_for(".edit", token=table.token, number=rnd.number)
            if rnd is not None
            else url_for(".new", token=table.token)
        ),
    ), status


def _read(table: Table, positions: list[int]) -> tuple[dict[str, Any], list[Violation]]:
    problems: list[Violation] = []
    entry = entry_from_form(table.game, request.form, len(positions), problems)
    if entry.get("dealer") is not None and isinstance(entry["dealer"], int):
        # The form offers table positions; the engine wants a position among those playing.
        pos = entry["dealer"]
        entry["dealer"] = positions.index(pos) if pos in positions else -1
    return entry, problems


@bp.route("/new", methods=["GET", "POST"])
def new(token: str) -> Any:
    """Enter the next round."""
    table = get_table_or_404(token, lock=request.method == "POST")
    form = RoundForm()
    number = table.round_count + 1
    if request.method == "GET":
        form.submission_id.data = secrets.token_urlsafe(16)
        form.expected_number.data = str(number)
        return render_entry(table, form, {}, number=number, errors={})

    state = tables.state_of(table)
    positions = seated_for_form(table, state)
    entry, problems = _read(table, positions)
    if entry.get("dealer") == tables.dealer_index(state, positions):
        entry.pop("dealer")  # the table's own choice: recomputed if an earlier round changes
    if not form.validate_on_submit():
        return render_entry(table, form, entry, number=number, errors={"": [EXPIRED]}, status=400)
    if problems:
        return render_entry(
            table, form, entry, number=number, errors=errors_by_field(problems), status=422
        )
    expected = form.expected_number.data
    try:
        rnd, created = tables.add_round(
            table,
            "round",
            entry,
            submission_id=form.submission_id.data or None,
            expected_number=int(expected) if expected and expected.isdigit() else None,
        )
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
        return render_entry(
            table, form, entry, number=number, errors=errors_by_field(exc.violations), status=422
        )
    except (tables.Conflict, IntegrityError) as exc:
        db.session.rollback()
        if isinstance(exc, IntegrityError):
            exc = tables.Conflict(
                "Another phone wrote to this table at the same moment; "
                "check the table, then save again"
            )
        form.expected_number.data = str(table.round_count + 1)
        return render_entry(
            table, form, entry, number=table.round_count + 1, errors={"": [str(exc)]}, status=409
        )
    if not created:
        flash(f"Round {rnd.number} was already saved (the button was tapped twice).")
    return redirect(url_for(".show", token=table.token, number=rnd.number))


@bp.get("/<int:number>")
def show(token: str, number: int) -> Any:
    """Show one round's result: yaku, card points, payments and why."""
    table = get_table_or_404(token)
    try:
        rnd = tables.get_round(table, number)
    except LookupError:
        return render_template("errors/error.html", error=_not_found(number)), 404
    versions = tables.versions_by_round(table, [rnd.id]).get(rnd.id, [])
    state = tables.state_of(table)
    return render_template(
        "rounds/show.html",
        table=table,
        rnd=rnd,
        versions=versions,
        totals=state.totals,
        action_form=ActionForm(),
        is_last=number == table.round_count,
    )


def _not_found(number: int) -> Any:
    from werkzeug.exceptions import NotFound

    return NotFound(f"This table has no round {number}.")


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(token: str, number: int) -> Any:
    """Correct a past round; every later round is recomputed."""
    table = get_table_or_404(token, lock=request.method == "POST")
    try:
        rnd = tables.get_round(table, number)
    except LookupError:
        return render_template("errors/error.html", error=_not_found(number)), 404
    if rnd.kind != "round":
        flash("That entry ends a game; delete it instead of correcting it.", "error")
        return redirect(url_for("sessions.show", token=token))
    form = RoundForm()
    if request.method == "GET":
        return render_entry(table, form, rnd.entry, number=number, errors={}, rnd=rnd)
    before = tables.state_before(table, number)
    positions = seated_for_form(table, before)
    entry, problems = _read(table, positions)
    if "dealer" not in rnd.entry and entry.get("dealer") == tables.dealer_index(before, positions):
        entry.pop("dealer")
    if not form.validate_on_submit():
        return render_entry(
            table, form, entry, number=number, errors={"": [EXPIRED]}, status=400, rnd=rnd
        )
    if problems:
        return render_entry(
            table, form, entry, number=number, errors=errors_by_field(problems), status=422, rnd=rnd
        )
    try:
        tables.correct_round(table, number, entry, note="corrected on the table page")
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
        return render_entry(
            table,
            form,
            entry,
            number=number,
            errors=errors_by_field(exc.violations),
            status=422,
            rnd=rnd,
        )
    flash(f"Round {number} corrected; later rounds were recomputed.")
    return redirect(url_for(".show", token=token, number=number))


@bp.post("/<int:number>/delete")
def delete(token: str, number: int) -> Any:
    """Delete a round; later rounds move up and are recomputed."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash("This page had expired; reload it and try again.", "error")
        return redirect(url_for("sessions.show", token=token))
    table = get_table_or_404(token, lock=True)
    try:
        tables.delete_round(table, number)
        db.session.commit()
        flash(f"Round {number} deleted; later rounds were renumbered and recomputed.")
    except LookupError:
        db.session.rollback()
        return render_template("errors/error.html", error=_not_found(number)), 404
    except InvalidInput as exc:
        db.session.rollback()
        flash("Cannot delete: " + " ".join(v.message for v in exc.violations), "error")
    return redirect(url_for("sessions.show", token=token))
