"""JSON as the database columns hold it: orjson, or the standard library for what orjson
does not take (an integer beyond 64 bits), so whatever was written reads back."""

from __future__ import annotations

import json
from typing import Any

import orjson


def json_dumps(value: Any) -> str:
    """The JSON columns' writer: orjson (a long replay writes thousands of rows), or the
    standard library for what orjson does not take (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value)


def json_loads(text: str | bytes) -> Any:
    """The JSON columns' reader, orjson first; whatever ``json_dumps`` wrote reads back."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
