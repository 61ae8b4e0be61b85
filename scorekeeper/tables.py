"""Tables and their rounds: the one code path behind the pages and the session API.

Each function works inside the caller's transaction (one per request) and raises
``InvalidInput`` (422), ``Conflict`` (409) or ``LookupError`` (404) without writing anything.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import or_, select, update

from scorekeeper.exact import amount_str, parse_amount
from scorekeeper.ledger import (
    OTOROKU_LENGTHS,
    SETTING_DEFAULTS,
    Scored,
    State,
    Step,
    TableSpec,
    apply,
    initial_state,
    replay,
)
from scorekeeper.models import Round, RoundVersion, Table, db, now
from scorekeeper.rules import GAMES, InvalidInput, Violation
from scorekeeper.rules.common import Reader
from scorekeeper.rules.toppa import parse_rules as parse_toppa_rules

MAX_ROUNDS = 100_000
TOKEN_BYTES = 24  # 192 random bits, 32 url-safe characters


class Conflict(Exception):
    """A write that collides with another one (a stale view, a number already taken)."""


@dataclass(frozen=True, slots=True)
class NewTable:
    name: str
    game: str
    players: tuple[str, ...]
    rules: dict[str, Any]
    settings: dict[str, Any]
    point_value: str | None
    first_dealer: int


SETTING_KEYS = {g: set(d) for g, d in SETTING_DEFAULTS.items()}


def check_table(data: Mapping[str, Any]) -> NewTable:
    """Validate a new table's body (API or form); InvalidInput lists every problem."""
    r = Reader()
    raw_name = data.get("name")
    name = "Table"
    if raw_name is not None:
        name = r.name({"name": raw_name}, "name", 0)
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        r.add("game", f"{game!r} is not a game here (choose one of {', '.join(GAMES)})")
        r.raise_if_any()
    assert isinstance(game, str)
    spec = GAMES[game]
    raw_players = data.get("players")
    names: list[str] = []
    if not isinstance(raw_players, list):
        r.add("players", 'List the players in turn order, e.g. ["Aki", "Ben"]')
    else:
        for i, p in enumerate(raw_players):
            value = p.get("name") if isinstance(p, Mapping) else p
            names.append(r.name({"name": value}, f"players.{i}", i))
        if not spec.min_players <= len(names) <= spec.max_players:
            span = (
                f"exactly {spec.min_players}"
                if spec.min_players == spec.max_players
                else f"{spec.min_players} to {spec.max_players}"
            )
            r.add("players", f"{spec.title} is played by {span} players, not {len(names)}")
        seen: dict[str, int] = {}
        for i, n in enumerate(names):
            if n.casefold() in seen:
                r.add(
                    f"players.{i}",
                    f"The name '{n}' is already taken by player "
                    f"{seen[n.casefold()] + 1}; each player needs a different name",
                )
            seen.setdefault(n.casefold(), i)

    merged: dict[str, Any] = {}
    for key in ("rules", "settings"):
        part = data.get(key)
        if part is None:
            continue
        if not isinstance(part, Mapping):
            r.add(key, "This must be an object of named settings")
            continue
        merged.update(part)
    for key in ("method", "wager", "stake", "tokens", "length", "stones"):
        if key in data and key not in merged:
            merged[key] = data[key]
    settings = {k: v for k, v in merged.items() if k in SETTING_KEYS[game]}
    rule_part = {k: v for k, v in merged.items() if k not in SETTING_KEYS[game]}
    rules = _check_rules(r, game, rule_part)
    settings = _check_settings(r, game, settings)

    point_value = None
    pv = data.get("point_value")
    if pv not in (None, ""):
        try:
            value = parse_amount(pv)
            if value < 0:
                raise ValueError("A point value cannot be negative")
            point_value = amount_str(value)
        except ValueError as exc:
            r.add("point_value", str(exc))
    first = r.integer(
        data,
        "first_dealer",
        "first_dealer",
        default=0,
        minimum=0,
        maximum=max(len(names) - 1, 0),
        what="a player position",
    )
    r.raise_if_any()
    return NewTable(name, game, tuple(names), rules, settings, point_value, first or 0)


