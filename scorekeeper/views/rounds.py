"""Entering, showing, correcting and deleting a table's rounds."""

from __future__ import annotations

import re
import secrets

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper import devices, limits, photos, teaching
from scorekeeper.forms import ActionForm, RoundForm
from scorekeeper.games import GAMES
from scorekeeper.games.form_input import FormData, form_int, round_number, with_the_rules
from scorekeeper.i18n import translate as tr
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, reason
from scorekeeper.round_data import Entry
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.state import State, spec_at
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Round, Table
from scorekeeper.views import errors_by_field, get_table_or_404, not_found, sentences
from scorekeeper.views.device import TOO_LONG, named_on_a_form, phone_name
from scorekeeper.views.stale import Stale, dealer_moved, refused_as_moved_on
from scorekeeper.views.table_figures import GameSummary, game_summary

bp = Blueprint("rounds", __name__, url_prefix="/t/<token>/rounds")
bp.before_request(lambda: photos.in_memory(request))  # a form may carry a photo (issue 33)

EXPIRED = N_(
    "This form had expired (or was opened in another browser), so nothing was saved. "
    "Your cards are kept below: tap Save again."
)
COLLIDED = N_(
    "Another phone wrote to this table at the same moment; check the table, then save again"
)
_BASED_ON = re.compile(r"([0-9]{1,12})\.([0-9]{1,9})")


class RoundPage:
    """A round's form: the next round of a table, or a correction of round ``rnd``.

    The form lists the players seated for that round (``positions``, table positions) and
    names the dealer by their place on the form: a position among the round's players, as
    in the API. Left as the table had it, the dealer is not pinned, so the ledger works it
    out again if an earlier round changes.
    """

    def __init__(self, table: Table, rnd: Round | None = None) -> None:
        self.table = table
        self.rnd = rnd
        self.game = GAMES[table.game]
        self.round_no = table.rounds_played + 1
        """The round's number as players count it (what the page and its links show)."""
        self.number = table.round_count + 1
        """Its place among the table's entries (what the ledger replays from)."""
        if rnd is not None and rnd.number is not None:
            self.round_no, self.number = rnd.round_no or 0, rnd.number
        self.state: State = (
            reading.state_of(table) if rnd is None else reading.state_before(table, self.number)
        )
        self.spec = spec_at(reading.spec_of(table), self.state)  # as the table stood then
        seats_change = self.game.seats_vary or self.game.players_may_change
        self.positions = (
            list(self.state.seated) if seats_change else list(range(len(self.state.totals)))
        )
        self.players_changed = False
        """Set by ``read`` when the posted form was made for other players than the table's."""

    def dealer(self) -> int:
        """The dealer the form shows: the one entered for this round, else the table's."""
        if self.rnd is not None and self.rnd.dealer in self.positions:
            return self.positions.index(self.rnd.dealer)
        return service.dealer_index(self.state, self.positions)

    def read(
        self, source: FormData | None = None, *, as_new: bool = False
    ) -> tuple[Entry, list[Violation]]:
        """The posted form as a round entry, and the problems found reading it.

        The dealer is pinned only when the player chose one: the form says which dealer it
        showed as the table's (``dealer_shown``), so a form opened before another phone's
        round, whose dealer the table has moved on from since, does not pin the old one.
        ``as_new``: the form was a new round's (mine replacing theirs), so a dealer pinned in
        the round it replaces does not pin the one the form showed.
        """
        problems: list[Violation] = []
        self._check_players(problems)
        form = request.form if source is None else source
        entry = self.game.entry_from_form(form, len(self.positions), problems)
        pinned = not as_new and self.rnd is not None and "dealer" in self.rnd.entry
        shown = form_int(request.form, "dealer_shown")
        left_as_shown = (
            shown if isinstance(shown, int) else service.dealer_index(self.state, self.positions)
        )
        if not pinned and entry.get("dealer") == left_as_shown:
            entry.pop("dealer")
        return entry, problems

    def _check_players(self, problems: list[Violation]) -> None:
        """A form that names its players (every game's round form does; ``p<i>_name``) must
        name those at the table now, seat by seat: one opened before a player joined, left,
        was renamed or changed seats would leave somebody out, or put one player's cards
        under another's name."""
        form = request.form
        if not any(f"p{i}_name" in form for i in range(len(self.positions))):
            return
        names = [self.table.players[pos] for pos in self.positions]
        posted = [form.get(f"p{i}_name") for i in range(len(names))]
        if posted != names or f"p{len(names)}_name" in form:
            self.players_changed = True
            problems.append(
                Violation(
                    "players",
                    N_(
                        "The players at this table changed after this page was opened (now "
                        "%(who)s): nothing was saved; open the form again",
                        who=", ".join(names),
                    ),
                )
            )

    def render(
        self,
        form: RoundForm,
        entry: Entry,
        errors: dict[str, list[str]] | None = None,
        status: int = 200,
        stale: Stale | None = None,
        photo: photos.Filled | None = None,
    ) -> ResponseReturnValue:
        dealer = self.dealer()
        chosen = entry.get("dealer")
        if isinstance(chosen, int):
            dealer = chosen
        action = (
            url_for(".new", token=self.table.token)
            if self.rnd is None
            else url_for(".edit", token=self.table.token, number=self.round_no)
        )
        names = [self.table.players[pos] for pos in self.positions]
        return render_template(
            "rounds/entry.html",
            names=names,
            table=self.table,
            spec=self.spec,
            form=form,
            entry=entry,
            number=self.round_no,
            errors=errors or {},
            summary=self.game.error_summary(errors or {}, names, entry),
            positions=self.positions,
            state=self.state,
            dealer=dealer,
            dealer_shown=service.dealer_index(self.state, self.positions),
            seat_notes=self.game.seat_notes(
                self.positions, self.positions[dealer] if 0 <= dealer < len(self.positions) else -1
            ),
            rnd=self.rnd,
            delete_form=ActionForm(),
            action=action,
            stale=stale,
            photo=photo,
            players_changed=self.players_changed,
        ), status


