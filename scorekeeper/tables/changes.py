"""Changing a table (name, point value, settings, players) and settling up.

Like ``service``: each function works inside the caller's transaction and raises
``InvalidInput`` (422), ``Conflict`` (409) or ``LookupError`` (404) without writing anything.

What changes the ledger (settings from here on, a player joining, leaving or coming back, a
settle-up) is an entry of the table's sequence, kind ``edit`` or ``settle``, scored by
``ledger.step`` at its place, so a replay after a correction passes it where it was
made. A rename and the table's name and point value change no figure: they are written on
the table (a rename also on every stored entry and result, so the history reads the new
name). Each change is one journal entry, undoable (``tables.undo``). A change is checked by
``tables.patch_checks``; what the table is now is read by ``tables.current``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TypedDict, TypeVar, cast

from sqlalchemy import func, select

from scorekeeper.caches import BoundedCache
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import amount_str
from scorekeeper.games import RULES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import Action, Effect, EntryKind
from scorekeeper.ledger import step
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import JournalEntry, Round, RoundVersion, Table, db, now
from scorekeeper.round_data import (
    EditEntry,
    Entry,
    JournalData,
    Result,
    Seat,
    SettleEntry,
    as_engine_input,
    as_entry,
    as_result,
    edit_entry,
    json_of,
    settle_entry,
)
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader, name_key
from scorekeeper.settle import CoinPlan, fewest_payments, in_coins, payments_json
from scorekeeper.state import State
from scorekeeper.tables import entries, journal, store
from scorekeeper.tables.checks import NewTable, exported_amount, point_value_of
from scorekeeper.tables.current import (
    all_clear,
    current_spec,
    padded,
    padded_amounts,
    players_now,
    point_value,
)
from scorekeeper.tables.patch_checks import SEATED_ALREADY, Patch, check_patch

__all__ = [  # what the views and the other table modules read from here
    "HOUSE",
    "POT",
    "REMATCH",
    "Patch",
    "append_entry",
    "balances",
    "change_messages",
    "check_patch",
    "continued_at",
    "current_spec",
    "edit_table",
    "import_entry",
    "latest_rematch",
    "padded",
    "padded_amounts",
    "players_now",
    "point_value",
    "record_settle",
    "rematch",
    "rename_players",
    "reseat",
    "settle_plan",
]

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
        close_priced_rounds(table)
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
        if RULES[table.game].has_dealer:
            words.append(N_("%(name)s deals first", name=players[dealer]))
        reseat(table, players, dealer)
    if patch.settings or patch.seats:
        rnd = _append_edit(table, patch)
        record["round_id"] = rnd.id
        words += change_messages(rnd.result)
    table.updated_at = now()
    return journal.record(
        table, Action.EDIT, N_("table changed: %(what)s", what=words), data=record
    )


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


def append_entry(table: Table, kind: EntryKind, entry: Entry) -> Round:
    """Score and store a change of the table or a settle-up as the table's next entry."""
    if table.round_count >= entries.MAX_ROUNDS:
        raise InvalidInput([Violation("", entries.full())])
    done = step(store.spec_of(table), store.state_of(table), kind, entry)
    rnd = Round(table_id=table.id, number=table.round_count + 1, entry=as_entry(dict(entry)))
    store.store_step(rnd, done, table.round_count + 1)
    db.session.add(rnd)
    table.round_count += 1
    table.state = done.after.to_json()
    table.updated_at = now()
    db.session.flush()
    return rnd


def import_entry(table: Table, kind: EntryKind, raw: JSONObject, *, recorded: bool = True) -> Round:
    """A change of the table or a settle-up from an export, checked like the ones made here
    and entered as the table's next entry."""
    if kind == EntryKind.EDIT:
        rnd = _import_edit(table, raw)
        summary = N_("table changed: %(what)s", what=change_messages(rnd.result))
    else:
        rnd = _import_settle(table, raw)
        summary = N_("settled up")
    if recorded:
        action = Action.EDIT if kind == EntryKind.EDIT else Action.SETTLE
        journal.record(table, action, summary, round_id=rnd.id, data={"effect": Effect.CREATED})
    return rnd


def _import_edit(table: Table, raw: JSONObject) -> Round:
    r = Reader()
    state = store.state_of(table)
    n = len(state.totals)
    entry: EditEntry = {}
    settings = _imported_settings(r, table, raw)
    if settings is not None:
        entry["settings"] = settings
    adds = _imported_adds(r, raw, {name_key(p) for p in players_now(table, state)}, n)
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
    return append_entry(table, EntryKind.EDIT, edit_entry(entry))


def _imported_settings(r: Reader, table: Table, raw: JSONObject) -> JSONObject | None:
    """The settings an imported change sets; None when it sets none (an export leaves the
    key out, and the entry is kept as it was: its export is the same)."""
    if "settings" not in raw:
        return None
    game = RULES[table.game]
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
        return None
    return {k: r.option(settings, options[k], f"settings.{k}") for k in settings}


