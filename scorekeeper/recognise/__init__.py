"""Hanafuda cards found in a photo of a pile (issue 33): where each card lies and which it is.

Two small networks, built by ``./scripts/build-recogniser`` from the card art alone (synthetic
scenes; see recogniser/build.py) and shipped in ``model/`` as ONNX, run with onnxruntime:

1. a segmenter marks each card's centre (its "kernel": the middle 60 % of the card, so that
   cards that touch or slightly overlap still come apart) on the photo scaled to ``SEG_SIDE``,
   and on each kernel pixel says where its card's centre is, how long the card is and which
   way it runs; the pixels' votes for a centre make one card each (``_outlines``);
2. that outline is fitted to the photo's edges: moved a little, lengthened or shortened and
   turned until its four sides follow the strongest edges (``_Edges``), from the segmenter's
   turn and from the edges' own;
3. each outline is warped upright from the photo (scaled to at most ``MAX_SIDE``) and a
   classifier (a small network on the crop's gradient histograms and its coarse grayscale)
   names the card, from both ways up, so neither the plants' colour nor the card's direction
   matters; the outline it is surest of stands for the card.

A month's plain cards cannot be told apart in a game: the classifier has one class per month
for them and the answer numbers them (the first pine chaff found is ``pine-chaff-1``). No card
id is answered twice in one call. The photo is only read: nothing is written or kept.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import numpy as np

from scorekeeper.cards import CARDS
from scorekeeper.recognise import evidence
from scorekeeper.recognise.features import (
    KERNEL,
    LENGTH_UNIT,
    SEG_SIDE,
    crop,
    features,
    upright,
)

#: A card's face as a taught deck keeps it and compares it: upright, in colour, width x height.
FACE = (160, 256)
#: The embedder's input, width x height (recogniser/embedder.py trains on it).
EMBED = (96, 160)


Array: TypeAlias = np.ndarray[Any, Any]
"""An image or an array of figures, as numpy and OpenCV pass it (their own types are loose)."""

MODEL = Path(__file__).resolve().parent / "model"
#: The longest side find_cards works at: a larger image is scaled down to it first.
MAX_SIDE = 1600
#: The class of a crop that is no card (table, or the gap between two cards).
NONE = "none"
#: A kernel smaller than this (pixels of the segmenter's output) is noise.
_MIN_KERNEL = 12


class Faces(Protocol):
    """A taught deck's faces (``scorekeeper.recognise.decks.Faces``), as ``find_cards`` asks
    them."""

    def __len__(self) -> int: ...

    def likeness(self, crops: list[Array]) -> Array:
        """Each crop's likeness to the deck's most alike face of each class."""
        ...


@dataclass(frozen=True)
class Found:
    """A card found in a photo."""

    card: str  # a card id of scorekeeper.cards (e.g. "pine-crane", "pine-chaff-1")
    confidence: float  # 0..1 (a float is fine here: this is not scoring)
    box: tuple[int, int, int, int]  # x, y, w, h in the given image's pixels (axis-aligned bound)
    unsure: bool
    """Whether the player should check it: not every piece of evidence agreed (``_sure``)."""


#: Ids answered for each class, in order (a chaff group has two or three).
IDS_OF_CLASS: dict[str, list[str]] = {}
for _card in CARDS:
    IDS_OF_CLASS.setdefault(_card.chaff_group or _card.id, []).append(_card.id)


class _Model:
    """The networks' sessions (onnxruntime sessions are safe to run from many threads)."""

    def __init__(self) -> None:
        import onnxruntime as ort  # type: ignore[import-untyped, unused-ignore]

        meta = json.loads((MODEL / "model.json").read_text())
        self.classes: list[str] = meta["classes"]
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        providers = ["CPUExecutionProvider"]
        self.segment = ort.InferenceSession(str(MODEL / "segment.onnx"), opts, providers=providers)
        self.classify = ort.InferenceSession(
            str(MODEL / "classify.onnx"), opts, providers=providers
        )
        self.embed = ort.InferenceSession(str(MODEL / "embed.onnx"), opts, providers=providers)


