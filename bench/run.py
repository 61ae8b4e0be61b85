"""Measure Scorekeeper under gunicorn with wrk on this machine; prints every figure against
its target. Run it with ./scripts/bench (it is not a test: figures, not pass/fail).

BENCH_PARTS=short runs the first figures only (throughput, a 1,000-round table, page weight),
BENCH_PARTS=long only issue 9's 10,000-round tables, import and write waits (bench/long.py),
BENCH_PARTS=lighthouse only Lighthouse's mobile audit of the pages (bench/lighthouse.py),
BENCH_PARTS=tricks only what each speed trick buys, in-process (bench/tricks.py),
BENCH_PARTS=club only issue 20's club of 200 tables x 1,000 rounds (bench/club.py),
BENCH_PARTS=import only issue 19's imports: the 10,000-round Toppa table's own export and the
tightest files, each imported over HTTP three times (bench/long.py),
BENCH_PARTS=photo only issue 33's card recogniser on synthetic photos, in-process
(bench/photo.py)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import club, lighthouse, long, tricks  # noqa: E402
from tests.helpers import EXAMPLE_A, suit  # noqa: E402
from tests.weight import BUDGET_BYTES, BUDGET_REQUESTS, Weight, first_visit  # noqa: E402

if TYPE_CHECKING:
    from scorekeeper.jsonio import JSONObject

GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
DURATION = os.environ.get("BENCH_SECONDS", "10")
CONNECTIONS = os.environ.get("BENCH_CONNECTIONS", "16")
WORKERS = os.environ.get("BENCH_WORKERS", str(2 * (os.cpu_count() or 1) + 1))
WRITERS = 16  # issue 9: "with 16 concurrent writers on SQLite"
PARTS = os.environ.get("BENCH_PARTS", "short,lighthouse,long,club,tricks,photo").split(",")
SHORT, LONG, LIGHTHOUSE = "short" in PARTS, "long" in PARTS, "lighthouse" in PARTS
TRICKS = "tricks" in PARTS
PILES = [
    EXAMPLE_A,
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("pine", "plum"),
    suit("susuki", "maple", "willow"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def call(base: str, method: str, path: str, body: object = None) -> JSONObject:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        answer: JSONObject = json.loads(r.read() or b"{}")
    return answer


def _found(pattern: str, out: str) -> re.Match[str]:
    """``pattern`` in wrk's report, which always has it (else the report is shown)."""
    m = re.search(pattern, out)
    if m is None:
        raise RuntimeError(f"no {pattern!r} in wrk's report:\n{out}")
    return m


def wrk(url: str, script: str | None = None, connections: str = CONNECTIONS) -> dict[str, float]:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{DURATION}s", "--latency", url]
    if script:
        cmd[1:1] = ["-s", script]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = float(_found(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def ms(label: str) -> float:
        m = _found(rf"{label}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p50": ms("50"),
        "p99": ms("99"),
        "non2xx": int(errors.group(1)) if errors else 0,
    }


def warm(url: str, connections: str = CONNECTIONS) -> None:
    """Two seconds of the same load, not counted: the page figures are of the steady state.
    A freshly started worker's first table view compiles its templates and builds its caches
    (about 0.15 s), and with five workers sharing two cores those first views, not the
    pages, made a 10-second run's p99."""
    subprocess.run(["wrk", "-t2", f"-c{connections}", "-d2s", url], capture_output=True, check=True)


def query_counts(db_url: str, tokens: dict[int, str]) -> dict[int, int]:
    """SQL statements the table page runs, counted in-process on the same database."""
    from sqlalchemy import event

    import scorekeeper
    from scorekeeper.models import db

    app = scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url}
    )
    counts = {}
    with app.app_context():
        engine = db.engine
    seen = []
    event.listen(engine, "before_cursor_execute", lambda *a, **k: seen.append(1))
    client = app.test_client()
    for n, token in tokens.items():
        client.get(f"/t/{token}")  # warm
        seen.clear()
        assert client.get(f"/t/{token}").status_code == 200
        counts[n] = len(seen)
    with app.app_context():
        db.engine.dispose()
    return counts


