"""Pages kept whole once rendered: a club's, a member's and a table's.

Every phone at a table (or following a club) reloads the same page until the next write, and
the page's template is most of a view's work. A page is kept under its own key, which holds a
version that every write moves (so a kept page is never stale), and under what every page
reads of the request: its address, language and the phone's name. Each visitor's CSRF token
is put back into a kept page, and each id drawn for a form (a start form's) drawn again.
Only a GET's page is kept; never one with a notice to flash (said once), nor an answer that
is not a page (a redirect, a 404).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

from flask import g, request, session
from flask.typing import ResponseReturnValue

from scorekeeper.caches import BoundedCache
from scorekeeper.forms import FRESH_IDS, generate_csrf
from scorekeeper.i18n import locale_code
from scorekeeper.views.device import phone_name

_PAGES: BoundedCache[tuple[object, ...], str] = BoundedCache(256)
_STORING = threading.Lock()
_CSRF_MARK = f"<csrf {secrets.token_hex(16)}>"
"""Where a kept page had its CSRF token. No text a player typed can hold it: a page writes
their ``<`` as ``&lt;``."""
_FRESH_MARK = f"<fresh {secrets.token_hex(16)}>"
"""Where a kept page had an id drawn for its form (``forms.fresh_id``)."""


def kept_page(
    key: tuple[object, ...], render: Callable[[], ResponseReturnValue]
) -> ResponseReturnValue:
    """The page ``render`` makes, kept under ``key`` and this request's address, language and
    phone name; this request's CSRF token in its forms."""
    if request.method != "GET" or session.get("_flashes"):
        return render()  # a HEAD's page may differ (``i18n.language_links``)
    key = (*key, request.url_root, request.full_path, locale_code(), phone_name())
    token = generate_csrf()
    kept = _PAGES.get(key)
    if kept is None:
        answer = render()
        html = _page_of(answer)
        if html is None:
            return answer
        kept = html.replace(token, _CSRF_MARK)
        for drawn in g.get(FRESH_IDS, ()):
            kept = kept.replace(drawn, _FRESH_MARK)
        with _STORING:
            _PAGES[key] = kept
    page = kept.replace(_CSRF_MARK, token)
    while _FRESH_MARK in page:  # each form's own id, drawn again for this copy
        page = page.replace(_FRESH_MARK, secrets.token_urlsafe(16), 1)
    return page


def _page_of(answer: ResponseReturnValue) -> str | None:
    """The HTML of an answer that is a page (a string, or a string with status 200)."""
    if isinstance(answer, str):
        return answer
    if isinstance(answer, tuple) and len(answer) == 2 and answer[1] == 200:
        html = answer[0]
        return html if isinstance(html, str) else None
    return None
