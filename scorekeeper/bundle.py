"""The page scripts as one file: ES modules (``static/js/``, each game's in its folder's
``static/``) joined in the order their imports give, so a page loads one script.

The modules are plain ES modules (node's test runner and eslint read them as they are); the
bundle is built once per version of its files (``wiring.static_file``), never per request.
They keep to a small subset, which this module checks and refuses otherwise:

- imports are ``import { a, b as c } from "./x.js";`` (named, at the top of the file, from a
  module in the same folder);
- exports are ``export function``/``export const`` at the start of a line (no ``let``:
  every module gets a copy of the name, not a live binding; no ``default``);
- no module imports itself through others (no cycles).

Comment lines and blank lines are left out of the bundle (the files keep them: a third of
the bytes, 9 KB of the 32 KB sent); a comment after code on its line stays.

``./games.js`` is the registry of the games' scripts: in the bundle it is every registered
game's module (its ``start`` function, in the order of ``GAMES``); the file in ``static/js``
is the empty registry node and eslint see.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";\n', re.M)
ANY_IMPORT = re.compile(r"^import\b", re.M)
EXPORT = re.compile(r"^export (function|const|async function) (\w+)", re.M)
ANY_EXPORT = re.compile(r"^export\b", re.M)
COMMENT_LINES = re.compile(r"^[ \t]*(?://.*)?\n", re.M)
GAMES_MODULE = "games.js"


class BundleError(ValueError):
    """A module outside the subset the bundle understands (the message says which line)."""


def _module_name(path: Path, entry: Path) -> str:
    kind = "m" if path.parent == entry.parent else f"g_{path.parent.parent.name}"
    stem = re.sub(r"\W", "_", path.stem)
    return f"{kind}_{stem}"


def _parse(path: Path) -> tuple[list[tuple[list[str], str]], list[str], str]:
    text = path.read_text(encoding="utf-8")
    imports = [
        ([n.strip() for n in names.split(",") if n.strip()], file)
        for names, file in IMPORT.findall(text)
    ]
    body = IMPORT.sub("", text)
    if ANY_IMPORT.search(body):
        raise BundleError(f"{path}: an import the bundle does not understand")
    for names, _ in imports:
        if any(not re.fullmatch(r"\w+(?: as \w+)?", n) for n in names):
            raise BundleError(f"{path}: an import the bundle does not understand")
    exports = [name for _, name in EXPORT.findall(body)]
    body = EXPORT.sub(lambda m: f"{m.group(1)} {m.group(2)}", body)
    if ANY_EXPORT.search(body):
        raise BundleError(f"{path}: an export the bundle does not understand")
    return imports, exports, COMMENT_LINES.sub("", body)


def bundle(entry: Path, games: Sequence[Path]) -> str:
    """The bundle of ``entry`` and the modules it imports, ``games.js`` standing for the
    games' modules (``games``)."""
    out: list[str] = []
    done: set[Path] = set()
    visiting: list[Path] = []

    def emit(path: Path) -> str:
        name = _module_name(path, entry)
        if path in done:
            return name
        if path in visiting:
            raise BundleError(f"{path}: imported in a cycle ({' -> '.join(map(str, visiting))})")
        visiting.append(path)
        if path.name == GAMES_MODULE and path.parent == entry.parent:
            starts = [f"{emit(game)}.start" for game in games]
            body, exports = f"const games = [{', '.join(starts)}];\n", ["games"]
            imports: list[tuple[list[str], str]] = []
        else:
            imports, exports, body = _parse(path)
        head = [
            f"const {{ {', '.join(n.replace(' as ', ': ') for n in names)} }} = "
            f"{emit(path.parent / file)};\n"
            for names, file in imports
            if names
        ]
        visiting.pop()
        done.add(path)
        out.append(
            f"// {path.parent.name}/{path.name}\nconst {name} = (() => {{\n"
            + "".join(head)
            + body
            + f"return {{ {', '.join(exports)} }};\n}})();\n"
        )
        return name

    emit(entry)
    return "".join(out)
