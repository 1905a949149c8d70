-- Row-level security scope: the server states, per transaction, whose rows a restricted role
-- may read (`quarry.scope`, set with set_config(..., true) before any SQL of a model runs).
-- Any role may set a custom setting, so the value is signed: "kind:ident:sha256(secret||kind:ident)"
-- with a secret only this owner can read. A forged or missing value scopes to nothing.
CREATE TABLE IF NOT EXISTS auth_scope_secret (
    id     boolean PRIMARY KEY DEFAULT true CHECK (id),
    secret text    NOT NULL
);
INSERT INTO auth_scope_secret (secret)
VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
ON CONFLICT DO NOTHING;
REVOKE ALL ON auth_scope_secret FROM PUBLIC;

-- (kind, ident) of the current transaction's signed scope, or ('none', '') when absent or forged.
-- kind: all (admin) · patients (clinician) · tenants (staff) · patient (ident = patient id) ·
-- tenant (ident = tenant id) · none.
CREATE OR REPLACE FUNCTION quarry_scope(OUT kind text, OUT ident text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT coalesce(max(split_part(v.s, ':', 1)), 'none'), coalesce(max(split_part(v.s, ':', 2)), '')
    FROM (SELECT current_setting('quarry.scope', true) AS s) v, auth_scope_secret k
    WHERE v.s IS NOT NULL
      AND split_part(v.s, ':', 3) = encode(sha256(convert_to(
              k.secret || split_part(v.s, ':', 1) || ':' || split_part(v.s, ':', 2), 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION quarry_scope() FROM PUBLIC;

-- Policies call these inside `(SELECT ...)`, so they run once per query, not once per row.
CREATE OR REPLACE FUNCTION quarry_scope_all_patients() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT kind IN ('all', 'patients') FROM quarry_scope()
$$;
CREATE OR REPLACE FUNCTION quarry_scope_patient() RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT CASE WHEN kind = 'patient' AND ident ~ '^[0-9]{1,9}$' THEN ident::integer END FROM quarry_scope()
$$;
CREATE OR REPLACE FUNCTION quarry_scope_all_tenants() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT kind IN ('all', 'tenants') FROM quarry_scope()
$$;
CREATE OR REPLACE FUNCTION quarry_scope_tenant() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT CASE WHEN kind = 'tenant' THEN ident END FROM quarry_scope()
$$;
