"""LLM access: model factory with the offline model as the last fallback."""

from quarry.llm.factory import (
    FallbackLog,
    build_model,
    is_offline,
    remote_models,
    start_fallback_log,
)
from quarry.llm.offline import last_user_text, output_call, user_texts

__all__ = [
    "FallbackLog",
    "build_model",
    "is_offline",
    "last_user_text",
    "output_call",
    "remote_models",
    "start_fallback_log",
    "user_texts",
]
