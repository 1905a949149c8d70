-- One row per offer with the filters the narrowing dialogue uses (filled by the ingest from
-- members ⨝ base_products ⨝ shops): a category-wide search ("a cheap fridge") then reads its
-- category's offers through one index instead of hash-joining every offer of the catalogue.
CREATE TABLE IF NOT EXISTS shop.offer_facts (
    member_random_key text PRIMARY KEY,
    base_random_key text NOT NULL,
    price bigint NOT NULL,
    category_id integer NOT NULL,
    brand_id integer,
    city_id integer NOT NULL,
    has_warranty boolean NOT NULL,
    score real NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_offer_facts_category_price ON shop.offer_facts (category_id, price);
CREATE INDEX IF NOT EXISTS idx_offer_facts_brand ON shop.offer_facts (brand_id);
