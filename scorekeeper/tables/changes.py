"""Changing a table (name, point value, settings, players) and settling up.

Like ``service``: each function works inside the caller's transaction and raises
``InvalidInput`` (422), ``Conflict`` (409) or ``LookupError`` (404) without writing anything.

What changes the ledger (settings from here on, a player joining, leaving or coming back, a
settle-up) is an entry of the table's sequence, kind ``edit`` or ``settle``, scored by
``ledger.step`` at its place, so a replay after a correction passes it where it was
made. A rename and the table's name and point value change no figure: they are written on
the table (a rename also on every stored entry and result, so the history reads the new
name). Each change is one journal entry, undoable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TypedDict, TypeVar, cast

from sqlalchemy import select

from scorekeeper.caches import BoundedCache
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import amount_str, parse_amount
from scorekeeper.games import GAMES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import Action, Effect, EntryKind
from scorekeeper.ledger import step
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import JournalEntry, Round, RoundVersion, Table, db, now
from scorekeeper.round_data import (
    EditEntry,
    JournalData,
    Result,
    Seat,
    SettleEntry,
    TableEntry,
    as_edit,
    edit_entry,
    settle_entry,
)
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, clean_name, not_text
from scorekeeper.settle import fewest_payments, in_coins, payments_json
from scorekeeper.state import State, TableSpec, spec_at
from scorekeeper.tables import entries, store
from scorekeeper.tables.checks import NewTable, point_value_of, table_name

PATCH_KEYS = (
    "name",
    "point_value",
    "settings",
    "rename",
    "add",
    "remove",
    "seats",
    "first_dealer",
)
POT, HOUSE = N_("the pot"), N_("the house")
"""How a settle-up names the pot (Tokan) and the house (Otoroku) when they hold a balance."""


def change_messages(result: Result | None) -> list[Msg]:
    """What a change of the table changed, as messages (its English words when it kept none)."""
    kept_json = result.get("changes_msg") if result else None
    words_json = result.get("changes") if result else None
    kept = [Msg.from_json(m) for m in kept_json] if isinstance(kept_json, list) else []
    words = words_json if isinstance(words_json, list) else []
    if len(kept) == len(words) and all(m is not None for m in kept):
        return [m for m in kept if m is not None]
    return [Msg(str(w)) for w in words]


# -- reading a table as it stands now -------------------------------------------------------


def current_spec(table: Table, state: State | None = None) -> TableSpec:
    """The table as it stands: its players so far and its settings from now on."""
    return spec_at(store.spec_of(table), state or store.state_of(table))


def players_now(table: Table, state: State | None = None) -> list[str]:
    """Every player with a position at the table (those who left too), in table order."""
    return list(table.players[: len((state or store.state_of(table)).totals)])


def point_value(table: Table) -> Fraction | None:
    return read_stored_amount(table.point_value) if table.point_value else None


def padded(deltas: list[str], n: int) -> list[str]:
    """A stored round's changes for ``n`` players (players who joined later changed by 0)."""
    return (list(deltas) + ["0"] * n)[:n]


def padded_amounts(totals: list[Fraction], n: int) -> list[Fraction]:
    """Running totals from before players joined, for ``n`` players (0 until they joined)."""
    return (list(totals) + [Fraction(0)] * n)[:n]


# -- PATCH ------------------------------------------------------------------------------------


@dataclass
class Patch:
    """A checked change of the table: only what actually changes."""

    name: str | None = None
    point_value: tuple[str | None, str | None] | None = None
    settings: JSONObject = field(default_factory=dict)
    rename: dict[str, str] = field(default_factory=dict)
    """Current name -> new name."""
    add: list[str] = field(default_factory=list)
    back: list[int] = field(default_factory=list)
    """Positions of players who left and are added again."""
    remove: list[int] = field(default_factory=list)
    order: list[int] | None = None
    """A reseating before the first round: the players' present positions in the new order."""
    first_dealer: int | None = None
    """The first round's dealer, a position in the (new) seat order, before the first round."""

    @property
    def seats(self) -> bool:
        return bool(self.add or self.back or self.remove)

    @property
    def empty(self) -> bool:
        return not (
            self.name
            or self.point_value
            or self.settings
            or self.rename
            or self.seats
            or self.order is not None
            or self.first_dealer is not None
        )


