"""Archive follow-ups and filters read from everyday phrasing (blind round 7's classes), against the real
archive in Postgres:

- a place the user rules out ("not the Terengganu ones", «selain Kelantan») is a filter of its own; read
  as the place filter it had returned exactly the items the user did not want;
- in a thread, a message that points back at the items shown ("how are they dyed", «makanan dia»), one
  that describes them («yang ada motif»), or a general subject alone ("the music") narrows the previous
  search instead of starting a new one;
- media words in chat form ("pics", "docs") and with a vague word around them («rakaman audio»);
- Malay compounds typed as one word ('temubual').
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from quarry.agent import PlanStep
from quarry.apps.archive.concepts import parse_message
from quarry.apps.archive.intent import classify
from quarry.apps.archive.models import ArchiveResponse, Constraints
from quarry.apps.archive.orchestrator import run
from quarry.apps.archive.planner import plan_offline
from tests.archive_support import ingest_bundled, thread


@pytest.fixture(scope="module")
def archive() -> Iterator[None]:
    ingest_bundled()
    yield


def plan_of(resp: ArchiveResponse) -> dict[str, object]:
    step = next(s for s in resp.trace if isinstance(s, PlanStep))
    assert step.filters is not None
    return step.filters


@pytest.mark.parametrize(
    ("text", "ruled_out"),
    [
        ("batik, not the Terengganu ones", "Terengganu"),
        ("songket dari mana-mana selain Kelantan", "Kelantan"),
        ("wayang kulit performed outside Kelantan", "Kelantan"),
        ("shadow puppets from abroad, not the Malaysian kind", "Malaysia"),
        ("keris bukan dari Johor", "Johor"),
    ],
)
def test_a_place_said_after_an_exclusion_word_is_ruled_out(text: str, ruled_out: str) -> None:
    c = parse_message(text).constraints
    assert (c.place, c.place_not) == (None, ruled_out)


@pytest.mark.parametrize("text", ["ada tak batik dari Terengganu?", "batik in Terengganu, not too modern"])
def test_a_place_asked_for_stays_the_filter(text: str) -> None:
    c = parse_message(text).constraints
    assert (c.place, c.place_not) == ("Terengganu", None)


def test_ruled_out_place_returns_only_items_elsewhere(archive: None) -> None:
    resp = thread("batik", "not the Terengganu ones")
    assert plan_of(resp)["constraints"] == {"place_not": "Terengganu"}
    assert resp.archives, "Malaysian batik outside Terengganu is held (Kuala Lumpur, Malaysia-wide)"
    assert all("terengganu" not in h.place.lower() for h in resp.archives)
    assert any("batik" in h.title.lower() for h in resp.archives)


def test_a_later_place_replaces_a_ruled_out_one() -> None:
    def classify_fn(t: str):  # type: ignore[no-untyped-def]
        return classify(t)

    plan = plan_offline(["songket", "not from Terengganu", "ok just Kelantan then"], classify_fn)
    assert (plan.constraints.place, plan.constraints.place_not) in {("Kelantan", None)}


@pytest.mark.parametrize(
    ("turns", "topic", "aspect"),
    [
        (("hari raya", "makanan dia"), "hari raya", "makanan"),
        (("melanau", "the food"), "melanau", "food"),
        (("gambar pengantin", "yang pakai songket"), "pengantin", "songket"),
    ],
)
def test_follow_up_pointing_at_the_items_narrows_the_topic(turns: tuple[str, ...], topic: str, aspect: str) -> None:
    plan = plan_offline(list(turns), classify)
    assert plan.intent == "HERITAGE_SEARCH"
    assert topic in plan.concepts and aspect in plan.concepts


def test_follow_up_with_a_pronoun_and_no_subject_keeps_the_topic(archive: None) -> None:
    resp = thread("labu sayong", "how do they fire them")
    assert resp.intent == "HERITAGE_SEARCH"
    assert "labu sayong" in plan_of(resp)["concepts"]  # type: ignore[operator]
    assert resp.archives and all("sayong" in (h.title + " ".join(h.tags)).lower() for h in resp.archives)


def test_a_new_specific_subject_in_a_thread_is_a_new_search() -> None:
    plan = plan_offline(["keris", "songket"], classify)
    assert plan.concepts == ["songket"]


@pytest.mark.parametrize(
    ("text", "media"),
    [
        ("pics of the kompang pls", "image"),
        ("any docs on songket motifs", "document"),
        ("rakaman audio dikir barat", "audio"),
        ("rakaman video kuda kepang", "video"),
    ],
)
def test_media_in_chat_form(text: str, media: str) -> None:
    p = parse_message(text)
    assert p.constraints.media_type == media
    assert p.not_understood == []


def test_media_asked_in_a_thread_filters_the_topic(archive: None) -> None:
    resp = thread("dikir barat", "rakaman audio ada?")
    assert plan_of(resp)["constraints"] == Constraints(media_type="audio").model_dump(exclude_defaults=True)
    assert resp.archives and all(h.media_type == "audio" for h in resp.archives)


def test_a_malay_compound_typed_as_one_word_is_read() -> None:
    p = parse_message("ada temubual dengan penenun songket?")
    assert "temu bual" in p.concepts and "songket" in p.concepts
    assert p.not_understood == []


@pytest.mark.parametrize(
    ("text", "either"),
    [
        ("gambar masjid atau istana lama", ["masjid", "istana"]),
        ("batik and songket", ["batik", "songket"]),
        ("kompang or rebana recordings", ["kompang", "rebana"]),
    ],
)
def test_concepts_joined_as_alternatives_are_one_requirement(text: str, either: list[str]) -> None:
    from quarry.apps.archive.concepts import match_terms

    p = parse_message(text)
    assert p.either == [either]
    assert len(match_terms(p)) == 1  # an item about either one meets it


def test_and_beside_another_concept_describes_one_thing() -> None:
    p = parse_message("the malay dance performed with gambus and kompang")
    assert p.either == []


def test_either_alternative_is_returned(archive: None) -> None:
    resp = asyncio.run(run("photos of a tokong or a mosque"))
    titles = " ".join(h.title.lower() for h in resp.archives)
    assert "temple" in titles and "mosque" in titles, "items about either one are returned"
