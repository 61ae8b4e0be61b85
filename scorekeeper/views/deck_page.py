"""The deck's pages (issue 38, "Teach it your deck"): a new deck from one photo of the 48 cards
laid out as the grid, for a table or a club; the deck's page with each face on the grid to
confirm (a face that looks like another card is flagged, with one tap to swap them), a card's
page to retake its face alone or to swap it; naming the deck and using it at a table or club.

Every form works without script: it writes through ``scorekeeper.teaching``, commits and
redirects; a refused one shows its mistake beside its field, storing nothing. A table's pages
show only the name of its deck (its id is a write key), and link to the deck's page only on a
phone that made or opened that deck.
"""

from __future__ import annotations

import re

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper import limits, photos, teaching
from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.clubs import reading as club_reading
from scorekeeper.forms import ActionForm
from scorekeeper.i18n import translate as tr
from scorekeeper.messages import N_
from scorekeeper.picker import month_rows
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Club, Table
from scorekeeper.views import errors_by_field, not_found

bp = Blueprint("deck_page", __name__)
bp.before_request(lambda: photos.in_memory(request))  # forms carry photos

KNOWN_KEPT = 8
"""Decks a browser remembers having made or opened (their pages are linked from tables)."""
EXPIRED = N_("This form had expired, so nothing was saved: check it and tap the button again.")
NO_DECK = N_("There is no deck at this link. Check the address you were sent.")
NO_PLACE = N_("Paste the link of a table or a club: there is none at this one.")
_LINK = re.compile(r"(?:.*/(t|c)/)?([A-Za-z0-9_-]{20,64})/?")


@bp.app_context_processor
def _helpers() -> dict[str, object]:
    return {"table_deck": table_deck, "club_deck": club_deck}


def table_deck(table: Table) -> dict[str, str | None] | None:
    """What a table's page shows of its deck: its name, and its page on a phone that knows it
    (never its id otherwise); None when the table reads photos with the built-in model."""
    deck = reading.deck_of(table)
    if deck is None:
        return None
    known = deck.token in session.get("decks", [])
    page = url_for("deck_page.show", token=deck.token) if known else None
    return {"name": reading.deck_name(deck), "page": page}


def club_deck(club: Club, view: bool) -> dict[str, str | None] | None:
    """What a club's page shows of its deck; its page through the club's own link only."""
    deck = reading.club_deck(club)
    if deck is None:
        return None
    page = None if view else url_for("deck_page.show", token=deck.token)
    return {"name": reading.deck_name(deck), "page": page}


def _remember(deck: teaching.Deck) -> None:
    known = [t for t in session.get("decks", []) if t != deck.token]
    if known[:1] != [deck.token]:
        session["decks"] = [deck.token, *known][:KNOWN_KEPT]


def _deck_or_404(token: str, *, lock: bool = False) -> teaching.Deck:
    try:
        return teaching.find(token, lock=lock)
    except teaching.DeckNotFound:
        not_found(NO_DECK)


def _place(table: str | None, club: str | None) -> tuple[Table | None, Club | None]:
    """The table or club a new deck is for (their own ids), or 404."""
    try:
        if table:
            return reading.find_table(table), None
        if club:
            return None, club_reading.find_club(club)
    except reading.NotFound:
        not_found(N_("There is no table or club at this link."))
    return None, None


# -- a new deck --------------------------------------------------------------------------------


@bp.get("/decks/new")
def new() -> ResponseReturnValue:
    """The form of a new deck: its name and one photo of the deck laid out."""
    table, club = _place(request.args.get("table"), request.args.get("club"))
    return _new_page(table, club, {}, 200)


def _new_page(
    table: Table | None, club: Club | None, errors: dict[str, list[str]], status: int
) -> ResponseReturnValue:
    page = render_template(
        "decks/new.html",
        table=table,
        club=club,
        rows=month_rows(frozenset(CARD_BY_ID)),
        errors=errors,
        posted={"name": request.form.get("name", "")},
        action_form=ActionForm(),
    )
    return page, status


