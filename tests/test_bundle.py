"""The pages' one script (issue 32 item 6): the ES modules of static/js joined by
scorekeeper/bundle.py in the order their imports give, each module in a scope of its own."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper import RESOURCES
from scorekeeper.bundle import BundleError, bundle

JS = RESOURCES / "static" / "js"


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder / "main.js"


def test_a_module_comes_after_what_it_imports_and_once(tmp_path):
    entry = write(
        tmp_path,
        {
            "main.js": 'import { a } from "./a.js";\nimport { b as bee } from "./b.js";\n'
            "console.log(a, bee);\n",
            "a.js": 'import { b } from "./b.js";\nexport const a = b + 1;\n',
            "b.js": "// b\n\n  // the one\nexport function b() { return 1; } // one\n",
        },
    )
    out = bundle(entry, [])
    order = [line for line in out.splitlines() if line.startswith("const m_")]
    assert [o.split(" ")[1] for o in order] == ["m_b", "m_a", "m_main"]
    assert "const { b: bee } = m_b;" in out and "return { b };" in out
    assert "export" not in out
    # Comment lines go (the files keep them); a comment after code stays.
    assert "// b\n" not in out and "the one" not in out and "return 1; } // one" in out


@pytest.mark.parametrize(
    "text",
    [
        "export let n = 1;\n",  # a copy, not a live binding: refused
        "export default 1;\n",
        'import * as all from "./b.js";\n',
        'import { x } from "../elsewhere.js";\n',
    ],
)
def test_a_module_outside_the_subset_is_refused(tmp_path, text):
    entry = write(tmp_path, {"main.js": text, "b.js": "export const x = 1;\n"})
    with pytest.raises(BundleError):
        bundle(entry, [])


def test_an_import_cycle_is_refused(tmp_path):
    entry = write(
        tmp_path,
        {
            "main.js": 'import { a } from "./a.js";\na();\n',
            "a.js": 'import { b } from "./b.js";\nexport function a() { b(); }\n',
            "b.js": 'import { a } from "./a.js";\nexport function b() { a(); }\n',
        },
    )
    with pytest.raises(BundleError, match="cycle"):
        bundle(entry, [])


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_served_script_is_one_module_node_can_parse(client, tmp_path):
    body = client.get("/static/js/app.js").get_data(as_text=True)
    assert "games.forEach" in body and "const g_tokan_tokan = " in body
    script = tmp_path / "app.mjs"
    script.write_text(body)
    done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # Every module of static/js the pages use is in it (the service worker is a file apart;
    # the photo reader and its parts are fetched on their own once its button is used, issue 33).
    photo = {"photo", "photo-grid", "photo-panel"}
    names = {p.stem for p in JS.glob("*.js")} - {"sw", "games"} - photo
    assert not [n for n in photo if f"const m_{n.replace('-', '_')} = " in body]
    assert "const m_photo_button = " in body
    assert {n for n in names if f"const m_{n.replace('-', '_')} = " in body} == names
