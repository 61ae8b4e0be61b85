"""Tokotoko: a 3-card kabu from 2 hand cards and 2 shared field cards (RULES 3)."""

from scorekeeper.games.tokotoko.game import TOKOTOKO

GAMES = (TOKOTOKO,)
