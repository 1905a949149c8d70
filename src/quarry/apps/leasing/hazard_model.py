"""The fourth life-safety detector: a hazard read from the whole message's meaning by a model
learnt from labelled tickets.

The rules name what they were written for, and the prototypes cover what their authors thought
of. On each new blind round, written by someone who never saw either, about one hazard in ten was
still missed, and almost always in a class nobody had listed: a fixture "hanging by one screw
over the chairs", a parapet moving in Italian, sewage in Portuguese, a CO alarm that keeps going
after the battery was changed while everyone has a headache. A logistic regression over the
local e5 embedding of the message, trained on every labelled ticket of the read hazard rounds
(and judged on rounds it was not trained on), reads those classes without a word list.

It can only add a hazard, never lower one, and it runs after the rules, the respelling and the
prototypes have found nothing. Its threshold was chosen on leave-one-round-out probabilities so
that it catches nearly all of what the other detectors missed on fresh rounds while adding about
one false P0 in seventy ordinary tickets. The weights are data (`data/hazard_model.json`), made
by `scripts/train_hazard_model.py`; nothing here trains or downloads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np


@dataclass(frozen=True)
class HazardModel:
    """A logistic regression over standardised embeddings, and the probability above which a
    message is a hazard."""

    embedding_model: str
    """The local embedding model whose vectors it reads; any other model's vectors are not read."""
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float
    trained_on: tuple[str, ...]
    """The labelled sets it learnt from: they cannot measure it; only later rounds can."""

    def probability(self, vector: np.ndarray) -> float:
        z = float(((vector - self.mean) / self.scale) @ self.weights + self.bias)
        return float(1.0 / (1.0 + np.exp(-z)))


@lru_cache(maxsize=1)
def hazard_model() -> HazardModel:
    raw = json.loads(resources.files("quarry.apps.leasing").joinpath("data/hazard_model.json").read_text("utf-8"))
    return HazardModel(
        embedding_model=str(raw["embedding_model"]),
        mean=np.asarray(raw["mean"], dtype=np.float32),
        scale=np.asarray(raw["scale"], dtype=np.float32),
        weights=np.asarray(raw["weights"], dtype=np.float32),
        bias=float(raw["bias"]),
        threshold=float(raw["threshold"]),
        trained_on=tuple(raw["trained_on"]),
    )


def learned_hazard_probability(vector: np.ndarray, embedding_model: str) -> float | None:
    """How likely the message whose embedding this is reports a hazard, or None when the vector is
    not from the model the weights were trained on."""
    model = hazard_model()
    if embedding_model != model.embedding_model or vector.shape != model.weights.shape:
        return None
    return model.probability(vector)
