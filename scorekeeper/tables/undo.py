"""Undo: any journal entry taken back (an entered round deleted, a correction returned to
the version before it, a delete restored, a change of the table reversed), and undone again.

Each effect a journal entry records (``kinds.Effect``) has its undoer in ``TABLE_UNDO`` (the
mechanism clubs use too, ``tables.undoing``); a change of the table is taken back part by
part (``EDIT_PARTS``). Works inside the caller's transaction and raises ``InvalidInput``,
``Conflict`` or ``LookupError`` without writing anything; the caller commits.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.games import RULES
from scorekeeper.kinds import Action, Effect
from scorekeeper.messages import N_, Msg, Semicolons
from scorekeeper.models import JournalEntry, Round, RoundVersion, Table, now
from scorekeeper.round_data import JournalData, as_edit
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.common import name_key
from scorekeeper.tables import changes, entries, journal, store
from scorekeeper.tables.current import all_clear
from scorekeeper.tables.entries import (
    Conflict,
    change_row,
    delete_row,
    named,
    restore_row,
)
from scorekeeper.tables.patch_checks import SEATED_ALREADY, SETTLE_FIRST
from scorekeeper.tables.undoing import Undoers

TABLE_UNDO = Undoers[Table, JournalEntry, JournalEntry]()
"""How each effect of a table's journal entry is undone."""


def undo(table: Table, seq: int) -> JournalEntry:
    """Undo journal entry ``seq`` (itself a journal entry, which can be undone in turn).

    An entered round is deleted, a deleted one restored at its number, a correction replaced
    by the version before it; Conflict when the entry can no longer be undone as such.
    """
    entry = store.journal_entry(table, seq)
    try:
        return TABLE_UNDO.undo(table, entry, effect_of(table, entry))
    except InvalidInput as exc:  # a later entry would no longer hold (API.md: 409)
        raise Conflict(
            N_(
                "Entry %(seq)s (%(summary)s) can no longer be undone: %(why)s",
                seq=entry.seq,
                summary=journal.summary_of(entry),
                why=Semicolons(tuple(v.message for v in exc.violations)),
            )
        ) from exc


def effect_of(table: Table, entry: JournalEntry) -> str:
    """The effect of ``entry`` its undo takes back; Conflict when it has none to take back
    (a rematch only notes that the game continued elsewhere)."""
    effect = Effect.REMATCH if entry.action == Action.REMATCH else entry.data.get("effect")
    if not TABLE_UNDO.knows(effect):
        raise _cannot(table, entry)
    assert isinstance(effect, str)
    if effect == Effect.REMATCH:
        _rematch(table, entry)
    _not_undone_yet(table, entry)
    return effect


def _not_undone_yet(table: Table, entry: JournalEntry) -> None:
    """Conflict when ``entry`` was undone already: undoing it again would take back what
    nothing did since, and undoing that empty undo would make the change behind the first
    undo's back (a probe, 2026-11-30). What stands is changed from the chain's last entry."""
    chain = journal.undone_by(table, entry.seq)
    if not chain:
        return
    which = {"seq": entry.seq, "by": chain[0], "last": chain[-1]}
    if len(chain) % 2:  # undone: its undo makes it again
        raise Conflict(
            N_(
                "Entry %(seq)s is already undone (entry %(by)s): undo entry %(last)s to make "
                "it again",
                **which,
            )
        )
    raise Conflict(  # undone, then made again: undoing the last does it
        N_(
            "Entry %(seq)s was undone (entry %(by)s) and made again (entry %(last)s): undo "
            "entry %(last)s instead",
            **which,
        )
    )


def _cannot(table: Table, entry: JournalEntry) -> Conflict:
    return Conflict(
        N_(
            "Entry %(seq)s (%(summary)s) cannot be undone",
            seq=entry.seq,
            summary=journal.summary_of(entry),
        )
    )


@TABLE_UNDO.on(Effect.REMATCH)
def _rematch(table: Table, entry: JournalEntry) -> JournalEntry:
    raise Conflict(
        N_(
            "Entry %(seq)s only notes that the game continued at a new table: there is "
            "nothing to undo here (that table stays; simply stop using it)",
            seq=entry.seq,
        )
    )


# -- an entry of the sequence: entered, deleted, restored, corrected ---------------------------


def _round_of(table: Table, entry: JournalEntry) -> Round:
    rnd = store.round_by_id(table, entry.round_id) if entry.round_id is not None else None
    if rnd is None:
        raise _cannot(table, entry)
    return rnd


def _recorded(
    table: Table,
    entry: JournalEntry,
    rnd: Round,
    number: int | None,
    done: Msg,
    data: JournalData,
) -> JournalEntry:
    return journal.record(
        table,
        Action.UNDO,
        N_("undo of entry %(seq)s: %(done)s", seq=entry.seq, done=done),
        number=number,
        round_id=rnd.id,
        data={**data, "undoes": entry.seq},
    )


