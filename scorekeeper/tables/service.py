"""One function per thing a table can be asked to do; the pages and the API both call these.

The work is split by job: ``tables.entries`` (open a table, enter, correct, delete and restore
rounds), ``tables.undo``, ``tables.transfer`` (export and import) and ``tables.changes``
(changes of the table, rematch, settling up). This module names what the views use; each
module says how its functions work inside the caller's transaction. A write that may replay
many rounds (a correction, a delete, a restore, an undo) opens its table with ``open_for``
and what it replays (``correcting``, ``deleting``...): on a long table that replay is worked
out before the write lock is taken (``tables.planning``).
"""

from __future__ import annotations

from scorekeeper.tables.entries import (
    IMPORTED_KINDS,
    KINDS,
    MAX_ROUNDS,
    Conflict,
    Overtaken,
    correct_round,
    delete_entry,
    delete_round,
    end_game,
    enter_round,
    named,
    named_number,
    open_table,
    restore_round,
)
from scorekeeper.tables.planning import (
    ReplayOf,
    correcting,
    deleting,
    deleting_entry,
    open_for,
    restoring,
    undoing,
)
from scorekeeper.tables.replay import Replay
from scorekeeper.tables.store import TIME_FORMAT
from scorekeeper.tables.transfer import export_table, import_table
from scorekeeper.tables.undo import undo

__all__ = [
    "IMPORTED_KINDS",
    "KINDS",
    "MAX_ROUNDS",
    "TIME_FORMAT",
    "Conflict",
    "Overtaken",
    "Replay",
    "ReplayOf",
    "correct_round",
    "correcting",
    "delete_entry",
    "delete_round",
    "deleting",
    "deleting_entry",
    "end_game",
    "enter_round",
    "export_table",
    "import_table",
    "named",
    "named_number",
    "open_for",
    "open_table",
    "restore_round",
    "restoring",
    "undo",
    "undoing",
]
