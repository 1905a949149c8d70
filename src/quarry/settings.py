"""`.env` → typed settings. `.env` is the primary source (seed §7); no runtime config writes.

`QUARRY_ENV_FILE` (environment only) names another file to read instead of `.env`; set to
the empty string it reads none, so the process environment alone decides (the tests do).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

EmbeddingProvider = Literal["local", "jina", "openai"]
LLMProvider = Literal["auto", "openrouter", "openai", "offline"]
ENV_FILE_VAR = "QUARRY_ENV_FILE"
"""Environment variable: the settings file to read instead of `.env`; empty = none."""


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
    openrouter_api_key: str | None = Field(None, description="OpenRouter key; set it to use a hosted model.")
    openrouter_base_url: str = Field(
        "https://openrouter.ai/api/v1", description="OpenRouter (OpenAI-compatible) base URL."
    )
    openrouter_model_name: str = Field("openai/gpt-4.1-mini", description="Primary model for every agent.")
    openrouter_fallback_models: str = Field("", description="Comma-separated model names.")
    openai_api_key: str | None = Field(
        None, description="Key for an OpenAI-compatible server (used when no OpenRouter key)."
    )
    openai_base_url: str | None = Field(None, description="Any OpenAI-compatible server.")
    openai_model_name: str = Field(
        "gpt-4.1-mini",
        validation_alias=AliasChoices("openai_model_name", "OPENAI_MODEL"),
        description="Model name on the OpenAI-compatible server (`OPENAI_MODEL` also names it, as the shop seed does).",
    )
    openai_router_model: str | None = Field(
        None, description="Model of the shop's turn router; empty = the primary model of the provider."
    )
    openai_multiturn_nlu_model: str | None = Field(
        None, description="Model of the shop's dialogue extractor; empty = the primary model of the provider."
    )
    llm_timeout_s: float = Field(30.0, description="Per-request timeout for remote models (then fallback).")
    llm_breaker_failures: int = Field(
        2, ge=1, description="Server errors or refused keys in a row that open the provider's breaker (see docs)."
    )
    llm_breaker_cooldown_s: float = Field(
        60.0, gt=0, description="Seconds a provider's open breaker skips it (offline answers), then one probe."
    )

    # --- embeddings
    embedding_provider: EmbeddingProvider = Field(
        "local", description="local | jina | openai (remote needs its key/URL)."
    )
    embedding_model_name: str = Field("multilingual-e5-small", description="Embedding model name (cache key).")
    embedding_dim: int = Field(384, description="Embedding dimension; a change re-embeds.")
    jina_api_key: str | None = Field(None, description="Jina key for jina-embeddings-v3.")
    jina_base_url: str = Field("https://api.jina.ai/v1", description="Jina API base URL.")
    embedding_api_key: str | None = Field(None, description="Key for an OpenAI-compatible embeddings server.")
    embedding_base_url: str | None = Field(None, description="OpenAI-compatible /v1 base URL for embeddings.")
    embedding_batch_size: int = Field(64, description="Texts per embedding request at ingest.")

    # --- comps loop (seed §3.3)
    comps_min_comps: int = Field(30, description="Fewer comps than this → relax.")
    comps_max_comps: int = Field(200, description="More comps than this → tighten.")
    comps_max_relax_steps: int = Field(4, description="Relax steps before answering sparse.")
    comps_max_tighten_steps: int = Field(4, description="Tighten steps before asking for more constraints.")
    comps_fetch_limit: int = Field(500, description="Rows fetched for rerank.")
    comps_top_k: int = Field(20, description="Ranked comps returned.")
    comps_years_kept: int = Field(5, description="Ingest keeps this many years back from the newest month.")
    comps_strictness: float = Field(0.5, ge=0, le=1, description="Default strictness: tolerances and relax order.")
    score_weight_area: float = Field(0.45, description="Rerank weight of floor-area distance.")
    score_weight_lease: float = Field(0.25, description="Rerank weight of lease shortfall.")
    score_weight_storey: float = Field(0.15, description="Rerank weight of storey distance.")
    score_weight_recency: float = Field(0.15, description="Rerank weight of sale age.")
    rrf_weight_vector: float = Field(0.3, description="RRF weight of the vector ranking.")
    rrf_weight_bm25: float = Field(0.7, description="RRF weight of the BM25 ranking.")
    rrf_k: int = Field(60, description="RRF rank constant.")

    # --- labs (seed 002)
    agentic_sql_enabled: bool = Field(True, description="labs: agentic loop (false = single shot).")
    agentic_max_iterations: int = Field(5, description="labs: tool-calling iterations before forced completion.")
    agentic_fuzzy_search_limit: int = Field(20, description="labs: max fuzzy matches per search.")
    agentic_exploratory_sql_limit: int = Field(20, description="labs: max rows of exploratory SQL.")
    agentic_similarity_threshold: float = Field(0.3, description="labs: pg_trgm similarity threshold.")
    agentic_timeout_ms: int = Field(15000, description="labs: total time for one question.")
    labs_rate_limit_per_minute: int = Field(
        60, ge=1, description="labs: turns per minute per client address and per key (HTTP and UI)."
    )
    rate_limit_per_minute: int = Field(
        120, ge=1, description="Every other app: turns per minute per client address and per key (HTTP and UI)."
    )
    reader_max_result_mb: float = Field(
        8.0, gt=0, description="Sandboxed SQL: stop fetching past this many MB of rows (one bigger row is an error)."
    )
    reader_max_backend_mb: int = Field(
        256, ge=32, description="Sandboxed SQL: private memory cap (RLIMIT_DATA) of the backend that runs it, in MB."
    )
    retention_days: float = Field(
        30.0, ge=0, description="Delete agent_runs, sql_generation_logs and conversations older than this (0 = keep)."
    )

    # --- leasing (seed 004)
    leasing_w_size: float = Field(
        18.0, ge=0, description="leasing §C: points for size >= min_sqft (<= max gets 12/18)."
    )
    leasing_w_price: float = Field(22.0, ge=0, description="leasing §C: points when rent <= the monthly budget.")
    leasing_w_loc: float = Field(
        16.0, ge=0, description="leasing §C: points when the neighbourhood has a location token."
    )
    leasing_w_must: float = Field(10.0, ge=0, description="leasing §C: points × share of must-haves the unit has.")
    leasing_w_transit: float = Field(8.0, ge=0, description="leasing §C: points when the unit is near transit.")
    leasing_w_pets: float = Field(8.0, ge=0, description="leasing §C: points when pets are a must and allowed.")
    leasing_top_n: int = Field(5, ge=1, le=50, description="leasing: ranked units returned per search.")
    leasing_tour_minutes: int = Field(30, ge=10, le=240, description="leasing: length of a proposed tour slot.")
    leasing_hold_ttl_hours: float = Field(24.0, gt=0, description="leasing: a tour hold expires after this many hours.")

    # --- server and tracing
    host: str = Field("0.0.0.0", description="Web server bind address.")
    port: int = Field(7860, validation_alias="PORT", description="Web server port ($PORT).")
    workers: int = Field(0, description="Workers of an API-only server (`serve --no-ui`; 0 = one per core).")
    header_timeout_s: float = Field(
        10.0, gt=0, description="A client gets this long to send a request's headers, then the connection is closed."
    )
    body_timeout_s: float = Field(
        30.0, gt=0, description="A request's body must arrive within this long of its headers (else 408)."
    )
    warm_up: bool = Field(
        True, description="Each server worker loads every app's modules, caches and index pages when it starts."
    )
    session_ttl_hours: float = Field(
        168.0, gt=0, description="A conversation idle this long is not resumed (a new session starts)."
    )
    trusted_proxies: str = Field(
        "", description="Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed."
    )
    logfire_token: str | None = Field(None, description="Export spans to Logfire (pip install quarry[logfire]).")
    braintrust_api_key: str | None = Field(None, description="Export spans to BrainTrust (quarry[braintrust]).")
    otel_service_name: str = Field("quarry", description="OpenTelemetry service name.")

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
        env_file = os.environ.get(ENV_FILE_VAR)
        if env_file == "":
            return init_settings, env_settings, file_secret_settings
        if env_file is not None:
            dotenv_settings = DotEnvSettingsSource(settings_cls, env_file=env_file, env_file_encoding="utf-8")
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
