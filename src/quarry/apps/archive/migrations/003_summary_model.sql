-- archive: who wrote each item's summary: 'extractive' (the deterministic first sentences, offline)
-- or the name of the language model that summarised a long description when one is configured.
-- A re-ingest keeps a model's summary while the description is unchanged (no second LLM call).
ALTER TABLE archive_items ADD COLUMN IF NOT EXISTS summary_model text NOT NULL DEFAULT 'extractive';
