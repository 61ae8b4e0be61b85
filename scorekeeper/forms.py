"""WTForms classes: the shape of each page's form, with CSRF.

A round's form is read by its game (``Game.entry_from_form``) into the same JSON-shaped
entry the API takes, so both go through one validation (the rules engine) and one store
(``scorekeeper.tables.service``). The new-table form's house rules and settings are made
from the games' declared options.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from flask import g
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3
from wtforms.validators import DataRequired, Length, Optional, StopValidation, ValidationError

from scorekeeper.bodies import MAX_NUMBER_DIGITS
from scorekeeper.games import GAMES, Game
from scorekeeper.i18n import translate as tr
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.rules import Option

if TYPE_CHECKING:
    # Flask-WTF ships no type information: what Scorekeeper uses of its FlaskForm.
    from wtforms import Form

    class FlaskForm(Form):
        def validate_on_submit(self, extra_validators: Any = None) -> bool: ...

    def generate_csrf() -> str: ...

else:
    from flask_wtf import FlaskForm
    from flask_wtf.csrf import generate_csrf as generate_csrf  # used by the templates


@dataclass(frozen=True, slots=True)
class OptionField:
    """One field of the new-table form: an option key, and the games that use it."""

    key: str
    option: Option
    games: tuple[Game, ...]

    @property
    def shared(self) -> bool:
        return len(self.games) > 1

    @property
    def label(self) -> str:
        o = self.option
        if not self.shared:
            return N_("%(label)s %(hint)s", label=o.label, hint=o.hint) if o.hint else o.label
        per = [
            N_("%(game)s %(hint)s", game=g.title, hint=opt.hint) if opt.hint else g.title
            for g in self.games
            for opt in g.options
            if opt.key == self.key
        ]
        return N_("%(label)s (%(per)s)", label=o.label, per=per)

    @property
    def called(self) -> str:
        """The option as a message names it ("the stake"), or its label."""
        return OPTION_CALLED.get(self.key, self.option.label)

    @property
    def placeholder(self) -> str:
        """A shared field's defaults, game by game (it has no single default)."""
        if not self.shared:
            return ""
        defaults = [
            N_("%(game)s %(value)s", game=g.title, value=str(opt.default))
            for g in self.games
            for opt in g.options
            if opt.key == self.key
        ]
        return Msg("%(defaults)s", {"defaults": defaults})  # a list, as the language joins one


def option_fields() -> list[OptionField]:
    """Every option of every game, one field per key, in the games' order."""
    fields: dict[str, OptionField] = {}
    for game in GAMES.values():
        for o in game.options:
            found = fields.get(o.key)
            games = (found.games if found else ()) + (game,)
            fields[o.key] = OptionField(o.key, found.option if found else o, games)
    return list(fields.values())


class WholeNumberField(IntegerField):
    """An IntegerField that refuses a number of more digits than any bound allows before
    its range is checked (WTForms compares through a float, which a huge int overflows)."""

    def process_formdata(self, valuelist: list[str]) -> None:
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-")) > MAX_NUMBER_DIGITS:
            self.data = None
            raise ValueError(
                tr(
                    N_(
                        "A number of more than %(n)s digits is far too large",
                        n=MAX_NUMBER_DIGITS,
                    )
                )
            )
        super().process_formdata(valuelist)


def _field(of: OptionField) -> Field:
    o = of.option
    if o.kind == "bool":
        return BooleanField(of.label, default=bool(o.default))
    if o.kind == "choice":
        choices = [SelectChoice(v, label) for v, label in o.choices]
        return SelectField(of.label, validate_choice=False, choices=choices, default=o.default)
    return OptionNumberField(
        of.label,
        default=None if of.shared else int(o.default),
        validators=[Optional(), _within(of)],
        option=of,
    )


OPTION_CALLED = {
    "stake": N_("the stake"),
    "tera_zen_percent": N_("the house fee"),
    "wager": N_("the wager"),
    "stones": N_("the starting stones"),
    "tokens": N_("the tokens of each colour"),
}
"""How the start page's messages name a number option ("The stake must be at least 1");
an option not named here is named by its label."""


