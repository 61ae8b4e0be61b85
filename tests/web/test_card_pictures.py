"""The card sprite: a drawing for every card, each tile and chip showing its own, sent once."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from scorekeeper.cards import CARDS
from scorekeeper.games.tokotoko.rules import DECK as TOKOTOKO_DECK
from tests.helpers import suit
from tests.web.test_pages import pile_fields

SPRITE = Path(__file__).resolve().parents[2] / "static" / "img" / "cards.svg"
SVG = "{http://www.w3.org/2000/svg}"
TILE = re.compile(
    r'<label class="tile(?: chaff)?" data-(card|suit)="([\w-]+)".*?</label>', re.DOTALL
)
USE = re.compile(r'<use href="(/static/img/cards\.svg\?v=\w+)#([\w-]+)"/>')


def test_the_sprite_draws_every_card_and_nothing_from_outside():
    root = ET.parse(SPRITE).getroot()
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert sorted(symbols) == sorted(c.id for c in CARDS)  # one each, ids as in cards.py
    assert all(s.get("viewBox") == "0 0 40 64" for s in root.iter(f"{SVG}symbol"))
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    refs = [e.get("href") for e in root.iter() if e.get("href") is not None]
    assert refs and all(r.startswith("#") and r[1:] in ids for r in refs), set(refs) - {
        f"#{i}" for i in ids
    }
    text = SPRITE.read_text(encoding="utf-8")
    assert not re.search(r"xlink|https?://(?!www\.w3\.org/2000/svg)|<image|url\(", text)
    # Small enough for the page-weight budget (first visit under 60 KB sent).
    assert len(gzip.compress(text.encode(), compresslevel=9)) <= 25 * 1024


def test_poetry_ribbons_carry_their_writing_and_plain_ones_none():
    text = SPRITE.read_text(encoding="utf-8")

    def symbol(card_id):
        return re.search(rf'<symbol id="{card_id}".*?</symbol>', text, re.DOTALL).group(0)

    for card_id, words in (
        ("pine-ribbon", "あかよろし"),
        ("plum-ribbon", "あかよろし"),
        ("cherry-ribbon", "みよしの"),
    ):
        assert f">{words}</text>" in symbol(card_id), card_id
    for c in CARDS:
        if c.ribbon is not None and c.ribbon.value != "poetry":
            assert "<text" not in symbol(c.id), c.id


def test_every_tile_shows_its_own_card(client):
    page = client.get("/check/toppa").get_data(as_text=True)
    tiles = TILE.findall(page)
    assert tiles
    for kind, key in tiles:
        tile = re.search(
            rf'<label class="tile(?: chaff)?" data-{kind}="{key}".*?</label>', page, re.S
        )
        pictures = USE.findall(tile.group(0))
        own = key if kind == "card" else f"{key}-chaff-1"
        assert [card for _, card in pictures] == [own], tile.group(0)
    # Every special card has a tile; a month's plain cards share one.
    assert {k for kind, k in tiles if kind == "card"} == {
        c.id for c in CARDS if c.chaff_group is None
    }
    assert 'class="val"' not in page  # card values are Tokotoko's


def test_tokotoko_tiles_show_the_value_each_card_counts_for(client):
    page = client.get("/check/tokotoko").get_data(as_text=True)
    # The one Tokotoko grid names a tile by the card it enters (a month's first plain card
    # for its plain cards).
    values = {
        key.split("-chaff")[0]: value
        for key, value in re.findall(
            r'data-(?:card|suit|value)="([\w-]+)"[^>]*>[^<]*<span class="face[^>]*>\s*<svg.*?'
            r'<span class="val"><span class="vh">counts </span>(\d+)</span>',
            page,
            re.S,
        )
    }
    assert values["willow-swallow"] == "2"  # Nagoya order: willow is 2, paulownia 6
    assert values["plum"] == "12"
    assert values["pine-crane"] == "1"
    shown = {c.id for c in CARDS if c.id in TOKOTOKO_DECK and c.chaff_group is None}
    assert shown <= values.keys()


def test_result_chips_show_each_card(client):
    pile = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
    resp = client.post("/check/toppa", data={"n": "2", **pile_fields("p0_pile", pile), "rest": "1"})
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    chips = re.findall(r'<span class="chip m\d+">(.*?)</span></span>', page, re.S)
    assert chips
    shown = set()
    for chip in chips:
        (picture,) = USE.findall(chip)
        shown.add(picture[1])
    assert shown == {c.id for c in CARDS}  # the two captured piles hold the whole deck


def test_the_sprite_is_sent_once_compressed_and_cached_for_a_year(client):
    page = client.get("/check/toppa").get_data(as_text=True)
    urls = {url for url, _ in USE.findall(page)}
    assert len(urls) == 1  # one file for every picture on the page
    (url,) = urls
    raw = client.get(url)
    assert raw.status_code == 200 and raw.mimetype == "image/svg+xml"
    assert raw.get_data() == SPRITE.read_bytes()
    cache = raw.cache_control
    assert cache.public and cache.max_age == 365 * 24 * 3600 and cache.immutable
    raw.close()
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()) == SPRITE.read_bytes()
    assert "Accept-Encoding" in zipped.vary
    again = client.get(
        url, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]}
    )
    assert again.status_code == 304
    zipped.close()
    again.close()
    # Without the current version (an old page, a typed URL) the file is checked each time.
    for stale in ("/static/img/cards.svg", "/static/img/cards.svg?v=0ld"):
        resp = client.get(stale)
        assert resp.status_code == 200 and resp.cache_control.no_cache, stale
        assert not resp.cache_control.max_age
        resp.close()
