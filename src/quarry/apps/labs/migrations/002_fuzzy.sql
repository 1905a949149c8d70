-- Fuzzy search over lab parameter names (seed §2, "Database Requirements").
--
-- labs_fold: the immutable normalisation used by every trigram index and fuzzy query:
-- unaccent + lower case + one Latin skeleton for Cyrillic/Latin look-alike letters
-- (see quarry/apps/labs/folding.py for the mapping and why). unaccent() itself is only
-- STABLE because its dictionary could change; pinning the dictionary by name is the usual
-- way to use it in an index expression. The SQL-standard body is parsed once, so the
-- function does not depend on the caller's search_path.
CREATE OR REPLACE FUNCTION labs_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(regexp_replace(
    translate(lower(public.unaccent('public.unaccent'::regdictionary, value)),
              'chjrvyабвгдеёжзийклмнопрстуфхцчшщыэюяіїєґъь',
              'snipbuabbgdeezziiklmnoppstufxsqwwieuaiieg'),
    '\s+', ' ', 'g'));

-- The seed's index (also in the top-level migrations/add_trigram_index.sql script).
CREATE INDEX IF NOT EXISTS lab_results_parameter_name_trgm_idx
    ON lab_results USING gin (parameter_name gin_trgm_ops);
-- The folded expression index: `labs_fold(parameter_name) % labs_fold(:term)` uses it.
CREATE INDEX IF NOT EXISTS lab_results_parameter_fold_trgm_idx
    ON lab_results USING gin (labs_fold(parameter_name) gin_trgm_ops);

-- Distinct parameter names, kept in step with lab_results by a statement trigger. A term
-- matches thousands of result rows but only a handful of distinct names; searching the
-- names directly keeps fuzzy search in milliseconds at millions of results.
CREATE TABLE IF NOT EXISTS lab_parameter_names (
    parameter_name  text PRIMARY KEY
);
CREATE INDEX IF NOT EXISTS lab_parameter_names_fold_trgm_idx
    ON lab_parameter_names USING gin (labs_fold(parameter_name) gin_trgm_ops);

CREATE OR REPLACE FUNCTION labs_track_parameter_names() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lab_parameter_names (parameter_name)
    SELECT DISTINCT parameter_name FROM new_rows
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS lab_results_track_names_ins ON lab_results;
CREATE TRIGGER lab_results_track_names_ins
    AFTER INSERT ON lab_results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION labs_track_parameter_names();
DROP TRIGGER IF EXISTS lab_results_track_names_upd ON lab_results;
CREATE TRIGGER lab_results_track_names_upd
    AFTER UPDATE ON lab_results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION labs_track_parameter_names();

-- Optional in the seed, used by fuzzy_search_analyte_names.
CREATE INDEX IF NOT EXISTS analyte_aliases_fold_trgm_idx
    ON analyte_aliases USING gin (labs_fold(alias) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS analytes_name_fold_trgm_idx
    ON analytes USING gin (labs_fold(name) gin_trgm_ops);
