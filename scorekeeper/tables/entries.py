"""A table's entries: opening a table, entering, correcting, deleting and restoring rounds
and ends of games, and the replay that moves later rounds on.

Each works inside the caller's transaction (one per request) and raises ``InvalidInput``
(422), ``Conflict`` (409) or ``LookupError`` (404) without writing anything; the caller
commits. Entries are JSON-shaped, as the API takes them: a round's ``dealer`` is a position
among that round's players, and when it is left out the table's ledger decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sqlalchemy import ColumnElement, select, update

from scorekeeper.games import RULES
from scorekeeper.kinds import Action, Effect, EntryKind
from scorekeeper.ledger import step
from scorekeeper.messages import N_, Msg
from scorekeeper.models import Round, Table, db, now
from scorekeeper.round_data import EditEntry, Entry, as_edit, as_entry, json_of
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.state import State
from scorekeeper.tables import journal, store
from scorekeeper.tables.checks import (
    NewTable,
    played_at_of,
    submission_id_of,
)
from scorekeeper.tables.replay import (
    Head,
    Renumbering,
    Replay,
    forget_loaded,
    recompute,
)
from scorekeeper.tables.replay import settled_moves as replay_moves

MAX_ROUNDS = 10_000
"""The most entries a table holds: its rounds, game ends, changes and settle-ups together.
Past it the players continue in a new table with the totals carried."""


def full() -> Msg:
    """Why a full table takes no more entries, and what the players do then."""
    return N_(
        "This table is full: it holds at most %(n)s entries (rounds, game ends, changes of "
        "the table and settle-ups). Continue in a new table: it keeps the players, the rules "
        "and the running totals",
        n=format(MAX_ROUNDS, ","),
    )


KINDS = (EntryKind.ROUND, EntryKind.END)
"""What the API enters as a round: a round, or the end of a game."""
IMPORTED_KINDS = tuple(EntryKind)
"""What an export's rounds may be: rounds, ends of games, changes of the table, settle-ups."""


class Conflict(Exception):
    """A write that collides with another one (a stale view, a number already taken)."""


class Overtaken(Conflict):
    """A stale view: the round the player was entering or correcting was written meanwhile
    from another phone (their new round took that number, or they corrected it)."""


def open_table(new: NewTable, continues: Table | None = None) -> Table:
    """Store a checked new table; ``continues`` is a table whose running totals (and pot and
    house) it carries over."""
    table = Table(
        token=store.new_token(),
        name=new.name,
        game=new.game,
        players=list(new.players),
        rules=new.rules,
        settings=new.settings,
        point_value=new.point_value,
        first_dealer=new.first_dealer,
        round_count=0,
        rounds_played=0,
    )
    start = State.initial(store.spec_of(table))
    if continues is not None:
        carried = store.state_of(continues)
        start = replace(start, totals=carried.totals, pot=carried.pot, house=carried.house)
        table.opening = start.to_json()
    table.state = start.to_json()
    db.session.add(table)
    db.session.flush()
    return table


def enter_round(
    table: Table,
    kind: EntryKind,
    entry: Entry,
    *,
    submission_id: str | None = None,
    expected_number: int | None = None,
    played_at: str | None = None,
) -> tuple[Round, bool]:
    """Score and store the next round (or the end of a game); returns it and whether it is new.

    A repeated ``submission_id`` (a double tap) returns the round it stored the first time.
    ``expected_number`` is the round number the player's page was about to enter: if
    another phone entered it first, Conflict. A game's end takes no round number
    (``Round.round_no``): only its place among the table's entries (``Round.number``).
    ``played_at`` (``checks.played_at_of``): when the round was played, if not now (a round
    kept on a phone without a signal); the round's time (``created_at``) is that one.
    """
    submission_id = submission_id_of(submission_id)
    played = played_at_of(played_at, table.created_at, now())
    kept = RULES[table.game].kept_entry(kind, entry)
    existing = _entered_already(table, submission_id, expected_number)
    if existing is not None:
        return existing, False
    done = step(store.spec_of(table), store.state_of(table), kind, kept)
    rnd = Round(
        table_id=table.id,
        number=table.round_count + 1,
        round_no=table.rounds_played + 1 if kind == EntryKind.ROUND else None,
        entry=as_entry(dict(kept)),
        submission_id=submission_id or None,
    )
    if played is not None:
        rnd.created_at = played
    store.store_step(rnd, done, table.round_count + 1)
    db.session.add(rnd)
    table.round_count += 1
    if kind == EntryKind.ROUND:
        table.rounds_played += 1
    table.state = done.after.to_json()
    table.updated_at = now()
    db.session.flush()
    if kind == EntryKind.END:
        summary = N_("game %(n)s ended", n=done.game_no)
    else:
        summary = N_("%(what)s entered", what=_numbered(table, table.rounds_played))
    journal.record(
        table,
        Action.END if kind == EntryKind.END else Action.ENTER,
        summary,
        number=rnd.round_no,
        round_id=rnd.id,
        data={"effect": Effect.CREATED},
    )
    return rnd, True


