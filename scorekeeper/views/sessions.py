"""Home, tables (standings, chart, history), end of game, export and import."""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NotRequired, TypedDict

import segno
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
from markupsafe import Markup

from scorekeeper import limits
from scorekeeper.bodies import BadJSON, load_object
from scorekeeper.caches import BoundedCache, no_cycle_collection
from scorekeeper.charts import Chart, Style, XLabel, running_chart, seat_style, x_labels
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import csv_amount, parse_amount
from scorekeeper.forms import ActionForm, ImportForm, NewTableForm, new_table_form
from scorekeeper.games import GAMES, Game
from scorekeeper.games.form_input import FormData, form_int
from scorekeeper.i18n import display_amount, locale_code, note_text
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import Table, db
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.state import State
from scorekeeper.tables import changes, service, store
from scorekeeper.tables.checks import check_table
from scorekeeper.tables.questions import undo_question
from scorekeeper.views import (
    allow_an_export,
    errors_by_field,
    get_table_or_404,
    not_found,
    sentences,
)
from scorekeeper.views.links import attachment, table_link
from scorekeeper.views.seating import moved, seat_order

bp = Blueprint("sessions", __name__)

EXPIRED = N_("This page had expired; reload it and try again.")

NAMED_FIGURE = re.compile(r"totals\.\d+|rounds\.\d+\.deltas\.\d+")
"""The fields of an import whose message names the player (``check_exported_totals``)."""

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


def recent_tables() -> list[dict[str, str]]:
    """The tables this browser opened, most recent first, each once (by its id), whatever
    an older cookie kept."""
    seen: set[str] = set()
    out = []
    for r in session.get("recent", []):
        if isinstance(r, dict) and r.get("token") and r["token"] not in seen:
            seen.add(r["token"])
            out.append(r)
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
    if form.game.data in GAMES:
        # The table's own checks run on whatever the form could read, so that every mistake
        # is said at once (not the next one after another tap).
        body = form.to_body()
        try:
            new = check_table(body)
        except InvalidInput as exc:
            for field, messages in errors_by_field(_on_the_page(exc.violations, body)).items():
                # A house rule or setting (``settings.stake``) is said beside its field.
                group, _, key = field.partition(".")
                if group in ("rules", "settings") and key in shown:
                    field = key
                if field not in errors:
                    errors[field] = list(messages)
        else:
            if not errors:  # the form's own checks passed (``errors`` holds what they said)
                table = service.open_table(new)
                db.session.commit()
                remember(table)
                flash(
                    tr(
                        N_(
                            "Table “%(name)s” is ready. Share its link to follow it on other "
                            "phones.",
                            name=table.name,
                        )
                    )
                )
                return redirect(url_for(".show", token=table.token))
    db.session.rollback()
    return _home(form, errors, seats), 422


def _on_the_page(violations: Sequence[Violation], body: Mapping[str, Any]) -> list[Violation]:
    """The table's check as the home page says it: its first dealer counted from 1, as the
    page asks for it (the API's message counts from 0), and only among players that can play
    (a wrong number of players is said beside the players)."""
    game = GAMES[body["game"]]
    n = len(body["players"])
    out = []
    for v in violations:
        if v.field == "first_dealer":
            if not game.min_players <= n <= game.max_players:
                continue
            message = (
                N_("There are 2 players: the first dealer is 1 or 2")
                if n == 2
                else N_("There are %(n)s players: the first dealer is 1 to %(n)s", n=n)
            )
            v = Violation(v.field, message)
        out.append(v)
    return out


