"""Issue 30 part 9: the real-browser and real-server tests wait on states, never on time.

A fixed delay (``wait_for_timeout``, ``time.sleep``) or a short timeout passes on an idle
machine and fails on a busy one: the suite then fails by chance. What is left of them is
listed here, each with why it is no wait on time."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.browser.conftest import CEILING

ROOT = Path(__file__).resolve().parent.parent
SUITES = ("tests/browser", "tests/integrity")

# (file, function): the only places a fixed time may appear, and why.
ALLOWED_DELAYS = {
    # Steps of a wait on a state only the test's handlers see, under the ceiling.
    ("tests/browser/conftest.py", "until"),
    # Asks the server for the rounds in steps, under a ceiling.
    ("tests/browser/test_offline_queue.py", "rounds_stored"),
    # Reads the page's scroll position in steps until two readings agree (the page's own
    # smooth scroll has stopped), under 40 steps: a wait on a state.
    ("tests/browser/test_tokan_tour.py", "settle"),
    # Asks /healthz in steps until the server answers, under a ceiling.
    ("tests/integrity/conftest.py", "start"),
    # A random moment of a burst to kill the server in, once its writes are landing.
    (
        "tests/integrity/test_concurrency.py",
        "test_sigkill_during_a_burst_loses_nothing_acknowledged",
    ),
}
DELAYS = {"wait_for_timeout", "sleep"}


def _calls(path: Path):
    """Each call in ``path`` with the name of the function it is in."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, where: str):
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, ast.FunctionDef | ast.ClassDef) else where
            if isinstance(child, ast.Call):
                yield child, name
            yield from walk(child, name)

    yield from walk(tree, "")


def _name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _files():
    for suite in SUITES:
        yield from sorted((ROOT / suite).glob("*.py"))


def fixed_delays() -> list[str]:
    found = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        for call, where in _calls(path):
            if _name(call) in DELAYS and (rel, where) not in ALLOWED_DELAYS:
                found.append(f"{rel}:{call.lineno} {_name(call)} in {where or 'the module'}")
    return found


def short_ceilings() -> list[str]:
    """Playwright timeouts (ms) written as a number below the suite's ceiling."""
    found = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        # The module's named figures (``SEEN_WITHIN = 5_000``), to read a timeout given by name.
        figures = {
            target.id: node.value
            for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for call, _ in _calls(path):
            name = _name(call)
            playwright = name == "set_default_timeout" or name.startswith(
                ("wait_for", "expect_", "to_")
            )
            if not playwright:
                continue
            given = [k.value for k in call.keywords if k.arg == "timeout"]
            if name == "set_default_timeout":
                given += call.args[:1]
            for value in given:
                if isinstance(value, ast.Name):
                    value = figures.get(value.id, value)
                number = isinstance(value, ast.Constant) and isinstance(value.value, int | float)
                if number and value.value < CEILING:
                    found.append(f"{rel}:{call.lineno} {name} {value.value} ms")
    return found


def test_no_test_waits_a_fixed_time():
    assert fixed_delays() == []


def test_no_playwright_wait_has_a_ceiling_below_the_suite_s():
    assert short_ceilings() == []


def _source(node: ast.expr) -> str:
    """The start of a string or f-string ``node`` as written, '' when it is neither."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        return _source(node.values[0])
    return ""


def predicates_evaluated_again() -> list[str]:
    """``wait_for_function`` given an expression rather than a function.

    Playwright evaluates an expression again at each poll with the page's own ``eval``,
    which the pages' Content-Security-Policy (no ``'unsafe-eval'``) refuses: the test then
    fails only when the state was not there at the first look (CI, stop 43). A function
    is evaluated once and then called, so it is polled under the policy."""
    found = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        for call, _ in _calls(path):
            if _name(call) != "wait_for_function" or not call.args:
                continue
            text = _source(call.args[0]).lstrip()
            written = isinstance(call.args[0], ast.Constant | ast.JoinedStr)
            if written and not re.match(r"(\([^)]*\)|\w+)\s*=>", text):
                found.append(f"{rel}:{call.lineno} {text[:40]}")
    return found


def test_every_wait_for_function_is_given_a_function():
    assert predicates_evaluated_again() == []