def _entered_already(
    table: Table, submission_id: str | None, expected_number: int | None
) -> Round | None:
    """The round a repeated submission stored the first time (None for a new one); Conflict
    or Overtaken when it cannot be entered now, InvalidInput when the table is full."""
    if submission_id:
        existing = store.find_submission(table, submission_id)
        if existing is not None and existing.number is None:
            raise Conflict(
                N_(
                    "This round was entered and later deleted; restore it from the history "
                    "instead of entering it again"
                )
            )
        if existing is not None:
            return existing
    if expected_number is not None and expected_number > table.rounds_played + 1:
        # Fewer rounds than the page counted: one was deleted (or taken back) meanwhile.
        raise Overtaken(
            N_(
                "The table changed since this page was opened (a round was deleted or taken "
                "back): this would be %(what)s, not %(n)s; reload the table to see it before "
                "entering it",
                what=_numbered(table, table.rounds_played + 1),
                n=expected_number,
            )
        )
    if expected_number is not None and expected_number != table.rounds_played + 1:
        raise Overtaken(
            N_(
                "Round %(n)s was already entered from another phone; "
                "reload the table to see it before entering the next round",
                n=expected_number,
            )
        )
    if table.round_count >= MAX_ROUNDS:
        raise InvalidInput([Violation("", full())])
    return None


def end_game(table: Table, game_no: int | None = None) -> Round:
    """End the current game now (Tokan splits its pot, R21); the next round starts another.
    ``game_no``: the game the player's page offered to end (None: the current one). When the
    table has moved on to another game since (a second tap, or another phone ended it),
    Conflict: ending the game of now would end one nobody asked to."""
    now = store.state_of(table).game_no
    if game_no is not None and game_no != now:
        raise Conflict(
            N_(
                "Game %(n)s was ended already (the button was tapped twice?): game %(now)s goes on",
                n=game_no,
                now=now,
            )
            if game_no < now
            else N_(
                "The table changed since that page was opened, so no game was ended: open it again"
            )
        )
    rnd, _ = enter_round(table, EntryKind.END, Entry({}))
    return rnd


def correct_round(
    table: Table,
    number: int,
    entry: Entry,
    note: str = "",
    *,
    based_on: tuple[int, int] | None = None,
    summary: Msg | None = None,
) -> Round:
    """Replace round ``number``'s entry and recompute every later round from its input.

    ``based_on`` is the round (id, version) the player's correction was made from: if the
    round at that number is another one now, or was corrected since, Conflict. Only rounds
    have numbers: a game's end, a change of the table or a settle-up is undone instead.
    One journal entry records it (``summary``, "round 3 corrected" unless given): undoing it
    puts the version before back.
    """
    target = store.get_round(table, number)
    if based_on is not None and based_on != (target.id, target.version):
        raise Overtaken(
            N_(
                "%(what)s was changed after you opened this correction (from another phone, or "
                "from this one earlier)",
                what=_numbered(table, number),
            ).capitalized()
        )
    before = target.version
    change_row(table, target, entry, note)
    journal.record(
        table,
        Action.CORRECT,
        summary or N_("%(what)s corrected", what=_numbered(table, number)),
        number=number,
        round_id=target.id,
        data={"effect": Effect.CHANGED, "before": before},
    )
    return target


Seen = tuple[int | None, int | None]
"""The entry a delete button's page showed: its id and version (None: not said)."""


