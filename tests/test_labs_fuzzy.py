"""Fuzzy search of parameter names: pg_trgm on folded text through the GIN index."""

from __future__ import annotations

import pytest

from quarry.apps.labs.naming import name_catalogue
from quarry.apps.labs.tools import search_parameter_names
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import load_test_data


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


CASES = [
    ("витамин д", "VITD25"),
    ("Витамин D", "VITD25"),
    ("vitamin d 25-oh", "VITD25"),
    ("холестерин общий", "CHOL"),
    ("Xoлестерин ЛПНП", "LDL"),
    ("глюкоза натощак", "GLU"),
    ("ТТГ тиреотропный", "TSH"),
    ("trigliceridos", "TRIG"),
    ("hemoglobina glicosilada", "HBA1C"),
    ("ферритин", "FERR"),
]


@pytest.mark.parametrize(("term", "code"), CASES, ids=[c[0] for c in CASES])
def test_top_hit_is_the_right_analyte(labs_settings: Settings, term: str, code: str) -> None:
    hits = search_parameter_names(term, 20, labs_settings)
    assert hits, term
    assert name_catalogue()[hits[0]["parameter_name"]] == code
    scores = [h["similarity_score"] for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert all(s >= labs_settings.agentic_similarity_threshold for s in scores)


def test_threshold_and_limit_come_from_arguments_and_settings(labs_settings: Settings) -> None:
    loose = search_parameter_names("витамин", 20, labs_settings)
    stricter = labs_settings.model_copy(update={"agentic_similarity_threshold": 0.6})
    strict = search_parameter_names("витамин", 20, stricter)
    assert len(strict) < len(loose)
    assert len(search_parameter_names("витамин", 2, labs_settings)) == 2


def test_nothing_similar_returns_an_empty_list(labs_settings: Settings) -> None:
    assert search_parameter_names("прокальцитонин", 20, labs_settings) == []


def test_quotes_and_wildcards_are_plain_text(labs_settings: Settings) -> None:
    assert search_parameter_names("'; DROP TABLE lab_results; --", 5, labs_settings) == []
    assert search_parameter_names("%", 5, labs_settings) == []


def test_folded_trigram_index_serves_fuzzy_matching(labs_settings: Settings) -> None:
    db = get_database(labs_settings)
    with db.transaction() as tx:
        tx.execute("SET LOCAL enable_seqscan = off")
        plan = [
            r["QUERY PLAN"]
            for r in tx.fetch_all(
                "EXPLAIN SELECT parameter_name FROM lab_results"
                " WHERE labs_fold(parameter_name) % labs_fold('витамин д')"
            )
        ]
    assert any("lab_results_parameter_fold_trgm_idx" in line for line in plan), plan
    indexes = {
        r["indexname"]
        for r in db.fetch_all(
            "SELECT indexname FROM pg_indexes WHERE tablename IN ('lab_results', 'lab_parameter_names')"
        )
    }
    assert {
        "lab_results_parameter_name_trgm_idx",
        "lab_results_parameter_fold_trgm_idx",
        "lab_parameter_names_fold_trgm_idx",
    } <= indexes


def test_a_remembered_search_is_the_same_and_forgotten_after_an_ingest(labs_settings: Settings) -> None:
    """Searches are reused for a minute (the vocabulary changes only with an ingest): the reused
    hits equal a fresh search, a caller changing them changes nothing, and an ingest forgets."""
    from quarry.apps.labs import fuzzy

    fresh = search_parameter_names("ферритин", 5, labs_settings)
    reused = search_parameter_names("ферритин", 5, labs_settings)
    assert reused == fresh
    reused.clear()
    assert search_parameter_names("ферритин", 5, labs_settings) == fresh
    fuzzy.forget_searches()
    with get_database(labs_settings).transaction() as tx:
        tx.execute("INSERT INTO lab_parameter_names (parameter_name) VALUES ('Ферритинн') ON CONFLICT DO NOTHING")
    try:
        names = [h["parameter_name"] for h in search_parameter_names("ферритин", 50, labs_settings)]
        assert "Ферритинн" in names
    finally:
        with get_database(labs_settings).transaction() as tx:
            tx.execute("DELETE FROM lab_parameter_names WHERE parameter_name = 'Ферритинн'")
        fuzzy.forget_searches()
