"""The checks of a change of the table (``PATCH``, API.md "Changing a table"): one small
function per key, run in the order of ``CHECKS``, every problem reported at once.

Nothing here writes: ``check_patch`` answers a ``Patch`` (only what actually changes) that
``changes.edit_table`` applies, or raises ``InvalidInput`` with each message at its key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from scorekeeper.exact import amount_str
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, reason
from scorekeeper.models import Table
from scorekeeper.rules.common import Reader, clean_name, name_key, not_text
from scorekeeper.state import State
from scorekeeper.tables import store
from scorekeeper.tables.checks import point_value_of, table_name
from scorekeeper.tables.current import all_clear, current_spec, players_now

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

SEATED_ALREADY = N_(
    "Players keep their seats once anything is entered at the table (a round, a change of "
    "its players or settings): start a rematch to sit differently"
)
"""Why the seats or the first dealer cannot change now (API.md: while no round yet)."""

SETTLE_FIRST = N_(
    "A point value applies to the rounds played at it, so it can change only while "
    "every total is zero: at the start, or right after a settle-up. Settle up first"
)
"""Why the point value cannot change now (setting one, changing it or removing it)."""


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


@dataclass
class _Check:
    """One change being checked: the body, the table as it stands, and what is found."""

    r: Reader
    table: Table
    data: JSONObject
    from_club: bool
    game: GameRules
    state: State
    names: list[str]
    """Every player with a position at the table, in table order."""
    patch: Patch = field(default_factory=Patch)
    renamed: dict[int, str] = field(default_factory=dict)
    """Each player this change renames, by position: the key that named them."""
    added_at: list[int] = field(default_factory=list)
    """Where in ``add`` each name of ``patch.add`` was given."""

    @property
    def present(self) -> list[int]:
        return [i for i in range(len(self.names)) if i not in self.state.away]

    @property
    def lookup(self) -> dict[str, int]:
        return {name_key(n): i for i, n in enumerate(self.names)}

    @property
    def final(self) -> list[str]:
        """The players' names after the change: renamed, then those added."""
        out = [self.patch.rename.get(n, n) for n in self.names]
        return out + self.patch.add


def check_patch(table: Table, data: JSONObject, *, from_club: bool = False) -> Patch:
    """Validate a change of the table (API.md "Changing a table"); every problem at once.

    Each key given must hold what it changes: ``null`` is refused wherever a name, a list or an
    object is expected (only ``point_value`` takes ``null``, for none), and so is a value of
    another type, an empty or over-long name, a name another player has (case aside), or the
    same player named twice in one change."""
    state = store.state_of(table)
    c = _Check(
        Reader(), table, data, from_club, RULES[table.game], state, players_now(table, state)
    )
    _check_known_keys(c)
    for key, check in CHECKS:
        if key in data:
            check(c, key)
    _check_names_differ(c)
    _check_players_may_change(c)
    if "seats" in data or "first_dealer" in data:
        _check_seating(c)
    c.r.raise_if_any()
    return c.patch


def _check_known_keys(c: _Check) -> None:
    for key in c.data:
        if key not in PATCH_KEYS:
            c.r.add(
                str(key)[:40],
                N_(
                    "%(key)s cannot be changed here (known: %(known)s)",
                    key="'" + str(key)[:40] + "'",
                    known=", ".join(PATCH_KEYS),
                ),
            )


def _check_club_rename(c: _Check, key: str) -> None:
    if c.table.club_id is not None and not c.from_club:
        # A member has one name across the club (API.md "Clubs"): a table cannot fork it.
        c.r.add(key, N_("This table plays in a club: rename them at the club"))


def _check_name(c: _Check, key: str) -> None:
    new_name = table_name(c.r, c.data[key])
    if new_name != c.table.name:
        c.patch.name = new_name


def _check_point_value(c: _Check, key: str) -> None:
    raw = c.data[key]
    new: str | None = None
    if raw not in (None, ""):
        try:
            new = amount_str(point_value_of(raw))
        except ValueError as exc:
            c.r.add(key, reason(exc))
            return
    if new == c.table.point_value:
        return
    if not all_clear(c.state):
        # Any change (setting one, changing it, removing it) would price the rounds already
        # played: removing it and then setting another would re-price them in two steps.
        c.r.add(key, SETTLE_FIRST)
        return
    c.patch.point_value = (c.table.point_value, new)


