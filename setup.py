"""The packages a wheel holds: every package under scorekeeper/ as found (a new game's folder
needs no line here), Alembic's migrations, and the top-level templates/ and static/ mapped
into it (package-dir and package-data in pyproject.toml, which configures everything else)."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["scorekeeper", "scorekeeper.*"]),
        "scorekeeper.migrations",  # Alembic's folders, without an __init__.py
        "scorekeeper.migrations.versions",
        "scorekeeper.templates",
        "scorekeeper.static",
    ]
)
