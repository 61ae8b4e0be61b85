"""The interface's languages, through Flask-Babel.

The language of a page is the one the reader chose with the switch at the foot of every page
(remembered in a cookie), else the best match of the browser's ``Accept-Language`` among the
catalogues in ``scorekeeper/translations``, else English, the language the code is written in.

Templates mark their words with ``_()``; Python marks them with ``N_``
(``scorekeeper.messages``), the pure layers (rules, games, cards, services) as much as the
views, and ``translate`` puts such a message into the page's language when a page shows it (a
template prints one translated). The shared words are in ``scorekeeper/translations`` and each
game folder's own in its ``translations`` (``catalogue_folders``): Flask-Babel merges them.
The catalogues are compiled (``.mo``) by ``scripts/_venv.sh`` and, when one is missing or
older than its ``.po``, when the app starts: next to the ``.po`` when that folder is writable,
else in the instance folder.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, TypeVar, overload
from urllib.parse import quote, urlsplit

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import get_group_symbol
from flask import Blueprint, Flask, Response, current_app, redirect, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.exact import display
from scorekeeper.games import FOLDERS
from scorekeeper.jsonio import JSONValue
from scorekeeper.messages import Msg

if TYPE_CHECKING:
    # Flask-Babel ships no type information: what Scorekeeper uses of it.
    from gettext import NullTranslations

    class Babel:
        def __init__(
            self, app: Flask, locale_selector: Callable[[], str | None] | None = None
        ) -> None: ...

    def format_decimal(number: int) -> str: ...
    def format_time(time: datetime, format: str) -> str: ...
    def format_datetime(datetime: datetime, format: str) -> str: ...
    def get_locale() -> Locale | None: ...
    def get_translations() -> NullTranslations: ...

else:
    from flask_babel import (
        Babel,
        format_datetime,
        format_decimal,
        format_time,
        get_locale,
        get_translations,
    )

CATALOGUES = Path(__file__).resolve().parent / "translations"
"""The shared words' catalogues, one folder per language; they decide the languages offered."""
GAME_FOLDERS = Path(__file__).resolve().parent / "games"
SOURCE_LANGUAGE = "en"
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie

bp = Blueprint("i18n", __name__)


def languages(folder: Path = CATALOGUES) -> list[str]:
    """The interface's languages: English, then each catalogue in ``folder``."""
    found = sorted(
        p.name for p in folder.glob("*") if (p / "LC_MESSAGES" / "messages.po").is_file()
    )
    return [SOURCE_LANGUAGE, *found]


