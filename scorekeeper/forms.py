"""Forms: WTForms classes for the shape of an input, and the card picker's fields.

A round's form is turned into the same JSON-shaped entry the API takes, so both go through
one validation (the rules engine) and one store (``scorekeeper.tables``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, NumberRange, Optional

from scorekeeper.cards import CARD_BY_ID, CARDS, DECKS, SUITS, Card
from scorekeeper.rules import GAMES, Violation


def options(*pairs: tuple[str, str]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


GAME_CHOICES = options(*((g.id, g.title) for g in GAMES.values()))


class NewTableForm(FlaskForm):
    """Start a table: its game, players in turn order, house rules and point value."""

    name = StringField("Table name", validators=[Optional(), Length(max=80)])
    game = SelectField("Game", choices=GAME_CHOICES, validators=[DataRequired()])
    players = TextAreaField(
        "Players, one per line, in turn order",
        validators=[DataRequired(message="Enter the players, one per line")],
    )
    point_value = StringField(
        "Money per point (optional, e.g. 10 or 1/2)", validators=[Optional(), Length(max=40)]
    )
    first_dealer = IntegerField(
        "First dealer (position, 1 = first player)",
        default=1,
        validators=[Optional(), NumberRange(min=1, max=30)],
    )
    yaku_values = SelectField(
        "Yaku values",
        validate_choice=False,
        choices=options(("high", "High (five brights 60)"), ("low", "Low (five brights 40)")),
    )
    boar_deer_butterfly = BooleanField("Boar-Deer-Butterfly counts", default=True)
    willow_as_chaff = BooleanField("Willow cards also count as chaff")
    yaku_settlement = SelectField(
        "Baka yaku settlement",
        validate_choice=False,
        choices=options(
            ("average", "Against the average (thirds)"),
            ("pairwise", "Pairwise (Hachi-hachi)"),
        ),
    )
    low_man_out_forfeits_cards = BooleanField("Low Man Out forfeits everybody's card points")
    method = SelectField(
        "Otoroku payout",
        validate_choice=False,
        choices=options(
            ("everyone", "Everyone against everyone"), ("banker", "Dealer against bettors")
        ),
    )
    wager = IntegerField(
        "Otoroku wager per round", default=10, validators=[Optional(), NumberRange(min=1)]
    )
    length = SelectField(
        "Otoroku game length",
        validate_choice=False,
        choices=options(
            ("12", "12 rounds"),
            ("6", "6 rounds"),
            ("3", "3 rounds"),
            ("stones", "Until all but one are out of stones"),
        ),
    )
    stones = IntegerField(
        "Starting stones each", default=100, validators=[Optional(), NumberRange(min=1)]
    )
    tera_zen_percent = IntegerField(
        "House fee (tera-zen) %", default=0, validators=[Optional(), NumberRange(min=0, max=100)]
    )
    stake = IntegerField(
        "Stake (Tokotoko per round, Tokan per tour)", validators=[Optional(), NumberRange(min=1)]
    )
    tokens = IntegerField(
        "Tokan tokens of each colour", default=11, validators=[Optional(), NumberRange(min=0)]
    )

    def to_body(self) -> dict[str, Any]:
        """The API body of ``scorekeeper.tables.check_table`` for this form."""
        game = self.game.data
        names = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        rules: dict[str, Any] = {}
        settings: dict[str, Any] = {}
        if game in ("toppa", "baka"):
            rules = {
                "yaku_values": self.yaku_values.data,
                "boar_deer_butterfly": bool(self.boar_deer_butterfly.data),
                "willow_as_chaff": bool(self.willow_as_chaff.data),
            }
            if game == "baka":
                rules["yaku_settlement"] = self.yaku_settlement.data
                rules["low_man_out_forfeits_cards"] = bool(self.low_man_out_forfeits_cards.data)
        elif game == "otoroku":
            rules = {"tera_zen_percent": self.tera_zen_percent.data or 0}
            settings = {
                "method": self.method.data,
                "wager": self.wager.data or 10,
                "length": self.length.data,
                "stones": self.stones.data or 100,
            }
        elif game == "tokotoko":
            settings = {"stake": self.stake.data or 1}
        elif game == "tokan":
            settings = {
                "stake": self.stake.data or 22,
                "tokens": 11 if self.tokens.data is None else self.tokens.data,
            }
        return {
            "name": (self.name.data or "").strip() or f"{GAMES[game].title} table",
            "game": game,
            "players": names,
            "rules": rules,
            "settings": settings,
            "point_value": (self.point_value.data or "").strip() or None,
            "first_dealer": (self.first_dealer.data or 1) - 1,
        }


class RoundForm(FlaskForm):
    """CSRF, the double-tap guard and the stale-view guard of a round's form."""

    submission_id = HiddenField()
    expected_number = HiddenField()


