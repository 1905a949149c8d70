-- 007 granted the tenant reader every table that existed then; on a new database that includes
-- the core's rate_limit_counts (created just before), which holds client addresses and key ids.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_tenant_reader')
       AND to_regclass('rate_limit_counts') IS NOT NULL THEN
        REVOKE ALL ON rate_limit_counts FROM quarry_tenant_reader;
    END IF;
END $$;
