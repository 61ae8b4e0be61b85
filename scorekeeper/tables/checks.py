"""Checking a new table's body (from the API, the home page's form or an import)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction
from functools import partial

from scorekeeper.codec import STORED_DIGITS, all_storable, read_stored_amount
from scorekeeper.exact import amount_str, display, parse_amount
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Listed, Msg, reason
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import (
    MAX_NAME_LENGTH,
    MAX_POINT_VALUE,
    MAX_ROUND_NUMBER,
    SUBMISSION_ID_LENGTH,
    Reader,
    clean_name,
    name_key,
    shown,
)

#: House rules and settings a body may also give at its top level (``"stake": 5`` beside
#: ``"game"``): the game's own are read as under ``rules`` and ``settings``, another game's
#: are refused at their key (``_check_options``).
TOP_LEVEL_OPTIONS = frozenset(
    o.key for g in RULES.values() for o in (*g.rule_options, *g.setting_options)
)
_SETTINGS = frozenset(o.key for g in RULES.values() for o in g.setting_options)
TABLE_KEYS = frozenset(
    ("name", "game", "players", "rules", "settings", "point_value", "first_dealer", "club")
)
"""What a new table's body may hold besides ``TOP_LEVEL_OPTIONS``; any other key is refused
at itself, as a change of the table refuses one: a key mistyped ("point_valu") would
otherwise open a table without what it meant to set."""


@dataclass(frozen=True, slots=True)
class NewTable:
    name: str
    game: str
    players: tuple[str, ...]
    rules: JSONObject
    settings: JSONObject
    point_value: str | None
    first_dealer: int


def check_table(data: JSONObject, *, only_table_keys: bool = False) -> NewTable:
    """Validate a new table's body; InvalidInput lists every problem. With
    ``only_table_keys`` (a new table's own body, not an export's) a key that is no table's
    field is one of them."""
    r = Reader()
    if only_table_keys:
        for key in sorted(set(data) - TABLE_KEYS - TOP_LEVEL_OPTIONS):
            if key in ("continue_from", "carry") and data[key] is None:
                continue  # none given: a new table
            r.add(
                str(key)[:40],
                N_("%(key)s is read only with continue_from", key=shown(key))
                if key == "carry"
                else N_("%(key)s is not a table's field", key=shown(key)),
            )
    raw_name = data.get("name")
    name = "Table"
    if raw_name is not None:
        name = table_name(r, raw_name)
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in RULES:
        r.add(
            "game",
            N_(
                "%(value)s is not a game here (choose one of %(games)s)",
                value=shown(game_id),
                games=", ".join(RULES),
            ),
        )
        r.raise_if_any()
    assert isinstance(game_id, str)
    game = RULES[game_id]
    raw_players = data.get("players")
    names: list[str] = []
    if not isinstance(raw_players, list):
        r.add("players", N_('List the players in turn order, e.g. ["Aki", "Ben"]'))
    else:
        for i, p in enumerate(raw_players):
            value = p.get("name") if isinstance(p, Mapping) else p
            # An import opens a table too: a player called the pot or the house would make
            # its settle-up's payments ambiguous (a probe, 2026-11-30).
            names.append(r.player_name({"name": value}, f"players.{i}", i))
        r.player_count(len(names), game.min_players, game.max_players, game.title)
        r.unique_names(names, suffix="")

    rules, settings = _check_options(r, game, data)
    point_value = None
    pv = data.get("point_value")
    if pv not in (None, ""):
        try:
            point_value = amount_str(point_value_of(pv))
        except ValueError as exc:
            r.add("point_value", reason(exc))
    first = r.position(data, "first_dealer", "first_dealer", len(names))
    r.raise_if_any()
    return NewTable(name, game.id, tuple(names), rules, settings, point_value, first or 0)


CONTINUED_KEYS = frozenset(("continue_from", "carry", "name", "game", "players"))
"""What a body continuing a table may hold: its own name, and the game and players a client
may send as for a new table (they must be the table's); the rest comes from the table."""


def continued_name(data: JSONObject, game: str, players: Sequence[str]) -> str | None:
    """The name a body continuing a table gives the new one (None: the old one's name);
    InvalidInput for a key that would set what comes from the table continued (its
    ``game``, the ``players`` the new table seats), or that is no table's field."""
    r = Reader()
    for key in sorted(set(data) - CONTINUED_KEYS):
        r.add(str(key)[:40], _kept_from_the_old(key))
    if "game" in data and data["game"] != game:
        r.add("game", N_("The table continued plays %(game)s", game=RULES[game].title))
    if "players" in data:
        sent = data["players"]
        given = (
            [p.get("name") if isinstance(p, Mapping) else p for p in sent]
            if isinstance(sent, list)
            else None
        )
        if given is None or sorted(name_key(str(n)) for n in given) != sorted(
            name_key(n) for n in players
        ):
            r.add(
                "players",
                N_(
                    "The table continued goes on with %(names)s: change the players on the "
                    "new table",
                    names=Listed(players),
                ),
            )
    name = table_name(r, data["name"]) if "name" in data else None
    r.raise_if_any()
    return name


def continued_seats(data: JSONObject, players: Sequence[str]) -> list[str] | None:
    """The seats a body continuing a table gives ``players`` (checked by ``continued_name``)
    when it lists them in another order (API.md: players sit in the order given), in the
    table's spelling; None when it keeps the order."""
    sent = data.get("players")
    if not isinstance(sent, list):
        return None
    spelled = {name_key(n): n for n in players}
    given = [p.get("name") if isinstance(p, Mapping) else p for p in sent]
    seats = [spelled.get(name_key(str(n)), str(n)) for n in given]
    return seats if seats != list(players) else None


def _kept_from_the_old(key: str) -> Msg:
    """Why a body continuing a table may not give ``key``."""
    if key == "rules" or (key in TOP_LEVEL_OPTIONS and key not in _SETTINGS):
        return N_(
            "A continued table keeps the house rules of the table it continues: open a new "
            "table for other rules"
        )
    if key in TABLE_KEYS or key in TOP_LEVEL_OPTIONS:
        return N_(
            "%(key)s comes from the table continued: change it on the new table",
            key=shown(key),
        )
    return N_("%(key)s is not a table's field", key=shown(key))


def table_name(r: Reader, value: object, *, of_club: bool = False) -> str:
    """A table's name (a club's: ``of_club``), cleaned; one too long is refused saying so,
    never cut (issue 17)."""
    if isinstance(value, str) and len(clean_name(value)) > MAX_NAME_LENGTH:
        n = len(clean_name(value))
        r.add(
            "name",
            N_(
                "A club's name is at most %(maximum)s characters; this one has %(n)s",
                n=n,
                maximum=MAX_NAME_LENGTH,
            )
            if of_club
            else N_(
                "A table's name is at most %(maximum)s characters; this one has %(n)s",
                maximum=MAX_NAME_LENGTH,
                n=n,
            ),
        )
        return clean_name(value)
    return r.name({"name": value}, "name", 0, required=True)


def _check_options(r: Reader, game: GameRules, data: JSONObject) -> tuple[JSONObject, JSONObject]:
    """House rules and settings, given under ``rules``, ``settings`` or at the top level."""
    merged, given_as = _given_options(r, data)
    own = {o.key for o in (*game.rule_options, *game.setting_options)}
    for key in sorted(TOP_LEVEL_OPTIONS & set(data)):
        if key in own and key not in merged:
            merged[key] = data[key]
        elif key not in own:
            r.add(
                key,
                N_(
                    "%(key)s is no house rule or setting of %(game)s",
                    key=shown(key),
                    game=game.title,
                ),
            )
    setting_keys = {o.key for o in game.setting_options}
    first = len(r.violations)
    rules = game.check_rules(r, {k: v for k, v in merged.items() if k not in setting_keys})
    for i, v in enumerate(r.violations[first:], first):  # the game's check says ``rules.x``
        name = v.field.removeprefix("rules.")
        if given_as.get(name) == "settings" and name not in own:
            r.violations[i] = Violation(f"settings.{name}", v.message)
    settings = game.check_settings(r, {k: v for k, v in merged.items() if k in setting_keys})
    return rules, settings


def _given_options(r: Reader, data: JSONObject) -> tuple[JSONObject, dict[str, str]]:
    """The house rules and settings given under ``rules`` and ``settings``, together, and
    where each was given (its mistakes are said there); one given in both with two values is
    refused."""
    merged: JSONObject = {}
    given_as: dict[str, str] = {}
    for key in ("rules", "settings"):
        part = data.get(key)
        if part is None:
            continue
        if not isinstance(part, Mapping):
            r.add(key, N_("This must be an object of named settings"))
            continue
        for name, value in part.items():
            if name in merged and merged[name] != value:
                r.add(f"{key}.{name}", N_("%(key)s is given twice: give it once", key=name))
            else:
                merged[name] = value
                given_as[name] = key
    return merged, given_as


def point_value_of(raw: object) -> Fraction:
    """Money per point as a client gives it ("10", "1/2"), within its bounds; ValueError."""
    value = parse_amount(raw)
    if value <= 0:
        raise ValueError(N_("A point value must be greater than 0 (leave it empty for none)"))
    if value > MAX_POINT_VALUE or value.denominator > MAX_POINT_VALUE:
        raise ValueError(
            N_(
                "A point value is at most %(maximum)s, and a fraction's denominator at "
                "most %(maximum)s",
                maximum=format(MAX_POINT_VALUE, ","),
            )
        )
    return value


_SUBMISSION_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{SUBMISSION_ID_LENGTH}}}")


