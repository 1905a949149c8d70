-- Resource limits of the model-SQL sandbox role, as session defaults of the role (they
-- apply to its own login connections; quarry.sqlguard.readonly also sets work_mem, and
-- temp_file_limit when allowed, per transaction for the SET ROLE fallback).
--   temp_file_limit: one statement may not spill more than 256 MB to disk
--     (ORDER BY random() over generate_series(1, 1e9) wrote 0.8 GB in 5 s before);
--   work_mem: memory per sort/hash node before spilling.
-- temp_file_limit is superuser-only to set; without the privilege the migration warns.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_reader') THEN
        ALTER ROLE quarry_reader SET work_mem = '16MB';
        ALTER ROLE quarry_reader SET temp_file_limit = '256MB';
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'quarry: cannot set resource limits of quarry_reader (%)', SQLERRM;
END $$;

-- Retention (quarry.retention) deletes by age.
CREATE INDEX IF NOT EXISTS sql_generation_logs_created_idx ON sql_generation_logs (created_at);
