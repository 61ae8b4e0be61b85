"""Clubs (API.md "Clubs"): members across tables and evenings, their changes journalled
with undo, tables joining, and standings over a period of the club's days.

Standings are added up from the rounds' stored changes (``Round.deltas``), never by scoring
a round again: every stored round keeps its change per seat, and the pot and the house take
what the players' changes leave (each round sums to zero with them)."""

from __future__ import annotations

import copy
import csv
import io
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from fractions import Fraction
from typing import Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select

from scorekeeper import devices
from scorekeeper.caches import BoundedCache
from scorekeeper.exact import amount_str, csv_amount
from scorekeeper.games import GAMES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.models import Club, ClubFigure, ClubJournalEntry, Table, db, now

__all__ = ["Club", "ClubNotFound", "change_club", "create_club", "find_club", "join"]
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, shown
from scorekeeper.tables import changes, entries, figures, store, transfer
from scorekeeper.tables.checks import NewTable, table_name

MAX_MEMBERS = 500
PATCH_KEYS = ("name", "timezone", "add", "rename", "merge", "archive", "unarchive", "detach")


class ClubNotFound(store.NotFound):
    """No club has this id."""


class ReadOnly(Exception):
    """A write through a read-only link."""


def _zone(r: Reader, raw: object, path: str = "timezone") -> str:
    """An IANA time zone's name, or "UTC" with the mistake said at ``path``."""
    if isinstance(raw, str) and 0 < len(raw) <= 64:
        try:
            ZoneInfo(raw)
            return raw
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


def _names(r: Reader, raw: object, path: str) -> list[str]:
    """A list of member names, cleaned; each one refused is said where it is given and
    left out."""
    if not isinstance(raw, list):
        r.add(path, N_('List the names, e.g. ["Aki", "Ben"]'))
        return []
    names = []
    for i, v in enumerate(raw):
        said = len(r.violations)
        name = r.name({"name": v}, f"{path}.{i}", i, required=True)
        if len(r.violations) == said:  # a refused one is said once, not looked up too
            names.append(name)
    return names


def create_club(data: JSONObject) -> Club:
    r = Reader()
    unknown = sorted(set(data) - {"name", "members", "timezone"})
    for key in unknown:
        r.add(str(key)[:40], N_("%(key)s is not a club's field", key=shown(key)))
    name = table_name(r, data.get("name", "Club"))
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
    seen: dict[str, int] = {}
    for i, n in enumerate(names):
        if n.casefold() in seen:
            r.add(f"{path}.{i}", N_("%(name)s is named twice", name=n))
        seen[n.casefold()] = i
    if len(names) > MAX_MEMBERS:
        r.add(path, N_("A club has at most %(n)s members", n=MAX_MEMBERS))


def a_token(token: object) -> bool:
    """Whether ``token`` can be an id at all (nothing else reaches the database: a NUL,
    say, which PostgreSQL refuses in text)."""
    return isinstance(token, str) and store.TOKEN.fullmatch(token) is not None


def find_club(token: object, *, lock: bool = False) -> Club:
    if not a_token(token):
        raise ClubNotFound(token)
    query = select(Club).where(Club.token == token)
    if lock:
        query = query.with_for_update()
    club = db.session.scalars(query).first()
    if club is None:
        raise ClubNotFound(token)
    return club


def find_club_view(token: str) -> Club:
    if not a_token(token):
        raise ClubNotFound(token)
    club = db.session.scalars(select(Club).where(Club.view_token == token)).first()
    if club is None:
        raise ClubNotFound(token)
    return club


def readable_club(token: str) -> tuple[Club, bool]:
    """The club of a link that may read it: its own id, or its read-only id (True)."""
    try:
        return find_club(token), False
    except ClubNotFound:
        return find_club_view(token), True


def readable_table(token: str) -> tuple[Table, bool]:
    """The table of a link that may read it: its own id, or its read-only id (True)."""
    try:
        return store.find_table(token), False
    except store.NotFound:
        return find_table_view(token), True


def find_table_view(token: str) -> Table:
    """The table of a read-only link; store.NotFound if there is none."""
    table = (
        db.session.scalars(select(Table).where(Table.view_token == token)).first()
        if a_token(token)
        else None
    )
    if table is None:
        raise store.NotFound(token)
    return table


