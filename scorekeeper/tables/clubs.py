"""Clubs (API.md "Clubs"): members across tables and evenings, their changes journalled
with undo, tables joining, and standings over a period of the club's days.

Standings are added up from the rounds' stored changes (``Round.deltas``), never by scoring
a round again: every stored round keeps its change per seat, and the pot and the house take
what the players' changes leave (each round sums to zero with them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select

from scorekeeper import devices
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import amount_str
from scorekeeper.games import GAMES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_
from scorekeeper.models import Club, ClubJournalEntry, Round, Table, db, now

__all__ = ["Club", "ClubNotFound", "change_club", "create_club", "find_club", "join"]
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, shown
from scorekeeper.tables import changes, store
from scorekeeper.tables.checks import table_name

DAY_STARTS = timedelta(hours=6)
"""A club's day runs from 06:00 to 06:00 in its time zone: an evening past midnight is one."""
MAX_MEMBERS = 500
PATCH_KEYS = ("name", "timezone", "add", "rename", "archive", "unarchive", "detach")


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


def find_club(token: object, *, lock: bool = False) -> Club:
    if not isinstance(token, str) or not token or len(token) > 64:
        raise ClubNotFound(token)
    query = select(Club).where(Club.token == token)
    if lock:
        query = query.with_for_update()
    club = db.session.scalars(query).first()
    if club is None:
        raise ClubNotFound(token)
    return club


def find_club_view(token: str) -> Club:
    if not token or len(token) > 64:
        raise ClubNotFound(token)
    club = db.session.scalars(select(Club).where(Club.view_token == token)).first()
    if club is None:
        raise ClubNotFound(token)
    return club


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
    rows = db.session.execute(
        select(Round.table_id, db.func.min(Round.created_at), db.func.max(Round.created_at))
        .where(
            Round.table_id.in_([t.id for t in tables]),
            Round.number.is_not(None),
            Round.kind == EntryKind.ROUND,
        )
        .group_by(Round.table_id)
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
            item = {"url": f"/t/view/{t.token}", **item}
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
    return _record(club, "edit", "; ".join(change.words), change.undo)


def _apply(club: Club, data: JSONObject) -> _Change:
    r = Reader()
    for key in data:
        if key == "merge":
            r.add("merge", N_("Merging members is not available yet: rename one of them"))
        elif key not in PATCH_KEYS:
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
    flags: dict[str, bool] = {}
    for key, value in (("archive", True), ("unarchive", False)):
        if key in data:
            for i, n in enumerate(_names(r, data[key], key)):
                m = member(club, n)
                if m is None:
                    r.add(f"{key}.{i}", N_("%(name)s is not a member of this club", name=n))
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
    club.members = members
    if detach:
        change.undo["attach"] = [t.id for t in detach]
        for t in detach:
            t.club_id = None
            change.words.append(N_("table %(name)s left the club", name=t.name))
    return change


def _rename_at_tables(club: Club, rename: Mapping[str, str]) -> None:
    """A member's new name at every table of the club where they sit (each table keeps
    the rename in its own journal)."""
    for t in club_tables(club):
        at_table = {p: rename[p] for p in t.players if p in rename and rename[p] != p}
        if at_table:
            changes.edit_table(t, {"rename": dict(at_table)}, from_club=True)


def _record(club: Club, action: str, summary: str, undo: JSONObject) -> ClubJournalEntry:
    club.version += 1
    club.updated_at = now()
    entry = ClubJournalEntry(
        club_id=club.id,
        seq=club.version,
        at=now(),
        action=action,
        summary=summary,
        data={"undo": undo},
        device=devices.current(),
    )
    db.session.add(entry)
    db.session.flush()
    return entry


def journal(club: Club) -> list[JSONObject]:
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
    entry.data = {**entry.data, "undone": True}
    summary = N_("undid change %(seq)s", seq=entry.seq)
    return _record(club, "undo", "; ".join([summary, *words]), {})


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
            "; ".join(N_("%(name)s joined", name=n) for n in joined),
            {"remove": list[JSONValue](joined)},
        )
    return out


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


# -- standings ---------------------------------------------------------------------------


def club_day(at: datetime, zone: ZoneInfo) -> date:
    """The club's day of a UTC time: 06:00 to 06:00 in the club's time zone."""
    local = at.replace(tzinfo=ZoneInfo("UTC")).astimezone(zone)
    return (local - DAY_STARTS).date()


def _day_arg(r: Reader, raw: str | None, key: str) -> date | None:
    if raw in (None, ""):
        return None
    try:
        return date.fromisoformat(str(raw))
    except ValueError:
        r.add(key, N_("%(value)s is not a date (write it as 2026-11-24)", value=shown(raw)))
        return None


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    money: Fraction = Fraction(0)
    rounds: int = 0
    tables: set[int] = field(default_factory=set)
    firsts: int = 0


def standings(club: Club, args: Mapping[str, str]) -> JSONObject:
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
    if start and end and start > end:
        r.add("to", N_("The period ends before it starts"))
    r.raise_if_any()
    archived = args.get("archived") in ("1", "true")
    zone = ZoneInfo(club.timezone)
    tally: dict[str, _Tally] = {str(m["name"]): _Tally() for m in club.members}
    pot = house = Fraction(0)
    unpriced: set[int] = set()
    tables = [t for t in club_tables(club) if game is None or t.game == game]
    entries: dict[int, list[tuple[EntryKind, list[str], JSONObject | None, datetime]]]
    entries = {t.id: [] for t in tables}
    for tid, kind, deltas, outcome, at in db.session.execute(  # one query for every table
        select(Round.table_id, Round.kind, Round.deltas, Round.outcome, Round.created_at)
        .where(
            Round.table_id.in_(list(entries)),
            Round.number.is_not(None),
            Round.kind.in_((EntryKind.ROUND, EntryKind.END)),
        )
        .order_by(Round.table_id, Round.number)
    ):
        entries[tid].append((kind, deltas, outcome, at))
    for t in tables:
        value = changes.point_value(t)
        per_table: dict[str, Fraction] = {}
        for kind, deltas, outcome, at in entries[t.id]:
            day = club_day(at, zone)
            if (start and day < start) or (end and day > end):
                continue
            changes_ = [read_stored_amount(d) for d in deltas]
            taken = read_stored_amount(str((outcome or {}).get("house", "0")))
            house += taken
            pot -= sum(changes_, Fraction(0)) + taken
            if value is None:
                unpriced.add(t.id)
            for pos, change in enumerate(changes_):
                if pos >= len(t.players):
                    continue
                name = t.players[pos]
                mt = tally.setdefault(name, _Tally())
                mt.points += change
                mt.money += change * value if value is not None else 0
                per_table[name] = per_table.get(name, Fraction(0)) + change
                if kind == EntryKind.ROUND:
                    mt.rounds += 1
                    mt.tables.add(t.id)
        if per_table:
            best = max(per_table.values())
            for name, pts in per_table.items():
                if pts == best and t.id in tally[name].tables:
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
