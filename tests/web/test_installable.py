"""Dark and installable (issue 11 item 6): both themes' colours keep their contrast, the web
app manifest and its icons are served as a phone wants them, and a first visit stays within
the page-weight budget (60 KB sent, 6 requests, manifest and pictures counted)."""

from __future__ import annotations

import gzip
import json
import re
import struct

import pytest

from scorekeeper import RESOURCES
from tests.helpers import EXAMPLE_A
from tests.weight import BUDGET_BYTES, BUDGET_REQUESTS, first_visit

CSS = (RESOURCES / "static" / "css" / "app.css").read_text()


def theme(dark: bool) -> dict[str, str]:
    """The custom properties of one theme: the light ones, overridden by the dark block."""
    light_block = CSS.split(":root {", 1)[1].split("}", 1)[0]
    props = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", light_block))
    if dark:
        block = CSS.split("@media (prefers-color-scheme: dark)", 1)[1].split("}", 1)[0]
        props.update(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", block))
    return props


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# (text, background) pairs the pages draw.
TEXT_PAIRS = [
    ("text", "page"),
    ("muted", "page"),
    ("link", "page"),
    ("pos", "page"),
    ("neg", "page"),
    ("accent-text", "page"),
    ("on-accent", "accent"),
    ("text", "field"),
    ("text", "ok-bg"),
    ("neg", "err-bg"),
    ("text", "summary-bg"),
    ("badge-text", "badge-bg"),
    ("text", "lead-bg"),
    ("pos", "lead-bg"),
    ("neg", "lead-bg"),
    ("muted", "lead-bg"),
    ("blue", "page"),
    ("red", "page"),
    ("text", "chip-bg"),
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_text_contrast_is_at_least_4_5_in_both_themes(dark):
    colours = theme(dark)
    low = {
        f"{fg} on {bg}": round(contrast(colours[fg], colours[bg]), 2)
        for fg, bg in TEXT_PAIRS
        if contrast(colours[fg], colours[bg]) < 4.5
    }
    assert not low


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_chart_lines_stand_out_from_the_page_in_both_themes(dark):
    """WCAG 1.4.11: a graphic's parts need 3:1; the names beside the lines are --text."""
    colours = theme(dark)
    assert {f"c{i}" for i in range(8)} <= set(colours)
    low = {
        f"c{i}": round(contrast(colours[f"c{i}"], colours["page"]), 2)
        for i in range(8)
        if contrast(colours[f"c{i}"], colours["page"]) < 3
    }
    assert not low


def test_the_page_offers_both_themes(client):
    html = client.get("/").get_data(as_text=True)
    assert '<meta name="color-scheme" content="light dark">' in html
    assert "color-scheme: light dark;" in CSS
    assert theme(True)["page"] != theme(False)["page"]


def get(client, path, **headers):
    """The answer to a GET, read and closed (a static file is streamed from an open file)."""
    with client.get(path, headers=headers) as resp:
        resp.get_data()
        return resp


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_served_as_a_manifest_and_names_its_icons(client):
    html = client.get("/").get_data(as_text=True)
    href = re.search(r'<link rel="manifest" href="([^"]+)">', html).group(1)
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}">', html)
    resp = get(client, href)
    assert resp.status_code == 200 and resp.mimetype == "application/manifest+json"
    manifest = json.loads(resp.get_data())
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "standalone"
    # start_url and scope are relative to the manifest: they resolve to the app's root.
    assert (
        manifest["start_url"] == manifest["scope"] == "../"
        and href.split("?")[0] == "/static/manifest.webmanifest"
    )
    sizes = {}
    for icon in manifest["icons"]:
        got = get(client, "/static/" + icon["src"])
        assert got.status_code == 200 and got.mimetype == icon["type"], icon
        if icon["type"] == "image/png":
            w, h = png_size(got.get_data())
            assert f"{w}x{h}" == icon["sizes"]
            sizes.setdefault(w, set()).add(icon["purpose"])
    assert sizes == {192: {"any"}, 512: {"any", "maskable"}}


def test_apple_touch_icon(client):
    html = client.get("/").get_data(as_text=True)
    href = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html).group(1)
    assert png_size(get(client, href).get_data())[0] >= 180


def test_text_static_files_are_sent_gzipped_and_revalidate(client):
    plain = get(client, "/static/css/app.css")
    assert "Content-Encoding" not in plain.headers
    packed = get(client, "/static/css/app.css", **{"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    etag = packed.headers["ETag"]
    assert etag.startswith('W/"')
    again = get(client, "/static/css/app.css", **{"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304
    # PNGs are compressed already: sent as they are.
    png = get(client, "/static/icons/icon-192.png", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in png.headers


def fetcher(client):
    def fetch(path: str, gz: bool) -> bytes:
        resp = get(client, path, **({"Accept-Encoding": "gzip"} if gz else {}))
        assert resp.status_code == 200, path
        return resp.get_data()

    return fetch


def first_visit_pages(client):
    from tests.web.test_sessions_api import add, create

    pages = ["/", "/check/", "/check/draw/toppa"]
    for game, players in [
        ("toppa", ["Aki", "Ben"]),
        ("baka", ["Aki", "Ben", "Chiyo"]),
        ("tokotoko", ["Aki", "Ben", "Chiyo"]),
        ("otoroku", ["Aki", "Ben", "Chiyo"]),
        ("tokan", ["Aki", "Ben", "Chiyo"]),
    ]:
        sid = create(client, game, players)["id"]
        pages += [f"/t/{sid}/rounds/new", f"/t/{sid}", f"/check/{game}"]
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    pages += [f"/t/{sid}", f"/t/{sid}/rounds/1", f"/t/{sid}/history"]
    return pages


def test_every_first_visit_stays_within_the_page_weight_budget(client):
    fetch = fetcher(client)
    over = {}
    for path in first_visit_pages(client):
        weight = first_visit(fetch, path)
        assert "/static/manifest.webmanifest" in weight.files  # the manifest is counted
        if weight.sent >= BUDGET_BYTES or weight.requests > BUDGET_REQUESTS:
            over[path] = (weight.requests, weight.sent, weight.files)
    assert not over


def test_the_weight_counts_what_a_browser_fetches(client):
    weight = first_visit(fetcher(client), "/")
    # The icon travels inside the page (a data: URI), so it costs no request.
    assert weight.files == [
        "/",
        "/static/css/app.css",
        "/static/manifest.webmanifest",
        "/static/dist/app.js",
    ]
    assert weight.sent < weight.raw
    assert "/static/icons/icon-512.png" in weight.install_files


def test_the_weight_counts_every_module_a_script_imports():
    """Issue 32: a page of ES modules fetches each module it imports (and each one those
    import), and each module preloaded: every one is a request of the budget."""
    files = {
        "/p": b'<script type="module" src="/static/js/a.js"></script>'
        b'<link rel="modulepreload" href="/static/js/d.js">',
        "/static/js/a.js": b'import { b } from "./b.js";\nimport "./c.js";\n'
        b'export { e } from "./e.js";\nconst f = () => import("./f.js");\n'
        b'// "import" in words is no import\n',
        "/static/js/b.js": b'import { x } from "./c.js";\nexport const b = x;\n',
        "/static/js/c.js": b"export const x = 1;\n",
        "/static/js/d.js": b"",
        "/static/js/e.js": b"export const e = 2;\n",
        "/static/js/f.js": b"",
    }
    weight = first_visit(lambda path, gz: files[path], "/p")
    assert sorted(weight.files) == sorted(files)
    assert weight.requests == 7
