"""HTTP route of the shop app: `POST /chat`, the public contract other clients depend on exactly."""

from __future__ import annotations

from fastapi import APIRouter

from quarry.errors import ERROR_RESPONSES

from .models import ChatRequest, ChatResponse

router = APIRouter(tags=["shop"])


@router.post("/chat", response_model=ChatResponse, responses=ERROR_RESPONSES)
async def chat(req: ChatRequest) -> ChatResponse:
    """One user turn (its text/image parts) of chat `chat_id` → message and/or base/member random keys.

    History lives server-side per chat_id. Seller statistics come back as digits only in `message`."""
    from .orchestrator import run

    turn = await run(req.chat_id, req.messages)
    return turn.public()
