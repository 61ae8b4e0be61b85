"""Page weight of a first visit: what a phone fetches for one page with nothing cached.

Used by tests/web/test_installable.py (the budget as a test, through the test client) and
by bench/run.py (the figures, from gunicorn). Counted: the page, its stylesheets, scripts,
icon and web app manifest, the pictures it shows (``<img>``, ``<use>``/``<image>`` of an SVG
file), the files its stylesheets point at (``url(...)``), the modules a script imports
(``import ... from "..."``, ``import("...")``, ``export ... from``) and those a
``<link rel=modulepreload>`` names, each once. Not counted, as a
browser fetches them only when the app is added to a home screen: the apple-touch-icon and
the manifest's icons (``install_files`` lists them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

BUDGET_BYTES = 60 * 1024
BUDGET_REQUESTS = 6

Fetch = Callable[[str, bool], bytes]
"""``fetch(path, gzip)``: the body as sent, gzip-encoded when the server chose to."""


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.loaded: list[str] = []
        self.manifest: str | None = None
        self.install: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "link":
            rel = a.get("rel", "").lower().split()
            if "apple-touch-icon" in rel:
                self.install.append(a["href"])
            elif {"stylesheet", "icon", "manifest", "modulepreload", "preload"} & set(rel):
                self.loaded.append(a["href"])
                if "manifest" in rel:
                    self.manifest = a["href"]
        elif tag in ("script", "img") and a.get("src"):
            self.loaded.append(a["src"])
        elif tag in ("use", "image"):
            href = a.get("href") or a.get("xlink:href") or ""
            if href and not href.startswith("#"):
                self.loaded.append(href)


@dataclass
class Weight:
    path: str
    files: list[str] = field(default_factory=list)
    sent: int = 0
    raw: int = 0
    install_files: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return len(self.files)


def _local(base: str, ref: str) -> str | None:
    url = urljoin(base, ref)
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None  # nothing external is allowed (CSP), nor counted here
    return parts.path


IMPORTS = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']"""
    r"""|\bimport\s*\(\s*["']([^"']+)["']"""
)


def module_imports(script: str) -> list[str]:
    """The modules a script fetches: its static imports and re-exports, and the dynamic
    imports named by a plain string (a browser fetches each, one request a module)."""
    return [a or b for a, b in IMPORTS.findall(script)]


def first_visit(fetch: Fetch, path: str) -> Weight:
    """Every file a first visit to ``path`` fetches, with the bytes sent and unpacked."""
    import gzip

    weight = Weight(path)
    seen: set[str] = set()

    def take(p: str) -> bytes:
        sent = fetch(p, True)
        raw = gzip.decompress(sent) if sent[:2] == b"\x1f\x8b" else sent
        weight.files.append(p)
        weight.sent += len(sent)
        weight.raw += len(raw)
        return raw

    html = take(path).decode()
    parser = _Assets()
    parser.feed(html)
    queue = [p for p in (_local(path, r) for r in parser.loaded) if p]
    while queue:
        p = queue.pop(0)
        if p in seen:
            continue
        seen.add(p)
        body = take(p)
        if p.endswith(".css"):
            refs = re.findall(r"url\(\s*['\"]?([^'\")]+)", body.decode())
            queue += [q for q in (_local(p, r) for r in refs if not r.startswith("data:")) if q]
        elif p.endswith((".js", ".mjs")):
            queue += [q for q in (_local(p, r) for r in module_imports(body.decode())) if q]
    if parser.manifest:
        manifest_path = _local(path, parser.manifest)
        if manifest_path:
            icons = json.loads(fetch(manifest_path, False)).get("icons", [])
            weight.install_files += [_local(manifest_path, i["src"]) or "" for i in icons]
    weight.install_files += [_local(path, r) or "" for r in parser.install]
    weight.install_files = list(dict.fromkeys(weight.install_files))
    return weight
