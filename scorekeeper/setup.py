"""Wiring of extensions, blueprints and error handlers onto an app."""

from __future__ import annotations

from typing import Any

from flask import Flask, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper import DEV_SECRET_KEY


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
    from scorekeeper.views import api, pages

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if request.path.startswith("/api/"):
            return api.http_error(exc)
        return render_template("errors/error.html", error=exc), exc.code or 500

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        app.logger.exception("Unhandled error on %s %s", request.method, request.path)
        return http_error(InternalServerError())
