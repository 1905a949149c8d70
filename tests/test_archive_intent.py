"""archive intent classification: rules + nearest neighbours on the labelled sets (English and Malay)."""

from __future__ import annotations

import pytest

from quarry.apps.archive.corpus import load_intent_eval, load_intent_examples
from quarry.apps.archive.intent import REPLIES, classify
from quarry.apps.archive.planner import plan_offline

CASES = load_intent_eval()


@pytest.fixture(scope="module")
def knn() -> object:
    from quarry.apps.archive.ingest import ingest
    from quarry.apps.archive.planner import intent_examples
    from quarry.db import get_database
    from quarry.embed import embed_query, get_embedder
    from quarry.settings import get_settings

    s = get_settings()
    db, embedder = get_database(s), get_embedder(s)
    ingest(db, embedder)
    examples = intent_examples(db, embedder)
    return lambda text: classify(text, examples=examples, embed=lambda t: embed_query(db, embedder, t))


def test_intent_accuracy_on_the_eval_set(knn) -> None:  # type: ignore[no-untyped-def]
    got = [(c, knn(c.text).intent) for c in CASES]
    acc = sum(intent == c.label for c, intent in got) / len(got)
    misses = [f"{c.text!r}: {intent} (expected {c.label})" for c, intent in got if intent != c.label]
    print(f"\narchive intent accuracy (rules + kNN) on {len(got)} cases: {acc:.3f}; misses: {misses}")
    assert acc >= 0.95, misses


def test_rules_alone_on_the_training_examples() -> None:
    """The held-out check for the rules: the kNN examples were not used to write them."""
    cases = load_intent_examples()
    acc = sum(classify(c.text).intent == c.label for c in cases) / len(cases)
    print(f"\narchive intent accuracy (rules only) on {len(cases)} examples: {acc:.3f}")
    assert acc >= 0.9


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("hello", "GREETING"),
        ("assalamualaikum", "GREETING"),
        ("what's the weather?", "UNRELATED"),
        ("show me something", "UNCLEAR"),
        ("hi, show me keris", "HERITAGE_SEARCH"),
        ("tunjukkan video wayang kulit", "HERITAGE_SEARCH"),
        ("Kelantan batik", "HERITAGE_SEARCH"),
    ],
    ids=lambda v: str(v),
)
def test_seed_examples(text: str, intent: str) -> None:
    assert classify(text).intent == intent


def test_non_search_intents_answer_with_the_seed_templates() -> None:
    assert REPLIES["GREETING"].startswith("Hello! I'm here to help you search our heritage archive.")
    assert REPLIES["UNRELATED"].startswith("I can only help you search for heritage archive materials")
    assert REPLIES["UNCLEAR"].startswith("Could you please provide more details")


def test_a_follow_up_with_only_a_constraint_refines_the_previous_search() -> None:
    plan = plan_offline(["songket from Terengganu", "only videos"], classify)
    assert plan.intent == "HERITAGE_SEARCH"
    assert plan.constraints.media_type == "video" and plan.constraints.place == "Terengganu"
    assert "songket" in plan.query
