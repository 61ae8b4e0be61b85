"""The house rules of Toppa and Baka (RULES 4.4 and 4.6) and how a round's body reads them."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.messages import N_
from scorekeeper.rules.common import Body, Option, Reader

#: House rules of RULES 4.4 and 4.6, defaults as listed there: every one either game reads (a
#: body of either may give any of them). Which game offers which: ``TOPPA_RULES``,
#: ``BAKA_RULES`` below.
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


_BY_KEY = {o.key: o for o in RULE_OPTIONS}
#: The house rules each game offers, by name: a new rule is added to the games it is for.
#: The others are accepted in a body of the game and have no effect (Toppa settles no
#: yaku against an average and has no Low Man Out).
TOPPA_RULES = tuple(_BY_KEY[k] for k in ("yaku_values", "boar_deer_butterfly", "willow_as_chaff"))
BAKA_RULES = (
    *TOPPA_RULES,
    *(_BY_KEY[k] for k in ("yaku_settlement", "low_man_out_forfeits_cards")),
)

DEFAULT_RULES = Rules()
RULE_NAMES = frozenset(_BY_KEY)


def parse_rules(r: Reader, raw: Body, path: str = "rules") -> Rules:
    """A body's house rules, each defaulting as declared; a mistake added to ``r``."""
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
        return r.choice_option(raw, _BY_KEY[key], f"{path}.{key}")

    def flag(key: str) -> bool:
        return r.boolean(raw, key, f"{path}.{key}", bool(_BY_KEY[key].default))

    return Rules(
        yaku_values=choice("yaku_values"),
        boar_deer_butterfly=flag("boar_deer_butterfly"),
        willow_as_chaff=flag("willow_as_chaff"),
        yaku_settlement=choice("yaku_settlement"),
        low_man_out_forfeits_cards=flag("low_man_out_forfeits_cards"),
    )