def check_patch(table: Table, data: JSONObject, *, from_club: bool = False) -> Patch:
    """Validate a change of the table (API.md "Changing a table"); every problem at once.

    Each key given must hold what it changes: ``null`` is refused wherever a name, a list or an
    object is expected (only ``point_value`` takes ``null``, for none), and so is a value of
    another type, an empty or over-long name, a name another player has (case aside), or the
    same player named twice in one change."""
    r = Reader()
    game = GAMES[table.game]
    state = store.state_of(table)
    names = players_now(table, state)
    present = [i for i in range(len(names)) if i not in state.away]
    patch = Patch()
    for key in data:
        if key not in PATCH_KEYS:
            known = ", ".join(PATCH_KEYS)
            r.add(
                str(key)[:40],
                N_(
                    "%(key)s cannot be changed here (known: %(known)s)",
                    key=f"'{str(key)[:40]}'",
                    known=known,
                ),
            )
    if "rename" in data and table.club_id is not None and not from_club:
        # A member has one name across the club (API.md "Clubs"): a table cannot fork it.
        r.add("rename", N_("This table plays in a club: rename them at the club"))
    if "name" in data:
        new_name = table_name(r, data["name"])
        if new_name != table.name:
            patch.name = new_name
    if "point_value" in data:
        _check_point_value(r, table, state, data["point_value"], patch)
    if "settings" in data:
        _check_settings(r, table, state, data["settings"], patch)

    lookup = {n.casefold(): i for i, n in enumerate(names)}
    final = list(names)
    renamed: dict[int, str] = {}
    """Each player this change renames, by position: the key that named them."""
    if "rename" in data:
        raw_rename = data["rename"]
        if not isinstance(raw_rename, Mapping):
            r.add("rename", N_('Give renames as an object, e.g. {"Aki": "Akiko"}'))
        else:
            for old, new in raw_rename.items():
                path = f"rename.{str(old)[:40]}"
                pos = lookup.get(clean_name(str(old)).casefold())
                if pos is None:
                    r.add(
                        path,
                        N_("'%(name)s' is not a player at this table", name=str(old)[:40]),
                    )
                    continue
                if pos in renamed:
                    r.add(
                        path,
                        N_(
                            "%(name)s is renamed twice in this change (also as '%(other)s')",
                            name=names[pos],
                            other=renamed[pos][:40],
                        ),
                    )
                    continue
                renamed[pos] = str(old)
                cleaned = r.name({"name": new}, path, pos, required=True)
                if cleaned != names[pos]:
                    final[pos] = cleaned
                    patch.rename[names[pos]] = cleaned
    for key in ("add", "remove"):
        if key in data and not isinstance(data[key], list):
            r.add(key, N_('Give a list of names, e.g. {"%(key)s": ["Dai"]}', key=key))
    for k, who in enumerate(_listed(data, "remove")):
        path = f"remove.{k}"
        if not isinstance(who, str):
            r.add(path, not_text(who))
            continue
        wanted = clean_name(who)
        if not wanted:
            r.add(path, N_("A name cannot be empty"))
            continue
        pos = lookup.get(wanted.casefold())
        if pos is None or pos not in present:
            r.add(path, N_("'%(name)s' is not seated at this table", name=wanted[:40]))
        elif pos in patch.remove:
            r.add(path, N_("%(name)s is listed twice", name=names[pos]))
        else:
            patch.remove.append(pos)
    added_at: list[int] = []
    """Where in ``add`` each name of ``patch.add`` was given."""
    for k, who in enumerate(_listed(data, "add")):
        path = f"add.{k}"
        valid = len(r.violations)
        cleaned = r.name({"name": who}, path, k, required=True)
        if len(r.violations) > valid:
            continue  # not a name: said already
        pos = lookup.get(cleaned.casefold())
        if pos is not None and pos in state.away and pos not in patch.back:
            patch.back.append(pos)  # a player who left comes back with their total
        elif pos in patch.back or cleaned.casefold() in {a.casefold() for a in patch.add}:
            r.add(path, N_("%(name)s is listed twice", name=cleaned))
        elif pos is not None:
            r.add(path, N_("%(name)s is already at this table", name=cleaned))
        else:
            patch.add.append(cleaned)
            added_at.append(k)
    final += patch.add
    first_holder: dict[str, int] = {}
    for i, n in enumerate(final):
        j = first_holder.setdefault(n.casefold(), i)
        if j == i:
            continue
        # Report it where the name was given: a rename or an added player.
        k = i if i >= len(names) or names[i] in patch.rename else j
        if k < len(names):
            where = f"rename.{renamed.get(k, names[k])[:40]}"
        else:
            where = f"add.{added_at[k - len(names)]}"
        r.add(
            where,
            N_("Another player is already called %(name)s; each needs a different name", name=n),
        )
    if patch.seats and not game.players_may_change:
        for key in ("add", "remove"):
            if _listed(data, key):
                r.add(
                    key,
                    N_(
                        "%(game)s is played by exactly %(n)s players: players cannot join or "
                        "leave its table",
                        game=game.title,
                        n=game.min_players,
                    ),
                )
    if "seats" in data or "first_dealer" in data:
        together = [k for k in ("settings", "add", "remove", "rename") if data.get(k)]
        key = "seats" if "seats" in data else "first_dealer"
        if together:
            # A reseat moves every position; a change of players, names or settings in the
            # same request would be recorded against the old ones, and undone against neither.
            r.add(key, N_("Change the seats on their own, not with %(keys)s", keys=together))
        elif "first_dealer" in data and not game.has_dealer:
            r.add("first_dealer", N_("%(game)s has no dealer", game=game.title))
        else:
            _check_seats(r, table, data, names, patch)
    r.raise_if_any()
    return patch


