-- archive: heritage archive items, their BM25 statistics and the seed's `match_archives` RPC.
-- `embedding` is vector(384) for the default local e5 model; ingest changes the dimension
-- (and rebuilds the HNSW index) when another embedding model is configured.
CREATE TABLE IF NOT EXISTS archive_items (
    identifier   text PRIMARY KEY,
    title        text    NOT NULL,
    title_ms     text    NOT NULL,
    description  text    NOT NULL,
    summary      text    NOT NULL,
    tags         text[]  NOT NULL DEFAULT '{}',
    media_type   text    NOT NULL CHECK (media_type IN ('image', 'video', 'document', 'audio')),
    place        text    NOT NULL,
    period       text    NOT NULL,
    year_from    integer,
    year_to      integer,
    collection   text    NOT NULL,
    rights       text    NOT NULL,
    topic        text    NOT NULL DEFAULT '',
    embed_text   text    NOT NULL,
    terms        text[]  NOT NULL DEFAULT '{}',
    embedding    vector(384),
    synthetic    boolean NOT NULL DEFAULT false
);

-- Which embedding space `archive_items.embedding` holds (a change re-embeds).
CREATE TABLE IF NOT EXISTS archive_vector_meta (
    id    integer PRIMARY KEY CHECK (id = 1),
    model text    NOT NULL,
    dim   integer NOT NULL
);

CREATE INDEX IF NOT EXISTS archive_items_hnsw ON archive_items USING hnsw (embedding vector_cosine_ops);
CREATE INDEX IF NOT EXISTS archive_items_media_idx ON archive_items (media_type);
CREATE INDEX IF NOT EXISTS archive_items_years_idx ON archive_items (year_from, year_to);
CREATE INDEX IF NOT EXISTS archive_items_terms_gin ON archive_items USING gin (terms);
CREATE INDEX IF NOT EXISTS archive_items_place_trgm ON archive_items USING gin (quarry_fold(place) gin_trgm_ops);

-- BM25 term statistics kept at ingest (document frequency per term, corpus size, avgdl).
CREATE TABLE IF NOT EXISTS archive_term_stats (
    term text PRIMARY KEY,
    df   integer NOT NULL
);
CREATE TABLE IF NOT EXISTS archive_corpus_stats (
    key   text PRIMARY KEY,
    value double precision NOT NULL
);

-- The seed's Supabase RPC as a real SQL function: items by cosine similarity to
-- `query_embedding`, at least `match_threshold`, best first, at most `match_count`.
-- Optional filters (NULL = none) make the question's constraints SQL, not embedding text:
-- media type, a place substring (folded), and years overlapping [filter_year_from, filter_year_to].
CREATE OR REPLACE FUNCTION match_archives(
    query_embedding  vector,
    match_threshold  double precision,
    match_count      integer,
    filter_media_type text DEFAULT NULL,
    filter_place      text DEFAULT NULL,
    filter_year_from  integer DEFAULT NULL,
    filter_year_to    integer DEFAULT NULL
)
RETURNS TABLE (
    identifier text, title text, title_ms text, summary text, tags text[], media_type text,
    place text, period text, year_from integer, year_to integer, collection text, rights text,
    similarity double precision
)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT a.identifier, a.title, a.title_ms, a.summary, a.tags, a.media_type, a.place, a.period,
           a.year_from, a.year_to, a.collection, a.rights,
           1 - (a.embedding <=> query_embedding) AS similarity
    FROM archive_items a
    WHERE a.embedding IS NOT NULL
      AND 1 - (a.embedding <=> query_embedding) >= match_threshold
      AND (filter_media_type IS NULL OR a.media_type = filter_media_type)
      AND (filter_place IS NULL OR quarry_fold(a.place) LIKE '%' || quarry_fold(filter_place) || '%')
      AND (filter_year_from IS NULL OR coalesce(a.year_to, a.year_from) >= filter_year_from)
      AND (filter_year_to IS NULL OR coalesce(a.year_from, a.year_to) <= filter_year_to)
    ORDER BY a.embedding <=> query_embedding
    LIMIT match_count
$$;
