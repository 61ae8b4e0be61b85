"""Lighthouse's mobile audit of the pages a player uses at a table, against the brief's targets
(performance >= 95, accessibility 100, best practices 100). Part of ./scripts/bench
(BENCH_PARTS=lighthouse runs it alone); figures, not a test.

Lighthouse comes from its npm package, pinned below, installed once into the virtual
environment (git-ignored) with the machine's npm; it drives Debian's Chromium headless with
its default mobile settings (a mid-range phone, simulated slow 4G and a 4x slower CPU)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

VERSION = "13.5.0"
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}
CHROME = "/usr/bin/chromium"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)


def install() -> Path | None:
    """The lighthouse command, installed into .venv/lighthouse-VERSION when missing."""
    prefix = Path(sys.prefix) / f"lighthouse-{VERSION}"
    cli = prefix / "node_modules" / ".bin" / "lighthouse"
    if cli.exists():
        return cli
    if not shutil.which("npm"):
        print("lighthouse: npm is missing (apt-get install npm); no Lighthouse figures")
        return None
    prefix.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [
            "npm",
            "install",
            "--silent",
            "--no-audit",
            "--no-fund",
            "--prefix",
            str(prefix),
            f"lighthouse@{VERSION}",
        ],
        capture_output=True,
        text=True,
    )
    if done.returncode or not cli.exists():
        print(f"lighthouse: npm could not install lighthouse@{VERSION}: {done.stderr[-300:]}")
        return None
    return cli


def audit(cli: Path, url: str) -> tuple[dict[str, int], list[str]]:
    """The category scores (0-100) of one mobile run of Lighthouse on ``url``, and the
    pass/fail audits it failed."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-lh-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROME}
        subprocess.run(
            [
                str(cli),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                "--only-categories=performance,accessibility,best-practices",
                f"--chrome-flags={CHROME_FLAGS} --user-data-dir={tmp}/profile",
            ],
            env=env,
            capture_output=True,
            check=False,
            timeout=240,
        )
        if not out.exists():
            return {}, []
        report = json.loads(out.read_text())
    scores = {}
    for key, cat in report.get("categories", {}).items():
        if cat.get("score") is not None:
            scores[key] = round(cat["score"] * 100)
    failing = [
        a["id"]
        for a in report.get("audits", {}).values()
        if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") == "binary"
    ]
    return scores, sorted(failing)


def figures(base: str, pages: Callable[[str], list[tuple[str, str]]]) -> None:
    """Print each page's scores against the targets; ``pages`` gives (label, path) pairs."""
    if not Path(CHROME).exists():
        print("lighthouse: Debian's chromium is missing; no Lighthouse figures")
        return
    cli = install()
    if cli is None:
        return
    print(
        f"Lighthouse {VERSION}, mobile (targets: performance >= 95, accessibility 100, "
        "best practices 100)"
    )
    for label, path in pages(base):
        scores, failing = audit(cli, base + path)
        if not scores:
            print(f"  {label:28} no report")
            continue
        verdict = all(scores.get(k, 0) >= t for k, t in TARGETS.items())
        shown = "  ".join(f"{k} {scores.get(k, '-')}" for k in TARGETS)
        print(f"  {label:28} {shown}  {'OK' if verdict else 'MISSED'}", flush=True)
        if failing:
            print(f"    failing audits: {', '.join(failing)}", flush=True)
