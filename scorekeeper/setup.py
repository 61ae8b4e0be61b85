"""Wiring of extensions, blueprints and error handlers onto an app."""

from __future__ import annotations

import functools
import gzip
import mimetypes
import os
import re
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Flask,
    Response,
    current_app,
    has_request_context,
    render_template,
    request,
)
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError, SecurityError
from werkzeug.security import safe_join

from scorekeeper import DEV_SECRET_KEY
from scorekeeper.models import db

LOOPBACK_HOSTS = ("localhost", "127.0.0.1")
UNTRUSTED_HOST = (
    "This server does not answer to that host name: open the table's link as it was shared "
    "(or add the name to SCOREKEEPER_TRUSTED_HOSTS)."
)


class InsecureConfig(RuntimeError):
    """The app was asked to serve for real with the development secret key."""


def init_app(app: Flask) -> None:
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
    # The web app manifest's type, whatever the system's mime.types says (browsers want it).
    mimetypes.add_type("application/manifest+json", ".webmanifest")
    from scorekeeper.database import init_db
    from scorekeeper.views import api, check, rounds, sessions

    _configure_links(app)
    app.session_interface = _SessionInterface()
    init_db(app)
    for bp in (api.bp, sessions.bp, rounds.bp, check.bp):
        app.register_blueprint(bp)
    _template_helpers(app)
    app.after_request(_security_headers)
    app.after_request(_compress)

    @app.get("/healthz")
    def healthz() -> str:
        """A bare route: what the benchmark compares the scoring endpoint with."""
        return "ok"

    @app.teardown_request
    def _rollback_on_error(exc: BaseException | None) -> None:
        if exc is not None:
            db.session.rollback()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if isinstance(exc, SecurityError):
            # A Host outside TRUSTED_HOSTS: no link can be built for it, nor is it repeated.
            exc = BadRequest(UNTRUSTED_HOST)
            if not request.path.startswith("/api/"):
                return Response(UNTRUSTED_HOST, 400, mimetype="text/plain")
        if request.path.startswith("/api/"):
            return api.http_error(exc)
        return render_template("errors/error.html", error=exc), exc.code or 500

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
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
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


class _SessionInterface(SecureCookieSessionInterface):
    """Session cookies marked Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (
            has_request_context() and request.is_secure
        )


COMPRESSIBLE = ("text/html", "text/csv", "application/json")
STATIC_COMPRESSIBLE = (
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
    "application/manifest+json",
)


@functools.lru_cache(maxsize=64)
def _gzipped_file(path: str, mtime_ns: int, size: int) -> bytes:
    """A static file gzipped once per version of it (its modification time and size)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=9, mtime=0)


def _compress_static(response: Response) -> Response:
    """Gzip a text static file (CSS, script, SVG, manifest): the page-weight budget counts
    what is sent. Only a whole 200 answer; its ETag turns weak, as the bytes differ."""
    if (
        response.status_code != 200
        or response.mimetype not in STATIC_COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or not current_app.static_folder
    ):
        return response
    path = safe_join(current_app.static_folder, (request.view_args or {}).get("filename", ""))
    if path is None or not os.path.isfile(path):
        return response
    stat = os.stat(path)
    body = _gzipped_file(path, stat.st_mtime_ns, stat.st_size)
    etag, _weak = response.get_etag()
    response.close()
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    if etag:
        response.set_etag(etag, weak=True)
    return response


def _compress(response: Response) -> Response:
    """Gzip sizeable pages and JSON for phones on a slow connection."""
    if request.endpoint == "static":
        return _compress_static(response)
    if (
        response.direct_passthrough
        or response.status_code < 200
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
        or "gzip" not in request.headers.get("Accept-Encoding", "")
    ):
        return response
    body = response.get_data()
    if len(body) < 1400:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _template_helpers(app: Flask) -> None:
    from scorekeeper.cards import CARD_BY_ID
    from scorekeeper.exact import amount_str, display, read_stored_amount
    from scorekeeper.forms import generate_csrf
    from scorekeeper.games import GAMES
    from scorekeeper.picker import month_rows, picked

    app.jinja_env.globals.update(
        card_by_id=CARD_BY_ID.__getitem__,
        csrf_token=generate_csrf,
        month_rows=month_rows,
        picked=picked,
        display=display,
        amount=read_stored_amount,
        amount_str=amount_str,
        games=GAMES,
    )
