"""`quarry archive ingest`: bundled items → `archive_items` (idempotent), BM25 stats, embeddings.

Each item is upserted by identifier; items no longer in the source are deleted. Long
descriptions get a summary (what a model reads): by the configured language model when there
is one (kept across re-runs while the description is unchanged), else extractive. Passage
texts (title, Malay title, tags, summary) are embedded through the core cache, so a re-run
embeds nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from pydantic_ai.models import Model

from quarry.db import Database, migrate
from quarry.embed import Embedder, embed_missing, missing_texts
from quarry.llm import remote_models
from quarry.progress import Reporter, SilentReporter
from quarry.search import terms
from quarry.settings import Settings, get_settings

from .corpus import ArchiveItem, load_items
from .spec import MIGRATIONS
from .summary import EXTRACTIVE, extractive_summary, model_summaries

DEFAULT_DIM = 384
"""Dimension the migration gives `archive_items.embedding` (local e5)."""
_BATCH = 200


@dataclass
class IngestReport:
    """What one ingest did."""

    items: int = 0
    """Items in the source."""
    deleted: int = 0
    """Rows removed because their item left the source."""
    summarised: int = 0
    """Items whose description was long enough to get a shorter summary."""
    model_summarised: int = 0
    """Of those, summaries written by the language model now (0 offline and on a re-run)."""
    embedded: int = 0
    """Passage texts embedded now (0 on a re-run: they come from the cache)."""
    seconds: float = 0.0


def embed_text(item: ArchiveItem, summary: str) -> str:
    """The passage embedded for an item: title, Malay title, tags and summary."""
    return f"{item.title}. {item.title_ms}. {', '.join(item.tags)}. {summary}"


def item_terms(item: ArchiveItem) -> list[str]:
    """BM25 terms of an item (repeats kept): titles and tags weigh double, then the description."""
    head = f"{item.title} {item.title_ms} {' '.join(item.tags)}"
    return terms(head) * 2 + terms(f"{item.place} {item.period} {item.media_type} {item.description}")


Summary = tuple[str, str]
"""(summary, summary_model)."""


def _row(item: ArchiveItem, *, synthetic: bool = False, summary: Summary | None = None) -> dict[str, object]:
    text, made_by = summary or (extractive_summary(item.description), EXTRACTIVE)
    return {
        "identifier": item.identifier,
        "title": item.title,
        "title_ms": item.title_ms,
        "description": item.description,
        "summary": text,
        "tags": list(item.tags),
        "media_type": item.media_type,
        "place": item.place,
        "period": item.period,
        "year_from": item.year_from,
        "year_to": item.year_to,
        "collection": item.collection,
        "rights": item.rights,
        "topic": item.topic,
        "embed_text": embed_text(item, text),
        "terms": item_terms(item),
        "synthetic": synthetic,
        "summary_model": made_by,
    }


_UPSERT = """
INSERT INTO archive_items (identifier, title, title_ms, description, summary, tags, media_type, place, period,
                           year_from, year_to, collection, rights, topic, embed_text, terms, synthetic,
                           summary_model)
VALUES (:identifier, :title, :title_ms, :description, :summary, :tags, :media_type, :place, :period,
        :year_from, :year_to, :collection, :rights, :topic, :embed_text, :terms, :synthetic, :summary_model)
ON CONFLICT (identifier) DO UPDATE SET
    title = EXCLUDED.title, title_ms = EXCLUDED.title_ms, description = EXCLUDED.description,
    summary = EXCLUDED.summary, tags = EXCLUDED.tags, media_type = EXCLUDED.media_type,
    place = EXCLUDED.place, period = EXCLUDED.period, year_from = EXCLUDED.year_from,
    year_to = EXCLUDED.year_to, collection = EXCLUDED.collection, rights = EXCLUDED.rights,
    topic = EXCLUDED.topic, terms = EXCLUDED.terms, synthetic = EXCLUDED.synthetic,
    summary_model = EXCLUDED.summary_model,
    embedding = CASE WHEN archive_items.embed_text = EXCLUDED.embed_text THEN archive_items.embedding END,
    embed_text = EXCLUDED.embed_text
