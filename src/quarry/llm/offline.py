"""Helpers for writing offline models as PydanticAI `FunctionModel` functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo


def user_texts(messages: Sequence[ModelMessage]) -> list[str]:
    """Every user prompt in the history, oldest first."""
    out: list[str] = []
    for msg in messages:
        if isinstance(msg, ModelRequest):
            for part in msg.parts:
                if isinstance(part, UserPromptPart) and isinstance(part.content, str):
                    out.append(part.content)
    return out


def last_user_text(messages: Sequence[ModelMessage]) -> str:
    texts = user_texts(messages)
    return texts[-1] if texts else ""


def output_call(info: AgentInfo, output: BaseModel | dict[str, Any]) -> ModelResponse:
    """A response that calls the agent's output tool with `output` as arguments."""
    args = output.model_dump(mode="json") if isinstance(output, BaseModel) else output
    tool = info.output_tools[0].name
    return ModelResponse(parts=[ToolCallPart(tool_name=tool, args=args)])
