"""Automatic tool-call trace: a PydanticAI capability every tool-calling agent carries.

`ToolTrace()` in an agent's `capabilities` records each tool call (name, arguments,
result size, milliseconds, model, ok) as a `ToolStep` into the list opened by
`recording_tools()` for the current run. Apps never write tool-call records by hand.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from pydantic_ai import RunContext
from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.tools import ToolDefinition

from quarry.agent.trace import ToolStep

_steps: ContextVar[list[ToolStep] | None] = ContextVar("quarry_tool_steps", default=None)
_MAX_ARG_CHARS = 2000


@contextmanager
def recording_tools() -> Iterator[list[ToolStep]]:
    """Collect the `ToolStep`s of agent runs inside this block (context-local)."""
    steps: list[ToolStep] = []
    token = _steps.set(steps)
    try:
        yield steps
    finally:
        _steps.reset(token)


def result_size(result: Any) -> int | None:
    """Items a tool returned: rows, matches or list length; None when it is not a collection."""
    if isinstance(result, Mapping):
        for key in ("row_count", "count", "total"):
            if isinstance(result.get(key), int):
                return int(result[key])
        rows = result.get("rows")
        return len(rows) if isinstance(rows, Sized) else None
    if isinstance(result, Sized) and not isinstance(result, str | bytes):
        return len(result)
    return None


def _failed(result: Any) -> bool:
    return isinstance(result, Mapping) and "error" in result


def _clip(args: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:_MAX_ARG_CHARS] if isinstance(v, str) else v) for k, v in args.items()}


@dataclass
class ToolTrace(AbstractCapability[Any]):
    """Records every tool call of the agent it is attached to."""

    async def wrap_tool_execute(
        self,
        ctx: RunContext[Any],
        *,
        call: ToolCallPart,
        tool_def: ToolDefinition,
        args: dict[str, Any],
        handler: Any,
    ) -> Any:
        steps = _steps.get()
        started = time.perf_counter()
        ok = True
        result: Any = None
        try:
            result = await handler(args)
            ok = not _failed(result)
            return result
        except Exception:
            ok = False
            raise
        finally:
            if steps is not None:
                steps.append(
                    ToolStep(
                        step=call.tool_name,
                        tool=call.tool_name,
                        action="tool call",
                        args=_clip(dict(args)),
                        result_size=result_size(result),
                        count=result_size(result),
                        ok=ok,
                        model=getattr(ctx.model, "model_name", None),
                        iteration=ctx.run_step,
                        ms=round((time.perf_counter() - started) * 1000, 2),
                    )
                )