def _imported_adds(r: Reader, raw: JSONObject, names: set[str], n: int) -> list[Seat]:
    """The players an imported change seats, from position ``n`` on; ``names`` (casefolded)
    are taken already."""
    adds: list[Seat] = []
    joining = raw.get("add") or []
    if not isinstance(joining, list):
        r.add("add", N_('A list of the players joining, each such as {"name": "A"}'))
        return adds
    for k, item in enumerate(joining):
        if not isinstance(item, Mapping):
            r.add(f"add.{k}", N_('Each player joining must be an object such as {"name": "A"}'))
            continue
        # Never what a settle-up calls the pot or the house, as at a table (a review).
        name = r.player_name(item, f"add.{k}", k)
        if name_key(name) in names:
            r.add(f"add.{k}", N_("%(name)s is already at this table", name=name))
        names.add(name_key(name))
        adds.append({"name": name, "position": n + k})
    return adds


def _import_settle(table: Table, raw: JSONObject) -> Round:
    given = raw.get("points") or []
    if not isinstance(given, list):
        raise InvalidInput([Violation("points", N_("A list of amounts, one per player"))])
    points = [_settled_amount(a, f"points.{i}") for i, a in enumerate(given)]
    pot = _settled_amount(raw.get("pot", "0"), "pot")
    house = _settled_amount(raw.get("house", "0"), "house")
    names_now = players_now(table)
    parties = list(zip(names_now, map(read_stored_amount, points), strict=False))
    parties += [(POT, read_stored_amount(pot)), (HOUSE, read_stored_amount(house))]
    value = _settled_at(table, raw)
    price = read_stored_amount(value) if value else None
    try:
        payments = payments_json(fewest_payments(parties), price)
        coins = _coins_json(_in_coins(parties, price))  # as the settle-up suggested them
    except ValueError as exc:
        raise InvalidInput([Violation("points", reason(exc))]) from exc
    settled: SettleEntry = {"points": points, "pot": pot, "house": house, "payments": payments}
    settled["coins"] = coins
    settled["point_value"] = value
    return append_entry(table, EntryKind.SETTLE, settle_entry(settled))


def _settled_amount(value: object, field: str) -> str:
    """An amount of an exported settle-up (as long as totals grow), refused at its field."""
    try:
        return amount_str(exported_amount(value))
    except ValueError as exc:
        raise InvalidInput([Violation(field, reason(exc))]) from exc


def _settled_at(table: Table, raw: JSONObject) -> str | None:
    """The point value an exported settle-up was made at (its ``point_value``, kept since
    settle-ups kept one), else the imported table's: the rounds before it keep their price
    (``clubs.figures.values_in_force``)."""
    if "point_value" not in raw:
        return table.point_value
    given = raw["point_value"]
    if given is None or given == "":
        return None
    try:
        return amount_str(point_value_of(given))
    except ValueError as exc:
        raise InvalidInput([Violation("point_value", reason(exc))]) from exc


# -- renaming ----------------------------------------------------------------------------------


def rename_players(table: Table, rename: Mapping[str, str]) -> None:
    """Give players new names everywhere the table keeps names: its players, every stored
    entry (so a replay finds them), every result and earlier version; rounds' results are
    rebuilt when read, so their explanations name the players as they are now called."""
    mapping = {name_key(old): new for old, new in rename.items()}
    table.players = [mapping.get(name_key(n), n) for n in table.players]
    rounds = list(db.session.scalars(select(Round).where(Round.table_id == table.id)))
    for rnd in rounds:
        rnd.entry = as_entry(_renamed(json_of(rnd.entry), mapping))
        rnd.body = as_engine_input(_renamed(json_of(rnd.body), mapping))
        # A round's result is rebuilt from its (renamed) input when read, so its explanations
        # name the players as they are now called; no replay: names change no figure.
        rnd.result = None if rnd.kind == EntryKind.ROUND else _renamed_result(rnd.result, mapping)
    ids = [r.id for r in rounds]
    if ids:
        for v in db.session.scalars(select(RoundVersion).where(RoundVersion.round_id.in_(ids))):
            v.entry = as_entry(_renamed(json_of(v.entry), mapping))
            v.result = as_result(_renamed(json_of(v.result), mapping))
    db.session.flush()


def _renamed_result(result: Result | None, mapping: Mapping[str, str]) -> Result | None:
    return None if result is None else as_result(_renamed(json_of(result), mapping))


_NAME_KEYS = ("name", "winner", "from", "to")


_Stored = TypeVar("_Stored", bound=JSONValue)


def _renamed(value: _Stored, mapping: Mapping[str, str]) -> _Stored:
    """A stored JSON value with every player's name in ``mapping`` replaced (of the same
    shape: an entry stays an entry)."""
    return cast(_Stored, _renamed_value(value, mapping))


