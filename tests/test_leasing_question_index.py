"""The lease question index (issue 22, item 4): questions filed under the sections of one lease that answer them,
read nearest-first to choose the section a new question is about."""

from __future__ import annotations

import asyncio

import pytest

from quarry.apps.leasing.lease_questions import (
    IndexedQuestion,
    Neighbour,
    bundled_questions,
    load_index,
    verdict,
)
from quarry.apps.leasing.leaseqa import answer_question
from quarry.apps.leasing.orchestrator import run
from quarry.db import Database
from quarry.embed import get_embedder
from quarry.settings import get_settings


def test_every_bundled_lease_has_its_questions_indexed_with_vectors(leasing_db: Database) -> None:
    embedder = get_embedder(get_settings())
    stored, left_out = load_index(leasing_db, embedder)  # idempotent: the ingest loaded them
    assert left_out == 0 and stored == len({(q.lease_id, q.question) for q in bundled_questions()})
    rows = leasing_db.fetch_all(
        "SELECT l.lease_id, count(q.question) AS n, count(q.embedding) FILTER (WHERE q.embed_model = :m) AS vectors"
        " FROM leasing_leases l LEFT JOIN leasing_lease_questions q USING (lease_id) GROUP BY l.lease_id",
        {"m": embedder.model},
    )
    assert rows and all(r["n"] >= 200 and r["vectors"] == r["n"] for r in rows)
    # Each lease's silences are indexed too: questions filed under no section.
    silent = leasing_db.scalar("SELECT count(*) FROM leasing_lease_questions WHERE cardinality(sections) = 0")
    assert silent >= 10 * len(rows)


def test_a_question_filed_under_a_section_its_lease_lacks_is_left_out(leasing_db: Database) -> None:
    embedder = get_embedder(get_settings())
    bundled = bundled_questions()
    stray = [
        IndexedQuestion("LEASE-0001", "what does clause 99.9 say about moon rent?", ("99.9",)),
        IndexedQuestion("LEASE-9999", "is there a lease at all?", ()),
    ]
    stored, left_out = load_index(leasing_db, embedder, [*bundled, *stray])
    assert (stored, left_out) == (len(bundled), 2)
    assert not leasing_db.scalar(
        "SELECT count(*) FROM leasing_lease_questions WHERE question = ANY(:q)", {"q": [q.question for q in stray]}
    )


def _n(sim: float, *sections: str) -> Neighbour:
    return Neighbour(f"q{sim}{sections}", tuple(sections), sim)


def test_the_verdict_is_the_weighted_vote_of_the_nearest_questions() -> None:
    assert verdict([]) is None
    assert verdict([_n(0.85, "13.1"), _n(0.84, "13.1")]) is None  # nothing near enough
    # Two near questions on 13.2 outweigh one a little nearer on 13.1.
    decided = verdict([_n(0.93, "13.1"), _n(0.92, "13.2"), _n(0.92, "13.2")])
    assert decided is not None and decided.sections == ("13.2",) and decided.support == pytest.approx(0.589, abs=0.01)
    # The sections of the nearest voter are cited: the amendment with the section it changes.
    amended = verdict([_n(0.95, "First Amendment, Section 2", "13.1"), _n(0.91, "First Amendment, Section 2")])
    assert amended is not None and amended.sections == ("First Amendment, Section 2", "13.1")
    # Silence wins a vote like a section does: the lease says nothing on it.
    silent = verdict([_n(0.94), _n(0.93), _n(0.91, "26.1")])
    assert silent is not None and silent.sections == ()


def _chosen(neighbours: list[Neighbour], allowed: set[str]) -> tuple[str, ...] | None:
    decided = verdict(neighbours, allowed=allowed)
    return None if decided is None else decided.sections


def test_on_a_topic_only_very_near_questions_vote_off_it_or_for_silence() -> None:
    on_topic = {"13.1", "13.2"}
    assert _chosen([_n(0.91, "7.1"), _n(0.90, "13.2")], on_topic) == ("13.2",)
    assert _chosen([_n(0.91, "7.1")], on_topic) is None
    assert _chosen([_n(0.95, "7.1"), _n(0.90, "13.2")], on_topic) == ("7.1",)
    assert _chosen([_n(0.91), _n(0.90, "13.2")], on_topic) == ("13.2",)
    assert _chosen([_n(0.93), _n(0.90, "13.2")], on_topic) == ()


@pytest.mark.parametrize(
    ("tenant", "question", "section"),
    [
        # Written for this test, after the index: tenants' words the lease does not use.
        ("T-010", "do we need permission to repaint the walls and swap the carpet?", "12.2"),
        ("T-009", "could we keep a freezer for milk in the cellar storage?", "Supplemental Agreement No. 1, Section 3"),
        ("T-009", "what happens to our espresso machines when the lease is over, do they stay?", "12.7"),
    ],
)
def test_a_question_in_other_words_is_answered_from_the_section_its_nearest_questions_name(
    leasing_db: Database, tenant: str, question: str, section: str
) -> None:
    a = answer_question(leasing_db, question, tenant_id=tenant, embedder=get_embedder(get_settings()))
    assert a.found and a.retrieval == "index" and a.citations[0].section == section
    lease = leasing_db.scalar("SELECT lease_id FROM leasing_tenancies WHERE tenant_id = :t", {"t": tenant})
    body = leasing_db.scalar("SELECT body FROM leasing_leases WHERE lease_id = :l", {"l": lease})
    assert all(c.quote in body and c.lease_id == lease for c in a.citations)
    # The indexed question it went by is one of that lease's.
    assert leasing_db.scalar(
        "SELECT count(*) FROM leasing_lease_questions WHERE lease_id = :l AND question = :q",
        {"l": lease, "q": a.indexed_question},
    )


def test_what_the_lease_is_silent_on_is_not_answered_from_a_loosely_related_clause(leasing_db: Database) -> None:
    a = answer_question(
        leasing_db,
        "is there a parking garage for our staff in the building?",
        tenant_id="T-010",
        embedder=get_embedder(get_settings()),
    )
    assert not a.found and a.citations == []


def test_the_turn_shows_the_index_in_its_trace(leasing_db: Database) -> None:
    r = asyncio.run(run("do we need permission to repaint the walls and swap the carpet?", tenant_id="T-010"))
    assert r.route == "DOMA/lease" and r.lease_answer is not None and r.lease_answer.indexed_question
    step = next(s for s in r.trace if s.step == "lease-qa")
    assert step.retrieval_mode == "index" and r.lease_answer.indexed_question in step.reason


def test_an_articles_restrictions_are_on_its_topic(leasing_db: Database) -> None:
    """The topic "use" is heard in the permitted-purpose words; the restrictions beside it (LEASE-0009 3.2 (b): no
    alcohol) are in the same article, so the index's vote for them counts."""
    from quarry.apps.leasing.leaseqa import answer_question

    a = answer_question(leasing_db, "we'd like to add a happy hour with beer and cider after 5, does our lease let us?",
                        tenant_id="T-009", embedder=get_embedder(get_settings()))  # fmt: skip
    assert a.found and a.retrieval == "index"
    assert "3.2" in {c.section for c in a.citations}
