"""What undoing a journal entry would do, asked before it is done.

The answer is a pure replay on a read-only snapshot (``database.snapshot``): the undo's own
checks (``tables.undo``) say whether it can be done, and the replay it would make
(``replay.replayed``) the totals it would leave, exactly, whatever it replays (later
rounds' dealers, Baka's rounds, Tokan's pot). Nothing is written and the write lock is never
taken: asking waits for no writer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.database import snapshot
from scorekeeper.exact import display
from scorekeeper.games import RULES, GameRules
from scorekeeper.kinds import Effect, EntryKind
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import JournalEntry, Round, Table
from scorekeeper.round_data import as_edit
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.common import name_key
from scorekeeper.state import State
from scorekeeper.tables import changes, entries, journal, store, undo
from scorekeeper.tables.entries import Conflict
from scorekeeper.tables.replay import replayed


@dataclass(frozen=True)
class UndoQuestion:
    """The question the undo page asks about journal entry ``seq``."""

    seq: int
    entry: str
    """The entry to undo, in words (its journal summary)."""
    version: int
    """The table's journal version the answer was worked out at."""
    change: Msg | None = None
    """What undoing it does ("Round 3 will be deleted; the totals go back to ..."); None when
    it cannot be undone (``refusal`` says why)."""
    refusal: str | None = None


@dataclass(frozen=True)
class _Undone:
    """What an undo would do, worked out without doing it."""

    effect: str
    """The effect its journal entry would record (``kinds.Effect``)."""
    round: Round | None
    """The entry it deletes, restores or changes; None for a change of the table."""
    number: int | None
    """That round's number once undone (None: not a round, or a change of the table)."""
    game_no: int | None
    """That entry's game once undone."""
    state: State
    players: Sequence[str]
    words: Msg | list[Msg] | None = None
    """What undoing a change of the table does, in words (None: not a change)."""


def undo_question(token: str, seq: int) -> UndoQuestion:
    """Ask what undoing entry ``seq`` of the table at ``token`` would do. LookupError when
    the table or the entry does not exist."""
    with snapshot():
        table = store.find_table(token)
        entry = store.journal_entry(table, seq)
        summary = journal.summary_of(entry)
        version = table.version
        before = store.state_of(table)
        try:
            done = _preview(table, entry)
        except Conflict as exc:
            return UndoQuestion(seq, summary, version, refusal=reason(exc))
        except InvalidInput as exc:
            messages = [v.message for v in exc.violations]  # each translated on the page
            template = " ".join(f"%(m{i})s" for i in range(len(messages)))
            refusal = Msg(template, {f"m{i}": m for i, m in enumerate(messages)})
            return UndoQuestion(seq, summary, version, refusal=refusal)
        return UndoQuestion(seq, summary, version, change=_change(table, entry, done, before))


def _preview(table: Table, entry: JournalEntry) -> _Undone:
    """What undoing ``entry`` would do (``undo.undo``, read only): the same checks, then the
    replay it would make. Only the snapshot's copy of the table is changed, never written."""
    effect = undo.effect_of(table, entry)
    if effect in (Effect.EDIT, Effect.UNEDIT):
        return _edit_preview(table, entry, forward=effect == Effect.UNEDIT)
    if effect in (Effect.CREATED, Effect.RESTORED):
        rnd = undo.deleted_again(table, entry)
        state, _ = replayed(table, entries.delete_replay(table, rnd))
        return _Undone(Effect.DELETED, rnd, rnd.round_no, rnd.game_no, state, list(table.players))
    if effect == Effect.DELETED:
        rnd = undo.restored_again(table, entry)
        entries.check_restorable(table)
        replay = entries.restore_replay(table, rnd)
        state, steps = replayed(table, replay)
        number = (
            store.round_no_before(table, replay.number) + 1 if rnd.kind == EntryKind.ROUND else None
        )
        return _Undone(Effect.RESTORED, rnd, number, steps[0].game_no, state, list(table.players))
    assert effect == Effect.CHANGED
    rnd, old = undo.changed_back(table, entry)
    state, steps = replayed(table, entries.change_replay(table, rnd, old.entry))
    return _Undone(Effect.CHANGED, rnd, rnd.round_no, steps[0].game_no, state, list(table.players))


