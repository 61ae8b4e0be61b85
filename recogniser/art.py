"""Other drawings of the same pattern, made from the art (issue 38): real decks draw each card
with other lines, inks and colours, print it a little out of register, and wear, gloss and
sleeve it. The builder trains on ``vary`` so that what it learns holds for a deck it never
saw; the bench reads photos of ``redraw``, a way of redrawing that ``vary`` never uses (no
second drawing of the pattern could be had under a licence that lets it be kept here).

Both take and give a BGRA face (uint8, the alpha is the card's shape) and draw everything from
the ``numpy.random.Generator`` given: the same seed gives the same face.
"""

from __future__ import annotations

import cv2
import numpy as np


def vary(rng: np.random.Generator, face: np.ndarray, strength: float = 1.0) -> np.ndarray:
    """The face as another deck might draw and print it, worn as a played deck is."""
    bgr: np.ndarray = face[..., :3].astype(np.float32)
    alpha = face[..., 3:]
    h, w = bgr.shape[:2]
    if rng.random() < 0.7 * strength:
        bgr = _warp(rng, bgr, amplitude=rng.uniform(0.5, 3.0) * w / 150)
    if rng.random() < 0.6 * strength:
        bgr = _line_weight(rng, bgr, w)
    if rng.random() < 0.6 * strength:
        bgr = _inks(rng, bgr)
    if rng.random() < 0.4 * strength:
        bgr = _out_of_register(rng, bgr, w)
    if rng.random() < 0.5 * strength:
        bgr = _worn(rng, bgr, w, h)
    if rng.random() < 0.5 * strength:
        grain = _smooth(rng, h, w, rng.uniform(1, 3)) - 0.5
        bgr = bgr * (1 + grain[..., None] * rng.uniform(0.05, 0.2))
    if rng.random() < 0.35 * strength:
        bgr = _glare(rng, bgr, w, h)
    if rng.random() < 0.25 * strength:
        bgr = _sleeve(rng, bgr, w)
    out = np.concatenate([np.clip(bgr, 0, 255).astype(np.uint8), alpha], axis=2)
    return out


