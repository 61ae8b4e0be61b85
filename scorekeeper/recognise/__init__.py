"""The card recogniser (issue 33): photo-model's module; this is its placeholder.

Only the contract the endpoint codes against: photo-model's file replaces this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy


@dataclass(frozen=True)
class Found:
    card: str
    confidence: float
    box: tuple[int, int, int, int]  # x, y, w, h


MAX_SIDE: int = 1600
UNSURE_BELOW: float = 0.9


def find_cards(image: numpy.ndarray) -> list[Found]:  # HxWx3 uint8 BGR
    raise NotImplementedError("the recogniser is built by photo-model")
