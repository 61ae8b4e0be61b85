"""A club's members (API.md "Clubs"): a new club, a change of its members (joining,
renamed, merged, archived) or of the club (name, time zone, tables leaving), each journalled
and undoable, and the players of a table seated as members."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from sqlalchemy import select

from scorekeeper.clubs import figures
from scorekeeper.clubs import seasons as club_seasons
from scorekeeper.clubs.journal import record
from scorekeeper.clubs.store import club_tables, member
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Semicolons
from scorekeeper.models import Club, ClubJournalEntry, Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, name_key, shown
from scorekeeper.tables import changes, store
from scorekeeper.tables.checks import table_name
from scorekeeper.tables.current import players_now
from scorekeeper.tables.entries import Conflict
from scorekeeper.tables.undoing import Undoers

MAX_MEMBERS = 500
TOO_MANY = N_("A club has at most %(n)s members", n=MAX_MEMBERS)
PATCH_KEYS = (
    "name",
    "timezone",
    "add",
    "rename",
    "merge",
    "archive",
    "unarchive",
    "detach",
    "seasons",
)


_NOT_PLACES = frozenset(("localtime", "Factory", "posixrules"))
"""Files of a zone database that are no place's time: the host's own setting, a placeholder."""


@cache
def _zone_names() -> dict[str, str]:
    """The IANA zones a club may keep, by their names casefolded ("asia/tokyo" is Asia/Tokyo):
    the database's places, not the host's own setting or the database's other views of them
    (``posix/``, ``right/``: leap seconds counted)."""
    return {z.casefold(): z for z in frozenset(available_timezones()) - _NOT_PLACES}


def _zone(r: Reader, raw: object, path: str = "timezone") -> str:
    """An IANA time zone's name, or "UTC" with the mistake said at ``path``."""
    named = _zone_names().get(raw.strip().casefold()) if isinstance(raw, str) else None
    if named is not None:
        try:
            ZoneInfo(named)
            return named
        except (ZoneInfoNotFoundError, ValueError):
            pass
    r.add(
        path,
        N_(
            '%(value)s is not a time zone (give an IANA name, e.g. "Asia/Tokyo")',
            value=shown(raw),
        ),
    )
    return "UTC"


def _names(r: Reader, raw: object, path: str, *, new: bool = True) -> list[str]:
    """A list of member names, cleaned; each one refused is said where it is given and
    left out. Names ``new`` to the club may not be the pot's or the house's word."""
    if not isinstance(raw, list):
        r.add(path, N_('List the names, e.g. ["Aki", "Ben"]'))
        return []
    names = []
    for i, v in enumerate(raw):
        said = len(r.violations)
        read = r.player_name if new else partial(r.name, required=True)
        name = read({"name": v}, f"{path}.{i}", i)
        if len(r.violations) == said:  # a refused one is said once, not looked up too
            names.append(name)
    return names


def create_club(data: JSONObject) -> Club:
    r = Reader()
    unknown = sorted(set(data) - {"name", "members", "timezone"})
    for key in unknown:
        r.add(str(key)[:40], N_("%(key)s is not a club's field", key=shown(key)))
    name = table_name(r, data.get("name", "Club"), of_club=True)
    names = _names(r, data.get("members", []), "members")
    _unique(r, names, "members")
    zone = _zone(r, data.get("timezone", "UTC"))
    r.raise_if_any()
    club = Club(
        token=store.new_token(),
        view_token=store.new_token(),
        name=name,
        timezone=zone,
        members=[{"name": n, "archived": False} for n in names],
        version=0,
    )
    db.session.add(club)
    db.session.flush()
    return club


def _unique(r: Reader, names: Sequence[str], path: str) -> None:
    """Each of ``names`` once (at ``path.<i>``), and at most ``MAX_MEMBERS`` of them."""
    seen: set[str] = set()
    for i, n in enumerate(names):
        if name_key(n) in seen:
            r.add(f"{path}.{i}", N_("%(name)s is named twice", name=n))
        seen.add(name_key(n))
    _at_most(r, len(names), path)


def _at_most(r: Reader, members: int, path: str) -> None:
    if members > MAX_MEMBERS:
        r.add(path, TOO_MANY)


# -- changes -----------------------------------------------------------------------------


