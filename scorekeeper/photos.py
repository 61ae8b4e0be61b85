"""A photo of a pile, read into cards (issue 33): decoding a client's photo safely, handing it
to the recogniser (``scorekeeper.recognise``), and adding what it found to a round form.

The photo lives in memory for the request only: it is never written to disk, stored or
logged. The work is bounded: a body of at most ``MAX_BYTES``; a photo whose declared size
(after a JPEG's reduced decoding) is over ``MAX_PIXELS`` is refused before it is decoded;
what is decoded is scaled down to the recogniser's ``MAX_SIDE`` before it looks; and a
process reads at most ``PHOTO_READERS`` photos at once (``reading_slot``): a photo that finds
them all busy for ``PHOTO_WAIT`` seconds is answered "busy" (``Busy``, 503 with
``Retry-After``) rather than queued, so that a flood of photos never holds up other tables'
rounds (issue 38).
"""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, TypedDict, cast

import numpy
from flask import Request, Response, after_this_request, current_app, request
from PIL import Image, ImageOps, UnidentifiedImageError
from werkzeug.datastructures import FileStorage, MultiDict

from scorekeeper import recognise
from scorekeeper.cards import CARD_BY_ID
from scorekeeper.messages import N_, Msg

if TYPE_CHECKING:
    from scorekeeper.recognise.decks import Faces

MAX_BYTES = 12 * 1024 * 1024
"""The largest photo taken (the page shrinks the phone's photo well under it first)."""
MAX_BODY = MAX_BYTES + 64 * 1024
"""The largest request carrying a photo: the photo, the rest of a round form, the multipart
framing."""
MAX_PIXELS = 50_000_000
"""The most pixels decoded (a JPEG is first reduced by its own decoder, up to 8 times a side):
a decompression bomb declares far more and is refused before it is decoded."""
FORMATS = ("JPEG", "MPO", "PNG", "WEBP")
"""What Pillow may call a photo read here. MPO is a JPEG with more pictures inside (a phone's
HDR gain map, a second view): its first picture is the photo, decoded as a JPEG."""

FIELD = "photo"
"""The multipart field of the photo (the API's and the round form's)."""
READ = "photo_read"
"""The round form's button that reads a photo instead of saving (without script)."""
TARGET = "photo_target"
"""The round form's choice of where the cards found go: a picker's input name (p0_pile...)."""

NO_PHOTO = N_("Choose a photo of the cards (a JPEG, PNG or WebP picture).")
EMPTY = N_("The photo is empty: take it again.")
TOO_LARGE = N_("The photo is larger than 12 MB: take it again at a smaller size.")
NOT_AN_IMAGE = N_("This file is not a photo: send a JPEG, PNG or WebP picture.")
UNSUPPORTED = N_("Photos in %(format)s are not read here: send a JPEG, PNG or WebP picture.")
DAMAGED = N_("This photo is damaged or cut short, so it cannot be read: take it again.")
TOO_MANY_PIXELS = N_(
    "This picture has too many pixels to read (%(megapixels)s megapixels; at most 50): "
    "take it again at a smaller size."
)
NO_TARGET = N_("Choose whose cards the photo shows.")
BUSY = N_("The server is busy reading other photos: try again in a moment.")

READERS = 2
"""How many photos a process reads at once unless ``PHOTO_READERS`` says otherwise."""
WAIT = 0.5
"""The longest a photo waits for a free reader (seconds; ``PHOTO_WAIT``) before "busy"."""
RETRY_AFTER = 2
"""The seconds a busy answer asks the client to wait (its ``Retry-After``)."""


class BadPhoto(ValueError):
    """Not a readable photo: the message says why, for the field ``photo``."""

    def __init__(self, message: Msg) -> None:
        super().__init__(str(message))
        self.message = message


