"""The stored-row codec (``scorekeeper.codec``): the bytes a row holds are the ones migration
0006 defined (no migration came with moving them into one module), and read back exactly."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.codec import (
    decode_end_result,
    decode_tally,
    encode_end_result,
    encode_json,
    encode_tally,
)
from scorekeeper.state import State

F = Fraction


def test_a_plain_state_stores_only_who_has_joined_and_who_deals():
    state = State(dealer=1, totals=(F(3), F(-3)), seated=(0, 1), game_totals=(F(3), F(-3)))
    assert encode_json(state.shape()) == '{"players":2,"dealer":1}'
    assert State.from_parts(state.shape(), state.totals, F(0), state.game_totals, 1, 1) == state


def test_a_state_stores_what_differs_from_a_plain_one():
    state = State(
        dealer=0,
        totals=(F(1, 3), F(-1, 3), F(0)),
        pot=F(40, 3),
        seated=(0, 2),
        game_totals=(F(0), F(0), F(0)),
        game_over=True,
        away=(1,),
    )
    assert encode_json(state.shape()) == (
        '{"players":3,"dealer":0,"pot":"40/3","seated":[0,2],"game_over":true,"away":[1]}'
    )
    assert encode_json(state.to_json()) == (
        '{"dealer":0,"totals":["1/3","-1/3","0"],"pot":"40/3","house":"0","game_no":1,'
        '"game_round":1,"seated":[0,2],"game_totals":["0","0","0"],"game_over":true,"away":[1]}'
    )
    assert State.from_json(state.to_json()) == state
    back = State.from_parts(state.shape(), state.totals, F(0), state.game_totals, 1, 1)
    assert back == state


def test_a_checkpoint_holds_the_running_figures_in_order():
    tally = encode_tally((F(-20), F(55, 3)), F(5), (F(0), F(1)))
    assert encode_json(tally) == '{"totals":["-20","55/3"],"house":"5","game_totals":["0","1"]}'
    assert decode_tally(tally) == ((F(-20), F(55, 3)), F(5), (F(0), F(1)))


def test_an_end_of_game_keeps_only_what_its_row_does_not_say():
    result = {
        "game": "tokan",
        "end": True,
        "notes": [],
        "pot": "12",
        "players": [{"name": "A", "delta": "6"}, {"name": "B", "delta": "-6"}],
    }
    kept = encode_end_result(result, ["A", "B"], ["6", "-6"])
    assert kept == {"pot": "12"}
    assert decode_end_result(kept, "tokan", ["A", "B"], ["6", "-6"]) == result
    renamed = encode_end_result(result, ["A", "C"], ["6", "-6"])
    assert renamed["players"] == result["players"]  # the seat was renamed since: kept


def test_a_long_text_quoted_in_a_message_counts_its_own_characters():
    # A hostile-input probe (2026-11-29): a 65-character submission id was said to have 67
    # (its JSON quotes counted).
    from scorekeeper.rules.common import shown

    assert shown("x" * 65).endswith("(65 characters)")
    assert shown('"' * 65).endswith("(65 characters)")
    assert shown(["x" * 70]).endswith(f"({len('x' * 70) + 4} characters)")  # JSON's own text