"""


def is_long(item: ArchiveItem) -> bool:
    """True when the description is longer than its summary would be."""
    return extractive_summary(item.description) != item.description.strip()


def summarise(
    db: Database,
    items: Sequence[ArchiveItem],
    *,
    settings: Settings,
    model: Model | None = None,
    reporter: Reporter,
) -> tuple[dict[str, Summary], int]:
    """Model summaries of the long descriptions when a language model is configured (or `model` is given):
    a stored model summary is kept while its description is unchanged; the others are asked for now.
    Returns them by identifier and how many the model wrote now. Empty offline: every item then gets
    its extractive summary."""
    if model is None and not remote_models(settings):
        return {}, 0
    long = [i for i in items if is_long(i)]
    kept: dict[str, Summary] = {}
    if db.scalar("SELECT to_regclass('archive_items') IS NOT NULL"):
        rows = db.fetch_all(
            "SELECT identifier, description, summary, summary_model FROM archive_items"
            " WHERE summary_model <> :e AND identifier = ANY(:ids)",
            {"e": EXTRACTIVE, "ids": [i.identifier for i in long]},
        )
        stored = {r["identifier"]: r for r in rows}
        kept = {
            i.identifier: (stored[i.identifier]["summary"], stored[i.identifier]["summary_model"])
            for i in long
            if i.identifier in stored and stored[i.identifier]["description"] == i.description
        }
    todo = [i for i in long if i.identifier not in kept]
    reporter.phase("summarise long descriptions (model)", total=len(todo))
    if not todo:
        return kept, 0
    work = model_summaries([i.description for i in todo], settings=settings, model=model)
    with ThreadPoolExecutor(1) as pool:  # its own event loop, whether or not the caller runs one
        made = pool.submit(asyncio.run, work).result()
    reporter.advance(len(todo))
    fresh = {i.identifier: m for i, m in zip(todo, made, strict=True)}
    return {**kept, **fresh}, sum(1 for _, by in fresh.values() if by != EXTRACTIVE)


def load_rows(
    db: Database,
    items: Sequence[ArchiveItem],
    *,
    reporter: Reporter,
    synthetic: bool = False,
    summaries: dict[str, Summary] | None = None,
) -> int:
    """Upsert `items`, delete rows of the same kind (bundled or synthetic) not among them; rows deleted.
    `summaries` (identifier → (summary, summary_model)) replace the extractive ones."""
    reporter.phase("archive items", total=len(items))
    by_id = summaries or {}
    with db.transaction(timeout_ms=0) as tx:
        for start in range(0, len(items), _BATCH):
            chunk = items[start : start + _BATCH]
            tx.execute(_UPSERT, [_row(i, synthetic=synthetic, summary=by_id.get(i.identifier)) for i in chunk])
            reporter.advance(len(chunk))
        deleted = tx.execute(
            "DELETE FROM archive_items WHERE synthetic = :syn AND NOT (identifier = ANY(:ids))",
            {"syn": synthetic, "ids": [i.identifier for i in items]},
        )
    return deleted


def refresh_term_stats(db: Database) -> None:
    """Recompute BM25 document frequencies, corpus size and average length from the rows."""
    with db.transaction(timeout_ms=0) as tx:
        tx.execute("TRUNCATE archive_term_stats, archive_corpus_stats")
        tx.execute(
            "INSERT INTO archive_term_stats (term, df)"
            " SELECT t, count(DISTINCT identifier) FROM archive_items, unnest(terms) AS t GROUP BY t"
        )
        tx.execute(
            "INSERT INTO archive_corpus_stats (key, value)"
            " SELECT 'docs', count(*) FROM archive_items"
            " UNION ALL SELECT 'avgdl', coalesce(avg(cardinality(terms)), 0) FROM archive_items"
        )


def ensure_vector_space(db: Database, embedder: Embedder) -> bool:
    """Make `archive_items.embedding` hold this model's vectors; True when the space changed."""
    with db.transaction(timeout_ms=0) as tx:
        meta = tx.fetch_one("SELECT model, dim FROM archive_vector_meta WHERE id = 1")
        if meta is not None and (meta["model"], meta["dim"]) == (embedder.model, embedder.dim):
            return False
        current = meta["dim"] if meta is not None else DEFAULT_DIM
        if embedder.dim != current:
            tx.execute("DROP INDEX IF EXISTS archive_items_hnsw")
            tx.execute(f"ALTER TABLE archive_items ALTER COLUMN embedding TYPE vector({int(embedder.dim)}) USING NULL")
            tx.execute("CREATE INDEX archive_items_hnsw ON archive_items USING hnsw (embedding vector_cosine_ops)")
        else:
            tx.execute("UPDATE archive_items SET embedding = NULL")
        tx.execute(
            "INSERT INTO archive_vector_meta (id, model, dim) VALUES (1, :m, :d)"
            " ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dim = EXCLUDED.dim",
            {"m": embedder.model, "d": embedder.dim},
        )
        return True


def embed_items(db: Database, embedder: Embedder, *, batch_size: int = 64, reporter: Reporter) -> int:
    """Embed passage texts the cache lacks, then copy vectors into rows that miss them; texts embedded."""
    ensure_vector_space(db, embedder)
    texts = [r["embed_text"] for r in db.fetch_all("SELECT embed_text FROM archive_items WHERE embedding IS NULL")]
    todo = missing_texts(db, embedder, texts)
    reporter.phase(f"embed items ({embedder.model})", total=len(todo))
    embedded = embed_missing(db, embedder, todo, batch_size=batch_size, progress=reporter.advance)
    db.execute(
        "UPDATE archive_items a SET embedding = c.embedding::vector FROM embedding_cache c"
        " WHERE a.embedding IS NULL AND c.model = :m AND c.dim = :d AND c.text_md5 = md5(a.embed_text)",
        {"m": embedder.model, "d": embedder.dim},
    )
    return embedded


def ingest(
    db: Database,
    embedder: Embedder,
    *,
    items: Sequence[ArchiveItem] | None = None,
    batch_size: int = 64,
    reporter: Reporter | None = None,
    settings: Settings | None = None,
    summary_model: Model | None = None,
) -> IngestReport:
    """Migrate, load the bundled (or given) items, summarise long descriptions (the configured language
    model, or `summary_model`, else extractive), refresh BM25 stats and embed; idempotent."""
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    migrate(db, [MIGRATIONS])
    source = list(items) if items is not None else load_items()
    report = IngestReport(items=len(source))
    report.summarised = sum(1 for i in source if is_long(i))
    summaries, report.model_summarised = summarise(
        db, source, settings=settings or get_settings(), model=summary_model, reporter=rep
    )
    report.deleted = load_rows(db, source, reporter=rep, summaries=summaries)
    refresh_term_stats(db)
    report.embedded = embed_items(db, embedder, batch_size=batch_size, reporter=rep)
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def item_count(db: Database) -> int:
    """Rows in `archive_items` (0 before the first ingest)."""
    if not db.scalar("SELECT to_regclass('archive_items') IS NOT NULL"):
        return 0
    return int(db.scalar("SELECT count(*) FROM archive_items"))
