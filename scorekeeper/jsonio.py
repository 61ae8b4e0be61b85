"""JSON as the database columns hold it: orjson, or the standard library for what orjson
does not take (an integer beyond 64 bits), so whatever was written reads back."""

from __future__ import annotations

import json
import re
from typing import Any, TypeAlias

import orjson
from flask.json.provider import DefaultJSONProvider

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any JSON value, as ``json_loads`` reads it: what a client sent before it is checked, or a
JSON column whose keys its own code decides."""
JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object whose keys and values nothing fixes in advance (checked where it is read)."""


def json_dumps(value: Any) -> str:
    """The JSON columns' writer: orjson (a long replay writes thousands of rows), or the
    standard library for what orjson does not take (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value)


_LONG_NUMBER = re.compile(r"[0-9]{19}")
_LONG_NUMBER_BYTES = re.compile(rb"[0-9]{19}")


def json_loads(text: str | bytes) -> Any:
    """The JSON columns' reader, orjson first; whatever ``json_dumps`` wrote reads back.

    orjson reads an integer beyond 64 bits as a float, which would lose what was stored: a
    text with a run of 19 digits anywhere (in a number or not) goes to the standard library.
    """
    long = _LONG_NUMBER_BYTES.search(text) if isinstance(text, bytes) else _LONG_NUMBER.search(text)
    if long is not None:
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


class Provider(DefaultJSONProvider):
    """Flask's JSON for responses, written by orjson: the API's answers are its largest
    output (a long table's session is hundreds of kilobytes). Keys keep their order, text is
    written as UTF-8 rather than escaped, and whatever orjson does not write itself (dates,
    dataclasses, an integer beyond 64 bits) goes the standard library's way, as before."""

    sort_keys = False
    _OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs.keys() - {"separators"}:  # indented (debug) or other options
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=self._OPTIONS).decode()
        except TypeError:  # orjson.JSONEncodeError
            return super().dumps(obj, **kwargs)
