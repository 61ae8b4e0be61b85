"""The server-rendered pages."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.rules import GAMES

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> str:
    """Show the home page."""
    return render_template("pages/home.html", games=GAMES.values())
