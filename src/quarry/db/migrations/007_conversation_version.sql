-- Optimistic concurrency for conversations: a turn saves only over the version it loaded,
-- so two concurrent turns on one session cannot overwrite each other (the loser retries).
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0;