def page_weight(base: str, path: str) -> Weight:
    """What a first visit to one page fetches (tests/weight.py): the page, its stylesheet,
    script, icon, web app manifest and pictures, each as sent (gzip accepted)."""

    def get(p: str, gz: bool) -> bytes:
        req = urllib.request.Request(base + p, headers={"Accept-Encoding": "gzip"} if gz else {})
        with urllib.request.urlopen(req) as r:
            sent: bytes = r.read()
        return sent

    return first_visit(get, path)


def status_of(url: str, headers: dict[str, str]) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            status: int = r.status
        return status
    except urllib.error.HTTPError as exc:  # urllib raises on a 304
        return exc.code


def poll_figures(base: str, tmp: Path, token: str) -> None:
    """The unchanged-table poll (static/js/live.js, /t/<token>/live) against a bare Flask
    route answering 304, in the same run: target >= 0.4x its throughput."""
    with urllib.request.urlopen(f"{base}/t/{token}/live") as r:
        tag = r.headers["ETag"]
    targets = {"bare": ("/healthz/conditional", '"ok"'), "poll": (f"/t/{token}/live", tag)}
    for name, (path, etag) in targets.items():
        assert status_of(base + path, {"If-None-Match": etag}) == 304, path
        (tmp / f"{name}.lua").write_text(f'wrk.headers["If-None-Match"] = {json.dumps(etag)}\n')
    # Taken in turns, twice each, the better run of each kept: a burst of other work on the
    # machine then weighs on both sides of the ratio rather than on one.
    runs: dict[str, list[dict[str, float]]] = {"bare": [], "poll": []}
    for _ in range(2):
        for name, (path, _etag) in targets.items():
            runs[name].append(wrk(base + path, str(tmp / f"{name}.lua")))
    bare, poll = (max(runs[name], key=lambda r: r["rps"]) for name in ("bare", "poll"))
    ratio = poll["rps"] / bare["rps"]
    print(
        f"bare route answering 304:   {bare['rps']:8.0f} req/s  p50 {bare['p50']:.2f} ms"
        f"  p99 {bare['p99']:.2f} ms"
    )
    print(
        f"unchanged-table poll (304): {poll['rps']:8.0f} req/s  p50 {poll['p50']:.2f} ms"
        f"  p99 {poll['p99']:.2f} ms  non-2xx/3xx {poll['non2xx']}"
    )
    print(
        f"  the poll keeps {ratio:.0%} of the bare 304's throughput "
        f"(target >= 40%): {'OK' if ratio >= 0.4 and not poll['non2xx'] else 'MISSED'}"
    )


@contextlib.contextmanager
def serve(tmp: Path, db_url: str, workers: str) -> Iterator[str]:
    """gunicorn with ``workers`` sync workers on ``db_url`` (as scripts/run serves); its URL."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "SCOREKEEPER_SECRET_KEY": secrets.token_hex(16),
        "SCOREKEEPER_INSTANCE_PATH": str(tmp),
        "SCOREKEEPER_BACKUP_SNAPSHOTS": "false",  # no daily copy in the middle of a figure
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",  # API.md "Limits": benchmarks turn them off
    }
    server = subprocess.Popen(
        [
            GUNICORN,
            "--workers",
            workers,
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            "scorekeeper:create_app()",
        ],
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def main() -> None:
    if PARTS == ["photo"]:  # in-process only: no server, no wrk
        photo_figures()
        return
    if not shutil.which("wrk"):
        sys.exit("bench: wrk is missing (scripts/bench installs Debian's wrk)")
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    db_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp / 'bench.sqlite'}"
    print(
        f"Scorekeeper benchmark: {os.cpu_count()} cores, gunicorn {WORKERS} sync workers, "
        f"wrk {CONNECTIONS} connections x {DURATION}s, database {db_url.split(':')[0]}",
        flush=True,
    )
    try:
        run_parts(db_url, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_parts(db_url: str, tmp: Path) -> None:
    """Each part BENCH_PARTS names, in the order of the module's docstring."""
    if SHORT:
        with serve(tmp, db_url, WORKERS) as base:
            short_figures(base, db_url, tmp)
    if LIGHTHOUSE:
        with serve(tmp, db_url, WORKERS) as base:
            lighthouse.figures(base, lighthouse_pages)
    if LONG:
        long_figures(db_url, tmp)
        print(
            f"10,000-round figures: {long.VERDICTS.count('PASS')} PASS, "
            f"{long.VERDICTS.count('MISS')} MISS"
        )
    if "import" in PARTS:
        import_figures(db_url, tmp)
    if "club" in PARTS:
        club_figures(db_url, tmp)
    if "photo" in PARTS:
        photo_figures()
    if TRICKS:
        trick_figures(tmp)


