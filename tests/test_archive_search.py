"""archive against the real database: ingest, `match_archives`, the search tool, the grader,
the orchestrator (intents, attempts, memory, audit), CLI and HTTP."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.apps.archive.concepts import parse_message
from quarry.apps.archive.corpus import load_intent_eval, load_search_eval
from quarry.apps.archive.ingest import IngestReport, ingest
from quarry.apps.archive.intent import NOT_FOUND, REPLIES
from quarry.apps.archive.models import ArchiveResponse, Constraints
from quarry.apps.archive.orchestrator import run
from quarry.apps.archive.relevance import grade
from quarry.apps.archive.thresholds import Thresholds, calibrate, thresholds_for
from quarry.apps.archive.tools import search_archives_db
from quarry.db import Database, get_database
from quarry.embed import Embedder, Role, embed_query, get_embedder, vector_literal
from quarry.llm import last_user_text, output_call
from quarry.settings import get_settings


@pytest.fixture(scope="module")
def env() -> Iterator[tuple[Database, Embedder, IngestReport]]:
    s = get_settings()
    db, embedder = get_database(s), get_embedder(s)
    ingest(db, embedder)
    yield db, embedder, ingest(db, embedder)  # the second run is the one checked: idempotent


def ask(message: str, thread_id: str | None = None) -> ArchiveResponse:
    return asyncio.run(run(message, thread_id=thread_id))


def test_ingest_is_idempotent_and_embeds_every_item(env) -> None:  # type: ignore[no-untyped-def]
    db, _, report = env
    assert report.items == 340 and report.embedded == 0 and report.deleted == 0
    assert db.scalar("SELECT count(*) FROM archive_items WHERE embedding IS NOT NULL") == 340
    assert report.summarised >= 100
    long = db.fetch_one("SELECT description, summary FROM archive_items ORDER BY length(description) DESC LIMIT 1")
    assert long is not None and len(long["summary"].split()) <= 61 < len(long["description"].split())
    assert db.scalar("SELECT value FROM archive_corpus_stats WHERE key = 'docs'") == 340


def test_match_archives_is_a_sql_function_best_first(env) -> None:  # type: ignore[no-untyped-def]
    db, embedder, _ = env
    q = vector_literal(embed_query(db, embedder, "wayang kulit"))
    rows = db.fetch_all("SELECT identifier, similarity FROM match_archives(CAST(:q AS vector), 0.8, 5)", {"q": q})
    sims = [r["similarity"] for r in rows]
    assert len(rows) == 5 and sims == sorted(sims, reverse=True) and min(sims) >= 0.8
    videos = db.fetch_all("SELECT media_type FROM match_archives(CAST(:q AS vector), 0.0, 10, 'video')", {"q": q})
    assert {r["media_type"] for r in videos} == {"video"}


def test_search_tool_returns_structured_hits_and_text(env) -> None:  # type: ignore[no-untyped-def]
    db, embedder, _ = env
    res = search_archives_db(db, embedder, "wayang kulit shadow puppet", constraints=Constraints(media_type="video"))
    ids = [h.identifier for h in res.hits]
    assert len(ids) == len(set(ids)) == 10
    assert all(h.media_type == "video" for h in res.hits)
    assert res.hits[0].identifier in res.formatted and "similarity" in res.formatted
    assert res.lexical_boost and "wayang" in res.hits[0].matched_terms


def _judged_relevant_share(db: Database, embedder: Embedder, thresholds: Thresholds) -> float:
    """Share of the off-topic messages (UNRELATED, UNCLEAR, GREETING) that the grader calls relevant when
    they are forced through search with the embedding model's thresholds."""
    off = [c.text for c in load_intent_eval() if c.label != "HERITAGE_SEARCH"]
    judged = []
    for text in off:
        parsed = parse_message(text)
        res = search_archives_db(
            db,
            embedder,
            parsed.query or text,
            constraints=parsed.constraints,
            match_threshold=thresholds.match_threshold,
        )
        judged.append(grade(res.hits, parsed, thresholds, res.constraints)[0] == "relevant")
    print(f"\noff-topic messages judged relevant ({thresholds.source}): {sum(judged)}/{len(judged)}")
    return sum(judged) / len(judged)


