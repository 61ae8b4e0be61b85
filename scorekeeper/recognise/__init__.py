"""Hanafuda cards found in a photo of a pile (issue 33): where each card lies and which it is.

Two small networks, built by ``./scripts/build-recogniser`` from the card art alone (synthetic
scenes; see recogniser/build.py) and shipped in ``model/`` as ONNX, run with onnxruntime:

1. a segmenter marks each card's centre (its "kernel": the middle 60 % of the card, so that
   cards that touch or slightly overlap still come apart) on the photo scaled to ``SEG_SIDE``;
2. each kernel only seeds the card's outline: the outlines around it (lengths, turns, places)
   are scored by how strongly the photo's edges run along their four sides, and the few best
   are kept (``_Edges``; a kernel's size and turn alone are often off);
3. each kept outline is warped upright from the photo (scaled to at most ``MAX_SIDE``) and a
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
from typing import Any, TypeAlias

import numpy as np

from scorekeeper.cards import CARDS
from scorekeeper.recognise.features import KERNEL, SEG_SIDE, crop, features, upright

Array: TypeAlias = np.ndarray[Any, Any]
"""An image or an array of figures, as numpy and OpenCV pass it (their own types are loose)."""

MODEL = Path(__file__).resolve().parent / "model"
#: The longest side find_cards works at: a larger image is scaled down to it first.
MAX_SIDE = 1600
#: Below this confidence a card is marked for the player to check (README: "From a photo").
UNSURE_BELOW = 0.8
#: The class of a crop that is no card (table, or the gap between two cards).
NONE = "none"
#: A kernel smaller than this (pixels of the segmenter's output) is noise.
_MIN_KERNEL = 12


@dataclass(frozen=True)
class Found:
    """A card found in a photo."""

    card: str  # a card id of scorekeeper.cards (e.g. "pine-crane", "pine-chaff-1")
    confidence: float  # 0..1 (a float is fine here: this is not scoring)
    box: tuple[int, int, int, int]  # x, y, w, h in the given image's pixels (axis-aligned bound)


#: Ids answered for each class, in order (a chaff group has two or three).
IDS_OF_CLASS: dict[str, list[str]] = {}
for _card in CARDS:
    IDS_OF_CLASS.setdefault(_card.chaff_group or _card.id, []).append(_card.id)


class _Model:
    """Both networks' sessions (onnxruntime sessions are safe to run from many threads)."""

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


def find_cards(image: Array) -> list[Found]:
    """The cards in ``image`` (H x W x 3 uint8, BGR as OpenCV reads it), in reading order."""
    import cv2

    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError("find_cards takes an H x W x 3 uint8 image")
    height, width = image.shape[:2]
    if min(height, width) < 16:
        return []
    scale = min(1.0, MAX_SIDE / max(height, width))
    work = image
    if scale < 1:
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        work = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    net = model()
    candidates = _kernels(net, work)
    if not candidates:
        return []
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    flat = [q for tried in candidates for q in tried]
    every = _classify(net, [crop(gray, q) for q in flat])
    none = net.classes.index(NONE)
    quads, rows, k = [], [], 0
    for tried in candidates:  # each kernel's surest rectangle
        p = every[k : k + len(tried)]
        sure = np.delete(p, none, axis=1).max(1)
        best = int(sure.argmax())
        quads.append(tried[best])
        rows.append(p[best])
        k += len(tried)
    quads, rows = _apart(quads, rows, none)
    found = _assign(net.classes, np.stack(rows), quads)
    out = []
    for card, confidence, quad in found:
        x0, y0 = np.floor(quad.min(0) / scale).astype(int)
        x1, y1 = np.ceil(quad.max(0) / scale).astype(int)
        x0, y0 = max(0, int(x0)), max(0, int(y0))
        x1, y1 = min(width, int(x1)), min(height, int(y1))
        out.append(Found(card, round(confidence, 4), (x0, y0, x1 - x0, y1 - y0)))
    return out


