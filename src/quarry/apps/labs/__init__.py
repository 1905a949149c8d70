"""`labs`: lab-results questions in any language → one safe, validated SQL query."""

from quarry.apps.labs.models import FinalQuery, GenerateRequest, LabsResponse, ToolCall

__all__ = ["FinalQuery", "GenerateRequest", "LabsResponse", "ToolCall", "run"]


async def run(question: str, *, execute: bool = True) -> LabsResponse:
    """Answer one question with the settings in use (see `orchestrator.run` for options)."""
    from quarry.apps.labs.orchestrator import run as _run

    return await _run(question, execute=execute)
