"""Synthetic photos of hanafuda cards on generated tables, for the builder, the bench and the
tests (numpy and OpenCV only; no photos of anything).

A scene is a table (wood grain, cloth weave, paper or felt, all generated), cards laid on it
(rotated by any angle, some upside down, touching or slightly overlapping, with a drop shadow),
then a phone's view of it: a perspective tilt, uneven light and a shadow, blur, noise, colour cast
and JPEG loss. Faces are recoloured toward real decks: black (or dark) plants and a dark border.
Everything comes from ``numpy.random.Generator``: the same seed gives the same scene.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from recogniser import things
from scorekeeper.recognise.features import LENGTH_UNIT

HERE = Path(__file__).resolve().parent
ART = HERE / "cardart"
RENDERS = HERE / "renders"
TABLES = ("wood", "cloth", "paper", "felt")
#: The art's file name (without the month) to the card id of scorekeeper.cards.
_KINDS = {
    "bright-crane": "pine-crane",
    "bright-curtain": "cherry-curtain",
    "bright-moon": "susuki-moon",
    "bright-rain-man": "willow-rainman",
    "bright-phoenix": "paulownia-phoenix",
    "animal-bush-warbler": "plum-warbler",
    "animal-cuckoo": "wisteria-cuckoo",
    "animal-bridge": "iris-bridge",
    "animal-butterflies": "peony-butterflies",
    "animal-boar": "bushclover-boar",
    "animal-geese": "susuki-geese",
    "animal-sake-cup": "chrysanthemum-cup",
    "animal-deer": "maple-deer",
    "animal-swallow": "willow-swallow",
    "chaff-lightning": "willow-lightning",
}
_MONTHS = [
    "pine",
    "plum",
    "cherry",
    "wisteria",
    "iris",
    "peony",
    "bushclover",
    "susuki",
    "chrysanthemum",
    "maple",
    "willow",
    "paulownia",
]


def card_ids() -> list[str]:
    """The card id of each face in the manifest's order (the renders' order)."""
    with (ART / "manifest.csv").open(newline="") as f:
        names = [row["new_name"] for row in csv.DictReader(f)]
    ids = []
    for name in names:
        month, kind = int(name[:2]), name[3:-4]
        suit = _MONTHS[month - 1]
        if kind in _KINDS:
            ids.append(_KINDS[kind])
        elif kind.startswith("ribbon"):
            ids.append(f"{suit}-ribbon")
        else:  # chaff-1, chaff-2, chaff-2-yellow, chaff-3
            ids.append(f"{suit}-chaff-{kind.split('-')[1]}")
    return ids


def load_faces(which: str = "train") -> np.ndarray:
    """48 BGRA faces (N x H x W x 4) rendered by recogniser/render.py."""
    with np.load(RENDERS / f"{which}.npz") as data:
        return np.asarray(data["faces"])


# --- tables -----------------------------------------------------------------------------------


def _noise(rng: np.random.Generator, h: int, w: int, scale: float) -> np.ndarray:
    """Smooth noise in 0..1 with features about ``scale`` px across."""
    sh, sw = max(2, int(h / scale) + 2), max(2, int(w / scale) + 2)
    small = rng.random((sh, sw)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _colour(rng: np.random.Generator, base: tuple[int, int, int], spread: int) -> np.ndarray:
    return np.clip(np.array(base) + rng.integers(-spread, spread + 1, 3), 0, 255).astype(np.float32)


def _bgr(values: np.ndarray) -> tuple[int, int, int]:
    """Three drawn channel values as a BGR colour."""
    b, g, r = (int(v) for v in values)
    return b, g, r


def table(rng: np.random.Generator, h: int, w: int, kind: str | None = None) -> np.ndarray:
    """A generated table top, BGR uint8."""
    kind = kind or str(rng.choice(TABLES))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img: np.ndarray
    if kind == "wood":
        angle = rng.uniform(0, np.pi)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        v = -xx * np.sin(angle) + yy * np.cos(angle)
        warp = _noise(rng, h, w, rng.uniform(60, 200)) * rng.uniform(10, 60)
        period = rng.uniform(4, 18)
        grain = 0.5 + 0.5 * np.sin((v + warp) / period * 2 * np.pi)
        grain = grain ** rng.uniform(0.5, 3)
        fine = _noise(rng, h, w, 3) * 0.3
        streak = _noise(rng, int(h), int(w), rng.uniform(20, 80))
        t = (0.55 * grain + 0.25 * streak + fine)[..., None]
        plank = rng.uniform(80, 300)
        t = t * (0.85 + 0.15 * ((u // plank) % 2))[..., None]
        dark = _colour(rng, (30, 60, 100), 30)
        light = _colour(rng, (90, 150, 200), 40)
        img = dark + (light - dark) * np.clip(t, 0, 1)
    elif kind == "cloth":
        period = rng.uniform(3, 9)
        angle = rng.uniform(0, np.pi)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        v = -xx * np.sin(angle) + yy * np.cos(angle)
        weave = np.sin(u / period * np.pi) * np.sin(v / period * np.pi)
        pattern = np.zeros((h, w), np.float32)
        if rng.random() < 0.5:  # a check or stripes woven in
            big = rng.uniform(20, 90)
            pattern = ((u // big) % 2 + (v // big) % 2) * 0.25
        base = _colour(rng, _bgr(rng.integers(30, 230, 3)), 0)
        other = _colour(rng, _bgr(rng.integers(30, 230, 3)), 0)
        t = (0.5 + 0.25 * weave + 0.2 * _noise(rng, h, w, 40))[..., None]
        img = base * t * 1.3 + other * pattern[..., None] * rng.uniform(0, 0.8)
    elif kind == "paper":
        base = _colour(rng, (225, 232, 236), 25)
        fibres = _noise(rng, h, w, 2) * 0.06 + _noise(rng, h, w, 60) * 0.08
        img = base * (0.9 + fibres)[..., None]
        if rng.random() < 0.4:  # ruled or squared paper
            step = rng.uniform(15, 40)
            lines = ((yy % step) < 1.2) | ((xx % step) < 1.2) * (rng.random() < 0.5)
            img[lines] *= rng.uniform(0.7, 0.9)
    else:  # felt
        base = _colour(rng, _bgr(rng.integers(20, 200, 3)), 0)
        t = 0.8 + 0.25 * _noise(rng, h, w, 1.5) + 0.15 * _noise(rng, h, w, 30)
        img = base * t[..., None]
    top: np.ndarray = np.clip(img, 0, 255).astype(np.uint8)
    return top


# --- faces ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """How a deck's faces differ from the art: the plants' colour and the border."""

    plants: tuple[int, int, int] | None  # BGR the green turns to; None keeps the green
    border: float  # the dark border's width, a fraction of the card's width
    border_colour: tuple[int, int, int] = (20, 20, 20)
    paper: tuple[int, int, int] | None = None  # the card's paper colour (cream, white, yellowed)


def random_look(rng: np.random.Generator, held_out: bool = False) -> Look:
    """Mostly black plants and a black border, as real decks; the bench's looks are colours and
    widths training never saw."""
    plants: tuple[int, int, int] | None
    if held_out:
        plants = [(35, 30, 30), (20, 35, 50), (50, 30, 20), (10, 10, 10)][int(rng.integers(4))]
        return Look(
            plants,
            float(rng.uniform(0.045, 0.07)),
            (int(rng.integers(0, 25)), 10, int(rng.integers(0, 40))),
            (int(rng.integers(200, 235)), int(rng.integers(215, 240)), int(rng.integers(225, 250))),
        )
    r = rng.random()
    if r < 0.2:
        plants = None
    else:
        g = int(rng.integers(0, 70))
        plants = (g + int(rng.integers(-10, 11)) % 20, g, g + int(rng.integers(0, 25)))
    border = 0.0 if rng.random() < 0.25 else float(rng.uniform(0.01, 0.045))
    grey = int(rng.integers(0, 60))
    paper = None if rng.random() < 0.4 else _bgr(rng.integers(200, 256, 3))
    return Look(plants, border, (grey, grey, grey), paper)


def dress(face: np.ndarray, look: Look) -> np.ndarray:
    """A BGRA face recoloured to ``look``."""
    out = face.copy()
    bgr = out[..., :3]
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    if look.plants is not None:
        green = (h >= 35) & (h <= 95) & (s > 60) & (v > 40)
        shade = (v[green].astype(np.float32) / 178.0)[:, None]
        bgr[green] = np.clip(np.array(look.plants, np.float32) * shade + 8 * (shade - 1), 0, 255)
    if look.paper is not None:
        cream = (s < 30) & (v > 200)
        bgr[cream] = look.paper
    if look.border > 0:
        height, width = face.shape[:2]
        b = max(1, round(look.border * width))
        ring = np.zeros((height, width), np.uint8)
        ring[:] = 255
        cv2.rectangle(ring, (b, b), (width - 1 - b, height - 1 - b), 0, -1)
        bgr[ring > 0] = look.border_colour
    return out


# --- scenes -----------------------------------------------------------------------------------

ASPECT = 976 / 1600  # width / height of a card


@dataclass
class Scene:
    image: np.ndarray  # H x W x 3 BGR uint8
    cards: list[int]  # face index of each card, bottom first
    quads: list[np.ndarray]  # 4 x 2 corners (top-left, top-right, bottom-right, bottom-left)
    whole: list[bool]  # the card lies wholly inside the photo (a cut one may be left out)
    covered: list[float] = field(default_factory=list)  # fraction hidden by cards above it
    things: list[tuple[float, float]] = field(default_factory=list)  # centres of no cards

    @property
    def expected(self) -> list[int]:
        """Face indexes of the cards a recogniser must find (inside the photo, mostly seen)."""
        return [
            c for c, w, f in zip(self.cards, self.whole, self.covered, strict=True) if w and f < 0.3
        ]


def _layout(
    rng: np.random.Generator, n: int, w: int, h: int, turned: float = 0.3
) -> tuple[float, list[tuple[tuple[float, float], float]]]:
    """Card length and (centre, angle in degrees) of each card: rows of a spread pile, or cards
    scattered, or one card filling much of the frame; ``turned`` of them at any angle."""
    if n == 1:
        length = rng.uniform(0.55, 0.92) * min(h, w / ASPECT)
        angle = float(rng.choice([0, 90, 180, 270]) + rng.uniform(-25, 25))
        if rng.random() < turned:
            angle = float(rng.uniform(0, 360))
        c = (w / 2 + rng.uniform(-0.05, 0.05) * w, h / 2 + rng.uniform(-0.05, 0.05) * h)
        return length, [(c, angle)]
    cols = max(1, round(np.sqrt(n * w / h * 1.6 * ASPECT)))
    rows = int(np.ceil(n / cols))
    # touching, a little apart or slightly overlapping (negative), as a pile is spread out by
    # hand: never stacked. The slack keeps a card's small turn from covering its neighbour.
    gap = rng.uniform(-0.1, 0.1)
    across, down = ASPECT * (1 + gap) + 0.04, 1 + gap + 0.03
    length = min(h * 0.92 / (rows * down + 0.1), w * 0.92 / (cols * across + 0.1))
    length *= rng.uniform(0.8, 1.0)
    turn = float(rng.uniform(0, 360)) if rng.random() < turned else float(rng.choice([0, 180]))
    placed = []
    cx0 = w / 2 - (cols - 1) / 2 * length * across
    cy0 = h / 2 - (rows - 1) / 2 * length * down
    for i in range(n):
        r, c = divmod(i, cols)
        x = cx0 + c * length * across + rng.normal(0, 0.012) * length
        y = cy0 + r * length * down + rng.normal(0, 0.012) * length
        a = turn + (180 if rng.random() < 0.3 else 0) + float(np.clip(rng.normal(0, 2.5), -5, 5))
        placed.append(((x, y), a))
    if abs(turn % 180) > 1:  # the whole layout turned rigidly (each card's angle has the turn
        # already), shrunk to fit the frame
        centre = np.array([w / 2, h / 2])
        t = np.deg2rad(turn)
        rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
        moved = [centre + rot @ (np.array(p) - centre) for p, _ in placed]
        corners = np.concatenate(
            [_quad(tuple(m), a, length) for m, (_, a) in zip(moved, placed, strict=True)]
        )
        span = np.abs(corners - centre).max(0)
        fit = min(1.0, 0.46 * w / span[0], 0.46 * h / span[1])
        length *= fit
        placed = [
            (tuple(centre + fit * (m - centre)), a) for m, (_, a) in zip(moved, placed, strict=True)
        ]
    return length, placed


def _quad(centre: tuple[float, float], angle: float, length: float) -> np.ndarray:
    hw, hh = length * ASPECT / 2, length / 2
    corners = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]], np.float32)
    t = np.deg2rad(angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]], np.float32)
    return corners @ rot.T + np.array(centre, np.float32)


def _paste(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray, shadow: float) -> None:
    """Warp a BGRA face onto ``canvas`` (float32 BGR) at ``quad``, with a soft drop shadow."""
    fh, fw = face.shape[:2]
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    x0, y0 = np.floor(quad.min(0)).astype(int) - 12
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 12
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1 <= x0 or y1 <= y0:
        return
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    warped = cv2.warpPerspective(face, m, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA)
    alpha = warped[..., 3:].astype(np.float32) / 255
    roi = canvas[y0:y1, x0:x1]
    if shadow > 0:
        k = max(3, int(0.04 * np.linalg.norm(quad[0] - quad[2])) | 1)
        sh = cv2.GaussianBlur(alpha[..., 0], (k, k), 0)
        sh = np.roll(sh, (k // 3, k // 3), (0, 1))
        roi *= (1 - shadow * sh)[..., None]
    roi[:] = roi * (1 - alpha) + warped[..., :3].astype(np.float32) * alpha


def _photo(rng: np.random.Generator, img: np.ndarray, hard: float) -> np.ndarray:
    """A phone's view: uneven light, a shadow, colour cast, blur, noise, JPEG."""
    h, w = img.shape[:2]
    light = 1 + (_noise(rng, h, w, max(h, w) / 1.5) - 0.5) * rng.uniform(0.2, 0.7) * hard
    img = img * light[..., None]
    if rng.random() < 0.5 * hard:  # a hand's or a phone's shadow
        pts = rng.uniform(0, 1, (5, 2)) * [w, h]
        pts[:2] = pts[:2] * [1, 0.2]
        mask: np.ndarray = np.zeros((h, w), np.float32)
        cv2.fillPoly(mask, [cv2.convexHull(pts.astype(np.int32))], 1.0)
        k = int(max(h, w) * 0.05) | 1
        mask = cv2.GaussianBlur(mask, (k, k), 0)
        img = img * (1 - rng.uniform(0.2, 0.5) * mask)[..., None]
    img = img * rng.uniform(0.85, 1.12, 3) * rng.uniform(0.7, 1.15)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        s = rng.uniform(0.3, 1.4 * hard + 0.3)
        img = cv2.GaussianBlur(img, (0, 0), s)
    noise = rng.normal(0, rng.uniform(1, 7 * hard + 1), img.shape)
    img = np.clip(img + noise, 0, 255).astype(np.uint8)
    _, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 90))])
    photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    assert photo is not None, "OpenCV decodes the JPEG it has just encoded"
    return photo