def delete_round(table: Table, number: int, seen: Seen = (None, None)) -> Round:
    """Delete round ``number``: later rounds move up one and are recomputed; it can be restored.
    ``seen``: the round the page showed as that number (``check_seen``)."""
    return _delete_entry(
        table, check_seen(table, _found(store.get_round, table, number, seen), seen)
    )


def delete_entry(table: Table, number: int, seen: Seen = (None, None)) -> Round:
    """Delete the live entry numbered ``number`` among the table's entries (a game's end, from
    its page); later entries move up one and are recomputed; it can be restored."""
    return _delete_entry(
        table, check_seen(table, _found(store.get_entry, table, number, seen), seen)
    )


def _found(
    get: Callable[[Table, int], Round], table: Table, number: int, seen: Seen
) -> Round | None:
    """The entry numbered ``number`` (``get``), or None when there is none any more but the
    page named the one it showed (``check_seen`` says what became of it)."""
    try:
        return get(table, number)
    except store.NotFound:
        if seen[0] is None:
            raise
        return None


def check_seen(table: Table, target: Round | None, seen: Seen) -> Round:
    """``target``, the entry a page asks to delete by its number, when it is the entry the page
    showed (``seen``: its id and version; None: not said), as it showed it. Conflict when it
    is not: the shown one was deleted already (a second tap), moved (another phone's delete)
    or corrected since, and deleting it would take another player's round or correction."""
    seen_id, version = seen
    if seen_id is None or (target is not None and seen_id == target.id):
        assert target is not None  # ``_found`` gives None only with the id the page showed
        if version is not None and version != target.version:
            raise Conflict(
                N_(
                    "That was corrected since this page was opened (from another phone?), so "
                    "nothing was deleted: open it again"
                )
            )
        return target
    try:
        shown = store.round_by_id(table, seen_id)
    except LookupError:  # no id a page writes
        shown = None
    if shown is not None and shown.number is None:
        raise Conflict(
            N_("That was deleted already (the button was tapped twice?): nothing more was deleted")
        )
    if target is None and shown is None:
        raise store.NotFound(seen_id)  # nor is there the entry the page showed
    raise Conflict(
        N_(
            "The table changed since that page was opened (another phone deleted or entered "
            "something), so nothing was deleted: open it again"
        )
    )


def _delete_entry(table: Table, target: Round) -> Round:
    number = target.round_no
    what = named(table, target)
    delete_row(table, target)
    journal.record(
        table,
        Action.DELETE,
        N_("%(what)s deleted", what=what),
        number=number,
        round_id=target.id,
        data={"effect": Effect.DELETED},
    )
    return target


def restore_round(table: Table, round_id: int) -> Round:
    """Put a deleted round back at its number; later rounds move down one and are recomputed."""
    target = store.round_by_id(table, round_id)
    if target is None:
        raise store.NotFound(round_id)
    if target.number is not None:
        raise Conflict(N_("%(what)s is not deleted", what=named(table, target)).capitalized())
    # The entry that deleted it is undone by this one (the history strikes it through; it
    # is not undone a second time: ``undo``).
    deleted_by = journal.last_about(table, target.id, Effect.DELETED)
    restore_row(table, target)
    assert target.number is not None  # restore_row gave it its place back
    journal.record(
        table,
        Action.UNDO,
        N_("%(what)s restored", what=named(table, target)),
        number=target.round_no,
        round_id=target.id,
        data={"effect": Effect.RESTORED}
        if deleted_by is None
        else {"effect": Effect.RESTORED, "undoes": deleted_by},
    )
    return target


def _numbered(table: Table, number: int) -> Msg:
    """ "round 3" (Tokan: "tour 3"), as the table's game says it."""
    return RULES[table.game].numbered(number)


def named(table: Table, rnd: Round) -> Msg:
    """An entry as a summary names it: a round by its number ("round 3"), the others by
    what they are (they take no round number)."""
    if rnd.kind == EntryKind.END:
        return N_("the end of game %(n)s", n=rnd.game_no)
    if rnd.kind == EntryKind.SETTLE:
        return N_("a settle-up")
    if rnd.kind == EntryKind.EDIT:
        return N_("a change of the table")
    return _numbered(table, named_number(table, rnd))


