"""The 10,000-round figures of issue 9 (bounded work) and the write waits of other tables.

Used by bench/run.py: the long tables are built in-process through the service layer (the
same code the API runs, a commit every few hundred rounds), then measured over HTTP against
the gunicorn the bench serves.
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from scorekeeper.jsonio import JSONObject
from scorekeeper.kinds import EntryKind
from tests.helpers import EXAMPLE_A, suit

ROUNDS = 10_000
BODY_LIMIT = 32 * 1024 * 1024  # the app's IMPORT_MAX_LENGTH (issue 19: any export imports)
STORED_FACTOR = 4  # "stores no more than a few times the size it was sent": at most 4x here
PILES = [
    EXAMPLE_A,
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("pine", "plum"),
    suit("susuki", "maple", "willow"),
]
BAKA_PILES = [
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("bushclover", "susuki"),
    suit("maple"),
    suit("willow", "paulownia"),
]


VERDICTS: list[str] = []  # every PASS and MISS printed, for the closing count


def verdict(ok: bool) -> str:
    VERDICTS.append("PASS" if ok else "MISS")
    return VERDICTS[-1]


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def request(
    base: str, method: str, path: str, body: object = None, raw: bytes | None = None
) -> tuple[int, float, bytes]:
    """Status, seconds and body of one request (errors are answers too, not exceptions)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            out = r.read()
            return r.status, time.perf_counter() - started, out
    except urllib.error.HTTPError as e:
        out = e.read()
        return e.code, time.perf_counter() - started, out


# -- the long tables ---------------------------------------------------------------------


@dataclass
class Long:
    """A 10,000-round table and the correction of its round 1 that the bench makes."""

    label: str
    game: str
    players: list[str]
    rounds: Iterator[tuple[EntryKind, JSONObject]]
    correction: JSONObject
    token: str = ""
    notes: list[str] = field(default_factory=list)


def toppa_rounds() -> Iterator[tuple[EntryKind, JSONObject]]:
    for k in range(ROUNDS):
        yield EntryKind.ROUND, {"players": [{"captured": list(PILES[k % len(PILES)])}, {}]}


def baka_rounds() -> Iterator[tuple[EntryKind, JSONObject]]:
    for k in range(ROUNDS):
        first = BAKA_PILES[k % len(BAKA_PILES)]
        second = BAKA_PILES[(k + 1 + k // 4) % len(BAKA_PILES)]
        if second is first:
            second = BAKA_PILES[(k + 2) % len(BAKA_PILES)]
        yield (
            EntryKind.ROUND,
            {"players": [{"captured": list(first)}, {"captured": list(second)}, {}]},
        )


def tokan_tour(rng: random.Random, n: int) -> JSONObject:
    return {
        "players": [
            {
                "dice": [rng.randint(1, 6), rng.randint(1, 6)],
                "left": rng.randint(-4, 4),
                "right": rng.randint(-4, 4),
            }
            for _ in range(n)
        ]
    }


def tokan_rounds(end_every: int | None) -> Iterator[tuple[EntryKind, JSONObject]]:
    """Tours of 3 players; with ``end_every``, a game ends after that many tours (R21 splits
    the pot), else the pot is carried through every tour."""
    rng = random.Random(9)
    tours = 0
    for _ in range(ROUNDS):
        if end_every and tours == end_every:
            tours = 0
            yield EntryKind.END, {}
        else:
            tours += 1
            yield EntryKind.ROUND, tokan_tour(rng, 3)


def long_tables() -> list[Long]:
    # Each correction changes round 1's outcome: the winner (so the next dealer) in Toppa and
    # Baka, what goes into the pot in Tokan (so every later tour's pot, until a game ends).
    tokan_fix: JSONObject = {
        "players": [
            {"dice": [6, 6], "left": 11, "right": -11},
            {"dice": [1, 1], "left": 11, "right": -11},
            {"dice": [3, 4], "left": 11, "right": -11},
        ]
    }
    return [
        Long(
            "Toppa",
            "toppa",
            ["A", "B"],
            toppa_rounds(),
            {"players": [{}, {"captured": list(PILES[0])}]},
        ),
        Long(
            "Baka",
            "baka",
            ["A", "B", "C"],
            baka_rounds(),
            {"players": [{}, {"captured": list(BAKA_PILES[0])}, {"captured": list(BAKA_PILES[1])}]},
        ),
        Long(
            "Tokan, a game ends every 20 tours",
            "tokan",
            ["A", "B", "C"],
            tokan_rounds(20),
            tokan_fix,
        ),
        Long(
            "Tokan, one pot carried through 10,000 tours",
            "tokan",
            ["A", "B", "C"],
            tokan_rounds(None),
            tokan_fix,
        ),
    ]


def build(db_url: str, tables: list[Long]) -> float:
    """Enter every table's rounds in-process through the service layer; returns seconds."""
    import scorekeeper
    from scorekeeper.models import db
    from scorekeeper.round_data import as_entry
    from scorekeeper.tables import service
    from scorekeeper.tables.checks import check_table

    app = scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url}
    )
    started = time.perf_counter()
    with app.app_context():
        for t in tables:
            table = service.open_table(
                check_table({"name": t.label[:40], "game": t.game, "players": list(t.players)})
            )
            t.token = table.token
            for k, (kind, entry) in enumerate(t.rounds, 1):
                service.enter_round(table, kind, as_entry(entry))
                if k % 500 == 0:
                    db.session.commit()
            db.session.commit()
            assert table.round_count == ROUNDS
        db.engine.dispose()
    return time.perf_counter() - started


