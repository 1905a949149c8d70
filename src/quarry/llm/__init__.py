"""LLM access: model factory with the offline model as the last fallback, behind a provider breaker."""

from quarry.llm.breaker import Breaker, Circuit, provider_key
from quarry.llm.factory import (
    FallbackLog,
    RemoteProvider,
    build_model,
    is_offline,
    model_in_use,
    remote_models,
    remote_provider,
    start_fallback_log,
)
from quarry.llm.guarded import FallbackCode, ProviderDown
from quarry.llm.health import ProviderHealth, provider_health
from quarry.llm.offline import last_user_text, output_call, user_texts

__all__ = [
    "Breaker",
    "Circuit",
    "FallbackCode",
    "FallbackLog",
    "ProviderDown",
    "ProviderHealth",
    "RemoteProvider",
    "build_model",
    "is_offline",
    "last_user_text",
    "model_in_use",
    "output_call",
    "provider_health",
    "provider_key",
    "remote_models",
    "remote_provider",
    "start_fallback_log",
    "user_texts",
]
