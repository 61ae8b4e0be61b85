"""The web layer: one blueprint per module (sessions, rounds, check, api)."""

from __future__ import annotations

from flask import abort

from scorekeeper import tables
from scorekeeper.models import Table


def get_table_or_404(token: str, *, lock: bool = False) -> Table:
    """The table behind a link, or 404 (the same answer for a wrong or a foreign token)."""
    try:
        return tables.find_table(token, lock=lock)
    except LookupError:
        abort(404, description="There is no table at this link. Check the address you were sent.")