@bp.get("/t/<token>")
def show(token: str) -> str:
    """Show a table: standings, chart, whose deal, progress and history."""
    table = get_table_or_404(token)
    remember(table)
    state = store.state_of(table)
    value = changes.point_value(table)
    standings = table_standings(table, state)
    history_html, last_game_no = history_fragment(table)
    chart, steps = _chart_and_steps(table)
    link = table_link(table)
    qr = qr_svg(link)
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
        chart_titles=chart_titles(GAMES[table.game], [line.name for line in chart.lines], steps)
        if chart
        else [],
        settled_at=[chart.xs[k] for k, step in enumerate(steps) if step.kind == "settle"]
        if chart
        else [],
        chart_x_labels=chart_x_labels(GAMES[table.game], chart, steps) if chart else [],
        money=lambda amount: amount * value if value is not None else None,
        link=link,
        qr=qr,
        progress=GAMES[table.game].progress(
            changes.current_spec(table, state), state, table.rounds_played
        ),
        dealer=table.players[state.dealer],
        action_form=ActionForm(),
        last_game=last_game,
        shown=HISTORY_SHOWN,
        draw_names={f"name{i}": table.players[i] for i in state.seated},
        players=changes.players_now(table, state),
        all_clear=not any(state.totals) and not state.pot and not state.house,
        max_rounds=service.MAX_ROUNDS,
    )


class Standing(TypedDict):
    """A player's line of the standings on the table's page."""

    seat: int
    name: str
    total: Fraction
    money: Fraction | None
    """Their total at the table's point value, when it has one."""
    seated: bool
    away: bool
    style: Style
    rank: NotRequired[int]
    """Given by ``ranked``; equal totals share one."""
    leader: NotRequired[bool]


def table_standings(table: Table, state: State) -> list[Standing]:
    """The table's players by total, ranked, with their money at its point value."""
    value = changes.point_value(table)
    return ranked(
        [
            {
                "seat": i,
                "name": n,
                "total": t,
                "money": t * value if value is not None else None,
                "seated": i in state.seated,
                "away": i in state.away,
                "style": seat_style(i),
            }
            for i, (n, t) in enumerate(
                zip(changes.players_now(table, state), state.totals, strict=True)
            )
        ],
        table.rounds_played > 0,
    )


def ranked(rows: list[Standing], started: bool) -> list[Standing]:
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


_HISTORIES: BoundedCache[tuple[Any, ...], tuple[Markup, int | None]] = BoundedCache(512)


def history_fragment(table: Table) -> tuple[Markup, int | None]:
    """The table page's latest rounds as HTML, and the game of the newest: rendered again only
    when the table has changed (any write moves its journal version), per language.

    The table page is what every phone at the table keeps open and reloads; its list of
    rounds is the most of its rendering, and the same for everybody until the next write.
    """
    key = (table.token, table.version, tuple(table.players), locale_code(), request.script_root)
    cached = _HISTORIES.get(key)
    if cached is None:
        history = store.history(table, HISTORY_SHOWN)
        versions = store.versions_by_round(table, [r.id for r in history if r.version > 1])
        html = Markup(
            render_template(
                "sessions/_history.html", table=table, history=history, versions=versions
            )
            if history
            else ""
        )
        cached = _HISTORIES[key] = html, history[0].game_no if history else None
    return cached


_CHARTS: BoundedCache[int, tuple[tuple[Any, ...], Chart | None, list[store.ChartStep]]] = (
    BoundedCache(512)
)


def table_chart(table: Table) -> Chart | None:
    """The running-totals chart, drawn again only when the table has changed."""
    return _chart_and_steps(table)[0]


def _chart_and_steps(table: Table) -> tuple[Chart | None, list[store.ChartStep]]:
    version = (table.token, table.updated_at, table.round_count, table.rounds_played, table.players)
    cached = _CHARTS.get(table.id)
    if cached is None or cached[0] != version:
        names = changes.players_now(table)
        steps = [
            store.ChartStep(s.kind, s.number, changes.padded_amounts(s.totals, len(names)))
            for s in store.chart_steps(table)
        ]
        chart = running_chart(names, [s.totals for s in steps], table.rounds_played)
        cached = (version, chart, steps)
        _CHARTS[table.id] = cached
    return cached[1], cached[2]


def chart_x_labels(game: Game, chart: Chart, steps: Sequence[store.ChartStep]) -> list[XLabel]:
    """The x axis: "0" under the start and the last round's name under that round's point. A
    game end or settle-up after it is a point of its own with no label (a settle-up has its
    dotted upright line), so the round's name never sits under it."""
    last = max((k for k, s in enumerate(steps) if s.kind == "round" and s.number), default=0)
    marks = [(0, "0")]
    if last:
        number = steps[last].number
        assert number is not None  # the max above takes only numbered rounds
        marks.append((last, str(tr(game.numbered(number)))))
    return x_labels(chart, marks)


