"""A club's seasons (API.md "Seasons and ratings"): named periods of the club's days, both ends
included, that never overlap. Pure: the list a PATCH gives is read and checked here, and a
season is found by its name; the club keeps the list (``Club.seasons``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.rules.common import Reader, clean_name, name_key, shown

MAX_SEASONS = 100
MAX_SEASON_NAME = 60
KEYS = ("name", "from", "to")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
"""A day as the API writes it (2026-11-24): ``date.fromisoformat`` alone takes 20261124 too."""
EXAMPLE = '[{"name": "Winter 2026", "from": "2026-12-01", "to": "2027-02-28"}]'


@dataclass(frozen=True)
class Season:
    """One season: its name and its first and last club day."""

    name: str
    start: date
    end: date

    def to_json(self) -> JSONObject:
        return {"name": self.name, "from": self.start.isoformat(), "to": self.end.isoformat()}

    def holds(self, day: date) -> bool:
        return self.start <= day <= self.end


def of_club(stored: Sequence[JSONValue] | None) -> list[Season]:
    """The seasons a club keeps (as ``to_json`` wrote them), in their order."""
    out = []
    for item in stored or []:
        if isinstance(item, dict):
            try:
                start = date.fromisoformat(str(item["from"]))
                end = date.fromisoformat(str(item["to"]))
            except (KeyError, ValueError):
                continue
            out.append(Season(str(item.get("name", "")), start, end))
    return out


def named(seasons: Sequence[Season], name: str) -> Season | None:
    """The season of this name, case aside, read as a season's name is stored (``clean_name``:
    spaces collapsed, invisible characters dropped)."""
    key = name_key(clean_name(name))
    return next((s for s in seasons if name_key(s.name) == key), None)


def current(seasons: Sequence[Season], today: date) -> Season | None:
    """The season that holds ``today``, if one does."""
    return next((s for s in seasons if s.holds(today)), None)


def past(seasons: Sequence[Season], today: date) -> list[Season]:
    """The seasons over before ``today``, the latest first."""
    return sorted((s for s in seasons if s.end < today), key=lambda s: s.start, reverse=True)


def _day(r: Reader, raw: object, path: str) -> date | None:
    if isinstance(raw, str) and DAY.fullmatch(raw):
        try:
            return date.fromisoformat(raw)
        except ValueError:
            pass
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        r.add(path, N_("A season needs its first and last day (write them as 2026-11-24)"))
        return None
    r.add(path, N_("%(value)s is not a date (write it as 2026-11-24)", value=shown(raw)))
    return None


def _name(r: Reader, raw: object, path: str) -> str | None:
    if not isinstance(raw, str):
        r.add(path, N_("Give the season a name, e.g. %(example)s", example="Winter 2026"))
        return None
    name = clean_name(raw)
    if not name:
        r.add(path, N_("A name cannot be empty"))
        return None
    if len(name) > MAX_SEASON_NAME:
        r.add(
            path,
            N_(
                "A season's name is at most %(maximum)s characters; this one has %(n)s",
                maximum=MAX_SEASON_NAME,
                n=len(name),
            ),
        )
        return None
    return name


def _one(r: Reader, raw: object, path: str) -> Season | None:
    if not isinstance(raw, dict):
        r.add(path, N_("Give a season as an object, e.g. %(example)s", example=EXAMPLE[1:-1]))
        return None
    for key in sorted(set(raw) - set(KEYS)):
        r.add(f"{path}.{str(key)[:40]}", N_("%(key)s is not a season's field", key=shown(key)))
    said = len(r.violations)
    name = _name(r, raw.get("name"), f"{path}.name")
    start = _day(r, raw.get("from"), f"{path}.from")
    end = _day(r, raw.get("to"), f"{path}.to")
    if start is not None and end is not None and end < start:
        r.add(f"{path}.to", N_("The season ends before it starts"))
    if len(r.violations) > said or name is None or start is None or end is None:
        return None
    return Season(name, start, end)


def read(r: Reader, raw: object, path: str = "seasons") -> list[Season] | None:
    """The club's whole list of seasons as a PATCH gives it; each mistake said at its field
    (``seasons.1.to``), None when there is any."""
    if not isinstance(raw, list):
        r.add(path, N_("List the seasons, e.g. %(example)s", example=EXAMPLE))
        return None
    if len(raw) > MAX_SEASONS:
        r.add(path, N_("A club has at most %(n)s seasons", n=MAX_SEASONS))
        return None
    said = len(r.violations)
    found = [(i, _one(r, item, f"{path}.{i}")) for i, item in enumerate(raw)]
    given = [(i, s) for i, s in found if s is not None]
    names: dict[str, int] = {}
    for i, s in given:
        if name_key(s.name) in names:
            r.add(f"{path}.{i}.name", N_("%(name)s is named twice", name=s.name))
        names.setdefault(name_key(s.name), i)
    for a, (i, s) in enumerate(given):
        for _, other in given[:a]:
            if s.start <= other.end and other.start <= s.end:
                r.add(
                    f"{path}.{i}.from",
                    N_(
                        "%(name)s overlaps %(other)s (%(start)s to %(end)s)",
                        name=s.name,
                        other=other.name,
                        start=other.start.isoformat(),
                        end=other.end.isoformat(),
                    ),
                )
                break
    if len(r.violations) > said:
        return None
    return [s for _, s in given]
