"""archive relevance (issue 21) against the real database: only items that pass are returned, no
padding, honest "nothing found", place- and period-only questions, constraints offered back, phrases."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from quarry.apps.archive.concepts import parse_message
from quarry.apps.archive.ingest import ingest
from quarry.apps.archive.intent import NOT_FOUND
from quarry.apps.archive.models import ArchiveHit, ArchiveResponse
from quarry.apps.archive.orchestrator import run
from quarry.apps.archive.refine import Step, next_attempt
from quarry.apps.archive.relevance import Concept, grade_items, mentions, phrase_text
from quarry.apps.archive.thresholds import DEFAULT
from quarry.db import get_database
from quarry.embed import get_embedder
from quarry.settings import get_settings


@pytest.fixture(scope="module", autouse=True)
def env() -> Iterator[None]:
    s = get_settings()
    ingest(get_database(s), get_embedder(s))
    yield


def ask(message: str, thread_id: str | None = None) -> ArchiveResponse:
    return asyncio.run(run(message, thread_id=thread_id))


def _hit(identifier: str, title: str, tags: list[str], summary: str = "", similarity: float = 0.85) -> ArchiveHit:
    return ArchiveHit(
        identifier=identifier,
        title=title,
        title_ms=title,
        summary=summary,
        tags=tags,
        media_type="image",
        place="Malaysia",
        period="1970s",
        collection="c",
        rights="r",
        similarity=similarity,
    )


def test_multi_word_tags_line_up_although_their_words_repeat_elsewhere() -> None:
    # The old grader's text dropped repeated words: 'batik from terengganu batik terengganu' became
    # 'batik from terengganu', and the tag 'batik terengganu' could never match.
    hit = _hit("X-1", "Batik from Terengganu", ["batik terengganu"])
    assert mentions(phrase_text(hit), Concept("batik terengganu", ("batik terengganu",)))
    # Fields stay apart: a phrase never runs from one tag into the next.
    apart = _hit("X-2", "Cloth", ["kain", "songket weaving"])
    assert not mentions(phrase_text(apart), Concept("kain songket", ("kain songket",)))


def test_every_item_is_judged_and_the_rare_concept_decides() -> None:
    concepts = [Concept("people", ("people",)), Concept("bidayuh", ("bidayuh",))]
    hits = [_hit(f"X-{n}", f"Portrait of people {n}", ["people"]) for n in range(12)]
    grades = grade_items(hits, concepts, weights={"people": 1.2, "bidayuh": 6.8}, known={"bidayuh": False})
    assert len(grades) == 12 and not any(g.passes for g in grades)
    assert all(g.met == ("people",) for g in grades)


def test_a_search_returns_only_items_that_passed_without_padding() -> None:
    resp = ask("sompoton mouth organ")
    assert resp.response_type == "results" and 1 <= resp.total == len(resp.archives) < 10
    assert all(h.relevance is not None and h.relevance >= DEFAULT.item_cover for h in resp.archives)
    assert all(h.concepts_met or h.concepts_close for h in resp.archives)
    answered = next(a for a in resp.attempts if a.verdict == "relevant")
    assert answered.count == resp.total and answered.candidates > resp.total  # judged more than it returned
    assert resp.nearest == []


@pytest.mark.parametrize("message", ["samurai armour photographs", "igloo photographs"])
def test_a_question_about_something_absent_finds_nothing_and_labels_the_nearest(message: str) -> None:
    resp = ask(message)
    assert resp.intent == "HERITAGE_SEARCH" and resp.attempts
    assert resp.response_type == "message" and resp.message == NOT_FOUND
    assert resp.archives == [] and resp.total == 0 and all(a.count == 0 for a in resp.attempts)
    assert 1 <= len(resp.nearest) <= 5


def test_a_place_only_question_is_answered_by_the_items_of_that_place() -> None:
    resp = ask("what do you have from Kuching?")
    assert resp.response_type == "results" and len(resp.attempts) == 1 and resp.relaxed == []
    assert resp.archives and all("Kuching" in h.place for h in resp.archives)


@pytest.mark.parametrize(
    ("message", "years"),
    [
        ("audio recorded in the seventies", (1970, 1979)),
        ("video tahun 80-an tentang tarian", (1980, 1989)),
        ("wayang kulit in the '60s", (1960, 1969)),
    ],
)
def test_decades_in_words_and_two_digits_are_year_filters_not_query_words(message: str, years: tuple[int, int]) -> None:
    parsed = parse_message(message)
    assert (parsed.constraints.year_from, parsed.constraints.year_to) == years
    assert not parsed.period & set(parsed.query.split())


@pytest.mark.parametrize("message", ["anything from before 1700", "what do you have from Kuching"])
def test_broadening_never_drops_the_only_constraint_of_a_question(message: str) -> None:
    parsed = parse_message(message)
    assert parsed.constraints.filter_count() == 1
    first = Step(parsed.query or message, parsed.constraints, "initial")
    assert next_attempt(parsed, [first]) is None  # without it nothing of the question is left


def test_a_dropped_place_is_said_and_offered_back() -> None:
    resp = ask("Kelantan batik")
    assert resp.response_type == "results" and resp.attempts[-1].strategy == "broaden"
    assert [r.field for r in resp.relaxed] == ["place"]
    assert resp.relaxed[0].value == "Kelantan" and resp.relaxed[0].restore.place == "Kelantan"
    assert all(h.relevance is not None for h in resp.archives)


@pytest.mark.parametrize("message", ["magunatip bamboo dance videos", "photos of the randai performance"])
def test_a_rare_word_no_item_holds_is_asked_for_so_nothing_is_found(message: str) -> None:
    """A specific name the archive lacks ("magunatip", "randai") beside known words ("bamboo",
    "dance") is what the question asks for: nothing matches, the nearest items are labelled."""
    resp = ask(message)
    assert resp.intent == "HERITAGE_SEARCH"
    assert resp.archives == [] and resp.message == NOT_FOUND and resp.nearest


def test_an_ordinary_word_the_archive_lacks_asks_for_nothing() -> None:
    from quarry.apps.archive.relevance import concepts_of

    parsed = parse_message("wayang kulit puppets installed in a museum")
    assert "installed" not in {c.name for c in concepts_of(parsed)}
