"""A club's members (API.md "Clubs"): a new club, a change of its members (joining,
renamed, merged, archived) or of the club (name, time zone, tables leaving), each journalled
and undoable, and the players of a table seated as members."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from scorekeeper.clubs import figures
from scorekeeper.clubs import seasons as club_seasons
from scorekeeper.clubs.journal import record
from scorekeeper.clubs.store import club_tables, member
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.models import Club, ClubJournalEntry, Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, name_key, shown
from scorekeeper.tables import changes, store
from scorekeeper.tables.checks import table_name

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
    change = apply_change(club, data)
    if not change.words:
        return None
    return record(club, "edit", change.words, change.undo)


def apply_change(club: Club, data: JSONObject) -> _Change:
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
        elif c.flags.get(str(m["name"]), value) != value:  # archived and back in one change
            c.r.add(f"{key}.{i}", N_("%(name)s is archived and unarchived at once", name=n))
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
        elif t in c.detach:
            c.r.add(f"detach.{i}", N_("This table is named twice"))
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
