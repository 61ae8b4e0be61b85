"""The app without a signal (issue 21): the service worker that keeps the app's files and the
pages this phone opened recently, and the page it shows for one it never opened.

The worker is served from the root so that its scope is the whole app; its list of files
carries their versions (``?v=``), so a new release changes the worker and with it its cache.
The queue of rounds saved without a signal lives in the pages (``static/js/queue.js``, part of
the pages' one script ``dist/app.js``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for

bp = Blueprint("offline", __name__)

APP_FILES = (
    "css/app.css",
    "dist/app.js",
    "img/cards.svg",
    "favicon.svg",
    "manifest.webmanifest",
    "icons/icon.svg",
    "icons/icon-192.png",
)
"""What every page needs, kept by the worker when it is installed."""


@bp.get("/sw.js")
def service_worker() -> Response:
    files = [url_for("static", filename=name) for name in APP_FILES]
    fallback = url_for("offline.page")
    static = url_for("static", filename="")
    settings = json.dumps({"files": files, "offline": fallback, "static": static})
    version = hashlib.sha256(settings.encode()).hexdigest()[:12]
    body = Path(current_app.static_folder or "", "js", "sw.js").read_text(encoding="utf-8")
    script = f"var SETTINGS = {settings};\nvar VERSION = {json.dumps(version)};\n{body}"
    resp = Response(script, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"  # the browser checks for a new release each time
    resp.headers["Service-Worker-Allowed"] = url_for("tables.home")
    return resp


@bp.get("/offline")
def page() -> str:
    """Shown without a signal for a page this phone never opened (kept at install)."""
    return render_template("offline/page.html")