def pot_of(base: str, token: str) -> str:
    status, _, body = request(base, "GET", f"/api/v1/sessions/{token}?limit=1")
    assert status == 200, status
    return str(json.loads(body)["pot"])


TRIES = 3
"""Each write of ``measure_long`` is made this many times, its median the figure: the same
replay took 0.61 to 1.09 s of processor time within minutes on one machine (2026-11-29)."""


@dataclass
class _Writes:
    """Writes to one table over the API, each timed, the journal version of each kept."""

    base: str
    table: Long
    versions: list[int] = field(default_factory=list)

    def call(self, method: str, path: str, body: JSONObject | None, what: str) -> float:
        url = f"/api/v1/sessions/{self.table.token}{path}"
        status, took, answer = request(self.base, method, url, body)
        assert status == 200, (self.table.label, what, status)
        self.versions.append(json.loads(answer)["version"])
        return took

    def view(self) -> float:
        return request(self.base, "GET", f"/t/{self.table.token}")[1]

    def correct(self) -> float:
        return self.call("PUT", "/rounds/1", self.table.correction, "correct")

    def delete(self) -> float:
        return self.call("DELETE", "/rounds/1", None, "delete")

    def undo(self) -> float:
        """Undo the last write made here."""
        return self.call("POST", "/undo", {"seq": self.versions[-1]}, "undo")


def measure_long(base: str, tables: list[Long]) -> list[str]:
    """Correct round 1, view, delete round 1, view, restore it (undo), view, for each table:
    each write ``TRIES`` times (a correction undone between tries), its median the figure."""
    lines = []
    for t in tables:
        pot_before = pot_of(base, t.token) if t.game == "tokan" else ""
        request(base, "GET", f"/t/{t.token}")  # a worker has seen the table before
        w = _Writes(base, t)
        taken: dict[str, list[float]] = {}
        for k in range(TRIES):
            if k:
                w.undo()  # the correction: the next try makes it again
            taken.setdefault("correcting round 1", []).append(w.correct())
            taken.setdefault("  next table view", []).append(w.view())
        pot_after = pot_of(base, t.token) if t.game == "tokan" else ""
        for _ in range(TRIES):
            taken.setdefault("deleting round 1", []).append(w.delete())
            taken.setdefault("  next table view ", []).append(w.view())
            taken.setdefault("restoring it (undo)", []).append(w.undo())
            taken.setdefault("  next table view  ", []).append(w.view())
        status, read, body = request(base, "GET", f"/api/v1/sessions/{t.token}")
        assert status == 200, (t.label, "read", status)
        lines.append(f"{t.label} ({ROUNDS:,} rounds; each write {TRIES} times, the median):")
        lines.append(
            f"  reading the session (API, its last 100 rounds): {read * 1000:.0f} ms, "
            f"{len(body) / 1024:.0f} KB"
        )
        if pot_before:
            lines.append(
                f"  pot at the last tour {pot_before}, after correcting round 1: {pot_after}"
            )
        for what, took in taken.items():
            mid = sorted(took)[len(took) // 2]
            lines.append(
                f"  {what.rstrip() + ':':24} {mid * 1000:7.0f} ms ({min(took) * 1000:.0f}-"
                f"{max(took) * 1000:.0f}) (target < 1 s): {verdict(mid < 1.0)}"
            )
    return lines


# -- import --------------------------------------------------------------------------------


def import_file(rounds: int, with_ends: bool) -> bytes:
    """A valid Toppa export of ``rounds`` entries written as tightly as JSON allows: Toppa
    has the smallest valid round (an empty pile against the rest of the deck)."""
    one: JSONObject = {"input": {"players": [{"captured": []}, {}]}}
    end: JSONObject = {"kind": "end", "input": {}}
    items = [end if with_ends and k % 2 else one for k in range(rounds)]
    data = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "big",
        "game": "toppa",
        "players": ["A", "B"],
        "rounds": items,
    }
    return json.dumps(data, separators=(",", ":")).encode()


