"""Tokan: a dice bluffing game with a common pot carried from tour to tour (RULES 2)."""

from scorekeeper.games.tokan.game import TOKAN

GAMES = (TOKAN,)
