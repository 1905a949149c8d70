-- A narrow copy of each product's search vector, for lookups made only of common words
-- («گوشی سامسونگ», "samsung phone"): every word is required through this table's GIN index,
-- and the rows are stored in (category, brand, name length) order, so the thousands of
-- products such a query holds sit on a few dozen pages instead of one heap page each of the
-- wide base_products table (~25 ms at 1M offers for a brand's ~6k products). The trigram
-- counts of the two folded names rank the candidates before the full score: a product
-- holding every word of the query has a whole-name similarity of (query trigrams) / (name
-- trigrams), so the fewest trigrams are the best-scoring names. Filled by the ingest.
CREATE TABLE IF NOT EXISTS shop.product_words (
    random_key text NOT NULL,
    category_id integer NOT NULL,
    brand_id integer,
    persian_trgm integer NOT NULL,
    english_trgm integer NOT NULL,
    search_vector tsvector NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_product_words_search_vector ON shop.product_words USING gin (search_vector);
INSERT INTO shop.product_words (random_key, category_id, brand_id, persian_trgm, english_trgm, search_vector)
SELECT random_key, category_id, brand_id, cardinality(show_trgm(persian_fold)), cardinality(show_trgm(english_fold)),
       search_vector
FROM shop.base_products
WHERE NOT EXISTS (SELECT 1 FROM shop.product_words)
ORDER BY category_id, brand_id, cardinality(show_trgm(persian_fold)), random_key;
