"""Rasterise the 48 SVG faces with Chromium (through Playwright, as the browser tests do).

Chromium is BSD-licensed and only a build tool here: nothing of it ships. Two renders are made:
``train`` (the builder's) and ``heldout`` (another size and resampling, only for the bench and
the tests), each an array of 48 BGRA faces in manifest order, written to renders/*.npz.
"""

from __future__ import annotations

import base64
import csv
import shutil
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
ART = HERE / "cardart"
OUT = HERE / "renders"
#: (name, width in px): the card is 976 x 1600 in the art's own units.
SIZES = (("train", 150), ("heldout", 196))


def manifest() -> list[str]:
    """The art's file names in the manifest's order."""
    with (ART / "manifest.csv").open(newline="") as f:
        return [row["new_name"] for row in csv.DictReader(f)]


def render() -> None:
    from playwright.sync_api import sync_playwright

    names = manifest()
    OUT.mkdir(exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium,
            args=["--disable-gpu", "--no-first-run", "--disable-background-networking"],
        )
        for label, width in SIZES:
            height = round(width * 1600 / 976)
            page = browser.new_page(viewport={"width": width, "height": height})
            faces = []
            for name in names:
                data = base64.b64encode((ART / name).read_bytes()).decode()
                page.set_content(
                    '<html><body style="margin:0;background:transparent">'
                    f'<img src="data:image/svg+xml;base64,{data}" width="{width}" '
                    f'height="{height}" style="display:block"></body></html>'
                )
                page.wait_for_function("document.images[0].complete")
                png = page.screenshot(omit_background=True, type="png")
                img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
                if img is None:
                    raise RuntimeError(f"Chromium's screenshot of {name} did not decode")
                faces.append(img[:height, :width])
            page.close()
            np.savez_compressed(OUT / f"{label}.npz", faces=np.stack(faces))
        browser.close()


if __name__ == "__main__":
    render()