SEATED_ALREADY = N_(
    "Players keep their seats once anything is entered at the table (a round, a change of "
    "its players or settings): start a rematch to sit differently"
)
"""Why the seats or the first dealer cannot change now (API.md: while no round yet)."""


def _check_seats(r: Reader, table: Table, data: JSONObject, names: list[str], patch: Patch) -> None:
    """``seats`` (the same players in a new order) and ``first_dealer`` (a position in that
    order): only while the table has no entry at all, so that no stored entry names a
    position (API.md "Changing a table", 2026-11-27)."""
    if table.round_count:
        for key in ("seats", "first_dealer"):
            if key in data:
                r.add(key, SEATED_ALREADY)
        return
    lookup = {n.casefold(): i for i, n in enumerate(names)}
    order = list(range(len(names)))
    if "seats" in data:
        raw = data["seats"]
        example = N_(
            'Give every player once, in their new seat order, e.g. {"seats": %(example)s}',
            example="[" + ", ".join(f'"{n}"' for n in reversed(names)) + "]",
        )
        if not isinstance(raw, list):
            r.add("seats", example)
            return
        given: list[int] = []
        for k, who in enumerate(raw):
            path = f"seats.{k}"
            if not isinstance(who, str):
                r.add(path, not_text(who))
                continue
            pos = lookup.get(clean_name(who).casefold())
            if pos is None:
                r.add(path, N_("'%(name)s' is not a player at this table", name=who[:40]))
            elif pos in given:
                r.add(path, N_("%(name)s is listed twice", name=names[pos]))
            else:
                given.append(pos)
        missing = [names[i] for i in range(len(names)) if i not in given]
        if missing and len(given) == len(raw):
            r.add("seats", N_("%(names)s missing: every player needs a seat", names=missing))
        if len(given) != len(raw) or missing:
            return
        order = given
    if "first_dealer" in data:
        raw_dealer = data["first_dealer"]
        if (
            isinstance(raw_dealer, bool)
            or not isinstance(raw_dealer, int)
            or not 0 <= raw_dealer < len(names)
        ):
            r.add(
                "first_dealer",
                N_(
                    "The first dealer is a seat from 0 to %(last)s, counted from 0",
                    last=len(names) - 1,
                ),
            )
            return
        new_dealer = raw_dealer
    else:  # the same person deals first, wherever they sit now
        new_dealer = order.index(table.first_dealer)
    if order != list(range(len(names))):
        patch.order = order
    if new_dealer != table.first_dealer or patch.order is not None:
        patch.first_dealer = new_dealer


def reseat(table: Table, players: list[str], first_dealer: int) -> None:
    """Seat the table's players in ``players``' order with ``first_dealer`` dealing first:
    only at a table without any entry (its opening state, when it carries totals over,
    follows its players to their new seats)."""
    if table.round_count:
        raise entries.Conflict(SEATED_ALREADY)
    old = {n: i for i, n in enumerate(table.players)}
    order = [old[n] for n in players]
    if table.opening is not None:
        start = State.from_json(table.opening)
        moved = replace(
            start,
            dealer=first_dealer,
            totals=tuple(start.totals[i] for i in order),
            game_totals=tuple(start.game_totals[i] for i in order),
        )
        table.opening = moved.to_json()
    table.players = list(players)
    table.first_dealer = first_dealer
    table.state = (
        State.from_json(table.opening)
        if table.opening is not None
        else State.initial(store.spec_of(table))
    ).to_json()