class Busy(Exception):
    """Every reader of this process stayed busy while the photo waited: answer ``503`` with
    ``Retry-After: retry_after`` (``views.photos`` does for every view), or say ``message``
    beside the photo's field."""

    def __init__(self, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(str(BUSY))
        self.message = BUSY
        self.retry_after = retry_after


_readers_made = threading.Lock()
_holding = threading.local()


def _readers() -> threading.BoundedSemaphore:
    """This app's readers: ``PHOTO_READERS`` (at least 1) at once in this process."""
    extensions = current_app.extensions
    with _readers_made:
        if "scorekeeper.photo_readers" not in extensions:
            count = max(1, int(current_app.config.get("PHOTO_READERS", READERS)))
            extensions["scorekeeper.photo_readers"] = threading.BoundedSemaphore(count)
    return cast(threading.BoundedSemaphore, extensions["scorekeeper.photo_readers"])


@contextmanager
def reading_slot() -> Iterator[None]:
    """Hold one of this process's photo readers while the block runs (decoding, finding
    cards, reading a taught deck's photos...): ``Busy`` if none is free within
    ``PHOTO_WAIT`` seconds. A block inside another on the same thread takes no second one."""
    if getattr(_holding, "slot", False):
        yield
        return
    readers = _readers()
    if not readers.acquire(timeout=float(current_app.config.get("PHOTO_WAIT", WAIT))):
        raise Busy()
    _holding.slot = True
    try:
        yield
    finally:
        _holding.slot = False
        readers.release()


class FoundJSON(TypedDict):
    """A card found, as the API answers it."""

    card: str
    confidence: float
    box: list[int]
    unsure: bool


class ReadingJSON(TypedDict):
    """What a photo showed, as the API answers it (``Reading.to_dict``)."""

    cards: list[FoundJSON]
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class Reading:
    """What a photo showed: the cards found, in the photo's own coordinates (as the client
    sent it, after its EXIF orientation), and that photo's size."""

    cards: list[recognise.Found]
    width: int
    height: int

    def to_dict(self) -> ReadingJSON:
        return {
            "cards": [
                {
                    "card": f.card,
                    "confidence": f.confidence,
                    "box": list(f.box),
                    "unsure": f.unsure,
                }
                for f in self.cards
            ],
            "width": self.width,
            "height": self.height,
        }


CARRIES_A_PHOTO = "scorekeeper.carries_a_photo"
"""Set in a request's environ by ``in_memory``: a body too large is then a photo too large."""


def too_large(req: Request) -> bool:
    """Whether ``req`` may carry a photo (``in_memory``): a 413 then says the photo is."""
    return bool(req.environ.get(CARRIES_A_PHOTO))


def in_memory(req: Request) -> None:
    """Let this request carry a photo (up to ``MAX_BODY``) and keep its uploaded files in
    memory (werkzeug spools a large one to a temporary file otherwise). Call it before the
    body is read; only a multipart request is given more room."""
    if req.mimetype != "multipart/form-data":
        return
    req.max_content_length = max(MAX_BODY, int(current_app.config["MAX_CONTENT_LENGTH"] or 0))
    req.environ[CARRIES_A_PHOTO] = True

    def memory(*_args: object, **_kwargs: object) -> IO[bytes]:
        return io.BytesIO()

    setattr(req, "_get_file_stream", memory)  # noqa: B010 (an instance's own stream factory)


def uploaded() -> bytes:
    """The photo's bytes from this request's ``photo`` field (``BadPhoto`` if none)."""
    upload: FileStorage | None = request.files.get(FIELD)
    if upload is None:
        raise BadPhoto(NO_PHOTO)
    data = upload.stream.read(MAX_BYTES + 1)
    if not data and not upload.filename:
        raise BadPhoto(NO_PHOTO)
    return data


def read(data: bytes, deck: Faces | None = None) -> Reading:
    """Decode a photo and find its cards (``BadPhoto`` for anything but a readable photo),
    holding a reader (``Busy`` when none is free in time); with ``deck``, a taught deck's
    faces (``scorekeeper.teaching``), read against them."""
    with reading_slot():
        image, width, height = decode(data)
        found = recognise.find_cards(image, deck=deck)
    scale_x, scale_y = width / image.shape[1], height / image.shape[0]
    return Reading([_scaled(f, scale_x, scale_y, width, height) for f in found], width, height)


def _scaled(f: recognise.Found, sx: float, sy: float, width: int, height: int) -> recognise.Found:
    """A card found on the scaled-down photo, its box in the photo's own coordinates."""
    x, y, w, h = f.box
    left, top = min(max(round(x * sx), 0), width), min(max(round(y * sy), 0), height)
    right = min(max(round((x + w) * sx), left), width)
    bottom = min(max(round((y + h) * sy), top), height)
    return recognise.Found(f.card, f.confidence, (left, top, right - left, bottom - top), f.unsure)


def decode(data: bytes) -> tuple[recognise.Array, int, int]:
    """The photo as the recogniser takes it (H x W x 3, uint8, BGR, its longest side at most
    ``recognise.MAX_SIDE``), and its width and height as sent, after its EXIF orientation."""
    if not data:
        raise BadPhoto(EMPTY)
    if len(data) > MAX_BYTES:
        raise BadPhoto(TOO_LARGE)
    try:
        with warnings.catch_warnings():
            # Pillow's own bomb check (twice our limit) warns first: a refusal here too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:
                return _decoded(img)
    except BadPhoto:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise BadPhoto(TOO_MANY_PIXELS(megapixels="> 50")) from None
    except UnidentifiedImageError:
        raise BadPhoto(NOT_AN_IMAGE) from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, KeyError, TypeError):
        # Pillow's ways of saying a file ends early or does not hold what its header says.
        raise BadPhoto(DAMAGED) from None


