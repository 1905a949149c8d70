-- archive: kinds of media the user rules out ("no photos or papers", «bukan gambar») are a filter of
-- their own, and so are two kinds offered as alternatives ("only sound or film": every other kind is out).
-- Read as the media filter, "not photographs" had returned exactly the photographs.
-- The eight-argument function is dropped first: beside the new one (its last argument defaulted) an
-- eight-argument call would be ambiguous.
DROP FUNCTION IF EXISTS match_archives(vector, double precision, integer, text, text, integer, integer, text);

CREATE OR REPLACE FUNCTION match_archives(
    query_embedding  vector,
    match_threshold  double precision,
    match_count      integer,
    filter_media_type text DEFAULT NULL,
    filter_place      text DEFAULT NULL,
    filter_year_from  integer DEFAULT NULL,
    filter_year_to    integer DEFAULT NULL,
    filter_place_not  text DEFAULT NULL,
    filter_media_not  text[] DEFAULT NULL
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
      AND (filter_media_not IS NULL OR a.media_type <> ALL(filter_media_not))
      AND (filter_place IS NULL OR a.place_fold LIKE '%' || quarry_fold(filter_place) || '%')
      AND (filter_place_not IS NULL OR a.place_fold NOT LIKE '%' || quarry_fold(filter_place_not) || '%')
      AND (filter_year_from IS NULL OR coalesce(a.year_to, a.year_from) >= filter_year_from)
      AND (filter_year_to IS NULL OR coalesce(a.year_from, a.year_to) <= filter_year_to)
    ORDER BY a.embedding <=> query_embedding
    LIMIT match_count
$$;
