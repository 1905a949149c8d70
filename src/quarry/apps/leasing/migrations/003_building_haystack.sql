-- The text a location token is looked for in (neighbourhood, address, borough), lower-cased once
-- per building instead of once per unit and per candidate relaxation at query time.
ALTER TABLE leasing_buildings
    ADD COLUMN IF NOT EXISTS hay text GENERATED ALWAYS AS (lower(neighborhood || ' | ' || address || ' | ' || borough)) STORED;