def largest_import(with_ends: bool) -> bytes:
    """The file with the most entries that fits under the body limit."""
    low, high = 1, ROUNDS
    while low < high:
        mid = (low + high + 1) // 2
        if len(import_file(mid, with_ends)) <= BODY_LIMIT:
            low = mid
        else:
            high = mid - 1
    return import_file(low, with_ends)


def stored_bytes(db_url: str) -> int:
    """Bytes the database holds (SQLite: pages in use; PostgreSQL: the database's size)."""
    if db_url.startswith("sqlite"):
        path = db_url.split("///", 1)[1]
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            free = conn.execute("PRAGMA freelist_count").fetchone()[0]
            size = conn.execute("PRAGMA page_size").fetchone()[0]
        conn.close()
        return int((pages - free) * size)
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as connection:
        query = text("SELECT pg_database_size(current_database())")
        size = connection.execute(query).scalar_one()
    engine.dispose()
    return int(size)


def played_file(base: str, token: str) -> bytes:
    """The app's own export of a played table (the 10,000-round Toppa table, whole when it
    fits under the import's body limit, as it does since issue 19): what a real import sends."""
    status, _, body = request(base, "GET", f"/api/v1/sessions/{token}/export.json")
    assert status == 200, status
    if len(body) <= BODY_LIMIT:
        return body
    data = json.loads(body)
    for key in ("totals", "pot", "house", "journal"):
        data.pop(key, None)  # the figures after every round: not those of a part of them
    rounds = data["rounds"]
    low, high = 1, len(rounds)
    while low < high:
        mid = (low + high + 1) // 2
        data["rounds"] = rounds[:mid]
        if len(json.dumps(data).encode()) <= BODY_LIMIT:
            low = mid
        else:
            high = mid - 1
    data["rounds"] = rounds[:low]
    return json.dumps(data).encode()


def measure_import(base: str, db_url: str, played: str | None = None) -> list[str]:
    lines = []
    if played:
        raw = played_file(base, played)
        before = stored_bytes(db_url)
        status, took, body = request(base, "POST", "/api/v1/sessions/import", raw=raw)
        grown = stored_bytes(db_url) - before
        entries = raw.count(b'"input"')
        if status != 201:
            lines.append(f"import of a played table's export: refused {status} {body[:200]!r}")
        else:
            lines.append(
                f"import, a played Toppa table's own export ({len(raw) / 1024:,.0f} KB, "
                f"{entries:,} rounds): {took * 1000:.0f} ms (target < 3 s): "
                f"{verdict(took < 3)}"
            )
            lines.append(
                f"  stored {grown / 1024:.0f} KB for {len(raw) / 1024:.0f} KB sent: "
                f"{grown / len(raw):.1f}x (target: a few times, <= {STORED_FACTOR}x): "
                f"{verdict(grown <= STORED_FACTOR * len(raw))}"
            )
    for with_ends in (False, True):
        raw = largest_import(with_ends)
        entries = raw.count(b'"input"')
        before = stored_bytes(db_url)
        status, took, body = request(base, "POST", "/api/v1/sessions/import", raw=raw)
        grown = stored_bytes(db_url) - before
        what = "rounds" if not with_ends else "entries, a game ended after every round"
        if status != 201:
            lines.append(f"import of {entries:,} {what}: refused {status} {body[:200]!r}")
            continue
        lines.append(
            f"import, largest accepted file ({len(raw) / 1024:.0f} KB, {entries:,} Toppa {what}):"
            f" {took * 1000:.0f} ms (target < 3 s): {verdict(took < 3)}"
        )
        lines.append(
            f"  stored {grown / 1024:.0f} KB for {len(raw) / 1024:.0f} KB sent: "
            f"{grown / len(raw):.1f}x (target: a few times, <= {STORED_FACTOR}x): "
            f"{verdict(grown <= STORED_FACTOR * len(raw))}"
        )
    smallest = len(import_file(ROUNDS, with_ends=True))
    lines.append(
        f"a {ROUNDS:,}-round import does not fit the {BODY_LIMIT // 1024:,} KB limit: the tightest "
        f"valid file is {smallest / 1024:.0f} KB (Toppa rounds and game ends alternating)"
        if smallest > BODY_LIMIT
        else f"a {ROUNDS:,}-round file fits the limit ({smallest / 1024:.0f} KB)"
    )
    return lines


