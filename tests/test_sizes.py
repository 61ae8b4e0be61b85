"""Issue 32 item 5: short, flat code. No function of the app over about 60 lines and no module
over about 700, so that each one's job can be read at once (ruff's C90 rule keeps the
branches down, pyproject.toml). The allow-lists name what other parts of issue 32 are
splitting now; the lead shrinks them after the merge, and nothing new may join them.
Issue 40 item 6: the recogniser's builder and the bench are held to the same limits, with
nothing of theirs on the allow-lists."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The folders held to the limits: the app, the recogniser's builder and the bench.
FOLDERS = ("scorekeeper", "recogniser", "bench")
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 700

LONG_FUNCTIONS = {
    # (file under scorekeeper/, function) that may stay long, each with its reason.
    # A migration replays history as it was written; it is never changed once released.
    ("scorekeeper/migrations/versions/0007_round_numbers.py", "upgrade"),
}
LONG_MODULES: set[str] = set()  # files under scorekeeper/ that may stay long: none


def _modules() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def _name(path: Path, root: Path = ROOT) -> str:
    return path.relative_to(root).as_posix()


def long_functions(path: Path, root: Path = ROOT) -> dict[tuple[str, str], int]:
    """Each function (or method) of ``path`` longer than the limit, with its length."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno
            if length > MAX_FUNCTION_LINES:
                found[(_name(path, root), node.name)] = length
    return found


def test_no_function_is_longer_than_60_lines():
    found = {k: n for path in _modules() for k, n in long_functions(path).items()}
    assert {k: n for k, n in found.items() if k not in LONG_FUNCTIONS} == {}


def test_no_module_is_longer_than_700_lines():
    lengths = {_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in _modules()}
    long = {name: n for name, n in lengths.items() if n > MAX_MODULE_LINES}
    assert {name: n for name, n in long.items() if name not in LONG_MODULES} == {}


def test_the_allow_lists_name_only_what_is_still_long():
    # A function or module split since leaves the list, so that it cannot grow back.
    found = {k for path in _modules() for k in long_functions(path)}
    assert LONG_FUNCTIONS - found == set()
    lengths = {_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in _modules()}
    assert {m for m in LONG_MODULES if lengths.get(m, 0) <= MAX_MODULE_LINES} == set()


def test_every_folder_is_checked_and_none_but_the_apps_is_let_off():
    # Issue 40 item 6: no per-folder allowance for recogniser/ or bench/.
    checked = {p.relative_to(ROOT).parts[0] for p in _modules()}
    assert checked == set(FOLDERS)
    allowed = {name for name, _ in LONG_FUNCTIONS} | LONG_MODULES
    assert all(name.startswith("scorekeeper/") for name in allowed), allowed


def test_the_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES + 1))
    (tmp_path / "long.py").write_text(f"def long():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path / "long.py", tmp_path) == {("long.py", "long"): 61}