def trick_figures(tmp: Path) -> None:
    """What each speed trick buys, in-process (bench/tricks.py)."""
    print("what each trick buys (in-process, the best of several runs):", flush=True)
    for line in tricks.figures(f"sqlite:///{tmp / 'tricks.sqlite'}"):
        print(f"  {line}", flush=True)


def photo_figures() -> None:
    from bench import photo  # the recogniser's dependencies load only for this part

    print(
        f"card recogniser on synthetic photos (held-out art render, looks and seeds; "
        f"{photo.PHOTOS} photos of each size, in-process):",
        flush=True,
    )
    for line in photo.figures():
        print(f"  {line}", flush=True)


def lighthouse_pages(base: str) -> list[tuple[str, str]]:
    """The pages a player opens in an evening, on a Toppa table with three rounds."""
    club = call(base, "POST", "/api/v1/clubs", {"name": "Lighthouse", "members": ["Aki", "Ben"]})
    made = call(
        base,
        "POST",
        "/api/v1/sessions",
        {"name": "Lighthouse", "game": "toppa", "players": ["Aki", "Ben"], "club": club["id"]},
    )
    sid = made["id"]
    for pile in PILES[:3]:
        body = {"players": [{"captured": pile}, {}]}
        call(base, "POST", f"/api/v1/sessions/{sid}/rounds", body)
    deck = call(base, "POST", "/api/v1/decks", {"name": "Lighthouse deck"})
    return [
        ("home", "/"),
        ("table", f"/t/{sid}"),
        ("round form (Toppa)", f"/t/{sid}/rounds/new"),
        ("round 3", f"/t/{sid}/rounds/3"),
        ("history", f"/t/{sid}/history"),
        ("dispute checker (Toppa)", "/check/toppa"),
        ("club", f"/c/{club['id']}"),
        ("member", f"/c/{club['id']}/members/Aki"),
        ("teach a deck", "/decks/new"),
        ("a taught deck", f"/d/{deck['id']}"),
    ]


def short_figures(base: str, db_url: str, tmp: Path) -> None:
    """Throughput, a 1,000-round table, the poll, queries per view and page weight."""
    scoring_figures(base, tmp)
    tokens = table_figures(base)
    poll_figures(base, tmp, tokens[1000])
    counts = query_counts(db_url, tokens)
    print(
        f"SQL queries per table view: {counts[10]} at 10 rounds, {counts[1000]} at 1,000 "
        f"(target: does not grow): {'OK' if counts[10] == counts[1000] else 'MISSED'}"
    )
    correction_figure(base, tokens[1000])
    weight_figures(base)


