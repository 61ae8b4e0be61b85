"""Undo: any journal entry taken back (an entered round deleted, a correction returned to
the version before it, a delete restored, a change of the table reversed), and undone again.

Works inside the caller's transaction and raises ``InvalidInput``, ``Conflict`` or
``LookupError`` without writing anything; the caller commits.
"""

from __future__ import annotations

from scorekeeper.games import GAMES
from scorekeeper.kinds import Action, Effect
from scorekeeper.messages import N_, Msg
from scorekeeper.models import JournalEntry, Table
from scorekeeper.round_data import JournalData
from scorekeeper.tables import changes, store
from scorekeeper.tables.entries import (
    Conflict,
    change_row,
    delete_row,
    named,
    restore_row,
)


def undo(table: Table, seq: int) -> JournalEntry:
    """Undo journal entry ``seq`` (itself a journal entry, which can be undone in turn).

    An entered round is deleted, a deleted one restored at its number, a correction replaced
    by the version before it; Conflict when the entry can no longer be undone as such.
    """
    entry = store.journal_entry(table, seq)
    effect = entry.data.get("effect")
    if effect in (Effect.EDIT, Effect.UNEDIT):
        return changes.undo_edit(table, entry)
    if entry.action == Action.REMATCH:
        raise Conflict(
            N_(
                "Entry %(seq)s only notes that the game continued at a new table: there is "
                "nothing to undo here (that table stays; simply stop using it)",
                seq=seq,
            )
        )
    rnd = store.round_by_id(table, entry.round_id) if entry.round_id is not None else None
    noun = GAMES[table.game].noun
    data: JournalData
    done: Msg
    if rnd is None or effect not in (
        Effect.CREATED,
        Effect.RESTORED,
        Effect.DELETED,
        Effect.CHANGED,
    ):
        raise Conflict(
            N_(
                "Entry %(seq)s (%(summary)s) cannot be undone",
                seq=seq,
                summary=store.summary_of(entry),
            )
        )
    if effect in (Effect.CREATED, Effect.RESTORED):
        if rnd.number is None:
            raise Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: that %(noun)s is already deleted",
                    seq=seq,
                    noun=noun,
                )
            )
        number = rnd.round_no
        what = named(table, rnd)
        delete_row(table, rnd)
        done, data = N_("%(what)s deleted", what=what), {"effect": Effect.DELETED}
    elif effect == Effect.DELETED:
        if rnd.number is not None:
            raise Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: that %(noun)s is already back as %(what)s",
                    seq=seq,
                    noun=noun,
                    what=named(table, rnd),
                )
            )
        restore_row(table, rnd)
        assert rnd.number is not None
        number = rnd.round_no
        done = N_("%(what)s restored", what=named(table, rnd))
        data = {"effect": Effect.RESTORED}
    else:
        if rnd.number is None:
            raise Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: that %(noun)s is deleted; restore it first",
                    seq=seq,
                    noun=noun,
                )
            )
        wanted = entry.data.get("before")
        old = next((v for v in store.versions_of(rnd) if v.version == wanted), None)
        if old is None:
            raise Conflict(
                N_("Entry %(seq)s cannot be undone: the earlier version is not kept", seq=seq)
            )
        number = rnd.round_no
        before = rnd.version
        change_row(table, rnd, old.entry, f"undo of entry {seq}")
        done = N_(
            "%(what)s back to version %(version)s",
            what=named(table, rnd),
            version=wanted,
        )
        data = {"effect": Effect.CHANGED, "before": before}
    return store.record(
        table,
        Action.UNDO,
        N_("undo of entry %(seq)s: %(done)s", seq=seq, done=done),
        number=number,
        round_id=rnd.id,
        data={**data, "undoes": seq},
    )
