"""Exact amounts: every ledger figure is an int or a Fraction, never a float."""

from __future__ import annotations

import re
from fractions import Fraction

from scorekeeper.codec import amount_str, read_stored_amount
from scorekeeper.messages import N_, Msg

__all__ = ["amount_str", "csv_amount", "display", "parse_amount", "plus", "read_stored_amount"]
# ``amount_str`` and ``read_stored_amount`` are the stored format's (``codec``), and also the
# API's form of an amount: the rules and games read them from here.

_AMOUNT_RE = re.compile(r"^\s*([+-]?\d{1,18})(?:\s*/\s*(\d{1,18}))?\s*$")
_DECIMAL_RE = re.compile(r"[+-]?(?=\.?\d)\d{0,18}\.\d{0,18}")
_DIGITS_RE = re.compile(r"[+-]?\d+(?:\s*/\s*\d+)?")
_VULGAR = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 6): "⅙",
    (5, 6): "⅚",
}


def plus(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``, quicker when both are whole (most ledger figures): a long replay adds a
    great many of them."""
    if a.denominator == 1 and b.denominator == 1:
        return Fraction(a.numerator + b.numerator)
    return a + b


def parse_amount(text: object) -> Fraction:
    """Read an amount a client wrote as an integer or 'n/d' (each part at most 18 digits);
    ValueError on anything else.

    Floats are refused on purpose: a ledger that accepts 0.1 has already lost exactness.
    What the ledger stored is read back with ``read_stored_amount``, which has no such bound.
    """
    if isinstance(text, bool):
        raise ValueError(N_("true/false is not an amount"))
    if isinstance(text, int):
        return Fraction(text)
    if not isinstance(text, str):
        raise ValueError(
            N_(
                '%(value)s is not an exact amount (write it as text, e.g. "12" or "40/3")',
                value=_quoted(text),
            )
        )
    m = _AMOUNT_RE.match(text)
    if not m:
        raise ValueError(_why_not(text))
    den = int(m.group(2) or 1)
    if den == 0:
        raise ValueError(N_("%(value)s divides by zero", value=repr(text)))
    return Fraction(int(m.group(1)), den)


def _why_not(text: str) -> Msg:
    """Why ``text`` is no amount, in the words that help: a decimal such as 0.5 (a fraction
    is asked for), a number of too many digits, else what an amount looks like."""
    decimal = _DECIMAL_RE.fullmatch(text.strip())
    if decimal:
        exact = Fraction(decimal.group(0))  # exact: read from its digits, never a float
        if exact.denominator == 1:
            return N_(
                "%(value)s has a decimal point: write it as %(exact)s",
                value=_quoted(text),
                exact=f'"{exact}"',
            )
        return N_(
            "%(value)s has a decimal point: write it as a fraction, %(exact)s",
            value=_quoted(text),
            exact=f'"{exact.numerator}/{exact.denominator}"',
        )
    if _DIGITS_RE.fullmatch(text.strip()):
        return N_(
            "%(value)s has a part of more than 18 digits: write it with fewer", value=_quoted(text)
        )
    return N_('%(value)s is not an exact amount (write e.g. "12" or "40/3")', value=_quoted(text))


def _quoted(value: object) -> str:
    if value is None:
        return "null"  # as the client wrote it (JSON), not Python's None
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:30]!r}… ({len(value)} characters)"
    if isinstance(value, list | dict):
        return f"a {type(value).__name__}"
    return repr(value)


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


def csv_amount(value: Fraction | int | str) -> str:
    """An amount as every CSV file writes it, so LibreOffice and Excel read a number: a whole
    number ('-20') or a mixed number ('-18 1/3', '0 1/3', '-0 1/3'), plain ASCII. Never
    '-55/3' (read as a date or as text). A stored amount ('-55/3') is taken as it is.

    Read back as whole + numerator/denominator, the sign of the whole applying to both."""
    f = read_stored_amount(value) if isinstance(value, str) else Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    whole, rest = divmod(abs(f.numerator), f.denominator)
    sign = "-" if f < 0 else ""
    return f"{sign}{whole} {rest}/{f.denominator}"
