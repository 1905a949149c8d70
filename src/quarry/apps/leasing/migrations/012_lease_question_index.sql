-- The lease question index: questions a tenant asks, each filed under the section(s) of one lease
-- that answer it (or none: a question that lease is silent on). Lease QA reads the nearest ones to
-- choose a section by meaning; the vector is the question's own (e5 "query:" role, as a new
-- question is embedded), from the core embedding cache. Scoped like the lease it indexes.
CREATE TABLE IF NOT EXISTS leasing_lease_questions (
    lease_id    text NOT NULL,
    question    text NOT NULL,
    sections    text[] NOT NULL,
    embed_model text,
    embedding   vector,
    PRIMARY KEY (lease_id, question)
);

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_tenant_reader') THEN
        GRANT SELECT ON leasing_lease_questions TO quarry_tenant_reader;
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'quarry: cannot grant leasing_lease_questions to quarry_tenant_reader (%)', SQLERRM;
END $$;

ALTER TABLE leasing_lease_questions ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS scoped ON leasing_lease_questions;
CREATE POLICY scoped ON leasing_lease_questions
    USING ((SELECT quarry_scope_all_tenants()) OR lease_id IN
           (SELECT t.lease_id FROM leasing_tenancies t WHERE t.tenant_id = (SELECT quarry_scope_tenant())));