def _renamed_value(value: JSONValue, mapping: Mapping[str, str]) -> JSONValue:
    def one(v: JSONValue) -> JSONValue:
        return mapping.get(name_key(v), v) if isinstance(v, str) else v

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
        _check_nobody_owes(names, state)
    first = state.dealer if state.dealer in present else present[0]
    if seats is not None:
        # The same players in the order they now sit (issue 30: seats as chosen), the one
        # who would deal first still dealing first from their new seat.
        present = _reseated(names, present, seats)
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
    journal.record(
        old, Action.REMATCH, REMATCH, data={"effect": Effect.REMATCH, "table": table.token}
    )
    return table


def _check_nobody_owes(names: list[str], state: State) -> None:
    """Totals carry over only when nobody who left holds a balance."""
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


def _reseated(names: list[str], present: list[int], seats: Sequence[str]) -> list[int]:
    """The present players' positions in the order ``seats`` names them."""
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
    return [by_name[n] for n in seats]


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
    return _REMATCHES.kept((table.token, table.version), lambda: _latest_rematch(table))


def _latest_rematch(table: Table, after: int = 0) -> str | None:
    """The token of the newest table this one was continued at after journal version
    ``after``; None when none was."""
    entry = db.session.scalar(
        select(JournalEntry)
        .where(
            JournalEntry.table_id == table.id,
            JournalEntry.action == Action.REMATCH,
            JournalEntry.seq > after,
        )
        .order_by(JournalEntry.seq.desc())
        .limit(1)
    )
    return None if entry is None else continued_at(entry)


_REMATCHES: BoundedCache[tuple[str, int], str | None] = BoundedCache(1024)


def rematch_since(table: Table, seen: str | None) -> str | None:
    """The token of the newest table this one was continued at after its version ``seen``
    (what a page showed, as the page wrote it); None when none was since, or ``seen`` is no
    version."""
    if not (seen and seen.isascii() and seen.isdigit() and len(seen) <= 18):
        return None
    return _latest_rematch(table, int(seen))


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
    plan = _in_coins(parties, value)
    rounding = plan.rounding
    if value is None:
        rounding = N_(
            "The table has no point value, so a coin is a point. %(rounding)s", rounding=rounding
        )
    return {
        "payments": payments_json(payments, value),
        "coins": _coins_json(plan),
        "rounding": rounding,
        "balances": [{"name": name, "points": amount_str(b)} for name, b in parties],
        "point_value": table.point_value,
        "version": table.version,
    }


def _in_coins(parties: Sequence[tuple[str, Fraction]], value: Fraction | None) -> CoinPlan:
    """The balances' payments in whole coins (a coin is a point without a point value)."""
    return in_coins([(name, b * (value if value is not None else 1)) for name, b in parties])


def _coins_json(plan: CoinPlan) -> list[dict[str, str]]:
    return [{"from": p.payer, "to": p.payee, "money": amount_str(p.amount)} for p in plan.payments]


def close_priced_rounds(table: Table) -> None:
    """Before the table's point value changes (a change, its undo or redo): when rounds were
    played since the last settle-up, every total being back at zero by play alone, a
    settle-up with nothing to pay keeps the value they were played at, as every settle-up
    does (``clubs.figures.values_in_force``)."""
    if _played_since_settling(table):
        record_settle(table, nothing_owed=True)


def _played_since_settling(table: Table) -> bool:
    """Whether a round or a game's end was played since the table's last settle-up (or since
    it opened, when it has none)."""
    live = (Round.table_id == table.id) & Round.number.is_not(None)
    last = db.session.scalar(
        select(func.max(Round.number)).where(live, Round.kind == EntryKind.SETTLE)
    )
    played = db.session.scalar(
        select(Round.id)
        .where(live, Round.number > (last or 0), Round.kind.in_((EntryKind.ROUND, EntryKind.END)))
        .limit(1)
    )
    return played is not None


def record_settle(
    table: Table, expected_version: int | None = None, *, nothing_owed: bool = False
) -> Round:
    """Record a settle-up: the running totals (and the pot and house) start again from zero;
    the history before it stays, and a later correction shows as a balance to settle.
    ``nothing_owed``: one whose totals are all zero already, which closes the rounds played
    at a point value about to change (``edit_table``)."""
    if expected_version is not None and expected_version != table.version:
        raise entries.Conflict(
            N_(
                "The table changed since this settle-up was shown; look at it again before "
                "recording it"
            )
        )
    state = store.state_of(table)
    if all_clear(state) and not nothing_owed:
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
    journal.record(
        table,
        Action.SETTLE,
        N_("settled up: %(who)s", who=who) if who else N_("settled up: nothing to pay"),
        round_id=rnd.id,
        data={"effect": Effect.CREATED},
    )
    return rnd
