"""What undoing a journal entry would do, asked before it is done.

The answer comes from doing the undo for real in a transaction of its own and rolling it
back (``database.rehearsal``): the totals shown are the ones the table would have, exactly,
whatever the undo replays (later rounds' dealers, Baka's rounds, Tokan's pot).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.database import rehearsal
from scorekeeper.exact import display
from scorekeeper.games import RULES, GameRules
from scorekeeper.kinds import Effect, EntryKind
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import JournalEntry, Round, Table
from scorekeeper.rules import InvalidInput
from scorekeeper.state import State
from scorekeeper.tables import service, store


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


def undo_question(token: str, seq: int) -> UndoQuestion:
    """Ask what undoing entry ``seq`` of the table at ``token`` would do. LookupError when
    the table or the entry does not exist."""
    with rehearsal():
        table = service.open_for(token, service.undoing(seq))  # a long table: replay first
        entry = store.journal_entry(table, seq)
        summary = store.summary_of(entry)
        version = table.version
        before = store.state_of(table)
        try:
            done = service.undo(table, seq)
        except service.Conflict as exc:
            return UndoQuestion(seq, summary, version, refusal=reason(exc))
        except InvalidInput as exc:
            messages = [v.message for v in exc.violations]  # each translated on the page
            template = " ".join(f"%(m{i})s" for i in range(len(messages)))
            refusal = Msg(template, {f"m{i}": m for i, m in enumerate(messages)})
            return UndoQuestion(seq, summary, version, refusal=refusal)
        return UndoQuestion(seq, summary, version, change=_change(table, entry, done, before))


def _change(table: Table, undone: JournalEntry, done: JournalEntry, before: State) -> Msg:
    """The sentence for an undo that was just rehearsed: what it does, then the totals."""
    what = _what(table, undone, done)
    state = store.state_of(table)
    names = table.players[: len(state.totals)]
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


def _what(table: Table, undone: JournalEntry, done: JournalEntry) -> Msg:
    game = RULES[table.game]
    effect = done.data.get("effect")
    if effect in (Effect.EDIT, Effect.UNEDIT):
        summary = Msg.from_json(done.data.get("summary_msg"))
        words = summary.params.get("done") if summary is not None else None
        if effect == Effect.UNEDIT:
            return N_("the change of the table will be undone (%(words)s)", words=words or "")
        return N_("the change of the table will be made again (%(words)s)", words=words or "")
    rnd = store.round_by_id(table, done.round_id) if done.round_id is not None else None
    if rnd is None or (rnd.kind == EntryKind.ROUND and done.number is None):
        return N_("entry %(seq)s will be undone", seq=undone.seq)
    thing = _thing(game, rnd, done.number)
    if effect == Effect.DELETED:
        return N_("%(thing)s will be deleted", thing=thing)
    if effect == Effect.RESTORED:
        return N_("%(thing)s will be restored", thing=thing)
    return N_(
        "%(thing)s will go back to version %(version)s",
        thing=thing,
        version=undone.data.get("before", 1),
    )


def _thing(game: GameRules, rnd: Round, number: int | None) -> Msg:
    """The entry an undo deletes, restores or changes, as a sentence names it."""
    if rnd.kind == EntryKind.END:
        return N_("the end of game %(n)s", n=rnd.game_no)
    if rnd.kind == EntryKind.SETTLE:
        return N_("the settle-up")
    if rnd.kind == EntryKind.EDIT:
        return N_("the change of the table")
    assert number is not None
    return game.numbered(number)
