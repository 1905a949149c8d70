"""Postgres-backed embedding cache keyed by (model, text): each distinct text is embedded once."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import numpy as np

from quarry.db import Database
from quarry.embed.providers import Embedder, Role

Progress = Callable[[int], None]


def _md5(s: str) -> str:
    return hashlib.md5(s.encode("utf-8")).hexdigest()


def vector_literal(vec: np.ndarray) -> str:
    """pgvector's text form, e.g. '[0.1,0.2]' (bound as a parameter, cast with ::vector)."""
    return "[" + ",".join(f"{x:.6f}" for x in vec.tolist()) + "]"


def missing_texts(db: Database, embedder: Embedder, texts: Sequence[str]) -> list[str]:
    """Distinct texts that have no cached vector for this model and dimension."""
    distinct = sorted(set(texts))
    if not distinct:
        return []
    rows = db.fetch_all(
        "SELECT text_md5 FROM embedding_cache WHERE model = :m AND dim = :d AND text_md5 = ANY(:h)",
        {"m": embedder.model, "d": embedder.dim, "h": [_md5(t) for t in distinct]},
        write=True,
    )
    have = {r["text_md5"] for r in rows}
    return [t for t in distinct if _md5(t) not in have]


_INSERT = (
    "INSERT INTO embedding_cache (model, text_md5, text, dim, embedding)"
    " VALUES (:m, :h, :t, :d, CAST(:v AS vector)) ON CONFLICT DO NOTHING"
)


def _store(db: Database, embedder: Embedder, texts: Sequence[str], vecs: np.ndarray) -> None:
    rows = [
        {"m": embedder.model, "h": _md5(t), "t": t, "d": embedder.dim, "v": vector_literal(v)}
        for t, v in zip(texts, vecs, strict=True)
    ]
    db.execute(_INSERT, rows)


def embed_missing(
    db: Database,
    embedder: Embedder,
    todo: Sequence[str],
    *,
    role: Role = "passage",
    batch_size: int = 64,
    progress: Progress | None = None,
) -> int:
    """Embed and store `todo` (texts known to be missing from the cache); returns how many."""
    for start in range(0, len(todo), batch_size):
        chunk = todo[start : start + batch_size]
        _store(db, embedder, chunk, embedder.embed(chunk, role=role))
        if progress:
            progress(len(chunk))
    return len(todo)


def fill_cache(
    db: Database,
    embedder: Embedder,
    texts: Sequence[str],
    *,
    role: Role = "passage",
    batch_size: int = 64,
    progress: Progress | None = None,
) -> int:
    """Embed the texts the cache lacks, store them, return how many were embedded."""
    todo = missing_texts(db, embedder, texts)
    return embed_missing(db, embedder, todo, role=role, batch_size=batch_size, progress=progress)


def query_key(query: str) -> str:
    """The cache text of a query's vector: its role said, so a query and a passage of the same words differ."""
    return f"query: {query}"


def missing_queries(db: Database, embedder: Embedder, queries: Sequence[str]) -> list[str]:
    """Distinct queries with no cached query-role vector for this model (as `embed_query` reads them)."""
    missing = set(missing_texts(db, embedder, [query_key(q) for q in queries]))
    return sorted({q for q in queries if query_key(q) in missing})


def embed_missing_queries(
    db: Database, embedder: Embedder, todo: Sequence[str], *, batch_size: int = 64, progress: Progress | None = None
) -> int:
    """Embed, in the query role, and store `todo` (queries known to be missing from the cache); returns how many."""
    for start in range(0, len(todo), batch_size):
        chunk = todo[start : start + batch_size]
        _store(db, embedder, [query_key(q) for q in chunk], embedder.embed(chunk, role="query"))
        if progress:
            progress(len(chunk))
    return len(todo)


def embed_query(db: Database, embedder: Embedder, query: str) -> np.ndarray:
    """Embed one search query, read-through the cache (queries repeat in demos and evals)."""
    key = query_key(query)
    cached = db.scalar(
        "SELECT embedding::text FROM embedding_cache WHERE model = :m AND dim = :d AND text_md5 = :h",
        {"m": embedder.model, "d": embedder.dim, "h": _md5(key)},
        write=True,
    )
    if cached is not None:
        return np.asarray([float(x) for x in cached.strip("[]").split(",")], dtype=np.float32)
    vec = embedder.embed([query], role="query")[0]
    _store(db, embedder, [key], vec.reshape(1, -1))
    return vec