def chart_titles(game: Game, names: Sequence[str], steps: Sequence[store.ChartStep]) -> list[str]:
    """What each point of the chart says (its SVG ``<title>``), in the page's language: the
    step, then every player's exact total ("After round 3: Aki +85, Ben -85")."""
    out = []
    for step in steps:
        totals = totals_text(names, step.totals)
        if step.kind == "round" and step.number is not None:
            words = N_(
                "After %(what)s: %(totals)s", what=tr(game.numbered(step.number)), totals=totals
            )
        elif step.kind == "end":
            words = N_("End of game %(n)s: %(totals)s", n=step.number or 1, totals=totals)
        elif step.kind == "settle":
            words = N_("Settled up: %(totals)s", totals=totals)
        elif step.kind == "change":
            words = N_("After a change of the table: %(totals)s", totals=totals)
        else:
            words = N_("At the start: %(totals)s", totals=totals)
        out.append(tr(words))
    return out


def totals_text(names: Sequence[str], totals: Sequence[Fraction]) -> str:
    """Each name with its exact signed total, in the page's language ("Aki +85, Ben -85"); a
    chart point's title says this after the step it names. A nameless line (``""``) shows
    its total alone."""
    comma = tr(N_(", "))
    return str(
        comma.join(
            f"{name} {display_amount(total, True)}".strip()
            for name, total in zip(names, totals, strict=False)
        )
    )


@functools.lru_cache(maxsize=256)
def qr_svg(link: str) -> str:
    """The table link as a QR code, drawn as inline SVG (the same link always draws the same).

    Drawn without a fixed size (a viewBox of its modules, the 4-module quiet zone included):
    the stylesheet makes it as large as the phone allows, to be scanned across a table.
    """
    code = segno.make(link, error="m")
    return str(
        code.svg_inline(
            omitsize=True,
            dark="#111",
            light="#fff",
            svgclass="qr-code",
            title="QR code of the table's link",
        )
    )


class GameSummary(TypedDict):
    """One game's result, for the table's page after the game ends."""

    game_no: int
    rounds: int
    results: list[tuple[str, Fraction]]
    pot_note: str | None


def game_summary(table: Table, game_no: int) -> GameSummary:
    """Each player's result over one game, from its rounds."""
    rounds = store.history(table, game_no=game_no)
    names = changes.players_now(table)
    sums = [Fraction(0)] * len(names)
    for r in rounds:
        deltas = changes.padded(r.deltas, len(names))
        sums = [s + read_stored_amount(d) for s, d in zip(sums, deltas, strict=True)]
    pot_note = None
    ends = [r for r in rounds if r.kind == EntryKind.END]
    if ends:
        end = store.get_entry(table, ends[0].number)
        notes = _objects(store.result_of(table, end).get("notes"))
        pot_note = note_text(notes[0]) if notes else None
    return {
        "game_no": game_no,
        "rounds": sum(1 for r in rounds if r.kind == EntryKind.ROUND),
        "results": list(zip(names, sums, strict=True)),
        "pot_note": pot_note,
    }


@bp.get("/t/<token>/history")
def history(token: str) -> str:
    """Show every round of a table, newest first, the deleted ones, and the journal."""
    table = get_table_or_404(token)
    rounds = store.history(table)
    versions = store.versions_by_round(table, [r.id for r in rounds if r.version > 1])
    deleted = store.deleted_rounds(table)
    return render_template(
        "sessions/history.html",
        table=table,
        history=rounds,
        versions=versions,
        deleted=deleted,
        # A deleted round by the number a restore gives it back (rounds only are numbered).
        deleted_numbers={r.id: service.named_number(table, r) for r in deleted},
        journal=store.journal(table),
        action_form=ActionForm(),
    )


