"""What the table's page (and the club's read-only table page, a round's page) shows of a
table: its standings, its latest rounds, its running-totals chart and the link's QR code."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction
from typing import NotRequired, TypeAlias, TypedDict

from flask import render_template, request
from markupsafe import Markup

from scorekeeper.caches import BoundedCache
from scorekeeper.charts import Chart, Style, XLabel, running_chart, seat_style, x_labels
from scorekeeper.games import Game
from scorekeeper.i18n import display_amount, locale_code, note_text
from scorekeeper.i18n import translate as tr
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_
from scorekeeper.round_data import json_of
from scorekeeper.state import State
from scorekeeper.tables import reading
from scorekeeper.tables.reading import Table, objects_in

HISTORY_SHOWN = 20
"""The table's page lists this many of its latest rounds (the history page, every one)."""


class Standing(TypedDict):
    """A player's line of the standings on the table's page."""

    seat: int
    name: str
    total: Fraction
    money: Fraction | None
    """Their total at the table's point value, when it has one."""
    seated: bool
    away: bool
    style: Style
    rank: NotRequired[int]
    """Given by ``ranked``; equal totals share one."""
    leader: NotRequired[bool]


def table_standings(table: Table, state: State) -> list[Standing]:
    """The table's players by total, ranked, with their money at its point value."""
    value = reading.point_value(table)
    return ranked(
        [
            {
                "seat": i,
                "name": n,
                "total": t,
                "money": t * value if value is not None else None,
                "seated": i in state.seated,
                "away": i in state.away,
                "style": seat_style(i),
            }
            for i, (n, t) in enumerate(
                zip(reading.players_now(table, state), state.totals, strict=True)
            )
        ],
        table.rounds_played > 0,
    )


def ranked(rows: list[Standing], started: bool) -> list[Standing]:
    """The standings, highest total first (seat order among equals), each with its rank
    (equal totals share one: 1, 2, 2, 4) and whether it leads: once a round is played, the
    top total leads unless every player has it."""
    rows = sorted(rows, key=lambda r: (-r["total"], r["seat"]))
    top = rows[0]["total"] if rows else 0
    level = all(r["total"] == top for r in rows)
    for place, row in enumerate(rows):
        row["rank"] = (
            rows[place - 1]["rank"]
            if place and row["total"] == rows[place - 1]["total"]
            else place + 1
        )
        row["leader"] = started and not level and row["total"] == top
    return rows


_HistoryKey: TypeAlias = tuple[str, int, tuple[str, ...], str, str]
"""A table's token, journal version and players, the page's language and script root."""
_HISTORIES: BoundedCache[_HistoryKey, tuple[Markup, int | None]] = BoundedCache(512)


def history_fragment(table: Table) -> tuple[Markup, int | None]:
    """The table page's latest rounds as HTML, and the game of the newest: rendered again only
    when the table has changed (any write moves its journal version), per language.

    The table page is what every phone at the table keeps open and reloads; its list of
    rounds is the most of its rendering, and the same for everybody until the next write.
    """
    key = (table.token, table.version, tuple(table.players), locale_code(), request.script_root)
    cached = _HISTORIES.get(key)
    if cached is None:
        history = reading.history(table, HISTORY_SHOWN)
        versions = reading.versions_by_round(table, [r.id for r in history if r.version > 1])
        html = Markup(
            render_template(
                "sessions/_history.html",
                table=table,
                history=history,
                versions=versions,
                payments=reading.settle_payments(history),
            )
            if history
            else ""
        )
        cached = _HISTORIES[key] = html, history[0].game_no if history else None
    return cached


_ChartVersion: TypeAlias = tuple[str, datetime, int, int, tuple[str, ...]]
"""A table's token, when it changed, its rounds and rounds played, and its players."""
_CHARTS: BoundedCache[int, tuple[_ChartVersion, Chart | None, list[reading.ChartStep]]] = (
    BoundedCache(512)
)


def _chart_version(table: Table) -> _ChartVersion:
    return (
        table.token,
        table.updated_at,
        table.round_count,
        table.rounds_played,
        tuple(table.players),
    )


def chart_and_steps(table: Table) -> tuple[Chart | None, list[reading.ChartStep]]:
    version = _chart_version(table)
    cached = _CHARTS.get(table.id)
    if cached is None or cached[0] != version:
        names = reading.players_now(table)
        steps = [
            reading.ChartStep(s.kind, s.number, reading.padded_amounts(s.totals, len(names)))
            for s in reading.chart_steps(table)
        ]
        chart = running_chart(names, [s.totals for s in steps], table.rounds_played)
        cached = (version, chart, steps)
        _CHARTS[table.id] = cached
    return cached[1], cached[2]


