"""The dispute checker: score any pile or hand under any house rules, storing nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from flask import Blueprint, render_template, request, url_for

from scorekeeper import limits, photos
from scorekeeper.exact import amount_str
from scorekeeper.forms import ActionForm
from scorekeeper.games import GAMES, Game
from scorekeeper.games.form_input import (
    ChaffPool,
    FormData,
    form_int,
    read_cards,
    with_the_rules,
)
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.round_data import Entry, Result, as_entry, json_of
from scorekeeper.rules import InvalidInput, Option, Violation
from scorekeeper.rules.common import MAX_NAME_LENGTH, OptionValue, clean_name, name_key
from scorekeeper.state import State, TableSpec
from scorekeeper.tables import reading, service
from scorekeeper.tables.reading import Table
from scorekeeper.views import errors_by_field, not_found

bp = Blueprint("check", __name__, url_prefix="/check")
bp.before_request(lambda: photos.in_memory(request))  # a form may carry a photo (issue 33)


def _number(source: FormData, key: str, default: int | str) -> int | str:
    """A whole number typed in the checker's form (the text when it is not one; the engine
    says why), or ``default`` when the field is empty."""
    value = form_int(source, key)
    return default if value is None else value


def _game_or_404(name: str) -> Game:
    game = GAMES.get(name)
    if game is None:
        not_found(N_("There is no game called %(name)s here.", name=repr(name)))
    return game


def _players(source: FormData, game: Game) -> int:
    """How many players the form asks for, within the game's limits (else its default)."""
    n = _number(source, "n", game.default_players)
    if not isinstance(n, int) or not game.min_players <= n <= game.max_players:
        return game.default_players
    return n


def _names(source: FormData, n: int) -> tuple[str, ...]:
    """The players' names the form carries (``name0``, ``name1``...: a table's link gives
    them), else P1, P2...; names empty or given twice are all P-numbers."""
    given = tuple(clean_name(source.get(f"name{i}") or "")[:MAX_NAME_LENGTH] for i in range(n))
    if all(given) and len({name_key(name) for name in given}) == n:
        return given
    return tuple(f"P{i + 1}" for i in range(n))


def checker_args(table: Table, state: State) -> dict[str, str]:
    """The query of a table's link to the checker (Check a hand): its game's players seated
    now, by name, its house rules in force and its pot, so that a dispute starts from them."""
    game = GAMES[table.game]
    spec = reading.current_spec(table, state)
    seated = [table.players[i] for i in state.seated]
    args = {"n": str(len(seated))} | {f"name{k}": name for k, name in enumerate(seated)}
    for o in game.options:
        if o.checker:
            group = spec.rules if o in game.rule_options else spec.settings
            value = group.get(o.key, o.default)
            args[o.key] = ("on" if value else "off") if o.kind == "bool" else str(value)
    if game.has_pot:  # the pot the next tour carries in (Tokan)
        args["pot"] = amount_str(state.pot)
    return args


def _option(source: FormData, o: Option) -> OptionValue:
    """An option as the checker's form gives it; the engine checks the value."""
    if o.kind == "bool":
        if request.method == "GET" and o.key not in source:
            return o.default
        return source.get(o.key) == "on"
    if o.kind == "int":
        return _number(source, o.key, int(o.default))
    return source.get(o.key) or o.default


@bp.get("/")
def index() -> str:
    """List the games whose rounds can be checked."""
    return render_template("check/index.html", games=GAMES.values())


@dataclass
class _Checked:
    """A posted round as the checker read and scored it (nothing yet on a GET)."""

    entry: Entry = field(default_factory=Entry)
    errors: dict[str, list[str]] = field(default_factory=dict)
    result: Result | None = None
    status: int = 200
    dealer: int = 0


def _named_in_order(entry: Entry, names: tuple[str, ...]) -> Entry:
    """``entry``'s players named as the checker's table seats them, in the order entered
    (the names typed on its form are only the form's)."""
    given = json_of(entry).get("players")
    players = [p for p in given if isinstance(p, dict)] if isinstance(given, list) else []
    renamed = [{**p, "name": names[i]} for i, p in enumerate(players) if i < len(names)]
    return as_entry({**json_of(entry), "players": list[JSONValue](renamed)})


def _checked(game: Game, source: FormData, spec: TableSpec) -> _Checked:
    """Score the posted round under ``spec``'s rules: its result, or every mistake in it."""
    out = _Checked()
    problems: list[Violation] = []
    out.entry = entry = game.entry_from_form(source, len(spec.players), problems)
    given = {key: _number(source, key, default) for key, default in game.checker_inputs.items()}
    scored = _named_in_order(entry, spec.players)
    chosen_dealer = entry.get("dealer")
    if isinstance(chosen_dealer, int):
        out.dealer = chosen_dealer
    try:
        if problems:  # with the rules' mistakes in the rest: every one said at once
            raise InvalidInput(
                with_the_rules(problems, lambda: service.score_alone(game, spec, scored, given))
            )
        out.result = service.score_alone(game, spec, scored, given)
    except InvalidInput as exc:
        out.errors = errors_by_field(exc.violations)
        out.status = 422
    return out


