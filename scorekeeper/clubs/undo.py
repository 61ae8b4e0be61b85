"""A club's changes undone (API.md "Clubs": ``POST .../undo`` as for a table): each effect a
change kept for its undo taken back, refused (409) once the club has moved on from it."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.clubs.journal import record
from scorekeeper.clubs.membership import apply_change, attach
from scorekeeper.clubs.store import club_tables, member
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Semicolons
from scorekeeper.models import Club, ClubJournalEntry, Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import shown
from scorekeeper.tables import changes
from scorekeeper.tables.current import players_now
from scorekeeper.tables.entries import Conflict
from scorekeeper.tables.undoing import Undoers

CLUB_UNDO = Undoers[Club, JSONObject, list[str]]()
"""How each effect a club's entry keeps for its undo (a key of its ``undo`` data; ``patch``:
name, time zone, renames and flags, as one PATCH) is undone, in order, said in words."""


def undo(club: Club, seq: object = None) -> ClubJournalEntry:
    """Undo a change of the club (its last one not undone, or ``seq``): a new entry. An
    undo is undone too, as at a table: the change it took back is made again."""
    entry = _undoable(club, seq)
    redo = entry.data.get("redo")
    back = entry.data.get("undo")
    assert isinstance(back, dict)
    try:
        if isinstance(redo, dict):
            _check_redo(club, entry, redo)
            made = apply_change(club, redo)
            done, back_again, again = [made.words], made.undo, None
        else:
            again = _made_again(club, back)
            _check_kept_names(club, entry, back)
            effects = ["patch" if k in _PATCHED_BACK else k for k in back]
            done, back_again = CLUB_UNDO.undo_each(club, back, effects), {}
    except InvalidInput as exc:  # the club moved on since: API.md's 409, as at a table
        raise Conflict(
            N_(
                "Change %(seq)s can no longer be undone: %(why)s",
                seq=entry.seq,
                why=Semicolons(tuple(v.message for v in exc.violations)),
            )
        ) from exc
    entry.data = {**entry.data, "undone": True}
    summary = N_("undid change %(seq)s", seq=entry.seq)
    words = [summary, *(w for said in done for w in said)]
    return record(club, "undo", words, back_again, again)


def _made_again(club: Club, back: JSONObject) -> JSONObject:
    """The PATCH of the club that makes again the change whose undo data is ``back``, from
    the club as it will be once it is undone (what undoing its undo sends)."""
    patch: JSONObject = {k: v for k, v in (("name", club.name), ("timezone", club.timezone))}
    patch = {k: v for k, v in patch.items() if k in back}
    if "seasons" in back:
        patch["seasons"] = list[JSONValue](club.seasons or [])
    rename = back.get("rename")  # {new: old}
    was = {str(new): str(old) for new, old in rename.items()} if isinstance(rename, dict) else {}
    if was:
        patch["rename"] = {old: new for new, old in was.items()}
    flags = back.get("flags")  # {name after the change: archived before it}
    for key, value in flags.items() if isinstance(flags, dict) else []:
        named = patch.setdefault("unarchive" if value else "archive", [])
        assert isinstance(named, list)
        named.append(was.get(key, key))
    joined = back.get("remove")
    if isinstance(joined, list) and joined:
        patch["add"] = joined
    unmerge = back.get("unmerge")
    merges = [i for i in unmerge if isinstance(i, dict)] if isinstance(unmerge, list) else []
    if merges:
        patch["merge"] = {str(i.get("name")): i.get("into") for i in merges}
    tables = [t.token for t in _tables_back(back) if t is not None]
    if tables:
        patch["detach"] = list[JSONValue](tables)
    return patch


def _check_kept_names(club: Club, entry: ClubJournalEntry, back: JSONObject) -> None:
    """A change is undone only while what it did stands: a merge, rename, archive or joining
    while the member it named has that name (a later change, not undone, that renamed or
    merged them would hand seats, a name or the archive to the wrong person); seasons, the
    club's name or time zone while no later change set them again (theirs would go too).
    InvalidInput naming that change."""
    unmerge = back.get("unmerge")
    items = unmerge if isinstance(unmerge, list) else []
    kept = {str(i.get("into")) for i in items if isinstance(i, dict)}
    for key in ("rename", "flags", "remove"):  # dicts by name, or a list of names
        named = back.get(key)
        kept |= {str(n) for n in named} if isinstance(named, dict | list) else set()
    kept |= {p for t in _tables_back(back) if t is not None for p in t.players}
    _check_later(club, entry.seq, kept, set(back) & _SET_AGAIN)


def _check_redo(club: Club, entry: ClubJournalEntry, redo: JSONObject) -> None:
    """An undo's change is made again only while the members it names have those names and
    nothing it sets was set again since (as ``_check_kept_names``)."""
    names: set[str] = set()
    for key in ("rename", "merge", "archive", "unarchive", "add"):
        named = redo.get(key)
        if isinstance(named, dict):
            names |= {str(n) for pair in named.items() for n in pair}
        elif isinstance(named, list):
            names |= {str(n) for n in named}
    detach = redo.get("detach")
    for token in detach if isinstance(detach, list) else []:
        t = db.session.scalar(select(Table).where(Table.token == token))
        names |= set(t.players) if t is not None else set()
    _check_later(club, entry.seq, names, set(redo) & _SET_AGAIN)


_SET_AGAIN = frozenset(("seasons", "name", "timezone"))
"""What a change sets whole: undone, or made again, only while no later change set it."""


def _check_later(club: Club, seq: int, kept: set[str], whole: set[str]) -> None:
    """InvalidInput naming the first later entry, not undone, that renamed or merged one of
    ``kept`` or set one of ``whole`` again."""
    if not kept and not whole:
        return
    # Every later entry: an undo that made a change again renamed or merged as a change does
    # (an undo of a change keeps no undo data, and moves nothing this could be asked of).
    later = select(ClubJournalEntry).where(
        ClubJournalEntry.club_id == club.id, ClubJournalEntry.seq > seq
    )
    for e in db.session.scalars(later.order_by(ClubJournalEntry.seq)):
        if e.data.get("undone"):
            continue
        hit = sorted(kept & _names_moved(e.data))
        undone = e.data.get("undo")
        again = sorted(whole & set(undone)) if isinstance(undone, dict) else []
        if hit:
            said = N_(
                "%(name)s was renamed or merged since, in change %(seq)s: undo that change first",
                name=hit[0],
                seq=e.seq,
            )
        elif again == ["seasons"]:
            said = N_(
                "The seasons were set again since, in change %(seq)s: undo that change first",
                seq=e.seq,
            )
        elif again:
            said = N_(
                "The club's name, time zone or seasons were changed again since, in change "
                "%(seq)s: undo that change first",
                seq=e.seq,
            )
        else:
            continue
        raise InvalidInput([Violation("seq", said)])


def _names_moved(data: JSONObject) -> set[str]:
    """The member names a club's change renamed (old and new) or merged (either side)."""
    back = data.get("undo")
    if not isinstance(back, dict):
        return set()
    rename = back.get("rename")
    names = {str(n) for pair in rename.items() for n in pair} if isinstance(rename, dict) else set()
    unmerge = back.get("unmerge")
    for i in unmerge if isinstance(unmerge, list) else []:
        if isinstance(i, dict):
            names |= {str(i.get("name")), str(i.get("into"))}
    return names


