"""The pages' one script, ``static/dist/app.js``, built at install or build time by esbuild.

The page scripts are ES modules (``static/js/``, each game's in its folder's ``static/``, named
by ``Game.scripts``) that node's test runner and eslint read as they are. esbuild, pinned in
``package.json``, bundles ``js/main.js`` and the modules it imports into one minified file, so
a page loads one script; ``./games.js`` (an empty list in the file) stands in the bundle for
every registered game's module, its ``start`` in the order of ``GAMES``
(``scripts/build-js.mjs``). ``scripts/run`` and ``scripts/test`` build it
(``python -m scorekeeper.assets``); the file is git-ignored, and a wheel carries the one built
before it. The server only reads the built file (``wiring.static_file``): nothing reads the
modules at request time.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

from scorekeeper import RESOURCES, ROOT
from scorekeeper.games import GAMES

SCRIPT = "dist/app.js"
"""The built script, under the static folder."""
ENTRY = "js/main.js"
"""Its entry module: every page's script, importing the others."""
BUILDER = ROOT / "scripts" / "build-js.mjs"
"""esbuild's run, with the games' registry (in a checkout only: a wheel has the built file)."""
APART = ("sw.js",)
"""Files of ``static/js`` outside the bundle: the service worker."""


class BuildError(RuntimeError):
    """The script could not be built (no node or esbuild, or a module esbuild refused)."""


def game_scripts() -> list[Path]:
    """Each registered game's scripts in the order of ``GAMES`` (a folder's once: Toppa's are
    Baka's)."""
    found: list[Path] = []
    for game in GAMES.values():
        for name in game.scripts:
            path = game.folder / "static" / name
            if path not in found:
                found.append(path)
    return found


def sources(static: Path) -> list[Path]:
    """The files the script is built from: the modules of ``static/js`` and the games'."""
    own = sorted(p for p in (static / "js").glob("*.js") if p.name not in APART)
    return own + game_scripts()


def stale(static: Path = RESOURCES / "static") -> bool:
    """Whether the built script is missing or older than one of its sources."""
    out = static / SCRIPT
    if not out.is_file():
        return True
    built = out.stat().st_mtime
    return any(path.stat().st_mtime > built for path in sources(static))


def _install_esbuild() -> None:
    """``npm ci``: the pinned devDependencies (esbuild among them), when esbuild is missing."""
    if (ROOT / "node_modules" / "esbuild" / "package.json").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"building {SCRIPT} needs esbuild: install node and npm, then npm ci")
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise BuildError(f"npm ci failed:\n{done.stdout}{done.stderr}")


def build(static: Path = RESOURCES / "static") -> Path:
    """Build the script with esbuild (installed by ``npm ci`` first if missing) and say where
    it is."""
    node = shutil.which("node")
    if node is None or not BUILDER.is_file():
        raise BuildError(f"building {SCRIPT} needs node and {BUILDER} (a checkout)")
    _install_esbuild()
    out = static / SCRIPT
    command = [node, str(BUILDER), str(out), str(static / ENTRY)]
    done = subprocess.run(
        [*command, *map(str, game_scripts())], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise BuildError(f"esbuild could not build {SCRIPT}:\n{done.stdout}{done.stderr}")
    return out


def main(argv: list[str] | None = None) -> None:
    """``python -m scorekeeper.assets [--if-stale]``: build the pages' script."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--if-stale", action="store_true", help="only when a source is newer")
    args = parser.parse_args(argv)
    if args.if_stale and not stale():
        return
    try:
        out = build()
    except BuildError as exc:
        raise SystemExit(str(exc)) from exc
    print(f"built {out}")


if __name__ == "__main__":
    main()