def _edit_preview(table: Table, entry: JournalEntry, *, forward: bool) -> _Undone:
    """What undoing (or redoing) a change of the table would do, part by part as
    ``undo.undo_edit`` does it: the parts that only change the table's own columns on the
    snapshot's copy, the names and the entry's place in the sequence worked out here."""
    data = entry.data
    pairs: dict[str, str] = {}
    words: list[Msg] = []
    state: State | None = None
    for key, part in undo.EDIT_PARTS:
        if not data.get(key):
            continue
        if key == "rename":
            pairs = undo.renamed_back(table, entry, forward)
            table.players = _renamed(table.players, pairs)
            words += undo.renamed_words(pairs)
        elif key == "round_id":
            # Names change no figure: the stored entries still hold the old ones, so the
            # replay runs under them and the names it seats are given the new ones after.
            table.players = _renamed(table.players, {new: old for old, new in pairs.items()})
            state, more = _edit_entry_preview(table, entry, forward)
            table.players = _renamed(table.players, pairs)
            words += more
        else:
            words += part(table, entry, forward)  # the snapshot's copy only: never written
    return _Undone(
        Effect.EDIT if forward else Effect.UNEDIT,
        None,
        None,
        None,
        store.state_of(table) if state is None else state,
        list(table.players),
        words or N_("nothing left to change"),
    )


def _edit_entry_preview(
    table: Table, entry: JournalEntry, forward: bool
) -> tuple[State | None, list[Msg]]:
    """The state once a change's entry is taken out of the sequence or put back (None: left
    as it is), and that in words."""
    rnd = store.round_by_id(table, entry.data["round_id"])
    if rnd is None:
        return None, []
    try:
        if forward and rnd.number is None:
            entries.check_restorable(table)
            entries.seat_names(table, as_edit(rnd.entry))
            state, steps = replayed(table, entries.restore_replay(table, rnd))
            result = steps[0].result if steps[0].rescored else rnd.result
            return state, changes.change_messages(result)
        if not forward and rnd.number is not None:
            entries.check_deletable(table, rnd)
            return replayed(table, entries.delete_replay(table, rnd))[0], [undo.AS_BEFORE]
    except InvalidInput as exc:
        raise undo.refused_entry(entry, exc) from exc
    return None, []


def _renamed(players: Sequence[str], pairs: dict[str, str]) -> list[str]:
    """``players`` renamed as ``changes.rename_players`` renames them."""
    mapping = {name_key(old): new for old, new in pairs.items()}
    return [mapping.get(name_key(n), n) for n in players]


def _change(table: Table, undone: JournalEntry, done: _Undone, before: State) -> Msg:
    """The sentence for an undo worked out: what it does, then the totals."""
    what = _what(table, undone, done)
    state = done.state
    names = done.players[: len(state.totals)]
    totals = [
        N_("%(name)s %(total)s", name=name, total=display(total, True))
        for name, total in zip(names, state.totals, strict=True)
    ]
    sentence = N_("%(what)s; the totals go back to %(totals)s.", what=what, totals=totals)
    if state.pot or before.pot:
        sentence = N_(
            "%(sentence)s The pot holds %(pot)s.", sentence=sentence, pot=_plain(state.pot)
        )
    if state.house or before.house:
        sentence = N_(
            "%(sentence)s The house holds %(house)s.", sentence=sentence, house=_plain(state.house)
        )
    return sentence.capitalized()


def _plain(value: Fraction) -> str:
    return display(value)


def _what(table: Table, undone: JournalEntry, done: _Undone) -> Msg:
    game = RULES[table.game]
    effect = done.effect
    if effect in (Effect.EDIT, Effect.UNEDIT):
        words = done.words
        if effect == Effect.UNEDIT:
            return N_("the change of the table will be undone (%(words)s)", words=words or "")
        return N_("the change of the table will be made again (%(words)s)", words=words or "")
    rnd = done.round
    if rnd is None or (rnd.kind == EntryKind.ROUND and done.number is None):
        return N_("entry %(seq)s will be undone", seq=undone.seq)
    thing = _thing(game, rnd, done.number, done.game_no)
    if effect == Effect.DELETED:
        return N_("%(thing)s will be deleted", thing=thing)
    if effect == Effect.RESTORED:
        return N_("%(thing)s will be restored", thing=thing)
    return N_(
        "%(thing)s will go back to version %(version)s",
        thing=thing,
        version=undone.data.get("before", 1),
    )


def _thing(game: GameRules, rnd: Round, number: int | None, game_no: int | None) -> Msg:
    """The entry an undo deletes, restores or changes, as a sentence names it."""
    if rnd.kind == EntryKind.END:
        return N_("the end of game %(n)s", n=game_no)
    if rnd.kind == EntryKind.SETTLE:
        return N_("the settle-up")
    if rnd.kind == EntryKind.EDIT:
        return N_("the change of the table")
    assert number is not None
    return game.numbered(number)