def submission_id_of(raw: object) -> str | None:
    """A round's ``submission_id`` (API.md's alphabet) or None; InvalidInput otherwise."""
    if raw is None:
        return None
    if not isinstance(raw, str) or not _SUBMISSION_ID.fullmatch(raw):
        raise InvalidInput(
            [
                Violation(
                    "submission_id",
                    N_(
                        "%(value)s is not a submission id: 1 to %(n)s ASCII "
                        "letters, digits, '-' and '_'",
                        value=shown(raw),
                        n=SUBMISSION_ID_LENGTH,
                    ),
                )
            ]
        )
    return raw


PLAYED_AT_SKEW = timedelta(minutes=2)
"""How far a phone's clock may be off (its queue corrects by the server's clock when it sends):
a played-at time up to this far past now, or before the table was opened, is taken as now, or
as the opening; further is refused."""
_PLAYED_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


def played_at_of(raw: object, opened: datetime, now: datetime) -> datetime | None:
    """When a round was played (``2026-11-22T21:04:05Z``, UTC; issue 39: a round kept on a
    phone without a signal keeps the time it was saved there), or None when none is given;
    InvalidInput when it is no such time, later than now or before the table was opened
    (each beyond ``PLAYED_AT_SKEW``)."""
    if raw is None or raw == "":
        return None
    try:
        if not isinstance(raw, str) or not _PLAYED_AT.fullmatch(raw):
            raise ValueError
        at = datetime.fromisoformat(raw[:19])
    except ValueError:
        message = N_("%(value)s is not a time such as 2026-11-22T21:04:05Z", value=shown(raw))
        raise InvalidInput([Violation("played_at", message)]) from None
    if at > now + PLAYED_AT_SKEW:
        message = N_("Played at %(at)s, later than now: check this phone's clock", at=raw)
        raise InvalidInput([Violation("played_at", message)])
    if at < opened - PLAYED_AT_SKEW:
        message = N_("Played at %(at)s, before this table was opened", at=raw)
        raise InvalidInput([Violation("played_at", message)])
    return min(max(at, opened), now)


