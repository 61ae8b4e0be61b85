"""Compiled templates are kept in the instance folder for every process (``wiring.
_template_cache``): a worker started after another renders its first page without compiling
a template, and an edited template is compiled again."""

from __future__ import annotations

import jinja2


def _app(tmp_path, monkeypatch):
    import scorekeeper

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    return scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
        }
    )


def test_a_second_process_renders_without_compiling(tmp_path, monkeypatch):
    first = _app(tmp_path, monkeypatch)
    assert first.test_client().get("/").status_code == 200
    assert list((tmp_path / "jinja-cache").iterdir())  # the home page's templates, compiled

    second = _app(tmp_path, monkeypatch)

    def compile_refused(*args, **kwargs):
        raise AssertionError("a kept template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", compile_refused)
    assert second.test_client().get("/").status_code == 200


def test_a_changed_template_is_compiled_again(tmp_path, monkeypatch):
    app = _app(tmp_path, monkeypatch)
    env = app.jinja_env
    env.loader = jinja2.DictLoader({"t.html": "one"})
    assert env.get_template("t.html").render() == "one"
    env.loader = jinja2.DictLoader({"t.html": "two"})
    env.cache = None  # a new process: only the files are kept
    assert env.get_template("t.html").render() == "two"
