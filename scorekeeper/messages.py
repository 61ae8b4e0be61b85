"""Words for players that a page can translate (pure: no Flask, no Babel).

The rules engine, the games and the table services write every message in English with
``N_``, the marker the catalogue extraction looks for (``babel.cfg``, and ``babel-game.cfg``
in a game folder). What ``N_`` returns is an ordinary ``str``, the English sentence that the
JSON API, the logs and the tests read, which also remembers its message id and values:
``scorekeeper.i18n`` translates it for a page in the reader's language. So the pure layers
choose no language and never import Flask-Babel.

A value may itself be a message (a card's or a yaku's name, a role) or a list of values: the
page translates those too, and joins a list the way its language does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TypeAlias

from scorekeeper.jsonio import JSONObject, JSONValue

Value: TypeAlias = object
"""A message's value: text, a whole number, a ``Msg``, or a list of those; anything else is
written as ``str`` writes it."""


_SEQUENCES = (list, tuple)


class Msg(str):
    """An English message that remembers its ``msgid`` and the values put into it."""

    msgid: str
    params: dict[str, Value]
    capital: bool
    """Whether the sentence starts with a capital whatever its first value ("A stake ...")."""
    plural: str | None
    """The plural form of a message made by ``ngettext``: chosen by the value ``num``."""

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Value] | None = None,
        capital: bool = False,
        plural: str | None = None,
    ) -> Msg:
        values = dict(params) if params else {}
        form = plural if plural is not None and values.get("num") != 1 else msgid
        # Only a list needs words of its own; any other value prints as ``%s`` prints it (the
        # same text ``english`` gives, without a call per value: a round builds dozens).
        text = form
        if values:
            for v in values.values():  # a loop, not any(): a round builds dozens of messages
                if isinstance(v, _SEQUENCES):
                    text = form % {
                        k: english(v) if isinstance(v, _SEQUENCES) else v for k, v in values.items()
                    }
                    break
            else:
                text = form % values
        if capital:
            text = text[:1].upper() + text[1:]
        self = super().__new__(cls, text)
        self.msgid = msgid
        self.params = values
        self.capital = capital
        self.plural = plural
        return self

    def __call__(self, **params: Value) -> Msg:
        """This message with (more) values filled in: ``NOUN_NUMBER(n=3)``."""
        return Msg(self.msgid, {**self.params, **params}, self.capital, self.plural)

    def capitalized(self) -> Msg:
        """This message starting with a capital letter."""
        return Msg(self.msgid, self.params, True, self.plural)

    def __reduce__(self) -> tuple[type[Msg], tuple[str, dict[str, Value], bool, str | None]]:
        return (Msg, (self.msgid, self.params, self.capital, self.plural))

    def to_json(self) -> JSONObject:
        """What a stored result keeps so a page can translate it later."""
        out: JSONObject = {"id": self.msgid}
        if self.params:
            out["args"] = {k: _json(v) for k, v in self.params.items()}
        if self.capital:
            out["capital"] = True
        if self.plural is not None:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: object) -> Msg | None:
        """A message back from ``to_json``; None if ``data`` is not one."""
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            return None
        args = data.get("args")
        if not isinstance(args, Mapping):
            args = {}
        plural = data.get("plural")
        try:
            params = {str(k): _unjson(v) for k, v in args.items()}
            msgid, plural = _renamed(
                data["id"], plural if isinstance(plural, str) else None, params
            )
            return cls(msgid, params, bool(data.get("capital")), plural)
        except (KeyError, TypeError, ValueError):
            return None  # a stored message that no longer fits its id: show the text instead


def N_(msgid: str, **params: Value) -> Msg:
    """Mark ``msgid`` for translation and fill in its ``%(name)s`` values (English now)."""
    return Msg(msgid, params)


def ngettext(singular: str, plural: str, num: int, **params: Value) -> Msg:
    """Mark a message whose words follow a number ("1 odd coin stays", "2 odd coins stay"):
    ``num`` is its value ``%(num)s``, and a page picks its language's form by it. (Named as
    gettext's, so the catalogue extraction finds both forms with its default keywords.)"""
    return Msg(singular, {"num": num, **params}, plural=plural)