def scoring_figures(base: str, tmp: Path) -> None:
    """Scoring a Toppa round over the API against the bare route: target >= 0.6x."""
    lua = tmp / "toppa.lua"
    body = json.dumps({"players": [{"name": "A", "captured": EXAMPLE_A}, {"name": "B"}]})
    lua.write_text(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(body)}\n"
    )
    bare = wrk(base + "/healthz")
    score = wrk(base + "/api/v1/score/toppa", str(lua))
    ratio = score["rps"] / bare["rps"]
    print(
        f"bare route /healthz:        {bare['rps']:8.0f} req/s  p50 {bare['p50']:.2f} ms"
        f"  p99 {bare['p99']:.2f} ms"
    )
    print(
        f"POST /api/v1/score/toppa:   {score['rps']:8.0f} req/s  p50 {score['p50']:.2f} ms"
        f"  p99 {score['p99']:.2f} ms  non-2xx {score['non2xx']}"
    )
    print(
        f"  scoring keeps {ratio:.0%} of the bare route's throughput "
        f"(target >= 60%): {'OK' if ratio >= 0.6 else 'MISSED'}"
    )


def table_figures(base: str) -> dict[int, str]:
    """Tables of 10 and 1,000 rounds entered over the API, the 1,000-round one's page under
    load; each table's token by its rounds."""
    tokens = {}
    for n in (10, 1000):
        sid = str(
            call(
                base,
                "POST",
                "/api/v1/sessions",
                {"name": f"{n} rounds", "game": "toppa", "players": ["A", "B"]},
            )["id"]
        )
        started = time.perf_counter()
        for k in range(n):  # one writer: rounds are entered one after another at a table
            call(
                base,
                "POST",
                f"/api/v1/sessions/{sid}/rounds",
                {"players": [{"captured": PILES[k % len(PILES)]}, {}]},
            )
        if n == 1000:
            per = (time.perf_counter() - started) / n * 1000
            print(f"entering a round (API, one writer): {per:.1f} ms each over {n} rounds")
        tokens[n] = sid
    for conns in ("4", CONNECTIONS):
        warm(f"{base}/t/{tokens[1000]}", conns)
        page = wrk(f"{base}/t/{tokens[1000]}", connections=conns)
        print(
            f"table page, 1,000 rounds, {conns:>2} connections: {page['rps']:6.0f} req/s"
            f"  p50 {page['p50']:.2f} ms  p99 {page['p99']:.2f} ms (target p99 < 50 ms): "
            f"{'OK' if page['p99'] < 50 else 'MISSED'}"
        )
    return tokens


def correction_figure(base: str, token: str) -> None:
    """Correcting round 1 of a 1,000-round table: target under a second."""
    started = time.perf_counter()
    call(
        base,
        "PUT",
        f"/api/v1/sessions/{token}/rounds/1",
        {"players": [{"captured": PILES[1]}, {}]},
    )
    took = time.perf_counter() - started
    print(
        f"correcting round 1 of 1,000 (recomputes 1,000 rounds): {took * 1000:.0f} ms "
        f"(target < 1 s): {'OK' if took < 1 else 'MISSED'}"
    )


def weight_figures(base: str) -> None:
    """What a first visit fetches of the round-entry and table pages, and of the home page."""
    for game in ("toppa", "tokan"):
        sid = call(
            base,
            "POST",
            "/api/v1/sessions",
            {"game": game, "players": ["A", "B", "C"] if game == "tokan" else ["A", "B"]},
        )["id"]
        for label, path in (
            ("round-entry page", f"/t/{sid}/rounds/new"),
            ("table page", f"/t/{sid}"),
        ):
            w = page_weight(base, path)
            ok = w.sent < BUDGET_BYTES and w.requests <= BUDGET_REQUESTS
            print(
                f"{label} ({game}), first visit: {w.requests} requests, {w.sent / 1024:.1f} KB "
                f"sent gzip ({w.raw / 1024:.1f} KB raw), manifest counted "
                f"(target < {BUDGET_BYTES // 1024} KB, <= {BUDGET_REQUESTS} requests): "
                f"{'OK' if ok else 'MISSED'}"
            )
    w = page_weight(base, "/")
    print(
        f"home page, first visit: {w.requests} requests, {w.sent / 1024:.1f} KB sent gzip; "
        f"adding to a home screen then fetches {len(w.install_files)} icon files"
    )


