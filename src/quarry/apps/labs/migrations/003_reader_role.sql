-- Defence in depth for model-written SQL (quarry.sqlguard.readonly): it runs as
-- quarry_reader, a role that can SELECT the whitelisted labs tables and nothing else
-- (not sql_generation_logs), in a READ ONLY transaction with a statement timeout.
--
-- Roles are cluster-wide and need CREATEROLE; on a managed database without it the
-- migration only warns, and run_readonly still uses a read-only transaction.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_reader') THEN
        -- LOGIN so a dedicated connection can authenticate as the role itself: then
        -- session_user is quarry_reader and a smuggled SET ROLE cannot climb back.
        CREATE ROLE quarry_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT
            NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 32;
    END IF;
    -- Sessions of the role start read-only with a short timeout even before we say so.
    ALTER ROLE quarry_reader SET default_transaction_read_only = on;
    ALTER ROLE quarry_reader SET statement_timeout = '5s';
    -- A non-superuser owner must be a member to SET ROLE to it.
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT quarry_reader TO %I', current_user);
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'quarry: cannot manage role quarry_reader (%); model SQL runs read-only without it', SQLERRM;
END $$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_reader') THEN
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO quarry_reader', current_database());
        GRANT USAGE ON SCHEMA public TO quarry_reader;
        GRANT SELECT ON patients, lab_reports, lab_results, analytes, analyte_aliases,
            lab_parameter_names TO quarry_reader;
        REVOKE ALL ON sql_generation_logs FROM quarry_reader;
    END IF;
END $$;