def expected_number_of(raw: object) -> int | None:
    """A round's ``expected_number`` or None; InvalidInput when it is not a round number."""
    r = Reader()
    number = r.integer(
        {"expected_number": raw},
        "expected_number",
        "expected_number",
        default=0,
        minimum=1,
        maximum=MAX_ROUND_NUMBER,
        what=N_("a round number"),
    )
    r.raise_if_any()
    return number or None


# -- an import's figures ---------------------------------------------------------------------


Words = Callable[[str], Msg]
"""What a figure of an import is, as a sentence about the amount the rounds give."""


def check_exported_round(
    k: int,
    item: JSONObject,
    number: int | None,
    deltas: Sequence[str],
    names: Sequence[str] = (),
) -> None:
    """Round ``k`` of an import against how it scored here: its number and each delta given
    (each named by its player, of ``names``: the table's players at that round; ``number``
    None: an entry that takes no round number)."""
    if "number" in item and number is None and item["number"] is not None:
        raise InvalidInput(
            [
                Violation(
                    f"rounds.{k}.number",
                    N_(
                        "this entry is no round: it has no number, not %(given)s",
                        given=_quoted(item["number"]),
                    ),
                )
            ]
        )
    if (
        "number" in item
        and number is not None
        and (item["number"] != number or isinstance(item["number"], bool))
    ):
        raise InvalidInput(
            [
                Violation(
                    f"rounds.{k}.number",
                    N_(
                        "this is round %(n)s, not %(given)s",
                        n=number,
                        given=_quoted(item["number"]),
                    ),
                )
            ]
        )
    if "deltas" in item:
        _same_amounts(
            f"rounds.{k}.deltas",
            item["deltas"],
            deltas,
            lambda i, actual: _delta_words(names[i] if i < len(names) else None, number, actual),
        )


