"""Things on a table that are no card (issue 38: a hair tie was once read as Paulownia's
Phoenix): coins, hair ties, a hand's fingers, the deck's box, a phone. Drawn into scenes so the
segmenter learns not to mark them and the classifiers learn to call them no card. Generated
shapes only (numpy and OpenCV), from the ``numpy.random.Generator`` given."""

from __future__ import annotations

import cv2
import numpy as np

KINDS = ("coin", "tie", "hand", "box", "phone")


def put(
    rng: np.random.Generator, canvas: np.ndarray, length: float, pad: int
) -> tuple[float, float]:
    """Draw one thing, about a card's size or smaller, somewhere on ``canvas`` (float32 BGR,
    drawn in place); its centre."""
    h, w = canvas.shape[:2]
    centre = (
        float(rng.uniform(pad * 0.5, w - pad * 0.5)),
        float(rng.uniform(pad * 0.5, h - pad * 0.5)),
    )
    kind = str(rng.choice(KINDS))
    mask: np.ndarray = np.zeros((h, w), np.float32)
    colour = rng.integers(20, 240, 3).astype(np.float32)
    colour = _shape(rng, kind, mask, centre, length, colour)
    mask = cv2.GaussianBlur(mask, (0, 0), 1.0)[..., None]
    shade = 1 + (rng.random((h, w, 1)).astype(np.float32) - 0.5) * 0.1
    canvas[:] = canvas * (1 - mask) + colour * shade * mask
    if kind == "box" and rng.random() < 0.8:
        _print_on_box(rng, canvas, mask, length)
    return centre


def _shape(
    rng: np.random.Generator,
    kind: str,
    mask: np.ndarray,
    centre: tuple[float, float],
    length: float,
    colour: np.ndarray,
) -> np.ndarray:
    """Draw the thing's shape into ``mask`` (in place); its colour (``colour`` unless the kind
    has its own)."""
    c = (round(centre[0]), round(centre[1]))
    if kind == "coin":
        r = round(length * rng.uniform(0.1, 0.2))
        cv2.circle(mask, c, r, 1.0, -1)
        colour = np.array(rng.choice([(60, 140, 190), (180, 180, 185), (70, 110, 170)]), np.float32)
    elif kind == "tie":
        axes = (round(length * rng.uniform(0.12, 0.3)), round(length * rng.uniform(0.1, 0.25)))
        cv2.ellipse(
            mask, c, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, max(2, round(length * 0.04))
        )
    elif kind == "hand":
        skin = (
            int(rng.integers(90, 190)),
            int(rng.integers(130, 200)),
            int(rng.integers(170, 240)),
        )
        colour = np.array(skin, np.float32)
        _fingers(rng, mask, c, length)
    else:  # a box or a phone: a rectangle of another shape than a card's, a printed top
        long = length * rng.uniform(0.7, 1.3)
        aspect = rng.uniform(0.35, 0.5) if kind == "phone" else rng.uniform(0.7, 0.95)
        box = cv2.boxPoints((centre, (long * aspect, long), float(rng.uniform(0, 180))))
        cv2.fillPoly(mask, [np.round(box).astype(np.int32)], 1.0)
        if kind == "phone":
            colour = np.array([rng.integers(10, 60)] * 3, np.float32)
    return colour


def _fingers(rng: np.random.Generator, mask: np.ndarray, c: tuple[int, int], length: float) -> None:
    """A hand's fingers reaching onto the table one way from ``c``, drawn into ``mask``."""
    way = rng.uniform(0, 2 * np.pi)
    for k in range(int(rng.integers(1, 5))):
        off = (k - 1.5) * length * 0.12
        start = (c[0] + off * np.sin(way), c[1] - off * np.cos(way))
        reach = length * rng.uniform(0.5, 0.9)
        end = (start[0] + reach * np.cos(way), start[1] + reach * np.sin(way))
        cv2.line(
            mask,
            (round(start[0]), round(start[1])),
            (round(end[0]), round(end[1])),
            1.0,
            max(3, round(length * 0.1)),
        )


def _print_on_box(
    rng: np.random.Generator, canvas: np.ndarray, mask: np.ndarray, length: float
) -> None:
    """Something printed on the box: patches of colour inside its ``mask``."""
    ys, xs = np.nonzero(mask[..., 0] > 0.5)
    if len(xs):
        for _ in range(int(rng.integers(2, 6))):
            k = int(rng.integers(len(xs)))
            r = max(2, round(length * rng.uniform(0.03, 0.12)))
            cv2.circle(canvas, (int(xs[k]), int(ys[k])), r, rng.integers(0, 255, 3).tolist(), -1)
