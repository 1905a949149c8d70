"""`.env` → typed settings. `.env` is the primary source (seed §7); no runtime config writes."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

EmbeddingProvider = Literal["local", "jina", "openai"]
LLMProvider = Literal["auto", "openrouter", "openai", "offline"]


class Settings(BaseSettings):
    """Every setting Quarry reads. `.env.example` lists each key with its default."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # --- state and database
    state_dir: Path = Field(Path(".quarry"), description="Embedded DB data dir and caches.")
    database_url: str | None = Field(None, description="Any PostgreSQL >= 15 with pgvector.")
    database_read_urls: str = Field("", description="Comma-separated read replicas for searches.")
    db_statement_timeout_ms: int = Field(5000, description="Timeout for every search statement.")

    # --- language models
    llm_provider: LLMProvider = Field("auto", description="auto = OpenRouter when a key is set.")
    openrouter_api_key: str | None = None
    openrouter_base_url: str = "https://openrouter.ai/api/v1"
    openrouter_model_name: str = "openai/gpt-4.1-mini"
    openrouter_fallback_models: str = Field("", description="Comma-separated model names.")
    openai_api_key: str | None = None
    openai_base_url: str | None = Field(None, description="Any OpenAI-compatible server.")
    openai_model_name: str = "gpt-4.1-mini"
    llm_timeout_s: float = 30.0

    # --- embeddings
    embedding_provider: EmbeddingProvider = "local"
    embedding_model_name: str = "multilingual-e5-small"
    embedding_dim: int = 384
    jina_api_key: str | None = None
    jina_base_url: str = "https://api.jina.ai/v1"
    embedding_api_key: str | None = None
    embedding_base_url: str | None = None
    embedding_batch_size: int = 64

    # --- comps loop (seed §3.3)
    comps_min_comps: int = 30
    comps_max_comps: int = 200
    comps_max_relax_steps: int = 4
    comps_max_tighten_steps: int = 4
    comps_fetch_limit: int = 500
    comps_top_k: int = 20
    comps_years_kept: int = 5
    comps_strictness: float = Field(0.5, ge=0, le=1)
    score_weight_area: float = 0.45
    score_weight_lease: float = 0.25
    score_weight_storey: float = 0.15
    score_weight_recency: float = 0.15
    rrf_weight_vector: float = 0.3
    rrf_weight_bm25: float = 0.7
    rrf_k: int = 60
    hybrid_topk: int = 200

    # --- labs (seed 002)
    agentic_sql_enabled: bool = True
    agentic_max_iterations: int = 5
    agentic_fuzzy_search_limit: int = 20
    agentic_exploratory_sql_limit: int = 20
    agentic_similarity_threshold: float = 0.3
    agentic_timeout_ms: int = 15000
    labs_rate_limit_per_minute: int = 60

    # --- server and tracing
    host: str = "0.0.0.0"
    port: int = Field(7860, validation_alias="PORT")
    logfire_token: str | None = None
    braintrust_api_key: str | None = None
    otel_service_name: str = "quarry"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # `.env` wins over the process environment so one file decides (seed §7);
        # init kwargs stay first so tests can pin values explicitly.
        return init_settings, dotenv_settings, env_settings, file_secret_settings

    @property
    def fallback_models(self) -> list[str]:
        return [m.strip() for m in self.openrouter_fallback_models.split(",") if m.strip()]

    @property
    def read_urls(self) -> list[str]:
        return [u.strip() for u in self.database_read_urls.split(",") if u.strip()]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read once)."""
    return Settings()
