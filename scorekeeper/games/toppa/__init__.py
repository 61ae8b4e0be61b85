"""Toppa and Baka: captured piles and exposed hands scored against a par (RULES 4 and 6).

One folder for both. Baka is not a game of its own folder because it is Toppa's engine with
other numbers: the same yaku, the same entry and its checks, the same draw for the first
dealer, the same form, tally and result templates. What differs (par, players, hand size,
chaff threshold, rounds of a game, house rules, title, how the yaku settle) is one frozen
``Variant`` with a ``TOPPA`` and a ``BAKA`` value (``variant.py``); the engine reads the
variant and never compares a game's name. A ``games/baka/`` folder would have to copy the
templates or reach into this folder for them.
"""

from scorekeeper.games.toppa.game import BAKA, TOPPA

GAMES = (TOPPA, BAKA)