def compile_catalogues(source: Path, target: Path) -> None:
    """Write ``<lang>/LC_MESSAGES/messages.mo`` under ``target`` for every ``.po`` under
    ``source`` that has none there or an older one. OSError if ``target`` cannot be written."""
    for po in sorted(source.glob("*/LC_MESSAGES/messages.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalogue = read_po(f, locale=po.parent.parent.name)
        mo.parent.mkdir(parents=True, exist_ok=True)
        partial = mo.with_name(f".{mo.name}.{os.getpid()}")
        with partial.open("wb") as f:
            write_mo(f, catalogue)
        partial.replace(mo)  # atomic: another process never reads half a catalogue


def catalogue_folders() -> dict[str, Path]:
    """Every folder of catalogues by a name for it: the shared words (``""``), then each game
    folder's own words (by the folder's name), for the folders that have any."""
    games = {f: GAME_FOLDERS / f / "translations" for f in FOLDERS}
    return {"": CATALOGUES, **{f: d for f, d in games.items() if d.is_dir()}}


def compile_all(target: Path | None = None) -> list[Path]:
    """Compile every catalogue that needs it (``compile_catalogues``), next to its ``.po``, or
    under ``target`` when given (the shared ones there, a game's in ``games/<folder>``); the
    folders compiled into, shared first."""
    compiled = []
    for name, source in catalogue_folders().items():
        into = source if target is None else target / "games" / name if name else target
        compile_catalogues(source, into)
        compiled.append(into)
    return compiled


def init_app(app: Flask) -> None:
    """Compile what needs it, then set Flask-Babel and the templates' helpers on ``app``."""
    try:
        folders = compile_all()
    except OSError:  # an installed copy in a read-only site-packages
        folders = compile_all(Path(app.instance_path) / "translations")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(str(f) for f in folders)
    app.config.setdefault("LANGUAGES", languages())
    Babel(app, locale_selector=select_locale)
    app.register_blueprint(bp)
    # Flask-Babel's _() puts its values in as they are: these put a message's translation.
    app.jinja_env.globals.update(gettext=_gettext, _=_gettext, ngettext=_ngettext)
    app.jinja_env.finalize = _finalize
    app.jinja_env.globals.update(
        tr=translate,
        translated=translated,
        note_text=note_text,
        yaku_detail=yaku_detail,
        locale_code=locale_code,
        language_links=language_links,
        here_url=here_url,
        number=number,
        moment=moment,
        instant=instant,
        utc_time=utc_time,
        short_day=short_day,
    )
    app.jinja_env.filters["tr"] = translate
    app.after_request(_vary)


def select_locale() -> str:
    """The switch's choice, else the browser's best match, else English."""
    offered = _offered()
    chosen = request.cookies.get(COOKIE)
    if chosen in offered:
        return chosen
    return request.accept_languages.best_match(offered) or SOURCE_LANGUAGE


def _offered() -> list[str]:
    return list(current_app.config["LANGUAGES"])


def locale_code() -> str:
    """The page's language as ``<html lang>`` wants it (``ja``, ``en``)."""
    locale = get_locale()
    return str(locale) if locale is not None else SOURCE_LANGUAGE


@bp.get("/language/<code>")
def switch(code: str) -> BaseResponse:
    """Remember the language chosen with the switch, and go back to the page it was on."""
    target = request.args.get("next", "/")
    if not local_path(target):
        target = "/"
    response = redirect(target, 303)
    if code in _offered():
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def local_path(target: str) -> bool:
    """Whether ``target`` is a path on this site (never another host: no open redirect)."""
    parts = urlsplit(target)
    return (
        target.startswith("/")
        and not target.startswith(("//", "/\\"))
        # urlsplit drops tabs and line breaks; a Location header cannot hold them
        and target.isprintable()
        and not parts.scheme
        and not parts.netloc
    )


class LanguageLink(TypedDict):
    """One language of the switch: its code, its name in itself, whether it is the page's,
    and the page to come back to."""

    code: str
    name: str
    current: bool
    next: str


def language_links() -> list[LanguageLink]:
    """The switch: each language named in itself, the current one marked."""
    current = locale_code()
    here = here_url()
    return [
        {
            "code": code,
            "name": Locale.parse(code).get_display_name(code) or code,
            "current": code == current,
            "next": here,
        }
        for code in _offered()
    ]


def here_url() -> str:
    """This page's address as a link back to it writes it: its path quoted again (Flask
    gives it decoded, and a member's name may hold "#", "?" or "%"), and a GET's query; for
    a page answering a POST to an address that takes none, the page the form was on."""
    rule = request.url_rule
    if rule is not None and "GET" not in (rule.methods or ()):
        # A refused form posted to an address no link opens (a new table's, an import's):
        # back to the page the form was on, as the browser says, else the start page.
        came = urlsplit(request.referrer or "")
        here = came.netloc == request.host and local_path(came.path)
        return came.path if here and _opens(came.path) else "/"
    path = quote(request.path, safe="/:@!$&'()*+,;=~")
    if request.method == "GET" and request.query_string:
        return f"{path}?{request.query_string.decode('latin-1')}"
    return path


def _opens(path: str) -> bool:
    """Whether a link opens ``path`` (a GET answers it): a page refused twice has its own
    POST-only address as the browser's Referer."""
    try:
        current_app.url_map.bind(request.host).match(path, method="GET")
    except HTTPException:
        return False
    return True


_Shown = TypeVar("_Shown")


@overload
def translate(value: Msg) -> str: ...
@overload
def translate(value: _Shown) -> _Shown: ...
def translate(value: object) -> object:
    """A message in the page's language; anything else as it is."""
    if not isinstance(value, Msg):
        return value
    if locale_code() == SOURCE_LANGUAGE:
        return str(value)
    if value.plural is not None:
        num = value.params.get("num")
        # A count is a whole number (a fraction of a coin, or none, reads as many).
        count = int(num) if isinstance(num, int | Fraction) and num == int(num) else 2
        text = get_translations().ngettext(value.msgid, value.plural, count)
    else:
        text = get_translations().gettext(value.msgid)
    if value.params:
        try:
            text = text % {k: _value(v) for k, v in value.params.items()}
        except (KeyError, TypeError, ValueError):
            return str(value)  # a translation that lost a value: the English is still right
    return text[:1].upper() + text[1:] if value.capital else text


def translated(value: object) -> object:
    """``translate`` through dicts and lists: the words a page's script is given as JSON (the
    bar's messages, ``Game.bar_messages``)."""
    if isinstance(value, Mapping):
        return {str(k): translated(v) for k, v in value.items()}
    if isinstance(value, list | tuple) and not isinstance(value, Msg):
        return [translated(v) for v in value]
    return translate(value)


def _value(value: object) -> str:
    if isinstance(value, Msg):
        return str(translate(value))
    if isinstance(value, list | tuple):
        return str(format_list([_value(v) for v in value], locale=get_locale() or SOURCE_LANGUAGE))
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def note_text(note: Mapping[str, JSONValue]) -> str:
    """A stored note (a result's "why") in the page's language: its message when it kept one,
    else its English text (a round scored before the notes kept their messages)."""
    msg = Msg.from_json(note.get("msg"))
    if msg is not None:
        return str(translate(msg))
    return str(translate(Msg(str(note.get("text", "")))))


def yaku_detail(yaku: Mapping[str, JSONValue]) -> str:
    """A stored yaku's detail ("8 ribbons + 1 other willow: ...") in the page's language."""
    msg = Msg.from_json(yaku.get("detail_msg"))
    return str(translate(msg)) if msg is not None else str(yaku.get("detail", ""))


def number(value: int) -> str:
    """A whole number as the page's language writes it (1,234 or 1 234). Babel formats
    through a decimal context of 28 digits, which refuses a number of about 26 digits or
    more (a probe, 2026-11-29: a Japanese page answered 500): such a number is grouped by
    threes with the language's own separator."""
    if -_BABEL_LIMIT < value < _BABEL_LIMIT:
        return str(format_decimal(value))
    return f"{value:,}".replace(",", get_group_symbol(get_locale() or SOURCE_LANGUAGE))


_BABEL_LIMIT = 10**24
"""Numbers below this in size are formatted by Babel (it takes 25 digits, not 26)."""


def display_amount(value: Fraction | int, signed: bool = False) -> str:
    """``exact.display`` with its whole part grouped as the page's language groups digits
    ("+1,234⅓"); the fraction stays a fraction, English pages stay as they were."""
    text = display(value, signed)
    if locale_code() == SOURCE_LANGUAGE:
        return text
    return _DIGITS.sub(lambda m: number(int(m.group())), text, count=1)


_DIGITS = re.compile(r"\d{4,}")


def clock(at: datetime) -> str:
    """A time of day (UTC) as the page's language writes it."""
    if locale_code() == SOURCE_LANGUAGE:
        return at.strftime("%H:%M")
    return str(format_time(at, "short"))


def moment(at: datetime) -> str:
    """A date and time (UTC) as the page's language writes it."""
    if locale_code() == SOURCE_LANGUAGE:
        return at.strftime("%Y-%m-%d %H:%M")
    return str(format_datetime(at, "short"))


def instant(at: datetime) -> str:
    """When something happened (UTC), as short as the phone's own clock will say it: the
    time of day when it was today, else the date and time. ``times.js`` then writes it in
    the phone's clock; the closer the two, the less the page moves when it does."""
    if at.date() == datetime.now(UTC).date():
        return clock(at)
    return moment(at)


def utc_time(at: datetime) -> Markup:
    """A ``<time>`` element: the machine-readable instant, and the time of day (UTC) for people."""
    return Markup('<time datetime="{}">{} UTC</time>').format(
        at.strftime("%Y-%m-%dT%H:%M:%SZ"), clock(at)
    )


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def day_text(day: date) -> str:
    """A day short as the page's language writes it ("21 Nov", "11/21")."""
    if locale_code() == SOURCE_LANGUAGE:
        return f"{day.day} {_MONTHS[day.month - 1]}"
    return f"{day.month}/{day.day}"


def short_day(day: date) -> Markup:
    """A ``<time>`` element for a narrow column: the day short (``day_text``), the whole date
    in ``datetime`` and its title."""
    return Markup('<time datetime="{0}" title="{0}">{1}</time>').format(
        day.isoformat(), day_text(day)
    )


@pass_context
def _gettext(context: Context, string: str, **values: object) -> str:
    """A template's ``_()``: its words in the page's language, with its values put in (a
    message among them translated, a number written as the language writes it)."""
    text: str = get_translations().gettext(string)
    return _fill(context, text, values)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, num: int, **values: object) -> str:
    text: str = get_translations().ngettext(singular, plural, num)
    return _fill(context, text, {"num": num, **values})


def _fill(context: Context, text: str, values: Mapping[str, object]) -> str:
    if context.eval_ctx.autoescape:
        text = Markup(text)
    # Always a format string, as Jinja's own newstyle gettext: a literal % is written %%.
    return text % {k: _template_value(v) for k, v in values.items()}


def _template_value(value: object) -> object:
    if isinstance(value, Msg):
        return translate(value)
    if isinstance(value, int) and not isinstance(value, bool) and locale_code() != SOURCE_LANGUAGE:
        return number(value)
    return value


def _finalize(value: object) -> object:
    """What ``{{ ... }}`` prints: messages in the page's language."""
    return translate(value) if isinstance(value, Msg) else value


def _vary(response: Response) -> Response:
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response
