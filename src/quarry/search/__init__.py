"""Retrieval core: BM25 in SQL, weighted RRF fusion."""

from quarry.search.lexical import bm25_sql, tokenize
from quarry.search.rrf import rrf_fuse

__all__ = ["bm25_sql", "rrf_fuse", "tokenize"]