@dataclass
class _Change:
    """A change of the club being checked, then made: what each key asks for, and what
    the change did (its words and how to take it back)."""

    r: Reader
    club: Club
    data: JSONObject
    new_name: str
    zone: str
    added: list[str] = field(default_factory=list)
    rename: dict[str, str] = field(default_factory=dict)
    merge: dict[str, str] = field(default_factory=dict)
    flags: dict[str, bool] = field(default_factory=dict)
    """Member -> archived, by the name the member has after this change."""
    detach: list[Table] = field(default_factory=list)
    seasons: list[JSONValue] | None = None
    """The club's whole list of seasons as it will be (None: not changed)."""
    members: list[JSONObject] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    undo: JSONObject = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [str(m["name"]) for m in self.club.members]


def change_club(club: Club, data: JSONObject) -> ClubJournalEntry | None:
    """Apply a PATCH of API.md "Clubs"; every problem is reported, nothing half-done. One
    journal entry (None when nothing changes)."""
    change = _apply(club, data)
    if not change.words:
        return None
    return record(club, "edit", change.words, change.undo)


def _apply(club: Club, data: JSONObject) -> _Change:
    """Check every key of a change (``CHECKS``), then make it (``CHANGES``)."""
    c = _Change(Reader(), club, data, club.name, club.timezone)
    for key in data:
        if key not in PATCH_KEYS:
            c.r.add(str(key)[:40], N_("%(key)s is not a club's field", key=shown(key)))
    for key, check in CHECKS:
        if key in data or key in EVERY_CHANGE:
            check(c, key)
    c.r.raise_if_any()
    c.members = [dict(m) for m in club.members]
    for make in CHANGES:
        make(c)
    return c


# -- checking each key -------------------------------------------------------------------


def _check_name(c: _Change, key: str) -> None:
    c.new_name = table_name(c.r, c.data[key], of_club=True)


def _check_zone(c: _Change, key: str) -> None:
    c.zone = _zone(c.r, c.data[key])


def _check_add(c: _Change, key: str) -> None:
    """Members joining, each at its own place (``add.<i>``: a name given twice, or already a
    member's), at most ``MAX_MEMBERS`` in all (a change adding none is not refused)."""
    if key in c.data:
        c.added = _names(c.r, c.data[key], key)
    members = {name_key(n) for n in c.names}
    seen: set[str] = set()
    for i, n in enumerate(c.added):
        if name_key(n) in members:
            c.r.add(f"{key}.{i}", N_("%(name)s is already a member of this club", name=n))
        elif name_key(n) in seen:
            c.r.add(f"{key}.{i}", N_("%(name)s is named twice", name=n))
        seen.add(name_key(n))
    _at_most(c.r, len(c.names) + len(c.added) if c.added else 0, key)


def _check_rename(c: _Change, key: str) -> None:
    raw = c.data[key]
    if not isinstance(raw, Mapping):
        c.r.add(key, N_('Give renames as an object, e.g. {"Aki": "Akiko"}'))
        return
    paths: dict[str, str] = {}  # a renamed member's name -> the path of its rename
    for old, new in raw.items():
        path = f"rename.{str(old)[:40]}"
        m = member(c.club, str(old))
        cleaned = c.r.player_name({"name": new}, path, 0)
        if m is None:
            c.r.add(path, N_("%(name)s is not a member of this club", name=str(old)[:40]))
            continue
        if str(m["name"]) in paths:  # "aki" and "Aki": one member, named twice
            c.r.add(path, N_("%(name)s is renamed twice", name=str(m["name"])))
            continue
        paths[str(m["name"])] = path
        if cleaned != m["name"]:  # named as they are: no rename (and nothing to undo)
            c.rename[str(m["name"])] = cleaned
    # Each new name once among the members as they will be (a swap is fine), said where the
    # rename that takes it is.
    taken = {name_key(n) for n in c.names if n not in c.rename} | {name_key(n) for n in c.added}
    for old_name, new_name in c.rename.items():
        if name_key(new_name) in taken:
            c.r.add(
                paths[old_name],
                N_("Another member is already called %(name)s", name=new_name),
            )
        taken.add(name_key(new_name))


def _check_merge(c: _Change, key: str) -> None:
    c.merge = _merges(c.r, c.club, c.data[key], c.rename)