def scene(
    rng: np.random.Generator,
    faces: np.ndarray,
    n: int,
    size: tuple[int, int] = (1024, 768),
    *,
    kind: str | None = None,
    held_out: bool = False,
    hard: float = 1.0,
    cards: list[int] | None = None,
    turned: float = 0.3,
    vary: Callable[[np.random.Generator, np.ndarray], np.ndarray] | None = None,
    clutter: int = 0,
) -> Scene:
    """``n`` cards (distinct faces, or ``cards``) laid on a table, photographed; each face
    drawn through ``vary`` first when given, and ``clutter`` things that are no card (a
    coin, a hair tie, a hand, the deck's box) on the table too."""
    w, h = size
    pad = int(0.15 * max(w, h))  # drawn larger, then seen through a tilted phone
    W, H = w + 2 * pad, h + 2 * pad
    canvas = table(rng, H, W, kind).astype(np.float32)
    chosen = cards if cards is not None else [int(i) for i in rng.permutation(len(faces))[:n]]
    length, placed = _layout(rng, len(chosen), w, h, turned)
    look = random_look(rng, held_out)
    put = [things.put(rng, canvas, length, pad) for _ in range(clutter)]
    quads = []
    for idx, (centre, angle) in zip(chosen, placed, strict=True):
        q = _quad((centre[0] + pad, centre[1] + pad), angle, length * rng.uniform(0.97, 1.03))
        face = faces[idx] if vary is None else vary(rng, faces[idx])
        _paste(canvas, dress(face, look), q, rng.uniform(0.1, 0.45))
        quads.append(q)
    # the phone: a random tilt (perspective) and turn, framed on the laid-out area
    tilt = 0.06 * hard + 0.02
    src = np.array([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]], np.float32)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = (dst + rng.uniform(-tilt, tilt, (4, 2)) * [w, h]).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    image = cv2.warpPerspective(canvas, m, (w, h), flags=cv2.INTER_LINEAR)
    out = [cv2.perspectiveTransform(q[None], m)[0] for q in quads]
    whole = [bool((q >= 0).all() and (q[:, 0] < w).all() and (q[:, 1] < h).all()) for q in out]
    covered = _covered(out, w, h)
    image = _photo(rng, image, hard)
    if put:
        moved = cv2.perspectiveTransform(np.array([put], np.float32), m)[0]
        seen = [(p[0], p[1]) for p in moved]
    else:
        seen = []
    return Scene(image, chosen, out, whole, covered, seen)


