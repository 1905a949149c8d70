"""Conversation memory: PydanticAI message history per (app, session), stored in Postgres.

Every saved turn bumps the row's `version`; `save_session` writes only over the version its turn
loaded (compare-and-set), so a concurrent turn on the same session is detected instead of being
overwritten. `quarry.agent.turn` retries the loser on the new state.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelMessagesTypeAdapter

from quarry.caller import conversation_owner
from quarry.db import Database
from quarry.inputs import storable_json


class StaleSession(Exception):
    """Another turn saved this session after this turn loaded it."""


@dataclass
class Session:
    """One conversation as a turn loaded it."""

    id: str
    history: list[ModelMessage] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    version: int | None = None
    """The stored version loaded; None for a conversation not stored yet."""
    owner: str = ""
    """Whose conversation it is (the key's id; see `quarry.caller.conversation_owner`)."""


def new_session_id() -> str:
    """A fresh unguessable session id (128 random bits)."""
    return uuid.uuid4().hex


def _session(session_id: str, row: dict[str, Any], owner: str) -> Session:
    messages = ModelMessagesTypeAdapter.validate_python(row["messages"])
    return Session(session_id, list(messages), dict(row["state"] or {}), int(row["version"]), owner)


def load_session(
    db: Database, app: str, session_id: str, *, owner: str | None = None, named: bool = False
) -> tuple[list[ModelMessage], dict[str, Any]]:
    """(message history, app state) of `owner`'s session (default: the current caller's); empty
    for a new session."""
    owner = conversation_owner(named=named) if owner is None else owner
    row = db.fetch_one(
        "SELECT messages, state, version FROM conversations WHERE app = :a AND owner = :o AND session_id = :s",
        {"a": app, "o": owner, "s": session_id},
        write=True,  # read-your-writes: the previous turn was just saved on the writer
    )
    if row is None:
        return [], {}
    s = _session(session_id, row, owner)
    return s.history, s.state


def resume_session(
    db: Database,
    app: str,
    session_id: str | None,
    *,
    ttl_hours: float,
    named: bool = False,
    owner: str | None = None,
) -> Session:
    """The client's session if the server issued it and it is younger than `ttl_hours` since its
    last turn, else a new server-issued id with no history.

    Ids come only from the server, so a client cannot pick another user's id in advance
    (session fixation), and an expired conversation is not resumed. `named`: the client names
    its conversations (shop's public `chat_id` contract), so an unknown id starts that
    conversation and a known one continues whatever its age (retention prunes old ones).
    A conversation is `owner`'s (default: the current caller's): the same id sent by another
    principal finds nothing of it.
    """
    owner = conversation_owner(named=named) if owner is None else owner
    if named:
        if not session_id:
            raise ValueError("a named conversation needs its id")
        row = db.fetch_one(
            "SELECT messages, state, version FROM conversations WHERE app = :a AND owner = :o AND session_id = :s",
            {"a": app, "o": owner, "s": session_id},
            write=True,
        )
        if row is None and owner:
            # A chat nobody owns came from before owners (shop/007 moved the old chats with owner
            # ''), when naming its id was all it took to go on with it: the first caller to name
            # it now takes it over, once (the UPDATE is atomic; a second claimant starts its own).
            row = db.fetch_one(
                "UPDATE conversations SET owner = :o WHERE app = :a AND owner = '' AND session_id = :s"
                " RETURNING messages, state, version",
                {"a": app, "o": owner, "s": session_id},
                write=True,
            )
        return _session(session_id, row, owner) if row is not None else Session(session_id, owner=owner)
    if session_id is not None:
        row = db.fetch_one(
            "SELECT messages, state, version FROM conversations WHERE app = :a AND owner = :o AND session_id = :s"
            " AND updated_at > now() - make_interval(secs => :ttl)",
            {"a": app, "o": owner, "s": session_id, "ttl": ttl_hours * 3600},
            write=True,  # read-your-writes: the previous turn was just saved on the writer
        )
        if row is not None:
            return _session(session_id, row, owner)
    return Session(new_session_id(), owner=owner)


def _row(app: str, session_id: str, messages: list[ModelMessage], state: dict[str, Any], owner: str) -> dict[str, Any]:
    """Bound parameters of a conversation row."""
    return {
        "a": app,
        "o": owner,
        "s": session_id,
        "m": storable_json(ModelMessagesTypeAdapter.dump_python(messages, mode="json")),
        "st": storable_json(state),
    }


def store_session(db: Database, app: str, session: Session, messages: list[ModelMessage], state: dict[str, Any]) -> int:
    """Save a turn over the version it loaded; the new version. StaleSession when another turn
    saved first (or created the same session), so nothing it wrote is lost."""
    params = _row(app, session.id, messages, state, session.owner)
    if session.version is None:
        version = db.scalar(
            "INSERT INTO conversations (app, owner, session_id, messages, state, updated_at, version)"
            " VALUES (:a, :o, :s, CAST(:m AS jsonb), CAST(:st AS jsonb), now(), 1)"
            " ON CONFLICT (app, owner, session_id) DO NOTHING RETURNING version",
            params,
            write=True,
        )
    else:
        version = db.scalar(
            "UPDATE conversations SET messages = CAST(:m AS jsonb), state = CAST(:st AS jsonb),"
            " updated_at = now(), version = version + 1"
            " WHERE app = :a AND owner = :o AND session_id = :s AND version = :v RETURNING version",
            {**params, "v": session.version},
            write=True,
        )
    if version is None:
        raise StaleSession(session.id)
    return int(version)


def save_session(
    db: Database,
    app: str,
    session_id: str,
    messages: list[ModelMessage],
    state: dict[str, Any],
    *,
    owner: str | None = None,
) -> None:
    """Replace a session's history and state unconditionally (tools and tests; turns use `store_session`)."""
    db.execute(
        "INSERT INTO conversations (app, owner, session_id, messages, state, updated_at, version)"
        " VALUES (:a, :o, :s, CAST(:m AS jsonb), CAST(:st AS jsonb), now(), 1)"
        " ON CONFLICT (app, owner, session_id) DO UPDATE"
        " SET messages = EXCLUDED.messages, state = EXCLUDED.state, updated_at = now(),"
        " version = conversations.version + 1",
        _row(app, session_id, messages, state, conversation_owner(named=False) if owner is None else owner),
    )
