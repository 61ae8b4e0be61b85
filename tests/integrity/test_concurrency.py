"""Several phones at once against a real server: nothing lost, duplicated or half-stored."""

from __future__ import annotations

import http.client
import random
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

from tests.helpers import EXAMPLE_A, suit

PILES = [
    EXAMPLE_A,
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("pine", "plum"),
    suit("susuki", "maple", "willow"),
]


def new_table(server):
    status, s = server.call(
        "POST", "/api/v1/sessions", {"name": "load", "game": "toppa", "players": ["A", "B"]}
    )
    assert status == 201
    return s["id"]


def check_ledger(server, sid, acknowledged):
    # Every round, not the default page of the last 100 (API.md "Long tables").
    status, s = server.call("GET", f"/api/v1/sessions/{sid}?from=1&limit=1000")
    assert status == 200
    rounds = s["rounds"]
    assert [r["number"] for r in rounds] == list(range(1, len(rounds) + 1))  # gapless
    stored = [r["submission_id"] for r in rounds]
    assert len(stored) == len(set(stored))  # nothing duplicated
    assert set(acknowledged) <= set(stored)  # nothing acknowledged was lost
    for i, p in enumerate(s["players"]):
        assert Fraction(p["total"]) == sum(Fraction(r["deltas"][i]) for r in rounds)
    return rounds


def test_sixteen_threads_write_one_table(server):
    sid = new_table(server)
    statuses, acked, lock = [], [], threading.Lock()

    def worker(w):
        for k in range(8):
            sub = f"w{w}-{k}"
            code, _ = server.call(
                "POST",
                f"/api/v1/sessions/{sid}/rounds",
                {"players": [{"captured": random.choice(PILES)}, {}], "submission_id": sub},
            )
            with lock:
                statuses.append(code)
                if code in (200, 201):
                    acked.append(sub)

    with ThreadPoolExecutor(16) as pool:
        list(pool.map(worker, range(16)))
    assert set(statuses) <= {200, 201}
    rounds = check_ledger(server, sid, acked)
    assert len(rounds) == 128


def test_stale_views_get_409_never_an_overwrite(server):
    """Sixteen phones read the table, then all enter "the next round" from that same view.

    A barrier makes every view of a wave stale but one, whatever the scheduling: each wave
    must store exactly one round (the first writer's) and answer the other fifteen 409.
    """
    sid = new_table(server)
    phones, waves = 16, 6
    barrier = threading.Barrier(phones, timeout=120)
    outcomes, lock = [], threading.Lock()  # (wave, submission_id, expected, status, body)

    def phone(w):
        try:
            for k in range(waves):
                _, s = server.call("GET", f"/api/v1/sessions/{sid}")
                barrier.wait()  # everybody has read the same view before anybody writes
                sub = f"s{w}-{k}"
                expected = len(s["rounds"]) + 1
                code, body = server.call(
                    "POST",
                    f"/api/v1/sessions/{sid}/rounds",
                    {
                        "players": [{"captured": PILES[(w + k) % len(PILES)]}, {}],
                        "submission_id": sub,
                        "expected_number": expected,
                    },
                )
                with lock:
                    outcomes.append((k, sub, expected, code, body))
                barrier.wait()  # the wave's writes are done before the next view is read
        except BaseException:
            barrier.abort()  # let the other phones fail fast instead of waiting
            raise

    with ThreadPoolExecutor(phones) as pool:
        list(pool.map(phone, range(phones)))

    assert len(outcomes) == phones * waves
    codes = [code for _, _, _, code, _ in outcomes]
    assert codes.count(201) == waves and codes.count(409) == (phones - 1) * waves
    winners = {}
    for k in range(waves):
        wave = [o for o in outcomes if o[0] == k]
        assert {expected for _, _, expected, _, _ in wave} == {k + 1}  # all saw k rounds
        stored = [(sub, body) for _, sub, _, code, body in wave if code == 201]
        assert len(stored) == 1, f"wave {k + 1}: {len(stored)} rounds stored"
        winners[k + 1] = stored[0]
        for _, _, _, code, body in wave:
            if code == 409:
                assert body["errors"][0]["message"].startswith(
                    f"Round {k + 1} was already entered from another phone"
                )
    rounds = check_ledger(server, sid, [sub for sub, _ in winners.values()])
    assert len(rounds) == waves
    for r in rounds:  # each stored round is its winner's, unchanged by the 409s after it
        sub, body = winners[r["number"]]
        assert r["submission_id"] == sub and body["number"] == r["number"]
        assert r["input"] == body["input"] and r["deltas"] == body["deltas"]


def test_a_hundred_double_taps_store_a_hundred_rounds(server):
    sid = new_table(server)
    jobs = [f"tap-{i}" for i in range(100)] * 2
    random.shuffle(jobs)

    def tap(sub):
        return server.call(
            "POST",
            f"/api/v1/sessions/{sid}/rounds",
            {"players": [{"captured": PILES[hash(sub) % len(PILES)]}, {}], "submission_id": sub},
        )[0]

    with ThreadPoolExecutor(32) as pool:
        codes = list(pool.map(tap, jobs))
    assert sorted(set(codes)) == [200, 201]
    assert codes.count(201) == 100
    rounds = check_ledger(server, sid, [f"tap-{i}" for i in range(100)])
    assert len(rounds) == 100


def test_sigkill_during_a_burst_loses_nothing_acknowledged(server):
    sid = new_table(server)
    acked: list[str] = []
    kills = 6
    for round_no in range(kills):
        stop = threading.Event()
        lock = threading.Lock()
        landed = threading.Semaphore(0)  # one release per write acknowledged in this round

        def burst(w, round_no=round_no, stop=stop, lock=lock, landed=landed):
            k = 0
            while not stop.is_set():
                sub = f"k{round_no}-{w}-{k}"
                k += 1
                try:
                    code, _ = server.call(
                        "POST",
                        f"/api/v1/sessions/{sid}/rounds",
                        {"players": [{"captured": random.choice(PILES)}, {}], "submission_id": sub},
                        timeout=5,
                    )
                except (OSError, http.client.HTTPException):
                    continue  # the server died under this request: not acknowledged
                if code in (200, 201):
                    with lock:
                        acked.append(sub)
                    landed.release()

        threads = [threading.Thread(target=burst, args=(w,)) for w in range(8)]
        for t in threads:
            t.start()
        # The burst is under way (two writes of it acknowledged, however busy the machine: a
        # fixed 0.3 to 0.9 s could pass before the first answer), then a kill at a random
        # moment of it.
        for _ in range(2):
            assert landed.acquire(timeout=60), "no write acknowledged within 60 s"
        time.sleep(random.uniform(0, 0.5))
        server.kill()
        stop.set()
        for t in threads:
            t.join()
        server.start()
        check_ledger(server, sid, acked)
    assert len(acked) > kills  # writes really were acknowledged between the kills
    if server.db_url.startswith("sqlite"):
        path = server.db_url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
