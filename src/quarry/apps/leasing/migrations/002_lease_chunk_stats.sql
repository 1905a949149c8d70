-- BM25 statistics of the lease chunks (document frequency per term, corpus size, average length),
-- refreshed whenever leases are loaded; `quarry.search.bm25_sql` ranks chunks with them.
CREATE TABLE IF NOT EXISTS leasing_chunk_term_stats (
    term text PRIMARY KEY,
    df   integer NOT NULL
);
CREATE TABLE IF NOT EXISTS leasing_chunk_corpus_stats (
    key   text PRIMARY KEY,
    value double precision NOT NULL
);
