"""Exact amounts: every ledger figure is an int or a Fraction, never a float."""

from __future__ import annotations

import re
from fractions import Fraction

_AMOUNT_RE = re.compile(r"^\s*([+-]?\d{1,18})(?:\s*/\s*(\d{1,18}))?\s*$")

_VULGAR = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 6): "⅙",
    (5, 6): "⅚",
}


def amount_str(value: Fraction | int) -> str:
    """The API form of an amount: '-20', '40/3' (always reduced)."""
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    return f"{f.numerator}/{f.denominator}"


def parse_amount(text: object) -> Fraction:
    """Read an amount written as an integer or 'n/d'; ValueError on anything else.

    Floats are refused on purpose: a ledger that accepts 0.1 has already lost exactness.
    """
    if isinstance(text, bool):
        raise ValueError("true/false is not an amount")
    if isinstance(text, int):
        return Fraction(text)
    if not isinstance(text, str):
        raise ValueError(f'{text!r} is not an exact amount (write it as text, e.g. "12" or "40/3")')
    m = _AMOUNT_RE.match(text)
    if not m:
        raise ValueError(f'{text!r} is not an exact amount (write e.g. "12" or "40/3")')
    den = int(m.group(2) or 1)
    if den == 0:
        raise ValueError(f"{text!r} divides by zero")
    return Fraction(int(m.group(1)), den)


def display(value: Fraction | int, signed: bool = False) -> str:
    """A player's form of an amount: '-18⅓', '+76⅔', '13⅓', '0'."""
    f = Fraction(value)
    sign = "-" if f < 0 else ("+" if signed and f > 0 else "")
    f = abs(f)
    whole, rest = divmod(f.numerator, f.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    frac = Fraction(rest, f.denominator)
    glyph = _VULGAR.get((frac.numerator, frac.denominator))
    if glyph is None:
        glyph = (
            f" {frac.numerator}/{frac.denominator}"
            if whole
            else f"{frac.numerator}/{frac.denominator}"
        )
    return f"{sign}{whole if whole else ''}{glyph}"
