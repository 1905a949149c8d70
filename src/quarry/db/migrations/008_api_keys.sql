-- Who may call: API keys (stored as sha256 of the whole key; the key itself is shown once),
-- each bound to a role and, for patients and tenants, to the one person it speaks for.
CREATE TABLE IF NOT EXISTS api_keys (
    id           text        PRIMARY KEY,
    name         text        NOT NULL DEFAULT '',
    role         text        NOT NULL CHECK (role IN ('patient', 'clinician', 'tenant', 'staff', 'admin')),
    patient_id   integer,
    tenant_id    text,
    key_hash     text        NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz,
    last_used_at timestamptz,
    CHECK ((role = 'patient') = (patient_id IS NOT NULL)),
    CHECK ((role = 'tenant') = (tenant_id IS NOT NULL))
);

-- The audit says who asked (the key's id and role; never the key, never rows).
ALTER TABLE agent_runs ADD COLUMN IF NOT EXISTS principal_id text;
ALTER TABLE agent_runs ADD COLUMN IF NOT EXISTS principal_role text;

-- A conversation belongs to the principal that started it: the same id used by someone else
-- is another conversation ('' = anonymous callers, kept apart by client address for /chat).
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS owner text NOT NULL DEFAULT '';
ALTER TABLE conversations DROP CONSTRAINT IF EXISTS conversations_pkey;
ALTER TABLE conversations ADD PRIMARY KEY (app, owner, session_id);