def _kernels(net: _Model, work: Array) -> list[list[Array]]:
    """For each card kernel, the card rectangles to try, as corners in ``work``'s pixels
    (top-left, top-right, bottom-right, bottom-left of the card upright, either way up)."""
    import cv2

    h, w = work.shape[:2]
    s = SEG_SIDE / max(h, w)
    sw, sh = max(16, round(w * s)), max(16, round(h * s))
    small = cv2.resize(work, (sw, sh), interpolation=cv2.INTER_AREA)
    pw, ph = -sw % 16, -sh % 16
    small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REFLECT)
    x = small.astype(np.float32).transpose(2, 0, 1)[None] / 255.0
    (logits,) = net.segment.run(None, {"image": x})
    out = logits[0, 0]
    step = small.shape[0] / out.shape[0]  # the segmenter answers at half resolution
    mask = (out[: int(sh / step), : int(sw / step)] > 0).astype(np.uint8)
    back = step / s  # segmenter output pixels -> work pixels
    edges = _Edges(work)
    candidates = []
    for pts in _blobs(mask):
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(pts)
        if rw > rh:  # the long side upright
            rw, rh, angle = rh, rw, angle + 90
        # the card's length from the kernel's, its width from the cards' shape; then the
        # length and turn whose outline lies best on the photo's edges
        length = max(rh + 1, (rw + 1) / ASPECT) / KERNEL
        long = rh > 1.25 * rw  # the kernel shows which way the card runs
        fits = edges.fit((cx * back, cy * back), length * back, angle, long)
        candidates.append(
            [
                upright(cv2.boxPoints((c, (length * f * ASPECT, length * f), turn)))
                for c, length, turn in fits
                for f in _SCALES
            ]
        )
    return candidates


#: A card's width over its length.
ASPECT = 976 / 1600
#: The card rectangles tried around each fitted outline (sizes): the classifier's surest one is
#: kept (a card's dark border gives a second outline just inside the card's own).
_SCALES = (1.0, 1.06, 1.12)
#: The sizes and turns (degrees) of the outlines tried against the photo's edges (a small
#: kernel's own rectangle may be a quarter turn out).
_FIT_SIZES = np.geomspace(0.5, 1.8, 32)
_FIT_TURNS = np.concatenate([np.arange(-15.0, 15.1, 3.0), np.arange(75.0, 105.1, 3.0)])
#: The finer turns tried once the outline's place is fitted.
_FIT_FINE_TURNS = np.arange(-4.0, 4.1, 1.0)
#: The turns tried around the edges' strongest direction.
_FIT_WAY = np.arange(-6.0, 6.1, 2.0)
#: How far (log of the ratio) a fitted length strays from the kernel's, softly.
_FIT_PRIOR = 0.5
#: How many different outlines are fitted around each kernel.
_FIT_KEEP = 5
#: The finer sizes tried once the outline's place is fitted.
_FIT_FINE = np.geomspace(0.85, 1.18, 12)
#: The places tried (shifts across and along the card, a fraction of its length).
_FIT_SHIFTS = np.linspace(-0.2, 0.2, 11)
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

    def fit(
        self, centre: tuple[float, float], length: float, angle: float, long: bool
    ) -> list[tuple[tuple[float, float], float, float]]:
        """Card outlines (centre, length, angle in the photo's working pixels) whose four sides
        follow the strongest edges, from the kernel's: the ``_FIT_KEEP`` best lengths and turns
        that differ, each then moved to its best place and its length and turn fitted again
        (the classifier takes the one it is surest of). When the kernel is ``long``, only turns
        near its own are tried (not a quarter turn out)."""
        cx0, cy0 = centre[0] * self.scale, centre[1] * self.scale
        size0, turn0 = length * self.scale, float(np.deg2rad(angle))
        ways = np.concatenate([np.deg2rad(_FIT_TURNS) + turn0, self.way(cx0, cy0, size0)])
        if long:  # within 30 degrees of the kernel's own way, either way up
            off = (ways - turn0 + np.pi / 2) % np.pi - np.pi / 2
            ways = ways[np.abs(off) < np.deg2rad(30)]
        sizes, turns = (a.ravel() for a in np.meshgrid(_FIT_SIZES * size0, ways))
        scores = self.score(np.full_like(sizes, cx0), np.full_like(sizes, cy0), sizes, turns)
        scores = scores * np.exp(-0.5 * (np.log(sizes / size0) / _FIT_PRIOR) ** 2)
        starts: list[tuple[float, float]] = []
        for k in np.argsort(-scores):
            size, turn = float(sizes[k]), float(turns[k])
            if all(
                abs(np.log(size / z)) > 0.1 or abs((turn - t + np.pi / 2) % np.pi - np.pi / 2) > 0.1
                for z, t in starts
            ):
                starts.append((size, turn))
                if len(starts) == _FIT_KEEP:
                    break
        out = []
        for size, turn in starts:
            # its place: shifted across and along the card
            du, dv = (a.ravel() * size for a in np.meshgrid(_FIT_SHIFTS * ASPECT, _FIT_SHIFTS))
            c, s = np.cos(turn), np.sin(turn)
            xs, ys = cx0 + du * c - dv * s, cy0 + du * s + dv * c
            k = int(self.score(xs, ys, np.full_like(xs, size), np.full_like(xs, turn)).argmax())
            cx, cy = float(xs[k]), float(ys[k])
            # then its length and turn, finely
            fs, ft = (
                a.ravel() for a in np.meshgrid(_FIT_FINE * size, np.deg2rad(_FIT_FINE_TURNS) + turn)
            )
            k = int(self.score(np.full_like(fs, cx), np.full_like(fs, cy), fs, ft).argmax())
            out.append(((cx / self.scale, cy / self.scale), fs[k] / self.scale, np.rad2deg(ft[k])))
        return out

    def way(self, cx: float, cy: float, size: float) -> Array:
        """Turns (radians) to try from the edges around a card's centre: their strongest
        direction (a card's straight sides run two ways a quarter turn apart), a little either
        side, both ways round."""
        h, w = self.gx.shape
        r = max(2, round(0.6 * size))
        x0, x1 = max(0, round(cx) - r), min(w, round(cx) + r)
        y0, y1 = max(0, round(cy) - r), min(h, round(cy) + r)
        gx, gy = self.gx[y0:y1, x0:x1], self.gy[y0:y1, x0:x1]
        if gx.size == 0:
            return np.zeros(0)
        m = gx * gx + gy * gy
        a = np.arctan2(gy, gx) * 4  # four-fold: the four sides' directions agree
        main = float(np.arctan2((m * np.sin(a)).sum(), (m * np.cos(a)).sum())) / 4
        near = np.deg2rad(_FIT_WAY)
        return np.concatenate([main + near, main + np.pi / 2 + near])

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


