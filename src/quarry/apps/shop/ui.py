"""The shop tab: an RTL chat with image upload, and beside each answer the candidates and tool calls.

The UI never computes: it calls `orchestrator.run` with the turn's parts and shows the `ShopTurn`
through `render.py`. The chat id lives in a `gr.State` (per browser session) so follow-ups
continue the same server-side chat until "New chat".
"""

from __future__ import annotations

import base64
import uuid
from pathlib import Path
from typing import Any

import gradio as gr

from quarry.uikit import Failure, door_and_turn, error_markdown, safe_call
from quarry.uploads import discard_upload

from .models import ImagePart, MessagePart, TextPart
from .render import candidate_rows, trace_rows

EXAMPLES: tuple[str, ...] = (
    "گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی",
    "Samsung Galaxy A54 128GB Black",
    "عرض میز تحریر مدل آرتان کد 1204 سفید چقدر است؟",
    "کمترین قیمت گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی در تهران؟",
    "ayfon 13",
    "ping",
)
"""Quick prompts (the issue's examples)."""


def _parts(text: str, image: str | None) -> list[MessagePart]:
    parts: list[MessagePart] = [TextPart(type="text", content=text)] if text.strip() else []
    if image:
        try:
            data = base64.b64encode(Path(image).read_bytes()).decode()
        finally:
            discard_upload(image)  # read once; the turn carries the bytes from here
        parts.append(ImagePart(type="image", content=data))
    return parts


async def send(
    text: str,
    image: str | None,
    history: list[dict[str, str]],
    chat_id: str | None,
    request: gr.Request | None = None,
) -> tuple[Any, ...]:
    """One turn → (chat history, candidates, tool calls, chat id, cleared text, cleared image)."""
    from .orchestrator import run  # lazy: building the UI must not need the database

    chat_id = chat_id or uuid.uuid4().hex
    parts = _parts(text, image)
    if not parts:
        return history, gr.skip(), gr.skip(), chat_id, gr.skip(), gr.skip()
    from .spec import SPEC

    key = chat_id
    turn = await safe_call(door_and_turn(SPEC, request, lambda: run(key, parts)), app="shop")
    shown = text + ("  🖼" if image else "")
    if isinstance(turn, Failure):
        reply = error_markdown(turn.message)
        failed = [*history, {"role": "user", "content": shown}, {"role": "assistant", "content": reply}]
        return failed, gr.skip(), gr.skip(), chat_id, "", None
    bits = [turn.message or ""]
    if turn.base_random_keys:
        bits.append("base: `" + "`, `".join(turn.base_random_keys) + "`")
    if turn.member_random_keys:
        bits.append("member: `" + "`, `".join(turn.member_random_keys) + "`")
    reply = "\n\n".join(b for b in bits if b)
    history = [*history, {"role": "user", "content": shown}, {"role": "assistant", "content": reply}]
    return history, candidate_rows(turn), trace_rows(turn), chat_id, "", None


def shop_tab() -> None:
    """Build the tab's components (called inside a `gr.Tab`)."""
    chat_id = gr.State(None)
    with gr.Row():
        with gr.Column(scale=3):
            chat = gr.Chatbot(rtl=True, height=420, elem_id="shop-chat", label="گفتگو")
            text = gr.Textbox(placeholder="نام محصول یا پرسش خود را بنویسید…", rtl=True, show_label=False)
            image = gr.Image(type="filepath", label="تصویر (اختیاری)", height=120)
            with gr.Row():
                go = gr.Button("ارسال", variant="primary")
                new = gr.Button("گفتگوی تازه")
            gr.Examples(list(EXAMPLES), inputs=[text])
        with gr.Column(scale=2):
            candidates = gr.Dataframe(headers=["key", "persian name", "english name", "score"], label="Candidates",
                                      interactive=False, elem_id="shop-candidates")  # fmt: skip
            tools = gr.Dataframe(headers=["step", "action", "model", "ms", "detail"], label="Tool calls",
                                 interactive=False, elem_id="shop-trace")  # fmt: skip
    outputs = [chat, candidates, tools, chat_id, text, image]
    go.click(send, [text, image, chat, chat_id], outputs)
    text.submit(send, [text, image, chat, chat_id], outputs)
    new.click(lambda: ([], None), None, [chat, chat_id])
