"""The second life-safety detector: a ticket that reads like a hazard, in any language, even when
no word of the hazards lexicon is in it ("it smells like something is melting", "the air is hazy
and my eyes sting", "a pipe let go").

Every message (and each of its sentences) is embedded with the local multilingual model and
compared with the prototype tickets of `data/hazard_prototypes.toml`: the mean similarity of its
`k` nearest hazard prototypes minus that of its `k` nearest ordinary ones is its margin, and a
margin above the calibrated threshold is a hazard. Words saying the event is over or only planned
("last week", "was fixed", "drill") raise the threshold for that message. The detector can only
add a hazard the rules did not see (`hazards.find_hazards`); it never lowers one.

The model is always the local e5, whatever embedding provider the settings name: the threshold is
calibrated on its scores, life safety must not wait on a network call, and a tenant's message is
never sent anywhere or stored for it. The prototypes are embedded once per model and prototype set
(cached under the state directory) and once per process in memory.
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from quarry.embed import LocalE5
from quarry.nlu.lexicon import load_lexicon, phrase_pattern
from quarry.nlu.text import fold
from quarry.settings import get_settings

from .hazard_model import hazard_model, learned_hazard_probability

_PIECES = re.compile(r"[.!?;\n。！？]+|\s[-–—]\s|\s\d\)\s|,\s*(?:but|and|also|anyway|plus|then)\s")
"""Sentence ends, dashes between words, list numbers and joined clauses: where a second issue starts."""
_MAX_PIECES = 8
_MIN_WORDS = 3
_SCRAP_WORDS = 2
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""Thai, Japanese, Chinese and Korean: written without spaces, so a piece is measured in characters."""
_EMBED_LOCK = threading.Lock()
"""One embedding at a time: the model's own threads already use every core."""


@dataclass(frozen=True)
class Prototypes:
    """The prototype tickets, embedded, and how to decide with them."""

    texts: tuple[str, ...]
    """Every prototype ticket, hazards first."""
    names: tuple[str, ...]
    """The hazard of each prototype ([safety.<name>] of hazards.toml), "" for an ordinary one."""
    vectors: np.ndarray
    """Their embeddings, one row each."""
    hazard: np.ndarray
    """True where the prototype is a hazard."""
    k: int
    """How many nearest prototypes of each side are averaged."""
    threshold: float
    """The margin above which a message is a hazard."""
    over_threshold: float
    """The threshold for a message that says the event is over or only planned."""
    over: tuple[str, ...]
    """Words saying the event is over or only planned (folded)."""
    calm: re.Pattern[str]
    """Hedges and calm words, removed before comparing."""


@dataclass(frozen=True)
class SimilarHazard:
    """A hazard found by similarity: which, how sure, and the prototype it is most like."""

    name: str
    margin: float
    nearest: str
    piece: str
    probability: float | None = None
    """Set when the learnt model (`hazard_model`), not the prototypes' margin, found it."""


def _digest(model: str, texts: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join((model, *texts)).encode("utf-8")).hexdigest()[:20]


def _cached_vectors(path: Path, texts: tuple[str, ...], embedder: LocalE5) -> np.ndarray:
    """The prototypes' vectors from the state directory, embedded (and stored) when missing."""
    try:
        vectors = np.load(path)
        if vectors.shape == (len(texts), embedder.dim):
            return vectors
    except (OSError, ValueError):
        pass
    vectors = _embed(embedder, list(texts))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for stale in path.parent.glob("hazard_prototypes-*.npy"):
            stale.unlink(missing_ok=True)  # vectors of an older prototype set or model
        tmp = path.with_suffix(".tmp.npy")
        np.save(tmp, vectors)
        tmp.replace(path)
    except OSError:
        pass  # a read-only state directory only costs the next process the same embedding
    return vectors


def _embed(embedder: LocalE5, texts: list[str]) -> np.ndarray:
    with _EMBED_LOCK:
        return embedder.embed(texts, role="query")


@lru_cache(maxsize=1)
def prototypes() -> Prototypes:
    raw: dict[str, Any] = load_lexicon("quarry.apps.leasing", "hazard_prototypes")
    rows = [
        (text, name if side == "hazard" else "")
        for side in ("hazard", "ordinary")
        for name, by_lang in raw[side].items()
        for texts in by_lang.values()
        for text in texts
    ]
    texts = tuple(t for t, _ in rows)
    embedder = LocalE5()
    path = get_settings().state_dir / "cache" / f"hazard_prototypes-{_digest(embedder.model, texts)}.npy"
    decide = raw["decision"]
    return Prototypes(
        texts=texts,
        names=tuple(n for _, n in rows),
        vectors=_cached_vectors(path, texts, embedder),
        hazard=np.array([bool(n) for _, n in rows]),
        k=int(decide["k"]),
        threshold=float(decide["threshold"]),
        over_threshold=float(decide["over_threshold"]),
        over=tuple(fold(w) for words in raw["over"].values() for w in words),
        calm=phrase_pattern(w for words in raw["calm"].values() for w in words),
    )


