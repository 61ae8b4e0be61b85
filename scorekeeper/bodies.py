"""Reading a JSON body a client sent, refusing what JSON allows but a table cannot keep.

A table stores text as UTF-8 (a lone surrogate such as "\\ud800" is not UTF-8 at all, and
PostgreSQL refuses a NUL character), no real body is nested more than a few levels, and no
field takes a number of more than a few digits (Python will not even turn one of more than
4,300 digits into text). ``load_object`` reports each such value at its field path, as the
rest of the input's mistakes are (422), before anything reads, scores or stores the body.
Pure: no Flask.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, NoReturn, TypeAlias, cast

from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, reason
from scorekeeper.rules import InvalidInput, Violation

MAX_DEPTH: Final = 16
"""How deep a body may nest (an export's deepest card id sits 7 levels down)."""
MAX_NUMBER_DIGITS: Final = 30
"""The most digits a JSON number may have; every field's own bound is far below."""
MAX_REPORTED: Final = 20
"""How many such problems a refusal lists at most."""
TOO_DEEP: Final = N_("This is nested more than %(n)s levels deep", n=MAX_DEPTH)


class BadJSON(ValueError):
    """The body is not JSON, or not a JSON object (400)."""


@dataclass(frozen=True, slots=True)
class LongNumber:
    """A JSON number of more than ``MAX_NUMBER_DIGITS`` digits, kept unconverted so that it
    is refused by its field path rather than by Python's limit on converting it."""

    digits: int


Parsed: TypeAlias = (
    str | int | float | bool | LongNumber | list["Parsed"] | dict[str, "Parsed"] | None
)
"""A body as parsed, before it is checked: JSON, a long number kept as a ``LongNumber``."""


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(N_("%(name)s is not allowed in JSON", name=name))


def _parse_int(text: str) -> int | LongNumber:
    digits = len(text) - text.startswith("-")
    return LongNumber(digits) if digits > MAX_NUMBER_DIGITS else int(text)


def _once_each(pairs: list[tuple[str, Parsed]]) -> dict[str, Parsed]:
    """A JSON object whose keys are each given once: a parser keeps only the last of a key
    given twice, so ``{"rename": {"Y": "A1", "Y": "A2"}}`` would rename quietly."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(N_("%(key)s is given twice in one object", key=_brief_key(twice)))
    return data


def _brief_key(key: str) -> str:
    text = json.dumps(key, ensure_ascii=False)
    return text if len(text) <= 42 else f"{text[:30]}…"


def load_object(raw: bytes) -> JSONObject:
    """The body as a JSON object; BadJSON if it is not one, InvalidInput for what cannot be
    kept (text that is not UTF-8 or holds a NUL, deep nesting, numbers of many digits)."""
    try:
        text = raw.decode("utf-8")
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            object_pairs_hook=_once_each,
        )
    except RecursionError as exc:
        if not text.lstrip().startswith("{"):
            raise BadJSON(N_("The body must be a JSON object, between { and }")) from exc
        # Too deep for Python's parser, so well-formed or not, refused where it goes too deep.
        raise InvalidInput([Violation(_too_deep_at(text), TOO_DEEP)]) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadJSON(N_("The body is not valid JSON: %(why)s", why=reason(exc))) from exc
    if not isinstance(data, dict):
        raise BadJSON(N_("The body must be a JSON object, between { and }"))
    # Text can only go wrong through a \u escape (UTF-8 and JSON forbid the rest).
    escaped = "\\u" in text
    if (escaped or not _plainly_fits(text)) and not _fits(data, escaped):
        raise InvalidInput(unstorable(data) or [Violation("", N_("This body cannot be kept"))])
    return cast(JSONObject, data)  # no LongNumber left: ``_fits`` refuses one


_STRINGS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
"""A JSON string, escapes and all (linear: no backtracking)."""
_INNERMOST: Final = re.compile(r"[\[{][^\[\]{}]*[\]}]")
"""An array or object holding no other (once strings are gone)."""
_PLAIN_STRINGS: Final = re.compile(r'"[^"]*"')
"""A JSON string in a text without a backslash (half the time of ``_STRINGS``)."""
_LONG_DIGITS: Final = re.compile(f"[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")
"""Digits enough for a ``LongNumber``."""
_EXPONENT: Final = re.compile("[0-9][eE]")
"""A number's exponent: the only way to an infinite float."""


def _plainly_fits(text: str) -> bool:
    """Whether the JSON ``text``, known to hold no \\u escape, plainly fits: no number near
    ``MAX_NUMBER_DIGITS`` digits or with an exponent, and nesting plainly within
    ``MAX_DEPTH`` levels. A few passes of C over the text instead of a Python step per value
    (an export of 10,000 rounds holds half a million); False only means "look closer"."""
    # Brackets and digits inside strings are text, not JSON.
    rest = (_STRINGS if "\\" in text else _PLAIN_STRINGS).sub("", text)
    if _LONG_DIGITS.search(rest) or _EXPONENT.search(rest):
        return False
    for _ in range(MAX_DEPTH):  # each pass takes away the innermost level
        rest = _INNERMOST.sub("", rest)
        if "[" not in rest and "{" not in rest:
            return True  # inside at most MAX_DEPTH brackets: no value deeper than MAX_DEPTH
    return False


def _fits(data: Parsed, check_text: bool) -> bool:
    """Whether nothing in ``data`` needs reporting: the quick pass every body takes."""
    stack: list[tuple[Parsed, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(value, dict):
            if check_text and any(_text_problem(k) for k in value):
                return False
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            if check_text and _text_problem(value):
                return False
        elif _problem(value):
            return False
    return True


def unstorable(data: Parsed) -> list[Violation]:
    """Each value of ``data`` a table could not keep, with its field path, in order."""
    out: list[Violation] = []
    for path, depth, value in _walk(data):
        problem = _problem(value)
        if depth > MAX_DEPTH:
            problem = TOO_DEEP
        if problem:
            out.append(Violation(path, problem))
            if len(out) >= MAX_REPORTED:
                break
    return out


def _walk(data: Parsed) -> Iterator[tuple[str, int, Parsed | _BadKey]]:
    """Every value and key of ``data`` with its path and depth, depth first, in order; a
    branch nested too deeply is reported once, not walked further."""
    stack: list[tuple[str, int, Parsed | _BadKey]] = [("", 0, data)]
    while stack:
        path, depth, value = stack.pop()
        yield path, depth, value
        if depth > MAX_DEPTH:
            continue
        children: list[tuple[str, int, Parsed | _BadKey]] = []
        if isinstance(value, dict):
            for key, item in value.items():
                child = f"{path}.{_safe(key)}" if path else _safe(key)
                if _text_problem(key):
                    children.append((child, depth + 1, _BadKey(key)))
                else:
                    children.append((child, depth + 1, item))
        elif isinstance(value, list):
            children = [
                (f"{path}.{i}" if path else str(i), depth + 1, v) for i, v in enumerate(value)
            ]
        stack.extend(reversed(children))


@dataclass(frozen=True, slots=True)
class _BadKey:
    key: str


def _problem(value: Parsed | _BadKey) -> str | None:
    if isinstance(value, _BadKey):
        return _text_problem(value.key, key=True)
    if isinstance(value, str):
        return _text_problem(value)
    if isinstance(value, LongNumber):
        return N_(
            "A number of %(digits)s digits is far too large: no field takes more than %(n)s digits",
            digits=value.digits,
            n=MAX_NUMBER_DIGITS,
        )
    if isinstance(value, float) and not math.isfinite(value):
        return N_("This number is too large to be read as one")
    return None


def _text_problem(text: str, key: bool = False) -> str | None:
    """What makes ``text`` unstorable, as a sentence about it (about a field's name when
    ``key``), or None."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            if key:
                return N_(
                    "The name of this field holds a lone surrogate (half of a UTF-16 pair), "
                    "which is not text"
                )
            return N_("This text holds a lone surrogate (half of a UTF-16 pair), which is not text")
    if "\x00" not in text:
        return None
    if key:
        return N_("The name of this field holds a NUL character, which cannot be stored")
    return N_("This text holds a NUL character, which cannot be stored")


Frame = list[int | str | bool]
"""An open container while scanning: [position or key, whether an object awaits a key]."""


def _string_end(text: str, i: int) -> int:
    """Where the JSON string opening at ``i`` closes (the text's end if it does not)."""
    j, n = i + 1, len(text)
    while j < n and text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return j


def _name_key(frame: Frame, literal: str) -> None:
    """An object's next key is the string ``literal`` (shown as a field path shows it)."""
    try:
        frame[0] = _safe(str(json.loads(literal)))
    except ValueError:
        frame[0] = "?"
    frame[1] = False


def _after_comma(frame: Frame) -> None:
    """A comma: an array's next position, or an object's next key to come."""
    if frame[1] is False and isinstance(frame[0], int):
        frame[0] += 1
    else:
        frame[1] = True


def _too_deep_at(text: str) -> str:
    """The path of the first value of JSON ``text`` nested deeper than ``MAX_DEPTH``, found
    by scanning (Python's parser gave up): each open container's key or position."""
    frames: list[Frame] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = _string_end(text, i)
            if frames and frames[-1][1]:
                _name_key(frames[-1], text[i : j + 1])
            i = j
        elif c in "[{":
            if len(frames) > MAX_DEPTH:
                break
            frames.append([0, False] if c == "[" else ["", True])
        elif c in "]}" and frames:
            frames.pop()
        elif c == "," and frames:
            _after_comma(frames[-1])
        i += 1
    return ".".join(str(f[0]) for f in frames)


def _safe(key: str) -> str:
    """A key as a field path shows it: what cannot be stored escaped, a long one cut."""
    shown = key.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")
    return shown if len(shown) <= 40 else shown[:40] + "…"
