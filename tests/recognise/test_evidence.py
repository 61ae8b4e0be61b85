"""Issue 38 item 1, "sure means right": a card is answered sure only when every witness agrees
(the embedder's nearest reference, near and clearly nearer than the next; the crop turned round;
the classifier; the pile), and a taught deck's face decides its card. Pure: made-up witnesses."""

from __future__ import annotations

import numpy as np

from scorekeeper.recognise import NONE, class_names, evidence

NAMES = class_names()
COUNTS = {c: (3 if c == "paulownia-chaff" else 2 if c.endswith("chaff") else 1) for c in NAMES}
CRANE, RIBBON = NAMES.index("pine-crane"), NAMES.index("pine-ribbon")


def witnesses(*, cos=(0.8, 0.2), turned=(0.8, 0.2), hog=0.9, hog_class=CRANE, taught=None):
    """One crop: the embedder's cosine to the crane and to the pine ribbon (0 to the rest),
    the same for the turned crop, and the classifier's probability for ``hog_class``."""

    def row(pair):
        r = np.zeros(len(NAMES), np.float32)
        r[CRANE], r[RIBBON] = pair
        return r[None]

    probs = np.full((1, len(NAMES)), (1 - hog) / (len(NAMES) - 1), np.float32)
    probs[0, hog_class] = hog
    return evidence.Witnesses(probs, row(cos), row(turned), taught)


def decide(w):
    (d,) = evidence.decide(NAMES, NONE, w)
    return d


def test_a_card_every_witness_names_clearly_is_sure():
    d = decide(witnesses())
    assert (d.name, d.unsure) == ("pine-crane", False)
    assert 0.5 < d.confidence <= 1


def test_the_classifier_naming_another_card_leaves_it_unsure():
    assert decide(witnesses(hog_class=RIBBON)).unsure
    assert decide(witnesses(hog=0.8)).unsure  # nor is a hesitant classifier enough


def test_the_crop_turned_round_ranking_it_low_leaves_it_unsure():
    w = witnesses(cos=(0.9, 0.2), turned=(0.5, 0.6))
    assert decide(w).unsure is False  # second in the turned view: still one of its first two
    w.turned[0, NAMES.index("plum-warbler")] = 0.55  # third there: a question
    d = decide(w)
    assert (d.name, d.unsure) == ("pine-crane", True)


def test_a_reference_not_near_or_not_clearly_nearer_leaves_it_unsure():
    assert decide(witnesses(cos=(0.2, 0.0), turned=(0.2, 0.0))).unsure  # far from every one
    assert decide(witnesses(cos=(0.8, 0.78), turned=(0.8, 0.78))).unsure  # two alike


def test_both_models_saying_no_card_is_no_card_and_one_alone_is_a_question():
    none = NAMES.index(NONE)
    probs = np.zeros((1, len(NAMES)), np.float32)
    probs[0, none] = 1.0
    cos = np.zeros((1, len(NAMES)), np.float32)
    cos[0, none] = 0.9
    assert decide(evidence.Witnesses(probs, cos, cos)).name is None
    cos[0, none], cos[0, CRANE] = 0.1, 0.9  # the embedder sees a crane, the classifier nothing
    d = decide(evidence.Witnesses(probs, cos, cos))
    assert (d.name, d.unsure) == ("pine-crane", True)


def test_a_class_claimed_more_often_than_the_deck_has_it_leaves_every_claimant_unsure():
    sure = evidence.Decision("pine-crane", 0.99, False)
    chaff = evidence.Decision("pine-chaff", 0.99, False)
    got = evidence.constrain([sure, sure, chaff, chaff], COUNTS)
    assert [d.unsure for d in got] == [True, True, False, False]  # two pine chaff: allowed


def test_a_taught_face_decides_the_card_whatever_the_references_say():
    taught = np.full((1, len(NAMES)), -1.0, np.float32)
    taught[0, RIBBON] = 0.95  # the deck's pine ribbon face, clearly most alike
    taught[0, CRANE] = 0.5
    d = decide(witnesses(taught=taught))  # the built-in references say crane, ribbon next
    assert (d.name, d.unsure) == ("pine-ribbon", False)
    borne = witnesses(taught=taught, cos=(0.8, -0.2), turned=(0.8, -0.2), hog_class=CRANE)
    borne.probs[0, RIBBON] = 0.0  # neither built-in witness ranks the ribbon near the top
    for k in range(5):
        borne.cosines[0, 2 + k] = borne.turned[0, 2 + k] = 0.1
        borne.probs[0, 2 + k] = 0.01
    d = decide(borne)
    assert (d.name, d.unsure) == ("pine-ribbon", True)  # the face decides; the player checks
    taught[0, CRANE] = 0.93  # two cards' faces nearly as alike: the built-in witnesses decide
    assert decide(witnesses(taught=taught)).name == "pine-crane"
    assert decide(witnesses(taught=taught, hog_class=RIBBON)).unsure  # and they may disagree
    taught[0, RIBBON], taught[0, CRANE] = 0.45, 0.3  # no face alike enough: the references
    assert decide(witnesses(taught=taught)).name == "pine-crane"
