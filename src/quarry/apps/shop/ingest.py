"""`quarry shop ingest`: load the generated catalogue into the `shop` schema with COPY.

One transaction replaces the whole catalogue (TRUNCATE, then COPY table by table in foreign-key
order), so a second run with the same seed and sizes leaves exactly the same rows and a failed
run leaves the previous catalogue. Offers and log rows are buffered as COPY text while the base
products stream (a million offers are ~40 MB of text), because one connection runs one COPY
at a time. The generated name/search-vector columns are computed by Postgres during COPY.
"""

from __future__ import annotations

import dataclasses
import io
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from quarry.db import Database, Tx
from quarry.progress import Reporter, SilentReporter

from .authoring.generate import BASE_PRODUCTS, OFFERS, Catalogue
from .featured import FEATURED, FEATURED_OFFERS
from .narrow_search import refresh_category_offers
from .rows import (
    BaseProductRow,
    BaseViewRow,
    BrandRow,
    CategoryRow,
    CityRow,
    FinalClickRow,
    MemberRow,
    Row,
    SearchRow,
    ShopRow,
)

SCHEMA = "shop"
TABLES = ("cities", "categories", "brands", "shops", "base_products", "members", "searches", "base_views",
          "final_clicks")  # fmt: skip
"""Catalogue tables in foreign-key order."""
BATCH = 2_000
"""Base products per COPY write (and per progress step)."""
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


@dataclass(frozen=True)
class Size:
    """How big a catalogue to generate."""

    base_products: int = BASE_PRODUCTS
    offers: int = OFFERS
    seed: int = 7

    @classmethod
    def scaled(cls, scale: float, *, seed: int = 7) -> Size:
        """`scale` × the default sizes (5 → 100k base products, 1M offers)."""
        if scale <= 0:
            raise ValueError("scale must be positive")
        bases = max(len(FEATURED), round(BASE_PRODUCTS * scale))
        return cls(bases, max(FEATURED_OFFERS + bases, round(OFFERS * scale)), seed)

    def as_meta(self) -> dict[str, int]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class IngestReport:
    """What one ingest loaded."""

    rows: dict[str, int]
    seconds: float
    size: Size


def _cell(value: Any) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False).translate(_ESCAPES)
    if isinstance(value, str):
        return value.translate(_ESCAPES)
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def copy_line(row: Row) -> str:
    """One COPY text line of `row` (fields in column order)."""
    return "\t".join(_cell(getattr(row, f.name)) for f in dataclasses.fields(row)) + "\n"


def _copy(tx: Tx, table: str, row_type: type, lines: Iterable[str]) -> None:
    with tx.copy_in(f"{SCHEMA}.{table}", [f.name for f in dataclasses.fields(row_type)]) as copy:
        for chunk in lines:
            copy.write(chunk)


def refresh_term_df(tx: Tx) -> int:
    """Recount the document frequency of every search-vector term (a fraction of a second at 20k)."""
    tx.execute("TRUNCATE shop.term_df")
    return tx.execute(
        "INSERT INTO shop.term_df (term, ndoc)"
        " SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM shop.base_products')"
    )


def refresh_product_words(tx: Tx) -> int:
    """Rebuild the narrow search-vector copy the common-words lookup reads (migration 006), in
    (category, brand, name length) order so a generic query's products share a few pages."""
    tx.execute("TRUNCATE shop.product_words")
    return tx.execute(
        "INSERT INTO shop.product_words (random_key, category_id, brand_id, persian_trgm, english_trgm, search_vector)"
        " SELECT random_key, category_id, brand_id, cardinality(show_trgm(persian_fold)),"
        " cardinality(show_trgm(english_fold)), search_vector FROM shop.base_products"
        " ORDER BY category_id, brand_id, cardinality(show_trgm(persian_fold)), random_key"
    )


def refresh_offer_facts(tx: Tx) -> int:
    """Rebuild the per-offer filter table of the narrowing dialogue (about a second at 200k offers)."""
    tx.execute("TRUNCATE shop.offer_facts")
    return tx.execute(
        "INSERT INTO shop.offer_facts (member_random_key, base_random_key, price, category_id, brand_id, city_id,"
        " has_warranty, score)"
        " SELECT m.random_key, m.base_random_key, m.price, b.category_id, b.brand_id, s.city_id, s.has_warranty,"
        " s.score FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " JOIN shop.shops s ON s.id = m.shop_id"
    )


def loaded_size(db: Database) -> Size | None:
    """The size of the catalogue in the database (None when none is loaded)."""
    return db.reading(_loaded_size)  # both reads on one connection: every shop turn asks