def _listed(data: JSONObject, key: str) -> list[JSONValue]:
    raw = data.get(key)
    return raw if isinstance(raw, list) else []


SETTLE_FIRST = N_(
    "A point value applies to the rounds played at it, so it can change only while "
    "every total is zero: at the start, or right after a settle-up. Settle up first"
)
"""Why the point value cannot change now (setting one, changing it or removing it)."""


def _check_point_value(r: Reader, table: Table, state: State, raw: object, patch: Patch) -> None:
    new: str | None = None
    if raw not in (None, ""):
        try:
            new = amount_str(point_value_of(raw))
        except ValueError as exc:
            r.add("point_value", reason(exc))
            return
    if new == table.point_value:
        return
    if not _all_clear(state):
        # Any change (setting one, changing it, removing it) would price the rounds already
        # played: removing it and then setting another would re-price them in two steps.
        r.add("point_value", SETTLE_FIRST)
        return
    patch.point_value = (table.point_value, new)


def _all_clear(state: State) -> bool:
    return not any(state.totals) and not state.pot and not state.house


def _check_settings(r: Reader, table: Table, state: State, raw: object, patch: Patch) -> None:
    game = GAMES[table.game]
    if not isinstance(raw, Mapping):
        r.add("settings", N_("This must be an object of named settings"))
        return
    current = current_spec(table, state).settings
    options = {o.key: o for o in game.setting_options}
    rules = {o.key for o in game.rule_options}
    for key, value in raw.items():
        path = f"settings.{str(key)[:40]}"
        if key in rules:
            r.add(
                path,
                N_("House rules stay as the table was opened; start a rematch to change them"),
            )
        elif key not in options:
            known = ", ".join(options) or "none"
            r.add(
                path,
                N_(
                    "%(key)s is not a setting of %(game)s (known: %(known)s)",
                    key=f"'{str(key)[:40]}'",
                    game=game.title,
                    known=known,
                ),
            )
        elif value is None:
            r.add(path, N_("This setting needs a value; null is not one"))
        else:
            checked = r.option({key: value}, options[key], path)
            if checked != current.get(key, options[key].default):
                patch.settings[key] = checked


def edit_table(table: Table, data: JSONObject, *, from_club: bool = False) -> JournalEntry | None:
    """Apply a checked change (``PATCH``); one journal entry, or None when nothing changes.
    At a club's table only the club renames its players (``from_club``)."""
    patch = check_patch(table, data, from_club=from_club)
    if patch.empty:
        return None
    words: list[Msg] = []
    record: JournalData = {"effect": Effect.EDIT}
    if patch.name is not None:
        record["name"] = [table.name, patch.name]
        words.append(N_("table renamed %(name)s", name=patch.name))
        table.name = patch.name
    if patch.rename:
        rename_players(table, patch.rename)
        record["rename"] = patch.rename
        words += [
            N_("%(old)s renamed %(new)s", old=old, new=new) for old, new in patch.rename.items()
        ]
    if patch.point_value is not None:
        record["point_value"] = list(patch.point_value)
        new = patch.point_value[1]
        words.append(N_("point value %(v)s", v=new) if new is not None else N_("no point value"))
        table.point_value = new
    if patch.order is not None or patch.first_dealer is not None:
        before = list(table.players)
        players = [before[i] for i in patch.order] if patch.order is not None else before
        dealer = table.first_dealer if patch.first_dealer is None else patch.first_dealer
        record["seats"] = [before, players]
        record["first_dealer"] = [table.first_dealer, dealer]
        if patch.order is not None:
            words.append(N_("seats: %(names)s", names=players))
        if GAMES[table.game].has_dealer:
            words.append(N_("%(name)s deals first", name=players[dealer]))
        reseat(table, players, dealer)
    if patch.settings or patch.seats:
        rnd = _append_edit(table, patch)
        record["round_id"] = rnd.id
        words += change_messages(rnd.result)
    table.updated_at = now()
    return store.record(table, Action.EDIT, N_("table changed: %(what)s", what=words), data=record)