def _delta_words(name: str | None, number: int | None, actual: str) -> Msg:
    """What an imported entry's delta should be, naming the player and the round where known."""
    if name is not None and number is not None:
        return N_(
            "%(name)s in round %(n)s: the round gives %(actual)s",
            name=name,
            n=number,
            actual=actual,
        )
    if name is not None:
        return N_("%(name)s: this entry gives %(actual)s", name=name, actual=actual)
    if number is not None:
        return N_("round %(n)s gives %(actual)s", n=number, actual=actual)
    return N_("this entry gives %(actual)s", actual=actual)


def check_exported_totals(
    data: JSONObject,
    totals: Sequence[str],
    pot: str,
    house: str,
    names: Sequence[str] = (),
) -> None:
    """An import's totals, pot and house (those it gives) against the re-scored ledger; a
    total is named by its player (``names``: the table's players, in seat order)."""
    if "totals" in data:
        _same_amounts(
            "totals",
            data["totals"],
            totals,
            lambda i, a: (
                N_("%(name)s's total: the rounds give %(actual)s", name=names[i], actual=a)
                if i < len(names)
                else N_("the rounds give %(actual)s", actual=a)
            ),
        )
    if "pot" in data:
        _same_amount(
            "pot",
            data["pot"],
            pot,
            lambda a: N_("the rounds leave %(actual)s in the pot", actual=a),
        )
    if "house" in data:
        _same_amount(
            "house",
            data["house"],
            house,
            lambda a: N_("the rounds give the house %(actual)s", actual=a),
        )


def _same_amounts(
    path: str, given: object, actual: Sequence[str], words: Callable[[int, str], Msg]
) -> None:
    if not isinstance(given, list) or len(given) != len(actual):
        raise InvalidInput(
            [
                Violation(
                    path,
                    N_("This must be a list of %(n)s amounts, one per player", n=len(actual)),
                )
            ]
        )
    for i, (g, a) in enumerate(zip(given, actual, strict=True)):
        _same_amount(f"{path}.{i}", g, a, partial(words, i))


def exported_amount(value: object) -> Fraction:
    """An amount as an export writes it: one a client may write (``parse_amount``), or a
    longer one a table came to hold (a total past 18 digits: its export still imports), up
    to what a table can keep. ValueError, in ``parse_amount``'s words, otherwise."""
    try:
        return parse_amount(value)
    except ValueError:
        if not isinstance(value, str) or not _STORED_FORM.fullmatch(value):
            raise
    num, _, den = value.lstrip("-").partition("/")
    if den and not den.strip("0"):
        raise ValueError(N_("%(value)s divides by zero", value=shown(value)))
    if max(len(num), len(den)) <= STORED_DIGITS:
        kept = read_stored_amount(value)
        if all_storable((kept,)):
            return kept
    raise ValueError(
        N_(
            "%(value)s has a part of more than %(n)s digits, more than a table can keep",
            value=shown(value),
            n=format(STORED_DIGITS, ","),
        )
    )


_STORED_FORM = re.compile(r"-?[0-9]+(?:/[0-9]+)?")
"""An amount as ``amount_str`` writes it, of any length (``read_stored_amount`` reads it)."""


def _same_amount(path: str, given: object, actual: str, words: Words) -> None:
    """``given`` (as an export writes amounts) must be ``actual``; ``words`` says what it is
    (a message about the ``actual`` amount)."""
    if given == actual and isinstance(given, str):
        return  # written as this server writes it (an import checks ten thousand)
    try:
        value = exported_amount(given)
    except ValueError as exc:
        raise InvalidInput([Violation(path, reason(exc))]) from exc
    if amount_str(value) != actual:
        message = N_(
            "%(words)s, not %(given)s",
            words=words(_readable(read_stored_amount(actual))),
            given=_readable(value),
        )
        raise InvalidInput([Violation(path, message)])


def _readable(value: Fraction) -> str:
    """An amount as a player reads it: '−835', '1,000', '−18⅓' (a true minus sign)."""
    whole = abs(value.numerator) // value.denominator
    text = display(abs(value))
    if whole >= 1000:
        text = f"{whole:,}" + text[len(str(whole)) :]
    return ("\u2212" if value < 0 else "") + text


def _quoted(value: object) -> str:
    return value if isinstance(value, str) and len(value) <= 40 else shown(value)
