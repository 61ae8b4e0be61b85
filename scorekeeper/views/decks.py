"""Taught decks in the JSON API (issue 38; API.md "Photos and decks"): a deck made from one
photo of the deck laid out, or card by card; a face replaced; the deck read and deleted.

A deck's id is a write key, as a table's. Faces are small JPEGs of each card alone: the
photo itself lives in memory for the request only, as every photo does (``photos``).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper import limits, photos, teaching
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.tables import service
from scorekeeper.views.api import BadBody, errors_response, read_json_object
from scorekeeper.views.deck_schema import PATHS
from scorekeeper.views.links import public_url

bp = Blueprint("decks", __name__, url_prefix="/api/v1")

NO_DECK = "No such deck"


@bp.before_request
def _photo_body() -> None:
    photos.in_memory(request)


@bp.errorhandler(InvalidInput)
def _invalid(exc: InvalidInput) -> tuple[Response, int]:
    service.rollback()
    return errors_response([v.to_dict() for v in exc.violations], 422)


@bp.errorhandler(BadBody)
def _bad_body(exc: BadBody) -> tuple[Response, int]:
    service.rollback()
    return errors_response([{"field": "", "message": str(exc)}], 400)


@bp.errorhandler(teaching.DeckNotFound)
def _no_deck(exc: teaching.DeckNotFound) -> tuple[Response, int]:
    service.rollback()
    return errors_response([{"field": "", "message": NO_DECK}], 404)


def deck_link(deck: teaching.Deck) -> str:
    """The deck's page, as other phones should open it."""
    return public_url("deck_page.show", token=deck.token)


def deck_json(deck: teaching.Deck) -> JSONObject:
    """The deck as API.md shows it: the faces it holds, each with its small JPEG's link."""
    cards: list[JSONValue] = [
        {"card": card, "face_url": face_url(deck, card)} for card in teaching.faces_by_card(deck)
    ]
    return {"id": deck.token, "url": deck_link(deck), "name": deck.name, "cards": cards}


def face_url(deck: teaching.Deck, card: str) -> str:
    """A face's JPEG; its address changes with the deck's faces, so it may be kept."""
    return url_for("deck_page.face", token=deck.token, card=card, v=deck.version)


def created_json(deck: teaching.Deck, placed: list[teaching.Placed]) -> JSONObject:
    """A deck just made: the cells of its layout photo, in grid order."""
    cards: list[JSONValue] = []
    for cell in placed:
        item: JSONObject = {"card": cell.card, "box": list[JSONValue](cell.box)}
        if cell.looks_like is not None:
            item["looks_like"] = cell.looks_like
        cards.append(item)
    return {"id": deck.token, "url": deck_link(deck), "name": deck.name, "cards": cards}


def sent_photo() -> bytes | None:
    """The request's photo, None when it sends none (``InvalidInput`` for an empty field)."""
    if photos.FIELD not in request.files:
        return None
    try:
        return photos.uploaded()
    except photos.BadPhoto as exc:
        raise InvalidInput([Violation(photos.FIELD, exc.message)]) from None


def sent_name() -> object:
    """The name sent in the form (multipart), or in a JSON body, read as every JSON body is
    (``read_json_object``: 400 when it is no JSON object, 422 for what no deck can keep)."""
    if request.is_json:
        return read_json_object().get(teaching.NAME)
    return request.form.get(teaching.NAME)


@bp.post("/decks")
@limits.creates
def create() -> ResponseReturnValue:
    """A new deck: from one photo of the 48 cards laid out as the grid, or empty, named."""
    photo = sent_photo()
    if photo is not None:
        with limits.recognising():
            deck, placed = teaching.create(sent_name(), photo)
    else:
        deck, placed = teaching.create(sent_name(), None)
    service.commit()
    resp = jsonify(created_json(deck, placed))
    resp.status_code = 201
    resp.headers["Location"] = deck_link(deck)
    return resp


@bp.get("/decks/<token>")
def get(token: str) -> ResponseReturnValue:
    return jsonify(deck_json(teaching.find(token)))


@bp.delete("/decks/<token>")
@limits.writes
def delete(token: str) -> ResponseReturnValue:
    """The deck and its faces; tables and clubs that named it forget it."""
    teaching.delete_deck(teaching.find(token, lock=True))
    service.commit()
    return Response(status=204)


@bp.put("/decks/<token>/cards/<card>")
@limits.writes
def set_face(token: str, card: str) -> ResponseReturnValue:
    """Set or replace one card's face from a photo of that card alone."""
    deck = teaching.find(token, lock=True)
    teaching.card_of(card)
    photo = sent_photo()
    if photo is None:
        raise InvalidInput([Violation(photos.FIELD, photos.NO_PHOTO)])
    with limits.recognising():
        teaching.set_face(deck, card, photo)
    service.commit()
    return jsonify(deck_json(deck))


def describe(spec: dict[str, object]) -> None:
    """Add these endpoints to the OpenAPI document (``views.openapi``)."""
    paths = spec["paths"]
    assert isinstance(paths, dict)
    paths.update(PATHS)
