"""The house rules of Toppa and Baka (RULES 4.4 and 4.6) and how a round's body reads them."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.messages import N_
from scorekeeper.rules.common import Body, Option, Reader

#: House rules of RULES 4.4 and 4.6, defaults as listed there. Baka reads all five; Toppa
#: the first three (the others are accepted in a Toppa body and have no effect).
RULE_OPTIONS: tuple[Option, ...] = (
    Option(
        "yaku_values",
        "choice",
        "high",
        N_("Yaku values"),
        choices=(("high", N_("High (five brights 60)")), ("low", N_("Low (five brights 40)"))),
        checker=True,
    ),
    Option("boar_deer_butterfly", "bool", True, N_("Boar-Deer-Butterfly counts"), checker=True),
    Option("willow_as_chaff", "bool", False, N_("Willow cards also count as chaff"), checker=True),
    Option(
        "yaku_settlement",
        "choice",
        "average",
        N_("Yaku settlement"),
        choices=(
            ("average", N_("Against the average (thirds)")),
            ("pairwise", N_("Pairwise (Hachi-hachi)")),
        ),
        checker=True,
    ),
    Option(
        "low_man_out_forfeits_cards",
        "bool",
        False,
        N_("Low Man Out forfeits everybody's card points"),
        checker=True,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """House rules of RULES 4.4 and 4.6 (see ``RULE_OPTIONS`` for their defaults)."""

    yaku_values: str = "high"
    boar_deer_butterfly: bool = True
    willow_as_chaff: bool = False
    yaku_settlement: str = "average"
    low_man_out_forfeits_cards: bool = False


DEFAULT_RULES = Rules()
RULE_NAMES = frozenset(o.key for o in RULE_OPTIONS)
_OPTIONS = {o.key: o for o in RULE_OPTIONS}


_RULES_READ: dict[tuple[tuple[str, object], ...], Rules] = {}
"""House rules already read without a mistake, by their settings: a table's every round
carries the same ones (an import of 10,000 rounds would read them 10,000 times)."""


def parse_rules(r: Reader, raw: Body, path: str = "rules") -> Rules:
    key = _rules_key(raw)
    known = _RULES_READ.get(key) if key is not None else None
    if known is not None:
        return known
    before = len(r.violations)
    rules = _read_rules(r, raw, path)
    if key is not None and len(r.violations) == before and len(_RULES_READ) < 256:
        _RULES_READ[key] = rules
    return rules


def _rules_key(raw: Body) -> tuple[tuple[str, object], ...] | None:
    """``raw``'s settings as a key, or None when a value is not plain text or a boolean."""
    items = tuple(sorted(raw.items()))
    if all(type(v) is str or type(v) is bool for _, v in items):
        return items
    return None


def _read_rules(r: Reader, raw: Body, path: str) -> Rules:
    for key in raw:
        if key not in RULE_NAMES:
            known = ", ".join(sorted(RULE_NAMES))
            r.add(
                f"{path}.{key}",
                N_(
                    "'%(key)s' is not a house rule of Toppa or Baka (known: %(known)s)",
                    key=key,
                    known=known,
                ),
            )

    def choice(key: str) -> str:
        return r.choice_option(raw, _OPTIONS[key], f"{path}.{key}")

    def flag(key: str) -> bool:
        return r.boolean(raw, key, f"{path}.{key}", bool(_OPTIONS[key].default))

    return Rules(
        yaku_values=choice("yaku_values"),
        boar_deer_butterfly=flag("boar_deer_butterfly"),
        willow_as_chaff=flag("willow_as_chaff"),
        yaku_settlement=choice("yaku_settlement"),
        low_man_out_forfeits_cards=flag("low_man_out_forfeits_cards"),
    )