def redraw(rng: np.random.Generator, face: np.ndarray) -> np.ndarray:
    """The face redrawn in a way the builder never sees: its colours flattened to a few
    printed inks of another palette, its outlines traced again in a stroke of another weight,
    and its shapes moved a little, as a second illustrator copying the pattern would."""
    bgr = face[..., :3]
    alpha = face[..., 3:]
    h, w = bgr.shape[:2]
    shifted = _warp(rng, bgr.astype(np.float32), amplitude=rng.uniform(2.0, 4.0) * w / 150)
    # the picture framed a little larger or smaller, and off centre, inside the same card
    zoom = rng.uniform(0.93, 1.07)
    move = rng.uniform(-0.03, 0.03, 2) * (w, h)
    m = np.array(
        [[zoom, 0, (1 - zoom) * w / 2 + move[0]], [0, zoom, (1 - zoom) * h / 2 + move[1]]],
        np.float32,
    )
    shifted = cv2.warpAffine(shifted, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    flat = _posterised(rng, np.clip(shifted, 0, 255).astype(np.uint8))
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(gray, 40, 120)
    stroke = max(1, round(rng.uniform(0.6, 1.6) * w / 150))
    edges = cv2.dilate(edges, np.ones((stroke, stroke), np.uint8))
    ink = np.array(rng.choice([(20, 20, 25), (30, 25, 60), (60, 30, 20)]), np.float32)
    out: np.ndarray = flat.astype(np.float32)
    out[edges > 0] = out[edges > 0] * 0.3 + ink * 0.7
    out = cv2.GaussianBlur(out, (0, 0), 0.6)
    return np.concatenate([np.clip(out, 0, 255).astype(np.uint8), alpha], axis=2)


def _smooth(rng: np.random.Generator, h: int, w: int, scale: float) -> np.ndarray:
    """Smooth noise in 0..1, features about ``scale`` pixels across."""
    small = rng.random((max(2, int(h / scale) + 2), max(2, int(w / scale) + 2)))
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _warp(rng: np.random.Generator, bgr: np.ndarray, amplitude: float) -> np.ndarray:
    """Shapes drawn a little elsewhere: a smooth displacement of up to ``amplitude`` pixels."""
    h, w = bgr.shape[:2]
    scale = rng.uniform(0.15, 0.4) * w
    dx = (_smooth(rng, h, w, scale) - 0.5) * 2 * amplitude
    dy = (_smooth(rng, h, w, scale) - 0.5) * 2 * amplitude
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(bgr, xs + dx, ys + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def _line_weight(rng: np.random.Generator, bgr: np.ndarray, w: int) -> np.ndarray:
    """The dark lines drawn heavier (the light around them eaten) or finer."""
    k = max(2, round(rng.uniform(1.5, 3.0) * w / 150))
    kernel = np.ones((k, k), np.uint8)
    if rng.random() < 0.6:
        return cv2.erode(bgr, kernel)  # the dark spreads: heavier lines
    return cv2.dilate(bgr, kernel)  # the light spreads: finer lines


def _inks(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """Other inks: each hue turned a little, colours more or less saturated, the dark line
    work in another near-black."""
    hsv = cv2.cvtColor(np.clip(bgr, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV).astype(np.float32)
    hsv[..., 0] = (hsv[..., 0] + rng.uniform(-12, 12)) % 180
    hsv[..., 1] = np.clip(hsv[..., 1] * rng.uniform(0.5, 1.3), 0, 255)
    hsv[..., 2] = np.clip(hsv[..., 2] * rng.uniform(0.85, 1.1), 0, 255)
    out = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR).astype(np.float32)
    dark = (hsv[..., 2] < 90)[..., None]
    line = np.array(rng.integers(0, 70, 3), np.float32)
    inked: np.ndarray = np.where(dark, out * 0.4 + line * 0.6, out)
    return inked


def _out_of_register(rng: np.random.Generator, bgr: np.ndarray, w: int) -> np.ndarray:
    """The colour printed a little beside the line work, as a cheap print is."""
    gray = cv2.cvtColor(np.clip(bgr, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    lines = (gray < 80)[..., None]
    shift = rng.uniform(-2, 2, 2) * w / 150
    m = np.array([[1, 0, shift[0]], [0, 1, shift[1]]], np.float32)
    colour = cv2.warpAffine(bgr, m, (bgr.shape[1], bgr.shape[0]), borderMode=cv2.BORDER_REFLECT)
    printed: np.ndarray = np.where(lines, bgr, colour)
    return printed


def _worn(rng: np.random.Generator, bgr: np.ndarray, w: int, h: int) -> np.ndarray:
    """Rubbed-off ink and smudges: a few soft patches toward the paper, or smeared."""
    out = bgr.copy()
    paper = np.percentile(bgr.reshape(-1, 3), 90, axis=0)
    for _ in range(int(rng.integers(1, 4))):
        mask: np.ndarray = np.zeros((h, w), np.float32)
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        axes = (int(rng.uniform(0.05, 0.2) * w), int(rng.uniform(0.03, 0.12) * h))
        cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, 0.03 * w))[..., None]
        if rng.random() < 0.5:
            target = np.broadcast_to(paper, out.shape)
        else:
            target = cv2.GaussianBlur(out, (0, 0), 0.04 * w)
        out = out * (1 - mask * rng.uniform(0.4, 0.9)) + target * mask * rng.uniform(0.4, 0.9)
    return out


def _glare(rng: np.random.Generator, bgr: np.ndarray, w: int, h: int) -> np.ndarray:
    """Gloss: a bright soft patch where a lamp shines on the card."""
    mask: np.ndarray = np.zeros((h, w), np.float32)
    centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
    axes = (int(rng.uniform(0.1, 0.5) * w), int(rng.uniform(0.05, 0.3) * h))
    cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, 0.08 * w))[..., None]
    lit: np.ndarray = bgr + mask * rng.uniform(60, 200)
    return lit


def _sleeve(rng: np.random.Generator, bgr: np.ndarray, w: int) -> np.ndarray:
    """A plastic sleeve: a little haze and blur over the face, and a shine along it."""
    hazy = cv2.GaussianBlur(bgr, (0, 0), rng.uniform(0.5, 1.2) * w / 150)
    hazy = hazy * rng.uniform(0.85, 0.95) + rng.uniform(15, 40)
    h = bgr.shape[0]
    stripe: np.ndarray = np.zeros((h, w), np.float32)
    x = int(rng.integers(0, w))
    cv2.line(stripe, (x, 0), (x + int(rng.integers(-w, w)), h), 1.0, max(2, w // 12))
    stripe = cv2.GaussianBlur(stripe, (0, 0), w / 30)[..., None]
    return hazy + stripe * rng.uniform(30, 90)


def _posterised(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """The colours flattened to a few inks (k-means), each ink moved to another shade."""
    k = int(rng.integers(5, 9))
    pixels = bgr.reshape(-1, 3).astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
    cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))
    # OpenCV takes None for bestLabels (it makes them), which its stubs do not allow
    _, labels, centres = cv2.kmeans(
        pixels,
        k,
        None,  # type: ignore[call-overload]
        criteria,
        1,
        cv2.KMEANS_PP_CENTERS,
    )
    hsv = cv2.cvtColor(centres.astype(np.uint8)[None], cv2.COLOR_BGR2HSV)[0].astype(np.float32)
    hsv[:, 0] = (hsv[:, 0] + rng.uniform(-8, 8, k)) % 180
    hsv[:, 1] = np.clip(hsv[:, 1] * rng.uniform(0.7, 1.2, k), 0, 255)
    inks = cv2.cvtColor(hsv.astype(np.uint8)[None], cv2.COLOR_HSV2BGR)[0]
    return np.asarray(inks[labels.ravel()].reshape(bgr.shape), np.uint8)