class ImportForm(FlaskForm):
    """Upload a JSON export."""


class ActionForm(FlaskForm):
    """A bare button that writes (end a game, delete a round): CSRF only."""


# -- the card picker ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MonthRow:
    suit_id: str
    month: int
    english: str
    kanji: str
    romaji: str
    specials: tuple[Card, ...]
    chaff: int
    """How many interchangeable plain cards this month has in the game's deck."""


def month_rows(game: str) -> list[MonthRow]:
    """The game's deck grouped by month, as the picker shows it."""
    deck = DECKS.get(game, frozenset(CARD_BY_ID))
    rows = []
    for s in SUITS:
        cards = [c for c in CARDS if c.suit is s and c.id in deck]
        if not cards:
            continue
        specials = tuple(c for c in cards if c.chaff_group is None)
        chaff = sum(1 for c in cards if c.chaff_group is not None)
        rows.append(MonthRow(s.id, s.month, s.english, s.kanji, s.romaji, specials, chaff))
    return rows


class ChaffPool:
    """Hands out the interchangeable chaff ids of one set of places (piles, or hands)."""

    def __init__(self, deck: Iterable[str]) -> None:
        self.free: dict[str, list[str]] = {}
        for cid in sorted(deck):
            group = CARD_BY_ID[cid].chaff_group
            if group:
                self.free.setdefault(group, []).append(cid)

    def take(self, suit_id: str, count: int) -> list[str] | None:
        pool = self.free.get(f"{suit_id}-chaff", [])
        if count > len(pool):
            return None
        taken, self.free[f"{suit_id}-chaff"] = pool[:count], pool[count:]
        return taken


def read_cards(
    form: MultiDict[str, str],
    prefix: str,
    pool: ChaffPool,
    path: str,
    errors: list[Violation],
) -> list[str]:
    """The cards ticked under ``prefix`` plus its chaff counts (``prefix_chaff_<suit>``)."""
    cards = [c for c in form.getlist(prefix) if c]
    for s in SUITS:
        raw = form.get(f"{prefix}_chaff_{s.id}", "").strip()
        if not raw or raw == "0":
            continue
        try:
            count = int(raw)
        except ValueError:
            errors.append(Violation(path, f"{s.english} chaff: {raw!r} is not a count"))
            continue
        if count < 0:
            errors.append(Violation(path, f"{s.english} chaff: a count cannot be negative"))
            continue
        ids = pool.take(s.id, count)
        if ids is None:
            available = len(pool.free.get(f"{s.id}-chaff", []))
            errors.append(
                Violation(
                    path,
                    f"{s.english} chaff: {count} entered, but only {available} are left "
                    "in the deck for this entry",
                )
            )
        else:
            cards += ids
    return cards


def picked(cards: Sequence[str] | None) -> dict[str, Any]:
    """The picker's state for a list of card ids: ticked specials and chaff counts."""
    ids = [c for c in cards or () if isinstance(c, str) and c in CARD_BY_ID]
    counts = Counter(CARD_BY_ID[c].suit.id for c in ids if CARD_BY_ID[c].chaff_group)
    return {"ids": {c for c in ids if not CARD_BY_ID[c].chaff_group}, "chaff": dict(counts)}


def _int(form: Mapping[str, str], key: str) -> int | str | None:
    raw = (form.get(key) or "").strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return raw


