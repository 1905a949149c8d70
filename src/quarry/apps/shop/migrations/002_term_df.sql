-- Document frequency of each search-vector term over base_products (filled by the ingest):
-- search_base_products drops very common words («مدل», «گیگابایت», "black") from the text it
-- looks up trigram candidates with, so a long name rechecks a few rows instead of thousands.
CREATE TABLE IF NOT EXISTS shop.term_df (
    term text PRIMARY KEY,
    ndoc integer NOT NULL
);
