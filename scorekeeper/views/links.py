"""A table's link and its export file names: from configuration, never from the request.

The link (on the table page, in its QR code and in the API's ``url``) starts with the
configured ``PUBLIC_URL`` when there is one; otherwise it is built from the request's host,
which Flask has checked against ``TRUSTED_HOSTS`` (a forged ``Host`` is a 400 before any view
runs). An export is named after the table and the day it was started, not its internal id.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from datetime import date
from typing import Any
from urllib.parse import quote

import segno
from flask import current_app, url_for

from scorekeeper.tables.reading import Table


def table_link(table: Table) -> str:
    """The table's page as other phones should open it."""
    return token_link(table.token)


def token_link(token: str) -> str:
    """The page of the table with this token, as other phones should open it."""
    return public_url("tables.show", token=token)


def table_view_link(table: Table) -> str | None:
    """A table's read-only link, as other phones should open it (None for a table without)."""
    if not table.view_token:
        return None
    return public_url("clubs.table_view", view_token=table.view_token)


def public_url(endpoint: str, **values: Any) -> str:
    """A page's address as other phones should open it (``PUBLIC_URL`` when configured)."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def file_stem(name: str, day: date) -> str:
    """``Friday at Aki's`` started on 22 November 2026: ``Friday-at-Akis-2026-11-22``."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^A-Za-z0-9]+", "-", re.sub(r"['’]", "", ascii_name)).strip("-")
    return f"{words[:60].rstrip('-') or 'table'}-{day.isoformat()}"


def attachment(table: Table, extension: str) -> dict[str, str]:
    """The header that offers an export for download under the table's name and date."""
    stem = file_stem(table.name, table.created_at.date())
    unicode_stem = re.sub(r"[\s/\\\"';:*?<>|\x00-\x1f\x7f]+", "-", table.name).strip("-.")
    value = f'attachment; filename="{stem}.{extension}"'
    if unicode_stem and not unicode_stem.isascii():
        full = f"{unicode_stem[:60]}-{table.created_at.date().isoformat()}.{extension}"
        value += f"; filename*=UTF-8''{quote(full, safe='')}"
    return {"Content-Disposition": value}


@functools.lru_cache(maxsize=256)
def qr_svg(link: str, title: str) -> str:
    """A link as a QR code, drawn as inline SVG titled ``title`` (the same link always draws
    the same).

    Drawn without a fixed size (a viewBox of its modules, the 4-module quiet zone included):
    the stylesheet makes it as large as the phone allows, to be scanned across a table.
    """
    code = segno.make(link, error="m")
    return str(
        code.svg_inline(omitsize=True, dark="#111", light="#fff", svgclass="qr-code", title=title)
    )
