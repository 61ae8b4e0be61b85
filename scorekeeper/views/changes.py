"""Changing a table (its name, point value, settings, players, a rematch) and settling up."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from scorekeeper import limits
from scorekeeper.clubs import reading as club_reading
from scorekeeper.clubs import service as club_service
from scorekeeper.forms import ActionForm, AddPlayerForm, TableForm
from scorekeeper.games import GAMES, Game
from scorekeeper.games.form_input import form_int
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Table
from scorekeeper.views import continued_since_shown, errors_by_field, get_table_or_404, sentences
from scorekeeper.views.check import draw_page
from scorekeeper.views.seating import moved
from scorekeeper.views.tables import CONTINUED_ALREADY, remember

bp = Blueprint("changes", __name__, url_prefix="/t/<token>")

EXPIRED = N_("This page had expired, so nothing was changed: check it and tap the button again.")
COLLIDED = N_("Another phone wrote to this table at the same moment; check it and try again.")


def _edit_page(
    table: Table,
    errors: dict[str, list[str]] | None = None,
    posted: JSONObject | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    state = reading.state_of(table)
    game = GAMES[table.game]
    spec = reading.current_spec(table, state)
    names = reading.players_now(table, state)
    table_form = TableForm(formdata=None, name=table.name, point_value=table.point_value or "")
    add_form = AddPlayerForm(formdata=None)
    if posted:
        table_form.name.data = _typed(posted, "name", table_form.name.data)
        table_form.point_value.data = _typed(posted, "point_value", table_form.point_value.data)
        add_form.add_name.data = _typed(posted, "add_name", "")
    return render_template(
        "changes/edit.html",
        table=table,
        game=game,
        state=state,
        players=[
            {"pos": i, "name": n, "away": i in state.away, "total": state.totals[i]}
            for i, n in enumerate(names)
        ],
        settings=[(o, game.setting(spec, o.key)) for o in game.setting_options],
        table_form=table_form,
        add_form=add_form,
        action_form=ActionForm(),
        between_games=not game.multi_game or state.game_round == 1,
        errors=errors or {},
        posted=posted or {},
        seats=(posted or {}).get("seats") or names,
        # The rematch's seats: the players still seated, in their order or as moved.
        rematch_seats=(posted or {}).get("rematch_seats")
        or [n for i, n in enumerate(names) if i not in state.away],
        dealer=(posted or {}).get("dealer") or table.players[table.first_dealer],
        club=club_reading.club_of(table),
        all_clear=not any(state.totals) and not state.pot and not state.house,
    ), status


def _typed(posted: JSONObject, key: str, default: str | None) -> str | None:
    """What was typed into a text field of the edit page (the form reads text only)."""
    value = posted.get(key, default)
    return value if isinstance(value, str) else default


@bp.route("/draw", methods=["GET", "POST"])
def draw(token: str) -> ResponseReturnValue:
    """The first-dealer draw for this table's players (a table with no entry yet: after
    that, the draw on its own); its result is applied through the table's seats."""
    table = get_table_or_404(token)
    if table.round_count:
        return redirect(url_for("check.draw", game_id=table.game, n=len(table.players)))
    return draw_page(GAMES[table.game], table)


@bp.get("/edit")
def edit(token: str) -> ResponseReturnValue:
    """Show the ways the table can change: names, point value, settings, players, rematch."""
    return _edit_page(get_table_or_404(token))


Posted = tuple[JSONObject, JSONObject]
"""A PATCH body (API.md) and what was typed, for the edit page to show again."""


def _as_shown(form: MultiDict[str, str], key: str, typed: str) -> bool:
    """Whether the field ``key`` was left as the page showed it (``was_<key>``, the table's
    value then): another phone may have changed it since, and a form posted whole must not
    put the old value back. A form without ``was_`` (the API's, a hand-made one) changes all."""
    was = form.get(f"was_{key}")
    return was is not None and typed == was


def _table_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    name, point_value = form.get("name", ""), form.get("point_value", "")
    value = point_value.strip() or None
    body: JSONObject = {"name": name, "point_value": value}
    for key, typed in (("name", name), ("point_value", point_value)):
        if _as_shown(form, key, typed):
            del body[key]
    return body, {"name": name, "point_value": point_value}


def _settings_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    settings: JSONObject = {}
    for o in game.setting_options:
        if o.kind == "bool":
            settings[o.key] = bool(form.get(o.key))
        elif o.kind == "int":
            number = form_int(form, o.key)
            if number is not None:
                settings[o.key] = number
        elif form.get(o.key) is not None:
            settings[o.key] = form.get(o.key)
    posted = {f"settings.{k}": v for k, v in settings.items()}
    for key in [k for k in settings if _as_shown(form, k, form.get(k) or "")]:
        del settings[key]
    return {"settings": settings}, posted


def _rename_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    rename: JSONObject = {}
    for i, name in enumerate(names):
        typed = form.get(f"p{i}")
        if typed is not None and typed != name and not _as_shown(form, f"p{i}", typed):
            rename[name] = typed
    return {"rename": rename}, {f"p{i}": form.get(f"p{i}") for i in range(len(names))}


