-- Rate-limit events shared by every worker and process (a per-process counter is bypassed
-- by a second worker). Rows older than the window are deleted as keys are hit.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_events (
    bucket  text        NOT NULL,
    client  text        NOT NULL,
    at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS rate_limit_events_key_idx ON rate_limit_events (bucket, client, at);