def _loaded_size(tx: Tx) -> Size | None:
    if tx.scalar("SELECT to_regclass('shop.catalogue_meta') IS NOT NULL") is not True:
        return None  # migrations not applied yet on this database
    row = tx.scalar("SELECT value FROM shop.catalogue_meta WHERE key = 'size'")
    return Size(**row) if row else None


def ingest(db: Database, size: Size | None = None, *, reporter: Reporter | None = None) -> IngestReport:
    """Replace the catalogue with a freshly generated one of `size` (default 20k / 200k)."""
    size = size or Size()
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    cat = Catalogue(seed=size.seed, base_products=size.base_products, offers=size.offers)
    counts: dict[str, int] = {}
    with db.transaction(timeout_ms=0) as tx:
        derived = ", ".join(
            f"{SCHEMA}.{t}" for t in ("catalogue_meta", "term_df", "product_words", "offer_facts", "category_offers")
        )
        tx.execute(f"TRUNCATE {', '.join(f'{SCHEMA}.{t}' for t in TABLES)}, {derived}")
        reference: list[tuple[str, type, Iterable[Row]]] = [
            ("cities", CityRow, cat.cities()), ("categories", CategoryRow, cat.categories()),
            ("brands", BrandRow, cat.brands()), ("shops", ShopRow, cat.shops()),
        ]  # fmt: skip
        for table, row_type, rows in reference:
            lines = [copy_line(r) for r in rows]
            counts[table] = len(lines)
            _copy(tx, table, row_type, ["".join(lines)])
        rep.phase("shop: base products", total=size.base_products)
        offers = io.StringIO()
        n_bases = n_offers = 0

        def bases() -> Iterable[str]:
            nonlocal n_bases, n_offers
            batch: list[str] = []
            for base, members in cat.products():
                batch.append(copy_line(base))
                offers.writelines(copy_line(m) for m in members)
                n_offers += len(members)
                if len(batch) >= BATCH:
                    yield "".join(batch)
                    n_bases += len(batch)
                    rep.advance(len(batch))
                    batch = []
            yield "".join(batch)
            n_bases += len(batch)
            rep.advance(len(batch))

        _copy(tx, "base_products", BaseProductRow, bases())
        counts["base_products"], counts["members"] = n_bases, n_offers
        rep.phase("shop: offers", total=n_offers)
        _copy(tx, "members", MemberRow, _chunks(offers.getvalue(), rep))
        offers.close()
        rep.phase("shop: search logs")
        logs: dict[type, io.StringIO] = {SearchRow: io.StringIO(), BaseViewRow: io.StringIO(),
                                         FinalClickRow: io.StringIO()}  # fmt: skip
        log_counts: dict[type, int] = dict.fromkeys(logs, 0)
        for row in cat.logs():
            logs[type(row)].write(copy_line(row))
            log_counts[type(row)] += 1
        for table, row_type in (("searches", SearchRow), ("base_views", BaseViewRow), ("final_clicks", FinalClickRow)):
            _copy(tx, table, row_type, [logs[row_type].getvalue()])
            counts[table] = log_counts[row_type]
            rep.advance(log_counts[row_type])
        refresh_term_df(tx)
        refresh_product_words(tx)
        refresh_offer_facts(tx)
        refresh_category_offers(tx)
        tx.execute(
            "INSERT INTO shop.catalogue_meta (key, value) VALUES ('size', CAST(:v AS jsonb))",
            {"v": json.dumps(size.as_meta())},
        )
    with db.connect(autocommit=True) as conn:
        # VACUUM, not only ANALYZE: rows COPYed into a table with GIN indexes wait in each
        # index's pending list, which every trigram/tsvector search would otherwise scan
        # linearly (at 400k offers that was ~30 ms of a 40 ms product search).
        for table in (*TABLES, "product_words", "offer_facts"):
            conn.execute(
                f"VACUUM (ANALYZE) {SCHEMA}.{table}"
                if table in ("base_products", "product_words")
                else f"ANALYZE {SCHEMA}.{table}"
            )
    return IngestReport(rows=counts, seconds=round(time.perf_counter() - started, 2), size=size)


def _chunks(text: str, rep: Reporter, lines_per_chunk: int = 20_000) -> Iterable[str]:
    """`text` (COPY lines) in pieces of about `lines_per_chunk` lines, advancing the reporter."""
    start = 0
    while start < len(text):
        end = start
        for _ in range(lines_per_chunk):
            end = text.find("\n", end) + 1
            if end == 0:
                end = len(text)
                break
        rep.advance(text.count("\n", start, end))
        yield text[start:end]
        start = end
