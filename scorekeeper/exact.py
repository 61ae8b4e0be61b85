"""Exact amounts: every ledger figure is an int or a Fraction, never a float."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from fractions import Fraction

from scorekeeper.messages import N_

_AMOUNT_RE = re.compile(r"^\s*([+-]?\d{1,18})(?:\s*/\s*(\d{1,18}))?\s*$")
_STORED_RE = re.compile(r"-?[0-9]+(?:/[0-9]+)?")

STORED_DIGITS = 4000
"""The most digits a stored numerator or denominator may have. ``amount_str`` writes with
``str(int)`` and ``read_stored_amount`` reads with ``int(str)``: Python does both up to 4,300
digits, so everything the ledger may hold is written and read back alike."""
STORED_LIMIT = 10**STORED_DIGITS

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
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


_ADD: Callable[[Fraction, Fraction], Fraction] = getattr(Fraction, "_add", operator.add)
"""``Fraction``'s own addition without the operator's dispatch (its ``_add``, where the
standard library has it): Baka's thirds are added ten thousand times in a long replay."""


def plus(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``, quicker when both are whole (most ledger figures): a long replay adds a
    great many of them."""
    if a.denominator == 1 and b.denominator == 1:
        return Fraction(a.numerator + b.numerator)
    return _ADD(a, b)


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
        raise ValueError(
            N_('%(value)s is not an exact amount (write e.g. "12" or "40/3")', value=_quoted(text))
        )
    den = int(m.group(2) or 1)
    if den == 0:
        raise ValueError(N_("%(value)s divides by zero", value=repr(text)))
    return Fraction(int(m.group(1)), den)


def _quoted(value: object) -> str:
    if value is None:
        return "null"  # as the client wrote it (JSON), not Python's None
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:30]!r}… ({len(value)} characters)"
    if isinstance(value, list | dict):
        return f"a {type(value).__name__}"
    return repr(value)


def read_stored_amount(text: object) -> Fraction:
    """Read back an amount that ``amount_str`` wrote (from the database or a stored state).

    Unlike ``parse_amount``, which bounds what a client may send, this takes any length that
    ``amount_str`` can write: a stored figure always reads back.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return Fraction(text)
    if isinstance(text, str) and text.isascii():
        digits = text[1:] if text[:1] == "-" else text
        if digits.isdigit():
            return Fraction(int(text))  # the common case, without the pattern (a long replay)
    known = _FRACTIONS.get(text) if isinstance(text, str) else None
    if known is not None:
        return known  # a Fraction is immutable; Baka's thirds recur all the time
    if not isinstance(text, str) or not _STORED_RE.fullmatch(text):
        raise ValueError(f"{str(text)[:40]!r} is not a stored amount")
    num, _, den = text.partition("/")
    if den and not den.strip("0"):
        raise ValueError(f"{text[:40]!r} divides by zero")
    value = Fraction(int(num), int(den or 1))
    if len(text) < 24:
        if len(_FRACTIONS) >= 4096:
            _FRACTIONS.clear()
        _FRACTIONS[text] = value
    return value


_FRACTIONS: dict[str, Fraction] = {}
"""Short stored fractions already read (``read_stored_amount``)."""


def storable(value: Fraction | int) -> bool:
    """Whether ``amount_str`` can write ``value`` (so ``read_stored_amount`` reads it back)."""
    return all_storable((value,))


def all_storable(values: Iterable[Fraction | int]) -> bool:
    """Whether ``amount_str`` can write every one of ``values`` (an int has a numerator and
    a denominator too): one loop, as a long replay checks ten thousand states."""
    limit = STORED_LIMIT
    for f in values:
        try:  # a Fraction's own fields: its ``numerator`` and ``denominator`` are properties
            n, d = _PARTS(f)
        except AttributeError:  # an int
            n, d = f.numerator, f.denominator
        if not (-limit < n < limit and d < limit):
            return False
    return True


_PARTS = operator.attrgetter("_numerator", "_denominator")


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
