"""The card recogniser (issue 33): generated photos of a known layout come back as their cards,
a month's chaff as distinct ids, any photo size within bounded work, from the committed model
that matches the current art and builder (the tests never train)."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter

import cv2
import numpy as np
import pytest

from recogniser import build, scenes
from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.recognise import (
    MAX_SIDE,
    MODEL,
    NONE,
    Found,
    Seen,
    _apart,
    _assign,
    _outlines,
    class_names,
    evidence,
    find_cards,
)
from scorekeeper.recognise.features import LENGTH_UNIT

FACES = scenes.load_faces("heldout")  # the render the builder never saw
IDS = scenes.card_ids()


def group(card_id: str) -> str:
    return CARD_BY_ID[card_id].chaff_group or card_id


def expected(sc: scenes.Scene) -> Counter[str]:
    return Counter(group(IDS[i]) for i in sc.expected)


def test_the_committed_model_was_built_from_the_current_art_and_builder():
    # Rebuild with ./scripts/build-recogniser when this fails: the art or the builder changed.
    meta = json.loads((MODEL / "model.json").read_text())
    assert meta["hash"] == build.source_hash()
    assert meta["small"] is False  # a development build is not to be committed
    assert meta["classes"] == class_names()


def test_the_hash_sees_a_change_to_the_art_or_the_builder(monkeypatch, tmp_path):
    before = build.source_hash()
    copy = tmp_path / "recogniser"
    monkeypatch.setattr(build, "HERE", copy)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    (copy / "cardart").mkdir(parents=True)
    for art in (scenes.ART).iterdir():
        (copy / "cardart" / art.name).write_bytes(art.read_bytes())
    for name in build.SOURCES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((scenes.HERE.parent / name).read_bytes())
    assert build.source_hash() == before
    (tmp_path / "recogniser" / "build.py").write_text("# changed\n", "utf-8")
    changed = build.source_hash()
    assert changed != before
    (copy / "cardart" / "01-bright-crane.svg").write_text("<svg/>", "utf-8")
    assert build.source_hash() not in (before, changed)


def test_the_model_ships_small_with_the_art_licence_beside_it():
    size = sum(p.stat().st_size for p in MODEL.iterdir())
    assert size < 20 * 1024 * 1024
    notice = (MODEL / "NOTICE").read_text()
    assert "Louie Mantia, Jr." in notice and "CC BY-SA 4.0" in notice and "adaptation" in notice


def test_one_card_filling_the_frame_is_found_and_named():
    for seed, face in ((1, IDS.index("pine-crane")), (2, IDS.index("willow-lightning"))):
        sc = scenes.scene(
            np.random.default_rng(seed), FACES, 1, (900, 1200), held_out=True, cards=[face]
        )
        found = find_cards(sc.image)
        assert [group(f.card) for f in found] == [group(IDS[face])]
        x, y, w, h = found[0].box
        assert w * h > 0.2 * 900 * 1200  # the box is the card's, in the photo's pixels


def test_24_cards_spread_and_turned_on_wood_come_back_as_their_cards():
    sc = scenes.scene(np.random.default_rng(7), FACES, 24, (1600, 1200), kind="wood", hard=0.8)
    assert len(sc.cards) == 24
    found = find_cards(sc.image)
    assert Counter(group(f.card) for f in found) == expected(sc)
    assert len({f.card for f in found}) == len(found)  # no id twice
    assert all(0 < f.confidence <= 1 for f in found)


def test_a_months_chaff_comes_back_as_distinct_ids():
    # Every chaff face of three months: pine-chaff-1 and -2, paulownia-chaff-1, -2 and -3.
    chaff = [i for i, c in enumerate(IDS) if group(c) in ("pine-chaff", "paulownia-chaff")]
    sc = scenes.scene(np.random.default_rng(3), FACES, 5, (1200, 900), hard=0.6, cards=chaff)
    found = find_cards(sc.image)
    assert sorted(f.card for f in found) == sorted(
        [
            "pine-chaff-1",
            "pine-chaff-2",
            "paulownia-chaff-1",
            "paulownia-chaff-2",
            "paulownia-chaff-3",
        ]
    )


def test_no_id_is_answered_twice_even_when_the_classifier_says_so():
    # Three crops all likeliest pine chaff (the month has two): the third takes its next class,
    # and since the pile cannot hold three, none of them is sure (issue 38).
    names = class_names()
    chaff, crane, none = names.index("pine-chaff"), names.index("pine-crane"), names.index(NONE)
    probs = np.full((3, len(names)), 0.001)
    probs[:, chaff] = [0.99, 0.98, 0.97]
    cosines = np.zeros((3, len(names)), np.float32)
    cosines[:, chaff] = [0.9, 0.85, 0.8]
    cosines[2, crane] = 0.5
    quads = [np.array([[x, 0], [x + 6, 0], [x + 6, 10], [x, 10]], np.float32) for x in (0, 10, 20)]
    blank = np.zeros((1, 1), np.uint8)
    seen = [Seen(q, p, blank) for q, p in zip(quads, probs, strict=True)]

    def assign() -> list[tuple[str, bool]]:
        w = evidence.Witnesses(probs, cosines, cosines)
        return [(c, unsure) for c, _, unsure, _ in _assign(names, seen, w)]

    assert assign() == [("pine-chaff-1", True), ("pine-chaff-2", True), ("pine-crane", True)]
    probs[2, chaff], cosines[2, chaff] = 0.001, 0.0  # two pine chaff and a crane: allowed
    probs[2, crane] = 0.9
    assert assign()[:2] == [("pine-chaff-1", False), ("pine-chaff-2", False)]
    probs[1, none], cosines[1, none] = 0.999, 0.99  # a crop both models call no card: left out
    assert [c for c, _ in assign()] == ["pine-chaff-1", "pine-crane"]


def test_every_card_has_a_class():
    assert {group(c.id) for c in CARDS} | {NONE} == set(class_names())


def test_a_12_megapixel_photo_is_scaled_not_refused_and_boxes_are_its_pixels():
    sc = scenes.scene(np.random.default_rng(11), FACES, 8, (1000, 750), hard=0.6)
    big = cv2.resize(sc.image, (4000, 3000), interpolation=cv2.INTER_LINEAR)
    assert max(big.shape) > MAX_SIDE
    find_cards(big[:100, :100])  # the model is loaded outside the timing
    started = time.process_time()  # this process's own time: the machine is shared
    found = find_cards(big)
    assert time.process_time() - started < 4  # the goal is 2 s for 24 cards
    assert 4 <= len(found) <= 10  # which cards they are: the tests above
    for f in found:
        x, y, w, h = f.box
        assert min(x, y) >= 0 and x + w <= 4000 and y + h <= 3000
        assert 300 < h + w < 2500  # in the 12 MP photo's pixels, not the scaled copy's


def test_tiny_blank_and_wrong_images():
    assert find_cards(np.zeros((8, 8, 3), np.uint8)) == []
    assert find_cards(np.full((600, 800, 3), 128, np.uint8)) == []
    with pytest.raises(ValueError):
        find_cards(np.zeros((100, 100), np.uint8))
    with pytest.raises(ValueError):
        find_cards(np.zeros((100, 100, 3), np.float32))


def test_concurrent_calls_share_the_model_and_agree():
    sc = scenes.scene(np.random.default_rng(5), FACES, 6, (800, 600), hard=0.6)
    alone = find_cards(sc.image)
    results: list[list[Found]] = []

    def run() -> None:
        results.append(find_cards(sc.image))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [alone] * 4


def test_scenes_are_made_fast_and_the_same_from_the_same_seed():
    started = time.process_time()  # this process's own time: the machine is shared
    a = scenes.scene(np.random.default_rng(9), FACES, 24, (1200, 900))
    b = scenes.scene(np.random.default_rng(9), FACES, 24, (1200, 900))
    assert time.process_time() - started < 6
    assert np.array_equal(a.image, b.image) and a.cards == b.cards


def test_spread_cards_touch_or_overlap_a_little_and_are_never_stacked():
    # Issue 33: "touching or slightly overlapping"; a whole layout turned stays rigid (each
    # card turned once, not twice) and inside the photo.
    for seed in range(6):
        sc = scenes.scene(np.random.default_rng(100 + seed), FACES, 24, (800, 600), hard=0.6)
        assert max(sc.covered) < 0.15
        assert len(sc.expected) >= 23


def test_an_outline_sharing_much_of_a_surer_card_is_one_card_not_two():
    # A piece of a big card (its centre outside the card's middle) or an outline fitted across
    # two cards: dropped. A neighbour overlapping a little (as laid out) is kept.
    names = class_names()
    none = names.index(NONE)

    def rect(x: float, y: float, w: float, h: float) -> np.ndarray:
        return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)

    def sure(p: float) -> np.ndarray:
        row = np.full(len(names), 0.0)
        row[names.index("pine-crane")] = p
        return row

    card, piece, neighbour = (
        rect(0, 0, 610, 1000),
        rect(300, 700, 400, 400),
        rect(580, 0, 610, 1000),
    )
    kept = _apart([card, piece, neighbour], [sure(0.99), sure(0.98), sure(0.9)], none)
    assert kept == [0, 2]


def test_the_segmenters_target_points_each_kernel_pixel_to_its_cards_centre_length_and_way():
    quads = [scenes._quad((40, 30), 33, 30), scenes._quad((80, 50), 100, 30)]
    target = scenes.geometry(quads, 128, 96)
    assert list(scenes.GEOMETRY) == ["kernel", "dx", "dy", "log_length", "cos2", "sin2"]
    for q in quads:
        (cx, cy), length, way = scenes.axis(q)
        assert length == pytest.approx(30, abs=1e-3)
        ys, xs = np.nonzero(target[0])
        on = [
            (x, y)
            for x, y in zip(xs, ys, strict=True)
            if cv2.pointPolygonTest(q, (float(x), float(y)), False) > 0
        ]
        assert len(on) > 50
        for x, y in on:
            assert x + 0.5 + target[1, y, x] * 30 == pytest.approx(cx, abs=1e-3)
            assert y + 0.5 + target[2, y, x] * 30 == pytest.approx(cy, abs=1e-3)
            assert target[4, y, x] == pytest.approx(np.cos(2 * way), abs=1e-5)
            assert target[5, y, x] == pytest.approx(np.sin(2 * way), abs=1e-5)
    # a card turned round runs the same way
    assert scenes.axis(scenes._quad((40, 30), 213, 30))[2] % np.pi == pytest.approx(
        scenes.axis(quads[0])[2] % np.pi, abs=1e-5
    )


def test_two_cards_kernels_run_together_are_two_cards_by_their_votes():
    # One blob of kernel pixels, its left half voting for a centre at x 20, its right half for
    # x 34 (two cards side by side); all say 20 long, running down (90 degrees).
    out = np.full((6, 40, 60), 0.0, np.float32)
    out[0] = -5
    out[0, 10:30, 14:40] = 5
    ys, xs = np.mgrid[0:40, 0:60]
    centre_x = np.where(xs < 27, 20.0, 34.0)
    out[1] = (centre_x - (xs + 0.5)) / 20
    out[2] = (20.0 - (ys + 0.5)) / 20
    out[3] = np.log(20 / LENGTH_UNIT)
    out[4], out[5] = np.cos(np.pi), np.sin(np.pi)
    found = sorted(_outlines(out))
    assert [(round(x), round(y)) for (x, y), _, _ in found] == [(20, 20), (34, 20)]
    assert all(length == pytest.approx(20) for _, length, _ in found)
    assert all(abs(angle) == pytest.approx(90) for _, _, angle in found)


def test_the_cards_marked_are_bounded_and_wild_answers_do_no_harm():
    # 80 separate kernels (a deck has 48): the 48 best marked are kept. The odd ones are 12
    # pixels tall and vote for a centre at y 8 in their cell, the even ones 10 tall, at y 6.
    out = np.zeros((6, 200, 200), np.float32)
    out[0] = -5
    out[3] = np.log(20 / LENGTH_UNIT)
    out[4] = -1.0  # running down
    ys, xs = np.mgrid[0:200, 0:200]
    for k in range(80):
        y, x = divmod(k, 10)
        height = 12 if k % 2 else 10
        cell = np.s_[y * 20 + 2 : y * 20 + 2 + height, x * 20 + 6 : x * 20 + 14]
        out[0][cell] = 5
        out[1][cell] = (x * 20 + 10 - (xs[cell] + 0.5)) / 20
        out[2][cell] = (y * 20 + (8 if k % 2 else 6) - (ys[cell] + 0.5)) / 20
    found = _outlines(out)
    assert len(found) == 48
    assert [round(y) % 20 for (_, y), _, _ in found[:40]] == [8] * 40  # all 40 tall ones first
    # a segmenter answering nonsense (lengths overflowing exp, no numbers) finds nothing, and
    # votes in a hundred places are not a hundred cards
    started = time.process_time()
    for wild in (1e6, np.nan):
        out[3] = wild
        assert _outlines(out) == []
    out[3] = np.log(20 / LENGTH_UNIT)
    out[4:6] = np.nan
    assert _outlines(out) == []
    out[0] = 5
    out[4:6] = 0
    out[1], out[2] = np.random.default_rng(0).normal(0, 9, (2, 200, 200))
    assert len(_outlines(out)) <= 48
    assert time.process_time() - started < 5


def test_a_tiny_photo_of_noise_is_no_cards():
    rng = np.random.default_rng(4)
    for side in (16, 24, 32, 48):
        assert find_cards(rng.integers(0, 256, (side, side, 3), dtype=np.uint8)) == []
    for size in ((16, 4000), (4000, 16), (40, 1600)):
        assert find_cards(rng.integers(0, 256, (*size, 3), dtype=np.uint8)) == []
