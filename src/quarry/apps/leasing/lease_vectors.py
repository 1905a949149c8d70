"""Lease chunk embeddings for LeaseQA's hybrid retrieval, through the core embedding cache.

The passage embedded is the section heading and the first `EMBED_CHARS` characters of the chunk
(what a question paraphrases; the 910 bundled chunks are ~400 distinct passages, embedded once on
first ingest, nothing on a re-run: the cache keeps them). A chunk embedded by another
model than the configured one is embedded again.
"""

from __future__ import annotations

from quarry.db import Database
from quarry.embed import Embedder, embed_missing, missing_texts
from quarry.progress import Reporter, SilentReporter

EMBED_CHARS = 200


def embed_chunks(db: Database, embedder: Embedder, *, batch_size: int = 32, reporter: Reporter | None = None) -> int:
    """Embed the chunks that lack this model's vector; texts embedded now (0 on a re-run)."""
    rep = reporter or SilentReporter()
    db.execute(
        "UPDATE leasing_lease_chunks SET embed_text = heading || '. ' || left(body, :n), embedding = NULL"
        " WHERE embed_text IS DISTINCT FROM heading || '. ' || left(body, :n)",
        {"n": EMBED_CHARS},
    )
    todo_rows = db.fetch_all(
        "SELECT DISTINCT embed_text FROM leasing_lease_chunks"
        " WHERE embedding IS NULL OR embed_model IS DISTINCT FROM :m",
        {"m": embedder.model},
    )
    todo = missing_texts(db, embedder, [r["embed_text"] for r in todo_rows])
    rep.phase(f"embed lease chunks ({embedder.model})", total=len(todo))
    embedded = embed_missing(db, embedder, todo, batch_size=batch_size, progress=rep.advance)
    db.execute(
        "UPDATE leasing_lease_chunks c SET embedding = e.embedding::vector, embed_model = :m FROM embedding_cache e"
        " WHERE (c.embedding IS NULL OR c.embed_model IS DISTINCT FROM :m)"
        " AND e.model = :m AND e.dim = :d AND e.text_md5 = md5(c.embed_text)",
        {"m": embedder.model, "d": embedder.dim},
    )
    return embedded


def lease_embedded(db: Database, lease_id: str, model: str) -> bool:
    """True when every chunk of the lease has a vector of `model`."""
    return bool(
        db.scalar(
            "SELECT coalesce(bool_and(embedding IS NOT NULL AND embed_model = :m), false)"
            " FROM leasing_lease_chunks WHERE lease_id = :l",
            {"m": model, "l": lease_id},
        )
    )
