"""Conversation memory: PydanticAI message history per (app, session), stored in Postgres."""

from __future__ import annotations

import uuid
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelMessagesTypeAdapter

from quarry.db import Database
from quarry.inputs import storable_json


def new_session_id() -> str:
    """A fresh unguessable session id (128 random bits)."""
    return uuid.uuid4().hex


def load_session(db: Database, app: str, session_id: str) -> tuple[list[ModelMessage], dict[str, Any]]:
    """(message history, app state) of a session; empty for a new session."""
    row = db.fetch_one(
        "SELECT messages, state FROM conversations WHERE app = :a AND session_id = :s",
        {"a": app, "s": session_id},
        write=True,  # read-your-writes: the previous turn was just saved on the writer
    )
    if row is None:
        return [], {}
    messages = ModelMessagesTypeAdapter.validate_python(row["messages"])
    return list(messages), dict(row["state"] or {})


def open_session(
    db: Database, app: str, session_id: str | None, *, ttl_hours: float
) -> tuple[str, list[ModelMessage], dict[str, Any]]:
    """(id, history, state) for a turn: the client's session if the server issued it and it is
    younger than `ttl_hours` since its last turn, else a new server-issued id with no history.

    Ids come only from the server, so a client cannot pick another user's id in advance
    (session fixation), and an expired conversation is not resumed.
    """
    if session_id is not None:
        row = db.fetch_one(
            "SELECT messages, state FROM conversations WHERE app = :a AND session_id = :s"
            " AND updated_at > now() - make_interval(secs => :ttl)",
            {"a": app, "s": session_id, "ttl": ttl_hours * 3600},
            write=True,  # read-your-writes: the previous turn was just saved on the writer
        )
        if row is not None:
            messages = ModelMessagesTypeAdapter.validate_python(row["messages"])
            return session_id, list(messages), dict(row["state"] or {})
    return new_session_id(), [], {}


def save_session(db: Database, app: str, session_id: str, messages: list[ModelMessage], state: dict[str, Any]) -> None:
    """Replace a session's history and state (the last writer wins; turns are sequential)."""
    payload = storable_json(ModelMessagesTypeAdapter.dump_python(messages, mode="json"))
    db.execute(
        "INSERT INTO conversations (app, session_id, messages, state, updated_at)"
        " VALUES (:a, :s, CAST(:m AS jsonb), CAST(:st AS jsonb), now())"
        " ON CONFLICT (app, session_id) DO UPDATE"
        " SET messages = EXCLUDED.messages, state = EXCLUDED.state, updated_at = now()",
        {"a": app, "s": session_id, "m": payload, "st": storable_json(state)},
    )