def _check_flags(c: _Change, key: str) -> None:
    """``archive`` and ``unarchive``: members, by name, out of the lists or back."""
    value = key == "archive"
    for i, n in enumerate(_names(c.r, c.data[key], key, new=False)):
        m = member(c.club, n)
        if m is None:
            c.r.add(f"{key}.{i}", N_("%(name)s is not a member of this club", name=n))
        elif str(m["name"]) in c.merge:
            c.r.add(f"{key}.{i}", N_("Merge %(name)s in a change of its own", name=n))
        else:
            c.flags[str(m["name"])] = value


def _check_detach(c: _Change, key: str) -> None:
    raw_ids = c.data[key]
    if not isinstance(raw_ids, list):
        c.r.add(key, N_("List the tables' ids"))
        return
    for i, tid in enumerate(raw_ids):
        try:
            t: Table | None = store.find_table(tid)  # checks the id is one first
        except store.NotFound:
            t = None
        if t is None or t.club_id != c.club.id:
            c.r.add(f"detach.{i}", N_("This table is not in this club"))
        else:
            c.detach.append(t)


def _check_seasons(c: _Change, key: str) -> None:
    """The club's whole list of seasons (API.md "Seasons and ratings")."""
    found = club_seasons.read(c.r, c.data[key], key)
    if found is not None:
        c.seasons = [s.to_json() for s in found]


CHECKS: tuple[tuple[str, Callable[[_Change, str], None]], ...] = (
    ("name", _check_name),
    ("timezone", _check_zone),
    ("add", _check_add),
    ("rename", _check_rename),
    ("merge", _check_merge),
    ("archive", _check_flags),
    ("unarchive", _check_flags),
    ("detach", _check_detach),
    ("seasons", _check_seasons),
)
"""Each key's check, in the order their problems are reported; run when the key is given,
or for every change (``EVERY_CHANGE``)."""
EVERY_CHANGE = ("add",)


# -- making the change -------------------------------------------------------------------


def _make_name(c: _Change) -> None:
    if c.new_name != c.club.name:
        c.undo["name"] = c.club.name
        c.words.append(N_("club renamed %(name)s", name=c.new_name))
        c.club.name = c.new_name


def _make_zone(c: _Change) -> None:
    if c.zone != c.club.timezone:
        c.undo["timezone"] = c.club.timezone
        c.words.append(N_("time zone set to %(zone)s", zone=c.zone))
        c.club.timezone = c.zone
        for t in club_tables(c.club):  # the club's days move: its figures are counted again
            figures.noted(t)


def _make_add(c: _Change) -> None:
    if c.added:
        c.members += [{"name": n, "archived": False} for n in c.added]
        c.undo["remove"] = list[JSONValue](c.added)
        c.words += [N_("%(name)s joined", name=n) for n in c.added]


def _make_rename(c: _Change) -> None:
    if not c.rename:
        return
    for m in c.members:
        m["name"] = c.rename.get(str(m["name"]), m["name"])
    _rename_at_tables(c.club, c.rename)
    c.undo["rename"] = {new: old for old, new in c.rename.items()}
    c.words += [N_("%(old)s renamed %(new)s", old=o, new=n) for o, n in c.rename.items()]


def _make_flags(c: _Change) -> None:
    """Archive or bring back members, named in ``c.flags`` as they were before this change
    (renamed by it already: ``_make_rename`` comes first)."""
    before = {new: old for old, new in c.rename.items()}
    for m in c.members:
        key = str(m["name"])
        was = before.get(key, key)
        if was in c.flags and bool(m.get("archived")) != c.flags[was]:
            undo_flags = c.undo.setdefault("flags", {})
            assert isinstance(undo_flags, dict)
            undo_flags[key] = bool(m.get("archived"))
            m["archived"] = c.flags[was]
            c.words.append(
                N_("%(name)s archived", name=key)
                if c.flags[was]
                else N_("%(name)s back from the archive", name=key)
            )


def _make_merge(c: _Change) -> None:
    if not c.merge:
        return
    unmerge: list[JSONValue] = []
    for gone, into in c.merge.items():
        at = [t for t in club_tables(c.club) if gone in t.players]
        for t in at:
            changes.edit_table(t, {"rename": {gone: into}}, from_club=True)
        index = next(i for i, m in enumerate(c.members) if m["name"] == gone)
        unmerge.append(
            {
                "name": gone,
                "into": into,
                "index": index,
                "archived": bool(c.members[index].get("archived")),
                "tables": [t.id for t in at],
            }
        )
        del c.members[index]
        c.words.append(N_("%(name)s merged into %(into)s", name=gone, into=into))
    c.undo["unmerge"] = unmerge