def _based_on(raw: str | None) -> tuple[int, int] | None:
    """The round (id, version) a correction's form was opened on; None if it names none."""
    m = _BASED_ON.fullmatch((raw or "").strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _reads_a_photo() -> bool:
    """Whether this request is the round form's "Read the photo" without script: it shows
    the form again, nothing saved, so it takes no write lock (``service.showing``)."""
    return request.method == "POST" and photos.READ in request.form


def _save(page: RoundPage) -> ResponseReturnValue:
    """Read, check and store a posted round form (a new round or a correction)."""
    form = RoundForm()
    if photos.READ in request.form:
        return _read_photo(page, form)
    entry, problems = page.read()
    if not form.validate_on_submit():
        return page.render(form, entry, {"": [EXPIRED]}, 400)
    moved_on = refused_as_moved_on(page, form, entry, problems)
    if moved_on is not None:
        return moved_on
    try:
        named_on_a_form(request.form.get("device"))  # asked on a phone's first write
        bad_name: dict[str, list[str]] = {}
    except ValueError:
        bad_name = {"device": [tr(TOO_LONG(max=devices.MAX_LENGTH))]}
    if problems or bad_name:
        # The rules' mistakes in the rest of the form too: every one is said at once.
        def check() -> None:
            service.check_round(page.table, page.state, entry)

        errors = errors_by_field(with_the_rules(problems, check)) if problems else {}
        return page.render(form, entry, {**errors, **bad_name}, 422)
    table = page.table
    expected = round_number(form.expected_number.data) if page.rnd is None else None
    try:
        rnd, created = service.save_round(
            table,
            entry,
            correcting=None if page.rnd is None else page.round_no,
            submission_id=form.submission_id.data or None,
            expected_number=expected,
            based_on=_based_on(form.based_on.data),
            played_at=(form.played_at.data or None) if page.rnd is None else None,
        )
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        errors = errors_by_field(exc.violations)
        if "played_at" in errors:
            form.played_at.data = ""  # saved again, it is a round played now
        return page.render(form, entry, errors, 422)
    except (service.Conflict, service.Collided) as exc:
        service.rollback()
        return _refused(page, form, entry, expected, exc)
    _say_saved(page, rnd, created, entry)
    return redirect(url_for(".show", token=table.token, number=rnd.round_no))


def _say_saved(page: RoundPage, rnd: Round, created: bool, entry: Entry) -> None:
    """The notice over the round's page: a correction recomputed the later rounds (when there
    are any); a double tap saved nothing twice, and a form sent again after a change (its
    ``entry`` not the round's) did not save the change. A new round says nothing."""
    if page.rnd is not None and page.number >= page.table.round_count:
        said = N_("%(what)s corrected.", what=page.game.numbered(page.round_no))
    elif page.rnd is not None:
        said = N_(
            "%(what)s corrected; later %(nouns)s were recomputed.",
            what=page.game.numbered(page.round_no),
            nouns=page.game.nouns,
        )
    elif not created and not service.reads_as(page.table, entry, rnd):
        # The same form sent again after a change (the Back button): the first stays.
        said = N_(
            "%(what)s was already saved from this form as first entered; what was changed "
            "since was not saved: correct the round to change it.",
            what=page.game.numbered(rnd.round_no or 0),
        )
    elif not created:
        said = N_(
            "%(what)s was already saved (the button was tapped twice).",
            what=page.game.numbered(rnd.round_no or 0),
        )
    else:
        return
    flash(tr(said.capitalized()))


def _read_photo(page: RoundPage, form: RoundForm) -> ResponseReturnValue:
    """The form again with the cards a photo shows added to the pile or hand chosen (the
    form's "Read the photo", without script): nothing is saved; the player checks and saves."""
    with limits.recognising():
        source, filled = photos.read_into_form(
            request.form,
            photos.targets(len(page.positions)),
            page.game.deck,
            teaching.faces_for_table(page.table),  # the table's taught deck, if any
        )
    entry, _ = page.read(source)
    if filled.error is not None:
        errors = {photos.FIELD: [tr(filled.error)]}
        return page.render(form, entry, errors, photos.refused(filled), photo=filled)
    return page.render(form, entry, photo=filled)


def _refused(
    page: RoundPage,
    form: RoundForm,
    entry: Entry,
    expected: int | None,
    exc: Exception,
) -> ResponseReturnValue:
    """A write refused because another phone got there first: nothing of the player's is
    stored; show what is stored now beside their entry and let them choose."""
    table = page.table
    message = reason(exc) if isinstance(exc, service.Conflict) else COLLIDED
    overtaken = isinstance(exc, service.Overtaken | service.Collided)
    number = expected if page.rnd is None else page.round_no
    theirs = None
    if overtaken and number is not None and number <= table.rounds_played:
        theirs = reading.get_round(table, number)
    if page.rnd is None:
        page = RoundPage(table)  # the form now enters the next free number
        form.expected_number.data = str(page.round_no)
    elif theirs is not None and theirs.kind == EntryKind.ROUND:
        page = RoundPage(table, theirs)  # saving over it is based on what is stored now
        form.based_on.data = f"{theirs.id}.{theirs.version}"
    if theirs is None or theirs.kind != EntryKind.ROUND:
        return page.render(form, entry, {"": [message]}, 409)
    same = service.reads_as(table, entry, theirs)
    if same and page.rnd is not None:
        # The round already reads as this correction (a double tap, or the same fix made on
        # two phones): nothing to choose.
        assert theirs.round_no is not None
        flash(
            tr(
                N_(
                    "%(what)s already reads as you corrected it.",
                    what=page.game.numbered(theirs.round_no),
                ).capitalized()
            )
        )
        return redirect(url_for(".show", token=table.token, number=theirs.round_no))
    kind = "new" if page.rnd is None else "edit"
    mine = service.preview_round(page.table, page.state, entry).result
    moved = dealer_moved(table, page.state, theirs, entry, mine) if page.rnd is None else None
    stale = Stale(kind, theirs, same, mine, moved)
    return page.render(form, entry, {}, 409, stale)


@bp.route("/new", methods=["GET", "POST"])
@limits.writes
def new(token: str) -> ResponseReturnValue:
    """Enter the next round."""
    if _reads_a_photo():
        with service.showing():
            return _save(RoundPage(get_table_or_404(token)))
    page = RoundPage(get_table_or_404(token, lock=request.method == "POST"))
    if request.method == "POST":
        return _save(page)
    form = RoundForm()
    form.submission_id.data = secrets.token_urlsafe(16)
    form.expected_number.data = str(page.round_no)
    form.seen.data = str(page.table.version)
    return page.render(form, Entry({}))


def _posted_correction(table: Table, number: int) -> service.Replay | None:
    """What saving the posted correction replays (read only, for ``service.open_for``)."""
    rnd = _opened_on(table, number)
    if rnd.round_no is None or rnd.kind != EntryKind.ROUND:
        return None
    entry, problems = RoundPage(table, rnd).read()
    return None if problems else service.correcting(rnd.round_no, entry)(table)


def _opened_on(table: Table, number: int) -> Round:
    """The round a posted correction was opened on (its form says which), wherever it is
    now: another phone may have deleted it, or deleted an earlier round so that it moved up.
    A form that says none corrects the round at ``number``."""
    based_on = _based_on(request.form.get("based_on"))
    try:
        rnd = None if based_on is None else reading.round_by_id(table, based_on[0])
    except LookupError:  # an id past any the database holds (a tampered form): none
        rnd = None
    if rnd is not None and rnd.kind == EntryKind.ROUND:
        return rnd
    return _round_or_404(table, number)


def _round_or_404(table: Table, number: int) -> Round:
    try:
        return reading.get_round(table, number)
    except LookupError:
        not_found(N_("This table has no round %(n)s.", n=number))


def _game_end(table: Table, rnd: Round) -> GameSummary | None:
    """The game this round (or this end of a game) ended, with each player's result over it;
    None when the game goes on. What the game decided when the round was stored
    (``Game.ends_game``, kept in the state after the round) is read back, not decided again."""
    if rnd.kind not in (EntryKind.ROUND, EntryKind.END) or not (rnd.after or {}).get("game_over"):
        return None
    return game_summary(table, rnd.game_no)


@bp.get("/<int:number>")
def show(token: str, number: int) -> ResponseReturnValue:
    """Show one round's result: yaku, card points, payments and why."""
    table = get_table_or_404(token)
    rnd = _round_or_404(table, number)
    return render_template(
        "rounds/show.html",
        table=table,
        rnd=rnd,
        versions=reading.versions_by_round(table, [rnd.id]).get(rnd.id, []),
        now=reading.state_of(table),
        action_form=ActionForm(),
        is_last=rnd.number == table.round_count,
        game_end=_game_end(table, rnd),
    )


@bp.get("/entry/<int:number>")
def entry(token: str, number: int) -> ResponseReturnValue:
    """Show an entry that is no round (a game's end, a change of the table, a settle-up) by
    its place among the table's entries: rounds have their own numbered pages (``show``)."""
    table = get_table_or_404(token)
    try:
        rnd = reading.get_entry(table, number)
    except LookupError:
        not_found(N_("This table has no entry %(n)s.", n=number))
    if rnd.round_no is not None:
        return redirect(url_for(".show", token=token, number=rnd.round_no))
    return render_template(
        "rounds/show.html",
        table=table,
        rnd=rnd,
        versions=[],
        now=reading.state_of(table),
        action_form=ActionForm(),
        is_last=number == table.round_count,
        game_end=_game_end(table, rnd),
    )


@bp.post("/entry/<int:number>/delete")
@limits.writes
def delete_entry(token: str, number: int) -> ResponseReturnValue:
    """Delete an entry that is no round (a game's end, from its page); later entries move up
    and are recomputed. It can be restored."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(N_("This page had expired; reload it and try again.")), "error")
        return redirect(url_for("tables.show", token=token))
    table = service.open_for(token, service.deleting_entry(number), get_table_or_404)
    try:
        rnd = service.delete_entry(table, number, _seen())
        what = service.named(table, rnd)
        service.commit()
        flash(tr(N_("%(what)s deleted.", what=what).capitalized()), f"undo:{table.version}")
    except LookupError:
        service.rollback()
        not_found(N_("This table has no entry %(n)s.", n=number))
    except InvalidInput as exc:
        service.rollback()
        flash(tr(N_("Cannot delete: %(why)s", why=sentences(exc.violations))), "error")
    except service.Conflict as exc:  # says itself what was (not) deleted
        service.rollback()
        flash(tr(reason(exc)), "error")
    return redirect(url_for("tables.show", token=token))


@bp.post("/new/preview")
@limits.previews
def new_preview(token: str) -> ResponseReturnValue:
    """What Save would say of the next round's form as it stands, for the form's bar (issue
    39): each player's line and the refusals, as JSON. Nothing is stored, and it waits for no
    write lock (``service.showing``)."""
    with service.showing():
        return _preview(RoundPage(get_table_or_404(token)))


@bp.post("/<int:number>/edit/preview")
@limits.previews
def edit_preview(token: str, number: int) -> ResponseReturnValue:
    """The same for a correction's form (of the round it was opened on)."""
    with service.showing():
        table = get_table_or_404(token)
        rnd = _opened_on(table, number)
        if rnd.number is None or rnd.kind != EntryKind.ROUND:
            not_found(N_("This table has no round %(n)s.", n=number))
        return _preview(RoundPage(table, rnd))


def _preview(page: RoundPage) -> ResponseReturnValue:
    """The posted form read and scored as Save reads and scores it, storing nothing: each
    player's line as the result will word it, and what Save would refuse, in its words and
    the order of the summary it would show (``now``: the bar says it at once)."""
    form = RoundForm()
    if not form.validate_on_submit():
        return {"error": tr(EXPIRED)}, 400
    entry, problems = page.read()
    seen = service.preview_round(page.table, page.state, entry)
    if page.players_changed:
        said = [v for v in problems if v.field == "players"]
    else:
        said = with_the_rules(problems, lambda: _refuse(seen.refused)) + _bad_name()
    names = [page.table.players[pos] for pos in page.positions]
    game = page.game
    at_once = {v.message for v in said if game.bar_at_once(v.message)}
    items = game.error_summary(errors_by_field(said), names, entry)
    lines = []
    if seen.body is not None and not page.players_changed:
        lines = game.bar_lines(seen.body, seen.result)
    return {
        "ok": not items,
        "lines": [None if ln is None else " · ".join(tr(part) for part in ln) for ln in lines],
        "mistakes": [
            {
                "at": e.anchor,
                "where": tr(e.where),
                "text": tr(e.message),
                "now": e.message in at_once,
            }
            for e in items
        ],
    }


def _refuse(refused: tuple[Violation, ...]) -> None:
    if refused:
        raise InvalidInput(list(refused))


def _bad_name() -> list[Violation]:
    """The phone's name typed on the form, refused as Save would refuse it."""
    typed = (request.form.get("device") or "").strip()
    if not typed or phone_name() is not None:
        return []
    try:
        devices.clean(typed)
    except ValueError:
        return [Violation("device", TOO_LONG(max=devices.MAX_LENGTH))]
    return []


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@limits.writes
def edit(token: str, number: int) -> ResponseReturnValue:
    """Correct a past round; every later round is recomputed."""
    if _reads_a_photo():
        with service.showing():
            return _correction(token, number, get_table_or_404(token))
    if request.method == "POST":
        table = service.open_for(token, lambda t: _posted_correction(t, number), get_table_or_404)
    else:
        table = get_table_or_404(token)
    return _correction(token, number, table)


def _correction(token: str, number: int, table: Table) -> ResponseReturnValue:
    """The correction's form of round ``number`` shown, or what was posted to it saved."""
    rnd = _round_or_404(table, number) if request.method == "GET" else _opened_on(table, number)
    if rnd.number is None:
        flash(
            tr(
                N_(
                    "%(what)s was deleted from another phone after you opened this correction, "
                    "so nothing was saved. Restore it from the history to correct it.",
                    what=service.named(table, rnd),
                ).capitalized()
            ),
            "error",
        )
        return redirect(url_for("tables.history", token=token))
    if rnd.kind != EntryKind.ROUND:
        flash(tr(N_("That entry ends a game; delete it instead of correcting it.")), "error")
        return redirect(url_for("tables.show", token=token))
    page = RoundPage(table, rnd)
    if request.method == "POST":
        return _save(page)
    form = RoundForm()
    form.based_on.data = f"{rnd.id}.{rnd.version}"
    return page.render(form, rnd.entry)


@bp.post("/<int:number>/delete")
@limits.writes
def delete(token: str, number: int) -> ResponseReturnValue:
    """Delete a round; later rounds move up and are recomputed. It can be restored."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(tr(N_("This page had expired; reload it and try again.")), "error")
        return redirect(url_for("tables.show", token=token))
    table = service.open_for(token, service.deleting(number), get_table_or_404)
    game = GAMES[table.game]
    try:
        service.delete_round(table, number, _seen())
        service.commit()
        said = (
            N_(
                "%(what)s deleted; later %(nouns)s were renumbered and recomputed.",
                what=game.numbered(number),
                nouns=game.nouns,
            )
            if number <= table.round_count  # a later one took its number
            else N_("%(what)s deleted.", what=game.numbered(number))
        )
        flash(tr(said.capitalized()), f"undo:{table.version}")
    except LookupError:
        service.rollback()
        not_found(N_("This table has no round %(n)s.", n=number))
    except InvalidInput as exc:
        service.rollback()
        flash(tr(N_("Cannot delete: %(why)s", why=sentences(exc.violations))), "error")
    except service.Conflict as exc:
        service.rollback()
        flash(tr(reason(exc)), "error")
    return redirect(url_for("tables.show", token=token))


def _seen() -> tuple[int | None, int | None]:
    """The id and version of the entry a delete button's page showed (None from a form
    without them)."""
    seen, version = form_int(request.form, "seen"), form_int(request.form, "seen_version")
    return (seen if isinstance(seen, int) else None, version if isinstance(version, int) else None)


# -- mine replaces theirs (issue 39) -------------------------------------------------------------


def _theirs_now(table: Table, number: int) -> Round | None:
    """Round ``number`` as stored now; None when the table has no such round."""
    try:
        rnd = reading.get_round(table, number)
    except LookupError:
        return None
    return rnd if rnd.kind == EntryKind.ROUND else None


def _posted_replacement(table: Table, number: int) -> service.Replay | None:
    """What saving the posted entry over round ``number`` replays (read only, for
    ``service.open_for``)."""
    theirs = _theirs_now(table, number)
    if theirs is None:
        return None
    entry, problems = RoundPage(table, theirs).read(as_new=True)
    return None if problems else service.correcting(number, entry)(table)


def _choose_again(
    table: Table,
    form: RoundForm,
    entry: Entry,
    number: int,
    errors: dict[str, list[str]],
    status: int,
) -> ResponseReturnValue:
    """The stale page again, nothing stored: why, theirs as it stands now, and mine kept in
    the form with the same three choices (Discard mine, Save mine as the next round, Mine
    replaces theirs)."""
    page = RoundPage(table)
    form.expected_number.data = str(page.round_no)
    theirs = _theirs_now(table, number)
    stale = None
    if theirs is not None:
        same = service.reads_as(table, entry, theirs)
        mine = service.preview_round(page.table, page.state, entry).result
        moved = dealer_moved(table, page.state, theirs, entry, mine)
        stale = Stale("new", theirs, same, mine, moved)
    return page.render(form, entry, errors, status, stale)


@bp.post("/<int:number>/replace")
@limits.writes
def replace(token: str, number: int) -> ResponseReturnValue:
    """Mine replaces theirs: a new round refused because another phone entered round
    ``number`` first, saved over theirs as a correction (one journal entry: Undo brings
    theirs back). Refused, storing nothing, if theirs changed since it was shown."""
    table = service.open_for(token, lambda t: _posted_replacement(t, number), get_table_or_404)
    form = RoundForm()
    theirs = _theirs_now(table, number)
    shown = _based_on(request.form.get("replaces"))
    entry, problems = RoundPage(table, theirs).read(as_new=True)
    what = GAMES[table.game].numbered(number)
    if not form.validate_on_submit():
        return _choose_again(table, form, entry, number, {"": [EXPIRED]}, 400)
    if theirs is None or shown is None or shown[0] != theirs.id:
        gone = N_(
            "%(what)s as it was shown to you is no longer there (deleted or renumbered from "
            "another phone), so nothing was saved. Yours is kept in the form below.",
            what=what,
        )
        return _choose_again(table, form, entry, number, {"": [gone.capitalized()]}, 409)
    if problems:
        return _choose_again(table, form, entry, number, errors_by_field(problems), 422)
    try:
        service.replace_round(table, number, entry, shown)
        service.commit()
    except InvalidInput as exc:
        service.rollback()
        return _choose_again(table, form, entry, number, errors_by_field(exc.violations), 422)
    except (service.Conflict, service.Collided):
        service.rollback()
        now = _theirs_now(table, number)
        if now is not None and service.reads_as(table, entry, now):  # a second tap
            flash(tr(N_("%(what)s already holds your entry.", what=what).capitalized()))
            return redirect(url_for(".show", token=token, number=number))
        again = N_(
            "%(what)s was changed again from another phone after theirs was shown to you, so "
            "nothing was saved. Here it is as it stands now: choose again.",
            what=what,
        )
        return _choose_again(table, form, entry, number, {"": [again.capitalized()]}, 409)
    said = N_("%(what)s now holds your entry; theirs is kept in its history.", what=what)
    flash(tr(said.capitalized()), f"undo:{table.version}")
    return redirect(url_for(".show", token=token, number=number))
