"""A table's record as CSV (the table page's "Download CSV"): one row per entry, with each
player's change and running total, the pot's and the house's, and what was entered, so that
the sheet can be audited in a spreadsheet. The rows are worked out here, once."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import csv_amount, parse_amount
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.models import Round, Table
from scorekeeper.round_data import json_of
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import name_key
from scorekeeper.tables import changes, store

POT_COLUMN, HOUSE_COLUMN = "pot", "house"
"""The CSV record's columns of the pot (Tokan) and the house (Otoroku's fee)."""


def csv_safe(value: object) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    if text and text[0] in "=+-@\t\r" and not _is_number(text):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    try:
        parse_amount(text)
        return True
    except ValueError:
        return False


def objects_in(value: JSONValue) -> list[JSONObject]:
    """The objects of a JSON list a game wrote (a result's players or notes, a body's
    players): what the record reads of the game's own data."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _texts(value: JSONValue) -> list[str]:
    """The items of a JSON list a game wrote, as text."""
    return [str(v) for v in value] if isinstance(value, list) else []


def _entered(player: JSONObject, game: GameRules) -> str:
    """A round's player as entered: ``hand: pine-crane plum-ribbon; dice: 3 5``."""
    parts = []
    for key in game.record_keys or sorted(game.player_keys - {"name"}):
        value = player.get(key)
        if value is None:
            continue
        shown = " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{key}: {shown}")
    return "; ".join(parts) or "(the rest of the deck)"


def _yaku(player: JSONObject, game: GameRules) -> str:
    """The yaku (or hand) a result credits a player with: ``five-brights 60; triplet 20``."""
    found = []
    for key in game.yaku_keys:
        value = player.get(key)
        if isinstance(value, list):
            found += [
                f"{y.get('id')} {y.get('points', '')}".strip() for y in objects_in(value) if y
            ]
        elif isinstance(value, str):
            found.append(value)
    return "; ".join(found)


@dataclass(slots=True)
class _Running:
    """The record's running figures: each player's total, and the pot's and the house's."""

    totals: list[Fraction]
    held: dict[str, Fraction]


def _header(names: Sequence[str], parties: Sequence[str]) -> list[str]:
    return (
        ["round", "game", "round_of_game", "kind", "dealer"]
        + [csv_safe(f"{p} change") for p in names]
        + [f"{p} change" for p in parties]
        + [csv_safe(f"{p} total") for p in names]
        + [f"{p} total" for p in parties]
        + ["time (UTC)", "field", "what"]
        + [csv_safe(f"{p} entered") for p in names]
        + [csv_safe(f"{p} yaku") for p in names]
    )


def _what(r: Round, result: JSONObject) -> str:
    """What an entry that is no round did: the table's changes, the payments of a settle-up,
    the notes of a game's end."""
    if r.kind == EntryKind.EDIT:
        return ", ".join(_texts(result.get("changes")))
    if r.kind == EntryKind.SETTLE:
        return "; ".join(
            f"{p['from']} pays {p['to']} {csv_amount(str(p['points']))}"
            for p in objects_in(result.get("payments"))
        )
    if r.kind == EntryKind.END:
        return " ".join(str(n.get("text", "")) for n in objects_in(result.get("notes")))
    return ""


def _entries(
    table: Table, r: Round, names: Sequence[str], game: GameRules
) -> tuple[list[str], list[str], JSONObject]:
    """A round's cards or dice as each player entered them, their yaku, and its body."""
    entered = [""] * len(names)
    yaku = [""] * len(names)
    if r.kind != EntryKind.ROUND:
        return entered, yaku, {}
    lookup = {name_key(n): i for i, n in enumerate(names)}
    result: JSONObject = json_of(r.result) if r.result else {}
    results = {name_key(str(p.get("name", ""))): p for p in objects_in(result.get("players"))}
    body: JSONObject = json_of(store.round_input(table, r))
    for p in objects_in(body.get("players")):
        key = name_key(str(p.get("name", "")))
        if key in lookup:
            entered[lookup[key]] = _entered(p, game)
            yaku[lookup[key]] = _yaku(results.get(key, {}), game)
    return entered, yaku, body


def _row(
    table: Table, r: Round, game: GameRules, parties: Sequence[str], running: _Running
) -> list[object]:
    """One entry's row; ``running`` moves on by it."""
    names = list(table.players)
    deltas = changes.padded(r.deltas, len(names))
    running.totals = [
        a + read_stored_amount(d) for a, d in zip(running.totals, deltas, strict=True)
    ]
    # What the house took is the round's outcome; the pot took the rest (RULES 7).
    house = Outcome.from_json(r.outcome).house if r.outcome else Fraction(0)
    moved = {
        HOUSE_COLUMN: house,
        POT_COLUMN: -sum((read_stored_amount(d) for d in r.deltas), Fraction(0)) - house,
    }
    running.held = {p: running.held[p] + moved[p] for p in running.held}
    is_round = r.kind == EntryKind.ROUND
    dealer = table.players[r.dealer] if r.dealer is not None and is_round else ""
    entered, yaku, body = _entries(table, r, names, game)
    where: list[object] = [r.round_no if is_round else "", r.game_no]
    return (
        where
        + [r.game_round if is_round else "", r.kind, csv_safe(dealer)]
        + [csv_amount(d) for d in deltas]
        + [csv_amount(moved[p]) for p in parties]
        + [csv_amount(a) for a in running.totals]
        + [csv_amount(running.held[p]) for p in parties]
        + [r.created_at.strftime("%Y-%m-%d %H:%M:%S")]
        + [
            " ".join(_texts(body.get("field"))) if is_round else "",
            csv_safe(_what(r, json_of(r.result) if r.result else {})),
        ]
        + [csv_safe(e) for e in entered]
        + [csv_safe(y) for y in yaku]
    )


def table_csv(table: Table) -> str:
    """A table's record as CSV, one row per entry: each player's change and total, then when
    it was entered and what: the field, each player's cards or dice as entered, their yaku.
    The round columns are blank on the rows of entries that are no rounds (a game's end, a
    change of the table, a settle-up). A game with a pot or a house has their columns too, so
    each row's changes sum to zero (RULES 7)."""
    game = RULES[table.game]
    names = list(table.players)
    parties = [p for p, has in ((POT_COLUMN, game.has_pot), (HOUSE_COLUMN, game.has_house)) if has]
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(_header(names, parties))
    opening = store.opening_state(table)
    running = _Running(
        changes.padded_amounts(list(opening.totals), len(names)),
        {POT_COLUMN: opening.pot, HOUSE_COLUMN: opening.house},
    )
    for r in store.rounds_from(table, 1):
        w.writerow(_row(table, r, game, parties, running))
    return out.getvalue()