def _check_rules(r: Reader, game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    if game in ("toppa", "baka"):
        return parse_toppa_rules(r, raw).to_dict(game)
    if game == "otoroku":
        for key in raw:
            if key != "tera_zen_percent":
                r.add(f"rules.{key}", f"'{key}' is not a setting of Otoroku")
        fee = r.integer(
            raw,
            "tera_zen_percent",
            "rules.tera_zen_percent",
            default=0,
            minimum=0,
            maximum=100,
            what="a house fee in whole percent",
        )
        return {"tera_zen_percent": fee or 0}
    for key in raw:
        r.add(f"rules.{key}", f"'{key}' is not a setting of {GAMES[game].title}")
    return {}


def _check_settings(r: Reader, game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The game's settings, each defaulting to ``SETTING_DEFAULTS`` (the one place for them)."""
    out = dict(SETTING_DEFAULTS[game])

    def whole(key: str, what: str, minimum: int = 1, maximum: int = 1_000_000) -> None:
        out[key] = r.integer(
            raw,
            key,
            f"settings.{key}",
            default=out[key],
            minimum=minimum,
            maximum=maximum,
            what=what,
        )

    if game == "tokotoko":
        whole("stake", "a stake in whole units")
    elif game == "otoroku":
        out["method"] = r.choice(
            raw, "method", "settings.method", ("everyone", "banker"), out["method"]
        )
        whole("wager", "a wager in whole units")
        length = raw.get("length", out["length"])
        out["length"] = r.choice(
            {"length": str(length)}, "length", "settings.length", OTOROKU_LENGTHS, out["length"]
        )
        whole("stones", "a starting stock of stones")
    elif game == "tokan":
        whole("stake", "a stake in whole coins")
        whole("tokens", "a number of tokens", minimum=0, maximum=1_000)
    return out


def create_table(new: NewTable) -> Table:
    spec = TableSpec(new.game, new.players, new.rules, new.settings, new.first_dealer)
    table = Table(
        token=secrets.token_urlsafe(TOKEN_BYTES),
        name=new.name,
        game=new.game,
        players=list(new.players),
        rules=new.rules,
        settings=new.settings,
        point_value=new.point_value,
        first_dealer=new.first_dealer,
        state=initial_state(spec).to_json(),
        round_count=0,
    )
    db.session.add(table)
    db.session.flush()
    return table


def find_table(token: str, *, lock: bool = False) -> Table:
    """The table with this link token; LookupError if there is none."""
    if not isinstance(token, str) or not 20 <= len(token) <= 64:
        raise LookupError(token)
    query = select(Table).where(Table.token == token)
    if lock:
        query = query.with_for_update()
    table = db.session.scalar(query)
    # The index finds the row; compare in constant time anyway so a near miss leaks nothing.
    if table is None or not secrets.compare_digest(table.token, token):
        raise LookupError(token)
    return table


def spec_of(table: Table) -> TableSpec:
    return TableSpec(
        table.game, tuple(table.players), table.rules, table.settings, table.first_dealer
    )


def state_of(table: Table) -> State:
    return State.from_json(table.state)


def _store(rnd: Round, step: Step) -> None:
    """Write a step's figures onto its round, touching only what changed.

    After a correction most later rounds differ only in their running state, so the
    UPDATEs stay small (and batch together).
    """
    fields = {
        "kind": step.kind,
        "body": step.body,
        "result": step.result,
        "deltas": [amount_str(d) for d in step.deltas],
        "after": step.after.to_json(),
        "game_no": step.game_no,
        "game_round": step.game_round,
        "dealer": step.dealer,
    }
    for name, value in fields.items():
        if rnd.id is None or getattr(rnd, name) != value:
            setattr(rnd, name, value)


def add_round(
    table: Table,
    kind: str,
    entry: Mapping[str, Any],
    *,
    submission_id: str | None = None,
    expected_number: int | None = None,
) -> tuple[Round, bool]:
    """Score and store the next round; returns it and whether it is new.

    A repeated ``submission_id`` (a double tap) returns the round it stored the first time.
    ``expected_number`` is the round number the player's page was about to enter: if
    another phone entered it first, Conflict.
    """
    if submission_id:
        existing = db.session.scalar(
            select(Round).where(Round.table_id == table.id, Round.submission_id == submission_id)
        )
        if existing is not None:
            return existing, False
    if expected_number is not None and expected_number != table.round_count + 1:
        raise Conflict(
            f"Round {expected_number} was already entered from another phone; "
            "reload the table to see it before entering the next round"
        )
    if table.round_count >= MAX_ROUNDS:
        raise InvalidInput([Violation("", f"A table holds at most {MAX_ROUNDS} rounds")])
    step = apply(spec_of(table), state_of(table), kind, entry)
    rnd = Round(
        table_id=table.id,
        number=table.round_count + 1,
        entry=dict(entry),
        submission_id=submission_id or None,
    )
    _store(rnd, step)
    db.session.add(rnd)
    table.round_count += 1
    table.state = step.after.to_json()
    table.updated_at = now()
    db.session.flush()
    return rnd, True


def scored(rnd: Round) -> Scored | None:
    """How a stored round scored last time, for the replay to reuse when nothing changed."""
    if rnd.kind != "round":
        return None
    return Scored(rnd.body, rnd.result, tuple(parse_amount(d) for d in rnd.deltas))


def _rounds_from(table: Table, number: int) -> list[Round]:
    return list(
        db.session.scalars(
            select(Round)
            .where(Round.table_id == table.id, Round.number >= number)
            .order_by(Round.number)
        )
    )


def state_before(table: Table, number: int) -> State:
    if number <= 1:
        return initial_state(spec_of(table))
    after = db.session.scalar(
        select(Round.after).where(Round.table_id == table.id, Round.number == number - 1)
    )
    return State.from_json(after)


def dealer_index(state: State, positions: Sequence[int]) -> int | None:
    """The table's next dealer as a position among ``positions``, if seated."""
    return positions.index(state.dealer) if state.dealer in positions else None


def get_round(table: Table, number: int) -> Round:
    rnd = db.session.scalar(select(Round).where(Round.table_id == table.id, Round.number == number))
    if rnd is None:
        raise LookupError(number)
    return rnd


def correct_round(table: Table, number: int, entry: Mapping[str, Any], note: str = "") -> Round:
    """Replace round ``number``'s entry and recompute every later round from its input."""
    rounds = _rounds_from(table, number)
    if not rounds or rounds[0].number != number:
        raise LookupError(number)
    target = rounds[0]
    entries: list[tuple[str, Mapping[str, Any]]] = [(target.kind, entry)]
    entries += [(r.kind, r.entry) for r in rounds[1:]]
    steps = replay(
        spec_of(table),
        entries,
        state_before(table, number),
        number,
        [None] + [scored(r) for r in rounds[1:]],
    )
    db.session.add(
        RoundVersion(
            round_id=target.id,
            version=target.version,
            entry=target.entry,
            result=target.result,
            deltas=target.deltas,
            note=note,
        )
    )
    target.entry = dict(entry)
    target.version += 1
    target.updated_at = now()
    _save_steps(table, rounds, steps)
    return target


def delete_round(table: Table, number: int) -> None:
    """Delete round ``number``; later rounds move up one and are recomputed."""
    rounds = _rounds_from(table, number)
    if not rounds or rounds[0].number != number:
        raise LookupError(number)
    later = rounds[1:]
    steps = replay(
        spec_of(table),
        [(r.kind, r.entry) for r in later],
        state_before(table, number),
        number,
        [scored(r) for r in later],
    )
    db.session.delete(rounds[0])
    db.session.flush()
    if later:
        # Two steps, so the unique (table, number) never sees two rows with one number.
        db.session.execute(
            update(Round)
            .where(Round.table_id == table.id, Round.number > number)
            .values(number=-Round.number)
        )
        db.session.execute(
            update(Round)
            .where(Round.table_id == table.id, Round.number < 0)
            .values(number=-Round.number - 1)
        )
        for r in later:
            db.session.refresh(r)
    table.round_count -= 1
    if steps:
        _save_steps(table, later, steps)
    else:
        table.state = state_before(table, number).to_json()
        table.updated_at = now()


def _save_steps(table: Table, rounds: Sequence[Round], steps: Sequence[Step]) -> None:
    for rnd, step in zip(rounds, steps, strict=True):
        _store(rnd, step)
    table.state = steps[-1].after.to_json()
    table.updated_at = now()
    db.session.flush()


# -- reading -----------------------------------------------------------------------------


def totals(table: Table) -> list[Fraction]:
    return list(state_of(table).totals)


def recent_rounds(table: Table, limit: int | None = None) -> list[Round]:
    query = select(Round).where(Round.table_id == table.id).order_by(Round.number.desc())
    if limit:
        query = query.limit(limit)
    return list(db.session.scalars(query))


def running_totals(table: Table, points: int = 60) -> list[list[Fraction]]:
    """Each player's total at the start and after every k-th round, for the chart.

    One query reading at most ``points`` rows, whatever the number of rounds: the totals
    after each round are stored with it, so nothing is summed here.
    """
    n = len(table.players)
    step = max(1, -(-table.round_count // points))
    rows = db.session.execute(
        select(Round.after)
        .where(
            Round.table_id == table.id,
            or_(Round.number % step == 0, Round.number == table.round_count),
        )
        .order_by(Round.number)
    ).all()
    out = [[Fraction(0)] * n]
    out += [[parse_amount(t) for t in after["totals"]] for (after,) in rows]
    return out


HISTORY_COLUMNS = (
    Round.id,
    Round.number,
    Round.kind,
    Round.deltas,
    Round.version,
    Round.game_no,
    Round.game_round,
    Round.dealer,
    Round.result["void"].as_boolean().label("void"),
)


def history(table: Table, limit: int | None = None, game_no: int | None = None) -> list[Any]:
    """The rounds' headlines, newest first, without their full inputs and results."""
    query = select(*HISTORY_COLUMNS).where(Round.table_id == table.id).order_by(Round.number.desc())
    if game_no is not None:
        query = query.where(Round.game_no == game_no)
    if limit:
        query = query.limit(limit)
    return list(db.session.execute(query).all())


def versions_by_round(table: Table, round_ids: Sequence[int]) -> dict[int, list[RoundVersion]]:
    if not round_ids:
        return {}
    out: dict[int, list[RoundVersion]] = {}
    for v in db.session.scalars(
        select(RoundVersion)
        .where(RoundVersion.round_id.in_(round_ids))
        .order_by(RoundVersion.version)
    ):
        out.setdefault(v.round_id, []).append(v)
    return out


def session_json(table: Table, url: str, rounds: Sequence[Round] | None = None) -> dict[str, Any]:
    """The session as API.md shows it."""
    state = state_of(table)
    if rounds is None:
        rounds = list(reversed(recent_rounds(table)))
    return {
        "id": table.token,
        "url": url,
        "name": table.name,
        "game": table.game,
        "rules": table.rules,
        "settings": table.settings,
        "point_value": table.point_value,
        "first_dealer": table.first_dealer,
        "players": [
            {"name": name, "total": amount_str(total)}
            for name, total in zip(table.players, state.totals, strict=True)
        ],
        "rounds": [round_json(r) for r in rounds],
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
        "next_dealer": state.dealer,
        "game_no": state.game_no,
        "next_round_of_game": state.game_round,
        "seated": [table.players[i] for i in state.seated],
    }


def round_json(rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "kind": rnd.kind,
        "input": rnd.entry,
        "result": rnd.result,
        "deltas": rnd.deltas,
        "game_no": rnd.game_no,
        "game_round": rnd.game_round,
        "dealer": rnd.dealer,
        "version": rnd.version,
        "submission_id": rnd.submission_id,
    }


def export_json(table: Table) -> dict[str, Any]:
    """Everything needed to recreate the table: its settings and every entry in order."""
    rounds = list(reversed(recent_rounds(table)))
    return {
        "format": "scorekeeper-table",
        "version": 1,
        "name": table.name,
        "game": table.game,
        "players": list(table.players),
        "rules": table.rules,
        "settings": table.settings,
        "point_value": table.point_value,
        "first_dealer": table.first_dealer,
        "rounds": [
            {"number": r.number, "kind": r.kind, "input": r.entry, "deltas": r.deltas}
            for r in rounds
        ],
        "totals": [amount_str(t) for t in totals(table)],
    }


def import_table(data: Mapping[str, Any]) -> Table:
    """Recreate a table from ``export_json``; every round is scored again and must agree."""
    if data.get("format") != "scorekeeper-table":
        raise InvalidInput([Violation("format", "This is not a Scorekeeper table export")])
    new = check_table(data)
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list):
        raise InvalidInput([Violation("rounds", "The export has no list of rounds")])
    table = create_table(new)
    for k, item in enumerate(raw_rounds):
        if not isinstance(item, Mapping) or not isinstance(item.get("input"), Mapping):
            raise InvalidInput([Violation(f"rounds.{k}", "Each round needs its input")])
        kind = item.get("kind", "round")
        if kind not in ("round", "end"):
            raise InvalidInput([Violation(f"rounds.{k}.kind", f"{kind!r} is not a round kind")])
        try:
            rnd, _ = add_round(table, kind, item["input"])
        except InvalidInput as exc:
            raise InvalidInput(
                [Violation(f"rounds.{k}.input.{v.field}", v.message) for v in exc.violations]
            ) from exc
        if "deltas" in item and item["deltas"] != rnd.deltas:
            raise InvalidInput(
                [
                    Violation(
                        f"rounds.{k}.deltas",
                        f"Round {k + 1} scores {rnd.deltas} here, not {item['deltas']} as exported",
                    )
                ]
            )
    return table
