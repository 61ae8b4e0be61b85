"""What a write replays, known before it is made: so a long replay is worked out before the
write queues for SQLite's one writer (issue 9: other tables' writes wait under 1 s).

A correction, a delete, a restore or an undo replays the rounds after the one it changes.
``open_for`` is how the service opens a table for such a write: it works the replay out on a
read-only snapshot (``replay.plan``), then loads the table under the write lock and hands
the plan to the write's ``recompute`` (``replay.use_plans``), which uses it if the table is
still as the snapshot saw it. Each write below says what it replays (read only: nothing is
written and nothing is scored but the head rounds), as the write itself will.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.kinds import Effect
from scorekeeper.models import Round, Table
from scorekeeper.round_data import Entry, JournalData
from scorekeeper.tables import entries, store
from scorekeeper.tables.replay import Replay, plan, use_plans

ReplayOf = Callable[[Table], Replay | None]
"""What a write will replay at a table, read from it; None when it replays nothing."""


def open_for(
    token: str, replay_of: ReplayOf, load: Callable[..., Table] = store.find_table
) -> Table:
    """The table at ``token`` loaded for a write (``load(token, lock=True)``, which takes the
    write lock), the replay ``replay_of`` says the write makes worked out before the lock."""
    plans = plan(token, replay_of)
    table = load(token, lock=True)
    use_plans(plans)
    return table


def correcting(number: int, entry: Entry) -> ReplayOf:
    """What correcting round ``number`` to ``entry`` replays (``service.correct_round``)."""
    return lambda table: entries.change_replay(table, store.get_round(table, number), entry)


def deleting(number: int) -> ReplayOf:
    """What deleting round ``number`` replays (``service.delete_round``)."""
    return lambda table: entries.delete_replay(table, store.get_round(table, number))


def deleting_entry(number: int) -> ReplayOf:
    """What deleting the entry numbered ``number`` replays (``service.delete_entry``)."""
    return lambda table: entries.delete_replay(table, store.get_entry(table, number))


def restoring(round_id: int) -> ReplayOf:
    """What restoring a deleted round replays (``service.restore_round``)."""

    def replay_of(table: Table) -> Replay | None:
        target = store.round_by_id(table, round_id)
        if target is None or target.number is not None:
            return None  # refused by the write
        return entries.restore_replay(table, target)

    return replay_of


def undoing(seq: int) -> ReplayOf:
    """What undoing journal entry ``seq`` replays (``service.undo``): the round it entered,
    restored or changed deleted, the round it deleted restored, or the version before a
    correction put back; a change of the table taken out or put back in the sequence."""

    def replay_of(table: Table) -> Replay | None:
        entry = store.journal_entry(table, seq)
        effect = entry.data.get("effect")
        if effect in (Effect.EDIT, Effect.UNEDIT):
            return _undoing_edit(table, entry.data, forward=effect == Effect.UNEDIT)
        rnd = store.round_by_id(table, entry.round_id) if entry.round_id is not None else None
        if rnd is None:
            return None
        if effect in (Effect.CREATED, Effect.RESTORED) and rnd.number is not None:
            return entries.delete_replay(table, rnd)
        if effect == Effect.DELETED and rnd.number is None:
            return entries.restore_replay(table, rnd)
        if effect == Effect.CHANGED and rnd.number is not None:
            return _back_to(table, rnd, entry.data.get("before"))
        return None

    return replay_of


def _back_to(table: Table, rnd: Round, version: object) -> Replay | None:
    """What putting a corrected round back to an earlier version replays."""
    old = next((v for v in store.versions_of(rnd) if v.version == version), None)
    return None if old is None else entries.change_replay(table, rnd, old.entry)


def _undoing_edit(table: Table, data: JournalData, *, forward: bool) -> Replay | None:
    """What undoing (or redoing) a change of the table replays: its entry taken out of the
    sequence or put back. Nothing is planned when it renames or reseats players first (the
    table the replay starts from is not the one the snapshot holds)."""
    if data.get("rename") or data.get("seats") or not data.get("round_id"):
        return None
    rnd = store.round_by_id(table, data["round_id"])
    if rnd is None:
        return None
    if forward and rnd.number is None:
        return entries.restore_replay(table, rnd)
    if not forward and rnd.number is not None:
        return entries.delete_replay(table, rnd)
    return None
