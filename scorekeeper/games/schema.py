"""JSON Schema pieces (2020-12, as OpenAPI 3.1 has them) for the API's description.

Each game describes its own result in its folder's ``openapi.py`` with these helpers, as a
``ResultSchema``; ``scorekeeper/views/openapi.py`` assembles the document from the shared
schemas and those of the games registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeAlias

Schema: TypeAlias = dict[str, Any]
"""A JSON Schema, as the document holds it."""


def ref(name: str) -> dict[str, str]:
    """A reference to the document's schema called ``name`` (under ``components``)."""
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: dict[str, Any], optional: dict[str, Any] | None = None) -> Schema:
    """An object with these properties (the required ones first); others may follow."""
    return {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
    }


def array(items: dict[str, Any]) -> Schema:
    return {"type": "array", "items": items}


NULLABLE_STRING: Schema = {"type": ["string", "null"]}
NULLABLE_INT: Schema = {"type": ["integer", "null"]}
CARD: Schema = {"type": "string", "pattern": "^[a-z]+-[a-z]+(-[0-9])?$"}
AMOUNT = ref("Amount")
"""An exact amount (the shared ``Amount`` schema)."""


@dataclass(frozen=True, slots=True)
class ResultSchema:
    """How a game's result (what ``/api/v1/score/{game}`` answers, a round's ``result``)
    looks: a schema named ``name`` in the document, and the named ``parts`` it refers to."""

    name: str
    schema: Schema
    parts: Mapping[str, Schema] = field(default_factory=lambda: MappingProxyType({}))