def is_view_token(token: str) -> bool:
    """Whether ``token`` is a table's or a club's read-only id."""
    if not a_token(token):
        return False
    return (
        db.session.scalar(select(Table.id).where(Table.view_token == token)) is not None
        or db.session.scalar(select(Club.id).where(Club.view_token == token)) is not None
    )


def club_of(table: Table) -> Club | None:
    return db.session.get(Club, table.club_id) if table.club_id is not None else None


def member(club: Club, name: str) -> JSONObject | None:
    """The member of this name, case aside."""
    key = name.casefold()
    return next((m for m in club.members if str(m["name"]).casefold() == key), None)


def club_tables(club: Club) -> list[Table]:
    return list(
        db.session.scalars(select(Table).where(Table.club_id == club.id).order_by(Table.id.desc()))
    )


def _round_times(tables: Sequence[Table]) -> dict[int, tuple[datetime, datetime]]:
    """Each table's first and last round's time, in one query for all of them."""
    rows = db.session.execute(  # from the kept figures, not the rounds
        select(
            ClubFigure.table_id, db.func.min(ClubFigure.first_at), db.func.max(ClubFigure.last_at)
        )
        .where(ClubFigure.table_id.in_([t.id for t in tables]), ClubFigure.seat >= 0)
        .group_by(ClubFigure.table_id)
    )
    return {tid: (first, last) for tid, first, last in rows}


def _iso(at: datetime | None) -> str | None:
    return at.strftime(store.TIME_FORMAT) if at is not None else None


def club_json(club: Club, *, view: bool, archived: bool = True) -> JSONObject:
    """The club as the API answers it; through the read-only link, without writable ids."""
    members = [dict(m) for m in club.members if archived or not m.get("archived")]
    members.sort(key=lambda m: bool(m.get("archived")))
    tables: list[JSONValue] = []
    tables_now = club_tables(club)
    times = _round_times(tables_now)
    for t in tables_now:
        first, last = times.get(t.id, (None, None))
        item: JSONObject = {
            "name": t.name,
            "game": t.game,
            "players": list(t.players),
            "first_round_at": _iso(first),
            "last_round_at": _iso(last),
            "round_count": t.rounds_played,
        }
        if not view:
            item = {"id": t.token, "url": f"/t/{t.token}", **item}
        else:
            item = {"url": f"/t/view/{t.view_token}", **item}
        tables.append(item)
    out: JSONObject = {
        "url": f"/c/view/{club.view_token}" if view else f"/c/{club.token}",
        "view_url": f"/c/view/{club.view_token}",
        "name": club.name,
        "timezone": club.timezone,
        "members": list[JSONValue](members),
        "tables": tables,
        "version": club.version,
    }
    if not view:
        out = {"id": club.token, **out}
    out["read_only"] = view
    return out


# -- changes -----------------------------------------------------------------------------


@dataclass
class _Change:
    words: list[str] = field(default_factory=list)
    undo: JSONObject = field(default_factory=dict)


def change_club(club: Club, data: JSONObject) -> ClubJournalEntry | None:
    """Apply a PATCH of API.md "Clubs"; every problem is reported, nothing half-done. One
    journal entry (None when nothing changes)."""
    change = _apply(club, data)
    if not change.words:
        return None
    return _record(club, "edit", change.words, change.undo)


