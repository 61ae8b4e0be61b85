"""The JSON types every layer names: what a client sent before it is checked, and objects whose
keys their own code decides (Flask's JSON for answers is ``json_provider``'s; the database
columns' JSON is ``codec``'s)."""

from __future__ import annotations

from typing import TypeAlias

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any JSON value, as ``json_loads`` reads it: what a client sent before it is checked, or a
JSON column whose keys its own code decides."""
JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object whose keys and values nothing fixes in advance (checked where it is read)."""