def _append_edit(table: Table, patch: Patch) -> Round:
    state = store.state_of(table)
    n = len(state.totals)
    if table.opening is None and patch.add:
        # The table's opening is no longer "everyone at zero": only its first players were.
        table.opening = store.opening_state(table).to_json()
    table.players = [*table.players[:n], *patch.add]
    entry: EditEntry = {}
    if patch.settings:
        entry["settings"] = patch.settings
    if patch.add:
        entry["add"] = [{"name": name, "position": n + k} for k, name in enumerate(patch.add)]
    if patch.remove:
        entry["remove"] = patch.remove
    if patch.back:
        entry["return"] = patch.back
    return append_entry(table, EntryKind.EDIT, edit_entry(entry))


def append_entry(table: Table, kind: EntryKind, entry: TableEntry) -> Round:
    """Score and store a change of the table or a settle-up as the table's next entry."""
    if table.round_count >= entries.MAX_ROUNDS:
        raise InvalidInput(
            [Violation("", N_("This table is full; continue in a new table (a rematch)"))]
        )
    done = step(store.spec_of(table), store.state_of(table), kind, entry)
    rnd = Round(table_id=table.id, number=table.round_count + 1, entry=TableEntry(dict(entry)))
    store.store_step(rnd, done, table.round_count + 1)
    db.session.add(rnd)
    table.round_count += 1
    table.state = done.after.to_json()
    table.updated_at = now()
    db.session.flush()
    return rnd


def import_entry(table: Table, kind: EntryKind, raw: JSONObject, *, journal: bool = True) -> Round:
    """A change of the table or a settle-up from an export, checked like the ones made here
    and entered as the table's next entry."""
    r = Reader()
    state = store.state_of(table)
    n = len(state.totals)
    game = GAMES[table.game]
    if kind == EntryKind.EDIT:
        entry: EditEntry = {}
        options = {o.key: o for o in game.setting_options}
        settings = raw.get("settings") or {}
        if not isinstance(settings, Mapping) or not set(settings) <= set(options):
            r.add(
                "settings",
                N_(
                    "Settings of %(game)s are %(known)s",
                    game=game.title,
                    known=", ".join(options) or "none",
                ),
            )
        else:
            entry["settings"] = {
                k: r.option(settings, options[k], f"settings.{k}") for k in settings
            }
        names = {p.casefold() for p in players_now(table, state)}
        adds: list[Seat] = []
        joining = raw.get("add") or []
        if not isinstance(joining, list):
            r.add("add", N_('A list of the players joining, each such as {"name": "A"}'))
            joining = []
        for k, item in enumerate(joining):
            if not isinstance(item, Mapping):
                r.add(f"add.{k}", N_('Each player joining must be an object such as {"name": "A"}'))
                continue
            name = r.name(item, f"add.{k}", k, required=True)
            if name.casefold() in names:
                r.add(f"add.{k}", N_("%(name)s is already at this table", name=name))
            names.add(name.casefold())
            adds.append({"name": name, "position": n + k})
        for key in ("remove", "return"):
            positions = raw.get(key) or []
            if not isinstance(positions, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in positions
            ):
                r.add(key, N_("A list of player positions (0 to %(n)s)", n=n - 1))
            elif positions:
                entry[key] = cast(list[int], positions)  # each checked just above
        r.raise_if_any()
        if adds:
            entry["add"] = adds
            if table.opening is None:
                table.opening = store.opening_state(table).to_json()
            entries.seat_names(table, entry)
        rnd = append_entry(table, EntryKind.EDIT, edit_entry(entry))
        summary = N_("table changed: %(what)s", what=change_messages(rnd.result))
    else:
        try:
            given = cast(list[JSONValue], raw.get("points") or [])  # not a list: TypeError
            points = [amount_str(parse_amount(a)) for a in given]
            pot = amount_str(parse_amount(raw.get("pot", "0")))
            house = amount_str(parse_amount(raw.get("house", "0")))
        except (TypeError, ValueError) as exc:
            raise InvalidInput([Violation("points", reason(exc))]) from exc
        names_now = players_now(table, state)
        parties = list(zip(names_now, map(read_stored_amount, points), strict=False))
        parties += [(POT, read_stored_amount(pot)), (HOUSE, read_stored_amount(house))]
        try:
            payments = payments_json(fewest_payments(parties), point_value(table))
        except ValueError as exc:
            raise InvalidInput([Violation("points", reason(exc))]) from exc
        settled: SettleEntry = {
            "points": points,
            "pot": pot,
            "house": house,
            "payments": payments,
        }
        rnd = append_entry(table, EntryKind.SETTLE, settle_entry(settled))
        summary = N_("settled up")
    if journal:
        action = Action.EDIT if kind == EntryKind.EDIT else Action.SETTLE
        store.record(table, action, summary, round_id=rnd.id, data={"effect": Effect.CREATED})
    return rnd


