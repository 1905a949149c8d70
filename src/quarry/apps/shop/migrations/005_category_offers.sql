-- The narrowing dialogue's answer for a bare category ("a cheap fridge": only the category, cheap
-- or not), computed by the ingest with the same single statement a live search runs: at 1M
-- offers a category holds up to ~90k offers, and this first search of most dialogues is the
-- one that counts and groups all of them. Any other filter searches live.
CREATE TABLE IF NOT EXISTS shop.category_offers (
    category_id integer NOT NULL,
    cheap boolean NOT NULL,
    found jsonb NOT NULL,
    PRIMARY KEY (category_id, cheap)
);