def _apply(club: Club, data: JSONObject) -> _Change:
    r = Reader()
    for key in data:
        if key not in PATCH_KEYS:
            r.add(str(key)[:40], N_("%(key)s is not a club's field", key=shown(key)))
    names = [str(m["name"]) for m in club.members]
    change = _Change()
    new_name = club.name
    if "name" in data:
        new_name = table_name(r, data["name"])
    zone = club.timezone
    if "timezone" in data:
        zone = _zone(r, data["timezone"])
    added = _names(r, data["add"], "add") if "add" in data else []
    _unique(r, names + added, "add")
    rename: dict[str, str] = {}
    if "rename" in data:
        raw = data["rename"]
        if not isinstance(raw, Mapping):
            r.add("rename", N_('Give renames as an object, e.g. {"Aki": "Akiko"}'))
        else:
            for old, new in raw.items():
                path = f"rename.{str(old)[:40]}"
                m = member(club, str(old))
                cleaned = r.name({"name": new}, path, 0, required=True)
                if m is None:
                    r.add(path, N_("%(name)s is not a member of this club", name=str(old)[:40]))
                    continue
                rename[str(m["name"])] = cleaned
            after = [rename.get(n, n) for n in names] + added
            _unique(r, after, "rename")
    merge = _merges(r, club, data["merge"], rename) if "merge" in data else {}
    flags: dict[str, bool] = {}
    for key, value in (("archive", True), ("unarchive", False)):
        if key in data:
            for i, n in enumerate(_names(r, data[key], key)):
                m = member(club, n)
                if m is None:
                    r.add(f"{key}.{i}", N_("%(name)s is not a member of this club", name=n))
                elif str(m["name"]) in merge:
                    r.add(f"{key}.{i}", N_("Merge %(name)s in a change of its own", name=n))
                else:
                    flags[str(m["name"])] = value
    detach: list[Table] = []
    if "detach" in data:
        raw_ids = data["detach"]
        if not isinstance(raw_ids, list):
            r.add("detach", N_("List the tables' ids"))
        else:
            for i, tid in enumerate(raw_ids):
                try:
                    t: Table | None = store.find_table(tid)  # checks the id is one first
                except store.NotFound:
                    t = None
                if t is None or t.club_id != club.id:
                    r.add(f"detach.{i}", N_("This table is not in this club"))
                else:
                    detach.append(t)
    r.raise_if_any()

    if new_name != club.name:
        change.undo["name"] = club.name
        change.words.append(N_("club renamed %(name)s", name=new_name))
        club.name = new_name
    if zone != club.timezone:
        change.undo["timezone"] = club.timezone
        change.words.append(N_("time zone set to %(zone)s", zone=zone))
        club.timezone = zone
        for t in club_tables(club):  # the club's days move: its figures are counted again
            figures.noted(t)
    members = [dict(m) for m in club.members]
    if added:
        members += [{"name": n, "archived": False} for n in added]
        change.undo["remove"] = list[JSONValue](added)
        change.words += [N_("%(name)s joined", name=n) for n in added]
    if rename:
        for m in members:
            m["name"] = rename.get(str(m["name"]), m["name"])
        _rename_at_tables(club, rename)
        change.undo["rename"] = {new: old for old, new in rename.items()}
        change.words += [N_("%(old)s renamed %(new)s", old=o, new=n) for o, n in rename.items()]
    if flags:
        for m in members:
            key = str(m["name"])
            key = rename.get(key, key)
            if key in flags and bool(m.get("archived")) != flags[key]:
                change.undo.setdefault("flags", {})
                undo_flags = change.undo["flags"]
                assert isinstance(undo_flags, dict)
                undo_flags[key] = bool(m.get("archived"))
                m["archived"] = flags[key]
                change.words.append(
                    N_("%(name)s archived", name=key)
                    if flags[key]
                    else N_("%(name)s back from the archive", name=key)
                )
    if merge:
        unmerge: list[JSONValue] = []
        for gone, into in merge.items():
            at = [t for t in club_tables(club) if gone in t.players]
            for t in at:
                changes.edit_table(t, {"rename": {gone: into}}, from_club=True)
            index = next(i for i, m in enumerate(members) if m["name"] == gone)
            unmerge.append(
                {
                    "name": gone,
                    "into": into,
                    "index": index,
                    "archived": bool(members[index].get("archived")),
                    "tables": [t.id for t in at],
                }
            )
            del members[index]
            change.words.append(N_("%(name)s merged into %(into)s", name=gone, into=into))
        change.undo["unmerge"] = unmerge
    club.members = members
    if detach:
        change.undo["attach"] = [t.id for t in detach]
        for t in detach:
            t.club_id = None
            figures.noted(t, left=club)
            change.words.append(N_("table %(name)s left the club", name=t.name))
    return change


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