# -- renaming ----------------------------------------------------------------------------------


def rename_players(table: Table, rename: Mapping[str, str]) -> None:
    """Give players new names everywhere the table keeps names: its players, every stored
    entry (so a replay finds them), every result and earlier version; rounds' results are
    rebuilt when read, so their explanations name the players as they are now called."""
    mapping = {old.casefold(): new for old, new in rename.items()}
    table.players = [mapping.get(n.casefold(), n) for n in table.players]
    rounds = list(db.session.scalars(select(Round).where(Round.table_id == table.id)))
    for rnd in rounds:
        rnd.entry = _renamed(rnd.entry, mapping)
        rnd.body = _renamed(rnd.body, mapping)
        # A round's result is rebuilt from its (renamed) input when read, so its explanations
        # name the players as they are now called; no replay: names change no figure.
        rnd.result = None if rnd.kind == EntryKind.ROUND else _renamed(rnd.result, mapping)
    ids = [r.id for r in rounds]
    if ids:
        for v in db.session.scalars(select(RoundVersion).where(RoundVersion.round_id.in_(ids))):
            v.entry = _renamed(v.entry, mapping)
            v.result = _renamed(v.result, mapping)
    db.session.flush()


_NAME_KEYS = ("name", "winner", "from", "to")


_Stored = TypeVar("_Stored", bound=JSONValue)


def _renamed(value: _Stored, mapping: Mapping[str, str]) -> _Stored:
    """A stored JSON value with every player's name in ``mapping`` replaced (of the same
    shape: an entry stays an entry)."""
    return cast(_Stored, _renamed_value(value, mapping))


def _renamed_value(value: JSONValue, mapping: Mapping[str, str]) -> JSONValue:
    def one(v: JSONValue) -> JSONValue:
        return mapping.get(v.casefold(), v) if isinstance(v, str) else v

    if isinstance(value, list):
        return [_renamed_value(v, mapping) for v in value]
    if not isinstance(value, dict):
        return value
    out: JSONObject = {}
    for k, v in value.items():
        if k in _NAME_KEYS:
            out[k] = one(v)
        elif k == "winners" and isinstance(v, list):
            out[k] = [one(x) for x in v]
        elif k == "split" and isinstance(v, dict):
            out[k] = {str(one(name)): share for name, share in v.items()}
        else:
            out[k] = _renamed_value(v, mapping)
    return out


# -- undoing a change --------------------------------------------------------------------------


