"""Scorekeeper: exact score keeping for hanafuda and dice games at a real table."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
# templates/ and static/ live at the top of the checkout (and stay there for an editable
# install); a wheel carries them inside the package (see package-dir in pyproject.toml).
INSTALLED = (PACKAGE / "templates").is_dir()
RESOURCES = PACKAGE if INSTALLED else ROOT


def create_app(test_config: Mapping[str, object] | None = None) -> Flask:
    """Create and configure the app: defaults, instance/config.py, env, then ``test_config``."""
    # A checkout keeps instance/ at its top; an installed copy gets Flask's default,
    # <prefix>/var/scorekeeper-instance, rather than a folder inside site-packages.
    instance = os.environ.get("SCOREKEEPER_INSTANCE_PATH") or (
        None if INSTALLED else str(ROOT / "instance")
    )
    from flask import Flask  # here: the pure parts of the package load no web framework

    app = Flask(
        __name__,
        instance_path=instance,
        instance_relative_config=True,
        template_folder=str(RESOURCES / "templates"),
        static_folder=str(RESOURCES / "static"),
    )
    from scorekeeper.wiring import DEV_SECRET_KEY, init_app

    app.config.from_mapping(
        SECRET_KEY=DEV_SECRET_KEY,
        SQLALCHEMY_DATABASE_URI="sqlite:///" + str(Path(app.instance_path) / "scorekeeper.sqlite"),
        MAX_CONTENT_LENGTH=256 * 1024,
        # An import takes the largest table's export: 10,000 rounds and its journal
        # (README, "Moving a table"; ``views.allow_an_export``).
        IMPORT_MAX_LENGTH=32 * 1024 * 1024,
        WTF_CSRF_TIME_LIMIT=12 * 3600,  # a form opened at the start of an evening still works
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
        if os.environ.get("DATABASE_URL"):
            app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
    else:
        app.config.from_mapping(test_config)
    from scorekeeper.json_provider import Provider

    app.json = Provider(app)
    os.makedirs(app.instance_path, exist_ok=True)

    init_app(app)
    return app