def _check_settings(c: _Check, key: str) -> None:
    raw = c.data[key]
    if not isinstance(raw, Mapping):
        c.r.add(key, N_("This must be an object of named settings"))
        return
    current = current_spec(c.table, c.state).settings
    options = {o.key: o for o in c.game.setting_options}
    rules = {o.key for o in c.game.rule_options}
    for name, value in raw.items():
        path = f"settings.{str(name)[:40]}"
        if name in rules:
            c.r.add(
                path,
                N_("House rules stay as the table was opened; start a rematch to change them"),
            )
        elif name not in options:
            c.r.add(
                path,
                N_(
                    "%(key)s is not a setting of %(game)s (known: %(known)s)",
                    key="'" + str(name)[:40] + "'",
                    game=c.game.title,
                    known=", ".join(options) or "none",
                ),
            )
        elif value is None:
            c.r.add(path, N_("This setting needs a value; null is not one"))
        else:
            checked = c.r.option({name: value}, options[name], path)
            if checked != current.get(name, options[name].default):
                c.patch.settings[name] = checked


def _check_rename(c: _Check, key: str) -> None:
    raw = c.data[key]
    if not isinstance(raw, Mapping):
        c.r.add(key, N_('Give renames as an object, e.g. {"Aki": "Akiko"}'))
        return
    lookup, names = c.lookup, c.names
    for old, new in raw.items():
        path = f"rename.{str(old)[:40]}"
        pos = lookup.get(name_key(clean_name(str(old))))
        if pos is None:
            c.r.add(path, N_("'%(name)s' is not a player at this table", name=str(old)[:40]))
        elif pos in c.renamed:
            c.r.add(
                path,
                N_(
                    "%(name)s is renamed twice in this change (also as '%(other)s')",
                    name=names[pos],
                    other=c.renamed[pos][:40],
                ),
            )
        else:
            c.renamed[pos] = str(old)
            cleaned = c.r.player_name({"name": new}, path, pos)
            if cleaned != names[pos]:
                c.patch.rename[names[pos]] = cleaned


def _check_is_list(c: _Check, key: str) -> None:
    if not isinstance(c.data[key], list):
        c.r.add(key, N_('Give a list of names, e.g. {"%(key)s": ["Dai"]}', key=key))


def _check_remove(c: _Check, key: str) -> None:
    lookup, present = c.lookup, c.present
    for k, who in enumerate(_listed(c.data, key)):
        path = f"remove.{k}"
        if not isinstance(who, str):
            c.r.add(path, not_text(who))
            continue
        wanted = clean_name(who)
        if not wanted:
            c.r.add(path, N_("A name cannot be empty"))
            continue
        pos = lookup.get(name_key(wanted))
        if pos is None or pos not in present:
            c.r.add(path, N_("'%(name)s' is not seated at this table", name=wanted[:40]))
        elif pos in c.patch.remove:
            c.r.add(path, N_("%(name)s is listed twice", name=c.names[pos]))
        else:
            c.patch.remove.append(pos)


def _check_add(c: _Check, key: str) -> None:
    lookup, patch = c.lookup, c.patch
    for k, who in enumerate(_listed(c.data, key)):
        path = f"add.{k}"
        valid = len(c.r.violations)
        cleaned = c.r.player_name({"name": who}, path, k)
        if len(c.r.violations) > valid:
            continue  # not a name: said already
        pos = lookup.get(name_key(cleaned))
        if pos is not None and pos in c.state.away and pos not in patch.back:
            patch.back.append(pos)  # a player who left comes back with their total
        elif pos in patch.back or name_key(cleaned) in {name_key(a) for a in patch.add}:
            c.r.add(path, N_("%(name)s is listed twice", name=cleaned))
        elif pos is not None:
            c.r.add(path, N_("%(name)s is already at this table", name=cleaned))
        else:
            patch.add.append(cleaned)
            c.added_at.append(k)


CHECKS: tuple[tuple[str, Callable[[_Check, str], None]], ...] = (
    ("rename", _check_club_rename),
    ("name", _check_name),
    ("point_value", _check_point_value),
    ("settings", _check_settings),
    ("rename", _check_rename),
    ("add", _check_is_list),
    ("remove", _check_is_list),
    ("remove", _check_remove),
    ("add", _check_add),
)
"""Each key's check, in the order their problems are reported (a key may have several)."""


