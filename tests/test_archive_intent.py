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


def test_a_follow_up_with_only_a_constraint_refines_the_previous_search(knn) -> None:  # type: ignore[no-untyped-def]
    plan = plan_offline(["songket from Terengganu", "only videos"], knn)
    assert plan.intent == "HERITAGE_SEARCH"
    assert plan.constraints.media_type == "video" and plan.constraints.place == "Terengganu"
    assert "songket" in plan.query


def _last(query_text: str, years: tuple[int, ...] = (), **constraints: object) -> LastSearch:
    plan = plan_offline([query_text], classify)  # the previous turn's plan: only its query is used
    return LastSearch(plan.model_copy(update={"constraints": Constraints(**constraints)}), years)


@pytest.mark.parametrize("text", ["older ones?", "earlier ones", "yang lebih lama?", "show me older"])
def test_older_ones_moves_the_years_before_the_previous_results(knn, text: str) -> None:  # type: ignore[no-untyped-def]
    years = (1960, 1982, 1986, 1992, 2006, 2012)
    last = _last("songket from Terengganu", years, media_type="video", place="Terengganu")
    plan = plan_offline(["songket from Terengganu", "only videos", text], knn, last)
    assert plan.intent == "HERITAGE_SEARCH" and "songket" in plan.query
    c = plan.constraints
    assert (c.media_type, c.place, c.year_from, c.year_to) == ("video", "Terengganu", None, 1985)  # median_low 1986


def test_newer_ones_and_an_earlier_year_filter_are_the_pivot(knn) -> None:  # type: ignore[no-untyped-def]
    last = _last("wayang kulit in the 1970s", (1972, 1975), year_from=1970, year_to=1979)
    older = plan_offline(["wayang kulit in the 1970s", "older ones?"], knn, last)
    assert (older.constraints.year_from, older.constraints.year_to) == (None, 1969)
    newer = plan_offline(["wayang kulit in the 1970s", "lebih baru"], knn, last)
    assert (newer.constraints.year_from, newer.constraints.year_to) == (1980, None)


def test_older_ones_without_a_previous_search_asks_for_detail(knn) -> None:  # type: ignore[no-untyped-def]
    assert plan_offline(["older ones?"], knn).intent == "UNCLEAR"
    assert plan_offline(["hello", "older ones?"], knn).intent == "UNCLEAR"


def test_follow_ups_build_on_the_previous_search_not_only_the_first_turn(knn) -> None:  # type: ignore[no-untyped-def]
    """'only videos' then 'from the 1980s': the media type of the middle turn is kept (session state)."""
    last = _last("songket from Terengganu", media_type="video", place="Terengganu")
    plan = plan_offline(["songket from Terengganu", "only videos", "from the 1980s"], knn, last)
    c = plan.constraints
    assert (c.media_type, c.place, c.year_from, c.year_to) == ("video", "Terengganu", 1980, 1989)


# Production mode (rules + nearest neighbours) on the classes the blind sets found.


@pytest.mark.parametrize(
    ("first", "follow_up", "place", "years"),
    [
        ("wayang kulit videos", "dari Melaka", "Melaka", (None, None)),
        ("show me silat", "from sabah pulak", "Sabah", (None, None)),
        ("zapin", "what about in sarawak?", "Sarawak", (None, None)),
        ("gambar rumah tradisional", "yang tahun 50an", None, (1950, 1959)),
    ],
)
def test_malay_and_english_follow_ups_refine_in_production_mode(  # type: ignore[no-untyped-def]
    knn, first: str, follow_up: str, place: str | None, years: tuple[int | None, int | None]
) -> None:
    plan = plan_offline([first, follow_up], knn)
    c = plan.constraints
    assert plan.intent == "HERITAGE_SEARCH" and plan.query, plan.reason
    assert (c.place, (c.year_from, c.year_to)) == (place, years) if place else (c.year_from, c.year_to) == years