@bp.post("/decks")
@limits.creates
def create() -> ResponseReturnValue:
    """Teach a new deck from the form; it is then used at the table or club it is for."""
    table, club = _place(request.form.get("table"), request.form.get("club"))
    if not ActionForm().validate_on_submit():
        return _new_page(table, club, {"": [tr(EXPIRED)]}, 400)
    upload = request.files.get(photos.FIELD)
    try:
        photo = photos.uploaded() if upload is not None and upload.filename else None
        with limits.recognising():
            deck, _ = teaching.create(request.form.get("name"), photo)
        if table is not None:
            service.name_for_table(table, deck.token)
        elif club is not None:
            service.name_for_club(club, deck.token)
        service.commit()
    except photos.Busy as exc:
        return _busy(exc, _new_page(table, club, {photos.FIELD: [tr(exc.message)]}, 503))
    except photos.BadPhoto as exc:
        service.rollback()
        return _new_page(table, club, {photos.FIELD: [tr(exc.message)]}, 422)
    except InvalidInput as exc:
        service.rollback()
        return _new_page(table, club, errors_by_field(exc.violations), 422)
    _remember(deck)
    if photo is None:  # made with a name alone: nothing taught yet
        flash(tr(N_("Your deck is made: teach it every face with a photo of its layout.")))
    else:
        flash(tr(N_("Your deck is taught: check each face on the grid.")))
    return redirect(url_for(".show", token=deck.token))


# -- the deck's page -------------------------------------------------------------------------


@bp.get("/d/<token>")
def show(token: str) -> ResponseReturnValue:
    deck = _deck_or_404(token)
    _remember(deck)
    return _deck_page(deck, {}, 200)


def _deck_page(
    deck: teaching.Deck, errors: dict[str, list[str]], status: int
) -> ResponseReturnValue:
    faces = teaching.faces_by_card(deck)
    page = render_template(
        "decks/deck.html",
        deck=deck,
        faces=faces,
        rows=month_rows(frozenset(CARD_BY_ID)),
        face_url=lambda card: url_for(".face", token=deck.token, card=card, v=deck.version),
        errors=errors,
        action_form=ActionForm(),
    )
    return page, status


@bp.get("/d/<token>/faces/<card>.jpg")
def face(token: str, card: str) -> ResponseReturnValue:
    """A face's small JPEG (its address carries the deck's version: kept while it holds)."""
    found = teaching.face(_deck_or_404(token), card)
    if found is None:
        abort(404)
    resp = Response(found.jpeg, mimetype="image/jpeg")
    resp.headers["Cache-Control"] = "private, max-age=86400"
    return resp


@bp.get("/d/<token>/cards/<card>")
def card_page(token: str, card: str) -> ResponseReturnValue:
    """One card's face: retake it alone, or swap it with the card it really is."""
    deck = _deck_or_404(token)
    if card not in CARD_BY_ID:
        abort(404)
    return _card_page(deck, card, {}, 200)


def _card_page(
    deck: teaching.Deck, card: str, errors: dict[str, list[str]], status: int
) -> ResponseReturnValue:
    page = render_template(
        "decks/card.html",
        deck=deck,
        card=CARD_BY_ID[card],
        face=teaching.face(deck, card),
        face_url=url_for(".face", token=deck.token, card=card, v=deck.version),
        cards=CARDS,
        errors=errors,
        action_form=ActionForm(),
    )
    return page, status


def _busy(exc: photos.Busy, answer: ResponseReturnValue) -> ResponseReturnValue:
    """A form whose photo waited for a reader in vain: shown again as sent, the wait said
    beside the photo's field (as the round form does), 503 with when to try again."""
    service.rollback()
    resp = make_response(answer)
    resp.headers["Retry-After"] = str(exc.retry_after)
    return resp


def _write(deck: teaching.Deck) -> bool:
    if ActionForm().validate_on_submit():
        return True
    flash(tr(EXPIRED), "error")
    return False


@bp.post("/d/<token>/cards/<card>")
@limits.writes
def retake(token: str, card: str) -> ResponseReturnValue:
    """A card's face from a photo of that card alone."""
    deck = _deck_or_404(token, lock=True)
    if card not in CARD_BY_ID:
        abort(404)
    if not _write(deck):
        return redirect(url_for(".card_page", token=token, card=card))
    try:
        with limits.recognising():
            teaching.set_face(deck, card, photos.uploaded())
        service.commit()
    except photos.Busy as exc:
        return _busy(exc, _card_page(deck, card, {photos.FIELD: [tr(exc.message)]}, 503))
    except photos.BadPhoto as exc:
        service.rollback()
        return _card_page(deck, card, {photos.FIELD: [tr(exc.message)]}, 422)
    except InvalidInput as exc:
        service.rollback()
        return _card_page(deck, card, errors_by_field(exc.violations), 422)
    flash(tr(N_("%(card)s: its face is taken again.", card=CARD_BY_ID[card].label)))
    return redirect(url_for(".show", token=token) + f"#{card}")