def _add_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    typed = form.get("add_name", "")
    return {"add": [typed]}, {"add_name": typed}


def _seats_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    seats = form.getlist("seat")
    dealer = form.get("dealer", "")
    seat_body: JSONObject = {"seats": list[JSONValue](seats)}
    if dealer in seats and game.has_dealer:
        seat_body["first_dealer"] = seats.index(dealer)
    return seat_body, {"seats": list[JSONValue](seats), "dealer": dealer}


def _remove_part(form: MultiDict[str, str], game: Game, names: list[str]) -> Posted:
    pos = form_int(form, "player")
    who = names[pos] if isinstance(pos, int) and 0 <= pos < len(names) else ""
    return {"remove": [who]}, {}


_PARTS: dict[str, Callable[[MultiDict[str, str], Game, list[str]], Posted]] = {
    "table": _table_part,
    "settings": _settings_part,
    "rename": _rename_part,
    "add": _add_part,
    "seats": _seats_part,
    "remove": _remove_part,
}
"""How each part of the edit page (the form's ``what``) reads its form."""


def _patch_from_form(table: Table, what: str) -> Posted:
    """The PATCH body (API.md) a posted part of the edit page asks for, and what was typed."""
    state = reading.state_of(table)
    names = reading.players_now(table, state)
    part = _PARTS.get(what)
    return part(request.form, GAMES[table.game], names) if part else ({}, {})


def _players_moved(table: Table) -> Msg | None:
    """Why a rename, a leave or the seats posted from this page would reach other players
    than the ones it showed (a rename and a leave are by seat: ``was_p<i>``, ``was_player``,
    the names shown; the seats by name), when another phone renamed or reseated the players
    since; None when they are as shown. A name left as shown is no rename: its seat may
    have changed hands meanwhile."""
    names = reading.players_now(table)
    form = request.form
    shown: dict[int, str | None] = {}
    for i in range(len(names) + 1):
        if not _as_shown(form, f"p{i}", form.get(f"p{i}", "")):
            shown[i] = form.get(f"was_p{i}")
    pos = form_int(form, "player")
    if isinstance(pos, int) and "was_player" in form:
        shown[pos] = form.get("was_player")
    seats = form.getlist("seat") if form.get("what") == "seats" else []
    same = all(name is None or (i < len(names) and names[i] == name) for i, name in shown.items())
    if same and all(seat in names for seat in seats):
        return None
    return N_(
        "The players at this table changed after this page was opened (now %(who)s): "
        "nothing was saved; open the form again",
        who=", ".join(names),
    )


def _renames_at_fields(
    table: Table, errors: dict[str, list[str]], what: str
) -> dict[str, list[str]]:
    """A refused rename's mistakes beside the fields of the names (``rename.Aki`` at ``p0``)."""
    if what != "rename":
        return errors
    index = {n: i for i, n in enumerate(reading.players_now(table))}
    return {
        (f"p{index[k[7:]]}" if k.startswith("rename.") and k[7:] in index else k): v
        for k, v in errors.items()
    }


def _left_as_shown(what: str, body: JSONObject) -> bool:
    """Whether a part of the edit page was posted with every field as the page showed it."""
    if what == "table":
        return not body
    return what == "settings" and not body.get("settings")


def _field_of(path: str) -> str:
    """Where the edit page shows an error of a PATCH field (``add.0`` beside the add form)."""
    head = path.split(".", 1)[0]
    return head if head in ("add", "remove", "seats") else path


def _not_to_write(
    table: Table, what: str, body: JSONObject, posted: JSONObject
) -> ResponseReturnValue | None:
    """The answer to a part of the edit page that writes nothing: its players moved since
    the page showed them, a seat moved without script, a form left as shown, or nothing
    chosen; None when ``body`` is to be written."""
    moved_since = _players_moved(table) if what in ("rename", "remove", "seats") else None
    if moved_since is not None:  # drawn again for the players as they are: nothing typed
        return _edit_page(table, {"": [moved_since]}, {}, 409)  # kept by seat would move
    move = request.form.get("move")
    if what == "seats" and move is not None:  # a seat moved without script: the page again
        seats = [str(n) for n in request.form.getlist("seat")]
        return _edit_page(table, posted={**posted, "seats": list[JSONValue](moved(seats, move))})
    if _left_as_shown(what, body):
        flash(tr(N_("Nothing changed.")))
        return redirect(url_for("tables.show", token=table.token))
    if not body:
        return _edit_page(table, {"": [N_("Choose what to change.")]}, status=422)
    return None