REFERENCE_BARE = 4_568
"""The bare route's requests a second in the run of ``REFERENCE_DAY`` (docs/performance.md),
whose 10,000-round lines all passed: a machine's own speed, to read the figures by."""
REFERENCE_DAY = "2026-11-23"


def long_figures(db_url: str, tmp: Path) -> None:
    """Issue 9's bounded work: 10,000-round tables, the largest import, other tables' writes."""
    tables = long.long_tables()
    print(f"building {len(tables)} tables of {long.ROUNDS:,} rounds in-process...", flush=True)
    took = long.build(db_url, tables)
    print(f"  built in {took:.0f} s (service layer, in-process)", flush=True)
    with serve(tmp, db_url, WORKERS) as base:
        warm(f"{base}/healthz")
        bare = wrk(f"{base}/healthz")["rps"]
        print(
            f"this machine: bare route /healthz {bare:,.0f} req/s; {REFERENCE_BARE:,} on "
            f"{REFERENCE_DAY}, when every line below passed "
            f"({bare / REFERENCE_BARE:.2f}x its speed)",
            flush=True,
        )
        for line in long.measure_long(base, tables):
            print(line, flush=True)
        for t in tables:
            warm(f"{base}/t/{t.token}")
            page = wrk(f"{base}/t/{t.token}")
            print(
                f"table page, {t.label}, {CONNECTIONS} connections: {page['rps']:5.0f} req/s"
                f"  p50 {page['p50']:.2f} ms  p99 {page['p99']:.2f} ms  non-2xx {page['non2xx']}"
                f" (target p99 < 50 ms): {long.verdict(page['p99'] < 50 and not page['non2xx'])}",
                flush=True,
            )
        for line in long.measure_import(base, db_url, played=tables[0].token):
            print(line, flush=True)
        heavy = tables[-1]
        biggest = long.largest_import(with_ends=False)
        for line in long.measure_write_waits(
            base,
            WRITERS,
            float(DURATION),
            heavy,
            biggest,
            f"{WRITERS} writers at other tables, gunicorn {WORKERS} workers",
        ):
            print(line, flush=True)
    # One worker per writer: all of them inside the database at once, where its lock decides.
    with serve(tmp, db_url, str(WRITERS)) as base:
        for line in long.measure_write_waits(
            base,
            WRITERS,
            float(DURATION),
            heavy,
            biggest,
            f"{WRITERS} writers at other tables, gunicorn {WRITERS} workers",
        ):
            print(line, flush=True)


def import_figures(db_url: str, tmp: Path) -> None:
    """Issue 19's import alone: the played 10,000-round Toppa table's export and the tightest
    files, three times each (the same figures as in the long part; runs vary by a third)."""
    toppa = long.long_tables()[0]
    print(f"building the {long.ROUNDS:,}-round Toppa table in-process...", flush=True)
    print(f"  built in {long.build(db_url, [toppa]):.0f} s", flush=True)
    with serve(tmp, db_url, WORKERS) as base:
        for run in range(1, 4):
            print(f"run {run} of 3:", flush=True)
            for line in long.measure_import(base, db_url, played=toppa.token):
                print(f"  {line}", flush=True)


def club_figures(db_url: str, tmp: Path) -> None:
    """Issue 20: a club's standings and member pages at 200,000 rounds, and its writes."""
    if not db_url.startswith("sqlite"):
        db_url = f"sqlite:///{tmp / 'club.sqlite'}"  # the figures are SQLite's
    print(
        f"building a club of {len(club.MEMBERS)} members, {club.TABLES} tables x "
        f"{club.ROUNDS:,} rounds in-process...",
        flush=True,
    )
    token, tables, took = club.build(db_url)
    print(f"  built in {took:.0f} s (imports, each table joining the club)", flush=True)
    with serve(tmp, db_url, WORKERS) as base:
        for line in club.measure(base, token, tables, float(DURATION), int(WORKERS), wrk):
            print(line, flush=True)


if __name__ == "__main__":
    main()