def _apart(quads: list[Array], rows: list[Array], none: int) -> tuple[list[Array], list[Array]]:
    """One card per place: a rectangle whose centre lies in the middle of a surer one (a
    piece of the same card's kernel), or that shares more than ``_OVERLAP`` of the smaller's
    area with a surer one, is dropped. Cards that touch or overlap a little keep their centres
    apart and share little."""
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
    return [quads[i] for i in kept], [rows[i] for i in kept]


def _blobs(mask: Array) -> list[Array]:
    """The kernels' pixels (x, y), one array each; a kernel much larger than the typical one
    (two cards' kernels run together) is split by eroding it until it comes apart."""
    import cv2

    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    areas = [int(stats[i, cv2.CC_STAT_AREA]) for i in range(1, count)]
    big = [a for a in areas if a >= _MIN_KERNEL]
    typical = float(np.median(big)) if big else 0.0
    out = []
    for i in range(1, count):
        area = areas[i - 1]
        if area < _MIN_KERNEL:
            continue
        blob = (labels == i).astype(np.uint8)
        parts = [blob]
        if len(big) > 2 and area > 1.7 * typical:
            kernel = np.ones((3, 3), np.uint8)
            eroded = blob
            for _ in range(4):
                eroded = cv2.erode(eroded, kernel)
                n, lab = cv2.connectedComponents(eroded, connectivity=4)
                pieces = [(lab == k).astype(np.uint8) for k in range(1, n)]
                pieces = [p for p in pieces if int(p.sum()) >= _MIN_KERNEL // 2]
                if len(pieces) >= 2:
                    grow = np.ones((3, 3), np.uint8)
                    parts = [cv2.dilate(p, grow, iterations=_ + 1) & blob for p in pieces]
                    break
        for part in parts:
            ys, xs = np.nonzero(part)
            out.append(np.stack([xs, ys], 1).astype(np.float32) + 0.5)
    return out


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


def _assign(classes: list[str], probs: Array, quads: list[Array]) -> list[tuple[str, float, Array]]:
    """Card ids for the crops, surest first, no id twice: a crop whose best class is used up
    takes its next likeliest (with that class's lower confidence); no-card crops are dropped.
    Answered in reading order (rows top to bottom, then left to right), chaff numbered so."""
    none = classes.index(NONE)
    left = Counter({c: len(IDS_OF_CLASS[c]) for c in classes if c != NONE})
    chosen: list[tuple[int, str, float]] = []
    for i in np.argsort(-probs.max(1)):
        p = probs[i]
        if p.argmax() == none:
            continue
        for k in np.argsort(-p):
            name = classes[int(k)]
            if name != NONE and left[name] > 0:
                left[name] -= 1
                chosen.append((int(i), name, float(p[k])))
                break
    if not chosen:
        return []
    centres = {i: quads[i].mean(0) for i, _, _ in chosen}
    row = float(np.median([np.linalg.norm(quads[i][0] - quads[i][1]) for i, _, _ in chosen]))
    chosen.sort(key=lambda t: (round(centres[t[0]][1] / max(row, 1.0)), centres[t[0]][0]))
    used: Counter[str] = Counter()
    out = []
    for i, name, confidence in chosen:
        out.append((IDS_OF_CLASS[name][used[name]], confidence, quads[i]))
        used[name] += 1
    return out


def class_names() -> list[str]:
    """The classifier's classes: one per card that can be told apart, one per month's chaff,
    and NONE (the builder writes them into model.json in this order)."""
    return [*IDS_OF_CLASS, NONE]


__all__ = ["MAX_SIDE", "UNSURE_BELOW", "Found", "class_names", "features", "find_cards"]
