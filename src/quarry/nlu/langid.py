"""Which language a message is in, for the languages the apps serve (lingua-language-detector:
reliable on short and mixed text, no download). Built once, on first use (~0.7 s)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

_CODES = {"ENGLISH": "en", "RUSSIAN": "ru", "UKRAINIAN": "uk", "SPANISH": "es", "PERSIAN": "fa", "MALAY": "ms"}


@lru_cache(maxsize=1)
def _detector() -> Any:
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(*(getattr(Language, name) for name in _CODES)).build()


def detect(text: str, *, default: str = "en") -> str:
    """ISO 639-1 code of `text` among en, ru, uk, es, fa, ms (`default` when undecided)."""
    found = _detector().detect_language_of(text)
    return _CODES.get(found.name, default) if found is not None else default
