"""What the recogniser's networks read: the segmenter's input size, the kernel, and a card
crop's features. The builder (recogniser/build.py) trains on exactly these, so this module is
part of the model's hash: changing it means rebuilding the model."""

from __future__ import annotations

from typing import Any

import numpy as np

#: The longest side the segmenter sees.
SEG_SIDE = 320
#: The kernel's share of a card's width and length (recogniser/scenes.py draws it so).
KERNEL = 0.6
#: The segmenter answers a card's length as log(length / LENGTH_UNIT), in its output's pixels.
LENGTH_UNIT = 16.0
#: The classifier's upright card crop, width x height.
CROP = (40, 64)


def upright(corners: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Four corners of a rectangle ordered so the first edge is a short one."""
    c = corners.astype(np.float32)
    if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[2] - c[1]):
        c = np.roll(c, -1, axis=0)
    return c


def crop(gray: np.ndarray[Any, Any], quad: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The card at ``quad`` warped upright to CROP (uint8 grayscale)."""
    import cv2

    w, h = CROP
    big = np.array([[0, 0], [2 * w, 0], [2 * w, 2 * h], [0, 2 * h]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), big)
    card = cv2.warpPerspective(gray, m, (2 * w, 2 * h), flags=cv2.INTER_LINEAR)
    result: np.ndarray[Any, Any] = cv2.resize(card, (w, h), interpolation=cv2.INTER_AREA)
    return result


def _gradients(card: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Histograms of gradient directions (9 unsigned bins) in 8 x 8 cells, each 2 x 2 block of
    cells normalised (HOG, as Dalal and Triggs describe it)."""
    import cv2

    img = card.astype(np.float32)
    gx = cv2.Sobel(img, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(img, cv2.CV_32F, 0, 1, ksize=1)
    mag = np.sqrt(gx * gx + gy * gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * 9
    lo = np.floor(ang).astype(np.int64) % 9
    frac = ang - np.floor(ang)
    h, w = img.shape
    ch, cw = h // 8, w // 8
    cell = (np.arange(h)[:, None] // 8 * cw + np.arange(w)[None, :] // 8).ravel()
    hist = np.zeros(ch * cw * 9, np.float32)
    np.add.at(hist, cell * 9 + lo.ravel(), (mag * (1 - frac)).ravel())
    np.add.at(hist, cell * 9 + (lo.ravel() + 1) % 9, (mag * frac).ravel())
    cells = hist.reshape(ch, cw, 9)
    blocks = np.concatenate(
        [cells[:-1, :-1], cells[1:, :-1], cells[:-1, 1:], cells[1:, 1:]], axis=2
    )
    blocks = blocks / (np.linalg.norm(blocks, axis=2, keepdims=True) + 1e-3)
    blocks = np.minimum(blocks, 0.2)
    blocks = blocks / (np.linalg.norm(blocks, axis=2, keepdims=True) + 1e-3)
    result: np.ndarray[Any, Any] = blocks.ravel()
    return result


def features(card: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """What the classifier reads of an upright uint8 crop (the builder uses this too): its
    histograms of gradient directions (lighting and colour do not change them) and its
    coarse grayscale, stretched to zero mean and unit spread."""
    import cv2

    grad = _gradients(card)
    small = cv2.resize(card, (CROP[0] // 2, CROP[1] // 2), interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    small = (small - small.mean()) / (small.std() + 8.0)
    return np.concatenate([grad * 4.0, small.ravel() * 0.5]).astype(np.float32)
