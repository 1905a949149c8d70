"""Embeddings: providers (local e5, Jina v3, OpenAI-compatible) and the Postgres cache."""

from quarry.embed.cache import (
    embed_missing,
    embed_missing_queries,
    embed_query,
    fill_cache,
    missing_queries,
    missing_texts,
    query_key,
    vector_literal,
)
from quarry.embed.providers import (
    Embedder,
    EmbeddingError,
    JinaV3,
    LocalE5,
    OpenAICompatible,
    Role,
    get_embedder,
)

__all__ = [
    "Embedder",
    "EmbeddingError",
    "JinaV3",
    "LocalE5",
    "OpenAICompatible",
    "Role",
    "embed_missing",
    "embed_missing_queries",
    "embed_query",
    "fill_cache",
    "get_embedder",
    "missing_queries",
    "missing_texts",
    "query_key",
    "vector_literal",
]
