"""How the sure cards' precision and share move with the thresholds of
``scorekeeper/recognise/evidence.py`` (``python -m bench.photo calibrate``): photos of decks
never seen, from other seeds and other redrawings than the bench's figures, each card's
witnesses read once and judged under every setting tried."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import cv2
import numpy as np

import scorekeeper.recognise as recognise
from bench import photo
from recogniser import scenes
from scorekeeper.recognise import IDS_OF_CLASS, NONE, evidence

SEED = 3_000_000
PHOTOS = 60


def samples() -> Iterator[tuple[evidence.Witnesses, list[str | None]]]:
    """Each photo's witnesses and, for each card seen, its true class (NONE on no card)."""
    ids = scenes.card_ids()
    for k in range(PHOTOS):
        rng = np.random.default_rng(SEED + k)
        n = int(rng.choice([1, 8, 24]))
        faces = photo.redrawn(photo.CALIBRATION_DECKS[k % len(photo.CALIBRATION_DECKS)])
        sc = scenes.scene(
            rng,
            faces,
            n,
            (1600, 1200),
            held_out=True,
            hard=photo.HARD,
            clutter=int(rng.integers(0, 3)),
        )
        work, scale = recognise._work(sc.image)
        seen = recognise._seen(work) if work is not None else []
        if not seen:
            continue
        truth: list[str | None] = []
        for s in seen:
            centre = tuple(float(v) for v in s.quad.mean(0) / scale)
            on = [
                i
                for i, q in enumerate(sc.quads)
                if cv2.pointPolygonTest(q.astype(np.float32), centre, False) >= 0
            ]
            truth.append(photo._group(ids[sc.cards[on[-1]]]) if on else NONE)
        yield recognise._witnesses(seen, None), truth


def figures() -> Iterator[str]:
    data = list(samples())
    classes = recognise.model().classes
    counts = {c: len(IDS_OF_CLASS[c]) for c in classes if c != NONE}
    cards = sum(t != NONE for _, truth in data for t in truth)
    yield f"{len(data)} photos, {cards} cards seen on them"
    grid = itertools.product((0.2, 0.3, 0.4), (0.0, 0.05, 0.1, 0.2), (0.5, 0.9, 0.99), (1, 2, 3))
    for near, apart, agree, rank in grid:
        evidence.NEAR, evidence.APART, evidence.AGREE, evidence.VIEW_RANK = near, apart, agree, rank
        sure = right = answered = nothing_sure = 0
        for w, truth in data:
            decisions = evidence.constrain(evidence.decide(classes, NONE, w), counts)
            for d, t in zip(decisions, truth, strict=True):
                if d.name is None:
                    continue
                answered += 1
                if not d.unsure:
                    sure += 1
                    right += d.name == t
                    nothing_sure += t == NONE
        yield (
            f"NEAR {near} APART {apart} AGREE {agree} VIEW_RANK {rank}: sure "
            f"{sure / max(1, answered):.1%} of {answered} answered, sure right "
            f"{right / max(1, sure):.2%}, sure on no card {nothing_sure}"
        )