class NoSuchChange(LookupError):
    """A journal entry's number the club has no entry for (404, as a table's)."""


def _undoable(club: Club, seq: object) -> ClubJournalEntry:
    """The club's change to undo: ``seq``, or the last one not undone yet. As a table's
    undo: InvalidInput for what is no entry's number, NoSuchChange for one the club has no
    entry for, Conflict for an entry that cannot be undone (or none to undo)."""
    of_club = select(ClubJournalEntry).where(ClubJournalEntry.club_id == club.id)
    if seq is None:  # the last change made (an undo that made one again is one)
        for e in db.session.scalars(of_club.order_by(ClubJournalEntry.seq.desc())):
            if (e.action == "edit" or e.data.get("undo")) and not e.data.get("undone"):
                return e
        raise Conflict(N_("There is no change of the club to undo"))
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= 2**31 - 1:
        raise InvalidInput(
            [Violation("seq", N_("%(value)s is not a journal entry's number", value=shown(seq)))]
        )
    entry: ClubJournalEntry | None = db.session.scalar(of_club.where(ClubJournalEntry.seq == seq))
    if entry is None:
        raise NoSuchChange(seq)
    made_again = isinstance(entry.data.get("redo"), dict) or bool(entry.data.get("undo"))
    if entry.action != "edit" and not made_again:  # an undo kept before undos were undone
        raise Conflict(N_("Entry %(seq)s is an undo: only a change of the club is undone", seq=seq))
    if entry.data.get("undone"):
        raise Conflict(N_("Change %(seq)s is already undone", seq=seq))
    return entry