def _record(club: Club, action: str, words: Sequence[str], undo: JSONObject) -> ClubJournalEntry:
    """A journal entry of the club: its summary in English, and its messages, which the
    pages show in the reader's language."""
    club.version += 1
    club.updated_at = now()
    messages: list[JSONValue] = [m.to_json() for m in words if isinstance(m, Msg)]
    entry = ClubJournalEntry(
        club_id=club.id,
        seq=club.version,
        at=now(),
        action=action,
        summary="; ".join(words),
        data={"undo": undo, "messages": messages},
        device=devices.current(),
    )
    db.session.add(entry)
    db.session.flush()
    return entry


def summary_messages(entry: JSONObject) -> list[Msg]:
    """The messages of a journal entry (``journal(..., messages=True)``), to translate."""
    raw = entry.get("messages")
    found = [Msg.from_json(m) for m in raw] if isinstance(raw, list) else []
    return [m for m in found if m is not None]


def journal(club: Club, *, messages: bool = False) -> list[JSONObject]:
    rows = db.session.scalars(
        select(ClubJournalEntry)
        .where(ClubJournalEntry.club_id == club.id)
        .order_by(ClubJournalEntry.seq.desc())
    )
    return [
        {
            "seq": e.seq,
            "at": _iso(e.at),
            "action": e.action,
            "summary": e.summary,
            "undone": bool(e.data.get("undone")),
            "by": e.device,
            **({"messages": e.data.get("messages", [])} if messages else {}),
        }
        for e in rows
    ]


def undo(club: Club, seq: object = None) -> ClubJournalEntry:
    """Undo a change of the club (its last one not undone, or ``seq``): a new entry."""
    query = select(ClubJournalEntry).where(
        ClubJournalEntry.club_id == club.id, ClubJournalEntry.action == "edit"
    )
    if seq is not None:
        if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= 2**31 - 1:
            raise InvalidInput(
                [
                    Violation(
                        "seq", N_("%(value)s is not a journal entry's number", value=shown(seq))
                    )
                ]
            )
        query = query.where(ClubJournalEntry.seq == seq)
    entries = [
        e
        for e in db.session.scalars(query.order_by(ClubJournalEntry.seq.desc()))
        if not e.data.get("undone")
    ]
    if not entries:
        raise InvalidInput([Violation("seq", N_("There is no change of the club to undo"))])
    entry = entries[0]
    back = entry.data.get("undo")
    assert isinstance(back, dict)
    words: list[str] = []
    if "remove" in back:
        gone = {str(n) for n in back["remove"] or []} if isinstance(back["remove"], list) else set()
        sitting = {p for t in club_tables(club) for p in t.players}
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
    unmerge = back.get("unmerge")
    if isinstance(unmerge, list):
        words += _unmerge(club, unmerge)
    patch: JSONObject = {k: back[k] for k in ("name", "timezone", "rename") if k in back}
    flags = back.get("flags")
    if isinstance(flags, dict):
        patch["archive"] = [k for k, v in flags.items() if v]
        patch["unarchive"] = [k for k, v in flags.items() if not v]
    attach = back.get("attach")
    if patch:
        words += _apply(club, {k: v for k, v in patch.items() if v != []}).words
    if isinstance(attach, list):
        for tid in attach:
            t = db.session.get(Table, tid)
            if t is not None and t.club_id is None:
                t.club_id = club.id
                figures.noted(t)
    entry.data = {**entry.data, "undone": True}
    summary = N_("undid change %(seq)s", seq=entry.seq)
    return _record(club, "undo", [summary, *words], {})


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


# -- tables joining ----------------------------------------------------------------------


def seat_members(club: Club, players: Sequence[str]) -> list[str]:
    """A new table's players as the club's members (their spelling); a new name joins."""
    out = []
    joined = []
    for p in players:
        m = member(club, p)
        if m is None:
            joined.append(p)
            out.append(p)
        else:
            out.append(str(m["name"]))
    if joined:
        fresh: list[JSONObject] = [{"name": n, "archived": False} for n in joined]
        club.members = [*club.members, *fresh]
        _record(
            club,
            "edit",
            [N_("%(name)s joined", name=n) for n in joined],
            {"remove": list[JSONValue](joined)},
        )
    return out


_LINK = re.compile(r"(?:.*/c/)?([A-Za-z0-9_-]{20,64})/?")


