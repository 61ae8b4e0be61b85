"""The networks the builder trains (recogniser/build.py, recogniser/embedder.py), as PyTorch
modules. Imported only by the build, which has PyTorch (the build-recogniser extra); the app
reads their ONNX exports with onnxruntime."""

from __future__ import annotations

from typing import Protocol

import torch
from torch import nn

from recogniser.scenes import GEOMETRY


class Backbone(Protocol):
    """What the embedder uses of EfficientNet-Lite0 (its package ships no type hints)."""

    def extract_features(self, inputs: torch.Tensor) -> torch.Tensor: ...


def _conv(a: int, b: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(a, b, 3, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU(inplace=True)
    )


def _dilated(a: int, d: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(a, a, 3, padding=d, dilation=d, bias=False),
        nn.BatchNorm2d(a),
        nn.ReLU(inplace=True),
    )


class Segmenter(nn.Module):
    """A small U-Net answering at half resolution: a card kernel's logit per pixel, and
    on a kernel its card's geometry (recogniser.scenes.GEOMETRY). Narrow, and its skips
    added rather than joined, so it trains in minutes on two cores."""

    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 12, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(12),
            nn.ReLU(inplace=True),
        )
        self.e1, self.e2, self.e3, self.e4 = (
            _conv(12, 12),
            _conv(12, 24),
            _conv(24, 32),
            _conv(32, 48),
        )
        # at the bottom, convolutions that look wide (a card's far sides show its way)
        self.wide = nn.ModuleList([_dilated(48, 2), _dilated(48, 4)])
        self.pool = nn.MaxPool2d(2)
        self.d3, self.d2, self.d1 = _conv(48, 32), _conv(32, 24), _conv(24, 12)
        self.head = nn.Sequential(_conv(12, 16), nn.Conv2d(16, len(GEOMETRY), 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        up = nn.functional.interpolate
        e1 = self.e1(self.stem(x))
        e2 = self.e2(self.pool(e1))
        e3 = self.e3(self.pool(e2))
        e4 = self.e4(self.pool(e3))
        for layer in self.wide:
            e4 = e4 + layer(e4)
        d3 = self.d3(up(e4, scale_factor=2.0)) + e3
        d2 = self.d2(up(d3, scale_factor=2.0)) + e2
        d1 = self.d1(up(d2, scale_factor=2.0)) + e1
        logits: torch.Tensor = self.head(d1)
        return logits


class Classifier(nn.Module):
    """A small network on a crop's features (scorekeeper.recognise.features)."""

    def __init__(self, inputs: int, classes: int) -> None:
        super().__init__()
        self.net = nn.Sequential(
            nn.Dropout(0.1),
            nn.Linear(inputs, 384),
            nn.ReLU(inplace=True),
            nn.Dropout(0.3),
            nn.Linear(384, classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits: torch.Tensor = self.net(x)
        return logits


class Head(nn.Module):
    """The embedder's head: pooled backbone features to a unit vector, and the references
    (class weights)."""

    mean: torch.Tensor
    spread: torch.Tensor

    def __init__(self, mean: torch.Tensor, spread: torch.Tensor, classes: int, width: int) -> None:
        super().__init__()
        self.register_buffer("mean", mean)
        self.register_buffer("spread", spread)
        self.net = nn.Sequential(
            nn.Dropout(0.2),
            nn.Linear(mean.shape[0], 512),
            nn.BatchNorm1d(512),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(512, width),
        )
        self.references = nn.Parameter(torch.randn(classes, width) * 0.1)

    def embed(self, pooled: torch.Tensor) -> torch.Tensor:
        return nn.functional.normalize(self.net((pooled - self.mean) / self.spread), dim=1)

    def forward(self, pooled: torch.Tensor) -> torch.Tensor:
        refs = nn.functional.normalize(self.references, dim=1)
        return self.embed(pooled) @ refs.T


class Embedder(nn.Module):
    """What is exported: BGR crops in, unit vectors and cosines to the references out."""

    rgb_mean: torch.Tensor
    rgb_spread: torch.Tensor

    def __init__(self, backbone: Backbone, head: Head) -> None:
        super().__init__()
        self.backbone, self.head = backbone, head
        rgb_mean = torch.tensor([0.485, 0.456, 0.406])[:, None, None] * 255
        rgb_spread = torch.tensor([0.229, 0.224, 0.225])[:, None, None] * 255
        self.register_buffer("rgb_mean", rgb_mean)
        self.register_buffer("rgb_spread", rgb_spread)

    def forward(self, bgr: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x = (bgr.flip(1) - self.rgb_mean) / self.rgb_spread
        pooled = self.backbone.extract_features(x).mean((2, 3))
        vector = self.head.embed(pooled)
        refs = nn.functional.normalize(self.head.references, dim=1)
        return vector, vector @ refs.T