_ChartKey: TypeAlias = tuple[_ChartVersion, str, str]
"""A table's chart version (``chart_and_steps``), the page's language and script root."""
_CHART_HTML: BoundedCache[_ChartKey, Markup] = BoundedCache(512)


def chart_fragment(game: Game, table: Table) -> tuple[Chart | None, Markup]:
    """The running-totals chart and its section of the table page as HTML: rendered again
    only when the table has changed, per language. A point's title names every player's
    total after it, in the page's language: a hundred such sentences cost more than the rest
    of the page, and are the same for everybody until the next write."""
    chart, steps = chart_and_steps(table)
    if chart is None:
        return None, Markup("")
    key = (_chart_version(table), locale_code(), request.script_root)
    html = _CHART_HTML.get(key)
    if html is None:
        html = _CHART_HTML[key] = Markup(
            render_template(
                "sessions/_chart.html",
                game=game,
                chart=chart,
                chart_titles=chart_titles(game, [line.name for line in chart.lines], steps),
                settled_at=[chart.xs[k] for k, s in enumerate(steps) if s.kind == "settle"],
                chart_x_labels=chart_x_labels(game, chart, steps),
            )
        )
    return chart, html


def chart_x_labels(game: Game, chart: Chart, steps: Sequence[reading.ChartStep]) -> list[XLabel]:
    """The x axis: "0" under the start and the last round's name under that round's point. A
    game end or settle-up after it is a point of its own with no label (a settle-up has its
    dotted upright line), so the round's name never sits under it."""
    last = max((k for k, s in enumerate(steps) if s.kind == "round" and s.number), default=0)
    marks = [(0, "0")]
    if last:
        number = steps[last].number
        assert number is not None  # the max above takes only numbered rounds
        marks.append((last, str(tr(game.numbered(number)))))
    return x_labels(chart, marks)


def chart_titles(game: Game, names: Sequence[str], steps: Sequence[reading.ChartStep]) -> list[str]:
    """What each point of the chart says (its SVG ``<title>``), in the page's language: the
    step, then every player's exact total ("After round 3: Aki +85, Ben -85")."""
    out = []
    for step in steps:
        totals = totals_text(names, step.totals)
        if step.kind == "round" and step.number is not None:
            words = N_(
                "After %(what)s: %(totals)s", what=tr(game.numbered(step.number)), totals=totals
            )
        elif step.kind == "end":
            words = N_("End of game %(n)s: %(totals)s", n=step.number or 1, totals=totals)
        elif step.kind == "settle":
            words = N_("Settled up: %(totals)s", totals=totals)
        elif step.kind == "change":
            words = N_("After a change of the table: %(totals)s", totals=totals)
        else:
            words = N_("At the start: %(totals)s", totals=totals)
        out.append(tr(words))
    return out


def totals_text(names: Sequence[str], totals: Sequence[Fraction]) -> str:
    """Each name with its exact signed total, in the page's language ("Aki +85, Ben -85"); a
    chart point's title says this after the step it names. A nameless line (``""``) shows
    its total alone."""
    comma = tr(N_(", "))
    return str(
        comma.join(
            f"{name} {display_amount(total, True)}".strip()
            for name, total in zip(names, totals, strict=False)
        )
    )


class GameSummary(TypedDict):
    """One game's result, for the table's page after the game ends."""

    game_no: int
    rounds: int
    results: list[tuple[str, Fraction]]
    pot_note: str | None


def game_summary(table: Table, game_no: int) -> GameSummary:
    """Each player's result over one game, from its rounds."""
    rounds = reading.history(table, game_no=game_no)
    names = reading.players_now(table)
    sums = [Fraction(0)] * len(names)
    for r in rounds:
        deltas = reading.padded(r.deltas, len(names))
        sums = [s + reading.amount(d) for s, d in zip(sums, deltas, strict=True)]
    pot_note = None
    ends = [r for r in rounds if r.kind == EntryKind.END]
    if ends:
        end = reading.get_entry(table, ends[0].number)
        notes = objects_in(json_of(reading.result_of(table, end)).get("notes"))
        pot_note = note_text(notes[0]) if notes else None
    return {
        "game_no": game_no,
        "rounds": sum(1 for r in rounds if r.kind == EntryKind.ROUND),
        "results": list(zip(names, sums, strict=True)),
        "pot_note": pot_note,
    }
