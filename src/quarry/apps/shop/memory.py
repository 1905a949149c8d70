"""Per-chat memory of POST /chat in Postgres (`shop_chats`): a small typed state and a ≤ 200-character summary.

The client names the chat (`chat_id` is part of the public contract), so the shop keeps its
own table instead of the core's server-issued sessions. Nothing but this state is kept: no
message history, so a restart or another worker continues the chat from the same row.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from quarry.db import Database
from quarry.inputs import storable, storable_json

SUMMARY_CHARS = 200


class ChatState(BaseModel):
    """What the shop remembers of one chat between turns."""

    turns: int = Field(0, description="User turns so far.")
    last_mode: str | None = Field(None, description="Route of the last turn.")
    last_base_keys: list[str] = Field(default_factory=list, description="Base keys the last answer named.")
    last_member_keys: list[str] = Field(default_factory=list, description="Offer keys the last answer named.")
    multi: dict[str, object] | None = Field(None, description="The multi-turn coordinator's state, when one is open.")
    selection: dict[str, object] | None = Field(None, description="The last option picked and when (60-second cache).")
    summary: str = Field("", max_length=SUMMARY_CHARS, description="What the chat was about, in ≤ 200 characters.")
    version: int = Field(0, description="Row version when loaded (0: no row yet); saving needs it unchanged.")


def load_chat(db: Database, chat_id: str) -> ChatState:
    """The state of `chat_id` (empty for a new chat)."""
    row = db.fetch_one(
        "SELECT state, summary, version FROM shop_chats WHERE chat_id = :c", {"c": chat_id}, write=True
    )  # read-your-writes: the previous turn was saved on the writer
    if row is None:
        return ChatState()
    return ChatState.model_validate({**(row["state"] or {}), "summary": row["summary"], "version": row["version"]})


def save_chat(db: Database, chat_id: str, state: ChatState) -> bool:
    """Store `state` if the chat's row is still at `state.version` (True), else leave it (False):
    another process saved a turn of this chat in between, and this turn must run again."""
    state.summary = storable(state.summary)[:SUMMARY_CHARS]
    saved = db.execute(
        "INSERT INTO shop_chats (chat_id, state, summary, version, updated_at)"
        " VALUES (:c, CAST(:s AS jsonb), :sum, 1, now())"
        " ON CONFLICT (chat_id) DO UPDATE SET state = EXCLUDED.state, summary = EXCLUDED.summary,"
        " version = shop_chats.version + 1, updated_at = now() WHERE shop_chats.version = :v",
        {"c": storable(chat_id), "s": storable_json(state.model_dump(exclude={"summary", "version"})),
         "sum": state.summary, "v": state.version},
    )  # fmt: skip
    return saved == 1


def forget_chat(db: Database, chat_id: str) -> None:
    """Drop everything remembered of `chat_id`."""
    db.execute("DELETE FROM shop_chats WHERE chat_id = :c", {"c": storable(chat_id)})
