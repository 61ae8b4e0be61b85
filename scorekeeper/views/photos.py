"""Reading a photo of a pile into cards: ``POST /api/v1/recognise`` (issue 33; docs/api.md).

Nothing is stored: the photo lives in memory for the request only, and is never logged. A
photo that finds every reader busy (``photos.Busy``, issue 38) is answered ``503`` with
``Retry-After`` by every view of the app that reads one (``busy``); the round forms catch it
themselves to say so beside the photo's field.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import ServiceUnavailable

from scorekeeper import limits, photos, teaching
from scorekeeper.i18n import translate as tr
from scorekeeper.tables import service
from scorekeeper.tables.reading import NotFound
from scorekeeper.views.openapi_paths import BUSY

bp = Blueprint("photos", __name__, url_prefix="/api/v1")


@bp.app_errorhandler(photos.Busy)
def busy(exc: photos.Busy) -> ResponseReturnValue:
    """Every photo reader stayed busy: ``503`` and when to try again, as the API's JSON
    errors under /api/ (in English, as the API is), else as a page in the player's language."""
    headers = {"Retry-After": str(exc.retry_after)}
    if request.path.startswith("/api/"):
        return jsonify({"errors": [{"field": "", "message": str(exc.message)}]}), 503, headers
    page = render_template("errors/error.html", error=ServiceUnavailable(tr(exc.message)))
    return page, 503, headers


@bp.before_request
def _photo_body() -> None:
    photos.in_memory(request)


@bp.post("/recognise")
@limits.recognises
def recognise() -> ResponseReturnValue:
    """The cards a photo shows, with how sure the recogniser is of each and where it is;
    read against a taught deck's faces when a ``deck`` (or the round form's ``table``) has
    one (API.md "Photos and decks"). Only read: it waits for no write lock and holds none
    while the photo is read (``service.showing``)."""
    with service.showing():
        return _recognised()


def _recognised() -> ResponseReturnValue:
    try:
        deck = teaching.deck_for_reading(_sent("deck"), _sent("table"))
    except NotFound:
        field = "deck" if _sent("deck") is not None else "table"
        message = "No such deck" if field == "deck" else "No such table"
        return jsonify({"errors": [{"field": field, "message": message}]}), 404
    try:
        reading = teaching.read_with(photos.uploaded(), deck)
    except photos.BadPhoto as exc:
        return jsonify({"errors": [{"field": photos.FIELD, "message": tr(exc.message)}]}), 422
    return jsonify(reading.to_dict())


def _sent(name: str) -> str | None:
    """A form field (or, for the round form's page, a query parameter) of the request."""
    value = request.form.get(name) or request.args.get(name)
    return value or None


ERRORS = {"$ref": "#/components/schemas/Errors"}
RECOGNISED = {
    "type": "object",
    "required": ["cards", "width", "height"],
    "properties": {
        "cards": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["card", "confidence", "box", "unsure"],
                "properties": {
                    "card": {"type": "string", "description": "A card id of RULES.md."},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    "unsure": {
                        "type": "boolean",
                        "description": "Below the confidence the page marks a card to check.",
                    },
                    "box": {
                        "type": "array",
                        "description": "x, y, width, height in the photo's pixels.",
                        "items": {"type": "integer", "minimum": 0},
                        "minItems": 4,
                        "maxItems": 4,
                    },
                },
            },
        },
        "width": {"type": "integer", "minimum": 1},
        "height": {"type": "integer", "minimum": 1},
    },
}
PATH = {
    "post": {
        "summary": "Read the cards a photo shows (nothing is stored)",
        "description": "One photo (JPEG, PNG or WebP, at most 12 MB) as the multipart field "
        "`photo`. Width, height and boxes are in the photo's pixels as sent, after its EXIF "
        "orientation; a larger photo is scaled down on the server to be read.",
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": [photos.FIELD],
                        "properties": {
                            photos.FIELD: {"type": "string", "format": "binary"},
                            "deck": {
                                "type": "string",
                                "description": "A taught deck's id: the photo is read "
                                "against its faces (a face set for a card decides).",
                            },
                            "table": {
                                "type": "string",
                                "description": "A table's id: read with the table's deck, "
                                "if it has one (the round form sends it).",
                            },
                        },
                    }
                }
            },
        },
        "responses": {
            "200": {
                "description": "The cards found, each with how sure and where.",
                "content": {"application/json": {"schema": RECOGNISED}},
            },
            "404": {
                "description": "The deck (or table) named is unknown.",
                "content": {"application/json": {"schema": ERRORS}},
            },
            "413": {
                "description": "The body is larger than the server takes.",
                "content": {"application/json": {"schema": ERRORS}},
            },
            "422": {
                "description": "Not a readable photo: the message says why (field `photo`).",
                "content": {"application/json": {"schema": ERRORS}},
            },
            "429": {
                "description": "Too many photos from this address: see Retry-After.",
                "content": {"application/json": {"schema": ERRORS}},
            },
            **BUSY,
        },
    }
}


def describe(spec: dict[str, object]) -> None:
    """Add this endpoint to the OpenAPI document (``views.openapi``)."""
    paths = spec["paths"]
    assert isinstance(paths, dict)
    paths["/api/v1/recognise"] = PATH
