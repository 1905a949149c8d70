-- Service tickets the tenant confirmed ("Reply 'confirm' to send it"): the dispatch record.
CREATE TABLE IF NOT EXISTS leasing_tickets (
    ticket_id   bigserial   PRIMARY KEY,
    session_id  text        NOT NULL,
    tenant_id   text        REFERENCES leasing_tenants (tenant_id),
    unit_id     text,
    category    text        NOT NULL,
    priority    text        NOT NULL CHECK (priority IN ('P0', 'P1', 'P2')),
    trade       text        NOT NULL,
    vendor      text        NOT NULL,
    eta_hours   double precision NOT NULL,
    report      text        NOT NULL,
    status      text        NOT NULL DEFAULT 'dispatched',
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS leasing_tickets_tenant_idx ON leasing_tickets (tenant_id, created_at DESC);