@pytest.mark.parametrize(("first", "follow_up", "kept", "added"), [
    ("what do you have on penang", "only food", "Penang", "food"),
    ("im researching peranakan culture", "specifically clothing", None, "clothing"),
])  # fmt: skip
def test_a_narrowing_follow_up_adds_to_the_previous_topic_and_filters(  # type: ignore[no-untyped-def]
    knn, first: str, follow_up: str, kept: str | None, added: str
) -> None:
    before = plan_offline([first], knn)
    plan = plan_offline([first, follow_up], knn)
    assert plan.intent == "HERITAGE_SEARCH" and plan.constraints.place == kept
    assert added in plan.query.split() and set(before.query.split()) <= set(plan.query.split())


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # words the archive's titles and tags use are never off-topic cues
        ("is there a book made from tree bark?", "HERITAGE_SEARCH"),
        ("surat lama yang ada cop mohor raja", "HERITAGE_SEARCH"),
        ("vintage car photos from the 50s", "HERITAGE_SEARCH"),
        ("weather in george town tomorrow", "UNRELATED"),
        ("hotels in penang", "UNRELATED"),
        # a task is off-topic whatever it names
        ("write me a short poem about batik for my mum", "UNRELATED"),
        ("where to buy songket online murah2?", "UNRELATED"),
        ("tolong terjemahkan ayat ni ke bahasa inggeris", "UNRELATED"),
        # a place or a period is the question
        ("whats there from pahang", "HERITAGE_SEARCH"),
        ("gambar tahun 50an", "HERITAGE_SEARCH"),
        ("anything dating back to the 1700s?", "HERITAGE_SEARCH"),
        # a kind of media with a subject the archive does not hold is a search (nothing found), not vague
        ("P. Ramlee movies", "HERITAGE_SEARCH"),
        # greetings need a greeting word; 'hmm' and a bare question are unclear
        ("terima kasih ya!", "GREETING"),
        ("hey, how r u?", "GREETING"),
        ("hmm", "UNCLEAR"),
        ("asdfgh", "UNCLEAR"),
        ("what do you have?", "UNCLEAR"),
        ("nak cari benda tu, yang hari tu", "UNCLEAR"),
    ],
    ids=lambda v: str(v),
)
def test_intent_classes_in_production_mode(knn, text: str, intent: str) -> None:  # type: ignore[no-untyped-def]
    assert knn(text).intent == intent, knn(text).reason


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("gambar lama melaka sebelum merdeka", (None, 1956)),
        ("photos of kuala lumpur before the war", (None, 1940)),
        ("bangunan lama KL zaman british", (1786, 1957)),
        ("wayang kulit during the japanese occupation", (1941, 1945)),
        ("kampung life after independence", (1957, None)),
    ],
)
def test_a_named_period_is_a_year_filter_not_a_topic(text: str, years: tuple[int | None, int | None]) -> None:
    from quarry.apps.archive.concepts import parse_message

    p = parse_message(text)
    assert (p.constraints.year_from, p.constraints.year_to) == years
    assert "merdeka" not in p.concepts and "independence" not in p.concepts


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # letters stretched in chat are the word they stretch
        ("hiii", "GREETING"),
        ("heyyy there", "GREETING"),
        ("helloooo, any songket?", "HERITAGE_SEARCH"),
        # thanks and acknowledgement in chat shorthand
        ("ok tqvm", "GREETING"),
        # tasks and travel questions, whatever place they name
        ("convert 20 ringgit to euro pls", "UNRELATED"),
        ("how far is kuala terengganu from kota bharu", "UNRELATED"),
    ],
    ids=lambda v: str(v),
)
def test_chat_spellings_and_tasks_in_production_mode(knn, text: str, intent: str) -> None:  # type: ignore[no-untyped-def]
    assert knn(text).intent == intent, knn(text).reason


@pytest.mark.parametrize(
    ("first", "follow_up", "subject"),
    [
        ("mak yong", "ada sejarah lisan?", "mak yong"),  # a form of the topic
        ("any oral histories?", "tentang nelayan", "nelayan"),  # the subject of a form
    ],
)
def test_a_form_of_material_in_a_thread_narrows_the_topic(  # type: ignore[no-untyped-def]
    knn, first: str, follow_up: str, subject: str
) -> None:
    from quarry.apps.archive.concepts import is_form

    plan = plan_offline([first, follow_up], knn)
    assert plan.intent == "HERITAGE_SEARCH" and subject in plan.concepts, plan.reason
    assert any(is_form(c) for c in plan.concepts), plan.reason


def test_a_form_of_material_is_required_of_every_item() -> None:
    from quarry.apps.archive.concepts import parse_message
    from quarry.apps.archive.relevance import concepts_of

    required = {c.name for c in concepts_of(parse_message("keris oral histories")) if c.required}
    assert required == {"sejarah lisan"}
    assert not any(c.required for c in concepts_of(parse_message("keris from perak")))


@pytest.mark.parametrize(
    "text",
    [
        "how much is a plate of satay in Kajang now",
        "recommend a good laksa stall in Penang for dinner",
        "macam mana nak masak lemang guna periuk",
        "who won the wau competition in Kelantan",
    ],
)
def test_a_service_asked_about_a_heritage_thing_is_unrelated(text: str) -> None:
    assert classify(text).intent == "UNRELATED"


@pytest.mark.parametrize(
    "text", ["resepi kuih lama dalam arkib", "old photos of satay sellers", "laksa stalls in the 1960s"]
)
def test_a_heritage_thing_asked_as_material_is_a_search(text: str) -> None:
    assert classify(text).intent == "HERITAGE_SEARCH"
