"""The taught decks' part of the OpenAPI description (API.md "Photos and decks"): their paths
and answers, added to the document by ``views.decks.describe``."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.schema import CARD, NULLABLE_STRING, array, obj

ERRORS = {"$ref": "#/components/schemas/Errors"}
BOX = {
    "type": "array",
    "description": "x, y, width, height in the photo's pixels.",
    "items": {"type": "integer", "minimum": 0},
    "minItems": 4,
    "maxItems": 4,
}
HEAD = {
    "id": {"type": "string", "description": "The deck's id: a write key, as a table's."},
    "url": {"type": "string", "description": "The deck's page."},
    "name": NULLABLE_STRING,
}
CREATED = obj(
    {
        **HEAD,
        "cards": {
            **array(obj({"card": CARD, "box": BOX}, {"looks_like": CARD})),
            "description": "The 48 cells of the layout photo in grid order (none for a deck "
            "made with a name alone); looks_like when a face looks more like another card.",
            "maxItems": 48,
        },
    }
)
DECK = obj(
    {
        **HEAD,
        "cards": {
            **array(obj({"card": CARD, "face_url": {"type": "string"}})),
            "description": "The faces the deck holds, in grid order: each a small JPEG.",
            "maxItems": 48,
        },
    }
)
PHOTO = {"type": "string", "format": "binary"}
DECK_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
CARD_ID = {"name": "card", "in": "path", "required": True, "schema": {"type": "string"}}


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: str) -> dict[str, Any]:
    said = {
        "403": "The host has closed the creation of new tables and decks.",
        "404": "No deck has this id.",
        "413": "The body is larger than the server takes.",
        "422": "Not a readable photo, not the cards asked for, or a bad name or card id: "
        "the message says why.",
        "429": "Too many requests from this address: see Retry-After.",
    }
    return {code: _json(said[code], ERRORS) for code in codes}


def _multipart(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    schema = {"type": "object", "required": required, "properties": properties}
    return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}


PATHS: dict[str, Any] = {
    "/api/v1/decks": {
        "post": {
            "summary": "Teach a deck: one photo of its 48 cards laid out as the grid",
            "description": "Six rows of eight, two months a row in month order, each month's "
            "four cards in the grid's order. With `name` alone, an empty deck to fill card by "
            "card. Only each card's face is kept, as a small JPEG; never the photo.",
            "requestBody": _multipart(
                {"name": {"type": "string", "minLength": 1, "maxLength": 60}, "photo": PHOTO}, []
            ),
            "responses": {
                "201": _json("The deck, with the cells of its layout photo.", CREATED),
                **_errors("403", "413", "422", "429"),
            },
        }
    },
    "/api/v1/decks/{id}": {
        "parameters": [DECK_ID],
        "get": {
            "summary": "A deck and the faces it holds",
            "responses": {"200": _json("The deck.", DECK), **_errors("404")},
        },
        "delete": {
            "summary": "Delete a deck: tables and clubs that named it forget it",
            "responses": {"204": {"description": "Deleted."}, **_errors("404", "429")},
        },
    },
    "/api/v1/decks/{id}/cards/{card}": {
        "parameters": [DECK_ID, CARD_ID],
        "put": {
            "summary": "Set or replace one card's face from a photo of that card alone",
            "requestBody": _multipart({"photo": PHOTO}, ["photo"]),
            "responses": {
                "200": _json("The deck.", DECK),
                **_errors("404", "413", "422", "429"),
            },
        },
    },
}