_PATCHED_BACK = ("name", "timezone", "rename", "flags", "seasons")
"""What an entry's undo data changes back through a PATCH of the club (one, together)."""


# Registered first, so undone first: a table that comes back is in the club again before a
# rename, a merge or a member's joining that the same change made is taken back, so each of
# those reaches it as it reaches the club's other tables.
@CLUB_UNDO.on("attach")
def _undo_detach(club: Club, back: JSONObject) -> list[str]:
    """Tables that left the club come back, as a table joins: a player renamed at the table
    while it was out is a member again (a new name joins, said in the undo's own entry, not
    in one of its own). Refused when one was deleted or joined another club since."""
    words: list[str] = []
    for t in _tables_back(back):
        if t is None:
            raise InvalidInput([Violation("seq", N_("A table that left was deleted since"))])
        if t.club_id is None:
            words += [N_("%(name)s joined", name=n) for n in attach(t, club, journal=False)]
        elif t.club_id != club.id:
            raise InvalidInput(
                [Violation("seq", N_("Table %(name)s joined another club since", name=t.name))]
            )
    return words


def _tables_back(back: JSONObject) -> list[Table | None]:
    """The tables a detach took out of the club (None: deleted since)."""
    ids = back.get("attach")
    return (
        [db.session.get(Table, tid) for tid in ids if isinstance(tid, int)]
        if isinstance(ids, list)
        else []
    )


@CLUB_UNDO.on("remove")
def _undo_joining(club: Club, back: JSONObject) -> list[str]:
    """Members who joined leave again, unless they sat at a table meanwhile."""
    gone = {str(n) for n in back["remove"] or []} if isinstance(back["remove"], list) else set()
    # Who has a seat at a table (an undone add leaves the name but takes the seat).
    sitting = {p for t in club_tables(club) for p in players_now(t)}
    kept = sorted(gone & sitting)
    if kept:
        raise InvalidInput(
            [
                Violation(
                    "seq",
                    N_(
                        "%(names)s already sat at the club's tables: archive them instead",
                        names=kept,
                    ),
                )
            ]
        )
    club.members = [m for m in club.members if str(m["name"]) not in gone]
    return []


@CLUB_UNDO.on("unmerge")
def _undo_merges(club: Club, back: JSONObject) -> list[str]:
    unmerge = back.get("unmerge")
    return _unmerge(club, unmerge) if isinstance(unmerge, list) else []


@CLUB_UNDO.on("patch")
def _undo_patch(club: Club, back: JSONObject) -> list[str]:
    patch: JSONObject = {k: back[k] for k in ("name", "timezone", "rename", "seasons") if k in back}
    flags = back.get("flags")
    if isinstance(flags, dict):
        patch["archive"] = [k for k, v in flags.items() if v]
        patch["unarchive"] = [k for k, v in flags.items() if not v]
    if not patch:
        return []
    return apply_change(club, {k: v for k, v in patch.items() if v != [] or k == "seasons"}).words


def _unmerge(club: Club, unmerge: list[JSONValue]) -> list[str]:
    """Undo merges: each member back (at their place in the list) with their seats."""
    members = [dict(m) for m in club.members]
    words: list[str] = []
    for item in reversed(unmerge):
        if not isinstance(item, dict):
            continue
        name, into = str(item.get("name")), str(item.get("into"))
        if member(club, name) is not None:
            raise InvalidInput(
                [Violation("seq", N_("%(name)s is a member again: rename them first", name=name))]
            )
        index = item.get("index")
        at = index if isinstance(index, int) and 0 <= index <= len(members) else len(members)
        members.insert(at, {"name": name, "archived": bool(item.get("archived"))})
        ids = item.get("tables")
        for tid in ids if isinstance(ids, list) else []:
            t = db.session.get(Table, tid)
            if t is not None and t.club_id == club.id and into in t.players:
                changes.edit_table(t, {"rename": {into: name}}, from_club=True)
        words.append(N_("%(name)s separated from %(into)s", name=name, into=into))
    club.members = members
    return words
