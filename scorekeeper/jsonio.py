"""The JSON of the app's answers (the database columns' JSON is ``codec``'s)."""

from __future__ import annotations

from typing import Any, TypeAlias

import orjson
from flask.json.provider import DefaultJSONProvider

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any JSON value, as ``json_loads`` reads it: what a client sent before it is checked, or a
JSON column whose keys its own code decides."""
JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object whose keys and values nothing fixes in advance (checked where it is read)."""


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