@bp.get("/t/<token>/undo/<int:seq>")
def undo_confirm(token: str, seq: int) -> str:
    """Ask before undoing journal entry ``seq``: say what will change and the totals after
    (worked out by doing the undo and rolling it back); its button posts to ``undo``."""
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
            raise service.Conflict(CHANGED_SINCE)
        entry = service.undo(table, seq)
        return str(tr(N_("Done: %(summary)s.", summary=store.summary_of(entry))))

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
        db.session.commit()
        flash(message, f"undo:{table.version}")
    except LookupError:
        db.session.rollback()
        flash(tr(missing), "error")
    except service.Conflict as exc:
        db.session.rollback()
        flash(tr(reason(exc)), "error")
    except InvalidInput as exc:
        db.session.rollback()
        flash(tr(refused(why=sentences(exc.violations))), "error")
    return redirect(url_for(".show", token=token))


@bp.post("/t/<token>/continue")
@limits.creates
def continue_table(token: str) -> ResponseReturnValue:
    """A new table with the same players and rules, starting from this one's totals."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".show", token=token))
    old = get_table_or_404(token, lock=True)  # it gains a journal entry pointing here
    try:
        table = changes.rematch(old, carry=True)
        db.session.commit()
    except InvalidInput as exc:
        db.session.rollback()
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
    try:
        rnd = service.end_game(table)
        db.session.commit()
        flash(
            tr(
                N_(
                    "Game %(n)s is over; the next round starts game %(next)s.",
                    n=rnd.game_no,
                    next=rnd.game_no + 1,
                )
            )
        )
    except InvalidInput as exc:
        db.session.rollback()
        flash(tr(sentences(exc.violations)), "error")
    return redirect(url_for(".show", token=token))


def csv_safe(value: object) -> str:
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


def _objects(value: JSONValue) -> list[JSONObject]:
    """The objects of a JSON list a game wrote (a result's players or notes, a body's
    players): what the record reads of the game's own data."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _texts(value: JSONValue) -> list[str]:
    """The items of a JSON list a game wrote, as text."""
    return [str(v) for v in value] if isinstance(value, list) else []


def _entered(player: JSONObject, game: Game) -> str:
    """A round's player as entered: ``hand: pine-crane plum-ribbon; dice: 3 5``."""
    parts = []
    for key in game.record_keys or sorted(game.player_keys - {"name"}):
        value = player.get(key)
        if value is None:
            continue
        shown = " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{key}: {shown}")
    return "; ".join(parts) or "(the rest of the deck)"


def _yaku(player: JSONObject, game: Game) -> str:
    """The yaku (or hand) a result credits a player with: ``five-brights 60; triplet 20``."""
    found = []
    for key in game.yaku_keys:
        value = player.get(key)
        if isinstance(value, list):
            found += [f"{y.get('id')} {y.get('points', '')}".strip() for y in _objects(value) if y]
        elif isinstance(value, str):
            found.append(value)
    return "; ".join(found)


