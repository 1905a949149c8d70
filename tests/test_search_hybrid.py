"""The hybrid block on a small table this test creates: BM25 + cosine inside a filter, fused by RRF."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

from quarry.db import Database
from quarry.errors import QuarryError
from quarry.search import HybridSource, hybrid_rank, terms

SUFFIX = f"{os.getpid()}"
DOCS = f"test_hybrid_docs_{SUFFIX}"
STATS = f"test_hybrid_df_{SUFFIX}"
CORPUS = f"test_hybrid_corpus_{SUFFIX}"
VECS = f"test_hybrid_vecs_{SUFFIX}"

# id, kind, text, vector (3-d, hand-made: the query vector is (1, 0, 0)).
ROWS = [
    (1, "shop", "Samsung Galaxy گوشی سامسونگ", (1.0, 0.0, 0.0)),  # nearest vector, no query term
    (2, "shop", "گوشی‌های سامسونگ Galaxy", (0.8, 0.6, 0.0)),  # second by vector, matches a term
    (3, "shop", "گوشي های ارزان", (0.0, 1.0, 0.0)),  # Arabic yeh: folds to the query's spelling
    (4, "shop", "Café crème kettle", (0.0, 0.0, 1.0)),
    (5, "archive", "گوشیهای سامسونگ", (1.0, 0.01, 0.0)),  # near and matching, but filtered out
    (6, "shop", "kettle kettle toaster", None),  # no embedding: only BM25 can find it
]
QUERY = np.array([1.0, 0.0, 0.0])


@pytest.fixture(scope="module")
def docs(db: None) -> Iterator[Database]:
    from quarry.db.database import get_database
    from quarry.settings import get_settings

    database = get_database(get_settings())
    with database.transaction() as tx:
        tx.execute(
            f"CREATE TABLE {DOCS} (doc_id int PRIMARY KEY, kind text, body text, words text[], embedding vector(3))"
        )
        tx.execute(f"CREATE TABLE {STATS} (term text PRIMARY KEY, df int)")
        tx.execute(f"CREATE TABLE {CORPUS} (key text PRIMARY KEY, value float8)")
        tx.execute(f"CREATE TABLE {VECS} (kind text, body text, embedding vector(3))")
        df: Counter[str] = Counter()
        for doc_id, kind, body, vec in ROWS:
            words = terms(body)
            df.update(set(words))
            tx.execute(
                f"INSERT INTO {DOCS} VALUES (:i, :k, :b, CAST(:w AS text[]), CAST(:v AS vector))",
                {"i": doc_id, "k": kind, "b": body, "w": words, "v": str(list(vec)) if vec else None},
            )
            if vec:
                tx.execute(
                    f"INSERT INTO {VECS} VALUES (:k, :b, CAST(:v AS vector))",
                    {"k": kind, "b": body, "v": str(list(vec))},
                )
        tx.execute(f"INSERT INTO {STATS} VALUES (:t, :d)", [{"t": t, "d": d} for t, d in df.items()])
        avgdl = sum(len(terms(r[2])) for r in ROWS) / len(ROWS)
        tx.execute(f"INSERT INTO {CORPUS} VALUES ('docs', :n), ('avgdl', :a)", {"n": len(ROWS), "a": avgdl})
    yield database
    with database.transaction() as tx:
        for table in (DOCS, STATS, CORPUS, VECS):
            tx.execute(f"DROP TABLE IF EXISTS {table}")


SOURCE = HybridSource(
    table=DOCS,
    id_column="doc_id",
    terms_column="words",
    stats_table=STATS,
    corpus_table=CORPUS,
    embedding_column="embedding",
)
SHOPS = "kind = :kind"
KIND = {"kind": "shop"}


def test_vector_ranking_is_by_cosine_inside_the_filter(docs: Database) -> None:
    hits = hybrid_rank(docs, SOURCE, where=SHOPS, params=KIND, query_vec=QUERY)
    assert hits.rankings["vector"] == [
        1,
        2,
        3,
        4,
    ]  # 5 is nearer than 2 but not a shop; 6 has no vector; 3 and 4 tie, id order
    assert hits.ids == [1, 2, 3, 4] and not hits.used_bm25


def test_bm25_matches_folded_persian_spellings(docs: Database) -> None:
    hits = hybrid_rank(docs, SOURCE, where=SHOPS, params=KIND, terms=terms("گوشی‌های ارزان"))
    # ZWNJ removed on both sides meets doc 2; Arabic ي meets the Persian ی in doc 3 ("گوشي" ≠ "گوشیهای").
    assert hits.rankings["bm25"][0] == 3
    assert set(hits.rankings["bm25"]) == {2, 3}


def test_fusion_prefers_agreement(docs: Database) -> None:
    hits = hybrid_rank(docs, SOURCE, where=SHOPS, params=KIND, query_vec=QUERY, terms=terms("گوشی‌های"))
    # Doc 1 is first by vector only; doc 2 is second by vector and the only BM25 match: RRF puts 2 first.
    assert hits.rankings == {"vector": [1, 2, 3, 4], "bm25": [2]}
    assert hits.ids == [2, 1, 3, 4]
    assert hits.scores == sorted(hits.scores, reverse=True)


def test_weights_decide_between_methods(docs: Database) -> None:
    query = terms("kettle")
    by_text = hybrid_rank(
        docs, SOURCE, where=SHOPS, params=KIND, query_vec=QUERY, terms=query, weights={"vector": 0.01, "bm25": 1.0}
    )
    by_vec = hybrid_rank(
        docs, SOURCE, where=SHOPS, params=KIND, query_vec=QUERY, terms=query, weights={"vector": 1.0, "bm25": 0.01}
    )
    assert by_text.rankings["bm25"] == [6, 4]  # tf 2 beats tf 1
    assert by_text.ids[0] == 6  # found by BM25 alone
    assert by_vec.ids[0] == 1


def test_embeddings_in_a_joined_table(docs: Database) -> None:
    joined = HybridSource(
        table=DOCS,
        id_column="doc_id",
        embedding_column="embedding",
        vector_table=VECS,
        vector_join=("kind", "body"),
        vector_where="kind = :kind",
        tiebreak=(("doc_id", "DESC"),),
    )
    hits = hybrid_rank(docs, joined, where=SHOPS, params=KIND, query_vec=QUERY)
    assert hits.ids == [1, 2, 4, 3]  # 3 and 4 are equally far: the tiebreak (doc_id DESC) orders them


def test_no_input_means_no_hits_and_reserved_names_are_refused(docs: Database) -> None:
    assert hybrid_rank(docs, SOURCE, where=SHOPS, params=KIND).ids == []
    assert hybrid_rank(docs, SOURCE, where=SHOPS, params=KIND, terms=["nothing"]).ids == []
    with pytest.raises(QuarryError, match="reserved"):
        hybrid_rank(docs, SOURCE, where="doc_id = :k", params={"k": 1}, terms=["kettle"])
    with pytest.raises(QuarryError, match="identifiers"):
        HybridSource(table="docs; DROP TABLE x")
