"""The quick pass over a body's text (issue 19: a 10,000-round export read in time) never
lets through what the walk over every value would refuse, and the limits hold at their
edges whichever pass decides."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.bodies import MAX_DEPTH, MAX_NUMBER_DIGITS, _fits, _plainly_fits, load_object
from scorekeeper.rules import InvalidInput

# Text that looks like JSON's structure or numbers from inside a string.
TRICKY_TEXT = st.text(alphabet='[]{}"\\0123456789eE-., aé', max_size=12)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=False, allow_infinity=False),
)
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), NUMBERS, TRICKY_TEXT),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(TRICKY_TEXT, inner, max_size=3)
    ),
    max_leaves=40,
)


def nested(depth: int, inner: object) -> dict[str, object]:
    """A body whose ``inner`` sits ``depth`` levels down (the body itself is level 0)."""
    value: object = inner
    for _ in range(depth - 1):
        value = [value]
    return {"x": value}


def parsed(text: str) -> object:
    """``text`` read as ``load_object`` reads it, without its checks."""
    from scorekeeper.bodies import _once_each, _parse_int

    return json.loads(text, parse_int=_parse_int, object_pairs_hook=_once_each)


@settings(max_examples=400)
@given(st.dictionaries(TRICKY_TEXT, VALUES, max_size=4), st.integers(0, MAX_DEPTH + 3))
def test_the_quick_pass_lets_through_only_what_the_walk_accepts(body, depth):
    text = json.dumps(nested(depth, body) if depth else body, ensure_ascii=False)
    if _plainly_fits(text):
        assert _fits(parsed(text), check_text=False)


@pytest.mark.parametrize("inner", [1, "a", [], {}, [1], {"k": "v"}])
def test_nesting_is_refused_exactly_past_the_limit(inner):
    deepest = MAX_DEPTH if not isinstance(inner, (list, dict)) or not inner else MAX_DEPTH - 1
    load_object(json.dumps(nested(deepest, inner)).encode())
    with pytest.raises(InvalidInput) as refused:
        load_object(json.dumps(nested(deepest + 1, inner)).encode())
    assert "nested more than" in str(refused.value.violations[0].message)


def test_brackets_and_digits_inside_text_are_text():
    text = "[" * 40 + "9" * (MAX_NUMBER_DIGITS + 5) + "1e999" + "{" * 40
    assert load_object(json.dumps({"name": text}).encode()) == {"name": text}


@pytest.mark.parametrize(
    "number",
    ["9" * (MAX_NUMBER_DIGITS + 1), "-" + "9" * (MAX_NUMBER_DIGITS + 1), "1e999", "-1E400"],
)
def test_numbers_a_table_cannot_keep_are_refused_at_their_field(number):
    with pytest.raises(InvalidInput) as refused:
        load_object(('{"players": [{"left": ' + number + "}]}").encode())
    assert refused.value.violations[0].field == "players.0.left"


def test_numbers_within_bounds_pass():
    body = '{"a": ' + "9" * MAX_NUMBER_DIGITS + ', "b": 1.5e3, "c": -0.25}'
    assert load_object(body.encode())["b"] == 1500.0
