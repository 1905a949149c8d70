"""archive offline concept extraction, focused query, refinement policy and summaries."""

from __future__ import annotations

import pytest

from quarry.apps.archive.concepts import extract_period, parse_message
from quarry.apps.archive.models import Constraints
from quarry.apps.archive.refine import Step, next_attempt
from quarry.apps.archive.summary import extractive_summary


@pytest.mark.parametrize(
    ("text", "must_have", "constraints"),
    [
        (
            "show me videos about wayang kulit performances",
            {"wayang", "kulit", "shadow"},
            Constraints(media_type="video"),
        ),
        ("shadow puppets", {"shadow", "wayang", "kulit"}, Constraints()),
        ("kain songket", {"songket"}, Constraints()),
        ("Kelantan batik", {"batik"}, Constraints(place="Kelantan")),
        (
            "old photographs of Georgetown architecture",
            {"architecture"},
            Constraints(media_type="image", place="George Town"),
        ),
        ("old keris from the 19th century or earlier", {"keris"}, Constraints(year_to=1899)),
        ("dondang sayang audio recordings", {"dondang", "sayang"}, Constraints(media_type="audio")),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_focused_query_and_constraints(text: str, must_have: set[str], constraints: Constraints) -> None:
    parsed = parse_message(text)
    assert must_have <= set(parsed.query.split()), parsed.query
    assert parsed.constraints == constraints


def test_periods() -> None:
    assert extract_period("wayang in the 1960s") == (1960, 1969)
    assert extract_period("photos from before 1950") == (None, 1949)
    assert extract_period("after 1980") == (1981, None)
    assert extract_period("batik") == (None, None)


def test_broaden_drops_one_constraint_and_says_which() -> None:
    parsed = parse_message("Kelantan batik videos")
    first = Step(parsed.query, parsed.constraints, "initial")
    second = next_attempt(parsed, [first])
    assert second is not None and second.dropped == "place" and second.note == "dropped place Kelantan"
    assert second.constraints == Constraints(media_type="video") and "kelantan" not in second.query
    third = next_attempt(parsed, [first, second])
    assert third is not None and third.strategy in ("synonyms", "broaden")


def test_broaden_names_only_the_years_it_dropped() -> None:
    parsed = parse_message("songket videos from Sabah in the 1920s")
    first = Step(parsed.query, parsed.constraints, "initial")
    second = next_attempt(parsed, [first])
    assert second is not None and second.note == "dropped place Sabah"
    third = next_attempt(parsed, [first, second])
    assert third is not None and third.dropped == "years" and third.note == "dropped years 1920–1929"
    assert third.constraints == Constraints(media_type="video")
    before = next_attempt(parse_message("gamelan before 1900"), [Step("gamelan", Constraints(year_to=1899), "initial")])
    assert before is not None and before.note == "dropped years …–1899"


def test_summary_is_first_sentences_and_deterministic() -> None:
    text = " ".join(f"Sentence number {i} has exactly seven words." for i in range(30))
    out = extractive_summary(text)
    assert out == extractive_summary(text)
    assert 30 <= len(out.split()) <= 60 and out.endswith(".")
    assert extractive_summary("Short text.") == "Short text."


@pytest.mark.parametrize(
    ("text", "place", "unresolved"),
    [
        ("old photos from Zorbaland", None, ["Zorbaland"]),
        ("gambar dari Zorbaland", None, ["Zorbaland"]),
        ("wayang kulit di Zorbaland", None, ["Zorbaland"]),
        ("textiles from Kapit", "Kapit", []),  # a place the items record, in no alias list
        ("old buildings in Melacca", "Melaka", []),  # a typing slip of a place
        ("kraf perak dari Kelantan", "Kelantan", []),  # the place after 'dari', not 'perak' (silver)
        ("batik in colour", None, []),  # a word the archive knows is no unknown place
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_place_phrases_are_read_against_the_items_places(text: str, place: str | None, unresolved: list[str]) -> None:
    parsed = parse_message(text)
    assert parsed.constraints.place == place and parsed.unresolved == unresolved
    assert not {w.lower() for w in unresolved} & set(parsed.query.split())


@pytest.mark.parametrize(
    ("text", "concept"),
    [("documents on the keriss", "keris"), ("dondang sayng", "dondang sayang"), ("labu sayung pottery", "labu sayong")],
)
def test_a_typing_slip_of_the_archives_word_is_read_as_that_word(text: str, concept: str) -> None:
    parsed = parse_message(text)
    assert concept in parsed.concepts and parsed.not_understood == []


def test_a_word_no_item_holds_is_said_back_and_left_out_of_the_query() -> None:
    plain, noisy = parse_message("wayang kulit videos"), parse_message("wayang kulit videos blorptastic")
    assert noisy.not_understood == ["blorptastic"] and plain.not_understood == []
    assert noisy.query == plain.query and noisy.constraints == plain.constraints
    assert parse_message("hai, apa khabar? terima kasih je").not_understood == []  # chat words are known


def test_a_named_period_said_bare_and_held_as_a_subject_is_a_topic_not_a_year_filter() -> None:
    bare = parse_message("pendudukan jepun")
    assert bare.concepts and not bare.constraints.has_years
    during = parse_message("gambar semasa pendudukan jepun")
    assert (during.constraints.year_from, during.constraints.year_to) == (1941, 1945)
    # A period the archive holds no subject for stays a span of time, bare or not.
    colonial = parse_message("zaman british")
    assert colonial.constraints.has_years and "zaman british" not in colonial.concepts


def test_a_tag_made_of_two_known_concepts_asks_for_both() -> None:
    from quarry.apps.archive.relevance import concepts_of

    both = concepts_of(parse_message("kebaya nyonya"))
    assert len(both) == 2 and all("kebaya nyonya" not in c.phrases for c in both)
    one = concepts_of(parse_message("kite making"))  # one known concept inside: itself or that concept
    assert len(one) == 1 and "kite making" in one[0].phrases
