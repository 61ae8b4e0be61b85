"""Fixtures: an app on a throwaway database (SQLite file, or the PostgreSQL server named by
SCOREKEEPER_TEST_DATABASE_URL), its test client, and Hypothesis profiles."""

from __future__ import annotations

import os
import warnings

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_sessionstart(session) -> None:
    """The pages' script is built at install time (scripts/test, scripts/run): built here
    too when it is missing or older than a module, so a page never runs a stale one."""
    from scorekeeper import assets

    if assets.stale():
        try:
            assets.build()
        except assets.BuildError as exc:
            warnings.warn(f"the pages' script is not built: {exc}", stacklevel=1)


def dispose(app) -> None:
    """Close the app's pooled connections (each test app has its own engine)."""
    from scorekeeper.models import db

    with app.app_context():
        db.engine.dispose()


@pytest.fixture(autouse=True)
def _close_apps(monkeypatch):
    """Every app a test creates gets its connections closed when the test ends."""
    import scorekeeper

    made = []
    real = scorekeeper.create_app

    def tracking(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(scorekeeper, "create_app", tracking)
    yield
    for app in made:
        dispose(app)


@pytest.fixture()
def app(tmp_path):
    import scorekeeper

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite'}"
    app = scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app


@pytest.fixture()
def client(app):
    return app.test_client()


def pytest_terminal_summary(terminalreporter):
    from tests import fuzz_counts

    if fuzz_counts:
        tried = ", ".join(f"{n} {what}" for what, n in sorted(fuzz_counts.items()))
        terminalreporter.write_line(f"fuzzing tried: {tried}")
