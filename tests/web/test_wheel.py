"""An ordinary install works: the wheel carries the templates, the static files, the
migrations and the message catalogues, and an app created from the installed wheel serves a page
with its CSS and JS, in Japanese too, and keeps its instance folder out of site-packages.

The wheel is built offline with this environment's setuptools (the `test` extra) from a copy of
the sources, so the checkout gets no build/ or *.egg-info. It is installed into a throwaway venv
that borrows this environment's dependencies through a .pth file placed after its own
site-packages, so the scorekeeper imported there is the wheel's, never the checkout's.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "scorekeeper", "templates", "static")
# Where each folder of the checkout lands in the wheel.
SHIPPED = {
    "scorekeeper": "scorekeeper",
    "templates": "scorekeeper/templates",
    "static": "scorekeeper/static",
}
# Compiled catalogues are built, never committed: the copy is a clean clone's, so the installed
# app has to compile its catalogues itself (scorekeeper/i18n.py).
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
PIP = (sys.executable, "-m", "pip")
OFFLINE = ("--no-deps", "--no-index", "--quiet")  # the network is never asked for anything

# Run inside the throwaway venv: create the app and fetch the home page and every static file it
# links to, reporting what happened as JSON (errors included: a missing template raises in tests);
# then where an app would keep its instance folder without SCOREKEEPER_INSTANCE_PATH.
CLIENT = r"""
import json, os, re, sys
import scorekeeper

out = {"module": scorekeeper.__file__, "pages": {}}
app = scorekeeper.create_app(json.loads(sys.argv[1]))
out["template_folder"], out["static_folder"] = app.template_folder, app.static_folder
client = app.test_client()

def get(url):
    try:
        r = client.get(url)
    except Exception as exc:
        return {"error": repr(exc)}
    data = r.get_data()
    text = r.mimetype.startswith("text/") or r.mimetype.endswith(("json", "xml", "javascript"))
    page = {"status": r.status_code, "mimetype": r.mimetype,
            "body": data.decode() if text else f"{len(data)} bytes"}
    r.close()
    return page

home = out["pages"]["/"] = get("/")
r = client.get("/", headers={"Accept-Language": "ja"})
out["japanese"] = r.get_data(as_text=True)
for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', home.get("body", "")):
    out["pages"][url.split("?")[0]] = get(url)  # keyed without the ?v= version

del os.environ["SCOREKEEPER_INSTANCE_PATH"]
out["default_instance"] = scorekeeper.create_app(json.loads(sys.argv[1])).instance_path
print(json.dumps(out))
"""


def run(*cmd: str | Path, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """Run a command without this process's PYTHON*/PIP_* settings; fail with its output."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_"))}
    env = {**clean, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **env}
    done = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done


def files(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".mo")
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    have = tuple(int(x) for x in version("setuptools").split(".")[:2])
    assert have >= (70, 1), (
        f"building the wheel offline needs setuptools>=70.1 here (the `test` extra), not {have}"
    )
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=JUNK)
        else:
            shutil.copy2(ROOT / name, src / name)
    run(*PIP, "wheel", *OFFLINE, "--no-build-isolation", "--wheel-dir", work / "dist", src)
    (built,) = (work / "dist").glob("scorekeeper-*.whl")
    return built


def test_wheel_ships_every_module_template_and_static_file(wheel):
    with zipfile.ZipFile(wheel) as zf:
        inside = set(zf.namelist())
    expected = {f"{SHIPPED[top]}/{name}" for top in SHIPPED for name in files(ROOT / top)}
    missing = sorted(expected - inside)
    assert not missing, f"{wheel.name} lacks {len(missing)} files of the checkout: {missing}"


def test_installed_wheel_serves_a_page_with_its_css_and_js(wheel, tmp_path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(*PIP, "--python", python, "install", *OFFLINE, wheel)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    own = Path(purelib.stdout.strip())
    # Lines of a .pth go after the venv's own site-packages: the wheel's scorekeeper comes first.
    (own / "zz_borrowed_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")

    config = {
        "TESTING": True,
        "SECRET_KEY": "wheel-test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'wheel.sqlite'}",
    }
    # -I and a cwd outside the checkout: nothing but site-packages can supply scorekeeper.
    done = run(
        python,
        "-I",
        "-c",
        CLIENT,
        json.dumps(config),
        cwd=tmp_path,
        SCOREKEEPER_INSTANCE_PATH=str(tmp_path / "instance"),
    )
    out = json.loads(done.stdout)

    assert Path(out["module"]).is_relative_to(own), f"imported {out['module']}, not the wheel's"
    for folder in ("template_folder", "static_folder"):
        assert Path(out[folder]).is_relative_to(own / "scorekeeper"), f"{folder}: {out[folder]}"
    pages = out["pages"]
    home = pages["/"]
    assert home.get("status") == 200, f"GET / from the installed wheel: {home}"
    assert "/static/css/app.css" in pages, "the home page links no stylesheet"
    assert "/static/dist/app.js" in pages, "the home page loads no script"
    for url, page in pages.items():
        assert page.get("status") == 200, f"GET {url} from the installed wheel: {page}"
    css, js = pages["/static/css/app.css"], pages["/static/dist/app.js"]
    assert css["mimetype"] == "text/css", css
    # The shared files, each game's own parts in them (scorekeeper/wiring.py, BUNDLED).
    assert css["body"].startswith((ROOT / "static/css/app.css").read_text(encoding="utf-8"))
    assert js["mimetype"] in ("text/javascript", "application/javascript"), js
    # The script: the one esbuild built before the wheel (scorekeeper/assets.py), as it is.
    assert js["body"] == (ROOT / "static/dist/app.js").read_text(encoding="utf-8")
    assert '"template.grid-template"' in js["body"] and '"fieldset.tokan"' in js["body"]
    # The web app manifest and the home-screen icon come with the wheel too.
    manifest = pages["/static/manifest.webmanifest"]
    assert manifest["mimetype"] == "application/manifest+json", manifest
    assert pages["/static/icons/icon-192.png"]["mimetype"] == "image/png"

    # The catalogues came as .po files and were compiled when the app started.
    assert '<html lang="ja">' in out["japanese"] and "卓で点数をつける" in out["japanese"]
    assert "猪鹿蝶 (いのしかちょう) を数える" in out["japanese"]  # from a game folder's catalogue

    default = Path(out["default_instance"])
    assert default.is_relative_to(venv) and not default.is_relative_to(own), default
