"""Issue 33's figures for the card recogniser: ``BENCH_PARTS=photo ./scripts/bench``.

Scenes are made by recogniser/scenes.py from the held-out render of the art (another size than
the builder's), held-out looks (plant and border colours the builder never used), seeds from
1,000,000 (the builder's are below 10,000) and harder photos than most training ones (more
tilt, blur, noise and shadow), at 1600 x 1200 as the page sends them. With a fixed seed the
scenes are the same on every run; the seconds are this machine's, at the time.

- cards found (recall): cards wholly in the photo and mostly uncovered that a found card's
  centre lies on;
- cards right (precision): found cards whose centre lies on a card of the same class (a
  month's chaff is one class);
- whole piles exactly right: the found classes are exactly the expected ones.
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from collections.abc import Iterator

import cv2
import numpy as np

from recogniser import scenes
from scorekeeper.cards import CARD_BY_ID
from scorekeeper.recognise import UNSURE_BELOW, find_cards

SEED = 1_000_000
SIZES = (1, 8, 24)
PHOTOS = int(os.environ.get("BENCH_PHOTOS", "25"))  # scenes of each size
HARD = 1.4


def _group(card_id: str) -> str:
    return CARD_BY_ID[card_id].chaff_group or card_id


def judge(scene: scenes.Scene, ids: list[str], found: list) -> dict[str, int]:
    """One scene's counts: expected, found-of-expected, found, right, unsure, pile right."""
    expected = [
        i for i, (w, c) in enumerate(zip(scene.whole, scene.covered, strict=True)) if w and c < 0.3
    ]
    hit: set[int] = set()
    right = ignored = unsure = 0
    for f in found:
        x, y, w, h = f.box
        centre = (x + w / 2, y + h / 2)
        on = [
            i
            for i, q in enumerate(scene.quads)
            if cv2.pointPolygonTest(q.astype(np.float32), centre, False) >= 0
        ]
        unsure += f.confidence < UNSURE_BELOW
        if not on:
            continue
        top = on[-1]
        ok = _group(ids[scene.cards[top]]) == _group(f.card)
        if top in expected:
            hit.add(top)
            right += ok
        elif ok:
            ignored += 1  # a cut or mostly covered card, read rightly: neither found nor wrong
    counted = len(found) - ignored
    return {
        "expected": len(expected),
        "hit": len(hit),
        "found": counted,
        "right": right,
        "unsure": unsure,
        "pile": int(len(hit) == right == counted == len(expected)),
    }


def figures() -> Iterator[str]:
    faces = scenes.load_faces("heldout")
    ids = scenes.card_ids()
    find_cards(np.zeros((64, 64, 3), np.uint8))  # load the model before timing
    totals: Counter[str] = Counter()
    for n in SIZES:
        counts: Counter[str] = Counter()
        seconds = []
        for k in range(PHOTOS):
            rng = np.random.default_rng(SEED + 1000 * n + k)
            sc = scenes.scene(rng, faces, n, (1600, 1200), held_out=True, hard=HARD)
            started = time.perf_counter()
            found = find_cards(sc.image)
            seconds.append(time.perf_counter() - started)
            counts.update(judge(sc, ids, found))
        totals.update(counts)
        p50 = statistics.median(seconds)
        p95 = sorted(seconds)[max(0, round(0.95 * len(seconds)) - 1)]
        yield (
            f"{n:>2}-card photos x {PHOTOS}: found {counts['hit'] / counts['expected']:.1%} "
            f"of cards, right {counts['right'] / max(1, counts['found']):.1%} of those found, "
            f"piles exactly right {counts['pile'] / PHOTOS:.0%}, unsure "
            f"{counts['unsure'] / max(1, counts['found']):.1%}; seconds per photo p50 "
            f"{p50:.2f}, p95 {p95:.2f}"
        )
    yield (
        f"all: found {totals['hit'] / totals['expected']:.1%}, right "
        f"{totals['right'] / max(1, totals['found']):.1%} (goals: 99 % right, 24 cards < 2 s)"
    )


if __name__ == "__main__":
    for line in figures():
        print(line, flush=True)
