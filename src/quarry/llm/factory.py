"""Model factory: OpenRouter / any OpenAI-compatible server, with the offline model last.

Every agent runs on `build_model(settings, offline)`. With a key, that is a `FallbackModel`
over the configured model, its fallback models and finally the app's offline
`FunctionModel`, so a provider error still gets an answer; `FallbackLog` records why.
Without a key it is the offline model alone.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field

from genai_prices import data_snapshot
from pydantic_ai.models import Model
from pydantic_ai.models.fallback import FallbackModel
from pydantic_ai.models.function import FunctionDef, FunctionModel

from quarry.settings import Settings

OFFLINE_PREFIX = "offline:"
_NO_PRICES = data_snapshot.DataSnapshot(providers=[], from_auto_update=False)


@dataclass
class FallbackLog:
    """Errors that made the fallback chain move on, in order (read after a run)."""

    errors: list[str] = field(default_factory=list)


_fallbacks: ContextVar[FallbackLog | None] = ContextVar("quarry_fallbacks", default=None)


def start_fallback_log() -> FallbackLog:
    """Begin collecting fallback reasons for the current run (context-local)."""
    log = FallbackLog()
    _fallbacks.set(log)
    return log


def _record(exc: Exception) -> bool:
    log = _fallbacks.get()
    if log is not None:
        log.errors.append(f"{type(exc).__name__}: {exc}"[:300])
    return True  # any provider failure moves on; the offline model always answers


def remote_models(settings: Settings) -> list[Model]:
    """The configured remote chain (empty when no key is set or the provider is 'offline')."""
    if settings.llm_provider == "offline":
        return []
    base_url: str | None
    if settings.llm_provider in ("auto", "openrouter") and settings.openrouter_api_key:
        base_url, key = settings.openrouter_base_url, settings.openrouter_api_key or ""
        names = [settings.openrouter_model_name, *settings.fallback_models]
    elif settings.llm_provider in ("auto", "openai") and (settings.openai_api_key or settings.openai_base_url):
        base_url, key = settings.openai_base_url, settings.openai_api_key or "none"
        names = [settings.openai_model_name, *settings.fallback_models]
    else:
        return []
    # The OpenAI client costs ~0.7 s to import: only a configured remote provider pays it.
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    provider = OpenAIProvider(base_url=base_url, api_key=key)
    timeout = settings.llm_timeout_s
    return [OpenAIChatModel(n, provider=provider, settings={"timeout": timeout}) for n in names]


def _use_price_tables(needed: bool) -> None:
    """Load genai-prices' price tables only when a remote model can cost money.

    PydanticAI loads them (1.6 MB of Python, ~0.15 s) in every `Model` constructor; an
    offline `FunctionModel` has no price, and a CLI call paid that on every run. With a
    remote provider the bundled tables are used as PydanticAI intends.
    """
    data_snapshot.set_custom_snapshot(None if needed else _NO_PRICES)


def build_model(settings: Settings, offline: FunctionDef, *, name: str) -> Model:
    """Remote chain → offline model; the offline model alone when nothing remote is configured."""
    remote = remote_models(settings)
    _use_price_tables(bool(remote))
    local = FunctionModel(offline, model_name=f"{OFFLINE_PREFIX}{name}")
    if not remote:
        return local
    return FallbackModel(remote[0], *remote[1:], local, fallback_on=_record)


def is_offline(model_name: str | None) -> bool:
    return bool(model_name and model_name.startswith(OFFLINE_PREFIX))