POT_COLUMN, HOUSE_COLUMN = "pot", "house"
"""The CSV record's columns of the pot (Tokan) and the house (Otoroku's fee)."""


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Response:
    """A table's record as CSV, one row per entry: each player's change and total, then when
    it was entered and what: the field, each player's cards or dice as entered, their yaku,
    so the sheet can be audited in a spreadsheet. The round columns are blank on the rows
    of entries that are no rounds (a game's end, a change of the table, a settle-up). A game
    with a pot or a house has their columns too, so each row's changes sum to zero (RULES 7)."""
    table = get_table_or_404(token)
    game = GAMES[table.game]
    names = list(table.players)
    parties = [p for p, has in ((POT_COLUMN, game.has_pot), (HOUSE_COLUMN, game.has_house)) if has]
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(
        ["round", "game", "round_of_game", "kind", "dealer"]
        + [csv_safe(f"{p} change") for p in names]
        + [f"{p} change" for p in parties]
        + [csv_safe(f"{p} total") for p in names]
        + [f"{p} total" for p in parties]
        + ["time (UTC)", "field", "what"]
        + [csv_safe(f"{p} entered") for p in names]
        + [csv_safe(f"{p} yaku") for p in names]
    )
    opening = store.opening_state(table)
    acc = changes.padded_amounts(list(opening.totals), len(names))
    held = {POT_COLUMN: opening.pot, HOUSE_COLUMN: opening.house}
    for r in store.rounds_from(table, 1):
        deltas = changes.padded(r.deltas, len(names))
        acc = [a + read_stored_amount(d) for a, d in zip(acc, deltas, strict=True)]
        # What the house took is the round's outcome; the pot took the rest (RULES 7).
        house = Outcome.from_json(r.outcome).house if r.outcome else Fraction(0)
        moved = {
            HOUSE_COLUMN: house,
            POT_COLUMN: -sum((read_stored_amount(d) for d in r.deltas), Fraction(0)) - house,
        }
        held = {p: held[p] + moved[p] for p in held}
        dealer = (
            table.players[r.dealer] if r.dealer is not None and r.kind == EntryKind.ROUND else ""
        )
        entered = [""] * len(names)
        yaku = [""] * len(names)
        lookup = {n.casefold(): i for i, n in enumerate(names)}
        result: JSONObject = r.result or {}
        results = {str(p.get("name", "")).casefold(): p for p in _objects(result.get("players"))}
        body: JSONObject = store.engine_body(table, r) if r.kind == EntryKind.ROUND else {}
        if r.kind == EntryKind.ROUND:
            for p in _objects(body.get("players")):
                key = str(p.get("name", "")).casefold()
                if key in lookup:
                    entered[lookup[key]] = _entered(p, game)
                    yaku[lookup[key]] = _yaku(results.get(key, {}), game)
        what = ""
        if r.kind == EntryKind.EDIT:
            what = ", ".join(_texts(result.get("changes")))
        elif r.kind == EntryKind.SETTLE:
            what = "; ".join(
                f"{p['from']} pays {p['to']} {csv_amount(str(p['points']))}"
                for p in _objects(result.get("payments"))
            )
        elif r.kind == EntryKind.END:
            what = " ".join(str(n.get("text", "")) for n in _objects(result.get("notes")))
        w.writerow(
            [
                r.round_no if r.kind == EntryKind.ROUND else "",
                r.game_no,
                r.game_round if r.kind == EntryKind.ROUND else "",
                r.kind,
                csv_safe(dealer),
            ]
            + [csv_amount(d) for d in deltas]
            + [csv_amount(moved[p]) for p in parties]
            + [csv_amount(a) for a in acc]
            + [csv_amount(held[p]) for p in parties]
            + [
                r.created_at.strftime("%Y-%m-%d %H:%M:%S"),
                " ".join(_texts(body.get("field"))) if r.kind == EntryKind.ROUND else "",
                csv_safe(what),
            ]
            + [csv_safe(e) for e in entered]
            + [csv_safe(y) for y in yaku]
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
@limits.imports
def import_table() -> ResponseReturnValue:
    """Recreate a table from an uploaded JSON export."""
    allow_an_export()
    form = ImportForm()
    if not form.validate_on_submit():
        flash(tr(EXPIRED), "error")
        return redirect(url_for(".home"))
    upload = request.files.get("file")
    try:
        with no_cycle_collection():  # a large file is half a million small objects
            table = service.import_table(load_object(upload.read() if upload else b""))
        db.session.commit()
    except BadJSON:
        flash(tr(N_("That file is not a Scorekeeper JSON export.")), "error")
        return redirect(url_for(".home"))
    except InvalidInput as exc:
        db.session.rollback()
        # A difference in a figure names its player itself ("Aki's total: ..."): the API's
        # field ("totals.0") says nothing more to a player.
        problems = [
            v.message
            if NAMED_FIGURE.fullmatch(v.field)
            else N_("%(field)s: %(message)s", field=v.field, message=v.message)
            for v in exc.violations[:3]
        ]
        flash(tr(N_("Import refused: %(problems)s", problems=problems)), "error")
        return redirect(url_for(".home"))
    remember(table)
    flash(
        tr(
            N_(
                "Imported “%(name)s” with %(n)s rounds.",
                name=table.name,
                n=table.rounds_played,
            )
        )
    )
    return redirect(url_for(".show", token=table.token))
