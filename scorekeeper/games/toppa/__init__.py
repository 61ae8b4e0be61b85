"""Toppa and Baka: captured piles and exposed hands scored against a par (RULES 4 and 6).

One folder for both: Baka is Toppa's engine for three players with its own par, rounds and
Low Man Out.
"""

from scorekeeper.games.toppa.game import BAKA, TOPPA

GAMES = (TOPPA, BAKA)
