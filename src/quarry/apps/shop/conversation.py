"""One shop turn as the outside sees it: `POST /chat` (the public contract, kept exactly)."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import TYPE_CHECKING

from quarry.caller import Caller
from quarry.settings import Settings

from .contract import ChatRequest, ChatResponse, ImagePart, MessagePart, TextPart

if TYPE_CHECKING:
    from pydantic_ai.models import Model

    from .models import ShopTurn


async def answer(
    req: ChatRequest, caller: Caller, *, settings: Settings, models: Mapping[str, Model] | None = None
) -> ShopTurn:
    from .orchestrator import run

    return await run(req.chat_id, req.messages, settings=settings, models=models)


def public_body(turn: ShopTurn) -> ChatResponse:
    """The /chat body: exactly message, base_random_keys and member_random_keys."""
    return turn.public()


def parts_of(text: str, images: list[bytes]) -> list[MessagePart]:
    """The parts of a turn typed on the command line (text and image files)."""
    parts: list[MessagePart] = [TextPart(type="text", content=text)] if text.strip() else []
    parts.extend(ImagePart(type="image", content=base64.b64encode(data).decode()) for data in images)
    return parts