def _covered(quads: list[np.ndarray], w: int, h: int) -> list[float]:
    res = []
    for i, q in enumerate(quads):
        mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(mask, [np.round(q).astype(np.int32)], 1)
        total = max(1, int(mask.sum()))
        for above in quads[i + 1 :]:
            cv2.fillPoly(mask, [np.round(above).astype(np.int32)], 0)
        res.append(1 - int(mask.sum()) / total)
    return res


#: How much of a card the segmenter's "kernel" keeps (its centre, scaled about the centroid).
KERNEL = 0.6


def kernels(quads: list[np.ndarray], w: int, h: int, scale: float = 1.0) -> np.ndarray:
    """The segmenter's target: each card's centre region, where no card above covers it."""
    mask = np.zeros((h, w), np.uint8)
    for q in quads:
        q = q * scale
        cv2.fillPoly(mask, [np.round(q).astype(np.int32)], 0)
        c = q.mean(0)
        cv2.fillPoly(mask, [np.round(c + (q - c) * KERNEL).astype(np.int32)], 1)
    return mask


#: The segmenter's outputs: the kernel, then on each kernel pixel its card's geometry.
GEOMETRY = ("kernel", "dx", "dy", "log_length", "cos2", "sin2")


def axis(quad: np.ndarray) -> tuple[np.ndarray, float, float]:
    """A card's centre, length and the angle (radians) its long sides run at, from its corners
    (top-left, top-right, bottom-right, bottom-left: the long sides are 1-2 and 0-3)."""
    along = ((quad[2] - quad[1]) + (quad[3] - quad[0])) / 2
    return quad.mean(0), float(np.linalg.norm(along)), float(np.arctan2(along[1], along[0]))