def entry_from_form(
    game: str, form: MultiDict[str, str], n: int, errors: list[Violation]
) -> dict[str, Any]:
    """The JSON-shaped entry a round's form describes (``n`` players on the form)."""
    deck = DECKS.get(game, frozenset())
    entry: dict[str, Any] = {}
    dealer = _int(form, "dealer")
    if dealer is not None:
        entry["dealer"] = dealer
    if game in ("toppa", "baka"):
        rest = _int(form, "rest")
        piles, hands = ChaffPool(deck), ChaffPool(deck)
        players = []
        for i in range(n):
            p: dict[str, Any] = {}
            if rest != i:
                p["captured"] = read_cards(
                    form, f"p{i}_pile", piles, f"players.{i}.captured", errors
                )
            hand = read_cards(form, f"p{i}_hand", hands, f"players.{i}.hand", errors)
            if hand:
                p["hand"] = hand
            players.append(p)
        entry["players"] = players
    elif game == "tokotoko":
        pool = ChaffPool(deck)
        entry["field"] = read_cards(form, "field", pool, "field", errors)
        stake = _int(form, "stake")
        if stake is not None:
            entry["stake"] = stake
        players = []
        for i in range(n):
            p = {"hand": read_cards(form, f"p{i}_hand", pool, f"players.{i}.hand", errors)}
            leave = form.get(f"p{i}_leave", "")
            if leave:
                four = {"hand": p["hand"], "field": entry["field"]}
                where, _, k = leave.partition("-")
                if (
                    where in four
                    and k in ("0", "1")
                    and len(four[where]) == 2
                    and len(entry["field"]) == 2
                    and len(p["hand"]) == 2
                ):
                    out = four[where][int(k)]
                    p["chosen"] = [c for c in p["hand"] + entry["field"] if c != out]
                else:
                    errors.append(
                        Violation(
                            f"players.{i}.chosen",
                            "Enter both hand cards and both field cards before choosing which "
                            "card was left out",
                        )
                    )
            players.append(p)
        entry["players"] = players
    elif game == "otoroku":
        pool = ChaffPool(deck)
        wager = _int(form, "wager")
        if wager is not None:
            entry["wager"] = wager
        players = []
        for i in range(n):
            name = form.get(f"p{i}_name")
            cards: list[Any] = read_cards(form, f"p{i}_cards", pool, f"players.{i}.cards", errors)
            for token in (form.get(f"p{i}_values") or "").replace(",", " ").split():
                try:
                    cards.append(int(token))
                except ValueError:
                    errors.append(
                        Violation(f"players.{i}.cards", f"{token!r} is not a card value (1 to 10)")
                    )
            p = {"name": name, "cards": cards}
            pw = _int(form, f"p{i}_wager")
            if pw is not None:
                p["wager"] = pw
            players.append(p)
        entry["players"] = players
    elif game == "tokan":
        players = []
        for i in range(n):
            if not form.get(f"p{i}_seated"):
                continue
            p = {
                "name": form.get(f"p{i}_name"),
                "dice": [_int(form, f"p{i}_d1"), _int(form, f"p{i}_d2")],
            }
            for side in ("left", "right"):
                amount = _int(form, f"p{i}_{side}_n")
                direction = form.get(f"p{i}_{side}_dir", "more")
                if isinstance(amount, int):
                    amount = -abs(amount) if direction == "less" else abs(amount)
                p[side] = amount if amount is not None else 0
            players.append(p)
        entry["players"] = players
    return entry


def tokotoko_left_out(player: Mapping[str, Any], field: Sequence[str] | None) -> str:
    """The picker's 'left out' choice for a player's chosen triple ('' for none)."""
    chosen = player.get("chosen") if isinstance(player, Mapping) else None
    hand = player.get("hand") if isinstance(player, Mapping) else None
    if not chosen or not isinstance(hand, list) or not isinstance(field, list):
        return ""
    for where, cards in (("hand", hand), ("field", field)):
        for k, c in enumerate(cards[:2]):
            if c not in chosen:
                return f"{where}-{k}"
    return ""


def tokan_side(prediction: Any) -> dict[str, Any]:
    if isinstance(prediction, int) and prediction < 0:
        return {"dir": "less", "n": -prediction}
    return {"dir": "more", "n": prediction if isinstance(prediction, int) else 0}