def undo_edit(table: Table, entry: JournalEntry) -> JournalEntry:
    """Undo a change of the table (or redo one that was undone): names, point value and the
    change's entry in the sequence (taken out, or put back), all or nothing."""
    data = entry.data
    forward = data.get("effect") == Effect.UNEDIT  # undoing an undo does the change again
    rnd = store.round_by_id(table, data["round_id"]) if data.get("round_id") else None
    words: list[Msg] = []
    name = data.get("name")
    if name:
        to = name[1] if forward else name[0]
        table.name = to
        words.append(N_("table name %(name)s", name=to))
    rename = dict(data.get("rename") or {})
    if rename and table.club_id is not None:
        # A member has one name across the club (API.md "Clubs"): only the club renames.
        raise entries.Conflict(
            N_(
                "Entry %(seq)s renames players of a club's table: undo the rename at the club",
                seq=entry.seq,
            )
        )
    if rename:
        pairs = rename if forward else {new: old for old, new in rename.items()}
        have = {n.casefold() for n in table.players}
        for old in pairs:
            if old.casefold() not in have:
                raise entries.Conflict(
                    N_(
                        "Entry %(seq)s cannot be undone: nobody is called %(name)s any more",
                        seq=entry.seq,
                        name=old,
                    )
                )
        clash = {n.casefold() for n in table.players} - {o.casefold() for o in pairs}
        for new in pairs.values():
            if new.casefold() in clash:
                raise entries.Conflict(
                    N_(
                        "Entry %(seq)s cannot be undone: another player is now called %(name)s",
                        seq=entry.seq,
                        name=new,
                    )
                )
        rename_players(table, pairs)
        words += [N_("%(old)s is %(new)s again", old=old, new=new) for old, new in pairs.items()]
    seats = data.get("seats")
    if seats:
        dealers = data.get("first_dealer") or [0, 0]
        (frm_seats, to_seats), to_dealer = (
            (seats, dealers[1]) if forward else ((seats[1], seats[0]), dealers[0])
        )
        if table.round_count or sorted(table.players) != sorted(frm_seats):
            raise entries.Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: %(why)s",
                    seq=entry.seq,
                    why=SEATED_ALREADY,
                )
            )
        reseat(table, list(to_seats), to_dealer)
        words.append(N_("seats: %(names)s", names=list(to_seats)))
    pv = data.get("point_value")
    if pv:
        frm, value = (pv[0], pv[1]) if forward else (pv[1], pv[0])
        if table.point_value != frm:
            raise entries.Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: the point value has changed since",
                    seq=entry.seq,
                )
            )
        if not _all_clear(store.state_of(table)):
            # As for the change itself: any other point value (or none) would price the
            # rounds played since at it.
            raise entries.Conflict(
                N_(
                    "Entry %(seq)s cannot be undone now: %(why)s",
                    seq=entry.seq,
                    why=SETTLE_FIRST,
                )
            )
        table.point_value = value
        words.append(
            N_("point value %(v)s", v=value) if value is not None else N_("no point value")
        )
    if rnd is not None:
        try:
            if forward and rnd.number is None:
                entries.seat_names(table, as_edit(rnd.entry))
                entries.restore_row(table, rnd)
                words += change_messages(rnd.result)
            elif not forward and rnd.number is not None:
                entries.delete_row(table, rnd)
                words.append(N_("players and settings as before"))
        except InvalidInput as exc:
            raise entries.Conflict(
                N_(
                    "Entry %(seq)s cannot be undone: %(why)s",
                    seq=entry.seq,
                    why=[v.message for v in exc.violations],
                )
            ) from exc
    table.updated_at = now()
    return store.record(
        table,
        Action.UNDO,
        N_(
            "undo of entry %(seq)s: %(done)s",
            seq=entry.seq,
            done=words or N_("nothing left to change"),
        ),
        data={**data, "effect": Effect.EDIT if forward else Effect.UNEDIT, "undoes": entry.seq},
    )


# -- rematch -----------------------------------------------------------------------------------


REMATCH = N_("rematch: continued at a new table")
"""The old table's journal entry for a rematch made from it (its data: the new table's token)."""


def rematch(old: Table, *, carry: bool, seats: Sequence[str] | None = None) -> Table:
    """A new table with the players still seated, the rules, settings and point value as they
    stand; the totals carried over (with the pot and house) or from zero.

    The old table (which the caller locks) keeps every figure, and gains a journal entry
    (action ``rematch``) pointing to the new one: a phone that follows the old table sees its
    version change and is offered the new table's link. The entry is a note: nothing to undo
    (the new table has a life of its own)."""
    state = store.state_of(old)
    names = players_now(old, state)
    present = [i for i in range(len(names)) if i not in state.away]
    if carry:
        owing = [names[i] for i in range(len(names)) if i in state.away and state.totals[i]]
        if owing:
            raise InvalidInput(
                [
                    Violation(
                        "carry",
                        N_(
                            "%(names)s left the table with a balance: settle up first, or "
                            "start the rematch from zero",
                            names=owing,
                        ),
                    )
                ]
            )
    first = state.dealer if state.dealer in present else present[0]
    if seats is not None:
        # The same players in the order they now sit (issue 30: seats as chosen), the one
        # who would deal first still dealing first from their new seat.
        by_name = {names[i]: i for i in present}
        if sorted(seats) != sorted(by_name):
            raise InvalidInput(
                [
                    Violation(
                        "seats",
                        N_(
                            "Seat every player still at the table once: %(names)s",
                            names=list(by_name),
                        ),
                    )
                ]
            )
        present = [by_name[n] for n in seats]
    new = NewTable(
        name=old.name,
        game=old.game,
        players=tuple(names[i] for i in present),
        rules=dict(old.rules),
        settings=dict(current_spec(old, state).settings),
        point_value=old.point_value,
        first_dealer=present.index(first),
    )
    table = entries.open_table(new)
    if old.club_id is not None:  # the club's table goes on in the club (its figures: none yet)
        table.club_id = old.club_id
        table.figures_through = 0
    if carry:
        start = store.opening_state(table)
        totals = tuple(state.totals[i] for i in present)
        carried = replace(start, totals=totals, pot=state.pot, house=state.house)
        table.opening = carried.to_json()
        table.state = carried.to_json()
    store.record(
        old, Action.REMATCH, REMATCH, data={"effect": Effect.REMATCH, "table": table.token}
    )
    return table


