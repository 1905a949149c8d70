"""What the shop remembers of one chat: a small typed state and a ≤ 200-character summary.

The state lives in the core's conversations (`quarry.agent.turn`, as app "shop"), under the
client's own `chat_id` (part of the public contract): a named conversation. No message
history is kept, so a restart or another worker continues the chat from the same row.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from quarry.agent.memory import load_session
from quarry.db import Database

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
    asked: str | None = Field(
        None,
        max_length=2000,
        description="The last single-turn question that found products (asked which one, or named one): a "
        "refinement that follows it («تا ۸۰ میلیون», 'in Tehran', '512GB') continues it as a dialogue.",
    )


def load_chat(db: Database, chat_id: str) -> ChatState:
    """The current caller's stored state of chat `chat_id` (its stored key; empty for a new chat)."""
    _, state = load_session(db, "shop", chat_id, named=True)
    return ChatState.model_validate(state)
