"""Retrieval core shared by the apps.

- `text`: Unicode folding and tokenising (Latin with diacritics, Cyrillic, Arabic-script
  Persian), identical to the SQL functions `quarry_fold` / `quarry_tokens`; apps pass their
  own alias tables.
- `skeleton`: cross-script name skeletons and a pg_trgm `similarity()` mirror for fuzzy
  name matching.
- `lexical`: BM25 in plain SQL over stored term arrays.
- `rrf`: weighted Reciprocal Rank Fusion.
- `hybrid`: one hybrid-retrieval block (BM25 + pgvector cosine, fused by RRF) over any
  table, parameterised by its columns and a filter.
"""

from quarry.search.hybrid import HybridHits, HybridSource, hybrid_rank
from quarry.search.lexical import bm25_sql
from quarry.search.rrf import rrf_fuse
from quarry.search.skeleton import fold as skeleton_fold
from quarry.search.skeleton import similarity as trigram_similarity
from quarry.search.skeleton import trigrams
from quarry.search.text import fold, terms, tokenize, words

__all__ = [
    "HybridHits",
    "HybridSource",
    "bm25_sql",
    "fold",
    "hybrid_rank",
    "rrf_fuse",
    "skeleton_fold",
    "terms",
    "tokenize",
    "trigram_similarity",
    "trigrams",
    "words",
]
