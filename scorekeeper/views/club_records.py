"""A club's records as its page shows them (issue 41): per game, the biggest round won, the
most points at one table in a day, the longest run of club days finished first and the rarest
yaku made, each with who, when and a link to where. The figures are
``clubs.reading.records``; this only lays them out."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import TypedDict

from flask import url_for

from scorekeeper.clubs import reading as club_reading
from scorekeeper.games import GAMES, Game
from scorekeeper.i18n import display_amount
from scorekeeper.i18n import translate as tr
from scorekeeper.messages import N_
from scorekeeper.tables.reading import Club


class RecordHolder(TypedDict):
    """One holder of a record: who, when and a link to where."""

    name: str
    day: date
    url: str | None
    where: str


class RecordRow(TypedDict):
    """A record as the club's page shows it: what, the figure, and each holder (issue 41:
    a shared record lists every holder, each with their own when and where)."""

    label: str
    value: str
    holders: list[RecordHolder]
    count: int
    """How many hold it; the page lists the first ``HOLDERS_SHOWN`` of them."""


class RecordBlock(TypedDict):
    game: Game
    rows: list[RecordRow]


RECORD_LABELS = {
    "round": N_("Biggest round won"),
    "day": N_("Most points at one table in a day"),
    "run": N_("Longest run of club days finished first"),
    "yaku": N_("Rarest yaku made"),
}


def _record_row(r: club_reading.Record, game: Game, *, view: bool) -> RecordRow:
    t = r.table
    if view:
        base = url_for("clubs.table_view", view_token=t.view_token) if t.view_token else None
    else:
        base = url_for("tables.show", token=t.token)
    url = base
    where = t.name
    if r.round_no is not None and not view:
        url = url_for("tables.show", token=t.token) + f"/rounds/{r.round_no}"
        where = str(tr(N_("%(table)s, round %(num)s", table=t.name, num=r.round_no)))
    if r.kind == "run":
        value = str(tr(N_("%(num)s in a row", num=int(r.value))))
    elif r.kind == "yaku":
        name = game.yaku_name(r.yaku or "")
        value = str(tr(N_("%(yaku)s, made %(num)s times", yaku=name, num=int(r.value))))
    else:
        value = display_amount(Fraction(r.value), True)
    return {
        "label": str(tr(RECORD_LABELS[r.kind])),
        "value": value,
        "holders": [{"name": n, "day": r.day, "url": url, "where": where} for n in r.names],
        "count": len(r.names),
    }


HOLDERS_SHOWN = 6
"""A shared record lists this many holders, then says how many more: at a big club the same
figure can be held hundreds of times (a pile dealt again and again), and a line a holder made
the club's page 180 KB and slow to draw."""


def _grouped(rows: list[RecordRow]) -> list[RecordRow]:
    """Records of one kind and figure (a shared record) as one line with its holders, the
    first ``HOLDERS_SHOWN`` listed."""
    out: list[RecordRow] = []
    for row in rows:
        if out and (out[-1]["label"], out[-1]["value"]) == (row["label"], row["value"]):
            out[-1]["count"] += row["count"]
            room = HOLDERS_SHOWN - len(out[-1]["holders"])
            out[-1]["holders"].extend(row["holders"][: max(room, 0)])
        else:
            row["holders"] = row["holders"][:HOLDERS_SHOWN]
            out.append(row)
    return out


def record_blocks(
    club: Club, season: club_reading.Season | None, *, view: bool
) -> list[RecordBlock]:
    """Each game's records (in ``season``, else of all time)."""
    asked = {"season": season.name} if season is not None else {}
    blocks: list[RecordBlock] = []
    for g in club_reading.games_played(club, asked):
        found = club_reading.records(club, g, season)
        if found:
            blocks.append({"game": GAMES[g], "rows": _shown(found, GAMES[g], view=view)})
    return blocks


def _shown(found: list[club_reading.Record], game: Game, *, view: bool) -> list[RecordRow]:
    """Each record once, its holders' lines made for the first ``HOLDERS_SHOWN`` only: a
    record the bench's club shares 500 times made 500 lines, most of a page's first view
    after a write, to show six."""
    groups: dict[tuple[str, object, str | None], list[club_reading.Record]] = {}
    for r in found:
        groups.setdefault((r.kind, r.value, r.yaku), []).append(r)
    out: list[RecordRow] = []
    for group in groups.values():
        made: list[RecordRow] = []
        for r in group:
            if sum(len(m["holders"]) for m in made) >= HOLDERS_SHOWN:
                break
            made.append(_record_row(r, game, view=view))
        row = _grouped(made)[0]  # one kind, figure and yaku: one line
        row["count"] = sum(len(r.names) for r in group)
        out.append(row)
    return out
