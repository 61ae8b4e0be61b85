"""A game's templates, script and style parts live in its folder (issue 18 part 1): the app
finds its templates there, and serves its parts inside the one shared style sheet and script
(one request each, as before, cached across pages)."""

from __future__ import annotations

import re

import pytest
from jinja2 import TemplateNotFound

from scorekeeper.games import GAMES


def test_every_games_parts_are_served_in_the_shared_files(client):
    css = client.get("/static/css/app.css").get_data(as_text=True)
    js = client.get("/static/dist/app.js").get_data(as_text=True)
    assert css.startswith("/*") and "--s0" in css  # the shared sheet first
    for game in GAMES.values():
        for name in game.styles:
            assert (game.folder / "static" / name).read_text() in css, (game.id, name)
        for name in game.scripts:
            # A module in the one script, minified by esbuild (scorekeeper/assets.py): every
            # string of its code is in it as it is written.
            text = (game.folder / "static" / name).read_text()
            code = re.sub(r"(^|\s)//.*", "", text)
            strings = {s for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', code) if len(s) >= 6}
            assert strings, (game.id, name)
            assert [s for s in strings if f'"{s}"' not in js] == [], (game.id, name)


def test_a_page_links_the_bundles_by_a_version_of_all_their_parts(client):
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'href="(/static/css/app\.css\?v=\w+)"', page).group(1)
    resp = client.get(url)
    assert resp.status_code == 200 and "immutable" in resp.headers["Cache-Control"]
    assert client.get(url, headers={"If-None-Match": resp.headers["ETag"]}).status_code == 304


def test_a_games_templates_come_from_its_folder_and_nowhere_else(app):
    env = app.jinja_env
    assert env.get_template("games/baka/entry.html").filename == str(
        GAMES["toppa"].folder / "templates" / "entry.html"
    )
    for name in ("games/nope/entry.html", "games/tokan/../game.py", "games/tokan/"):
        with pytest.raises(TemplateNotFound):
            env.get_template(name)