def geometry(quads: list[np.ndarray], w: int, h: int, scale: float = 1.0) -> np.ndarray:
    """The segmenter's target (6 x h x w float32): the kernels (as ``kernels``), and on each
    kernel pixel the way to its card's centre (in card lengths), the card's length (log, in
    LENGTH_UNITs) and the way its long sides run (cos and sin of twice the angle: a card turned
    round runs the same way)."""
    owner = np.full((h, w), -1, np.int32)
    for i, q in enumerate(quads):
        q = q * scale
        cv2.fillPoly(owner, [np.round(q).astype(np.int32)], -1)
        c = q.mean(0)
        cv2.fillPoly(owner, [np.round(c + (q - c) * KERNEL).astype(np.int32)], i)
    out = np.zeros((len(GEOMETRY), h, w), np.float32)
    ys, xs = np.nonzero(owner >= 0)
    if len(ys) == 0:
        return out
    shapes = [axis(q * scale) for q in quads]
    idx = owner[ys, xs]
    cx = np.array([s[0][0] for s in shapes], np.float32)[idx]
    cy = np.array([s[0][1] for s in shapes], np.float32)[idx]
    length = np.array([max(s[1], 1.0) for s in shapes], np.float32)[idx]
    angle = np.array([s[2] for s in shapes], np.float32)[idx]
    out[0, ys, xs] = 1
    out[1, ys, xs] = (cx - (xs + 0.5)) / length
    out[2, ys, xs] = (cy - (ys + 0.5)) / length
    out[3, ys, xs] = np.log(length / LENGTH_UNIT)
    out[4, ys, xs] = np.cos(2 * angle)
    out[5, ys, xs] = np.sin(2 * angle)
    return out
