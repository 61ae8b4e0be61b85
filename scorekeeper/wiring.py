"""Wiring of extensions, blueprints and error handlers onto an app."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from flask import (
    Flask,
    Response,
    abort,
    g,
    has_request_context,
    render_template,
    request,
    url_for,
)
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from flask_limiter import RateLimitExceeded
from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    TemplateNotFound,
)
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    InternalServerError,
    RequestEntityTooLarge,
    SecurityError,
    TooManyRequests,
)
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.caches import BoundedCache
from scorekeeper.games import GAMES
from scorekeeper.messages import N_, Msg
from scorekeeper.models import db

DEV_SECRET_KEY = "dev"
"""The secret key of a development checkout: refused where the app is served to others."""
LOOPBACK_HOSTS = ("localhost", "127.0.0.1")
#: The error page's title for the errors a player may meet (others keep werkzeug's name).
HTTP_NAMES: dict[int, Msg] = {
    400: N_("Bad Request"),
    403: N_("Forbidden"),
    404: N_("Not Found"),
    405: N_("Method Not Allowed"),
    413: N_("Request Entity Too Large"),
    429: N_("Too Many Requests"),
    500: N_("Internal Server Error"),
}
#: What the error page says when the code gave no reason of its own (werkzeug's words).
HTTP_DESCRIPTIONS: dict[int, Msg] = {
    400: N_("The browser (or proxy) sent a request that this server could not understand."),
    404: N_(
        "The requested URL was not found on the server. If you entered the URL manually please "
        "check your spelling and try again."
    ),
    405: N_("The method is not allowed for the requested URL."),
    413: N_("The data value transmitted exceeds the capacity limit."),
    500: N_(
        "The server encountered an internal error and was unable to complete your request. "
        "Either the server is overloaded or there is an error in the application."
    ),
}
UNTRUSTED_HOST = (
    "This server does not answer to that host name: open the table's link as it was shared "
    "(or add the name to SCOREKEEPER_TRUSTED_HOSTS)."
)


class InsecureConfig(RuntimeError):
    """The app was asked to serve for real with the development secret key."""


def init_app(app: Flask) -> None:
    """Wire the app: its links, sessions, database, languages, views, limits, templates,
    static files and error pages, in the order each needs the one before."""
    _refuse_the_development_key(app)
    from scorekeeper import backups, i18n, limits
    from scorekeeper.database import init_db

    # The web app manifest's type, whatever the system's mime.types says (browsers want it).
    mimetypes.add_type("application/manifest+json", ".webmanifest")
    _configure_links(app)
    _trust_proxies(app)
    app.session_interface = _SessionInterface()
    init_db(app)
    i18n.init_app(app)
    _register_views(app)
    limits.init_app(app)  # once the views it limits are registered
    _template_helpers(app)
    backups.init_app(app)
    _game_files(app)
    _template_cache(app)
    _static_versions(app)
    app.after_request(_security_headers)
    app.after_request(_compress)
    _bare_routes(app)
    _error_pages(app)


def _refuse_the_development_key(app: Flask) -> None:
    if (
        app.config.get("SECRET_KEY") in (None, "", DEV_SECRET_KEY)
        and not app.debug
        and not app.testing
    ):
        raise InsecureConfig(
            "Refusing to start with the development SECRET_KEY outside debug or testing: "
            "set SCOREKEEPER_SECRET_KEY or put SECRET_KEY in instance/config.py "
            "(scripts/run does this for you)."
        )


def _register_views(app: Flask) -> None:
    from scorekeeper.views import (
        api,
        changes,
        check,
        clubs,
        deck_page,
        decks,
        device,
        live,
        offline,
        openapi,
        photos,
        rounds,
        tables,
    )

    for bp in (
        api.bp,
        openapi.bp,
        tables.bp,
        rounds.bp,
        check.bp,
        changes.bp,
        clubs.bp,
        live.bp,
        device.bp,
        offline.bp,
        photos.bp,
        decks.bp,
        deck_page.bp,
    ):
        app.register_blueprint(bp)


def _bare_routes(app: Flask) -> None:
    @app.get("/healthz")
    def healthz() -> str:
        """A bare route: what the benchmark compares the scoring endpoint with."""
        return "ok"

    @app.get("/healthz/conditional")
    def healthz_conditional() -> Response:
        """A bare conditional route: ``304`` to ``If-None-Match: "ok"``. The benchmark
        compares the unchanged-table poll (``/t/<token>/live``) with it."""
        resp = Response(status=304) if request.if_none_match.contains_weak("ok") else Response("ok")
        resp.set_etag("ok")
        return resp


_TABLE_PATH = re.compile(r"/t/([A-Za-z0-9_-]{20,64})/")
"""The pages under one table's address (not its read-only link's, ``/t/view/``)."""


def _error_pages(app: Flask) -> None:
    from scorekeeper import limits, photos
    from scorekeeper.i18n import translate
    from scorekeeper.views import api

    @app.teardown_request
    def _rollback_on_error(exc: BaseException | None) -> None:
        if exc is not None:
            db.session.rollback()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        if isinstance(exc, SecurityError):
            # A Host outside TRUSTED_HOSTS: no link can be built for it, nor is it repeated.
            exc = BadRequest(UNTRUSTED_HOST)
            if not request.path.startswith("/api/"):
                return Response(UNTRUSTED_HOST, 400, mimetype="text/plain")
        headers: dict[str, str] = {}
        if isinstance(exc, RateLimitExceeded):
            # Over a limit: nothing was stored; say when to try again (API.md "Limits").
            db.session.rollback()
            wait = limits.retry_after()
            headers["Retry-After"] = str(wait)
            exc = TooManyRequests(limits.TOO_MANY(seconds=wait))
        field = ""
        if isinstance(exc, RequestEntityTooLarge) and photos.too_large(request):
            # A body too large for a request that may carry a photo: the photo is.
            exc, field = RequestEntityTooLarge(translate(photos.TOO_LARGE)), photos.FIELD
        if request.path.startswith("/api/"):
            resp, status = api.http_error(exc, field)
            resp.headers.update(headers)
            return resp, status
        # A table's page (a photo too large for its round form): back to that table too.
        at = _TABLE_PATH.match(request.path)
        table_url = url_for("tables.show", token=at.group(1)) if at else None
        page = render_template("errors/error.html", error=exc, table_url=table_url)
        return page, exc.code or 500, headers

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> ResponseReturnValue:
        db.session.rollback()
        app.logger.exception("Unhandled error on %s %s", request.method, request.path)
        return http_error(InternalServerError())


def _configure_links(app: Flask) -> None:
    """Check ``PUBLIC_URL`` and settle ``TRUSTED_HOSTS`` (a list; text may list hosts
    separated by commas or spaces, as an environment variable does).

    Unless configured, the trusted hosts are this machine's own names and addresses (so a
    phone on the same network reaches ``scripts/run``) and the public URL's host: a forged
    ``Host`` header is then a 400, never reflected into a link.
    """
    public = app.config.get("PUBLIC_URL") or None
    public_host = None
    if public is not None:
        parts = urlsplit(str(public))
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                "PUBLIC_URL must be the address players open, such as "
                f"https://scores.example.org, not {public!r}"
            )
        public_host = parts.hostname
    app.config["PUBLIC_URL"] = public
    hosts = app.config.get("TRUSTED_HOSTS")
    if isinstance(hosts, str):
        hosts = [h for h in re.split(r"[\s,]+", hosts) if h]
    if hosts is None:
        hosts = [*LOOPBACK_HOSTS, *_own_names(), *([public_host] if public_host else [])]
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys(hosts))


def _trust_proxies(app: Flask) -> None:
    """Read ``X-Forwarded-For``, ``-Proto`` and ``-Host`` from as many reverse proxies as the
    host says are in front (``PROXIES``; 0, the default, trusts none: a client could write
    them). Behind an HTTPS proxy the app then knows its pages came over HTTPS, and each
    request's address is the client's, not the proxy's."""
    proxies = int(app.config.get("PROXIES", 0))
    if proxies < 0:
        raise ValueError("PROXIES is how many reverse proxies are in front: 0 or more")
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def _own_names() -> list[str]:
    """This machine's host name and its address on the network (no packet is sent)."""
    names: list[str] = []
    host = socket.gethostname().lower()
    if re.fullmatch(r"[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*", host):
        names += [host, f"{host}.local"]
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks a route
            names.append(probe.getsockname()[0])
    except OSError:
        pass
    return names


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


