"""No silent drops in the archive, metamorphic: adding a place the archive does not hold or a nonsense
word to a question never widens the items it returns. The place is asked back by name before any
search; the word is said back (`not_understood`) and changes nothing the search reads."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from quarry.agent import DecisionStep, PlanStep
from quarry.apps.archive.models import ArchiveResponse
from quarry.apps.archive.orchestrator import run

NONSENSE = "blorptastic"
NOWHERE = "Zorbaland"

BASES = [
    "wayang kulit videos",
    "songket from Terengganu",
    "old photos of Kelantan",
    "keris from the 19th century or earlier",
    "gambar batik dari Kelantan",
    "rakaman dondang sayang",
]
"""Questions that return items, English and Malay, with and without place, media and period filters."""

PLACE_PHRASES = [
    "old photos from {}",
    "wayang kulit videos from {}",
    "batik in {}",
    "gambar songket dari {}",
    "keris di {}",
]


@pytest.fixture(scope="module")
def archive() -> Iterator[None]:
    from quarry.apps.archive.ingest import ingest
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.settings import get_settings

    s = get_settings()
    ingest(get_database(s), get_embedder(s))
    yield


def ask(message: str, thread_id: str | None = None) -> ArchiveResponse:
    return asyncio.run(run(message, thread_id=thread_id))


def ids(resp: ArchiveResponse) -> set[str]:
    return {h.identifier for h in resp.archives}


def planned_place(resp: ArchiveResponse) -> str | None:
    plan = next(s for s in resp.trace if isinstance(s, PlanStep))
    assert plan.filters is not None
    place: str | None = plan.filters.get("constraints", {}).get("place")
    return place


def codes(resp: ArchiveResponse) -> list[str]:
    return [c for s in resp.trace if isinstance(s, DecisionStep) for c in s.codes]


@pytest.mark.parametrize("base", BASES)
def test_a_nonsense_word_never_widens_and_is_said_back(base: str, archive: None) -> None:
    plain = ask(base)
    noisy = ask(f"{base} {NONSENSE}")
    assert plain.response_type == "results" and plain.archives and plain.not_understood == []
    assert ids(noisy) <= ids(plain)
    assert noisy.not_understood == [NONSENSE] and "not_understood" in codes(noisy)


@pytest.mark.parametrize("base", BASES)
def test_an_unknown_place_never_widens_it_is_asked_back_before_any_search(base: str, archive: None) -> None:
    plain = ask(base)
    resp = ask(f"{base} from {NOWHERE}")
    assert ids(resp) <= ids(plain)
    assert resp.response_type == "message" and resp.archives == [] and resp.attempts == [] and resp.nearest == []
    assert resp.unresolved == [NOWHERE] and "unresolved_place" in codes(resp)


@pytest.mark.parametrize("phrase", PLACE_PHRASES)
def test_a_place_phrase_is_matched_against_the_items_places(phrase: str, archive: None) -> None:
    unknown = ask(phrase.format(NOWHERE))
    assert unknown.intent == "HERITAGE_SEARCH" and unknown.unresolved == [NOWHERE] and unknown.attempts == []
    known = ask(phrase.format("Kelantan"))
    assert known.unresolved == [] and known.attempts and planned_place(known) == "Kelantan"


def test_a_place_only_the_items_record_is_a_filter_and_a_slip_of_one_is_that_place(archive: None) -> None:
    from quarry.db import get_database
    from quarry.settings import get_settings

    held = get_database(get_settings()).scalar("SELECT count(*) FROM archive_items WHERE place LIKE '%Kapit%'")
    kapit = ask("textiles from Kapit")  # no alias lists Kapit: the items' places do
    assert kapit.unresolved == [] and planned_place(kapit) == "Kapit"
    assert 0 < kapit.attempts[0].count <= held < 10  # the first search was filtered to Kapit's items
    slip = ask("old buildings in Melacca")
    assert slip.unresolved == [] and planned_place(slip) == "Melaka"


def test_a_follow_up_naming_an_unknown_place_is_asked_back_not_merged(archive: None) -> None:
    first = ask("wayang kulit")
    assert first.response_type == "results"
    follow = ask(f"only videos from {NOWHERE}", thread_id=first.thread_id)
    assert follow.unresolved == [NOWHERE] and follow.archives == [] and follow.attempts == []
    again = ask("only videos", thread_id=first.thread_id)  # the thread still refines the wayang kulit search
    plan = next(s for s in again.trace if isinstance(s, PlanStep))
    assert plan.filters is not None and "wayang kulit" in plan.filters["concepts"]
    assert again.archives and {h.media_type for h in again.archives} == {"video"}


def test_a_subject_no_item_mentions_finds_nothing_and_says_which_words(archive: None) -> None:
    resp = ask("kellie's castle batu gajah")
    assert resp.archives == [] and {"castle", "gajah"} <= set(resp.not_understood)


@pytest.mark.parametrize(
    ("message", "word", "concept_query"),
    [("tarian kipas", "kipas", "tarian"), ("kuih bahulu", "bahulu", "kuih"), ("keris blorp", "blorp", "keris")],
)
def test_a_word_no_item_holds_after_a_concept_is_a_kind_not_found_never_the_whole_concept(
    message: str, word: str, concept_query: str, archive: None
) -> None:
    # "tarian kipas" (fan dance) is a kind of dance the archive does not hold: answering with every
    # dance would widen the question. The concept alone still finds its items.
    whole = ask(concept_query)
    assert whole.response_type == "results" and whole.archives
    kind = ask(message)
    assert kind.archives == [] and kind.response_type == "message" and kind.not_understood == [word]
    assert kind.nearest  # shown only as "not a match"


@pytest.mark.parametrize("message", ["video orang buat wau", "keris pulak ada?", "gambar yg ada songket utk majlis"])
def test_chat_function_words_beside_a_concept_are_not_a_kind_of_it(message: str, archive: None) -> None:
    resp = ask(message)
    assert resp.response_type == "results" and resp.archives and resp.not_understood == []


def test_a_period_that_is_the_subject_finds_the_items_about_it_whenever_they_were_made(archive: None) -> None:
    resp = ask("pendudukan jepun")
    assert resp.response_type == "results" and resp.archives
    made = {(h.year_from or 0) for h in resp.archives}
    assert any(y > 1945 for y in made)  # e.g. an oral history of the occupation, recorded decades later
    assert all("pendudukan jepun" in h.concepts_met for h in resp.archives)


def test_the_seeds_architecture_example_finds_buildings_that_never_say_architecture(archive: None) -> None:
    # A mosque, a clan house and a mansion are architecture (the thesaurus's kinds of a concept), though
    # none of their titles or tags says so.
    resp = ask("old photos of Georgetown architecture")
    assert resp.response_type == "results" and len(resp.archives) >= 3
    assert {h.media_type for h in resp.archives} == {"image"}
    assert all("George Town" in h.place for h in resp.archives)
    assert any("mosque" in h.tags for h in resp.archives)
    assert not any({"architecture", "seni bina"} & set(h.tags) for h in resp.archives)