def club_for_table(raw: object) -> Club:
    """The club a table is to join: its id, or its link as shared (both ids are needed to
    join one; a read-only link is refused)."""
    found = _LINK.fullmatch(raw.strip()) if isinstance(raw, str) and len(raw) <= 300 else None
    try:
        return find_club(found.group(1) if found else None, lock=True)
    except ClubNotFound:
        raise InvalidInput([Violation("club", N_("There is no club with this id"))]) from None


def open_in_club(club: Club, new: NewTable) -> Table:
    """A new table of the club: its players are members (a new name joins)."""
    table = entries.open_table(replace(new, players=tuple(seat_members(club, new.players))))
    table.club_id = club.id
    table.figures_through = 0  # nothing to keep yet
    return table


def join(table: Table, club: Club) -> None:
    """A table joins ``club``: its players become members (new names join)."""
    if table.club_id == club.id:
        return
    if table.club_id is not None:
        raise InvalidInput([Violation("club", N_("This table is already in another club"))])
    seated = seat_members(club, table.players)
    rename = {old: new for old, new in zip(table.players, seated, strict=True) if old != new}
    if rename:
        changes.edit_table(table, {"rename": dict[str, JSONValue](rename)}, from_club=True)
    table.club_id = club.id
    figures.noted(table)


# -- standings and members' figures ----------------------------------------------------

club_day = figures.club_day


def _day_arg(r: Reader, raw: str | None, key: str) -> date | None:
    if raw in (None, ""):
        return None
    try:
        return date.fromisoformat(str(raw))
    except ValueError:
        r.add(key, N_("%(value)s is not a date (write it as 2026-11-24)", value=shown(raw)))
        return None


def _period(args: Mapping[str, str]) -> tuple[date | None, date | None, str | None]:
    """The period and game a page or the API asks for; InvalidInput names the parameter."""
    r = Reader()
    start = _day_arg(r, args.get("from"), "from")
    end = _day_arg(r, args.get("to"), "to")
    game = args.get("game") or None
    if game is not None and game not in GAMES:
        r.add(
            "game",
            N_(
                "%(value)s is not a game here (choose one of %(games)s)",
                value=shown(game),
                games=", ".join(GAMES),
            ),
        )
        game = None
    if start and end and start > end:
        r.add("to", N_("The period ends before it starts"))
    r.raise_if_any()
    return start, end, game


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    money: Fraction = Fraction(0)
    rounds: int = 0
    tables: set[int] = field(default_factory=set)
    firsts: int = 0


_ANSWERS: BoundedCache[tuple[object, ...], JSONObject] = BoundedCache(256)
_ANSWERS_LOCK = threading.Lock()


def _remembered(
    what: str, club: Club, args: Mapping[str, str], work: Callable[[], JSONObject]
) -> JSONObject:
    """An answer computed from the kept figures, kept in this process while they and the
    club stay as they were: every write to a club's table moves ``figures_version``, every
    change of the club ``version``, so a kept answer is never stale. A copy is returned."""
    key = (
        what,
        club.token,
        club.version,
        club.figures_version,
        club.timezone,
        *sorted(args.items()),
    )
    kept = _ANSWERS.get(key)
    if kept is None:
        kept = work()
        with _ANSWERS_LOCK:
            _ANSWERS[key] = kept
    return copy.deepcopy(kept)


def standings(club: Club, args: Mapping[str, str]) -> JSONObject:
    """API.md "Clubs" standings, added up from the kept figures (``tables.figures``)."""
    query = {k: str(args[k]) for k in ("from", "to", "game", "archived") if k in args}
    return _remembered("standings", club, query, lambda: _standings(club, query))


