-- Seed 002 deliverable: trigram index for fuzzy search on lab_results.parameter_name.
-- Run manually with psql (CONCURRENTLY cannot run inside a transaction block):
--     uv run quarry db psql -- -f migrations/add_trigram_index.sql
-- (`quarry db psql` keeps the embedded server up while psql runs.) The app applies the
-- same indexes itself (src/quarry/apps/labs/migrations/002_fuzzy.sql), non-concurrently inside its migration transaction; this script is for databases that
-- already hold data and must stay writable while the index builds.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Create trigram index for fuzzy search
CREATE INDEX CONCURRENTLY IF NOT EXISTS lab_results_parameter_name_trgm_idx
ON lab_results USING gin (parameter_name gin_trgm_ops);

-- Quarry's fuzzy search compares folded text (case, accents, Cyrillic/Latin look-alikes);
-- this expression index serves `labs_fold(parameter_name) % labs_fold(:term)`.
-- (labs_fold is created by the labs migration 002_fuzzy.sql.)
CREATE INDEX CONCURRENTLY IF NOT EXISTS lab_results_parameter_fold_trgm_idx
ON lab_results USING gin (labs_fold(parameter_name) gin_trgm_ops);

-- Default similarity threshold (tunable per session; Quarry sets it from AGENTIC_SIMILARITY_THRESHOLD)
-- SET pg_trgm.similarity_threshold = 0.3;

-- Verify index
\d lab_results