@bp.post("/edit")
@limits.writes
def change(token: str) -> ResponseReturnValue:
    """Apply one part of the edit page (a PATCH of the API, on the same service)."""
    table = get_table_or_404(token, lock=True)
    form = ActionForm()
    what = request.form.get("what", "")
    if not form.validate_on_submit():
        return _edit_page(table, {"": [EXPIRED]}, status=400)
    if what == "rematch":
        return _rematch(table)
    if what == "club":
        return _join_club(table)
    body, posted = _patch_from_form(table, what)
    unwritten = _not_to_write(table, what, body, posted)
    if unwritten is not None:
        return unwritten
    try:
        entry = service.edit_table(table, body)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        errors = _renames_at_fields(table, errors_by_field(exc.violations), what)
        return _edit_page(table, {_field_of(k): v for k, v in errors.items()}, posted, 422)
    except (service.Conflict, service.Collided) as exc:
        service.rollback()
        message = reason(exc) if isinstance(exc, service.Conflict) else COLLIDED
        return _edit_page(table, {"": [message]}, posted, 409)
    if entry is None:
        flash(tr(N_("Nothing changed.")))
    else:
        done = N_("Done: %(what)s.", what=reading.summary_of(entry))
        flash(tr(done), f"undo:{table.version}")
    return redirect(url_for("tables.show", token=table.token))


def _join_club(table: Table) -> ResponseReturnValue:
    """The table joins the club whose link (or id) was typed: its players become members."""
    typed = request.form.get("club", "")
    try:
        club = club_service.club_for_table(typed)
        club_service.join(table, club)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        return _edit_page(table, errors_by_field(exc.violations), {"club": typed}, 422)
    except (service.Conflict, service.Collided) as exc:
        service.rollback()
        message = reason(exc) if isinstance(exc, service.Conflict) else COLLIDED
        return _edit_page(table, {"": [message]}, {"club": typed}, 409)
    flash(tr(N_("This table plays in the club “%(name)s” now.", name=club.name)))
    return redirect(url_for("tables.show", token=table.token))


def _rematch(old: Table) -> ResponseReturnValue:
    carry = request.form.get("carry") == "yes"
    seats = [str(n) for n in request.form.getlist("seat")]
    move = request.form.get("move")
    if move is not None:  # a seat moved without script: the page again, nothing started
        return _edit_page(old, posted={"rematch_seats": list[JSONValue](moved(seats, move))})
    already = continued_since_shown(old)
    if already is not None:
        flash(tr(CONTINUED_ALREADY))
        return redirect(url_for("tables.show", token=already))
    try:
        table = service.rematch(old, carry=carry, seats=seats or None)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        # Said beside the rematch, with its seats and choice kept (not under the seats
        # of the table, nor with the carry reset to a rematch from zero).
        said = {"rematch": [m for ms in errors_by_field(exc.violations).values() for m in ms]}
        state = reading.state_of(old)
        now = [n for i, n in enumerate(reading.players_now(old, state)) if i not in state.away]
        kept = [n for n in seats if n in now] + [n for n in now if n not in seats]
        posted: JSONObject = {"rematch_seats": list[JSONValue](kept), "carry": carry}
        return _edit_page(old, said, posted, status=422)
    remember(table)
    if carry:
        words = N_(
            "Rematch: “%(name)s” starts here with the running totals carried over; the old "
            "table stays as it was.",
            name=table.name,
        )
    else:
        words = N_(
            "Rematch: “%(name)s” starts here with every total at zero; the old table stays as "
            "it was.",
            name=table.name,
        )
    flash(tr(words))
    return redirect(url_for("tables.show", token=table.token))


@bp.get("/settle")
def settle(token: str) -> ResponseReturnValue:
    """Show who pays whom to clear every running total, exactly and in whole coins."""
    table = get_table_or_404(token)
    return _settle_page(table)


def _settle_page(table: Table, error: str | None = None, status: int = 200) -> ResponseReturnValue:
    """The settle-up page (its error, when there is one, in the page's language)."""
    state = reading.state_of(table)
    plan = reading.settle_plan(table)
    return render_template(
        "changes/settle.html",
        table=table,
        game=GAMES[table.game],
        plan=plan,
        coins_repeat=_coins_repeat(plan),
        state=state,
        all_clear=not any(state.totals) and not state.pot and not state.house,
        action_form=ActionForm(),
        error=error,
    ), status


def _coins_repeat(plan: reading.SettlePlan) -> bool:
    """Whether the whole coins would only say the exact payments again: no point value (a
    coin is a point) and every balance whole."""
    exact = [(p["from"], p["to"], p["points"]) for p in plan["payments"]]
    coins = [(c["from"], c["to"], c["money"]) for c in plan["coins"]]
    return plan["point_value"] is None and exact == coins


@bp.post("/settle")
@limits.writes
def record_settle(token: str) -> ResponseReturnValue:
    """Record the settle-up shown: the running totals start again from zero."""
    table = get_table_or_404(token, lock=True)
    form = ActionForm()
    if not form.validate_on_submit():
        return _settle_page(table, EXPIRED, 400)
    version = form_int(request.form, "version")
    try:
        service.record_settle(table, version if isinstance(version, int) else -1)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        return _settle_page(table, sentences(exc.violations), 422)
    except (service.Conflict, service.Collided) as exc:
        service.rollback()
        message = reason(exc) if isinstance(exc, service.Conflict) else COLLIDED
        return _settle_page(table, message, 409)
    flash(tr(N_("Settled up: the running totals start again from zero.")), f"undo:{table.version}")
    return redirect(url_for("tables.show", token=table.token))
