"""What each speed trick buys: the same work timed in-process with the trick and without it.

``BENCH_PARTS=tricks ./scripts/bench``. HTTP figures on a shared two-core machine move by tens
of percent from one minute to the next, and so does the time on the clock of one process;
what is timed here is the processor time the process itself spent (the best of several runs),
which moves by a few percent. Each trick is switched off here the way
its code would be without it (the module's attribute replaced), nothing else changed:

- the table page's caches: the whole page kept (``views/kept_pages.py``), and within it its
  rendered history, chart, latest rematch and QR code;
- the gzipped copy of each static file (``wiring._STATIC_GZIP``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from bench import long

if TYPE_CHECKING:
    from flask import Flask

REPEAT = 5  # the best of five runs of each write
PAGE_VIEWS = 40  # table page views per run


class _Forgetful(dict[object, object]):
    """A cache that keeps nothing: every lookup misses."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@contextlib.contextmanager
def _replaced(target: object, name: str, value: object) -> Iterator[None]:
    old = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, old)


def _without(trick: str) -> contextlib.ExitStack:
    """The code as it would be without ``trick``."""
    from scorekeeper import wiring
    from scorekeeper.tables import changes
    from scorekeeper.views import kept_pages, links, table_figures, tables

    stack = contextlib.ExitStack()
    if trick == "table page caches":
        stack.enter_context(_replaced(kept_pages, "_PAGES", _Forgetful()))
        stack.enter_context(_replaced(table_figures, "_HISTORIES", _Forgetful()))
        stack.enter_context(_replaced(table_figures, "_CHARTS", _Forgetful()))
        stack.enter_context(_replaced(changes, "_REMATCHES", _Forgetful()))
        stack.enter_context(_replaced(tables, "qr_svg", links.qr_svg.__wrapped__))
    elif trick == "static gzip copies":
        stack.enter_context(_replaced(wiring, "_STATIC_GZIP", _Forgetful()))
    elif trick != "":
        raise ValueError(trick)
    return stack


def _best(run: Callable[[], None], times: int = REPEAT) -> float:
    """The least processor time (this process's, user and system) of ``times`` runs: unlike
    the time on the clock, it hardly counts what other processes do with the cores."""
    best = float("inf")
    for _ in range(times):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def figures(db_url: str) -> list[str]:
    """What each trick buys: each page it speeds timed with and without it, on the Baka
    table of 10,000 rounds."""
    import scorekeeper
    from scorekeeper.models import db

    tables = [t for t in long.long_tables() if t.game == "baka"]
    started = time.perf_counter()
    long.build(db_url, tables)
    took = time.perf_counter() - started
    lines = [f"built {len(tables)} table of {long.ROUNDS:,} rounds in {took:.0f} s"]
    (baka,) = tables
    app = scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url}
    )
    work = _work(app, baka)
    for job in work.values():
        job()  # warm: templates compiled, caches filled, pages in the OS cache
    lines += _with_and_without(work)
    with app.app_context():
        db.engine.dispose()
    return lines


def _work(app: Flask, baka: long.Long) -> dict[str, Callable[[], None]]:
    """The pages the tricks speed, each by its label."""
    client = app.test_client()

    def table_page() -> None:
        for _ in range(PAGE_VIEWS):
            assert client.get(f"/t/{baka.token}").status_code == 200

    css = client.get("/").get_data(as_text=True).split('href="/static/css/', 1)[1].split('"')[0]

    def stylesheet() -> None:
        for _ in range(PAGE_VIEWS):
            r = client.get(f"/static/css/{css}", headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200 and r.headers.get("Content-Encoding") == "gzip"

    return {
        f"{PAGE_VIEWS} views of the Baka table's page": table_page,
        f"{PAGE_VIEWS} gzipped fetches of the stylesheet": stylesheet,
    }


def _with_and_without(work: dict[str, Callable[[], None]]) -> list[str]:
    """Each trick's jobs timed with it and without it, a line each."""
    tricks = {
        "table page caches": list(work)[:1],
        "static gzip copies": list(work)[1:],
    }
    lines = []
    for trick, jobs in tricks.items():
        for label in jobs:
            # With and without in turns, the best of each kept: a burst of other work on the
            # machine weighs on both sides.
            with_it, without = float("inf"), float("inf")
            for _ in range(2):
                with_it = min(with_it, _best(work[label]))
                with _without(trick):
                    without = min(without, _best(work[label]))
            lines.append(
                f"{trick:22} {label}: {with_it * 1000:7.0f} ms CPU with it, "
                f"{without * 1000:7.0f} ms without ({without / with_it:.2f}x)"
            )
    return lines
