"""archive intent classification: rules + nearest neighbours on the labelled sets (English and Malay)."""

from __future__ import annotations

import pytest

from quarry.apps.archive.corpus import load_intent_eval, load_intent_examples
from quarry.apps.archive.intent import REPLIES, classify
from quarry.apps.archive.models import Constraints
from quarry.apps.archive.planner import LastSearch, plan_offline

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


def _last(query_text: str, years: tuple[int, ...] = (), **constraints: object) -> LastSearch:
    plan = plan_offline([query_text], classify)
    return LastSearch(plan.model_copy(update={"constraints": Constraints(**constraints)}), years)


@pytest.mark.parametrize("text", ["older ones?", "earlier ones", "yang lebih lama?", "show me older"])
def test_older_ones_moves_the_years_before_the_previous_results(text: str) -> None:
    years = (1960, 1982, 1986, 1992, 2006, 2012)
    last = _last("songket from Terengganu", years, media_type="video", place="Terengganu")
    plan = plan_offline(["songket from Terengganu", "only videos", text], classify, last)
    assert plan.intent == "HERITAGE_SEARCH" and "songket" in plan.query
    c = plan.constraints
    assert (c.media_type, c.place, c.year_from, c.year_to) == ("video", "Terengganu", None, 1985)  # median_low 1986


def test_newer_ones_and_an_earlier_year_filter_are_the_pivot() -> None:
    last = _last("wayang kulit in the 1970s", (1972, 1975), year_from=1970, year_to=1979)
    older = plan_offline(["wayang kulit in the 1970s", "older ones?"], classify, last)
    assert (older.constraints.year_from, older.constraints.year_to) == (None, 1969)
    newer = plan_offline(["wayang kulit in the 1970s", "lebih baru"], classify, last)
    assert (newer.constraints.year_from, newer.constraints.year_to) == (1980, None)


def test_older_ones_without_a_previous_search_asks_for_detail() -> None:
    assert plan_offline(["older ones?"], classify).intent == "UNCLEAR"
    assert plan_offline(["hello", "older ones?"], classify).intent == "UNCLEAR"


def test_follow_ups_build_on_the_previous_search_not_only_the_first_turn() -> None:
    """'only videos' then 'from the 1980s': the media type of the middle turn is kept (session state)."""
    last = _last("songket from Terengganu", media_type="video", place="Terengganu")
    plan = plan_offline(["songket from Terengganu", "only videos", "from the 1980s"], classify, last)
    c = plan.constraints
    assert (c.media_type, c.place, c.year_from, c.year_to) == ("video", "Terengganu", 1980, 1989)