def test_unrelated_queries_forced_through_search_are_rarely_judged_relevant(env) -> None:  # type: ignore[no-untyped-def]
    db, embedder, _ = env
    used = thresholds_for(db, embedder)
    assert used.model == embedder.model == "multilingual-e5-small" and used.source == "table"
    assert _judged_relevant_share(db, embedder, used) <= 0.10
    assert _judged_relevant_share(db, embedder, calibrate(db, embedder)) <= 0.10


class _Renamed:
    """The same vectors under another model name: an embedding model the table does not know."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.model, self.dim = inner, "e5-under-another-name", inner.dim

    def embed(self, texts: Sequence[str], *, role: Role) -> np.ndarray:
        return self.inner.embed(texts, role=role)


def test_thresholds_are_per_embedding_model_and_calibrated_on_the_labelled_sets(env) -> None:  # type: ignore[no-untyped-def]
    db, embedder, _ = env
    table, measured = thresholds_for(db, embedder), calibrate(db, embedder)
    for name in ("match_threshold", "relevant_similarity", "no_concept_similarity"):
        assert abs(getattr(table, name) - getattr(measured, name)) <= 0.015, name  # the table is a calibration
    other = _Renamed(embedder)
    got = thresholds_for(db, other)  # unknown model: calibrated on first use, then kept
    assert got.source == "calibrated" and got.model == other.model and thresholds_for(db, other) is got
    assert (got.match_threshold, got.relevant_similarity) == (measured.match_threshold, measured.relevant_similarity)


def test_labelled_queries_are_mostly_relevant_on_the_first_attempt(env) -> None:  # type: ignore[no-untyped-def]
    db, embedder, _ = env
    good = 0
    cases = load_search_eval()
    for case in cases:
        parsed = parse_message(case.query)
        res = search_archives_db(db, embedder, parsed.query, constraints=parsed.constraints)
        top = {h.identifier for h in res.hits[:3]}
        good += grade(res.hits, parsed)[0] == "relevant" and bool(top & set(case.relevant))
    print(f"\nfirst attempt relevant by the grader and by the labels (top 3): {good}/{len(cases)}")
    assert good / len(cases) >= 0.80


def test_wayang_kulit_videos(env) -> None:  # type: ignore[no-untyped-def]
    resp = ask("show me videos about wayang kulit performances")
    assert resp.response_type == "results" and resp.intent == "HERITAGE_SEARCH"
    # Only items that passed the grader, never padded to 10 (issue 21).
    assert 4 <= resp.total == len(resp.archives) <= 10 and len(resp.attempts) == 1
    assert all(h.media_type == "video" for h in resp.archives)
    relevant = set(next(c for c in load_search_eval() if c.id == "S003").relevant)
    assert sum(h.identifier in relevant for h in resp.archives[:5]) >= 4
    assert resp.run_id is not None and [s.kind for s in resp.trace] == ["plan", "retrieval"]


@pytest.mark.parametrize("message", ["photos of old Kuala Lumpur before 1950", "gambar lama Kuala Lumpur sebelum 1950"])
def test_a_question_made_of_filters_is_answered_by_what_passes_them(env, message: str) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = env
    expected = {
        r["identifier"]
        for r in db.fetch_all(
            "SELECT identifier FROM archive_items WHERE media_type = 'image' AND place ILIKE '%kuala lumpur%'"
            " AND year_from <= 1949 AND NOT synthetic"
        )
    }
    resp = ask(message)
    assert resp.response_type == "results" and len(resp.attempts) == 1  # not broadened away
    assert resp.attempts[0].verdict == "relevant" and {h.identifier for h in resp.archives} == expected
    assert len(expected) >= 3


@pytest.mark.parametrize(
    ("message", "intent"),
    [("hello", "GREETING"), ("what's the weather?", "UNRELATED"), ("show me something", "UNCLEAR")],
)
def test_non_search_intents_reply_without_searching(env, message: str, intent: str) -> None:  # type: ignore[no-untyped-def]
    resp = ask(message)
    assert resp.response_type == "message" and resp.intent == intent
    assert resp.message == REPLIES[intent] and resp.archives == [] and resp.attempts == []


def test_kelantan_batik_broadens_by_dropping_the_place(env) -> None:  # type: ignore[no-untyped-def]
    resp = ask("Kelantan batik")
    assert [a.verdict for a in resp.attempts] == ["weak", "relevant"]
    assert resp.attempts[1].strategy == "broaden" and resp.attempts[1].note == "dropped place Kelantan"
    assert resp.response_type == "results"
    assert sum("batik" in h.tags for h in resp.archives[:5]) >= 4


def test_nothing_relevant_after_three_attempts_gives_the_message_and_labelled_nearest(env) -> None:  # type: ignore[no-untyped-def]
    resp = ask("Viking longship photographs")  # a heritage request the archive holds nothing for
    assert resp.intent == "HERITAGE_SEARCH" and 1 <= len(resp.attempts) <= 3
    assert all(a.verdict != "relevant" for a in resp.attempts)
    assert resp.attempts[1].strategy == "broaden" and resp.attempts[1].note == "dropped media type image"
    assert resp.response_type == "message" and resp.message == NOT_FOUND
    assert resp.archives == [] and resp.total == 0 and 1 <= len(resp.nearest) <= 5
    from quarry.apps.archive.render import NOT_MATCHING, render_markdown, render_text

    assert "NOT a match" in render_text(resp) and NOT_MATCHING in render_markdown(resp)


def test_thread_memory_follow_up(env) -> None:  # type: ignore[no-untyped-def]
    first = ask("songket from Terengganu")
    second = ask("only videos", thread_id=first.thread_id)
    assert second.thread_id == first.thread_id and second.intent == "HERITAGE_SEARCH"
    assert second.attempts[0].constraints.startswith("video")
    assert all(h.media_type == "video" for h in second.archives)


def test_thread_memory_older_ones(env) -> None:  # type: ignore[no-untyped-def]
    """The issue's follow-ups in one thread: 'only videos', then 'older ones?' (years before the median
    year of the previous results), then a greeting does not lose the search, then 'newer ones?'.
    (A subject with several videos of one place: answers are no longer padded, so the thread needs
    items on both sides of the median.)"""
    first = ask("wayang kulit from Kelantan")
    videos = ask("only videos", thread_id=first.thread_id)
    years = sorted(h.year_from for h in videos.archives if h.year_from is not None)
    pivot = years[(len(years) - 1) // 2]
    older = ask("older ones?", thread_id=first.thread_id)
    assert older.intent == "HERITAGE_SEARCH" and older.response_type == "results", older.message
    assert older.attempts[0].constraints == f"video, place ~ Kelantan, years …–{pivot - 1}"
    assert older.relaxed == []  # answered with every constraint applied
    assert older.archives and all(h.media_type == "video" and "Kelantan" in h.place for h in older.archives)
    assert all((h.year_from or h.year_to or 0) < pivot for h in older.archives)
    assert older.trace[0].filters is not None and older.trace[0].filters["constraints"]["year_to"] == pivot - 1
    assert ask("hello", thread_id=first.thread_id).intent == "GREETING"
    newer = ask("newer ones?", thread_id=first.thread_id)
    assert newer.intent == "HERITAGE_SEARCH" and newer.attempts[0].constraints.endswith(f"years {pivot}–…")


def test_a_models_plan_for_older_ones_gets_the_years_from_the_session(env) -> None:  # type: ignore[no-untyped-def]
    """With a language model the plan comes from it; it never saw the previous results, so the years of
    'older ones?' come from the session state."""
    from quarry.apps.archive.models import ArchivePlan

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        plan = ArchivePlan(
            intent="HERITAGE_SEARCH", query="songket", concepts=["songket"], constraints=Constraints(place="Terengganu")
        )
        return output_call(info, plan)

    first = ask("songket from Terengganu")
    years = sorted(h.year_from for h in first.archives if h.year_from is not None)
    pivot = years[(len(years) - 1) // 2]
    older = asyncio.run(run("older ones?", thread_id=first.thread_id, models={"plan": FunctionModel(model)}))
    assert older.attempts[0].constraints == f"place ~ Terengganu, years …–{pivot - 1}"
    assert all((h.year_from or 0) < pivot for h in older.archives)


class Judge:
    """An inline relevance judge: answers `relevant` for every attempt, keeps what it read."""

    def __init__(self, relevant: bool) -> None:
        self.relevant = relevant
        self.prompts: list[str] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        from quarry.apps.archive.judge import RelevanceVerdict

        self.prompts.append(last_user_text(messages))
        return output_call(info, RelevanceVerdict(relevant=self.relevant, reason="checked the titles and summaries"))


def test_a_language_model_judges_relevance_from_the_summaries(env) -> None:  # type: ignore[no-untyped-def]
    judge = Judge(relevant=False)
    resp = asyncio.run(run("show me videos about wayang kulit performances", models={"judge": FunctionModel(judge)}))
    assert len(resp.attempts) == len(judge.prompts) == 3 and all(a.verdict == "weak" for a in resp.attempts)
    assert resp.response_type == "message" and resp.message == NOT_FOUND and resp.nearest
    read = judge.prompts[0]
    assert read.startswith("User request: show me videos about wayang kulit performances") and "summary: " in read
    db = env[0]
    long = db.fetch_one(
        "SELECT summary, description FROM archive_items WHERE identifier = :i", {"i": resp.nearest[0].identifier}
    )
    assert long is not None and long["summary"] in read  # the short summary, never more than 60-odd words
    assert all(a.judged_by for a in resp.attempts) and resp.trace[1].codes == ["weak", "judged_by_model"]
    yes = Judge(relevant=True)
    ok = asyncio.run(run("Kelantan batik", models={"judge": FunctionModel(yes)}))
    assert len(ok.attempts) == 1 and ok.response_type == "results"  # the model accepts what the grader did not
    assert ok.attempts[0].verdict == "relevant" and ok.attempts[0].judged_by


def test_cli_ask_json(env) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from quarry.cli import app as cli

    out = CliRunner().invoke(cli, ["archive", "ask", "hello", "--json"])
    assert out.exit_code == 0, out.stdout
    assert json.loads(out.stdout)["intent"] == "GREETING"


def test_http_search(client) -> None:  # type: ignore[no-untyped-def]
    resp = client.post("/api/archive/search", json={"message": "tunjukkan video wayang kulit"})
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["response_type"] == "results" and body["total"] > 0 and body["attempts"]
    again = client.post("/api/archive/search", json={"message": "hello", "thread_id": body["thread_id"]})
    assert again.json()["thread_id"] == body["thread_id"]
    bad = client.post("/api/archive/search", json={"message": "   "})
    assert bad.status_code == 422 and bad.json()["error"] == "BadInput"  # blank: refused by the schema


class Rewriter:
    """An inline query rewriter: answers `query` for every refinement, keeps what it read."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.prompts: list[str] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        from quarry.apps.archive.rewrite import QueryRewrite

        self.prompts.append(last_user_text(messages))
        return output_call(info, QueryRewrite(query=self.query, reason="another wording"))


