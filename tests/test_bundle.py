"""The pages' one script (issue 40 item 6): built by esbuild at install or build time
(scorekeeper/assets.py, scripts/build-js.mjs), git-ignored, served as the built file: nothing
reads the modules at request time."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper import ROOT, assets, wiring
from scorekeeper.games import GAMES

STATIC = ROOT / "static"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_node
def test_the_registry_is_every_game_script_in_the_order_given(tmp_path):
    """In the bundle, ``./games.js`` is the games' start functions, in order, and each
    module runs once, before the module that imports it."""
    js = tmp_path / "js"
    games = tmp_path / "games"
    js.mkdir()
    games.mkdir()
    (js / "games.js").write_text("export const games = [];\n")
    (js / "seen.js").write_text('export const seen = [];\nseen.push("seen");\n')
    (js / "main.js").write_text(
        'import { games } from "./games.js";\nimport { seen } from "./seen.js";\n'
        "games.forEach(function (start) { start(seen); });\n"
        "console.log(JSON.stringify(seen));\n"
    )
    for name in ("b", "a"):
        (games / f"{name}.js").write_text(
            f'import {{ seen }} from "../js/seen.js";\nseen.push("load {name}");\n'
            f'export function start(out) {{ out.push("start {name}"); }}\n'
        )
    out = tmp_path / "app.mjs"
    node = shutil.which("node") or "node"
    command = [node, str(assets.BUILDER), str(out), str(js / "main.js")]
    subprocess.run(
        [*command, str(games / "b.js"), str(games / "a.js")], cwd=ROOT, check=True, timeout=60
    )
    ran = subprocess.run([node, str(out)], capture_output=True, text=True, check=True)
    assert json.loads(ran.stdout) == ["seen", "load b", "load a", "start b", "start a"]
    assert "import" not in out.read_text()  # one file: nothing left for the browser to fetch


@needs_node
def test_the_served_script_is_the_built_one_with_every_module(client, tmp_path):
    resp = client.get("/static/dist/app.js")
    body = resp.get_data(as_text=True)
    built = STATIC / assets.SCRIPT
    assert resp.status_code == 200 and body == built.read_text(encoding="utf-8")
    assert not assets.stale()  # tests/conftest.py built it if a module was newer
    script = tmp_path / "app.mjs"
    script.write_text(body)
    done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # Every module of static/js the pages use is in it: a string only that module has. The
    # service worker is a file apart, and the photo reader and its parts are fetched on their
    # own once its button is used (issue 33).
    marks = {
        "grid.js": '"template.grid-template"',
        "opening.js": '"ol.seat-list"',
        "queue-view.js": '"queued-list"',
        "draft.js": '"input[name=dealer_shown]"',
        "photo-button.js": '"input[data-photo]"',
    }
    for name, mark in marks.items():
        assert mark.strip('"') in (STATIC / "js" / name).read_text(), name
        assert mark in body, name
    assert '"photo.jpg"' not in body  # photo.js


def test_the_built_script_is_not_committed():
    done = subprocess.run(
        ["git", "check-ignore", "-q", str(STATIC / assets.SCRIPT)], cwd=ROOT, check=False
    )
    assert done.returncode == 0, "static/dist/app.js is built, never committed"


def test_its_version_is_a_digest_of_the_built_file(app):
    body, version = wiring.static_file(app, assets.SCRIPT)
    assert body == (STATIC / assets.SCRIPT).read_bytes()
    assert version == hashlib.sha256(body).hexdigest()[:12]


def test_a_module_newer_than_the_built_script_makes_it_stale(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC / "js", static / "js")
    shutil.copytree(STATIC / "dist", static / "dist")
    assert not assets.stale(static)
    main = static / "js" / "main.js"
    later = (static / assets.SCRIPT).stat().st_mtime + 10
    os.utime(main, (later, later))
    assert assets.stale(static)
    (static / assets.SCRIPT).unlink()
    assert assets.stale(static)


def test_every_games_script_is_built_in_in_the_order_of_games():
    scripts = assets.game_scripts()
    expected = [g.folder / "static" / n for g in GAMES.values() for n in g.scripts]
    assert scripts == list(dict.fromkeys(expected)) and all(p.is_file() for p in scripts)
    assert all(not Path(p).is_relative_to(STATIC) for p in scripts)