def _standings(club: Club, args: Mapping[str, str]) -> JSONObject:
    start, end, game = _period(args)
    archived = args.get("archived") in ("1", "true")
    tally: dict[str, _Tally] = {str(m["name"]): _Tally() for m in club.members}
    pot: Fraction | int = 0
    house: Fraction | int = 0
    unpriced: set[int] = set()
    per_table: dict[int, dict[str, Fraction | int]] = {}
    tables = figures.club_tables(club, game)
    for tid, seat, points_text, rounds, house_text in figures.kept_sums(list(tables), start, end):
        points = figures.amount(points_text)
        if seat == figures.POT:
            pot += points
            house += figures.amount(house_text)
            continue
        t = tables[tid]
        if seat >= len(t.players):
            continue
        value = t.point_value
        if value is None:
            unpriced.add(tid)
        name = t.players[seat]
        mt = tally.setdefault(name, _Tally())
        mt.points += points
        if value is not None:
            mt.money += points * value
        mt.rounds += rounds
        if rounds:
            mt.tables.add(tid)
        at_table = per_table.setdefault(tid, {})
        at_table[name] = at_table.get(name, 0) + points
    for tid, at_table in per_table.items():
        best = max(at_table.values())
        for name, pts in at_table.items():
            if pts == best and tid in tally[name].tables:
                tally[name].firsts += 1
    flags = {str(m["name"]): bool(m.get("archived")) for m in club.members}
    rows_out: list[tuple[tuple[int, Fraction], JSONObject]] = []
    for name, mt in tally.items():
        if flags.get(name) and not archived:
            continue
        item: JSONObject = {
            "name": name,
            "points": amount_str(mt.points) if game else None,
            "money": amount_str(mt.money),
            "rounds": mt.rounds,
            "tables": len(mt.tables),
            "firsts": mt.firsts,
            "average": amount_str(mt.points / mt.rounds) if game and mt.rounds else None,
        }
        key = mt.points if game else mt.money
        rows_out.append(((0 if mt.rounds else 1, -key), item))
    rows_out.sort(key=lambda pair: pair[0])
    return {
        "from": start.isoformat() if start else None,
        "to": end.isoformat() if end else None,
        "game": game,
        "members": [item for _, item in rows_out],
        "pot": amount_str(pot),
        "house": amount_str(house),
        "unpriced_tables": len(unpriced),
    }


def last_played(club: Club) -> date | None:
    """The most recent club day with a round or a game's end at one of the club's tables."""
    tables = list(figures.club_tables(club))
    if not tables:
        return None
    day: date | None = db.session.scalar(
        select(db.func.max(ClubFigure.day)).where(
            ClubFigure.table_id.in_(tables), ClubFigure.seat >= 0
        )
    )
    return day


def games_played(club: Club, args: Mapping[str, str]) -> list[str]:
    """The games played at the club's tables in a period (``from``, ``to``), the most
    recently played first."""
    start, end, _ = _period(args)
    tables = figures.club_tables(club)
    latest: dict[str, tuple[datetime, int]] = {}
    for tid, at in figures.last_rounds(list(tables), start, end).items():
        game = tables[tid].game
        if game not in latest or (at, tid) > latest[game]:
            latest[game] = (at, tid)  # within one second, the newer table
    return sorted(latest, key=lambda g: latest[g], reverse=True)


class MemberNotFound(store.NotFound):
    """No member of this name in the club."""


def member_stats(
    club: Club, name: str, args: Mapping[str, str], *, view: bool = False
) -> JSONObject:
    query = {k: str(args[k]) for k in ("from", "to", "game") if k in args}
    key = {**query, " name": name[:100].casefold(), " view": str(view)}
    return _remembered("member", club, key, lambda: _member_stats(club, name, query, view=view))


