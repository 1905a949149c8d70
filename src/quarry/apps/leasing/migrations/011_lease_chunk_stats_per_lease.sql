-- BM25 statistics per lease: a lease question searches one lease, so document frequencies and lengths
-- are that lease's own. With corpus-wide statistics, loading another tenant's lease changed the
-- ranking (and the citations) of every other lease. Recomputed here from the chunks; the ingest keeps
-- them current.
ALTER TABLE leasing_chunk_term_stats ADD COLUMN IF NOT EXISTS lease_id text NOT NULL DEFAULT '';
ALTER TABLE leasing_chunk_corpus_stats ADD COLUMN IF NOT EXISTS lease_id text NOT NULL DEFAULT '';
ALTER TABLE leasing_chunk_term_stats DROP CONSTRAINT IF EXISTS leasing_chunk_term_stats_pkey;
ALTER TABLE leasing_chunk_corpus_stats DROP CONSTRAINT IF EXISTS leasing_chunk_corpus_stats_pkey;
TRUNCATE leasing_chunk_term_stats, leasing_chunk_corpus_stats;
ALTER TABLE leasing_chunk_term_stats ADD PRIMARY KEY (lease_id, term);
ALTER TABLE leasing_chunk_corpus_stats ADD PRIMARY KEY (lease_id, key);
INSERT INTO leasing_chunk_term_stats (lease_id, term, df)
SELECT lease_id, t, count(DISTINCT chunk_no) FROM leasing_lease_chunks, unnest(terms) AS t GROUP BY lease_id, t;
INSERT INTO leasing_chunk_corpus_stats (lease_id, key, value)
SELECT lease_id, 'docs', count(*) FROM leasing_lease_chunks GROUP BY lease_id
UNION ALL SELECT lease_id, 'avgdl', coalesce(avg(cardinality(terms)), 0) FROM leasing_lease_chunks GROUP BY lease_id;