def _check_names_differ(c: _Check) -> None:
    """No two players end up with one name (case aside), said where the name was given."""
    names = c.names
    first_holder: dict[str, int] = {}
    for i, n in enumerate(c.final):
        j = first_holder.setdefault(name_key(n), i)
        if j == i:
            continue
        # Report it where the name was given: a rename or an added player.
        k = i if i >= len(names) or names[i] in c.patch.rename else j
        if k < len(names):
            where = f"rename.{c.renamed.get(k, names[k])[:40]}"
        else:
            where = f"add.{c.added_at[k - len(names)]}"
        other = c.final[j if k == i else i]  # as the other player is (or will be) spelt
        c.r.add(
            where,
            N_(
                "Another player is already called %(name)s; each needs a different name",
                name=other,
            ),
        )


def _check_players_may_change(c: _Check) -> None:
    if not c.patch.seats or c.game.players_may_change:
        return
    for key in ("add", "remove"):
        if _listed(c.data, key):
            c.r.add(
                key,
                N_(
                    "%(game)s is played by exactly %(n)s players: players cannot join or "
                    "leave its table",
                    game=c.game.title,
                    n=c.game.min_players,
                ),
            )


def _check_seating(c: _Check) -> None:
    """``seats`` and ``first_dealer``: on their own, and only for a game with a dealer."""
    together = [k for k in ("settings", "add", "remove", "rename") if c.data.get(k)]
    key = "seats" if "seats" in c.data else "first_dealer"
    if together:
        # A reseat moves every position; a change of players, names or settings in the
        # same request would be recorded against the old ones, and undone against neither.
        c.r.add(key, N_("Change the seats on their own, not with %(keys)s", keys=together))
    elif "first_dealer" in c.data and not c.game.has_dealer:
        c.r.add("first_dealer", N_("%(game)s has no dealer", game=c.game.title))
    else:
        _check_seats(c)


def _check_seats(c: _Check) -> None:
    """``seats`` (the same players in a new order) and ``first_dealer`` (a position in that
    order): only while the table has no entry at all, so that no stored entry names a
    position (API.md "Changing a table", 2026-11-27)."""
    table, data, patch = c.table, c.data, c.patch
    if table.round_count:
        for key in ("seats", "first_dealer"):
            if key in data:
                c.r.add(key, SEATED_ALREADY)
        return
    order = _seat_order(c) if "seats" in data else list(range(len(c.names)))
    if order is None:
        return
    if "first_dealer" in data:
        new_dealer = _first_dealer(c)
        if new_dealer is None:
            return
    else:  # the same person deals first, wherever they sit now
        new_dealer = order.index(table.first_dealer)
    if order != list(range(len(c.names))):
        patch.order = order
    if new_dealer != table.first_dealer or patch.order is not None:
        patch.first_dealer = new_dealer


def _seat_order(c: _Check) -> list[int] | None:
    """The players' present positions in the order ``seats`` gives (None: refused)."""
    names, raw = c.names, c.data["seats"]
    example = N_(
        'Give every player once, in their new seat order, e.g. {"seats": %(example)s}',
        example="[" + ", ".join(f'"{n}"' for n in reversed(names)) + "]",
    )
    if not isinstance(raw, list):
        c.r.add("seats", example)
        return None
    lookup = c.lookup
    given: list[int] = []
    for k, who in enumerate(raw):
        path = f"seats.{k}"
        if not isinstance(who, str):
            c.r.add(path, not_text(who))
            continue
        pos = lookup.get(name_key(clean_name(who)))
        if pos is None:
            c.r.add(path, N_("'%(name)s' is not a player at this table", name=who[:40]))
        elif pos in given:
            c.r.add(path, N_("%(name)s is listed twice", name=names[pos]))
        else:
            given.append(pos)
    missing = [names[i] for i in range(len(names)) if i not in given]
    if missing and len(given) == len(raw):
        c.r.add("seats", N_("%(names)s missing: every player needs a seat", names=missing))
    return None if len(given) != len(raw) or missing else given


def _first_dealer(c: _Check) -> int | None:
    """``first_dealer``: a seat counted from 0 (None: refused)."""
    raw = c.data["first_dealer"]
    last = len(c.names) - 1
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= last:
        c.r.add(
            "first_dealer",
            N_("The first dealer is a seat from 0 to %(last)s, counted from 0", last=last),
        )
        return None
    return raw


def _listed(data: JSONObject, key: str) -> list[JSONValue]:
    raw = data.get(key)
    return raw if isinstance(raw, list) else []
