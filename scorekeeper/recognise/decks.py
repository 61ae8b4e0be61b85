"""A player's own deck (issue 38): its 48 faces read from one photo of the deck laid out as the
entry grid shows it, one face set from a photo of that card alone, and the faces a photo of a
pile is then read against.

Pure: images in, faces and answers out. Storing a deck (its faces as small JPEGs) is the web
layer's; it hands the faces back as ``Faces`` to read a photo with (``find_cards(image,
deck=faces)``).

The layout: six rows of eight, two months a row in month order, each month's four cards in the
grid's order, which is ``scorekeeper.cards.CARDS``' order: the cell in row ``r`` (0..5) and
column ``c`` (0..7) holds ``CARDS[8 * r + c]``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.recognise import (
    FACE,
    IDS_OF_CLASS,
    Array,
    Seen,
    _box,
    _seen,
    _work,
    model,
)
from scorekeeper.recognise.features import CROP, features

ROWS, COLUMNS = 6, 8
#: The sizes the segmenter sees a layout photo at, tried in turn until 48 cards are found (its
#: own ``SEG_SIDE`` suits a pile of up to about 24 cards; a layout's cards are smaller).
LAYOUT_SIDES = (480, 640, 320)
#: The built-in model's probability above which a layout's face is said to look like
#: another card than its cell's.
LOOKS_LIKE = 0.9


class LayoutError(ValueError):
    """A layout photo in which 48 cards in six rows of eight were not found: how many cards
    were found (``found``), and how many in each row when there were 48 (``rows``)."""

    def __init__(self, found: int, rows: tuple[int, ...] = ()) -> None:
        super().__init__(f"{found} cards found; rows {rows}")
        self.found = found
        self.rows = rows


class FaceError(ValueError):
    """A photo of one card in which there is no card (``found == 0``) or more than one."""

    def __init__(self, found: int) -> None:
        super().__init__(f"{found} cards found, not one")
        self.found = found


@dataclass(frozen=True)
class Cell:
    """One cell of a layout photo: the card that belongs there, where its face was found (x,
    y, w, h in the photo's pixels), the face (upright, BGR, ``FACE`` size) and, when the
    built-in model reads it as another card, that card (for the page to ask)."""

    card: str
    box: tuple[int, int, int, int]
    face: Array
    looks_like: str | None


def read_layout(image: Array) -> list[Cell]:
    """The 48 cells of a photo of a whole deck laid out as the grid, in grid order
    (``LayoutError`` when the photo does not show six rows of eight)."""
    work, scale = _work(image)
    seen: list[Seen] = []
    for side in LAYOUT_SIDES:  # 48 cards are small in a photo: the segmenter looks closer
        seen = _seen(work, side) if work is not None else []
        if len(seen) == ROWS * COLUMNS:
            break
    if len(seen) != ROWS * COLUMNS:
        raise LayoutError(len(seen))
    rows = _rows(seen)
    counts = tuple(len(r) for r in rows)
    if counts != (COLUMNS,) * ROWS:
        raise LayoutError(len(seen), counts)
    height, width = image.shape[:2]
    cells = []
    for k, s in enumerate(s for row in rows for s in row):
        card = CARDS[k].id
        cells.append(Cell(card, _box(s.quad, scale, width, height), s.colour, _looks_like(card, s)))
    return cells


def _rows(seen: list[Seen]) -> list[list[Seen]]:
    """The cards in rows, top to bottom, each left to right: a new row starts where the gap
    between one centre and the next (by height) is over half a card's length."""
    by_y = sorted(seen, key=lambda s: float(s.quad.mean(0)[1]))
    length = float(np.median([np.linalg.norm(s.quad[1] - s.quad[2]) for s in seen]))
    rows: list[list[Seen]] = [[by_y[0]]]
    for before, s in itertools.pairwise(by_y):
        if float(s.quad.mean(0)[1] - before.quad.mean(0)[1]) > length / 2:
            rows.append([])
        rows[-1].append(s)
    return [sorted(row, key=lambda s: float(s.quad.mean(0)[0])) for row in rows]


def _looks_like(card: str, seen: Seen) -> str | None:
    """The card the built-in model reads ``seen`` as, when it is surely another card's face
    (a chaff card's face may be any of its month's chaff)."""
    classes = model().classes
    best = classes[int(seen.probs.argmax())]
    own = CARD_BY_ID[card].chaff_group or card
    if best in (own, "none") or float(seen.probs.max()) < LOOKS_LIKE:
        return None
    return IDS_OF_CLASS[best][0]


def read_face(image: Array) -> Array:
    """The face of the one card a photo shows (``FaceError`` for no card, or several)."""
    work, _ = _work(image)
    seen = _seen(work) if work is not None else []
    if len(seen) != 1:
        raise FaceError(len(seen))
    face: Array = seen[0].colour
    return face


class Faces:
    """A taught deck's faces, ready to read photos against. A crop of the same deck's card
    is compared with its faces line for line: the gradient histograms and coarse grayscale
    the classifier reads (``features``), which match one drawing's own lines far more closely
    than any other drawing's (the embedder, learnt to hold across drawings, tells one deck's
    faces apart less sharply). Build it once per deck and keep it."""

    def __init__(self, faces: Mapping[str, Array]) -> None:
        self.cards = [c for c in faces if c in CARD_BY_ID]
        crops = [_upright_size(faces[c]) for c in self.cards]
        turned = [np.ascontiguousarray(c[::-1, ::-1]) for c in crops]
        self._lines = _lines(crops + turned)
        classes = model().classes
        self._class = np.array([classes.index(_class_of(c)) for c in self.cards], np.int64)
        self._classes = len(classes)

    def __len__(self) -> int:
        return len(self.cards)

    def likeness(self, crops: list[Array]) -> Array:
        """For crops (upright, BGR, ``FACE`` size), each crop's likeness to the deck's most
        alike face of each class (n x classes, in ``model().classes`` order; -1 where the
        deck holds no face of that class): the cosine of their lines, the face either way
        up."""
        n = len(self.cards)
        out = np.full((len(crops), self._classes), -1.0, np.float32)
        if not n or not crops:
            return out
        sims = _lines(crops) @ self._lines.T
        per_face = np.maximum(sims[:, :n], sims[:, n:])
        for k, c in enumerate(self._class):
            out[:, c] = np.maximum(out[:, c], per_face[:, k])
        return out


def _lines(faces: list[Array]) -> Array:
    """Unit vectors of the faces' lines (``features`` of their grayscale, centred)."""
    import cv2

    rows = []
    for face in faces:
        gray = cv2.resize(
            cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), CROP, interpolation=cv2.INTER_AREA
        )
        rows.append(features(gray))
    v = np.stack(rows).astype(np.float32)
    v -= v.mean(1, keepdims=True)
    result: Array = v / (np.linalg.norm(v, axis=1, keepdims=True) + 1e-6)
    return result


def _class_of(card: str) -> str:
    c = CARD_BY_ID[card]
    return c.chaff_group or c.id


def _upright_size(face: Array) -> Array:
    """A stored face back at ``FACE`` size (a stored JPEG may have been scaled)."""
    import cv2

    if face.shape[1::-1] == FACE:
        return face
    result: Array = cv2.resize(face, FACE, interpolation=cv2.INTER_AREA)
    return result


__all__ = ["Cell", "FaceError", "Faces", "LayoutError", "read_face", "read_layout"]
