"""Amounts in CSV files (issue 30, part 7): one format, a number to every spreadsheet."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.exact import csv_amount
from tests.web.test_sessions_api import add, create
from tests.web.test_table_changes import BAKA_ROUND

# What LibreOffice and Excel take for a number: a whole number or a mixed number.
SPREADSHEET_NUMBER = re.compile(r"-?[0-9]+( [0-9]+/[0-9]+)?")


def read_back(text: str) -> Fraction:
    """A CSV amount read as a spreadsheet does: whole + numerator/denominator, the sign of
    the whole applying to the fraction too."""
    whole, _, frac = text.partition(" ")
    value = abs(Fraction(int(whole))) + (Fraction(frac) if frac else 0)
    return -value if whole.startswith("-") else value


def test_csv_amounts_are_whole_or_mixed_numbers():
    assert csv_amount(Fraction(-55, 3)) == "-18 1/3"
    assert csv_amount("-55/3") == "-18 1/3"  # a stored amount
    assert csv_amount("310/3") == "103 1/3"
    assert csv_amount(Fraction(1, 3)) == "0 1/3"
    assert csv_amount(Fraction(-1, 3)) == "-0 1/3"  # the sign kept under 1
    assert csv_amount(0) == "0" and csv_amount(-7) == "-7" and csv_amount("20") == "20"


@given(
    st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**12)
    | st.integers(-(10**30), 10**30).map(Fraction)
)
def test_a_csv_amount_reads_back_exactly(value):
    text = csv_amount(value)
    assert SPREADSHEET_NUMBER.fullmatch(text), text
    assert text.isascii()
    assert read_back(text) == value


def test_the_tables_csv_writes_thirds_as_mixed_numbers(client):
    # RULES 8: a Baka round at 1/2 a point moves -55/3, -175/3 and +230/3.
    sid = create(client, "baka", ["A", "B", "C"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    add(client, sid, BAKA_ROUND)
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    text = client.get(f"/t/{sid}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert not re.search(r"(^|,)-?[0-9]+/[0-9]+(,|$)", text, re.M)  # no bare "-55/3" cell
    first = rows[0]
    assert [first[f"{p} change"] for p in "ABC"] == ["-18 1/3", "-58 1/3", "76 2/3"]
    assert [rows[1][f"{p} total"] for p in "ABC"] == ["-36 2/3", "-116 2/3", "153 1/3"]
    for row in rows:
        for p in "ABC":
            assert SPREADSHEET_NUMBER.fullmatch(row[f"{p} change"])
            assert SPREADSHEET_NUMBER.fullmatch(row[f"{p} total"])
        assert sum(read_back(row[f"{p} change"]) for p in "ABC") == 0
    # The settle-up's payments name amounts the same way.
    assert re.search(r"pays C [0-9]+ [12]/3", rows[2]["what"]), rows[2]["what"]
    # The JSON export and the API keep the exact strings.
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert exported["rounds"][0]["deltas"] == ["-55/3", "-175/3", "230/3"]
