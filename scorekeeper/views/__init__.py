"""The web layer: one blueprint per module (tables, rounds, changes, clubs, check, api...).

Views validate the request, call one function of the services (``scorekeeper.tables.service``,
which writes; ``tables.reading``, which reads), commit, and render, redirect or answer; what
differs per game they ask the table's game object. A view never imports the models, the
database, the codecs, the store or the ledger (``tests/test_layers.py`` keeps it so).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from flask import abort, current_app, request

from scorekeeper.messages import N_, Msg
from scorekeeper.rules import Violation
from scorekeeper.tables import reading
from scorekeeper.tables.reading import Table


def get_table_or_404(token: str, *, lock: bool = False) -> Table:
    """The table behind a link, or 404 (the same answer for a wrong or a foreign token)."""
    try:
        return reading.find_table(token, lock=lock)
    except LookupError:
        not_found(N_("There is no table at this link. Check the address you were sent."))


def allow_an_export() -> None:
    """Let this request's body be as large as the largest table's export (an import), not
    the ``MAX_CONTENT_LENGTH`` every other request keeps to. Call it before the body is read."""
    request.max_content_length = int(current_app.config["IMPORT_MAX_LENGTH"])


def not_found(description: str) -> NoReturn:
    abort(404, description=description)


def sentences(violations: Iterable[Violation]) -> Msg:
    """Every violation's message, one sentence after the other (for a notice)."""
    messages = [v.message for v in violations]
    template = " ".join(f"%(m{i})s" for i in range(len(messages)))
    return Msg(template, {f"m{i}": m for i, m in enumerate(messages)})


def errors_by_field(violations: Iterable[Violation]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for v in violations:
        out.setdefault(v.field, []).append(v.message)
    return out


def continued_since_shown(table: Table) -> str | None:
    """The table a rematch (or *Continue*) started from ``table`` after the page that posts
    one showed it (the form's ``seen``, the table's version then), when that rematch is
    the table's last entry: a second tap, or another phone's rematch, is taken to it rather
    than opening another table. None otherwise (a form without ``seen`` too)."""
    seen = request.form.get("seen", "")
    if not (seen.isascii() and seen.isdigit() and len(seen) <= 18) or table.version <= int(seen):
        return None
    latest = reading.latest_entry(table)
    return None if latest is None else reading.continued_at(latest)
