"""Storage and reading agree by construction (issue 9): every amount the ledger may hold is
written by ``amount_str`` and read back by ``read_stored_amount`` exactly, however huge or tiny;
a client's amounts keep their bound."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.codec import STORED_DIGITS, amount_str, read_stored_amount, storable
from scorekeeper.exact import parse_amount
from scorekeeper.state import State

LIMIT = 10**STORED_DIGITS
SIZES = st.sampled_from([1, 18, 19, 40, 400, STORED_DIGITS]).flatmap(
    lambda digits: st.integers(-(10**digits) + 1, 10**digits - 1)
)
DENOMINATORS = st.sampled_from([1, 18, 19, 40, 400, STORED_DIGITS]).flatmap(
    lambda digits: st.integers(1, 10**digits - 1)
)
AMOUNTS = st.builds(Fraction, SIZES, DENOMINATORS)


@given(AMOUNTS)
def test_every_storable_amount_reads_back_exactly(value):
    assert storable(value)
    text = amount_str(value)
    assert read_stored_amount(text) == value
    assert amount_str(read_stored_amount(text)) == text


@given(st.integers(1, 10**30))
def test_tiny_and_huge_fractions_read_back(n):
    for value in (Fraction(1, LIMIT - n), Fraction(LIMIT - n, 7), Fraction(-(LIMIT - n), 3)):
        assert storable(value)
        assert read_stored_amount(amount_str(value)) == value


def test_what_cannot_be_written_is_not_storable():
    assert not storable(LIMIT)
    assert not storable(Fraction(1, LIMIT))
    assert not storable(Fraction(-LIMIT, 3))
    assert storable(LIMIT - 1)


@given(totals=st.lists(AMOUNTS, min_size=2, max_size=6), pot=AMOUNTS, house=AMOUNTS)
def test_a_table_state_reads_back_whatever_it_holds(totals, pot, house):
    state = State(
        dealer=1,
        totals=tuple(totals),
        pot=pot,
        house=house,
        seated=tuple(range(len(totals))),
        game_totals=tuple(reversed(totals)),
    )
    assert State.from_json(state.to_json()) == state


def test_client_amounts_keep_their_bound():
    # What a client sends stays at 18 digits a part; what the ledger wrote has no such limit.
    assert parse_amount("999999999999999999") == 10**18 - 1
    with pytest.raises(ValueError):
        parse_amount("1" + "0" * 18)
    assert read_stored_amount("1" + "0" * 18) == 10**18
    for bad in ("", "1.5", "1/", "+1", " 1", "1e3", "٣", None, [1], True):
        with pytest.raises(ValueError):
            read_stored_amount(bad)


def test_the_ledger_refuses_a_round_it_could_not_keep():
    from dataclasses import replace

    from scorekeeper.ledger import State, TableSpec, step
    from scorekeeper.rules import InvalidInput

    spec = TableSpec("tokotoko", ("A", "B"))
    body = {
        "stake": 1,
        "field": ["pine-chaff-2", "maple-deer"],
        "players": [
            {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},  # A loses the stake
            {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
        ],
    }
    edge = Fraction(-(LIMIT - 1))
    state = replace(State.initial(spec), totals=(edge, -edge), game_totals=(edge, -edge))
    with pytest.raises(InvalidInput):
        step(spec, state, "round", body)
    state = replace(state, totals=(edge + 1, -edge - 1), game_totals=(edge + 1, -edge - 1))
    done = step(spec, state, "round", body)
    assert done.after.totals == (edge, -edge)


@given(st.lists(st.builds(Fraction, st.integers(-999, 999), st.integers(1, 30)), max_size=40))
def test_short_fractions_read_back_alike_whether_read_before_or_not(values):
    """``read_stored_amount`` keeps short fractions it has read (a long replay reads the same
    thirds thousands of times): what it hands back is the same amount either way."""
    for value in values + values:
        assert read_stored_amount(amount_str(value)) == value


@pytest.mark.parametrize("text", ["1/0", "-5/00", "1/", "/3", "1.5", "", "1/2/3"])
def test_a_stored_text_that_is_no_amount_is_a_value_error(text):
    with pytest.raises(ValueError):
        read_stored_amount(text)


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**40), 10**40)
        | st.integers(-(2**63), 2**64)
        | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_a_json_column_reads_back_what_was_written_exactly(value):
    """The database's JSON columns (orjson where it is exact, the standard library where it is
    not): an integer of any size reads back as that integer, never as a float."""
    from scorekeeper.codec import decode_json, encode_json

    text = encode_json(value)
    assert decode_json(text) == value
    assert decode_json(text.encode()) == value
    assert encode_json(decode_json(text)) == text


@pytest.mark.parametrize(
    "value",
    [
        [10**18, -(10**18)],  # 19 digits: orjson still reads them exactly
        [2**64, -(2**63) - 1],  # past 64 bits: orjson would read floats
        {"é" * 3 + "1" * 30: 12345678901234567890123},  # non-ASCII beside the digits
        ["\ud800", 99999999999999999999],  # a lone surrogate (written by the standard library)
        ["x" * 500 + "0" * 18, 10**25],  # the long number after a long text
    ],
)
def test_a_long_number_anywhere_in_a_json_column_reads_back_as_an_integer(value):
    """``decode_json`` sends a text holding 19 digits in a row to the standard library,
    wherever they are and whatever the text around them."""
    from scorekeeper.codec import decode_json, encode_json

    text = encode_json(value)
    assert decode_json(text) == value
    assert decode_json(text.encode("utf-8", "surrogatepass")) == value


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("0.5", "'0.5' has a decimal point: write it as a fraction, \"1/2\""),
        (" 1.25 ", "' 1.25 ' has a decimal point: write it as a fraction, \"5/4\""),
        ("-2.0", "'-2.0' has a decimal point: write it as \"-2\""),
        ("12345678901234567890", "'12345678901234567890' has a part of more than 18 digits"),
        ("1/1234567890123456789", "'1/1234567890123456789' has a part of more than 18 digits"),
        (".5", "'.5' has a decimal point: write it as a fraction, \"1/2\""),
        ("\uff10.\uff15", "'０.５' has a decimal point: write it as a fraction, \"1/2\""),
        ("abc", "'abc' is not an exact amount"),
    ],
)
def test_an_amount_refused_says_why_in_the_words_that_help(typed, said):
    """A hostile-page probe (2026-11-29): money per point typed as 0.5 was refused as "not
    an exact amount", though 0.5 is exact, and so was a number of 20 digits, whose trouble
    is its size. A decimal is refused still (the API takes "1/2"), saying how to write it."""
    with pytest.raises(ValueError) as refused:
        parse_amount(typed)
    assert str(refused.value.args[0]).startswith(said)
