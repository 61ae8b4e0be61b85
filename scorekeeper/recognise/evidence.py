"""Which card each crop is, and whether the player need check it (issue 38): "sure" rests on
evidence that holds when the deck is not the one the models learnt from, never on one model's
own confidence alone.

For each card seen there are three witnesses: the embedder's nearest reference (its cosine to
each class's reference, for the crop and the crop turned half round), the classifier's
probabilities (another model, on other features), and, with a taught deck, the nearest of that
deck's own faces. A card is answered sure only when

- the embedder (the crop and the crop turned round, averaged) and the classifier name the same
  class, the classifier surely (``AGREE``),
- the embedder's reference for it is near (``NEAR``) and nearer than the next (``APART``),
- each view alone (the crop, the crop turned round) ranks that class among its first
  ``VIEW_RANK``, and
- the pile allows it: a class claimed by more crops than the deck has of it leaves every
  claimant unsure.

With a taught deck, a crop alike one of its faces (``TAUGHT_NEAR``) and clearly more alike
than any face of another card (``TAUGHT_APART``) is that face's card, whatever the built-in
witnesses say; sure when one of them bears it out; otherwise the built-in witnesses decide.
The thresholds were chosen on photos of held-out redrawings of the art (``bench/calibrate.py``,
other seeds and redrawings than the bench's figures), for at least 99.5 % of sure cards right.

Pure numpy: arrays in, decisions out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]

#: The embedder's cosine to the named class's reference that a sure card reaches.
NEAR = 0.3
#: How much nearer the named class's reference is than the next class's.
APART = 0.05
#: The classifier's probability for the named class that a sure card reaches.
AGREE = 0.9
#: Each view alone ranks the named class among its first this many.
VIEW_RANK = 2
#: A taught face this alike (cosine of their lines) to a crop, and clearly more alike than
#: any face of another card (``TAUGHT_APART``), decides what the crop is.
TAUGHT_NEAR = 0.5
TAUGHT_APART = 0.05
#: The scale of the embedder's cosine softmax (recogniser/embedder.py): confidence is that
#: softmax's share for the class named.
SCALE = 16.0


@dataclass(frozen=True, slots=True)
class Witnesses:
    """What the models said of the crops (n of them, over the classes in ``classes`` order)."""

    probs: Array
    """The classifier's probabilities (n x classes)."""
    cosines: Array
    """The embedder's cosine to each class's reference, for the crop (n x classes)."""
    turned: Array
    """The same for the crop turned half round (n x classes)."""
    taught: Array | None = None
    """With a taught deck: each crop's likeness to the deck's best face of each class, the
    better of the two views (n x classes; -1 where the deck has no face of that class)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What one crop is: its class (``None`` for no card), a confidence in 0..1, and whether
    the player should check it."""

    name: str | None
    confidence: float
    unsure: bool


def decide(classes: list[str], none: str, w: Witnesses) -> list[Decision]:
    """Each crop's class and sureness, before the pile's constraints (``constrain``)."""
    out = []
    for i in range(len(w.probs)):
        taught = _by_taught_face(classes, w, i) if w.taught is not None else None
        out.append(taught if taught is not None else _by_references(classes, none, w, i))
    return out


def _by_references(classes: list[str], none: str, w: Witnesses, i: int) -> Decision:
    """The classifier names the card (it reads the art's lines most precisely); the
    embedder's references (another model, on other features) must agree for it to be sure."""
    mean = (w.cosines[i] + w.turned[i]) / 2
    order = np.argsort(-mean)
    best, second = int(order[0]), int(order[1])
    hog = int(w.probs[i].argmax())
    n = classes.index(none)
    if best == n or hog == n:
        # one witness says it is no card: no card when both say so, or the other is unsure
        other = hog if best == n else best
        if other == n or (w.probs[i][other] < AGREE and mean[other] < NEAR):
            return Decision(None, 0.0, True)
        return Decision(classes[other], _confidence(mean, other), True)
    sure = (
        best == hog
        and w.probs[i][hog] >= AGREE
        and mean[best] >= NEAR
        and mean[best] - mean[second] >= APART
        and _rank(w.cosines[i], best) < VIEW_RANK
        and _rank(w.turned[i], best) < VIEW_RANK
    )
    return Decision(classes[hog], _confidence(mean, hog), not sure)


def _rank(cosines: Array, k: int) -> int:
    """Where class ``k`` stands in one view's order (0: first)."""
    return int((cosines > cosines[k]).sum())


def _by_taught_face(classes: list[str], w: Witnesses, i: int) -> Decision | None:
    """The taught face a crop is clearly most like decides it, and it is sure when a built-in
    witness bears it out (the classifier or the embedder ranks that card first, or both among
    their first three); ``None`` (the built-in witnesses decide) when no face is alike enough
    or two cards' faces are nearly as alike."""
    assert w.taught is not None
    alike = w.taught[i]
    order = np.argsort(-alike)
    best = int(order[0])
    second = float(alike[int(order[1])]) if len(order) > 1 else -1.0
    if alike[best] < TAUGHT_NEAR or alike[best] - max(second, 0.0) < TAUGHT_APART:
        return None
    hog = _rank(w.probs[i], best)
    emb = _rank((w.cosines[i] + w.turned[i]) / 2, best)
    borne_out = hog == 0 or emb == 0 or (hog < 3 and emb < 3)
    return Decision(classes[best], float(np.clip(alike[best], 0.0, 1.0)), not borne_out)


def _confidence(cosines: Array, k: int) -> float:
    e = np.exp(SCALE * (cosines - cosines.max()))
    return float(e[k] / e.sum())


def constrain(decisions: list[Decision], counts: dict[str, int]) -> list[Decision]:
    """The pile's own constraint: a class claimed more often than the deck has of it (one
    crane; two of most months' chaff) leaves every claimant unsure."""
    claims = Counter(d.name for d in decisions if d.name is not None)
    over = {name for name, k in claims.items() if k > counts.get(name, 0)}
    return [Decision(d.name, d.confidence, True) if d.name in over else d for d in decisions]
