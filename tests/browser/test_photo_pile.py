"""Issue 33's acceptance, tried as a player would at 360x740 with the real recogniser: a
24-card pile spread on a table (a generated photo, from the render and the looks the builder
never used), one photo, the grid filled with the cards that were there, the unsure ones marked,
Save. The seconds from choosing the photo to the saved round are printed (measured, not
asserted: the machine is shared). It needs this one photo read exactly right: after a rebuild
of the model it may need another seed (docs/recogniser.md says how often a pile is exact)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections import Counter

import cv2
import numpy as np
import pytest

from recogniser import scenes
from scorekeeper.cards import CARD_BY_ID
from tests.browser.conftest import SHOTS

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}


@pytest.fixture()
def phone(browser, request):
    from tests.browser.conftest import phone_page

    yield from phone_page(browser, request, SMALL)


def group(card_id: str) -> str:
    return CARD_BY_ID[card_id].chaff_group or card_id


def test_a_24_card_pile_from_one_photo_fills_the_grid_and_saves(server, phone, tmp_path):
    from playwright.sync_api import expect

    ids = scenes.card_ids()
    rng = np.random.default_rng(2026)
    # a pile as Toppa's are, every month's cards in pairs (RULES.md): four whole months and
    # two cards of each of four others, laid out in a shuffled order
    by_month: dict[str, list[int]] = {}
    for face, card in enumerate(ids):
        by_month.setdefault(card.split("-")[0], []).append(face)
    months = [by_month[m] for m in rng.permutation(sorted(by_month))[:8]]
    pile = [f for m in months[:4] for f in m] + [f for m in months[4:] for f in m[:2]]
    pile = [int(f) for f in rng.permutation(pile)]
    sc = scenes.scene(
        rng, scenes.load_faces("heldout"), 24, (2000, 1500), held_out=True, cards=pile
    )
    assert len(sc.expected) == 24
    path = tmp_path / "pile.jpg"
    cv2.imwrite(str(path), sc.image, [cv2.IMWRITE_JPEG_QUALITY, 88])
    body = json.dumps({"game": "toppa", "players": ["Aki", "Ben"]}).encode()
    req = urllib.request.Request(
        server + "/api/v1/sessions", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        table = json.loads(resp.read())
    phone.goto(table["url"] + "/rounds/new")
    expect(phone.locator(".deck .card[data-card]").first).to_be_visible()

    started = time.perf_counter()
    phone.set_input_files("input[data-photo]", str(path))
    expect(phone.locator(".photo-show")).to_have_text(re.compile(r"Photo \(\d+\)"))
    filled = time.perf_counter() - started
    pressed = phone.eval_on_selector_all(
        ".deck .card[aria-pressed=true]", "els => els.map(e => e.dataset.card)"
    )
    assert Counter(group(c) for c in pressed) == Counter(group(ids[i]) for i in sc.expected)
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("24")
    unsure = phone.locator(".deck .card.unsure").count()
    if unsure:
        word = "card" if unsure == 1 else "cards"
        expect(phone.locator(".photo-note")).to_have_text(f"{unsure} {word} to check")
    else:
        expect(phone.locator(".photo-note")).not_to_contain_text("to check")
    phone.screenshot(path=str(SHOTS / "photo-pile-24-360.png"))
    phone.get_by_role("button", name="Save and score").click()
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    saved = time.perf_counter() - started
    with urllib.request.urlopen(f"{server}/api/v1/sessions/{table['id']}", timeout=30) as r:
        stored = json.loads(r.read())
    assert sorted(stored["rounds"][0]["input"]["players"][0]["captured"]) == sorted(pressed)
    print(
        f"\n24-card photo at 360x740: grid filled in {filled:.2f} s, {unsure} to check, "
        f"saved {saved:.2f} s after the photo was chosen"
    )
