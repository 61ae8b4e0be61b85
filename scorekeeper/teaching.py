"""A player's own deck, taught from photos (issue 38, API.md "Photos and decks"): made from one
photo of the 48 cards laid out as the entry grid shows them, or card by card; a face replaced
from a photo of that card alone, or two faces swapped; and the faces a pile's photo is then read
against.

What is stored of a photo is each card's face alone, upright, as a small JPEG (at most
``FACE_SIDE`` px on its longer side and ``FACE_BYTES`` bytes): never the photo. The recogniser's
``Faces`` for a deck (each face embedded: a moment's work) is built once per process and kept,
keyed by the deck and its ``version``, which every change of a face moves on.

Every photo of a deck is handed to the recogniser in one place, ``recognised``: the place a
guard on how many photos are read at once wraps.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy
from PIL import Image
from sqlalchemy import delete, select, update

from scorekeeper import photos, recognise
from scorekeeper.caches import BoundedCache
from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.messages import N_, Msg, ngettext
from scorekeeper.models import Club, DeckFace, Table, db, now
from scorekeeper.models import Deck as Deck
from scorekeeper.recognise import decks as recogniser
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import clean_name
from scorekeeper.tables import deck_links, store

T = TypeVar("T")

FACE_SIDE = 400
"""The longest side of a stored face, in pixels."""
FACE_BYTES = 48 * 1024
"""The most bytes a stored face takes (its JPEG is made smaller until it fits)."""
FACES = len(CARDS)
"""The most faces a deck holds: one per card."""
NAME_LENGTH = 60
KEPT_FACES = 16
"""Decks whose ``Faces`` a process keeps (each is 96 small vectors)."""

NAME = "name"
CARD = "card"

BAD_NAME = N_("A deck's name is 1 to 60 characters of text")
UNKNOWN_CARD = N_("%(card)s is not a card id")
NO_CARD = N_("No card found: take this card alone, filling most of the photo")
SEVERAL = N_("%(found)s cards found: take this card alone, filling most of the photo")
NOT_IN_ROWS = N_(
    "48 cards found, but in rows of %(rows)s: lay them out in six rows of eight, as the grid"
)
NOTHING = N_("Send a photo of the deck laid out, or a name for an empty deck")
SAME_CARD = N_("Choose two different cards to swap")


def laid_out(found: int) -> Msg:
    """What a layout photo showed when it did not show 48 cards (API.md's sentence)."""
    return ngettext(
        "%(num)s card found: lay out all 48, six rows of eight",
        "%(num)s cards found: lay out all 48, six rows of eight",
        found,
    )


@dataclass(frozen=True, slots=True)
class Placed:
    """A cell of a layout photo as the API answers it: its card, where its face was found in
    the photo's own pixels, and the card it looks more like, if any."""

    card: str
    box: tuple[int, int, int, int]
    looks_like: str | None


def recognised(read: Callable[[recognise.Array], T], image: recognise.Array) -> T:
    """The one place a deck's photo is handed to the recogniser (a layout or a single face),
    holding one of the process's photo readers (``photos.Busy`` when none is free in time)."""
    with photos.reading_slot():
        return read(image)


# -- making and changing a deck --------------------------------------------------------------


def checked_deck_name(raw: object) -> str | None:
    """A deck's name as sent: ``None`` for none (or blank), else 1 to 60 characters, cleaned
    as a table's players are (``clean_name``: no control characters, lone surrogates or
    bidirectional overrides, which a database could not keep or a page would show wrong)."""
    if raw is None or (isinstance(raw, str) and not clean_name(raw)):
        return None
    if not isinstance(raw, str) or len(clean_name(raw)) > NAME_LENGTH:
        raise InvalidInput([Violation(NAME, BAD_NAME)])
    return clean_name(raw)


def create(name: object, photo: bytes | None) -> tuple[Deck, list[Placed]]:
    """A new deck: its faces read from a layout photo, or empty with a name alone
    (``InvalidInput`` at ``name`` or ``photo``, nothing stored)."""
    named = checked_deck_name(name)
    if photo is None and named is None:
        raise InvalidInput([Violation(photos.FIELD, NOTHING)])
    deck = Deck(token=store.new_token(), name=named, version=0)
    db.session.add(deck)
    db.session.flush()
    placed = teach(deck, photo) if photo is not None else []
    return deck, placed


def teach(deck: Deck, photo: bytes) -> list[Placed]:
    """Every face of ``deck`` from a photo of the deck laid out as the grid (each face it
    had is replaced); the cells in grid order, their boxes in the photo's own pixels."""
    image, width, height = _decoded(photo)
    cells = _layout(image)
    sx, sy = width / image.shape[1], height / image.shape[0]
    held = {f.card: f for f in _faces(deck)}
    for cell in cells:
        _keep(deck, cell.card, cell.face, cell.looks_like, held.get(cell.card))
    return [Placed(c.card, _in_photo(c.box, sx, sy, width, height), c.looks_like) for c in cells]


def _decoded(photo: bytes) -> tuple[recognise.Array, int, int]:
    try:
        return photos.decode(photo)
    except photos.BadPhoto as exc:
        raise InvalidInput([Violation(photos.FIELD, exc.message)]) from None


def _layout(image: recognise.Array) -> list[recogniser.Cell]:
    try:
        cells = recognised(recogniser.read_layout, image)
    except recogniser.LayoutError as exc:
        if exc.found == FACES and exc.rows:
            message = NOT_IN_ROWS(rows=", ".join(str(n) for n in exc.rows))
        else:
            message = laid_out(exc.found)
        raise InvalidInput([Violation(photos.FIELD, message)]) from None
    if [c.card for c in cells] != [c.id for c in CARDS]:  # the interface's promise, kept
        raise InvalidInput([Violation(photos.FIELD, laid_out(len(cells)))])
    return cells


def _in_photo(
    box: tuple[int, int, int, int], sx: float, sy: float, width: int, height: int
) -> tuple[int, int, int, int]:
    """A box on the scaled-down photo, in the photo's own pixels (as ``photos.read``)."""
    x, y, w, h = box
    left, top = min(max(round(x * sx), 0), width), min(max(round(y * sy), 0), height)
    right = min(max(round((x + w) * sx), left), width)
    bottom = min(max(round((y + h) * sy), top), height)
    return (left, top, right - left, bottom - top)


def card_of(card: str) -> str:
    """A card id of the deck (``InvalidInput`` at ``card`` otherwise)."""
    if not card.strip():
        raise InvalidInput([Violation(CARD, N_("Choose a card"))])
    if card not in CARD_BY_ID:
        raise InvalidInput([Violation(CARD, UNKNOWN_CARD(card=card[:40]))])
    return card


def set_face(deck: Deck, card: str, photo: bytes) -> None:
    """Set or replace ``card``'s face from a photo of that card alone."""
    card_of(card)
    image, _, _ = _decoded(photo)
    try:
        face = recognised(recogniser.read_face, image)
    except recogniser.FaceError as exc:
        message = NO_CARD if exc.found == 0 else SEVERAL(found=exc.found)
        raise InvalidInput([Violation(photos.FIELD, message)]) from None
    _keep(deck, card, face, None, next(iter(_faces(deck, (card,))), None))


def swap(deck: Deck, first: str, second: str) -> None:
    """Two cards' faces change places (a face read in the wrong cell); a face that looked
    like the card it now stands for no longer asks."""
    card_of(first)
    card_of(second)
    if first == second:
        raise InvalidInput([Violation(CARD, SAME_CARD)])
    faces = {f.card: f for f in _faces(deck, (first, second))}
    a, b = faces.get(first), faces.get(second)
    if a is not None and b is not None:  # the contents change places (the cards are keys)
        a.jpeg, b.jpeg = b.jpeg, a.jpeg
        a.looks_like, b.looks_like = b.looks_like, a.looks_like
    elif a is not None or b is not None:
        moved = a if a is not None else b
        assert moved is not None
        moved.card = second if moved is a else first
    for held in (a, b):
        if held is not None and held.looks_like == held.card:
            held.looks_like = None
    _changed(deck)


def rename(deck: Deck, name: object) -> None:
    deck.name = checked_deck_name(name)
    deck.updated_at = now()


def delete_deck(deck: Deck) -> None:
    """The deck and its faces; tables and clubs that named it forget it."""
    db.session.execute(delete(DeckFace).where(DeckFace.deck_id == deck.id))
    db.session.execute(update(Table).where(Table.deck_id == deck.id).values(deck_id=None))
    db.session.execute(update(Club).where(Club.deck_id == deck.id).values(deck_id=None))
    db.session.delete(deck)


def _faces(deck: Deck, cards: Sequence[str] | None = None) -> list[DeckFace]:
    query = select(DeckFace).where(DeckFace.deck_id == deck.id)
    if cards is not None:
        query = query.where(DeckFace.card.in_(cards))
    return list(db.session.scalars(query))


def _keep(
    deck: Deck, card: str, face: recognise.Array, looks_like: str | None, held: DeckFace | None
) -> None:
    """Store ``card``'s face as a small JPEG, replacing the one it ``held``."""
    jpeg = face_jpeg(face)
    if held is not None:
        held.jpeg, held.looks_like, held.updated_at = jpeg, looks_like, now()
    else:
        db.session.add(DeckFace(deck_id=deck.id, card=card, jpeg=jpeg, looks_like=looks_like))
    _changed(deck)


def _changed(deck: Deck) -> None:
    deck.version = (deck.version or 0) + 1
    deck.updated_at = now()


# -- faces as JPEG and back ------------------------------------------------------------------


def face_jpeg(face: recognise.Array) -> bytes:
    """A face (BGR) as a JPEG of at most ``FACE_SIDE`` px a side and ``FACE_BYTES`` bytes."""
    rgb = Image.fromarray(numpy.ascontiguousarray(face[:, :, ::-1]).astype(numpy.uint8), "RGB")
    side = FACE_SIDE
    while True:
        if max(rgb.size) > side:
            rgb.thumbnail((side, side), Image.Resampling.LANCZOS)
        for quality in (85, 70, 50):
            out = io.BytesIO()
            rgb.save(out, "JPEG", quality=quality, optimize=True)
            if out.tell() <= FACE_BYTES:
                return out.getvalue()
        side = max(16, max(rgb.size) // 2)


def face_array(jpeg: bytes) -> recognise.Array:
    """A stored face back as the recogniser takes it (BGR)."""
    with Image.open(io.BytesIO(jpeg)) as img:
        rgb = numpy.asarray(img.convert("RGB"), dtype=numpy.uint8)
    return numpy.ascontiguousarray(rgb[:, :, ::-1])


# -- reading with a deck -----------------------------------------------------------------------

_KEPT: BoundedCache[tuple[str, int], recogniser.Faces] = BoundedCache(KEPT_FACES)
_KEPT_LOCK = threading.Lock()


def faces_of(deck: Deck | None) -> recogniser.Faces | None:
    """The recogniser's ``Faces`` of a deck (built once for each version), None for no deck or
    one without faces."""
    if deck is None:
        return None
    key = (deck.token, deck.version)  # not its row's id, which a new deck may take again
    kept = _KEPT.get(key)
    if kept is not None:
        return kept
    stored = {f.card: face_array(f.jpeg) for f in _faces(deck)}
    if not stored:
        return None
    built = recogniser.Faces(stored)
    with _KEPT_LOCK:
        for old in [k for k in _KEPT if k[0] == deck.token]:
            del _KEPT[old]
        _KEPT[key] = built
    return built


def read_with(data: bytes, deck: Deck | None) -> photos.Reading:
    """A pile's photo read against ``deck``'s faces (the built-in model alone without)."""
    return photos.read(data, faces_of(deck))


def deck_for_reading(deck: str | None, table: str | None) -> Deck | None:
    """The deck a photo is read with: the one named (its id), else that of the table named
    (its own id: the round form's page sends it), else none. ``store.NotFound`` for an id
    that is no deck's or no table's."""
    if deck is not None:
        return deck_links.find_deck(deck)
    if table is not None:
        return deck_links.deck_of(store.find_table(table))
    return None


def faces_for_table(table: Table) -> recogniser.Faces | None:
    """The faces a table's round form reads its photos against (its deck's), if any."""
    return faces_of(deck_links.deck_of(table))


# -- what the API and the pages show -----------------------------------------------------------


def face(deck: Deck, card: str) -> DeckFace | None:
    found = _faces(deck, (card,)) if card in CARD_BY_ID else []
    return found[0] if found else None


def faces_by_card(deck: Deck) -> dict[str, DeckFace]:
    """The deck's faces, by card, in the grid's order."""
    held = {f.card: f for f in _faces(deck)}
    return {c.id: held[c.id] for c in CARDS if c.id in held}


find = deck_links.find_deck
DeckNotFound = deck_links.DeckNotFound