def _make_members(c: _Change) -> None:
    c.club.members = c.members


def _make_detach(c: _Change) -> None:
    if c.detach:
        c.undo["attach"] = [t.id for t in c.detach]
    for t in c.detach:
        t.club_id = None
        figures.noted(t, left=c.club)
        c.words.append(N_("table %(name)s left the club", name=t.name))


def _make_seasons(c: _Change) -> None:
    before = list(c.club.seasons or [])
    if c.seasons is None or c.seasons == before:
        return
    c.undo["seasons"] = list[JSONValue](before)
    names = [str(s["name"]) for s in c.seasons if isinstance(s, dict)]
    c.words.append(N_("seasons set: %(names)s", names=names) if names else N_("seasons cleared"))
    c.club.seasons = c.seasons


CHANGES: tuple[Callable[[_Change], None], ...] = (
    _make_name,
    _make_zone,
    _make_add,
    _make_rename,
    _make_flags,
    _make_merge,
    _make_members,
    _make_detach,
    _make_seasons,
)
"""Each part of a checked change, made in this order (the words follow it)."""


def _merges(r: Reader, club: Club, raw: object, rename: Mapping[str, str]) -> dict[str, str]:
    """``{"Aik": "Aki"}``: members folded into others, by their names as the club has them.
    Refused while both sit at one table (they are two people there)."""
    if not isinstance(raw, Mapping):
        r.add("merge", N_('Give merges as an object, e.g. {"Aik": "Aki"}'))
        return {}
    out: dict[str, str] = {}
    tables = club_tables(club)
    for gone_raw, into_raw in raw.items():
        path = f"merge.{str(gone_raw)[:40]}"
        gone = member(club, str(gone_raw))
        into = member(club, into_raw) if isinstance(into_raw, str) and len(into_raw) <= 80 else None
        if gone is None:
            r.add(path, N_("%(name)s is not a member of this club", name=shown(gone_raw)))
            continue
        if into is None:
            r.add(path, N_("%(name)s is not a member of this club", name=shown(into_raw)))
            continue
        a, b = str(gone["name"]), str(into["name"])
        if a == b:
            r.add(path, N_("A member cannot be merged into themselves"))
            continue
        if a in out:  # "aik" and "Aik": one member, named twice
            r.add(path, N_("%(name)s is merged twice", name=a))
            continue
        if a in rename or b in rename or a in out.values() or b in out:
            r.add(path, N_("Merge %(name)s in a change of its own", name=a))
            continue
        both = next((t for t in tables if a in t.players and b in t.players), None)
        if both is not None:
            r.add(
                path,
                N_(
                    "%(a)s and %(b)s both play at %(table)s: they are two people",
                    a=a,
                    b=b,
                    table=both.name,
                ),
            )
            continue
        out[a] = b
    return out


def _rename_at_tables(club: Club, rename: Mapping[str, str]) -> None:
    """A member's new name at every table of the club where they sit (each table keeps
    the rename in its own journal)."""
    for t in club_tables(club):
        at_table = {p: rename[p] for p in t.players if p in rename and rename[p] != p}
        if at_table:
            changes.edit_table(t, {"rename": dict(at_table)}, from_club=True)


CLUB_UNDO = Undoers[Club, JSONObject, list[str]]()
"""How each effect a club's entry keeps for its undo (a key of its ``undo`` data; ``patch``:
name, time zone, renames and flags, as one PATCH) is undone, in order, said in words."""


def undo(club: Club, seq: object = None) -> ClubJournalEntry:
    """Undo a change of the club (its last one not undone, or ``seq``): a new entry."""
    entry = _undoable(club, seq)
    back = entry.data.get("undo")
    assert isinstance(back, dict)
    effects = ["patch" if k in _PATCHED_BACK else k for k in back]
    try:
        _check_kept_names(club, entry, back)
        done = CLUB_UNDO.undo_each(club, back, effects)
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
    return record(club, "undo", [summary, *(w for words in done for w in words)], {})


