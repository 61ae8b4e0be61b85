"""Who did what (API.md "Who did what"): the name a phone gives itself, carried by each write.

A write names its phone with the header ``X-Scorekeeper-Device`` (the API) or the cookie the
pages keep on the phone; the web layer says how to read it for the request in hand
(``set_reader``), and the journal asks for it when it records an entry (``current``). Pure: no
Flask here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from contextvars import ContextVar

MAX_LENGTH = 40
HEADER = "X-Scorekeeper-Device"
CURRENT = "\x00current"
"""Stands for "the phone making this write" where a name may be given instead (a control
character: no phone's name)."""

_reader: ContextVar[Callable[[], str | None] | None] = ContextVar("device", default=None)


def clean(raw: str) -> str:
    """A phone's name as kept: ``raw`` without surrounding spaces, 1 to 40 characters and no
    control characters; ValueError otherwise."""
    name = raw.strip()
    if not 1 <= len(name) <= MAX_LENGTH:
        raise ValueError(f"A phone's name is 1 to {MAX_LENGTH} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ValueError("A phone's name cannot hold control or unassigned characters")
    return name


def from_header(raw: str) -> str:
    """The header's value as text: HTTP carries it as bytes, which WSGI gives as Latin-1,
    read as the UTF-8 the API asks for (a Japanese name); ValueError for bytes that are no
    UTF-8 (a lone 0xFF would be kept as "ÿ")."""
    try:
        return raw.encode("latin-1").decode("utf-8")
    except UnicodeEncodeError:
        return raw  # not bytes as WSGI gives them: text already
    except UnicodeDecodeError as exc:
        raise ValueError("A phone's name is sent as UTF-8") from exc


def set_reader(reader: Callable[[], str | None] | None) -> None:
    """How this request's phone name is read (the web layer sets it for every request)."""
    _reader.set(reader)


def current() -> str | None:
    """The name of the phone making this write, or None when it gave none."""
    reader = _reader.get()
    return reader() if reader is not None else None