def deleted_again(table: Table, entry: JournalEntry) -> Round:
    """The round an entered or restored round's undo deletes; Conflict when it cannot."""
    rnd = _round_of(table, entry)
    if rnd.number is None:
        raise Conflict(
            N_(
                "Entry %(seq)s cannot be undone: that %(noun)s is already deleted",
                seq=entry.seq,
                noun=RULES[table.game].noun,
            )
        )
    entries.check_deletable(table, rnd)
    return rnd


@TABLE_UNDO.on(Effect.CREATED, Effect.RESTORED)
def _delete_again(table: Table, entry: JournalEntry) -> JournalEntry:
    rnd = deleted_again(table, entry)
    number = rnd.round_no
    what = named(table, rnd)
    delete_row(table, rnd)
    done = N_("%(what)s deleted", what=what)
    return _recorded(table, entry, rnd, number, done, {"effect": Effect.DELETED})


def restored_again(table: Table, entry: JournalEntry) -> Round:
    """The round a delete's undo restores; Conflict when it cannot."""
    rnd = _round_of(table, entry)
    if rnd.number is not None:
        raise Conflict(
            N_(
                "Entry %(seq)s cannot be undone: that %(noun)s is already back as %(what)s",
                seq=entry.seq,
                noun=RULES[table.game].noun,
                what=named(table, rnd),
            )
        )
    return rnd


@TABLE_UNDO.on(Effect.DELETED)
def _restore_again(table: Table, entry: JournalEntry) -> JournalEntry:
    rnd = restored_again(table, entry)
    restore_row(table, rnd)
    assert rnd.number is not None
    done = N_("%(what)s restored", what=named(table, rnd))
    return _recorded(table, entry, rnd, rnd.round_no, done, {"effect": Effect.RESTORED})


def changed_back(table: Table, entry: JournalEntry) -> tuple[Round, RoundVersion]:
    """The round a correction's undo puts back, and the version it goes back to; Conflict
    when it cannot."""
    rnd = _round_of(table, entry)
    seq = entry.seq
    if rnd.number is None:
        raise Conflict(
            N_(
                "Entry %(seq)s cannot be undone: that %(noun)s is deleted; restore it first",
                seq=seq,
                noun=RULES[table.game].noun,
            )
        )
    wanted = entry.data.get("before")
    versions = store.versions_of(rnd)
    if isinstance(wanted, int) and not _as_made(rnd, versions, wanted + 1):
        # Changed again since: going back would throw that later change away unsaid.
        later = journal.last_about(table, rnd.id, Effect.CHANGED, seq)
        raise Conflict(
            N_(
                "Entry %(seq)s cannot be undone: %(what)s was changed again since "
                "(entry %(later)s); undo that first",
                seq=seq,
                what=named(table, rnd),
                later=later if later is not None else "?",
            )
        )
    old = next((v for v in versions if v.version == wanted), None)
    if old is None:
        raise Conflict(
            N_("Entry %(seq)s cannot be undone: the earlier version is not kept", seq=seq)
        )
    return rnd, old


def _as_made(rnd: Round, versions: list[RoundVersion], made: int) -> bool:
    """Whether ``rnd`` reads as its version ``made`` did: that version, or a later one that
    an undo of a later change put back as it was."""
    if rnd.version == made:
        return True
    kept = next((v for v in versions if v.version == made), None)
    return kept is not None and kept.entry == rnd.entry


@TABLE_UNDO.on(Effect.CHANGED)
def _change_back(table: Table, entry: JournalEntry) -> JournalEntry:
    rnd, old = changed_back(table, entry)
    seq, wanted = entry.seq, entry.data.get("before")
    number = rnd.round_no
    before = rnd.version
    change_row(table, rnd, old.entry, f"undo of entry {seq}")
    done = N_("%(what)s back to version %(version)s", what=named(table, rnd), version=wanted)
    return _recorded(table, entry, rnd, number, done, {"effect": Effect.CHANGED, "before": before})


# -- a change of the table, taken back (or made again) part by part ---------------------------


@TABLE_UNDO.on(Effect.EDIT, Effect.UNEDIT)
def undo_edit(table: Table, entry: JournalEntry) -> JournalEntry:
    """Undo a change of the table (or redo one that was undone): names, point value and the
    change's entry in the sequence (taken out, or put back), all or nothing."""
    data = entry.data
    forward = data.get("effect") == Effect.UNEDIT  # undoing an undo does the change again
    words: list[Msg] = []
    for key, part in EDIT_PARTS:
        if data.get(key):
            words += part(table, entry, forward)
    table.updated_at = now()
    return journal.record(
        table,
        Action.UNDO,
        N_(
            "undo of entry %(seq)s: %(done)s",
            seq=entry.seq,
            done=words or N_("nothing left to change"),
        ),
        data={**data, "effect": Effect.EDIT if forward else Effect.UNEDIT, "undoes": entry.seq},
    )


def _edit_name(table: Table, entry: JournalEntry, forward: bool) -> list[Msg]:
    name = entry.data["name"]
    to = name[1] if forward else name[0]
    table.name = to
    return [N_("table name %(name)s", name=to)]


