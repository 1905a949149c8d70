-- HDB resale transactions: the data set's columns unchanged, plus derived columns (seed §2.2).
CREATE TABLE IF NOT EXISTS hdb_resale (
    id                     bigserial PRIMARY KEY,
    month                  text     NOT NULL,
    town                   text     NOT NULL,
    flat_type              text     NOT NULL,
    block                  text     NOT NULL,
    street_name            text     NOT NULL,
    storey_range           text     NOT NULL,
    floor_area_sqm         numeric  NOT NULL,
    flat_model             text     NOT NULL,
    lease_commence_date    integer  NOT NULL,
    remaining_lease        text     NOT NULL,
    resale_price           integer  NOT NULL,
    month_date             date     NOT NULL,
    storey_min             integer  NOT NULL,
    storey_max             integer  NOT NULL,
    storey_mid             numeric  NOT NULL,
    remaining_lease_months integer  NOT NULL,
    listing_text           text     NOT NULL,
    listing_terms          text[]   NOT NULL
);

-- Raw rows land here first (all text) so a malformed value is counted, not fatal.
CREATE UNLOGGED TABLE IF NOT EXISTS hdb_resale_staging (
    line integer, month text, town text, flat_type text, block text, street_name text,
    storey_range text, floor_area_sqm text, flat_model text, lease_commence_date text,
    remaining_lease text, resale_price text
);

-- BM25 term statistics kept at ingest (document frequency per term, corpus size, avgdl).
CREATE TABLE IF NOT EXISTS hdb_term_stats (
    term text PRIMARY KEY,
    df   integer NOT NULL
);
CREATE TABLE IF NOT EXISTS hdb_corpus_stats (
    key   text PRIMARY KEY,
    value double precision NOT NULL
);

-- Seed §2.3 B-tree indexes, composite filters, trigram for typo'd street names.
CREATE INDEX IF NOT EXISTS hdb_town_type_idx        ON hdb_resale (town, flat_type);
CREATE INDEX IF NOT EXISTS hdb_month_idx            ON hdb_resale (month_date);
CREATE INDEX IF NOT EXISTS hdb_area_idx             ON hdb_resale (floor_area_sqm);
CREATE INDEX IF NOT EXISTS hdb_price_idx            ON hdb_resale (resale_price);
CREATE INDEX IF NOT EXISTS hdb_lease_idx            ON hdb_resale (remaining_lease_months);
CREATE INDEX IF NOT EXISTS hdb_town_type_month_idx  ON hdb_resale (town, flat_type, month_date);
CREATE INDEX IF NOT EXISTS hdb_town_type_area_idx   ON hdb_resale (town, flat_type, floor_area_sqm);
CREATE INDEX IF NOT EXISTS hdb_town_street_idx      ON hdb_resale (town, street_name);
CREATE INDEX IF NOT EXISTS hdb_street_trgm_idx      ON hdb_resale USING gin (street_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS hdb_listing_trgm_idx     ON hdb_resale USING gin (listing_text gin_trgm_ops);
CREATE INDEX IF NOT EXISTS hdb_terms_gin_idx        ON hdb_resale USING gin (listing_terms);
