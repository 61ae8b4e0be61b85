"""Issue 32 item 4: one word, one thing. The glossary of ``docs/architecture.md`` ("Words")
names each of these once; two definitions of one name (``round_data.Result`` and an engine's
``Result``, ``ledger.table_entry`` and ``Game.table_entry``...) made a reader guess."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLACES = [ROOT / "scorekeeper", ROOT / "tests" / "toygame"]
ONE_THING = (
    "Result",
    "ResultJSON",
    "RoundResult",
    "table_entry",
    "kept_entry",
    "engine_input",
    "round_input",
    "input_from_stored",
    "engine_body",
    "result_of",
    "club_tables",  # issue 40, item 6: one definition each
    "qr_svg",
    "replay",  # the tables' module: no function or class of that name beside it
    "Entry",  # what a player entered, as kept (round_data), never a type variable beside it
    "end_result",  # 2026-11-29: each of these named two things
    "objects",
    "shown",
    "Record",  # a club's record (clubs/records.py), never a type variable beside it
)
"""Names that mean one thing each. An engine's ``RoundResult`` is one thing in many games:
each game's class of it, and the protocol they keep (``rules/common.py``)."""
MANY_GAMES = {"RoundResult"}


def _definitions(
    names: tuple[str, ...], places: list[Path] = PLACES, root: Path = ROOT
) -> dict[str, set[str]]:
    """Where each of ``names`` is defined (a module, a class, a function or method, an
    assignment), by file and the class it is in."""
    found: dict[str, set[str]] = defaultdict(set)
    for place in places:
        for path in sorted(place.rglob("*.py")):
            if path.stem in names:
                found[path.stem].add(f"{path.relative_to(root).as_posix()} (module)")
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for owner in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
                for node in owner.body:
                    for name in _defined(node):
                        if name in names:
                            where = path.relative_to(root).as_posix()
                            inside = getattr(owner, "name", "")
                            found[name].add(f"{where}:{inside}" if inside else where)
    return found


def _defined(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def test_each_word_names_one_thing():
    found = _definitions(ONE_THING)
    twice = {k: sorted(v) for k, v in found.items() if len(v) > 1 and k not in MANY_GAMES}
    assert twice == {}
    assert "engine_body" not in found, "say input_from_stored or round_input"


def test_the_check_sees_a_word_defined_twice(tmp_path):
    (tmp_path / "a.py").write_text("Result = dict\n")
    (tmp_path / "b.py").write_text("class Game:\n    def table_entry(self): ...\n")
    (tmp_path / "c.py").write_text("def table_entry(): ...\nclass Result:\n    pass\n")
    (tmp_path / "replay.py").write_text("def replay(): ...\n")
    found = _definitions(("Result", "table_entry", "replay"), [tmp_path], tmp_path)
    assert found == {
        "Result": {"a.py", "c.py"},
        "table_entry": {"b.py:Game", "c.py"},
        "replay": {"replay.py (module)", "replay.py"},  # a module and a function in it
    }


def test_a_pile_is_a_pile_inside_the_code():
    """The glossary's *pile*: ``captured`` stays only where the API, a stored entry, a field
    path or a form fixes it (strings), never as a name in the code."""
    named = []
    for place in PLACES:
        for path in sorted(place.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                attribute = isinstance(node, ast.Attribute) and node.attr == "captured"
                field = isinstance(node, ast.AnnAssign) and _defined(node) == ["captured"]
                if attribute or field:
                    named.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert named == []


def test_a_round_takes_four_shapes_none_a_newtype_over_a_dict():
    """Issue 40 item 3: a round in at most four shapes, each a ``TypedDict`` or a dataclass:
    the entry (as kept), the engine's input (as kept in a row too), the result and the
    ledger's step. The shapes retired (``TableEntry``, ``StoredBody``) are named nowhere."""
    import dataclasses
    import typing

    from scorekeeper import round_data
    from scorekeeper.state import Step

    source = (ROOT / "scorekeeper" / "round_data.py").read_text(encoding="utf-8")
    assert "NewType" not in source
    for shape in (round_data.Entry, round_data.EngineInput, round_data.Result):
        assert typing.is_typeddict(shape), shape
    assert dataclasses.is_dataclass(Step)
    retired = ("TableEntry", "StoredBody")
    for place in [*PLACES, ROOT / "bench", ROOT / "docs"]:
        for path in sorted(place.rglob("*.py")) + sorted(place.rglob("*.md")):
            text = path.read_text(encoding="utf-8")
            assert not any(name in text for name in retired), path
