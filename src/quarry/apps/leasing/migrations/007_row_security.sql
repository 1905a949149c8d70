-- A tenant's tenancy, lease text, lease passages and tickets are scoped in the database. Turns
-- that read them (lease questions, tickets, renewals) run as quarry_tenant_reader, a role without
-- BYPASSRLS, under the signed scope of the caller (core 009): a tenant key reads its own rows
-- only, whatever the code asks for; staff and admin read every tenancy. The owner (ingest,
-- prospect search) is not restricted.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_tenant_reader') THEN
        CREATE ROLE quarry_tenant_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT
            NOREPLICATION NOBYPASSRLS;
    END IF;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT quarry_tenant_reader TO %I', current_user);
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'quarry: cannot manage role quarry_tenant_reader (%); tenant rows are scoped in code only', SQLERRM;
END $$;

DO $$
DECLARE
    t text;
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_tenant_reader') THEN
        GRANT USAGE ON SCHEMA public TO quarry_tenant_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA public TO quarry_tenant_reader;
        -- Nothing of keys, secrets, other apps' logs or anyone's conversations.
        FOR t IN SELECT unnest(ARRAY['api_keys', 'auth_scope_secret', 'conversations', 'agent_runs',
                                     'sql_generation_logs', 'rate_limit_events'])
        LOOP
            IF to_regclass(t) IS NOT NULL THEN
                EXECUTE format('REVOKE ALL ON %I FROM quarry_tenant_reader', t);
            END IF;
        END LOOP;
        GRANT SELECT, INSERT, UPDATE ON embedding_cache TO quarry_tenant_reader;
        GRANT EXECUTE ON FUNCTION quarry_scope_all_tenants(), quarry_scope_tenant() TO quarry_tenant_reader;
    END IF;
END $$;

ALTER TABLE leasing_tenancies ENABLE ROW LEVEL SECURITY;
ALTER TABLE leasing_leases ENABLE ROW LEVEL SECURITY;
ALTER TABLE leasing_lease_chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE leasing_tickets ENABLE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS scoped ON leasing_tenancies;
CREATE POLICY scoped ON leasing_tenancies
    USING ((SELECT quarry_scope_all_tenants()) OR tenant_id = (SELECT quarry_scope_tenant()));
DROP POLICY IF EXISTS scoped ON leasing_tickets;
CREATE POLICY scoped ON leasing_tickets
    USING ((SELECT quarry_scope_all_tenants()) OR tenant_id = (SELECT quarry_scope_tenant()));
DROP POLICY IF EXISTS scoped ON leasing_leases;
CREATE POLICY scoped ON leasing_leases
    USING ((SELECT quarry_scope_all_tenants()) OR lease_id IN
           (SELECT t.lease_id FROM leasing_tenancies t WHERE t.tenant_id = (SELECT quarry_scope_tenant())));
DROP POLICY IF EXISTS scoped ON leasing_lease_chunks;
CREATE POLICY scoped ON leasing_lease_chunks
    USING ((SELECT quarry_scope_all_tenants()) OR lease_id IN
           (SELECT t.lease_id FROM leasing_tenancies t WHERE t.tenant_id = (SELECT quarry_scope_tenant())));