def _check_kept_names(club: Club, entry: ClubJournalEntry, back: JSONObject) -> None:
    """A change is undone only while what it did stands: a merge, rename, archive or joining
    while the member it named has that name (a later change, not undone, that renamed or
    merged them would hand seats, a name or the archive to the wrong person); seasons while
    no later change set them again (theirs would go too). InvalidInput naming that change."""
    unmerge = back.get("unmerge")
    items = unmerge if isinstance(unmerge, list) else []
    kept = {str(i.get("into")) for i in items if isinstance(i, dict)}
    for key in ("rename", "flags", "remove"):  # dicts by name, or a list of names
        named = back.get(key)
        kept |= {str(n) for n in named} if isinstance(named, dict | list) else set()
    if not kept and "seasons" not in back:
        return
    later = select(ClubJournalEntry).where(
        ClubJournalEntry.club_id == club.id,
        ClubJournalEntry.seq > entry.seq,
        ClubJournalEntry.action == "edit",
    )
    for e in db.session.scalars(later.order_by(ClubJournalEntry.seq)):
        hit = sorted(kept & _names_moved(e.data))
        undone = e.data.get("undo")
        again = "seasons" in back and isinstance(undone, dict) and "seasons" in undone
        if (hit or again) and not e.data.get("undone"):
            said = N_(
                "The seasons were set again since, in change %(seq)s: undo that change first",
                seq=e.seq,
            )
            if hit:
                said = N_(
                    "%(name)s was renamed or merged since, in change %(seq)s: undo that "
                    "change first",
                    name=hit[0],
                    seq=e.seq,
                )
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
    if seq is None:
        changes_made = of_club.where(ClubJournalEntry.action == "edit")
        for e in db.session.scalars(changes_made.order_by(ClubJournalEntry.seq.desc())):
            if not e.data.get("undone"):
                return e
        raise Conflict(N_("There is no change of the club to undo"))
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= 2**31 - 1:
        raise InvalidInput(
            [Violation("seq", N_("%(value)s is not a journal entry's number", value=shown(seq)))]
        )
    entry: ClubJournalEntry | None = db.session.scalar(of_club.where(ClubJournalEntry.seq == seq))
    if entry is None:
        raise NoSuchChange(seq)
    if entry.action != "edit":
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
    """Tables that left the club come back (those that joined no other club since), as a
    table joins: a player renamed while it was out is a member again (a new name joins, said
    in the undo's own entry, not in one of its own)."""
    back_in = back.get("attach")
    words: list[str] = []
    for tid in back_in if isinstance(back_in, list) else []:
        t = db.session.get(Table, tid)
        if t is not None and t.club_id is None:
            words += [N_("%(name)s joined", name=n) for n in attach(t, club, journal=False)]
    return words


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
    return _apply(club, {k: v for k, v in patch.items() if v != [] or k == "seasons"}).words


def attach(table: Table, club: Club, *, journal: bool = True) -> list[str]:
    """``table`` (in no club) in ``club``: its players seated as the club's members, in the
    members' spelling (renamed at the table where it differs); a new name joins the club.
    The names that joined (``journal``: in an entry of the club's journal of their own)."""
    joined = [p for p in table.players if member(club, p) is None]
    seated = seat_members(club, table.players, journal=journal, at="club")
    rename = {old: new for old, new in zip(table.players, seated, strict=True) if old != new}
    if rename:
        changes.edit_table(table, {"rename": dict[str, JSONValue](rename)}, from_club=True)
    table.club_id = club.id
    figures.noted(table)
    return joined


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


def seat_members(
    club: Club, players: Sequence[str], *, journal: bool = True, at: str = "players"
) -> list[str]:
    """A new table's players as members (their spelling); a new name joins, in a journal entry
    of its own (``journal``), none past ``MAX_MEMBERS`` (InvalidInput at ``at``, its field)."""
    out = []
    joined = []
    for p in players:
        m = member(club, p)
        if m is None:
            joined.append(p)
            out.append(p)
        else:
            out.append(str(m["name"]))
    if joined and len(club.members) + len(joined) > MAX_MEMBERS:
        raise InvalidInput([Violation(at, TOO_MANY)])
    if joined:
        fresh: list[JSONObject] = [{"name": n, "archived": False} for n in joined]
        club.members = [*club.members, *fresh]
        if journal:
            record(
                club,
                "edit",
                [N_("%(name)s joined", name=n) for n in joined],
                {"remove": list[JSONValue](joined)},
            )
    return out
