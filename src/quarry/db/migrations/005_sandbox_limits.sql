-- Sandboxed SQL (quarry.sqlguard.readonly) wraps every statement as
--   SELECT _q.* FROM (<query>) AS _q WHERE quarry_row_size_ok(pg_column_size(_q.*), <cap>)
-- so one oversized row (RPAD('x', 200000000)) is refused by the server before a byte of it
-- reaches the client: libpq buffers a whole row, so a client-side byte count alone cannot
-- stop it. 54000 = program_limit_exceeded.
CREATE OR REPLACE FUNCTION quarry_row_size_ok(size bigint, cap bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    IF size > cap THEN
        RAISE EXCEPTION 'a result row of % bytes exceeds the % byte result cap', size, cap
            USING ERRCODE = 'program_limit_exceeded';
    END IF;
    RETURN true;
END $$;

-- Retention (quarry.retention) deletes by age.
CREATE INDEX IF NOT EXISTS agent_runs_created_idx ON agent_runs (created_at);
CREATE INDEX IF NOT EXISTS conversations_updated_idx ON conversations (updated_at);