class _SessionInterface(SecureCookieSessionInterface):
    """Session cookies marked Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (
            has_request_context() and request.is_secure
        )


COMPRESSIBLE = ("text/html", "text/csv", "application/json")
#: Static files worth gzipping: sent from a copy compressed once per version of the file.
STATIC_COMPRESSIBLE = ("text/css", "text/javascript", "image/svg+xml", "application/manifest+json")
YEAR = 365 * 24 * 3600
_STATIC_GZIP: BoundedCache[str, bytes] = BoundedCache(64)


GAME_TEMPLATES = "games"
"""Templates named ``games/<game id>/<name>`` are the game's own, read from its folder's
``templates/`` (a game registered later is found all the same)."""

BUNDLED = {"css/app.css": "styles"}
"""The shared style sheet is served with every registered game's own style parts in it
(``Game.styles`` appended, each in its folder's ``static/``): a game's parts live in its
folder, and a page still fetches one style sheet, cached across pages. The one script,
``dist/app.js``, is built with the games' scripts in it beforehand (``scorekeeper.assets``)
and served as the file it is."""


def _game_template(template: str) -> Path | None:
    """Where ``games/<game id>/<name>`` lies, or None when it names no registered game (a
    name trying to climb out of the folder is none either)."""
    head, _, rest = template.partition("/")
    game_id, _, name = rest.partition("/")
    game = GAMES.get(game_id) if head == GAME_TEMPLATES else None
    if game is None or not name or ".." in name.split("/") or name.startswith("/"):
        return None
    return game.folder / "templates" / name


class _GameTemplates(BaseLoader):
    """The games' own templates: ``games/toppa/entry.html`` is in Toppa's folder."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        path = _game_template(template)
        if path is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(path.parent).get_source(environment, path.name)


def static_parts(app: Flask, filename: str) -> list[Path]:
    """The files a static URL's ``filename`` is made of: the app's own file, then, for a
    bundled one, each registered game's parts (a folder's once: Toppa's are Baka's)."""
    parts = [Path(app.static_folder or "", filename)]
    kind = BUNDLED.get(filename)
    if kind:
        for game in GAMES.values():
            for name in getattr(game, kind):
                path = game.folder / "static" / name
                if path not in parts:
                    parts.append(path)
    return parts


def _game_files(app: Flask) -> None:
    """Look up templates in the games' folders too, and serve the bundled static files."""
    own = app.jinja_loader
    app.jinja_loader = ChoiceLoader([*([own] if own else []), _GameTemplates()])

    def static(filename: str) -> Response:
        if filename not in BUNDLED:
            return app.send_static_file(filename)
        try:
            body, version = static_file(app, filename)
        except OSError:
            abort(404)
        response = Response(body, mimetype=mimetypes.guess_type(filename)[0])
        response.set_etag(version)
        response.make_conditional(request)
        return response

    app.view_functions["static"] = static


_FILES: BoundedCache[str, tuple[tuple[tuple[Path, float], ...], bytes, str]] = BoundedCache(64)


def static_file(app: Flask, filename: str) -> tuple[bytes, str]:
    """A static file's bytes (a bundled one's parts joined) and its version, a digest of
    them: read again only when one of its parts changed (OSError when one is missing)."""
    stamp = tuple((path, path.stat().st_mtime) for path in static_parts(app, filename))
    known = _FILES.get(filename)
    if known is None or known[0] != stamp:
        body = b"\n".join(path.read_bytes() for path, _ in stamp)
        known = (stamp, body, hashlib.sha256(body).hexdigest()[:12])
        _FILES[filename] = known
    return known[1], known[2]


def _static_versions(app: Flask) -> None:
    """Static URLs carry a digest of the file (``?v=``), so a file is sent with a year-long
    cache lifetime and a new version gets a new URL: a phone fetches the card pictures, the
    style sheet and the script once, and again only when they change."""

    def digest(filename: str) -> str | None:
        try:
            return static_file(app, filename)[1]
        except OSError:
            return None

    @app.url_defaults
    def _version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values:
            version = digest(str(values.get("filename", "")))
            if version is not None:
                values["v"] = version

    @app.after_request
    def _cache(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            filename = str((request.view_args or {}).get("filename", ""))
            version = request.args.get("v")
            if version is not None and version == digest(filename):
                response.cache_control.no_cache = None
                response.cache_control.public = True
                response.cache_control.max_age = YEAR
                response.cache_control.immutable = True
                response.headers.pop("Expires", None)
            else:  # an old or missing version: check back with the server each time
                response.cache_control.no_cache = True
        return response


def _compress(response: Response) -> Response:
    """Gzip sizeable pages and JSON, and the text static files, for phones on a slow
    connection."""
    if (
        response.status_code != 200
        or "Content-Encoding" in response.headers
        or "gzip" not in request.headers.get("Accept-Encoding", "")
    ):
        return response
    if request.endpoint == "static" and response.mimetype in STATIC_COMPRESSIBLE:
        return _compress_static(response)
    if response.direct_passthrough or response.mimetype not in COMPRESSIBLE:
        return response
    body = response.get_data()
    if len(body) < 1400:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def _compress_static(response: Response) -> Response:
    """A static file sent gzipped, from a copy made once per version of the file (its ETag)."""
    etag = response.get_etag()[0]
    key = f"{request.path} {etag}"
    body = _STATIC_GZIP.get(key)
    if body is None:
        response.direct_passthrough = False  # read the file here, once
        body = gzip.compress(response.get_data(), compresslevel=9, mtime=0)
        _STATIC_GZIP[key] = body
    elif response.direct_passthrough:
        close = getattr(response.response, "close", None)  # the file send_file opened
        if close is not None:
            close()
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    if etag:  # the same file in another encoding: a weak validator still answers 304
        response.set_etag(etag, weak=True)
    response.vary.add("Accept-Encoding")
    return response


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def http_name(exc: HTTPException) -> str:
    """An error's name for its page (a message the page translates)."""
    return HTTP_NAMES.get(exc.code or 500, exc.name)


def http_description(exc: HTTPException) -> str:
    """Why the error page is shown: the reason the code gave, else a general one."""
    if exc.description and exc.description != type(exc).description:
        return exc.description
    return HTTP_DESCRIPTIONS.get(exc.code or 500, exc.description or "")


def _template_cache(app: Flask) -> None:
    """Compiled templates kept in ``instance/jinja-cache``, for every process: a worker's
    first page no longer compiles its templates (about 2 s for all of them on two cores),
    which, with several workers starting or restarting at once, was a club's page's slowest
    answer. Jinja keys each file on the template's source, so an edited template is compiled
    again."""
    folder = Path(app.instance_path, "jinja-cache")
    folder.mkdir(mode=0o700, exist_ok=True)
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(folder))


def _template_helpers(app: Flask) -> None:
    from scorekeeper.cards import CARD_BY_ID
    from scorekeeper.exact import amount_str, read_stored_amount
    from scorekeeper.forms import generate_csrf
    from scorekeeper.games import GAMES
    from scorekeeper.i18n import display_amount
    from scorekeeper.picker import (
        initials,
        month_rows,
        picked,
    )
    from scorekeeper.tables.changes import HOUSE, POT, change_messages
    from scorekeeper.tables.journal import summary_of

    parties = {str(POT): POT, str(HOUSE): HOUSE}

    def party(name: str) -> str:
        """A settle-up's party: a player's name, or the pot or the house in the page's words."""
        return parties.get(name, name)

    # The icon travels inside each page (a data: URI, allowed by img-src): one request fewer
    # for a phone on a slow connection.
    icon = Path(app.static_folder or "", "favicon.svg").read_text(encoding="utf-8")

    def cards_svg() -> str:
        """The card sprite's URL, worked out once per request (every card tile uses it)."""
        url = g.get("cards_svg")
        if url is None:
            url = g.cards_svg = url_for("static", filename="img/cards.svg")
        return str(url)

    _table_links(app)
    app.jinja_env.globals.update(
        games_by_id=GAMES,
        http_name=http_name,
        http_description=http_description,
        journal_summary=summary_of,
        change_words=change_messages,
        party=party,
        favicon="data:image/svg+xml," + quote(icon.strip(), safe="=:/',."),
        card_by_id=CARD_BY_ID.__getitem__,
        cards_svg=cards_svg,
        csrf_token=generate_csrf,
        month_rows=month_rows,
        initials=initials,
        picked=picked,
        display=display_amount,
        amount=read_stored_amount,
        amount_str=amount_str,
        games=GAMES,
    )
    from scorekeeper.games import why_line
    from scorekeeper.why import card_tiles

    app.jinja_env.globals.update(why_line=why_line, card_tiles=card_tiles)


def _table_links(app: Flask) -> None:
    from scorekeeper.models import JournalEntry, Table
    from scorekeeper.tables.changes import continued_at, latest_rematch

    def rematch_link(entry: JournalEntry) -> str | None:
        """The page of the table a rematch entry points to."""
        token = continued_at(entry)
        return None if token is None else url_for("tables.show", token=token)

    def table_continued_at(table: Table) -> str | None:
        """The page of the newest table this one was continued at (a rematch), if any."""
        token = latest_rematch(table) if table.version else None
        return None if token is None else url_for("tables.show", token=token)

    app.jinja_env.globals.update(rematch_link=rematch_link, continued_at=table_continued_at)