# Messages whose words changed after results were stored with them: a stored one reads as
# the new one (so a page still translates it). Old id -> new id, or for one that became a
# plural, -> (singular, plural, the value that was its count).
RENAMED: dict[str, str | tuple[str, str, str]] = {
    "%(n)s chaff (willow cards counted as chaff): 20 + 10 x %(extra)s beyond %(threshold)s": (
        "%(n)s chaff (willow cards counted as chaff): 20 + 10 × %(extra)s beyond %(threshold)s"
    ),
    "%(n)s chaff: 20 + 10 x %(extra)s beyond %(threshold)s": (
        "%(n)s chaff: 20 + 10 × %(extra)s beyond %(threshold)s"
    ),
    "%(r)s ribbons + %(w)s other willow: %(base)s + 10 x %(extra)s": (
        "%(r)s ribbons + %(w)s other willow: %(base)s + 10 × %(extra)s"
    ),
    "%(r)s ribbons + %(w)s other willow, fewer than 7 ribbons: 20 + 10 x %(extra)s": (
        "%(r)s ribbons + %(w)s other willow, fewer than 7 ribbons: 20 + 10 × %(extra)s"
    ),
    "The pot runs short at a tie: %(who)s share what is left, %(each)s each in whole coins; "
    "%(odd)s odd coin(s) stay in the pot.": (
        "The pot runs short at a tie: %(who)s share what is left, %(each)s each in whole "
        "coins; %(num)s odd coin stays in the pot.",
        "The pot runs short at a tie: %(who)s share what is left, %(each)s each in whole "
        "coins; %(num)s odd coins stay in the pot.",
        "odd",
    ),
    "The pot of %(pot)s is split equally among the %(n)s players still seated: "
    "%(each)s each; %(odd)s odd coin(s) stay in the pot, unclaimed.": (
        "The pot of %(pot)s is split equally among the %(n)s players still seated: "
        "%(each)s each; %(num)s odd coin stays in the pot, unclaimed.",
        "The pot of %(pot)s is split equally among the %(n)s players still seated: "
        "%(each)s each; %(num)s odd coins stay in the pot, unclaimed.",
        "odd",
    ),
}


def _renamed(msgid: str, plural: str | None, params: dict[str, Value]) -> tuple[str, str | None]:
    """A stored message's id (and plural) as the code words it now; ``params`` follow."""
    new = RENAMED.get(msgid)
    if new is None:
        return msgid, plural
    if isinstance(new, str):
        return new, plural
    singular, many, count = new
    value = params.pop(count)
    params["num"] = int(value) if isinstance(value, str) and value.isdigit() else value
    who = params.get("who")
    if isinstance(who, list):
        params["who"] = listed(who)
    return singular, many


class Listed(tuple[Value, ...]):
    """Values a sentence lists: "a, b and c" in English, as its language lists them on a page."""


class Semicolons(tuple[Value, ...]):
    """Values a sentence lists with semicolons in English ("a; b"), as its language lists
    them on a page."""


def listed(values: Sequence[Value]) -> Msg:
    """``values`` as a sentence lists them ("the Crane, the Curtain and the Moon"): a message
    whose only value is the list, so that a page lists them in its own language."""
    return Msg("%(items)s", {"items": Listed(values)})


def english(value: Value) -> str:
    """A value as the English text shows it (a list joined with commas, a ``Listed`` with
    "and" before its last item)."""
    if isinstance(value, Listed):
        words = [english(v) for v in value]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    if isinstance(value, Semicolons):
        return "; ".join(english(v) for v in value)
    if isinstance(value, list | tuple):
        return ", ".join(english(v) for v in value)
    return str(value)


def reason(exc: BaseException) -> str:
    """Why ``exc`` was raised, as its message when it carries one (to keep it translatable)."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return exc.args[0]
    return str(exc)


def message_json(value: object) -> JSONObject | None:
    """``value.to_json()`` when it is a message, else None."""
    return value.to_json() if isinstance(value, Msg) else None


def _json(value: Value) -> JSONValue:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, Listed):
        return {"listed": [_json(v) for v in value]}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return value


def _unjson(value: object) -> Value:
    if isinstance(value, Mapping) and isinstance(value.get("listed"), list):
        return Listed(_unjson(v) for v in value["listed"])
    if isinstance(value, Mapping):
        return Msg.from_json(value.get("msg")) or ""
    if isinstance(value, list):
        return [_unjson(v) for v in value]
    return value


def as_json(value: object) -> str:
    """A value a client sent, written back as JSON writes it (``{"a": 1}``, ``[1, null]``),
    a text in quotes; what JSON cannot write as Python does."""
    if isinstance(value, dict | list):
        try:
            return json.dumps(value, ensure_ascii=False, default=str)[:4000]
        except (TypeError, ValueError, RecursionError):
            return repr(value)[:4000]
    return repr(value)
