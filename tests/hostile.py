"""Hostile values for the fuzz tests: huge, negative and non-finite numbers, text that cannot be
stored (lone surrogates, NUL), deep nesting and bytes that are not UTF-8 (issue 9).

``json.dumps`` cannot write a number of more than 4,300 digits, so a body is written by
``dump``, which puts ``Raw`` JSON text in place as it is.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st


class Raw(str):
    """JSON text put into a body exactly as it is (a number json.dumps cannot write)."""


def dump(value: Any) -> str:
    """JSON text for ``value``; ``Raw`` parts go in verbatim, strings keep lone surrogates."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value)


HUGE_DIGITS = [
    "1" + "0" * 17,
    "1" + "0" * 18,
    "9" * 30,
    "1" + "0" * 4299,  # 4,300 digits: still an int to Python, too long once multiplied
    "9" * 4301,
    "9" * 20_000,
]
NUMBERS = (
    st.sampled_from([Raw(d) for d in HUGE_DIGITS] + [Raw("-" + d) for d in HUGE_DIGITS])
    | st.sampled_from(
        [Raw("1e999"), Raw("-1e999"), Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("-0")]
    )
    | st.sampled_from([2**31, 2**63, 2**64, -(2**63) - 1, 1_000_001, -1, 0, 10**6, 10**12])
    | st.integers(-(10**40), 10**40)
    | st.floats()
)
TEXT = st.sampled_from(["\ud800", "\udfff", "a\x00b", "\x00", "\udbff\udc00", "\u202e", "x" * 300])
TEXT |= st.text(st.sampled_from(["\ud800", "\x00", "a", "é", "-", "1", "/", " "]), max_size=6)


def _deep(depth: int, kind: str) -> Raw:
    if kind == "list":
        return Raw("[" * depth + "]" * depth)
    return Raw('{"a": ' * depth + "1" + "}" * depth)


DEEP = st.builds(_deep, st.integers(20, 3000), st.sampled_from(["list", "dict"]))
HOSTILE = NUMBERS | TEXT | DEEP
"""One hostile JSON value."""

AMOUNT_TEXT = st.sampled_from(
    ["1" + "0" * 18, "-" + "9" * 30, "1/" + "9" * 20, "9" * 5000, "1/0", "1e999", "NaN", "inf"]
)
"""Amounts written as text, as exports and the Tokan pot carry them."""

FORM_VALUE = st.sampled_from(
    [
        "1" + "0" * 17,
        "1" + "0" * 18,
        "-" + "9" * 30,
        "9" * 4300,
        "9" * 5000,
        "1e999",
        "nan",
        "inf",
        "-inf",
        "a\x00b",
        "\x00",
        "1_000_000",
        "٣",  # an Arabic-Indic three: int() reads it
        "1000001",
        "-1",
    ]
)
"""Hostile text for a form field (a form cannot carry a lone surrogate)."""

NOT_UTF8 = st.sampled_from([b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00"])
"""Bytes that are not UTF-8 (or are, but hold a NUL)."""


def plant(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of ``body`` with ``value`` set at ``path`` (keys and list positions); a
    missing key is added, a position past the end of a list is appended."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(body, dict):
        out = dict(body)
        out[head] = plant(body.get(head), rest, value) if rest else value
        return out
    if isinstance(body, list) and isinstance(head, int):
        out_list = list(body)
        if head < len(out_list):
            out_list[head] = plant(out_list[head], rest, value) if rest else value
        else:
            out_list.append(plant(None, rest, value) if rest else value)
        return out_list
    return {head: plant(None, rest, value)} if rest else {head: value}