def calm_removed(text: str) -> str:
    """The message without its hedges and calm words: "probably nothing but the air is hazy, lol"
    is compared as "the air is hazy"."""
    return " ".join(prototypes().calm.sub(" ", text).split())


def pieces(text: str) -> tuple[str, ...]:
    """The message; the message without its comma-separated scraps of one or two words (a place,
    a sign-off: "…, 3rd floor, asap"); and, when it has several, each sentence or clause long enough
    to say something: a hazard buried as item 3 of a list is compared on its own."""
    whole = _tidy(text)
    trimmed = _tidy(", ".join(f for f in re.split(r",\s*", whole) if len(f.split()) > _SCRAP_WORDS))
    parts = [_tidy(p) for p in _PIECES.split(whole) if p and _tidy(p)]
    long = [p for p in parts if len(p.split()) >= _MIN_WORDS or (_UNSPACED.search(p) and len(p) >= 6)]
    return tuple(dict.fromkeys([whole, trimmed or whole, *(long if len(long) > 1 else [])]))[:_MAX_PIECES]


_MIN_MESSAGE_WORDS = 4
"""A message of fewer words in a spaced script ("need parking pass") carries too little meaning to
compare: its nearest prototype is chance. The rules still read it ("smoke 3rd fl", "smell gas lobby")."""


def _too_short(text: str) -> bool:
    return not _UNSPACED.search(text) and len(re.findall(r"\w+", text)) < _MIN_MESSAGE_WORDS


def compared_pieces(text: str) -> tuple[str, ...]:
    """The pieces compared, calm wording removed; the first is the whole message, which the learnt
    model reads (and is trained on)."""
    return pieces(calm_removed(text) or text)


def _tidy(text: str) -> str:
    """Single spaces, no punctuation left dangling where words were removed ("the wall is hot, ,")."""
    text = re.sub(r"\s+([,;:.!?])", r"\1", " ".join(text.split()))
    return re.sub(r"(?:[,;:]\s*){2,}", ", ", text).strip(" ,;:-–—")


def _over(text: str, words: tuple[str, ...]) -> bool:
    folded = fold(text)
    return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", folded) for w in words)


def similar_hazard(text: str) -> SimilarHazard | None:
    """The hazard `text` reads like, or None."""
    if not text.strip() or _too_short(text):
        return None
    protos = prototypes()
    parts = compared_pieces(text)
    embedder = LocalE5()
    vectors = _embed(embedder, list(parts))
    threshold = protos.over_threshold if _over(text, protos.over) else protos.threshold
    best: SimilarHazard | None = None
    closest: tuple[float, np.ndarray, str] | None = None
    for part, vec in zip(parts, vectors, strict=True):
        sims = protos.vectors @ vec
        hazard, ordinary = sims[protos.hazard], sims[~protos.hazard]
        margin = float(np.sort(hazard)[-protos.k :].mean() - np.sort(ordinary)[-protos.k :].mean())
        if margin > threshold and (best is None or margin > best.margin):
            best = _named(protos, hazard, margin, part)
        if closest is None or margin > closest[0]:
            closest = (margin, hazard, part)
    if best is not None or closest is None:
        return best
    # The model reads the whole message (the first piece), as it was trained; the prototypes
    # nearest to its most hazard-like piece say which hazard, for the safety steps and trade.
    p = learned_hazard_probability(vectors[0], embedder.model)
    if p is None or p <= hazard_model().threshold:
        return None
    return replace(_named(protos, closest[1], closest[0], closest[2]), probability=round(p, 4))


def _named(protos: Prototypes, sims: np.ndarray, margin: float, part: str) -> SimilarHazard:
    """Which hazard: the one its k nearest hazard prototypes vote for, each by its similarity (the
    single nearest one may share the message's words rather than its danger)."""
    rows = np.flatnonzero(protos.hazard)
    nearest = np.argsort(sims)[-protos.k :]
    votes: dict[str, float] = {}
    for i in nearest:
        votes[protos.names[rows[i]]] = votes.get(protos.names[rows[i]], 0.0) + float(sims[i])
    name = max(votes, key=lambda n: votes[n])
    example = max((i for i in nearest if protos.names[rows[i]] == name), key=lambda i: sims[i])
    return SimilarHazard(name, round(margin, 4), protos.texts[rows[example]], part)
