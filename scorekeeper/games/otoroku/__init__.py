"""Otoroku: Kingo-like hands of 15 and 16, paid to everyone or against the banker (RULES 5)."""

from scorekeeper.games.otoroku.game import OTOROKU

GAMES = (OTOROKU,)
