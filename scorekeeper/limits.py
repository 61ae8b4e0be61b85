"""Limits for a public host (API.md "Limits"): how often one client address may create
tables, import them, and write to one table, with Flask-Limiter.

Reading a table and the live poll are never limited. A request over a limit is answered
``429`` with ``Retry-After`` (seconds) and nothing is stored; ``scorekeeper.wiring`` writes the
answer (the API's JSON errors, or a page in the player's language).

Settings, each also read from the environment with the ``SCOREKEEPER_`` prefix:

- ``RATELIMIT_ENABLED``: ``False`` turns every limit off (the default while testing);
- ``RATELIMIT_STORAGE_URI``: where the counts live, ``memory://`` (each process counts on its
  own) or a store that several processes share, such as ``redis://host:6379``;
- ``RATELIMIT_CREATE``, ``RATELIMIT_IMPORT``, ``RATELIMIT_IMPORT_TRIES``,
  ``RATELIMIT_WRITE``, ``RATELIMIT_PREVIEW`` and ``RATELIMIT_RECOGNISE``: the per-action
  limits, in Flask-Limiter's notation (``"60 per minute; 1000 per day"``);
- ``CREATION_OPEN``: ``False`` closes the creation of new tables (a new table, a rematch, an
  import, and a taught deck) altogether, answered ``403`` with a message.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import wraps
from typing import ParamSpec, TypeVar, cast

from flask import Flask, Response, abort, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from scorekeeper.messages import N_

P = ParamSpec("P")
R = TypeVar("R")

#: The documented defaults (README "Limits for a public host").
DEFAULTS: dict[str, str] = {
    # New tables (from the home page, the API, a rematch): only those created count.
    "RATELIMIT_CREATE": "60 per minute; 1000 per day",
    # Tables imported: only those stored count ...
    "RATELIMIT_IMPORT": "20 per minute; 200 per day",
    # ... and every attempt, as each may carry up to IMPORT_MAX_LENGTH to read.
    "RATELIMIT_IMPORT_TRIES": "60 per minute",
    # Writes to one table (rounds entered, corrected, deleted, undone; settle-ups; changes).
    "RATELIMIT_WRITE": "300 per minute; 3000 per hour",
    # A round form's bar asking what Save would say (issue 39): a request ~150 ms after the
    # last tap, so a quick player makes a few a second; nothing is stored.
    "RATELIMIT_PREVIEW": "600 per minute; 12000 per hour",
    # Photos read into cards (POST /api/v1/recognise): each is seconds of the server's work.
    "RATELIMIT_RECOGNISE": "20 per minute; 300 per day",
}

CLOSED = N_(
    "This server is not taking new tables at the moment: its host has closed them. "
    "Tables already open keep working."
)
TOO_MANY = N_(
    "Too many requests from your address in a short time, so nothing was saved. "
    "Try again in %(seconds)s seconds."
)

KIND = "_scorekeeper_limit"
"""The attribute that marks a view with the kind of limit it keeps (``init_app`` applies it)."""


def init_app(app: Flask) -> None:
    """Give this app its own limiter (its own counts and settings: two apps in one process
    never share them), and apply it to every view marked by ``creates``, ``imports`` or
    ``writes``. Call it once the blueprints are registered."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("CREATION_OPEN", True)
    limiter = Limiter(key_func=get_remote_address, default_limits=[])
    limiter.init_app(app)
    app.extensions["scorekeeper.limits"] = limiter
    for endpoint, view in list(app.view_functions.items()):
        kind = getattr(view, KIND, None)
        if kind is not None:
            app.view_functions[endpoint] = _limited(limiter, kind, view)  # type: ignore[assignment]


def _limited(limiter: Limiter, kind: str, view: Callable[..., R]) -> Callable[..., R]:
    if kind == "create":
        return limiter.shared_limit(
            _setting("RATELIMIT_CREATE"), scope="create", deduct_when=_stored
        )(view)
    if kind == "import":
        tries = limiter.shared_limit(_setting("RATELIMIT_IMPORT_TRIES"), scope="import-tries")
        stored = limiter.shared_limit(
            _setting("RATELIMIT_IMPORT"), scope="import", deduct_when=_stored
        )
        return tries(stored(view))
    if kind == "recognise":
        return limiter.shared_limit(_setting("RATELIMIT_RECOGNISE"), scope="recognise")(view)
    if kind == "preview":
        return limiter.shared_limit(
            _setting("RATELIMIT_PREVIEW"), scope="preview", key_func=_address_and_table
        )(view)
    return limiter.shared_limit(
        _setting("RATELIMIT_WRITE"),
        scope="write",
        key_func=_address_and_table,
        methods=["POST", "PUT", "PATCH", "DELETE"],
    )(view)


def _setting(key: str) -> Callable[[], str]:
    return lambda: str(current_app.config[key])


def _stored(response: Response) -> bool:
    """Whether the request stored something (counted by the limits on what is stored)."""
    return response.status_code < 400


def _address_and_table() -> str:
    """The key of the limit on writes: the client's address and the table's link."""
    token = (request.view_args or {}).get("token", "")
    return f"{get_remote_address()} {token}"


def _open_for_creation(view: Callable[P, R]) -> Callable[P, R]:
    @wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        if not current_app.config.get("CREATION_OPEN", True):
            abort(403, description=CLOSED)
        return view(*args, **kwargs)

    return wrapped


def _mark(view: Callable[P, R], kind: str) -> Callable[P, R]:
    setattr(view, KIND, kind)
    return view


def creates(view: Callable[P, R]) -> Callable[P, R]:
    """A view that creates a table: open only while creation is, and limited per address."""
    return _mark(_open_for_creation(view), "create")


def imports(view: Callable[P, R]) -> Callable[P, R]:
    """A view that imports a table: creation's rules, and its own limits per address."""
    return _mark(_open_for_creation(view), "import")


def writes(view: Callable[P, R]) -> Callable[P, R]:
    """A view that writes to one table (``token`` in its URL): limited per address and table."""
    return _mark(view, "write")


def previews(view: Callable[P, R]) -> Callable[P, R]:
    """A view that works out what a round form's Save would say, storing nothing (the bar,
    issue 39): a generous limit of its own per address and table, apart from the writes'."""
    return _mark(view, "preview")


def recognises(view: Callable[P, R]) -> Callable[P, R]:
    """A view that reads a photo into cards: limited per address (each is costly)."""
    return _mark(view, "recognise")


def recognising() -> AbstractContextManager[None]:
    """The limit on photos for a round form that reads one (``with limits.recognising():``),
    counted with ``POST /api/v1/recognise``'s."""
    limiter: Limiter = current_app.extensions["scorekeeper.limits"]
    shared = limiter.shared_limit(_setting("RATELIMIT_RECOGNISE"), scope="recognise")
    return cast(AbstractContextManager[None], shared)


def retry_after() -> int:
    """Seconds until the limit this request broke lets it through again (at least 1)."""
    limiter: Limiter = current_app.extensions["scorekeeper.limits"]
    current = limiter.current_limit
    if current is None:
        return 60
    return max(1, math.ceil(current.reset_at - time.time()))