@bp.post("/d/<token>/swap")
@limits.writes
def swap(token: str) -> ResponseReturnValue:
    """Two cells' faces change places (a face read in the wrong place)."""
    deck = _deck_or_404(token, lock=True)
    first, second = request.form.get("first", ""), request.form.get("second", "")
    if _write(deck):
        try:
            teaching.swap(deck, first, second)
            service.commit()
        except InvalidInput as exc:
            service.rollback()
            return _deck_page(deck, errors_by_field(exc.violations), 422)
        said = N_(
            "%(first)s and %(second)s swapped.",
            first=CARD_BY_ID[first].label,
            second=CARD_BY_ID[second].label,
        )
        flash(tr(said))
    # Back at the first card's cell; only a card's id names one (an expired form's is unread).
    cell = f"#{first}" if first in CARD_BY_ID else ""
    return redirect(url_for(".show", token=token) + cell)


@bp.post("/d/<token>/layout")
@limits.writes
def layout(token: str) -> ResponseReturnValue:
    """Every face again from a new photo of the deck laid out."""
    deck = _deck_or_404(token, lock=True)
    if not _write(deck):
        return redirect(url_for(".show", token=token))
    try:
        with limits.recognising():
            teaching.teach(deck, photos.uploaded())
        service.commit()
    except photos.Busy as exc:
        return _busy(exc, _deck_page(deck, {photos.FIELD: [tr(exc.message)]}, 503))
    except photos.BadPhoto as exc:
        service.rollback()
        return _deck_page(deck, {photos.FIELD: [tr(exc.message)]}, 422)
    except InvalidInput as exc:
        service.rollback()
        return _deck_page(deck, errors_by_field(exc.violations), 422)
    flash(tr(N_("Your deck is taught: check each face on the grid.")))
    return redirect(url_for(".show", token=token))


@bp.post("/d/<token>/name")
@limits.writes
def rename(token: str) -> ResponseReturnValue:
    deck = _deck_or_404(token, lock=True)
    if _write(deck):
        try:
            teaching.rename(deck, request.form.get("name"))
            service.commit()
        except InvalidInput as exc:
            service.rollback()
            return _deck_page(deck, errors_by_field(exc.violations), 422)
        flash(tr(N_("The deck's name is saved.")))
    return redirect(url_for(".show", token=token))


@bp.post("/d/<token>/use")
@limits.writes
def use(token: str) -> ResponseReturnValue:
    """Read a table's or a club's photos with this deck (its link pasted)."""
    deck = _deck_or_404(token, lock=True)
    if not _write(deck):
        return redirect(url_for(".show", token=token))
    found = _LINK.fullmatch(request.form.get("place", "").strip()[:300])
    kind, place = (found.group(1), found.group(2)) if found else (None, "")
    try:
        if kind != "c":
            table = reading.find_table(place)
            service.name_for_table(table, deck.token)
            said = N_("The table “%(name)s” reads its photos with this deck.", name=table.name)
        else:
            club = club_reading.find_club(place)
            service.name_for_club(club, deck.token)
            said = N_("The club “%(name)s” reads its photos with this deck.", name=club.name)
        service.commit()
    except reading.NotFound:
        service.rollback()
        return _deck_page(deck, {"place": [tr(NO_PLACE)]}, 422)
    flash(tr(said))
    return redirect(url_for(".show", token=token))


@bp.post("/d/<token>/delete")
@limits.writes
def delete(token: str) -> ResponseReturnValue:
    deck = _deck_or_404(token, lock=True)
    if not _write(deck):
        return redirect(url_for(".show", token=token))
    teaching.delete_deck(deck)
    service.commit()
    flash(tr(N_("The deck is deleted: tables and clubs that used it read photos as before.")))
    return redirect(url_for("tables.home"))