# -- write waits ---------------------------------------------------------------------------


@contextmanager
def background(work: Callable[[int], None]) -> Iterator[list[int]]:
    """Run ``work(k)`` over and over in a thread until the block ends; yields a counter."""
    done = threading.Event()
    count = [0]

    def loop() -> None:
        while not done.is_set():
            work(count[0])
            count[0] += 1

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield count
    finally:
        done.set()
        thread.join()


def write_waits(base: str, writers: int, seconds: float) -> tuple[list[float], list[int]]:
    """``writers`` threads, each entering rounds one after another at its own table for
    ``seconds``; every write's time from sending to the answer, and the statuses."""
    tokens = []
    for w in range(writers):
        for _ in range(5):  # without fair writers, a table's creation may fail under load
            status, _, body = request(
                base,
                "POST",
                "/api/v1/sessions",
                {"name": f"writer {w}", "game": "toppa", "players": ["A", "B"]},
            )
            if status == 201:
                break
        assert status == 201, status
        tokens.append(json.loads(body)["id"])
    times: list[float] = []
    statuses: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(writers)
    deadline = [0.0]

    def writer(w: int) -> None:
        barrier.wait()
        if w == 0:
            deadline[0] = time.monotonic() + seconds
        k = 0
        while not deadline[0] or time.monotonic() < deadline[0]:
            status, took, _ = request(
                base,
                "POST",
                f"/api/v1/sessions/{tokens[w]}/rounds",
                {"players": [{"captured": PILES[k % len(PILES)]}, {}]},
            )
            k += 1
            with lock:
                times.append(took)
                statuses.append(status)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times, statuses


def write_wait_line(label: str, times: list[float], statuses: list[int], extra: str = "") -> str:
    bad = sum(1 for s in statuses if s not in (200, 201))
    worst = p99(times)
    return (
        f"{label}: {len(times)} writes, p50 {sorted(times)[len(times) // 2] * 1000:.0f} ms"
        f"  p99 {worst * 1000:.0f} ms  max {max(times) * 1000:.0f} ms  failed {bad}{extra}"
        f" (target p99 < 1 s): {verdict(worst < 1 and not bad)}"
    )


def measure_write_waits(
    base: str, writers: int, seconds: float, heavy: Long, import_body: bytes, label: str
) -> list[str]:
    lines = []
    times, statuses = write_waits(base, writers, seconds)
    lines.append(write_wait_line(f"{label}, alone", times, statuses))

    fixes = [heavy.correction, next(tokan_rounds(None))[1]]
    fix_times: list[float] = []

    def correct(k: int) -> None:
        status, took, _ = request(
            base, "PUT", f"/api/v1/sessions/{heavy.token}/rounds/1", fixes[k % 2]
        )
        fix_times.append(took if status == 200 else math.inf)

    with background(correct) as n:
        times, statuses = write_waits(base, writers, seconds)
    lines.append(
        write_wait_line(
            f"{label}, while round 1 of the carried-pot Tokan table is corrected again and again",
            times,
            statuses,
            f" [{n[0]} corrections, each {min(fix_times) * 1000:.0f}-"
            f"{max(fix_times) * 1000:.0f} ms]",
        )
    )

    import_times: list[float] = []

    def imports(_: int) -> None:
        status, took, _body = request(base, "POST", "/api/v1/sessions/import", raw=import_body)
        import_times.append(took if status == 201 else math.inf)

    with background(imports) as n:
        times, statuses = write_waits(base, writers, seconds)
    lines.append(
        write_wait_line(
            f"{label}, while the largest import is sent again and again",
            times,
            statuses,
            f" [{n[0]} imports, each {min(import_times) * 1000:.0f}-"
            f"{max(import_times) * 1000:.0f} ms]",
        )
    )
    return lines