def named_number(table: Table, rnd: Round) -> int:
    """A round's number; a deleted one's, the number a restore gives it back."""
    if rnd.round_no is not None:
        return rnd.round_no
    place = min(rnd.deleted_number or table.round_count + 1, table.round_count + 1)
    return store.round_no_before(table, place) + 1


def change_replay(table: Table, target: Round, entry: Entry) -> Replay:
    """What giving a live round a new entry replays: it, then every later round."""
    number = target.number
    if number is None:
        raise store.NotFound(target.id)
    checked = RULES[table.game].kept_entry(target.kind, entry)
    return Replay(
        number, store.state_before(table, number), [Head(target, checked, None)], number + 1
    )


def change_row(table: Table, target: Round, entry: Entry, note: str) -> None:
    """Give a live round a new entry (its current version is kept) and replay what follows."""
    replay = change_replay(table, target, entry)
    check_priced(table, replay)
    kept = store.version_of(target, note)  # taken before the replay writes the new figures
    recompute(table, replay)
    db.session.add(kept)
    target.entry = as_entry(dict(replay.head[0].entry))
    target.version += 1
    db.session.flush()


def delete_replay(table: Table, target: Round) -> Replay:
    """What taking a live round out of the numbering replays: every round after it."""
    number = target.number
    if number is None:
        raise store.NotFound(target.id)
    return Replay(number, store.state_before(table, number), [], number + 1)


def _next_settle(table: Table, settle: Round) -> Round | None:
    return db.session.scalars(
        select(Round)
        .where(
            Round.table_id == table.id,
            Round.kind == EntryKind.SETTLE,
            Round.number > (settle.number or 0),
        )
        .order_by(Round.number)
        .limit(1)
    ).first()


def _value_after(table: Table, later: Round | None) -> str | None:
    """The point value the rounds after a settle-up were played at: the next live
    settle-up's (``later``), else the table's now. Taken out, the settle-up's rounds would
    take it."""
    return table.point_value if later is None else _made_at(table, later)


def check_deletable(table: Table, target: Round) -> None:
    """Conflict when a live entry cannot be taken out of the numbering now."""
    if target.kind != EntryKind.SETTLE:
        return
    later = _next_settle(table, target)
    made_at = target.entry.get("point_value")
    if made_at == _value_after(table, later):
        return
    # The totals it cleared were played at its point value: brought back now, they would
    # be priced at another (the point value changes only while every total is clear).
    if later is None:
        raise Conflict(
            N_(
                "This settle-up was made at another point value than the table's now: set "
                "the point value back to %(value)s to undo it",
                value=made_at,
            )
            if made_at
            else N_(
                "This settle-up was made with no point value, and the table has one now: "
                "take the point value away to undo it"
            )
        )
    raise Conflict(
        N_(
            "This settle-up was made at a point value of %(value)s and a later one at "
            "another: take the later one back first",
            value=made_at,
        )
        if made_at
        else N_(
            "This settle-up was made with no point value and a later one with one: take the "
            "later one back first"
        )
    )


def check_priced(table: Table, replay: Replay) -> None:
    """Conflict when ``replay`` would move the figures of rounds settled up at another point
    value than the table's now: a settle-up's amounts are kept as settled, so the difference
    is carried to the running totals and priced at the value now (docs/rulings.md: a point
    value prices the rounds played at it). What moves between two settle-ups was played at
    the later one's value; what moves after the last is played at the table's now."""
    values = {s.id: _made_at(table, s) for s in _settles_from(table, replay.later_from)}
    if all(v == table.point_value for v in values.values()):
        return
    for settle_id, moved in replay_moves(table, replay):
        then = values.get(settle_id, table.point_value)
        if moved and then != table.point_value:
            raise Conflict(
                N_(
                    "This changes rounds settled up at %(then)s, and the table has %(now)s "
                    "now: the difference would be priced at the new one. Settle up, set the "
                    "point value back, then make the change",
                    then=_priced(then),
                    now=_priced(table.point_value),
                )
            )


def _settles_from(table: Table, first: int) -> Sequence[Round]:
    query = select(Round).where(
        Round.table_id == table.id, Round.kind == EntryKind.SETTLE, Round.number >= first
    )
    return db.session.scalars(query).all()


