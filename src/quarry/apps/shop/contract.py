"""The public `POST /chat` contract of the shop: the request and response bodies and what an image
part may hold. Kept free of agent imports: the CLI builds `quarry shop ask` from it."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from quarry.inputs import VISIBLE_TEXT

MAX_IMAGE_BYTES = 5 * 1024 * 1024
"""Largest image a turn may carry (decoded)."""
IMAGE_BASE64 = (
    r"^(data:image/[a-z0-9.+-]+;base64,)?"
    r"(iVBORw0KGg[o-r][A-Za-z0-9+/]|/9j/|R0lGOD[dl]h|UklGR[g-v][A-Za-z0-9+/]{4}[BFJNRVZdhlptx159]XRUJQ)"
    r"([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"
)
"""What an image part's content is: base64 (or a base64 data URL) of a PNG, JPEG, GIF or WebP,
recognised by its first bytes. Documented in the schema; `decode_image` enforces it (HTTP 400
with the reason), together with the 5 MB limit."""
CHAT_ID = rf"^[^\x00-\x1f\x7f]*{VISIBLE_TEXT}[^\x00-\x1f\x7f]*$"
"""A chat id: no control characters and at least one visible one (any client's id scheme)."""
MAX_PARTS = 8
MAX_PART_CHARS = 2000


class TextPart(BaseModel):
    """A text modality of the user's turn."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["text"]
    content: str = Field(min_length=1, max_length=MAX_PART_CHARS, pattern=VISIBLE_TEXT, description="The text.")


class ImagePart(BaseModel):
    """An image modality of the user's turn."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["image"]
    content: str = Field(
        min_length=1,
        max_length=(MAX_IMAGE_BYTES * 4) // 3 + 64,
        description="A PNG, JPEG, GIF or WebP image (at most 5 MB) as base64 or a base64 data URL.",
        json_schema_extra={"pattern": IMAGE_BASE64},
    )


MessagePart = Annotated[TextPart | ImagePart, Field(discriminator="type")]
"""One modality of the user's turn: text or image."""


class ChatRequest(BaseModel):
    """POST /chat body: ONE user turn (its parts); history is kept server-side per chat_id."""

    model_config = ConfigDict(extra="forbid")

    chat_id: str = Field(min_length=1, max_length=128, pattern=CHAT_ID, description="The client's conversation id.")
    messages: list[MessagePart] = Field(
        min_length=1, max_length=MAX_PARTS, description="The parts (modalities) of one user turn."
    )


class ChatResponse(BaseModel):
    """POST /chat response (the public contract: exactly these three fields)."""

    message: str | None = None
    base_random_keys: list[str] | None = None
    member_random_keys: list[str] | None = None


_DATA_URL = re.compile(r"^data:(?P<mime>[\w.+-]+/[\w.+-]+)?(;[\w=.+-]+)*;base64,(?P<data>.*)$", re.S)
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)  # fmt: skip


def decode_image(content: str) -> tuple[bytes, str]:
    """(bytes, media type) of a base64 / data-URL image; ValueError says why it is not one."""
    m = _DATA_URL.match(content.strip())
    raw = m.group("data") if m else content.strip()
    if len(raw) > (MAX_IMAGE_BYTES * 4) // 3 + 8:
        raise ValueError(f"the image is larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MB")
    try:
        data = base64.b64decode(re.sub(r"\s+", "", raw), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the image is not valid base64 (nor a base64 data URL)") from None
    if len(data) > MAX_IMAGE_BYTES:
        raise ValueError(f"the image is larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MB")
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return data, mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return data, "image/webp"
    raise ValueError("the content is not an image (PNG, JPEG, GIF or WebP)")
