-- Optimistic concurrency for POST /chat turns across worker processes: a turn saves its state
-- only if the version it loaded is still current, else it runs again on the newer state.
ALTER TABLE shop_chats ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
