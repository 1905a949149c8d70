-- Lease chunks for the core hybrid search: one id column, the passage embedded, its vector and
-- the model that made it (an untyped `vector`: a lease has ~115 chunks, ranked exactly, no index).
ALTER TABLE leasing_lease_chunks
    ADD COLUMN IF NOT EXISTS chunk_key   text GENERATED ALWAYS AS (lease_id || ':' || chunk_no) STORED,
    ADD COLUMN IF NOT EXISTS embed_text  text,
    ADD COLUMN IF NOT EXISTS embed_model text,
    ADD COLUMN IF NOT EXISTS embedding   vector;
CREATE UNIQUE INDEX IF NOT EXISTS leasing_lease_chunks_key ON leasing_lease_chunks (chunk_key);