def _member_stats(
    club: Club, name: str, args: Mapping[str, str], *, view: bool = False
) -> JSONObject:
    """API.md "Clubs" ``members/<name>``: a member's tables, games, yaku and opponents over a
    period, from the kept figures; and ``days``, their money by club day with the running
    total, and their points by game that day (the member page's chart)."""
    m = member(club, name) if len(name) <= 80 else None
    if m is None:
        raise MemberNotFound(name)
    start, end, game = _period(args)
    who = str(m["name"])
    per_table: dict[int, tuple[figures.TableFacts, figures.Figure]] = {}
    per_game: dict[str, figures.Figure] = {}
    per_day: dict[date, Fraction] = {}
    day_points: dict[date, dict[str, Fraction]] = {}
    opponents: dict[tuple[str, str], list[Any]] = {}
    tables = figures.club_tables(club, game)
    seats = {tid: t.players.index(who) for tid, t in tables.items() if who in t.players}
    for row in figures.kept_rows(list(seats), start, end):
        t = tables[row.table_id]
        if row.seat != seats[row.table_id]:
            continue
        fig = figures.Figure.of_row(row)
        per_table.setdefault(t.id, (t, figures.Figure()))[1].add(fig)
        per_game.setdefault(t.game, figures.Figure()).add(fig)
        value = t.point_value
        per_day[row.day] = per_day.get(row.day, Fraction(0)) + (
            fig.points * value if value is not None else 0
        )
        on_day = day_points.setdefault(row.day, {})
        on_day[t.game] = on_day.get(t.game, Fraction(0)) + fig.points
        for seat, (n, mine, theirs) in fig.together.items():
            if seat >= len(t.players):
                continue
            # Per opponent and game: one game's points are never added to another's.
            o = opponents.setdefault(
                (t.players[seat], t.game), [set(), 0, Fraction(0), Fraction(0)]
            )
            o[0].add(t.id)
            o[1] += n
            o[2] += mine
            o[3] += theirs
    tables_out: list[JSONValue] = []
    for t, fig in sorted(
        per_table.values(),
        key=lambda p: p[1].last_at or datetime.min,
        reverse=True,
    ):
        value = t.point_value
        ids: JSONObject = (
            {"url": f"/t/view/{t.view_token}"} if view else {"id": t.token, "url": f"/t/{t.token}"}
        )
        tables_out.append(
            {
                **ids,
                "name": t.name,
                "game": t.game,
                "first_round_at": _iso(fig.first_at),
                "last_round_at": _iso(fig.last_at),
                "rounds": fig.rounds,
                "points": amount_str(fig.points),
                "money": amount_str(fig.points * value) if value is not None else None,
            }
        )
    games_out: JSONObject = {
        g: {
            "rounds": fig.rounds,
            "points": amount_str(fig.points),
            "best_round": amount_str(fig.best) if fig.best is not None else None,
            "worst_round": amount_str(fig.worst) if fig.worst is not None else None,
            "yaku": dict[str, JSONValue](sorted(fig.yaku.items())),
        }
        for g, fig in sorted(per_game.items())
    }
    running = Fraction(0)
    days_out: list[JSONValue] = []
    for day in sorted(per_day):
        running += per_day[day]
        days_out.append(
            {
                "day": day.isoformat(),
                "money": amount_str(per_day[day]),
                "running": amount_str(running),
                "points": {g: amount_str(v) for g, v in sorted(day_points[day].items())},
            }
        )
    return {
        "name": who,
        "archived": bool(m.get("archived")),
        "from": start.isoformat() if start else None,
        "to": end.isoformat() if end else None,
        "game": game,
        "tables": tables_out,
        "games": games_out,
        "opponents": [
            {
                "name": other,
                "game": other_game,
                "tables": len(o[0]),
                "rounds": o[1],
                "points": amount_str(o[2]),
                "their_points": amount_str(o[3]),
            }
            for (other, other_game), o in sorted(
                opponents.items(), key=lambda kv: (-kv[1][1], kv[0])
            )
        ],
        "days": days_out,
    }


# -- exports -----------------------------------------------------------------------------

CSV_COLUMNS = ("name", "points", "money", "rounds", "tables", "firsts", "average")


def spreadsheet_amount(text: JSONValue) -> str:
    """A standings figure in the CSV (``exact.csv_amount``); blank where there is none."""
    return "" if text is None else csv_amount(str(text))


def _cell(text: str) -> str:
    """A member's name that a spreadsheet cannot take for a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(table: JSONObject) -> str:
    """The standings (``standings``) as CSV: a header row, then a row per member."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    members = table["members"]
    assert isinstance(members, list)
    for m in members:
        assert isinstance(m, dict)
        writer.writerow(
            [
                _cell(str(m["name"])),
                spreadsheet_amount(m["points"]),
                spreadsheet_amount(m["money"]),
                m["rounds"],
                m["tables"],
                m["firsts"],
                spreadsheet_amount(m["average"]),
            ]
        )
    return out.getvalue()


def export_club(club: Club) -> JSONObject:
    """The whole club: itself, its members, its journal and each table's export."""
    return {
        "club": club_json(club, view=False),
        "journal": list[JSONValue](journal(club)),
        "tables": [
            {"id": t.token, "export": cast(JSONObject, transfer.export_table(t))}
            for t in club_tables(club)
        ],
    }
