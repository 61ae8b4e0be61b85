"""The ledger's refusals of a round's players, a change of the table and a settle-up, each
with its field and its words (issue 32: they were split into short functions; these pin what
they say, in order). RULES 7: a table's figures come from its entries, replayed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.kinds import EntryKind
from scorekeeper.ledger import State, TableSpec, step
from scorekeeper.round_data import as_entry
from scorekeeper.rules import InvalidInput

BAKA = TableSpec("baka", ("Aki", "Ben", "Cho"))
TOKAN = TableSpec("tokan", ("Aki", "Ben", "Cho", "Dai"))


def refusals(spec, kind, entry, state=None):
    with pytest.raises(InvalidInput) as caught:
        step(spec, state or State.initial(spec), kind, as_entry(entry))
    return [(v.field, str(v.message)) for v in caught.value.violations]


def players(*names):
    return {"players": [{"name": n} for n in names]}


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({}, [("players", "A list of the seated players is required")]),
        (
            {"players": [{}, {}]},
            [
                (
                    "players",
                    "This table seats 3 players (Aki, Ben, Cho), but 2 were entered; "
                    "name the players to leave somebody out",
                )
            ],
        ),
        (
            players("Aki", "Eve", "aki"),
            [
                (
                    "players.1.name",
                    "'Eve' is not a player seated at this table (seated: Aki, Ben, Cho)",
                ),
                ("players.2.name", "aki is entered twice"),
            ],
        ),
        (
            players("Ben", "Aki", "Cho"),
            [("players", "List the players in the table's seating order")],
        ),
        (
            players("Aki", "Cho"),
            [("players", "Every seated player takes part in the round: Ben missing")],
        ),
    ],
)
def test_a_rounds_players_refused_by_name(entry, expected):
    assert refusals(BAKA, EntryKind.ROUND, entry) == expected


def test_named_players_may_leave_out_somebody_where_players_may_leave():
    """Tokan: those not named have left; the order check still holds."""
    assert refusals(TOKAN, EntryKind.ROUND, players("Ben", "Aki")) == [
        ("players", "List the players in the table's seating order")
    ]


def test_a_change_of_the_table_refused_in_order():
    state = State.initial(BAKA)
    entry = {
        "remove": [7],
        "return": [1],
        "add": [{"name": "Eve", "position": 5}],
        "settings": {"stake": 30},
    }
    assert refusals(BAKA, EntryKind.EDIT, entry, state) == [
        ("add", "Baka is played by 3 players"),
        ("remove", "Baka is played by 3 players"),
        ("remove", "That player is not at the table"),
        ("add", "That player is already at the table"),
        ("add", "Players join after the last one"),
        ("remove", "Baka is played by 3 to 3 players, not 4"),
    ]


def test_a_tokan_change_between_games_steps():
    done = step(
        TOKAN,
        State.initial(TOKAN),
        EntryKind.EDIT,
        as_entry({"remove": [0], "add": [{"name": "Eve", "position": 4}]}),
    )
    assert done.result is not None
    assert done.result["changes"] == ["Eve joins", "Aki leaves"]
    assert done.after.seated == (1, 2, 3, 4)
    assert done.after.dealer == 1
    assert done.deltas == (Fraction(0),) * 5


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({}, [("points", "A settle-up cannot be read: 'points'")]),
        (
            {"points": ["1", "-1"]},
            [("points", "This settle-up is for 2 players, not 3")],
        ),
        ({"points": ["1", "-1", "1"]}, [("points", "A settle-up's amounts must sum to zero")]),
        (
            {"points": ["-1", "0", "0"], "pot": "1"},
            [("pot", "The pot holds 0, less than was settled")],
        ),
    ],
)
def test_a_settle_up_refused(entry, expected):
    assert refusals(BAKA, EntryKind.SETTLE, entry) == expected