def _edit_rename(table: Table, entry: JournalEntry, forward: bool) -> list[Msg]:
    pairs = renamed_back(table, entry, forward)
    changes.rename_players(table, pairs)
    return renamed_words(pairs)


def renamed_words(pairs: dict[str, str]) -> list[Msg]:
    """What giving names back does, in words."""
    return [N_("%(old)s is %(new)s again", old=old, new=new) for old, new in pairs.items()]


def renamed_back(table: Table, entry: JournalEntry, forward: bool) -> dict[str, str]:
    """The names a change of the table's undo gives back (each name now: the one it gets);
    Conflict when it cannot."""
    seq, rename = entry.seq, dict(entry.data.get("rename") or {})
    if table.club_id is not None:
        # A member has one name across the club (API.md "Clubs"): only the club renames.
        raise Conflict(
            N_(
                "Entry %(seq)s renames players of a club's table: undo the rename at the club",
                seq=seq,
            )
        )
    pairs = rename if forward else {new: old for old, new in rename.items()}
    have = {name_key(n) for n in table.players}
    for old in pairs:
        if name_key(old) not in have:
            raise Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: nobody is called %(name)s any more",
                    seq=seq,
                    name=old,
                )
            )
    clash = have - {name_key(o) for o in pairs}
    for new in pairs.values():
        if name_key(new) in clash:
            raise Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: another player is now called %(name)s",
                    seq=seq,
                    name=new,
                )
            )
    return pairs


def _edit_seats(table: Table, entry: JournalEntry, forward: bool) -> list[Msg]:
    to_seats, to_dealer = seated_back(table, entry, forward)
    changes.reseat(table, to_seats, to_dealer)
    return [N_("seats: %(names)s", names=to_seats)]


def seated_back(table: Table, entry: JournalEntry, forward: bool) -> tuple[list[str], int]:
    """The seats and first dealer a change of the table's undo gives back; Conflict when it
    cannot."""
    seats = entry.data["seats"]
    dealers = entry.data.get("first_dealer") or [0, 0]
    (frm_seats, to_seats), to_dealer = (
        (seats, dealers[1]) if forward else ((seats[1], seats[0]), dealers[0])
    )
    if table.round_count or sorted(table.players) != sorted(frm_seats):
        raise Conflict(
            N_("Entry %(seq)s cannot be undone: %(why)s", seq=entry.seq, why=SEATED_ALREADY)
        )
    return list(to_seats), to_dealer


def _edit_point_value(table: Table, entry: JournalEntry, forward: bool) -> list[Msg]:
    value = priced_back(table, entry, forward)
    changes.close_priced_rounds(table)
    table.point_value = value
    return [N_("point value %(v)s", v=value) if value is not None else N_("no point value")]


def priced_back(table: Table, entry: JournalEntry, forward: bool) -> str | None:
    """The point value a change of the table's undo gives back; Conflict when it cannot."""
    pv = entry.data["point_value"]
    frm, value = (pv[0], pv[1]) if forward else (pv[1], pv[0])
    if table.point_value != frm:
        raise Conflict(
            N_(
                "Entry %(seq)s cannot be undone: the point value has changed since",
                seq=entry.seq,
            )
        )
    if not all_clear(store.state_of(table)):
        # As for the change itself: any other point value (or none) would price the
        # rounds played since at it.
        raise Conflict(
            N_("Entry %(seq)s cannot be undone now: %(why)s", seq=entry.seq, why=SETTLE_FIRST)
        )
    return value


AS_BEFORE = N_("players and settings as before")
"""A change of the table's entry taken out of the sequence, in words."""


def _edit_entry(table: Table, entry: JournalEntry, forward: bool) -> list[Msg]:
    """The change's entry in the sequence: taken out, or put back."""
    rnd = store.round_by_id(table, entry.data["round_id"])
    if rnd is None:
        return []
    try:
        if forward and rnd.number is None:
            entries.seat_names(table, as_edit(rnd.entry))
            entries.restore_row(table, rnd)
            return changes.change_messages(rnd.result)
        if not forward and rnd.number is not None:
            entries.delete_row(table, rnd)
            return [AS_BEFORE]
    except InvalidInput as exc:
        raise refused_entry(entry, exc) from exc
    return []


def refused_entry(entry: JournalEntry, exc: InvalidInput) -> Conflict:
    """Why a change of the table cannot be undone: its entry no longer fits the sequence."""
    return Conflict(
        N_(
            "Entry %(seq)s cannot be undone: %(why)s",
            seq=entry.seq,
            why=[v.message for v in exc.violations],
        )
    )


EDIT_PARTS: tuple[tuple[str, Callable[[Table, JournalEntry, bool], list[Msg]]], ...] = (
    ("name", _edit_name),
    ("rename", _edit_rename),
    ("seats", _edit_seats),
    ("point_value", _edit_point_value),
    ("round_id", _edit_entry),
)
"""Each part a change of the table may record (a key of its journal data), in the order
they are taken back; each answers what it did, in words."""
