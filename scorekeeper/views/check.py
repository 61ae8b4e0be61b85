"""The dispute checker: score any pile or hand under any house rules, storing nothing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for

from scorekeeper.forms import entry_from_form
from scorekeeper.ledger import SETTING_DEFAULTS
from scorekeeper.rules import GAMES, InvalidInput, Violation
from scorekeeper.views.sessions import errors_by_field

bp = Blueprint("check", __name__, url_prefix="/check")

DEFAULT_PLAYERS = {"tokotoko": 2, "toppa": 2, "baka": 3, "otoroku": 3, "tokan": 3}


def _players(source: Any, game: str) -> int:
    """How many players the form asks for, within the game's limits (else its default)."""
    spec = GAMES[game]
    n = _number(source.get("n"), DEFAULT_PLAYERS[game])
    if not isinstance(n, int) or not spec.min_players <= n <= spec.max_players:
        return DEFAULT_PLAYERS[game]
    return n


@bp.get("/")
def index() -> str:
    """List the games whose rounds can be checked."""
    return render_template("check/index.html", games=GAMES.values())


def _number(raw: str | None, default: int) -> int | str:
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        return raw


@bp.route("/<game>", methods=["GET", "POST"])
def check(game: str) -> Any:
    """Show the checker for one game, and the result of a posted round."""
    spec = GAMES.get(game)
    if spec is None:
        abort(404, description=f"There is no game called {game!r} here.")
    source = request.form if request.method == "POST" else request.args
    n = _players(source, game)
    names = [f"P{i + 1}" for i in range(n)]
    settings = dict(SETTING_DEFAULTS[game])
    rules: dict[str, Any] = {}
    if game in ("toppa", "baka"):
        rules = {
            "yaku_values": source.get("yaku_values", "high"),
            "boar_deer_butterfly": source.get(
                "boar_deer_butterfly", "on" if request.method == "GET" else ""
            )
            == "on",
            "willow_as_chaff": source.get("willow_as_chaff") == "on",
        }
        if game == "baka":
            rules["yaku_settlement"] = source.get("yaku_settlement", "average")
            rules["low_man_out_forfeits_cards"] = source.get("low_man_out_forfeits_cards") == "on"
    elif game == "otoroku":
        settings["method"] = source.get("method", "everyone")
        rules = {"tera_zen_percent": _number(source.get("tera_zen_percent"), 0)}
    elif game == "tokan":
        settings["stake"] = _number(source.get("stake"), 22)
        settings["tokens"] = _number(source.get("tokens"), 11)
    table = SimpleNamespace(
        game=game, players=names, settings=settings, rules=rules, token=None, name="Dispute check"
    )
    entry: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    result = None
    status = 200
    dealer = 0
    if request.method == "POST":
        problems: list[Violation] = []
        entry = entry_from_form(game, request.form, n, problems)
        body = dict(entry)
        body["players"] = [{**p, "name": names[i]} for i, p in enumerate(entry["players"])]
        if game in ("toppa", "baka"):
            body["rules"] = rules
            if game == "baka":
                body["round"] = _number(request.form.get("round"), 1)
        elif game == "otoroku":
            body["method"] = settings["method"]
            body["rules"] = rules
            body.setdefault("wager", settings["wager"])
        elif game == "tokan":
            body.update(
                stake=settings["stake"],
                tokens=settings["tokens"],
                pot=request.form.get("pot") or "0",
            )
        if isinstance(entry.get("dealer"), int):
            dealer = entry["dealer"]
        try:
            if problems:
                raise InvalidInput(problems)
            result = spec.evaluate(body).to_dict()
        except InvalidInput as exc:
            errors = errors_by_field(exc.violations)
            status = 422
    return render_template(
        "rounds/entry.html",
        table=table,
        form=None,
        entry=entry,
        number=1,
        errors=errors,
        positions=list(range(n)),
        state=None,
        dealer=dealer,
        rnd=None,
        check=True,
        result=result,
        action=url_for(".check", game=game),
        n=n,
        spec=spec,
        pot=request.form.get("pot", "0"),
    ), status


@bp.route("/draw/<game>", methods=["GET", "POST"])
def draw(game: str) -> Any:
    """The first-dealer draw (Toppa and Baka, RULES 4.7) or Otoroku's seat draw (5.7)."""
    from scorekeeper.cards import DECKS
    from scorekeeper.forms import ChaffPool, read_cards
    from scorekeeper.rules.otoroku import seat_draw
    from scorekeeper.rules.toppa import draw_value, first_dealer

    if game not in ("toppa", "baka", "otoroku"):
        abort(404, description="Only Toppa, Baka and Otoroku start with a draw of cards.")
    source = request.form if request.method == "POST" else request.args
    spec = GAMES[game]
    n = _players(source, game)
    names = [(source.get(f"name{i}") or f"P{i + 1}").strip()[:40] for i in range(n)]
    errors: dict[str, list[str]] = {}
    outcome = None
    picks: list[list[str]] = [[] for _ in range(n)]
    status = 200
    if request.method == "POST":
        problems: list[Violation] = []
        pool = ChaffPool(DECKS[game])
        picks = [read_cards(request.form, f"d{i}", pool, f"draws.{i}", problems) for i in range(n)]
        try:
            if problems:
                raise InvalidInput(problems)
            if game == "otoroku":
                if any(len(p) != 1 for p in picks):
                    raise InvalidInput([Violation("draws", "Each player draws exactly one card")])
                seats = seat_draw([p[0] for p in picks])
                outcome = {
                    "kind": "seats",
                    "order": seats.order,
                    "redraw": [[names[i] for i in g] for g in seats.redraw],
                }
            else:
                result = first_dealer(picks)
                outcome = {
                    "kind": "dealer",
                    "dealer": result.dealer,
                    "totals": result.totals,
                    "values": [[draw_value(c) for c in p] for p in picks],
                    "redraw": [names[i] for i in result.redraw],
                }
        except InvalidInput as exc:
            errors = errors_by_field(exc.violations)
            status = 422
    return render_template(
        "check/draw.html",
        game=game,
        spec=spec,
        n=n,
        names=names,
        picks=picks,
        errors=errors,
        outcome=outcome,
    ), status
