"""Listing vectors: one embedding per distinct (street, town, flat model), joined to rows.

Prices, areas and storeys are handled exactly by SQL filters; what semantic ranking adds is
"which street / flat model is this like", so only those fields are embedded. That makes the
vector table ~1.6k rows for 26k (or 1M) transactions instead of one vector per row.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from quarry.db import Database
from quarry.progress import Reporter, SilentReporter

from .street_words import EXPANDED

if TYPE_CHECKING:
    from quarry.embed import Embedder


def expand_street(street: str) -> str:
    """'COMPASSVALE RD' → 'Compassvale Road' (embeddings read words, not abbreviations)."""
    words = [EXPANDED.get(w, w.title()) for w in re.split(r"\s+", street.strip().upper()) if w]
    return " ".join(words)


def embed_text(street: str, town: str, flat_model: str) -> str:
    return f"{expand_street(street)}, {town.title()}, {flat_model}"


def ensure_vector_table(db: Database, embedder: Embedder) -> bool:
    """Create `hdb_listing_vectors` for this model/dimension; returns True if it was (re)built."""
    with db.transaction() as tx:
        tx.execute(
            "CREATE TABLE IF NOT EXISTS hdb_vector_meta (id int PRIMARY KEY, model text NOT NULL, dim int NOT NULL)"
        )
        meta = tx.fetch_one("SELECT model, dim FROM hdb_vector_meta WHERE id = 1")
        exists = tx.scalar("SELECT to_regclass('hdb_listing_vectors') IS NOT NULL")
        if meta is not None and exists and (meta["model"], meta["dim"]) == (embedder.model, embedder.dim):
            return False
        # Model or dimension changed (or first run): vectors of another space are useless.
        tx.execute("DROP TABLE IF EXISTS hdb_listing_vectors")
        tx.execute(
            f"CREATE TABLE hdb_listing_vectors ("
            f" id serial PRIMARY KEY, town text NOT NULL, street_name text NOT NULL,"
            f" flat_model text NOT NULL, embed_text text NOT NULL, embedding vector({int(embedder.dim)}),"
            f" UNIQUE (town, street_name, flat_model))"
        )
        tx.execute(
            "CREATE INDEX hdb_listing_vectors_hnsw ON hdb_listing_vectors USING hnsw (embedding vector_cosine_ops)"
        )
        tx.execute(
            "INSERT INTO hdb_vector_meta (id, model, dim) VALUES (1, :m, :d)"
            " ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dim = EXCLUDED.dim",
            {"m": embedder.model, "d": embedder.dim},
        )
        return True


def embed_listings(
    db: Database, embedder: Embedder, *, batch_size: int = 64, reporter: Reporter | None = None
) -> tuple[int, float]:
    """Embed every listing text the cache lacks and refresh the vector table.

    Returns (texts embedded now, seconds). A re-run over the same data embeds nothing.
    """
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    ensure_vector_table(db, embedder)
    combos = db.fetch_all("SELECT DISTINCT town, street_name, flat_model FROM hdb_resale", write=True)
    texts = {
        (r["town"], r["street_name"], r["flat_model"]): embed_text(r["street_name"], r["town"], r["flat_model"])
        for r in combos
    }
    from quarry.embed import embed_missing, missing_texts  # numpy only when embedding

    todo = missing_texts(db, embedder, list(texts.values()))
    rep.phase(f"embed listings ({embedder.model})", total=len(todo))
    embedded = embed_missing(db, embedder, todo, batch_size=batch_size, progress=rep.advance)
    with db.transaction() as tx:
        tx.execute(
            "CREATE TEMP TABLE wanted (town text, street_name text, flat_model text, embed_text text) ON COMMIT DROP"
        )
        tx.execute(
            "INSERT INTO wanted VALUES (:t, :s, :m, :e)",
            [{"t": t, "s": s, "m": m, "e": e} for (t, s, m), e in texts.items()],
        )
        tx.execute(
            "DELETE FROM hdb_listing_vectors v WHERE NOT EXISTS (SELECT 1 FROM wanted w"
            " WHERE (w.town, w.street_name, w.flat_model) = (v.town, v.street_name, v.flat_model))"
        )
        tx.execute(
            "INSERT INTO hdb_listing_vectors (town, street_name, flat_model, embed_text, embedding)"
            " SELECT w.town, w.street_name, w.flat_model, w.embed_text, c.embedding"
            " FROM wanted w JOIN embedding_cache c ON c.model = :m AND c.dim = :d"
            "  AND c.text_md5 = md5(w.embed_text)"
            " ON CONFLICT (town, street_name, flat_model) DO UPDATE"
            " SET embed_text = EXCLUDED.embed_text, embedding = EXCLUDED.embedding",
            {"m": embedder.model, "d": embedder.dim},
        )
    return embedded, round(time.perf_counter() - started, 2)


def vectors_ready(db: Database) -> bool:
    """True when listing vectors exist for at least one row (hybrid can rank semantically)."""
    if not db.scalar("SELECT to_regclass('hdb_listing_vectors') IS NOT NULL"):
        return False  # the table is made by the first embed run
    return bool(db.scalar("SELECT EXISTS (SELECT 1 FROM hdb_listing_vectors WHERE embedding IS NOT NULL)"))