_lock = threading.Lock()
_model: _Model | None = None


def model() -> _Model:
    """The networks, loaded once (on first use) and shared by every request."""
    global _model
    if _model is None:
        with _lock:
            if _model is None:
                _model = _Model()
    return _model


def find_cards(image: Array, deck: Faces | None = None) -> list[Found]:
    """The cards in ``image`` (H x W x 3 uint8, BGR as OpenCV reads it), in reading order;
    with ``deck`` (a taught deck's faces), read against those faces first."""
    work, scale = _work(image)
    if work is None:
        return []
    seen = _seen(work)
    if not seen:
        return []
    found = _assign(model().classes, seen, _witnesses(seen, deck))
    height, width = image.shape[:2]
    return [
        Found(card, round(confidence, 4), _box(quad, scale, width, height), unsure)
        for card, confidence, unsure, quad in found
    ]


def _work(image: Array) -> tuple[Array | None, float]:
    """The photo as the recogniser works on it (its longest side at most ``MAX_SIDE``) and
    the scale from the photo to it; ``None`` for a photo too small to hold a card."""
    import cv2

    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError("find_cards takes an H x W x 3 uint8 image")
    height, width = image.shape[:2]
    if min(height, width) < 16:
        return None, 1.0
    scale = min(1.0, MAX_SIDE / max(height, width))
    work = image
    if scale < 1:
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        work = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return work, scale