def continued_at(entry: JournalEntry) -> str | None:
    """The token of the table a rematch entry points to (None for any other entry)."""
    if entry.action != Action.REMATCH:
        return None
    token = entry.data.get("table")
    return token if isinstance(token, str) else None


def latest_rematch(table: Table) -> str | None:
    """The token of the newest table this one was continued at, if any.

    Every page of the table asks; the answer changes only with a journal entry, so it is
    kept per table and journal version (looking for it walks the table's whole journal).
    """
    key = (table.token, table.version)
    if key in _REMATCHES:
        return _REMATCHES[key]
    entry = db.session.scalar(
        select(JournalEntry)
        .where(JournalEntry.table_id == table.id, JournalEntry.action == Action.REMATCH)
        .order_by(JournalEntry.seq.desc())
        .limit(1)
    )
    _REMATCHES[key] = found = None if entry is None else continued_at(entry)
    return found


_REMATCHES: BoundedCache[tuple[str, int], str | None] = BoundedCache(1024)


# -- settling up -------------------------------------------------------------------------------


def balances(table: Table, state: State | None = None) -> list[tuple[str, Fraction]]:
    """Every party's running total: each player (those who left too), then the pot and the
    house when they hold something (a positive balance is owed to its holder)."""
    state = state or store.state_of(table)
    out = list(zip(players_now(table, state), state.totals, strict=True))
    if state.pot:
        out.append((POT, state.pot))
    if state.house:
        out.append((HOUSE, state.house))
    return out


class SettlePlan(TypedDict):
    """API.md's settle-up: what each party pays whom, exactly and in whole coins."""

    payments: list[dict[str, str]]
    coins: list[dict[str, str]]
    rounding: str
    balances: list[dict[str, str]]
    point_value: str | None
    version: int


def settle_plan(table: Table) -> SettlePlan:
    """API.md's settle-up: exact payments, and a suggestion in whole coins."""
    parties = balances(table)
    value = point_value(table)
    payments = fewest_payments(parties)
    money = [(name, b * (value if value is not None else 1)) for name, b in parties]
    plan = in_coins(money)
    rounding = plan.rounding
    if value is None:
        rounding = N_(
            "The table has no point value, so a coin is a point. %(rounding)s", rounding=rounding
        )
    return {
        "payments": payments_json(payments, value),
        "coins": [
            {"from": p.payer, "to": p.payee, "money": amount_str(p.amount)} for p in plan.payments
        ],
        "rounding": rounding,
        "balances": [{"name": name, "points": amount_str(b)} for name, b in parties],
        "point_value": table.point_value,
        "version": table.version,
    }


def record_settle(table: Table, expected_version: int | None = None) -> Round:
    """Record a settle-up: the running totals (and the pot and house) start again from zero;
    the history before it stays, and a later correction shows as a balance to settle."""
    if expected_version is not None and expected_version != table.version:
        raise entries.Conflict(
            N_(
                "The table changed since this settle-up was shown; look at it again before "
                "recording it"
            )
        )
    state = store.state_of(table)
    if _all_clear(state):
        raise InvalidInput([Violation("", N_("Nothing to settle: every total is already zero"))])
    plan = settle_plan(table)
    entry: SettleEntry = {
        "points": [amount_str(t) for t in state.totals],
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
        "payments": plan["payments"],
        "coins": plan["coins"],
        "point_value": table.point_value,
    }
    rnd = append_entry(table, EntryKind.SETTLE, settle_entry(entry))
    who = [
        N_(
            "%(payer)s pays %(payee)s %(points)s",
            payer=p["from"],
            payee=p["to"],
            points=p["points"],
        )
        for p in plan["payments"]
    ]
    store.record(
        table,
        Action.SETTLE,
        N_("settled up: %(who)s", who=who),
        round_id=rnd.id,
        data={"effect": Effect.CREATED},
    )
    return rnd
