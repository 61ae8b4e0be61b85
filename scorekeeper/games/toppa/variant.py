"""What Toppa and Baka differ in, as parameters of one engine: ``TOPPA`` and ``BAKA``.

Baka stays in Toppa's folder rather than a ``games/baka/`` of its own: it is the same engine
(the same yaku, the same entry, the same draw) with other numbers, and it shows the same
form, tally and result templates; a folder of its own would copy those templates or reach
into this one. The engine reads a ``Variant`` and never a game's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.games.toppa.house_rules import BAKA_RULES, TOPPA_RULES
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Bound, Option


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the family: everything in which Toppa and Baka differ."""

    id: str
    """The game's id (its key in the registry and its results' ``game``)."""
    title: Msg
    players: int
    par: int
    """The card points each player is measured against (RULES 4.5, 4.6)."""
    hand_size: int
    """Cards dealt to a hand: what a hand's teyaku of all its cards needs (RULES 4.3)."""
    chaff_threshold: int
    """The chaff a pile needs for the chaff yaku (R7)."""
    rule_options: tuple[Option, ...]
    """The house rules the game offers."""
    rounds: int | None
    """Rounds in a game (Baka: 3, read from the body's ``round``); None when every round
    stands alone."""
    exchange: bool
    """True: the yaku difference settles by an exchange of captured cards and the winner
    deals next (Toppa, RULES 4.5). False: Low Man Out, yaku and card points settle
    arithmetically and dealers rotate (Baka, RULES 4.6)."""
    hand_ruling: str | None
    """The ruling a teyaku of the whole hand cites (Baka: R4), if any."""
    bounds: tuple[Bound, ...] = ()
    """Bounds of the body beyond the players (Baka's round of the game)."""


BAKA_ROUNDS = 3
#: Baka's Low Man Out (RULES 4.6): card points at most the limit are paid the payment by
#: each other player.
LOW_MAN_OUT_LIMIT = 25
LOW_MAN_OUT_PAYMENT = 40
#: Baka's round of the game (a table works it out; the dispute checker asks).
ROUND = Bound("round", 1, BAKA_ROUNDS, N_("the round of the game (1, 2 or 3)"))

TOPPA = Variant(
    id="toppa",
    title=N_("Toppa"),
    players=2,
    par=120,
    hand_size=10,
    chaff_threshold=12,
    rule_options=TOPPA_RULES,
    rounds=None,
    exchange=True,
    hand_ruling=None,
)
BAKA = Variant(
    id="baka",
    title=N_("Baka"),
    players=3,
    par=80,
    hand_size=7,
    chaff_threshold=10,
    rule_options=BAKA_RULES,
    rounds=BAKA_ROUNDS,
    exchange=False,
    hand_ruling="R4",
    bounds=(ROUND,),
)
VARIANTS = (TOPPA, BAKA)