def face_crop(image: Array, quad: Array) -> Array:
    """The card at ``quad`` warped upright to ``FACE``, in colour (as ``image``)."""
    import cv2

    w, h = FACE
    box = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), box)
    result: Array = cv2.warpPerspective(
        image, m, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    return result


def _box(quad: Array, scale: float, width: int, height: int) -> tuple[int, int, int, int]:
    """The axis-aligned bound of a card's corners (``work`` pixels) in the photo's pixels."""
    x0, y0 = np.floor(quad.min(0) / scale).astype(int)
    x1, y1 = np.ceil(quad.max(0) / scale).astype(int)
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(width, int(x1)), min(height, int(y1))
    return (x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Seen:
    """One card's place in the working photo, as read: its corners (upright, either way up),
    the classifier's probabilities, and the card cut upright in colour."""

    quad: Array
    probs: Array
    colour: Array
    """The card upright in colour (BGR, ``FACE`` size): what the embedder and a taught deck
    read."""


def _seen(work: Array, side: int = SEG_SIDE) -> list[Seen]:
    """Every card the segmenter marks in ``work`` (scaled to ``side`` for it), at its surest
    outline, one card a place."""
    import cv2

    net = model()
    candidates = _kernels(net, work, side)
    if candidates and _longest(candidates) * side / max(work.shape[:2]) > _BIG:
        # a card larger than the segmenter learnt them is seen in pieces: look from further
        candidates = _kernels(net, work, round(side * _FURTHER)) or candidates
    if not candidates:
        return []
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    flat = [q for tried in candidates for q in tried]
    crops = [crop(gray, q) for q in flat]
    every = _classify(net, crops)
    none = net.classes.index(NONE)
    quads, rows, k = [], [], 0
    for tried in candidates:  # each kernel's surest rectangle
        p = every[k : k + len(tried)]
        sure = np.delete(p, none, axis=1).max(1)
        best = int(sure.argmax())
        quads.append(tried[best])
        rows.append(p[best])
        k += len(tried)
    kept = _apart(quads, rows, none)
    return [Seen(quads[i], rows[i], face_crop(work, quads[i])) for i in kept]


#: A card found longer than this (pixels of the segmenter's input) is larger than the cards it
#: learnt from (a card filling the frame): the segmenter then looks again at ``_FURTHER`` of
#: the size, where such a card is whole to it.
_BIG = 100
_FURTHER = 0.75


def _longest(candidates: list[list[Array]]) -> float:
    """The longest card among the segmenter's own outlines (the first tried of each)."""
    return max(float(np.linalg.norm(tried[0][1] - tried[0][2])) for tried in candidates)


def _kernels(net: _Model, work: Array, side: int = SEG_SIDE) -> list[list[Array]]:
    """For each card the segmenter marks, the card rectangles to try, as corners in ``work``'s
    pixels (top-left, top-right, bottom-right, bottom-left of the card upright, either way up):
    the segmenter's own outline and that outline fitted to the photo's edges, each at a few
    sizes."""
    import cv2

    h, w = work.shape[:2]
    s = side / max(h, w)
    sw, sh = max(16, round(w * s)), max(16, round(h * s))
    small = cv2.resize(work, (sw, sh), interpolation=cv2.INTER_AREA)
    pw, ph = -sw % 16, -sh % 16
    small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REFLECT)
    x = small.astype(np.float32).transpose(2, 0, 1)[None] / 255.0
    (logits,) = net.segment.run(None, {"image": x})
    step = small.shape[0] / logits.shape[2]  # the segmenter answers at half resolution
    out = logits[0, :, : int(sh / step), : int(sw / step)]
    back_x, back_y = step * w / sw, step * h / sh  # segmenter output pixels -> work pixels
    marked = _outlines(out)
    if not marked:
        return []
    edges = _Edges(work)  # only once a card is marked: a blank photo needs no edges
    candidates = []
    for (cx, cy), length, angle in marked:
        centre, length, turn = (
            (cx * back_x, cy * back_y),
            length * (back_x + back_y) / 2,
            angle - 90,
        )
        if length < _SMALLEST:
            continue  # too small to read (a speck of a small photo blown up)
        outlines = [(centre, length, turn), edges.refine(centre, length, turn)]
        square = edges.square(centre, length, turn)
        for t in (square, square + 90):  # a card's way from its edges alone is a quarter out
            if abs((t - turn + 90) % 180 - 90) > _SQUARE_APART:
                outlines.append(edges.refine(centre, length, t))
        candidates.append(
            [
                upright(cv2.boxPoints((c, (size * f * ASPECT, size * f), t)))
                for c, size, t in outlines
                for f in _SCALES
            ]
        )
    return candidates


#: The edges' own turn is tried too when it is more than this (degrees) from the segmenter's.
_SQUARE_APART = 3.0
#: A card is marked by at least this share of its kernel's pixels voting for its centre.
_SUPPORT = 0.3
#: At most this many cards are read from one photo (the deck has 48): the work stays bounded
#: whatever the photo.
_MOST = 48
#: A card shorter than this (pixels of the photo as worked on) is too small to read.
_SMALLEST = 40
#: Votes for a card's centre closer than this (a share of its length) are one card's.
_SAME_CARD = 0.2


def _densest(vx: Array, vy: Array, reach: Array) -> Array:
    """Which of the votes (x, y, each with its reach) gather around the place most of them
    agree on: the vote with the most others within its reach (among at most 200 of them),
    then those within reach of their median there."""
    pick = np.linspace(0, len(vx) - 1, min(len(vx), 200)).round().astype(int)
    px, py = vx[pick], vy[pick]
    close = np.hypot(px[:, None] - px[None], py[:, None] - py[None]) < reach[pick][:, None]
    np.fill_diagonal(close, True)  # each vote agrees with itself (even one that is no number)
    seed = int(close.sum(1).argmax())
    mx, my = float(np.median(px[close[seed]])), float(np.median(py[close[seed]]))
    result: Array = np.nonzero(np.hypot(vx - mx, vy - my) < reach)[0]
    return result


def _outlines(out: Array) -> list[tuple[tuple[float, float], float, float]]:
    """The cards the segmenter marks (centre, length in its output pixels, and the angle in
    degrees its long sides run at), the best marked first: each kernel pixel votes for its
    card's centre, length and way; a kernel whose votes gather in two places (two cards'
    kernels run together) is two."""
    import cv2

    mask = (out[0] > 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    found: list[tuple[int, tuple[float, float], float, float]] = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < _MIN_KERNEL:
            continue
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
        found.extend(_cards_voted(out, ys + y, xs + x))
        if len(found) >= 2 * _MOST:
            break  # a photo of specks: enough
    found.sort(key=lambda f: -f[0])  # the best marked first, as many as a deck has
    return [(centre, size, angle) for _, centre, size, angle in found[:_MOST]]


def _cards_voted(
    out: Array, ys: Array, xs: Array
) -> list[tuple[int, tuple[float, float], float, float]]:
    """The cards one kernel's pixels (at ``ys``, ``xs``) vote for: how many pixels voted for
    each, its centre, length and angle (as ``_outlines``)."""
    ok = np.isfinite(out[1:6, ys, xs]).all(0)  # a vote that is no number is no vote
    ys, xs = ys[ok], xs[ok]
    length = LENGTH_UNIT * np.exp(np.clip(out[3, ys, xs], -2.0, 2.5))  # 2..195 pixels
    vx = xs + 0.5 + out[1, ys, xs] * length
    vy = ys + 0.5 + out[2, ys, xs] * length
    left = np.ones(len(xs), bool)
    found = []
    for _ in range(2 * _MOST):  # a kernel voting for more places than that is no card's
        idx = np.nonzero(left)[0]
        if len(idx) < _MIN_KERNEL:
            break
        near = idx[_densest(vx[idx], vy[idx], _SAME_CARD * length[idx])]
        if len(near) < _MIN_KERNEL // 2:
            break
        left[near] = False
        size = float(np.median(length[near]))
        if len(near) < _SUPPORT * KERNEL * KERNEL * ASPECT * size * size:
            continue  # a few pixels' say: a scrap of the table, or a card's edge
        mx, my = float(np.median(vx[near])), float(np.median(vy[near]))
        way = np.arctan2(out[5, ys[near], xs[near]].sum(), out[4, ys[near], xs[near]].sum())
        found.append((len(near), (mx, my), size, float(np.rad2deg(way / 2))))
    return found


#: A card's width over its length.
ASPECT = 976 / 1600
#: The card rectangles tried around each outline (sizes): the classifier's surest one is kept
#: (the segmenter's lengths are a tenth out either way at times; a card's dark border gives a
#: second outline just inside the card's own).
_SCALES = (0.9, 1.0, 1.1)
#: Around the segmenter's outline, the places (shifts across and along the card, a share of
#: its length), then the lengths and turns (degrees) tried against the photo's edges.
_FIT_SHIFTS = np.linspace(-0.08, 0.08, 9)
_FIT_SIZES = np.geomspace(0.88, 1.14, 11)
_FIT_TURNS = np.arange(-4.0, 4.1, 1.0)
#: Points along each side of an outline where the edge is measured.
_FIT_POINTS = 24
#: A card outline's four sides in card units (x across, y along; the centre at 0, 0): the
#: middle of each side and whether it is a long one.
_SIDES = (((0.0, -0.5), False), ((0.0, 0.5), False), ((-0.5, 0.0), True), ((0.5, 0.0), True))


class _Edges:
    """The photo's edges (its smoothed gray's gradient), for fitting card outlines to them."""

    def __init__(self, work: Array) -> None:
        import cv2

        h, w = work.shape[:2]
        self.scale = min(1.0, 640 / max(h, w))
        size = (max(1, round(w * self.scale)), max(1, round(h * self.scale)))
        small = cv2.resize(work, size, interpolation=cv2.INTER_AREA)
        gray: Array = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
        gray = cv2.GaussianBlur(gray, (0, 0), 1.2)
        self.gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
        self.gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)

    def refine(
        self, centre: tuple[float, float], length: float, turn: float
    ) -> tuple[tuple[float, float], float, float]:
        """The outline near the given one (centre, length, turn in degrees, in the photo's
        working pixels) whose four sides follow the strongest edges: first its place, shifted
        a little across and along the card, then its length and turn."""
        cx, cy = centre[0] * self.scale, centre[1] * self.scale
        size, way = length * self.scale, float(np.deg2rad(turn))
        du, dv = (a.ravel() * size for a in np.meshgrid(_FIT_SHIFTS * ASPECT, _FIT_SHIFTS))
        c, s = np.cos(way), np.sin(way)
        xs, ys = cx + du * c - dv * s, cy + du * s + dv * c
        k = int(self.score(xs, ys, np.full_like(xs, size), np.full_like(xs, way)).argmax())
        cx, cy = float(xs[k]), float(ys[k])
        fs, ft = (a.ravel() for a in np.meshgrid(_FIT_SIZES * size, np.deg2rad(_FIT_TURNS) + way))
        k = int(self.score(np.full_like(fs, cx), np.full_like(fs, cy), fs, ft).argmax())
        place = (cx / self.scale, cy / self.scale)
        return place, float(fs[k]) / self.scale, float(np.rad2deg(ft[k]))

    def square(self, centre: tuple[float, float], length: float, turn: float) -> float:
        """The turn (degrees) nearest ``turn`` that the edges around the card's centre run at
        most strongly (a card's straight sides, and its neighbours', run two ways a quarter
        turn apart; the art's lines run every way)."""
        h, w = self.gx.shape
        cx, cy = centre[0] * self.scale, centre[1] * self.scale
        r = max(2, round(0.6 * length * self.scale))
        x0, x1 = max(0, round(cx) - r), min(w, round(cx) + r)
        y0, y1 = max(0, round(cy) - r), min(h, round(cy) + r)
        gx, gy = self.gx[y0:y1, x0:x1], self.gy[y0:y1, x0:x1]
        if gx.size == 0:
            return turn
        m = gx * gx + gy * gy
        a = np.arctan2(gy, gx) * 4  # four-fold: the four sides' directions agree
        main = float(np.rad2deg(np.arctan2((m * np.sin(a)).sum(), (m * np.cos(a)).sum()))) / 4
        return turn + ((main - turn + 45) % 90 - 45)

    def score(
        self,
        cx: Array,
        cy: Array,
        sizes: Array,
        turns: Array,
    ) -> Array:
        """How well each outline lies on the photo's edges: each side's median edge strength
        across it, summed (a line of the art crosses a side in a few points only)."""
        import cv2

        t = (np.arange(_FIT_POINTS) + 0.5) / _FIT_POINTS - 0.5  # along a side, -0.5 .. 0.5
        c, s = np.cos(turns)[:, None], np.sin(turns)[:, None]
        scores = np.zeros(len(sizes), np.float32)
        for (ox, oy), long in _SIDES:
            # card units to pixels: x by the card's width, y by its length, then turned
            u = (ox + t * (not long))[None] * sizes[:, None] * ASPECT
            v = (oy + t * long)[None] * sizes[:, None]
            px = (cx[:, None] + u * c - v * s).astype(np.float32)
            py = (cy[:, None] + u * s + v * c).astype(np.float32)
            gx = cv2.remap(self.gx, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
            gy = cv2.remap(self.gy, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
            # the gradient across the side: along the card's x axis for a long side, y for short
            across = np.abs(gx * c + gy * s) if long else np.abs(gy * c - gx * s)
            scores += np.median(across, axis=1)
        return scores


#: Cards laid out overlap a little; two outlines sharing more than this are one card.
_OVERLAP = 0.3


def _apart(quads: list[Array], rows: list[Array], none: int) -> list[int]:
    """One card per place (the indices kept, in their order): a rectangle whose centre lies
    in the middle of a surer one (a piece of the same card's kernel), or that shares more than
    ``_OVERLAP`` of the smaller's area with a surer one, is dropped. Cards that touch or
    overlap a little keep their centres apart and share little."""
    import cv2

    order = sorted(range(len(quads)), key=lambda i: -float(np.delete(rows[i], none).max()))
    kept: list[int] = []
    for i in order:
        centre = quads[i].mean(0)
        inside = False
        for k in kept:
            c = quads[k].mean(0)
            middle = (c + (quads[k] - c) * 0.7).astype(np.float32)
            if cv2.pointPolygonTest(middle, (float(centre[0]), float(centre[1])), False) >= 0:
                inside = True
                break
            shared, _ = cv2.intersectConvexConvex(quads[i], quads[k])
            if shared > _OVERLAP * min(cv2.contourArea(quads[i]), cv2.contourArea(quads[k])):
                inside = True  # a piece of that card, or a card fitted across two
                break
        if not inside:
            kept.append(i)
    kept.sort()
    return kept


def _classify(net: _Model, crops: list[Array]) -> Array:
    """Class probabilities of each crop, averaged over the crop and the crop turned round."""
    feats = [features(c) for c in crops] + [
        features(np.ascontiguousarray(c[::-1, ::-1])) for c in crops
    ]
    (logits,) = net.classify.run(None, {"features": np.stack(feats)})
    e = np.exp(logits - logits.max(1, keepdims=True))
    p = e / e.sum(1, keepdims=True)
    n = len(crops)
    result: Array = (p[:n] + p[n:]) / 2
    return result


def _witnesses(seen: list[Seen], deck: Faces | None) -> evidence.Witnesses:
    """What the models say of the cards seen: the classifier's probabilities, the embedder's
    cosines for each crop both ways up, and a taught deck's likeness."""
    faces = [s.colour for s in seen]
    turned = [np.ascontiguousarray(f[::-1, ::-1]) for f in faces]
    _, cosines = _embedded(faces + turned)
    n = len(seen)
    taught = deck.likeness(faces) if deck is not None and len(deck) else None
    probs = np.stack([s.probs for s in seen])
    return evidence.Witnesses(probs, cosines[:n], cosines[n:], taught)


def _assign(
    classes: list[str], seen: list[Seen], witnesses: evidence.Witnesses
) -> list[tuple[str, float, bool, Array]]:
    """Card ids for the cards seen, surest first, no id twice: a card whose class is used up
    takes its next likeliest that is not (and is unsure); no-card crops are dropped. Answered
    in reading order (rows top to bottom, then left to right), chaff numbered so."""
    counts = {c: len(IDS_OF_CLASS[c]) for c in classes if c != NONE}
    decisions = evidence.constrain(evidence.decide(classes, NONE, witnesses), counts)
    mean = (witnesses.cosines + witnesses.turned) / 2
    left = Counter(counts)
    chosen: list[tuple[int, str, float, bool]] = []
    for i in sorted(
        range(len(seen)), key=lambda i: (decisions[i].unsure, -decisions[i].confidence)
    ):
        d = decisions[i]
        if d.name is None:
            continue
        if left[d.name] > 0:
            left[d.name] -= 1
            chosen.append((i, d.name, d.confidence, d.unsure))
            continue
        for k in np.argsort(-mean[i]):  # used up: the next likeliest class with room
            name = classes[int(k)]
            if name != NONE and left[name] > 0:
                left[name] -= 1
                chosen.append((i, name, float(d.confidence), True))
                break
    if not chosen:
        return []
    quads = [s.quad for s in seen]
    centres = {i: quads[i].mean(0) for i, *_ in chosen}
    row = float(np.median([np.linalg.norm(quads[i][0] - quads[i][1]) for i, *_ in chosen]))
    chosen.sort(key=lambda t: (round(centres[t[0]][1] / max(row, 1.0)), centres[t[0]][0]))
    used: Counter[str] = Counter()
    out = []
    for i, name, confidence, unsure in chosen:
        out.append((IDS_OF_CLASS[name][used[name]], confidence, unsure, quads[i]))
        used[name] += 1
    return out


def _embedded(faces: list[Array]) -> tuple[Array, Array]:
    """The embedder's unit vector for each face crop and its cosine to each class's built-in
    reference (in ``model().classes`` order)."""
    import cv2

    w, h = EMBED
    crops = [cv2.resize(f, (w, h), interpolation=cv2.INTER_AREA) for f in faces]
    x = np.stack(crops).astype(np.float32).transpose(0, 3, 1, 2)
    vectors, cosines = model().embed.run(None, {"crops": x})
    return vectors, cosines


def class_names() -> list[str]:
    """The classifier's classes: one per card that can be told apart, one per month's chaff,
    and NONE (the builder writes them into model.json in this order)."""
    return [*IDS_OF_CLASS, NONE]


__all__ = [
    "FACE",
    "MAX_SIDE",
    "Found",
    "Seen",
    "class_names",
    "features",
    "find_cards",
]
