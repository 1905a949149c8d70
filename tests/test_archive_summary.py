"""Long descriptions are summarised before a model reads them: by the language model when one is
configured (here an inline `FunctionModel`), extractive offline or when the model fails; a re-ingest
keeps a model's summary while the description is unchanged. Runs in its own small database."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.apps.archive.corpus import ArchiveItem, load_items
from quarry.apps.archive.ingest import ingest, is_long
from quarry.apps.archive.scale import bench_settings
from quarry.apps.archive.summary import EXTRACTIVE, SUMMARY_WORDS, extractive_summary, model_summaries
from quarry.db import Database, get_database
from quarry.embed import get_embedder
from quarry.llm import last_user_text
from quarry.settings import get_settings

SUMMARY_DB = "quarry_archive_summary_test"


class Summariser:
    """A model that 'summarises' by naming the first words it read; counts its calls."""

    def __init__(self, *, fail: bool = False) -> None:
        self.calls = 0
        self.fail = fail

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.calls += 1
        if self.fail:
            raise RuntimeError("model down")
        assert info.instructions and "at most" in info.instructions
        first = " ".join(last_user_text(messages).split()[:8])
        return ModelResponse(parts=[TextPart(f"LLM summary of: {first}")])


@pytest.fixture(scope="module")
def small_db() -> Iterator[Database]:
    s = get_settings()
    yield get_database(bench_settings(s, name=SUMMARY_DB))


def _few() -> list[ArchiveItem]:
    items = load_items()
    return [i for i in items if is_long(i)][:3] + [i for i in items if not is_long(i)][:2]


def test_ingest_summarises_long_descriptions_with_the_model_and_keeps_them(small_db: Database) -> None:
    s = get_settings()
    embedder = get_embedder(s)
    items = _few()
    fn = Summariser()
    report = ingest(small_db, embedder, items=items, settings=s, summary_model=FunctionModel(fn))
    assert report.items == 5 and report.summarised == 3 and report.model_summarised == 3 and fn.calls == 3
    rows = {
        r["identifier"]: r
        for r in small_db.fetch_all(
            "SELECT identifier, description, summary, summary_model, embed_text FROM archive_items"
        )
    }
    for item in items:
        row = rows[item.identifier]
        if is_long(item):
            assert row["summary"].startswith("LLM summary of: ") and row["summary_model"] != EXTRACTIVE
            assert row["summary"] in row["embed_text"]  # what is embedded and what the model reads
        else:
            assert row["summary"] == item.description.strip() and row["summary_model"] == EXTRACTIVE
    again = ingest(small_db, embedder, items=items, settings=s, summary_model=FunctionModel(fn))
    assert fn.calls == 3 and again.model_summarised == 0 and again.embedded == 0  # kept: no new call
    offline = ingest(small_db, embedder, items=items, settings=s)  # no model configured: extractive
    long = items[0]
    stored = small_db.fetch_one(
        "SELECT summary, summary_model FROM archive_items WHERE identifier = :i", {"i": long.identifier}
    )
    assert stored == {"summary": extractive_summary(long.description), "summary_model": EXTRACTIVE}
    assert offline.model_summarised == 0


def test_a_failing_model_falls_back_to_the_extractive_summary() -> None:
    text = " ".join(f"Sentence number {i} tells something about songket weaving." for i in range(40))
    fn = Summariser(fail=True)
    got = asyncio.run(model_summaries([text], settings=get_settings(), model=FunctionModel(fn)))
    assert got == [(extractive_summary(text), EXTRACTIVE)] and fn.calls == 1


def test_a_long_model_answer_is_cut() -> None:
    def wordy(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return ModelResponse(parts=[TextPart("word " * 500)])

    [(summary, made_by)] = asyncio.run(
        model_summaries(["x " * 300], settings=get_settings(), model=FunctionModel(wordy))
    )
    assert len(summary.split()) == SUMMARY_WORDS * 3 // 2 and summary.endswith("…") and made_by != EXTRACTIVE