def test_a_language_model_rewrites_each_refined_query(env) -> None:  # type: ignore[no-untyped-def]
    rewriter = Rewriter("kipas fan dance")
    resp = asyncio.run(run("tarian kipas", models={"rewrite": FunctionModel(rewriter)}))
    assert len(resp.attempts) >= 2 and resp.attempts[1].query == "kipas fan dance"
    assert resp.attempts[1].strategy != "initial" and resp.attempts[1].constraints == resp.attempts[0].constraints
    read = rewriter.prompts[0]
    assert read.startswith("User request: tarian kipas") and repr(resp.attempts[0].query) in read
    # A rewrite that repeats a query already tried is not used: the policy's own wording stands.
    echo = Rewriter(resp.attempts[0].query)
    again = asyncio.run(run("tarian kipas", models={"rewrite": FunctionModel(echo)}))
    assert echo.prompts and len({a.query for a in again.attempts}) == len(again.attempts)


def test_many_weak_matches_narrow_to_the_subjects_own_terms(env) -> None:  # type: ignore[no-untyped-def]
    from quarry.apps.archive.refine import NARROW_AT

    resp = asyncio.run(run("kuih bahulu"))
    first, second = resp.attempts[0], resp.attempts[1]
    assert first.verdict == "weak" and first.candidates >= NARROW_AT
    assert second.strategy == "narrow" and second.query != first.query and second.constraints == first.constraints
