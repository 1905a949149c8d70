-- Embedding cache: one vector per (model, text) so re-ingest embeds nothing new.
CREATE TABLE IF NOT EXISTS embedding_cache (
    model      text        NOT NULL,
    text_md5   text        NOT NULL,
    text       text        NOT NULL,
    dim        integer     NOT NULL,
    embedding  vector      NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (model, text_md5)
);

-- Audit log of every agent run (any app): request, response summary and the full trace.
CREATE TABLE IF NOT EXISTS agent_runs (
    id          bigserial   PRIMARY KEY,
    app         text        NOT NULL,
    session_id  text,
    request     text        NOT NULL,
    action      text,
    model       text,
    ms          double precision,
    trace       jsonb       NOT NULL DEFAULT '[]'::jsonb,
    response    jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS agent_runs_app_created_idx ON agent_runs (app, created_at DESC);

-- Conversation memory: PydanticAI message history per session, stored as JSON.
CREATE TABLE IF NOT EXISTS conversations (
    session_id  text        NOT NULL,
    app         text        NOT NULL,
    messages    jsonb       NOT NULL DEFAULT '[]'::jsonb,
    state       jsonb       NOT NULL DEFAULT '{}'::jsonb,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (app, session_id)
);