def _made_at(table: Table, settle: Round) -> str | None:
    """The point value a settle-up was made at (one kept before it was recorded: the
    table's)."""
    kept = json_of(settle.entry)
    value = kept.get("point_value") if "point_value" in kept else table.point_value
    return value if isinstance(value, str) else None


def _priced(value: str | None) -> Msg:
    return N_("a point value of %(value)s", value=value) if value else N_("no point value")


def delete_row(table: Table, target: Round) -> None:
    """Take a live round out of the numbering (kept aside) and replay the rounds after it."""
    check_deletable(table, target)
    replay = delete_replay(table, target)
    check_priced(table, replay)
    number = replay.number
    renumbering = recompute(table, replay, shift=-1)
    store.self_contained(table, target)
    is_round = target.round_no is not None
    target.number = None
    target.round_no = None
    target.deleted_number = number
    target.deleted_at = now()
    db.session.flush()
    _shift(table, number + 1, -1, renumbering, rounds=is_round)
    table.round_count -= 1
    if is_round:
        table.rounds_played -= 1


def restore_replay(table: Table, target: Round) -> Replay:
    """What putting a deleted round back at the number it had (or last) replays: it, then
    every round after it. A change of the table's players are seated again (``seat_names``)."""
    number = min(target.deleted_number or table.round_count + 1, table.round_count + 1)
    if target.kind == EntryKind.EDIT:
        seat_names(table, as_edit(target.entry))  # the players it adds, back at their places
    head = Head(target, target.entry, store.prior_score(target))
    return Replay(number, store.state_before(table, number), [head], number)


def check_restorable(table: Table) -> None:
    """Conflict when the table has no room for an entry put back: a full table stays full,
    so that its export can be imported again (which takes at most ``MAX_ROUNDS``)."""
    if table.round_count >= MAX_ROUNDS:
        raise Conflict(full())


def restore_row(table: Table, target: Round) -> None:
    """Put a deleted round back at the number it had (or last) and replay from there."""
    check_restorable(table)
    replay = restore_replay(table, target)
    check_priced(table, replay)
    number = replay.number
    renumbering = recompute(table, replay, shift=1)
    is_round = target.kind == EntryKind.ROUND
    _shift(table, number, +1, renumbering, rounds=is_round)
    if is_round:  # the rounds before its place keep their numbers; it takes the next one
        target.round_no = store.round_no_before(table, number) + 1
        table.rounds_played += 1
    target.number = number
    target.deleted_at = None
    target.deleted_number = None
    table.round_count += 1
    db.session.flush()


def _shift(
    table: Table, first: int, by: int, renumbering: Renumbering, *, rounds: bool = False
) -> None:
    """Move the entries from ``first`` on by ``by`` (+1 or -1), in two steps so the unique
    (table, number) never sees two rows with one number: each first gets its new number
    negated, then turned positive. ``renumbering``: what the replay left to the first step
    (the game and round-of-game numbers that move), or that it did the first step itself.
    ``rounds``: the entry deleted or restored is a round, so the later rounds' numbers
    (``round_no``) move by ``by`` too, in the second step's statement (a NULL stays NULL).
    Each statement rewrites every later row, so nothing else rewrites them again; the
    rounds the session has loaded read them when next used (each statement would move them
    once more if the session moved them too)."""
    if not renumbering.negated:
        db.session.execute(
            update(Round)
            .where(Round.table_id == table.id, Round.number >= first)
            .values({"number": -(Round.number + by), **renumbering.moves})
            .execution_options(synchronize_session=False)
        )
    moved: dict[str, ColumnElement[int | None]] = {"number": -Round.number}
    if rounds:
        moved["round_no"] = Round.round_no + by
    db.session.execute(
        update(Round)
        .where(Round.table_id == table.id, Round.number < 0)
        .values(moved)
        .execution_options(synchronize_session=False)
    )
    forget_loaded(table, first)  # the statements leave the loaded rounds alone


def seat_names(table: Table, entry: EditEntry) -> None:
    """The names a change of the table adds, at their positions (when it is restored)."""
    players = list(table.players)
    for item in entry.get("add") or []:
        pos, name = int(item["position"]), str(item["name"])
        del players[pos:]
        players.append(name)
    table.players = players