class OptionNumberField(WholeNumberField):
    """A house rule's or setting's number: a mistake said in the player's words."""

    def __init__(self, *args: Any, option: OptionField, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.option = option

    def process_formdata(self, valuelist: list[str]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:
            self.data = None
            text = str(valuelist[0]).strip() if valuelist else ""
            if text.lstrip("+-").isascii() and text.lstrip("+-").isdigit():
                raise  # a whole number of too many digits: "far too large", as it was
            raise ValueError(
                tr(N_("Write %(name)s as a whole number, e.g. 5", name=self.option.called))
            ) from None


def out_of_bounds(of: OptionField, low: bool) -> str:
    """The option's bound a number passed, as the player reads it ("The stake must be at
    least 1"), in the page's language."""
    o = of.option
    if low:
        msg = N_("%(name)s must be at least %(minimum)s", name=of.called, minimum=o.minimum)
    else:
        msg = N_("%(name)s must be at most %(maximum)s", name=of.called, maximum=o.maximum)
    return tr(msg.capitalized())


def _within(of: OptionField) -> Callable[[Form, Field], None]:
    """The option's bounds: a number outside them is said beside its field."""
    o = of.option

    def check(form: Form, field: Field) -> None:
        value = field.data
        if value is None:
            return
        if o.minimum is not None and value < o.minimum:
            raise ValidationError(out_of_bounds(of, low=True))
        if o.maximum is not None and value > o.maximum:
            raise ValidationError(out_of_bounds(of, low=False))

    # The input's own min and max attributes, as WTForms' NumberRange gives them.
    bounds = {"min": o.minimum, "max": o.maximum}
    check.field_flags = {k: v for k, v in bounds.items() if v is not None}  # type: ignore[attr-defined]
    return check


def _only_with_a_dealer(form: NewTableForm, field: Field) -> None:
    """The first dealer is asked only for a game with a dealer: a table of another game
    ignores what the field holds (the page hides it; a value left from another game, or a
    page without script, would otherwise refuse a Tokan table for a field it never uses)."""
    game = GAMES.get(form.game.data or "")
    if game is not None and not game.has_dealer:
        field.errors = []
        raise StopValidation()


def fresh_id() -> str:
    """A random id drawn for one page's form (a start form's ``start_id``). A page kept whole
    (``views.kept_pages``) draws each such id again for every copy it serves: two phones
    never send one id."""
    value = secrets.token_urlsafe(16)
    drawn: list[str] = g.setdefault(FRESH_IDS, [])
    drawn.append(value)
    return value


FRESH_IDS = "fresh_ids"
"""Where ``fresh_id`` notes the ids this request drew (``flask.g``)."""

_START_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a start form's id may be (``secrets.token_urlsafe(16)`` draws 22 of these)."""


class NewTableForm(FlaskForm):
    """Start a table: its game, players in turn order, house rules and point value."""

    # No Length: the browser would cut a long name without a word (maxlength); the table's
    # check refuses it saying so (API.md "Bounds").
    name = StringField(N_("Table name"), validators=[Optional()])
    game = SelectField(N_("Game"), choices=[], validators=[DataRequired()])
    option_fields: ClassVar[tuple[OptionField, ...]] = ()
    """The house rules and settings of the games registered (``new_table_form``)."""
    players = TextAreaField(
        N_("Players, one per line, in turn order"),
        validators=[DataRequired(message=N_("Enter the players, one per line"))],
    )
    point_value = StringField(
        N_("Money per point (optional, e.g. 10 or 1/2)"), validators=[Optional(), Length(max=40)]
    )
    first_dealer = WholeNumberField(
        N_("First dealer (position, 1 = first player)"),
        default=1,
        # among the players listed: the view says so, counting from 1
        validators=[_only_with_a_dealer, Optional()],
    )
    start_id = HiddenField()
    """A random id drawn with the form and sent back with it: the table it opens keeps it,
    so the same form sent again (Start tapped twice) lands on that table (``start_key``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.start_id.data:  # a new form; a form sent back keeps its own
            self.start_id.data = fresh_id()
        self.game.choices = [SelectChoice(g.id, g.title) for g in GAMES.values()]
        # A select draws its choices as plain text: give it them in the page's language.
        for field in self:
            if isinstance(field, SelectField):
                field.choices = [SelectChoice(c.value, tr(c.label)) for c in _choices(field)]

    def start_key(self) -> str | None:
        """The form's ``start_id`` as sent, when it is one this form could have drawn (any
        other value is no id: the table it opens keeps none)."""
        sent = self.start_id.data
        return sent if isinstance(sent, str) and _START_ID.fullmatch(sent) else None

    def option_groups(self) -> list[tuple[tuple[Game, ...], list[tuple[OptionField, Field]]]]:
        """The option fields grouped by the games they belong to, for the page's fieldsets."""
        groups: dict[tuple[str, ...], tuple[tuple[Game, ...], list[tuple[OptionField, Field]]]]
        groups = {}
        for of in self.option_fields:
            key = tuple(g.id for g in of.games)
            groups.setdefault(key, (of.games, []))[1].append((of, self[of.key]))
        return list(groups.values())

    def to_body(self) -> JSONObject:
        """The API body of ``scorekeeper.tables.checks.check_table`` for this form."""
        game = GAMES[self.game.data]
        names: list[JSONValue] = [
            line.strip() for line in (self.players.data or "").splitlines() if line.strip()
        ]

        def value(o: Option) -> JSONValue:
            data = self[o.key].data
            if o.kind == "bool":
                return bool(data)
            return o.default if data is None or data == "" else data

        return {
            "name": (self.name.data or "").strip() or tr(N_("%(game)s table", game=game.title)),
            "game": game.id,
            "players": names,
            "rules": {o.key: value(o) for o in game.rule_options},
            "settings": {o.key: value(o) for o in game.setting_options},
            "point_value": (self.point_value.data or "").strip() or None,
            "first_dealer": (
                0
                if self.first_dealer.data is None or not game.has_dealer
                else self.first_dealer.data - 1
            ),
        }


_FORM_CLASSES: dict[tuple[Game, ...], type[NewTableForm]] = {}


def new_table_form() -> NewTableForm:
    """The form that starts a table, with a field for every option of the games registered
    now (WTForms declares fields on a class: one class per set of games)."""
    games = tuple(GAMES.values())
    form_class = _FORM_CLASSES.get(games)
    if form_class is None:
        fields = option_fields()
        namespace: dict[str, object] = {of.key: _field(of) for of in fields}
        form_class = type(
            "NewTableForm", (NewTableForm,), {**namespace, "option_fields": tuple(fields)}
        )
        _FORM_CLASSES[games] = form_class
    return form_class()


def _choices(field: SelectField) -> list[SelectChoice]:
    return [c if isinstance(c, SelectChoice) else SelectChoice(*c) for c in field.choices or []]


class RoundForm(FlaskForm):
    """CSRF, the double-tap guard and the stale-view guards of a round's form."""

    submission_id = HiddenField()
    expected_number = HiddenField()
    based_on = HiddenField()
    """A correction's form: the round (id and version, ``12.3``) it was opened on."""
    played_at = HiddenField()
    """A new round kept on a phone without a signal: when it was played (UTC, set by the
    phone's queue, static/js/queue-store.js); empty: now."""
    seen = HiddenField()
    """A new round's form: the table's version when it was drawn. A rematch made since (the
    game went on at a new table) refuses it once (``changes.rematch_since``)."""


class ImportForm(FlaskForm):
    """Upload a JSON export."""


class ActionForm(FlaskForm):
    """A bare button that writes (end a game, delete a round): CSRF only."""


class TableForm(FlaskForm):
    """Change a table's name and its money per point."""

    name = StringField(N_("Table name"), validators=[Optional()])  # its check says too long
    point_value = StringField(
        N_("Money per point (empty for none, e.g. 10 or 1/2)"),
        validators=[Optional(), Length(max=40)],
    )


class AddPlayerForm(FlaskForm):
    """A player joining the table between games (or coming back)."""

    add_name = StringField(N_("Name"), validators=[Optional()])  # its check says too long


class DeviceForm(FlaskForm):
    """The name a phone gives itself, shown in the history beside what it did."""

    # No Length: a long name is refused with a message, never cut by the browser (maxlength).
    device = StringField(N_("This phone's name (e.g. Aki's phone)"), validators=[Optional()])