def _decoded(img: Image.Image) -> tuple[recognise.Array, int, int]:
    if img.format not in FORMATS:
        raise BadPhoto(UNSUPPORTED(format=img.format or "?"))
    width, height = img.size
    if _turned(img):
        width, height = height, width
    side = recognise.MAX_SIDE
    if img.format in ("JPEG", "MPO"):
        # The JPEG decoder reduces by 2, 4 or 8 a side as it decodes: no more than needed.
        img.draft("RGB", (side, side))
    decoded = img.size[0] * img.size[1]
    if decoded > MAX_PIXELS:
        declared = width * height
        raise BadPhoto(TOO_MANY_PIXELS(megapixels=str(round(declared / 1_000_000))))
    img.load()
    upright = ImageOps.exif_transpose(img)
    rgb = upright.convert("RGB")
    if max(rgb.size) > side:
        rgb.thumbnail((side, side), Image.Resampling.BILINEAR, reducing_gap=2.0)
    bgr = numpy.asarray(rgb, dtype=numpy.uint8)[:, :, ::-1]
    return numpy.ascontiguousarray(bgr), width, height


def _turned(img: Image.Image) -> bool:
    """Whether the photo's EXIF orientation turns it a quarter (its width becomes height)."""
    try:
        orientation = img.getexif().get(0x0112)
    except Exception:  # a damaged EXIF block: read as upright, as phones' viewers do
        return False
    return orientation in (5, 6, 7, 8)


# -- the round form without script: the cards found, added to the chosen pile or hand -----


@dataclass(slots=True)
class Filled:
    """What a photo added to a round form (for the page to say and mark)."""

    target: str
    added: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    """The cards added that the recogniser is not sure of: marked to check."""
    error: Msg | None = None
    """Why the photo could not be read (said beside the photo's field); nothing added."""
    retry_after: int | None = None
    """Set when the server was busy (``Busy``): the page answers 503 with this Retry-After."""


def layer_of(name: str) -> str:
    """A picker's layer: a card is in at most one captured pile, and in at most one hand."""
    return name.rsplit("_", 1)[-1]


def fill(
    form: MultiDict[str, str], targets: Sequence[str], deck: Iterable[str], reading: Reading
) -> tuple[MultiDict[str, str], Filled]:
    """The posted form with the cards a photo found added to the chosen target's picker, as
    if ticked: never a card already entered in that layer (a plain card already taken
    becomes its month's next free plain card; none free, it is left out)."""
    target = form.get(TARGET, "")
    out = form.copy()
    filled = Filled(target)
    if target not in targets:
        filled.error = NO_TARGET
        return out, filled
    layer = [t for t in targets if layer_of(t) == layer_of(target)]
    taken = {c for t in layer for c in form.getlist(t)}
    in_deck = set(deck)
    for f in reading.cards:
        card = _free(f.card, taken, in_deck)
        if card is None:
            continue
        taken.add(card)
        out.add(target, card)
        filled.added.append(card)
        if f.unsure:
            filled.unsure.append(card)
    return out, filled


def _free(card_id: str, taken: set[str], deck: set[str]) -> str | None:
    card = CARD_BY_ID.get(card_id)
    if card is None or card_id not in deck:
        return None
    if card_id not in taken:
        return card_id
    if card.chaff_group is None:
        return None
    same = sorted(
        c.id
        for c in CARD_BY_ID.values()
        if c.chaff_group == card.chaff_group and c.suit is card.suit and c.id in deck
    )
    return next((c for c in same if c not in taken), None)


def read_into_form(
    form: MultiDict[str, str],
    targets: Sequence[str],
    deck: Iterable[str],
    faces: Faces | None = None,
) -> tuple[MultiDict[str, str], Filled]:
    """This request's photo read into its round form (``fill``), against the table's taught
    deck's ``faces`` when it has one; a photo that cannot be read leaves the form as posted
    and says why."""
    try:
        reading = read(uploaded(), faces)
    except BadPhoto as exc:
        return form.copy(), Filled(form.get(TARGET, ""), error=exc.message)
    except Busy as exc:
        return form.copy(), Filled(
            form.get(TARGET, ""), error=exc.message, retry_after=exc.retry_after
        )
    return fill(form, targets, deck, reading)


def refused(filled: Filled) -> int:
    """A round form's status when its photo was not read: ``503`` while the readers are busy
    (the answer says when to try again, ``Retry-After``), else ``422``."""
    if filled.retry_after is None:
        return 422
    wait = str(filled.retry_after)

    @after_this_request
    def _retry_after(response: Response) -> Response:
        response.headers["Retry-After"] = wait
        return response

    return 503


def targets(players: int) -> list[str]:
    """The pickers of a pile form that a photo can fill: each player's pile, then hand."""
    return [f"p{i}_pile" for i in range(players)] + [f"p{i}_hand" for i in range(players)]
