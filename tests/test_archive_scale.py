"""archive against the real database: the synthetic benchmark corpus (`ingest --scale N`) in its
own database, and "more like this" seeded from an item through the same orchestrator."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import numpy as np
import pytest
from typer.testing import CliRunner

from quarry.apps.archive.cli import cli
from quarry.apps.archive.concepts import parse_message
from quarry.apps.archive.ingest import ingest
from quarry.apps.archive.orchestrator import more_like_this, similar_message
from quarry.apps.archive.scale import bench_settings, scale_ingest, scaled_count
from quarry.apps.archive.tools import item_seed, search_archives_db
from quarry.db import Database, get_database
from quarry.embed import get_embedder
from quarry.errors import NotFound
from quarry.settings import get_settings

SCALE_DB = "quarry_archive_scale_test"
N = 900


@pytest.fixture(scope="module")
def dbs() -> Iterator[tuple[Database, Database]]:
    s = get_settings()
    main = get_database(s)
    ingest(main, get_embedder(s))
    yield main, get_database(bench_settings(s, name=SCALE_DB))


def _vec(db: Database, identifier: str) -> np.ndarray:
    text = db.scalar("SELECT embedding::text FROM archive_items WHERE identifier = :i", {"i": identifier})
    return np.asarray([float(x) for x in text.strip("[]").split(",")])


def test_scale_writes_n_items_deterministically_into_its_own_database(dbs) -> None:  # type: ignore[no-untyped-def]
    main, target = dbs
    before = main.scalar("SELECT count(*) FROM archive_items")
    report = scale_ingest(main, target, N)
    assert (report.items, report.real, report.synthetic, report.dim) == (N, 340, N - 340, 384)
    assert scaled_count(target) == N and main.scalar("SELECT count(*) FROM archive_items") == before
    assert target.scalar("SELECT count(*) FROM archive_items WHERE synthetic") == N - 340
    assert target.scalar("SELECT count(*) FROM archive_items WHERE embedding IS NULL") == 0
    first = _vec(target, "SYN-0000001")
    assert abs(np.linalg.norm(first) - 1) < 1e-4
    base = _vec(target, "ARC-000001")
    assert 0.8 < float(first @ base) < 0.999  # a perturbed copy, not the same vector
    scale_ingest(main, target, N)
    assert np.allclose(_vec(target, "SYN-0000001"), first)  # same seed, same rows
    assert target.scalar("SELECT value FROM archive_corpus_stats WHERE key = 'docs'") == N
    hits = search_archives_db(target, get_embedder(get_settings()), "wayang kulit", match_count=5).hits
    assert len(hits) == 5


def test_scale_refuses_the_real_archive(dbs) -> None:  # type: ignore[no-untyped-def]
    main, _ = dbs
    with pytest.raises(ValueError, match="own database"):
        scale_ingest(main, main, 10)


def test_cli_scale_option_is_implemented(dbs, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import quarry.apps.archive.scale as scale

    main, target = dbs
    monkeypatch.setattr(scale, "bench_settings", lambda s: bench_settings(s, name=SCALE_DB))
    result = CliRunner().invoke(cli, ["ingest", "--scale", "400"])
    assert result.exit_code == 0, result.output
    assert "wrote 400 archive items (340 real, 60 synthetic, dim 384)" in result.output
    assert scaled_count(target) == 400 and scaled_count(main) == 340


def test_more_like_this_seeds_a_search_from_the_item(dbs) -> None:  # type: ignore[no-untyped-def]
    main, _ = dbs
    ident = main.scalar(
        "SELECT identifier FROM archive_items WHERE 'wayang kulit' = ANY(tags) ORDER BY identifier LIMIT 1"
    )
    seed = item_seed(main, ident)
    assert seed is not None
    message = similar_message(seed)
    assert isinstance(seed["tags"], list)
    assert message.startswith("show me more items like ") and seed["tags"][0] in message
    resp = asyncio.run(more_like_this(ident))
    assert resp.intent == "HERITAGE_SEARCH" and resp.attempts
    shown = [h.identifier for h in resp.archives + resp.nearest]
    assert ident not in shown and resp.total == len(resp.archives) > 0  # the others, not the item itself
    assert any("wayang" in h.tags or "wayang kulit" in h.tags for h in resp.archives)
    follow = asyncio.run(more_like_this(shown[-1], thread_id=resp.thread_id))
    assert follow.thread_id == resp.thread_id
    with pytest.raises(NotFound):
        asyncio.run(more_like_this("ARC-999999"))


def test_more_like_this_does_not_inherit_the_items_place_media_or_decade(dbs) -> None:  # type: ignore[no-untyped-def]
    seed = {
        "identifier": "ARC-000000",
        "title": "Mak yong film in a Kota Bharu village, 1980s",
        "tags": ["mak yong", "kelantan", "1980s", "video", "dance theatre"],
    }
    message = similar_message(seed)
    assert message == "show me more items like mak yong in a village (mak yong, dance theatre)"
    parsed = parse_message(message)
    assert parsed.constraints.is_empty() and "mak yong" in parsed.concepts
    resp = asyncio.run(more_like_this("ARC-000020"))  # 'Mak yong performance in a Kelantan village, 1980s'
    assert resp.attempts[0].constraints == "none"
    # No place filter was applied (above); the answer is only the items that pass the grader besides the
    # seed (no padding with other places' items since issue 21), and says so when there are none.
    assert all(h.relevance is not None and h.identifier != "ARC-000020" for h in resp.archives)
    assert resp.total == len(resp.archives) and (resp.response_type == "results") == bool(resp.archives)


def test_hits_say_which_fields_matched(dbs) -> None:  # type: ignore[no-untyped-def]
    main, _ = dbs
    hits = search_archives_db(main, get_embedder(get_settings()), "songket weaving").hits
    top = next(h for h in hits if "songket" in h.matched_terms)
    assert top.matched_fields and set(top.matched_fields) <= {"title", "title_ms", "tags", "summary"}
