"""One mechanism for undo, for tables and clubs alike: a registry of how each effect a
journal entry records is taken back.

A table's journal entry records one effect (``kinds.Effect``: a round created, deleted,
restored or changed, a change of the table made or taken back, a rematch); a club's entry
records what taking it back needs, as keys of its ``undo`` data. Either way the undo looks
the effect up here and runs what was registered for it; an effect nobody registered cannot
be undone, and says so."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

Target = TypeVar("Target")
"""What the entry belongs to: a table or a club."""
UndoData = TypeVar("UndoData")
"""What the undo reads: a journal entry, or the data it keeps for its undo."""
Done = TypeVar("Done")
"""What undoing an effect answers (the new journal entry, or what it changed, in words)."""

Undoer = Callable[[Target, UndoData], Done]


class Undoers(Generic[Target, UndoData, Done]):
    """How each effect is undone, in the order registered (the order several effects of one
    entry are undone in)."""

    def __init__(self) -> None:
        self._by_effect: dict[str, Undoer[Target, UndoData, Done]] = {}

    def on(
        self, *effects: str
    ) -> Callable[[Undoer[Target, UndoData, Done]], Undoer[Target, UndoData, Done]]:
        """Register the decorated function as how ``effects`` are undone."""

        def register(how: Undoer[Target, UndoData, Done]) -> Undoer[Target, UndoData, Done]:
            for effect in effects:
                assert effect not in self._by_effect, f"{effect} is undone twice"
                self._by_effect[effect] = how
            return how

        return register

    def knows(self, effect: object) -> bool:
        return isinstance(effect, str) and effect in self._by_effect

    def undo(self, target: Target, entry: UndoData, effect: str) -> Done:
        """Undo one effect (``knows(effect)`` first: an unknown one is a KeyError)."""
        return self._by_effect[effect](target, entry)

    def undo_each(self, target: Target, entry: UndoData, effects: Iterable[str]) -> list[Done]:
        """Undo every effect of ``effects`` that is registered, in the registry's order."""
        wanted = set(effects)
        return [how(target, entry) for e, how in self._by_effect.items() if e in wanted]
