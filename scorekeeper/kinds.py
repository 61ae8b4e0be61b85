"""What a table's entries and its journal's entries can be, as enums.

Each is a ``StrEnum``: a member is the very string it stands for (``EntryKind.ROUND ==
"round"``), so the stored columns, the JSON API and the pages read exactly as before, and a
value read back from the database (a plain string) compares equal to its member.
Pure: imports nothing of the app.
"""

from __future__ import annotations

from enum import StrEnum


class EntryKind(StrEnum):
    """What an entry of a table's sequence is (``Round.kind``, an export's ``kind``)."""

    ROUND = "round"
    """A round (a deal; some games call it a tour) as the players entered it: the only kind
    players count and the only one that takes a round number (``Round.round_no``)."""
    END = "end"
    """The table ended the current game early (what it pays out is the game's, R21)."""
    EDIT = "edit"
    """A change of the table that the ledger replays at its place: settings from here on,
    a player joining, leaving or coming back."""
    SETTLE = "settle"
    """A settle-up: the amounts settled come off the running totals, which start again."""


class Action(StrEnum):
    """What a write to a table was, as its journal entry says (``JournalEntry.action``)."""

    ENTER = "enter"
    """A round entered."""
    CORRECT = "correct"
    """A round's entry replaced (its earlier version kept)."""
    DELETE = "delete"
    """An entry deleted (kept aside, so it can be restored)."""
    UNDO = "undo"
    """An earlier journal entry taken back (a restore is one too)."""
    END = "end"
    """The current game ended early."""
    EDIT = "edit"
    """The table changed: its name, point value, settings or players."""
    SETTLE = "settle"
    """The table settled up."""
    REMATCH = "rematch"
    """A note on the old table that the game continued at a new one; not undoable."""


class Effect(StrEnum):
    """What a journal entry did to the table's entries (its ``data["effect"]``): what an
    undo of it has to do."""

    CREATED = "created"
    """An entry was added (undo: delete it)."""
    DELETED = "deleted"
    """An entry was deleted (undo: restore it)."""
    RESTORED = "restored"
    """A deleted entry was put back (undo: delete it again)."""
    CHANGED = "changed"
    """A round's entry was replaced; ``data["before"]`` is the version it replaced."""
    EDIT = "edit"
    """The table changed (undo: change it back)."""
    UNEDIT = "unedit"
    """A change of the table was taken back (undo: make it again)."""
    REMATCH = "rematch"
    """The game continued at a new table (``data["table"]``: its token); nothing to undo."""
    IMPORTED = "imported"
    """Brought along by an import (the exported table's history); nothing to undo."""
