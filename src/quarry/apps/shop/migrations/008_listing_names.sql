-- A listing's name without its seller code. Shops list the same product twice, once plain and
-- once with a four-digit code in the model ("Apple AirPods Max Silver" and "Apple AirPods Max
-- 3298 Silver", «… کد ۳۲۹۸ …»): the code is a token the user has to say to mean that listing, so
-- a name that leaves it out fits both. The code is the model's number that the Persian name also
-- writes after «کد»; other four-digit numbers (a model year, "Series 5000", 9000 BTU) are not.
ALTER TABLE shop.base_products ADD COLUMN IF NOT EXISTS listing_name text GENERATED ALWAYS AS (
    CASE WHEN quarry_fold_joined(persian_name) ~ ('کد ' || substring(english_name FROM ' ([0-9]{4}) '))
         THEN regexp_replace(english_name, ' ' || substring(english_name FROM ' ([0-9]{4}) ') || ' ', ' ')
         ELSE english_name END
) STORED;
CREATE INDEX IF NOT EXISTS idx_base_products_listing_name ON shop.base_products (listing_name);