@bp.route("/<game_id>", methods=["GET", "POST"])
def check(game_id: str) -> tuple[str, int]:
    """Show the checker for one game, and the result of a posted round."""
    game = _game_or_404(game_id)
    source: FormData = request.form if request.method == "POST" else request.args
    n = _players(source, game)
    names = _names(source, n)

    def chosen(options: tuple[Option, ...]) -> JSONObject:
        return {o.key: _option(source, o) if o.checker else o.default for o in options}

    spec = TableSpec(game.id, names, chosen(game.rule_options), chosen(game.setting_options))
    photo = None
    if request.method == "POST" and photos.READ in source:
        # "Read the photo" (without script): the form again with the cards it shows ticked.
        with limits.recognising():
            source, photo = photos.read_into_form(request.form, photos.targets(n), game.deck)
        checked = _Checked(entry=game.entry_from_form(source, n, []))
        if photo.error is not None:
            checked.errors = {photos.FIELD: [tr(photo.error)]}
            checked.status = photos.refused(photo)
    elif request.method == "POST":
        checked = _checked(game, source, spec)
    else:
        checked = _Checked()
    entry, errors, dealer = checked.entry, checked.errors, checked.dealer
    table = SimpleNamespace(
        game=game.id,
        players=names,
        rules=spec.rules,
        settings=spec.settings,
        token=None,
        name=N_("Dispute check"),
    )
    return render_template(
        "rounds/entry.html",
        table=table,
        spec=spec,
        form=None,
        entry=entry,
        number=1,
        errors=errors,
        summary=game.error_summary(errors, names, entry),
        names=names,
        positions=list(range(n)),
        state=None,
        dealer=dealer,
        seat_notes=game.seat_notes(list(range(n)), dealer),
        rnd=None,
        check=True,
        result=checked.result,
        action=url_for(".check", game_id=game.id),
        n=n,
        pot=source.get("pot") or "0",
        photo=photo,
    ), checked.status


@bp.route("/draw/<game_id>", methods=["GET", "POST"])
def draw(game_id: str) -> tuple[str, int]:
    """The draw of cards that starts a game, on its own (any names, nothing stored)."""
    return draw_page(_game_or_404(game_id))


def _draw_names(source: FormData, n: int) -> list[str]:
    """The names typed on the draw on its own, kept as a table's are (``clean_name``); a
    name left empty is its P-number, or the next one no typed name has."""
    typed = [clean_name(source.get(f"name{i}") or "")[:MAX_NAME_LENGTH] for i in range(n)]
    taken = {name_key(name) for name in typed}
    names = []
    for i, name in enumerate(typed):
        k = i + 1
        while not name and name_key(f"P{k}") in taken:
            k += 1
        names.append(name or f"P{k}")
        taken.add(name_key(names[-1]))
    return names


def _names_twice(names: list[str]) -> dict[str, list[str]]:
    """A message at each name (``name<i>``) that an earlier player has, case aside, naming
    the earlier player as spelt."""
    first: dict[str, int] = {}
    errors: dict[str, list[str]] = {}
    for i, name in enumerate(names):
        j = first.setdefault(name_key(name), i)
        if j != i:
            msg = N_(
                "Another player is already called %(name)s; each needs a different name",
                name=names[j],
            )
            errors[f"name{i}"] = [tr(msg)]
    return errors


def _drawn(
    game: Game, source: FormData, names: list[str]
) -> tuple[list[list[str]], JSONObject | None, dict[str, list[str]]]:
    """The cards each player drew, as posted, and the draw's outcome, or what is wrong."""
    problems: list[Violation] = []
    pool = ChaffPool(game.deck)
    picks = [read_cards(source, f"d{i}", pool, f"draws.{i}", problems) for i in range(len(names))]
    try:
        if problems:
            raise InvalidInput(problems)
        return picks, game.draw_outcome(picks, names), {}
    except InvalidInput as exc:
        return picks, None, errors_by_field(exc.violations)


DRAWN_MOST = 4
"""The most cards each player draws for the first dealer (RULES 4.7: the same number each)."""


def draw_page(game: Game, table: Table | None = None) -> tuple[str, int]:
    """The draw that starts a game: who deals first (RULES 4.7) or where each player sits
    (5.7), as the game says (``Game.draw_outcome``). Each player's cards are tapped on one
    grid of the deck. For a table with no round yet (``table``), its players draw and the
    result can be applied to it (through the change of the table's seats)."""
    if game.draw is None:
        not_found(N_("%(game)s starts without a draw of cards.", game=game.title))
    source: FormData = request.form if request.method == "POST" else request.args
    if table is not None:
        names = list(table.players)
        n = len(names)
    else:
        n = _players(source, game)
        names = _draw_names(source, n)
    each = 1
    if game.draw == "dealer":
        asked = form_int(source, "each")
        each = asked if isinstance(asked, int) and 1 <= asked <= DRAWN_MOST else 1
    errors: dict[str, list[str]] = {} if table is not None else _names_twice(names)
    outcome: JSONObject | None = None
    picks: list[list[str]] = [[] for _ in range(n)]
    status = 422 if errors and request.method == "POST" else 200
    if request.method == "POST" and not errors:  # with a name twice, nothing is drawn
        picks, outcome, errors = _drawn(game, source, names)
        status = 422 if errors else 200
    seats: list[str] = []
    dealer = ""
    if outcome is not None and outcome.get("kind") == "dealer":
        chosen = outcome.get("dealer")
        if isinstance(chosen, int):
            seats, dealer = names, names[chosen]
    elif outcome is not None and isinstance(outcome.get("order"), list):
        order = outcome["order"]
        assert isinstance(order, list)
        seats = [names[i] for i in order if isinstance(i, int)]
        dealer = seats[0]
    return render_template(
        "check/draw.html",
        game=game,
        n=n,
        names=names,
        picks=picks,
        each=each,
        most=DRAWN_MOST,
        errors=errors,
        outcome=outcome,
        table=table,
        applied_seats=seats,
        applied_dealer=dealer,
        action_form=ActionForm(),
    ), status
