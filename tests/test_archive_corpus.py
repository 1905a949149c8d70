"""The bundled archive corpus and its evaluation sets: counts, field validity, coverage, design notes."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from quarry.apps.archive.corpus import (
    INTENTS,
    MEDIA_TYPES,
    ArchiveItem,
    data_dir,
    load_intent_eval,
    load_intent_examples,
    load_items,
    load_search_eval,
    load_synonyms,
)


@pytest.fixture(scope="module")
def items() -> list[ArchiveItem]:
    return load_items()


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def test_at_least_300_items_with_unique_identifiers(items: list[ArchiveItem]) -> None:
    assert len(items) >= 300
    ids = [i.identifier for i in items]
    assert len(set(ids)) == len(ids)
    assert len({_norm(i.title) for i in items}) == len(items), "titles should be distinct"


def test_every_field_is_valid(items: list[ArchiveItem]) -> None:
    for i in items:
        assert i.title.strip() and i.title_ms.strip() and i.place.strip() and i.period.strip()
        assert i.collection.strip() and i.rights.strip()
        assert i.media_type in MEDIA_TYPES
        assert i.tags and all(t == t.strip().lower() and t for t in i.tags)
        assert (i.year_from is None) == (i.year_to is None)
        if i.year_from is not None and i.year_to is not None:
            assert 1000 <= i.year_from <= i.year_to <= 2030
        assert 40 <= i.word_count <= 600, (i.identifier, i.word_count)


def test_description_length_distribution(items: list[ArchiveItem]) -> None:
    long = [i for i in items if 150 <= i.word_count <= 600]
    assert len(long) * 3 >= len(items), f"only {len(long)} of {len(items)} descriptions have 150-600 words"


def test_all_media_types_well_represented(items: list[ArchiveItem]) -> None:
    counts = Counter(i.media_type for i in items)
    assert set(counts) == set(MEDIA_TYPES)
    assert all(counts[m] >= 30 for m in MEDIA_TYPES), counts


def test_malay_terms_and_topics_covered(items: list[ArchiveItem]) -> None:
    tags = Counter(t for i in items for t in i.tags)
    for term in ("wayang kulit", "songket", "keris", "mak yong", "dondang sayang", "batik", "silat", "zapin"):
        assert tags[term] >= 3, term
    topics = Counter(i.topic for i in items)
    for topic in ("performing arts", "crafts and textiles", "architecture", "festivals and foodways"):
        assert topics[topic] >= 20, topic
    assert sum("oral history" in i.tags for i in items) >= 15
    assert sum(i.media_type == "video" and "wayang kulit" in i.tags for i in items) >= 5


def test_no_item_is_about_kelantan_batik(items: list[ArchiveItem]) -> None:
    """By design: "Kelantan batik" has no direct match, so the app must broaden to Terengganu/general batik."""
    for i in items:
        head = " ".join([i.title, i.title_ms, *i.tags]).lower()
        assert not ("batik" in head and "kelantan" in head), i.identifier
        text = " ".join([head, i.description, i.place]).lower()
        assert not ("batik" in text and ("kelantan" in text or "kota bharu" in text)), i.identifier
    batik = [i for i in items if "batik" in i.tags]
    assert sum("terengganu" in i.place.lower() for i in batik) >= 5
    assert sum("batik malaysia" in i.tags or "malaysian batik" in i.tags for i in batik) >= 3


def test_search_eval_ids_exist_and_cover_the_cases(items: list[ArchiveItem]) -> None:
    ids = {i.identifier for i in items}
    cases = load_search_eval()
    assert len(cases) >= 60
    assert len({c.id for c in cases}) == len(cases)
    for c in cases:
        assert set(c.relevant) <= ids, c.id
        assert set(c.highly_relevant) <= set(c.relevant), c.id
    kinds = Counter(k for c in cases for k in c.kind.split("+"))
    assert kinds["synonym"] >= 5 and kinds["media"] >= 5 and kinds["broaden"] >= 2
    assert sum(c.lang == "ms" for c in cases) >= 15
    by_query = {c.query.lower(): c for c in cases}
    kelantan_batik = by_query["kelantan batik"]
    assert kelantan_batik.relevant and all("batik" in _item(items, x).tags for x in kelantan_batik.relevant)
    shadow = by_query["shadow puppets"]
    assert all("wayang kulit" in _item(items, x).tags for x in shadow.highly_relevant)
    makyong_videos = by_query["videos of mak yong"]
    assert all(_item(items, x).media_type == "video" for x in makyong_videos.relevant)


def _item(items: list[ArchiveItem], identifier: str) -> ArchiveItem:
    return next(i for i in items if i.identifier == identifier)


def test_intent_sets_are_valid_bilingual_and_disjoint() -> None:
    evals, examples = load_intent_eval(), load_intent_examples()
    assert len(evals) >= 120 and len(examples) >= 80
    for cases in (evals, examples):
        assert {c.label for c in cases} == set(INTENTS)
        assert {c.lang for c in cases} == {"en", "ms"}
        for label in INTENTS:
            assert {c.lang for c in cases if c.label == label} == {"en", "ms"}, label
        assert len({_norm(c.text) for c in cases}) == len(cases)
    assert not {_norm(c.text) for c in evals} & {_norm(c.text) for c in examples}
    labelled = {_norm(c.text): c.label for c in evals}
    assert labelled["hi, show me keris"] == "HERITAGE_SEARCH"
    assert labelled["what's the weather in kuala lumpur"] == "UNRELATED"
    assert labelled["something old"] == "UNCLEAR"
    assert labelled["selamat pagi"] == "GREETING"
    assert labelled["tunjukkan video wayang kulit"] == "HERITAGE_SEARCH"


def test_synonyms_cover_the_heritage_vocabulary() -> None:
    syn = load_synonyms()
    assert len(syn.groups) >= 40
    for group in syn.groups:
        assert len(group) >= 2 and all(t == t.strip().lower() for t in group)

    def together(a: str, b: str) -> bool:
        return any(a in g and b in g for g in syn.groups)

    assert together("shadow puppets", "wayang kulit")
    assert together("songket", "kain songket")
    assert together("keris", "kris")
    assert together("tenun", "weaving") and together("ukiran", "carving")
    assert together("rumah", "house") and together("tarian", "dance")
    assert "east coast" in syn.place_broader["kelantan"] and "malaysia" in syn.place_broader["kelantan"]


def test_source_note_ships_with_the_data() -> None:
    text = (data_dir() / "SOURCE.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in text and "Kelantan" in text
    raw = (data_dir() / "synonyms.json").read_text(encoding="utf-8")
    assert json.loads(raw)["groups"]
