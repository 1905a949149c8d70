"""Summaries of long descriptions, made at ingest, so that the search model reads a short text.

With a language model configured, each long description is summarised by it (`model_summaries`);
offline, or when the model fails, the summary is extractive: deterministic whole sentences from
the start, up to `max_words`; a first sentence longer than that is cut at a word boundary and
ends with '…'.

>>> extractive_summary("One two. Three four five. Six.", max_words=5)
'One two. Three four five.'
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from functools import lru_cache

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo

from quarry.agent import AgentFailed, run_agent
from quarry.llm import is_offline, last_user_text
from quarry.settings import Settings

SUMMARY_WORDS = 60
"""Target length of an extractive summary, in words."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[A-Z0-9])")


def sentences(text: str) -> list[str]:
    """Sentences of `text` (split after . ! ? followed by a capital, digit or opening quote)."""
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def extractive_summary(text: str, *, max_words: int = SUMMARY_WORDS) -> str:
    """The first sentences of `text` that fit in `max_words` (the whole text when it is short)."""
    if len(text.split()) <= max_words:
        return text.strip()
    kept: list[str] = []
    used = 0
    for sentence in sentences(text):
        n = len(sentence.split())
        if kept and used + n > max_words:
            break
        kept.append(sentence)
        used += n
    out = " ".join(kept)
    words = out.split()
    if len(words) > max_words:  # one very long first sentence
        out = " ".join(words[:max_words]).rstrip(",;:") + "…"
    return out


EXTRACTIVE = "extractive"
"""`archive_items.summary_model` of a summary made without a model."""
SUMMARY_CONCURRENCY = 4
"""Descriptions summarised by the model at once."""
SUMMARY_PROMPT = f"""Summarise the description of one heritage archive item in at most {SUMMARY_WORDS} words,
in English, as plain prose. Keep what a searcher needs: what the item shows or records (the form,
craft, building or event, with its Malay name), the place, the period and the kind of record.
Do not add facts that are not in the description. Answer with the summary only."""


@lru_cache(maxsize=1)
def summary_agent() -> Agent[None, str]:
    return Agent(output_type=str, instructions=SUMMARY_PROMPT, name="archive-summary")


def _offline_summary(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return ModelResponse(parts=[TextPart(extractive_summary(last_user_text(messages)))])


def clip_words(text: str, max_words: int) -> str:
    """`text` on one line, at most `max_words` words ('…' when cut)."""
    words = text.split()
    return " ".join(words) if len(words) <= max_words else " ".join(words[:max_words]).rstrip(",;:") + "…"


async def model_summaries(
    descriptions: Sequence[str], *, settings: Settings, model: Model | None = None
) -> list[tuple[str, str]]:
    """(summary, summary_model) per description: the configured model's (or `model`'s) summary, cut to
    1.5 × `SUMMARY_WORDS` words; the extractive one, with `EXTRACTIVE`, when the chain fell back offline,
    failed or answered nothing."""
    gate = asyncio.Semaphore(SUMMARY_CONCURRENCY)

    async def one(text: str) -> tuple[str, str]:
        async with gate:
            try:
                run = await run_agent(
                    summary_agent(),
                    text,
                    settings=settings,
                    offline=_offline_summary,
                    name="archive-summary",
                    model=model,
                )
            except AgentFailed:
                return extractive_summary(text), EXTRACTIVE
        out = clip_words(str(run.output), SUMMARY_WORDS * 3 // 2)
        if is_offline(run.model) or not out:
            return extractive_summary(text), EXTRACTIVE
        return out, run.model or "model"

    return list(await asyncio.gather(*(one(d) for d in descriptions)))
