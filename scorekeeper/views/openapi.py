"""The JSON API described as OpenAPI 3.1, served at ``/api/v1/openapi.json`` (issue 20 part 4).

The document is assembled here from three parts: the routes (``openapi_paths.py``) and the
shared schemas (``openapi_schemas.py``), written by hand from ``shared/API.md``, and each
registered game's result, which the game describes itself (``Game.result_schema``, in its
folder's ``openapi.py``; issue 32). ``tests/web/test_openapi.py`` keeps it true: every route
of the API is in it and nothing else is, and real answers of every game and route validate
against its schemas. Schemas are JSON Schema 2020-12, as OpenAPI 3.1 has them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Response, jsonify

from scorekeeper.games import GAMES, Game
from scorekeeper.games.schema import Schema, ref
from scorekeeper.views import decks, photos
from scorekeeper.views.openapi_paths import PATHS
from scorekeeper.views.openapi_schemas import BASICS, SCHEMAS

bp = Blueprint("openapi", __name__, url_prefix="/api/v1")

INFO = {
    "title": "Scorekeeper",
    "version": "1",
    "description": "Exact score keeping for hanafuda and dice games at a real table. "
    "Amounts are strings holding exact numbers; no cookie or CSRF token is needed.",
}


def results(games: Iterable[Game]) -> dict[str, Schema]:
    """The games' results and the parts they refer to, by name, in the games' order: games
    that share a result (one engine, two games) name it once."""
    named: dict[str, Schema] = {}
    for game in games:
        described = game.result_schema()
        for name, schema in {described.name: described.schema, **described.parts}.items():
            if named.setdefault(name, schema) != schema:
                raise ValueError(f"two different schemas are called {name!r}")
    return named


def document(games: Iterable[Game]) -> dict[str, Any]:
    """The whole description for ``games``: their ids and their results filled in."""
    games = list(games)
    ids = {"enum": [g.id for g in games]}
    paths = copy.deepcopy(PATHS)
    score = paths["/api/v1/score/{game}"]["post"]
    score["parameters"][0]["schema"] = ids
    answer = score["responses"]["200"]["content"]["application/json"]["schema"]
    answer["oneOf"] = [ref(name) for name in dict.fromkeys(g.result_schema().name for g in games)]
    schemas = copy.deepcopy({**BASICS, **results(games), **SCHEMAS})
    schemas["Session"]["properties"]["game"] = ids
    return {
        "openapi": "3.1.0",
        "info": INFO,
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": paths,
        "components": {"schemas": schemas},
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """The description, its games those registered now, the photo reader's and the taught
    decks' paths."""
    spec = document(GAMES.values())
    photos.describe(spec)
    decks.describe(spec)
    return jsonify(spec)
