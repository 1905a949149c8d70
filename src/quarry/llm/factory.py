"""Model factory: OpenRouter / any OpenAI-compatible server, with the offline model last.

Every agent runs on `build_model(settings, offline)`. With a key, that is a `FallbackModel`
over the configured model, its fallback models and finally the app's offline
`FunctionModel`, so a provider error still gets an answer; `FallbackLog` records why.
Without a key it is the offline model alone. Each remote model sits behind its provider's
circuit breaker (`breaker.py`): while the provider is down it is skipped without a call, and
the log carries the stable code saying so.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from genai_prices import data_snapshot
from pydantic_ai.models import Model
from pydantic_ai.models.fallback import FallbackModel
from pydantic_ai.models.function import FunctionDef, FunctionModel

from quarry.llm.breaker import Breaker, provider_key
from quarry.llm.guarded import FallbackCode, GuardedModel, ProviderDown, failure_cause
from quarry.settings import Settings

OFFLINE_PREFIX = "offline:"
OPENAI_DEFAULT_URL = "https://api.openai.com/v1"
_NO_PRICES = data_snapshot.DataSnapshot(providers=[], from_auto_update=False)


@dataclass
class FallbackLog:
    """Errors that made the fallback chain move on, in order (read after a run)."""

    errors: list[str] = field(default_factory=list)
    codes: list[FallbackCode] = field(default_factory=list)
    """Why remote models were skipped without a call, as stable keys, each once ('provider_down')."""


_fallbacks: ContextVar[FallbackLog | None] = ContextVar("quarry_fallbacks", default=None)


def start_fallback_log() -> FallbackLog:
    """Begin collecting fallback reasons for the current run (context-local)."""
    log = FallbackLog()
    _fallbacks.set(log)
    return log


@dataclass(frozen=True)
class RemoteProvider:
    """The configured remote provider."""

    name: Literal["openrouter", "openai"]
    base_url: str | None
    """None: the OpenAI client's default (api.openai.com)."""
    api_key: str
    model_names: list[str]
    """The primary model, then the fallback models."""

    @property
    def key(self) -> str:
        """Its breaker's key (the base URL without credentials)."""
        return provider_key(self.base_url or OPENAI_DEFAULT_URL)


def remote_provider(settings: Settings, model_name: str | None = None) -> RemoteProvider | None:
    """The provider the settings configure (None when no key is set or the provider is 'offline').

    `model_name` replaces the provider's primary model for one agent (the shop's router and dialogue
    extractor have their own settings); the fallback models stay behind it."""
    if settings.llm_provider == "offline":
        return None
    fallbacks = settings.fallback_models
    if settings.llm_provider in ("auto", "openrouter") and settings.openrouter_api_key:
        return RemoteProvider(
            "openrouter",
            settings.openrouter_base_url,
            settings.openrouter_api_key,
            [model_name or settings.openrouter_model_name, *fallbacks],
        )
    if settings.llm_provider in ("auto", "openai") and (settings.openai_api_key or settings.openai_base_url):
        return RemoteProvider(
            "openai",
            settings.openai_base_url,
            settings.openai_api_key or "none",
            [model_name or settings.openai_model_name, *fallbacks],
        )
    return None


def remote_models(settings: Settings) -> list[Model]:
    """The configured remote chain, each model behind the provider's breaker (empty when none is configured)."""
    provider = remote_provider(settings)
    return [] if provider is None else _guarded_models(provider, settings, Breaker.for_settings(settings))


def model_in_use(settings: Settings, injected: Model | None) -> bool:
    """True when a language model does a step: one is injected (tests), or a remote chain is configured.
    Asked per turn, so it reads the settings only: building the chain makes a client per model."""
    return injected is not None or remote_provider(settings) is not None


def _guarded_models(provider: RemoteProvider, settings: Settings, breaker: Breaker) -> list[Model]:
    # The OpenAI client costs ~0.7 s to import: only a configured remote provider pays it.
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    client = OpenAIProvider(base_url=provider.base_url, api_key=provider.api_key)
    # `timeout` bounds one attempt and the client retries; `request_timeout` bounds them all, so a
    # provider that accepts and never answers costs LLM_TIMEOUT_S once, not once per retry.
    timeout = settings.llm_timeout_s
    return [
        GuardedModel(
            OpenAIChatModel(n, provider=client, settings={"timeout": timeout, "request_timeout": timeout}),
            breaker=breaker,
            key=provider.key,
        )
        for n in provider.model_names
    ]


def _on_failure(breaker: Breaker, key: str) -> Callable[[Exception], bool]:
    """The chain's `fallback_on`: log why it moved on and count the failure on the provider's breaker."""

    def on_failure(exc: Exception) -> bool:
        log = _fallbacks.get()
        if isinstance(exc, ProviderDown):
            if log is not None and exc.code not in log.codes:
                log.codes.append(exc.code)
        else:
            cause = failure_cause(exc)
            if cause == "answered":
                breaker.succeeded(key)
            elif cause is not None:
                breaker.failed(key, cause)
        if log is not None:
            log.errors.append(f"{type(exc).__name__}: {exc}"[:300])
        return True  # any provider failure moves on; the offline model always answers

    return on_failure


def _use_price_tables(needed: bool) -> None:
    """Load genai-prices' price tables only when a remote model can cost money.

    PydanticAI loads them (1.6 MB of Python, ~0.15 s) in every `Model` constructor; an
    offline `FunctionModel` has no price, and a CLI call paid that on every run. With a
    remote provider the bundled tables are used as PydanticAI intends.
    """
    data_snapshot.set_custom_snapshot(None if needed else _NO_PRICES)


def build_model(settings: Settings, offline: FunctionDef, *, name: str, model_name: str | None = None) -> Model:
    """Remote chain → offline model; the offline model alone when nothing remote is configured.

    `model_name`: this agent's own primary model (None = the provider's)."""
    provider = remote_provider(settings, model_name)
    _use_price_tables(provider is not None)
    local = FunctionModel(offline, model_name=f"{OFFLINE_PREFIX}{name}")
    if provider is None:
        return local
    breaker = Breaker.for_settings(settings)
    remote = _guarded_models(provider, settings, breaker)
    return FallbackModel(*remote, local, fallback_on=_on_failure(breaker, provider.key))


def is_offline(model_name: str | None) -> bool:
    return bool(model_name and model_name.startswith(OFFLINE_PREFIX))
