-- Rate limits count events per 100 ms slot instead of keeping one row per event: with a high
-- limit (one proxy address in front of many users, or a load test) the per-event rows made every
-- request count thousands of rows while holding the client's lock, so requests queued behind it.
-- UNLOGGED as before: losing the counts in a crash forgives a minute of requests.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_counts (
    bucket  text    NOT NULL,
    client  text    NOT NULL,
    slot    bigint  NOT NULL,  -- floor(epoch seconds × 10)
    n       integer NOT NULL,
    PRIMARY KEY (bucket, client, slot)
);
DROP TABLE IF EXISTS rate_limit_events;
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_tenant_reader') THEN
        REVOKE ALL ON rate_limit_counts FROM quarry_tenant_reader;
    END IF;
END $$;
