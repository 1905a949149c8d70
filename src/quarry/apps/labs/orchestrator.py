"""One question → validated SQL (+ rows): the entry point behind the CLI, HTTP and the UI."""

from __future__ import annotations

import time

from pydantic_ai.models import Model

from quarry.agent import record_run
from quarry.db import database_url, get_database
from quarry.errors import DataMissing
from quarry.inputs import clean_question
from quarry.settings import Settings, get_settings
from quarry.sqlguard.readonly import ReadOnlyQueryError, run_readonly

from .audit import write_log
from .ingest import has_data
from .loop import Generation, generate
from .models import MAX_QUESTION_CHARS, LabsResponse, ToolCall
from .offline_intent import detect_language
from .policy import READER_ROLE
from .ratelimit import check_rate_limit

DEFAULT_MAX_ROWS = 1000
EMPTY_HINT = "ask about lab results, e.g. 'vitamin D results in the last year'."
_ready: set[str] = set()


def _ensure_data(settings: Settings) -> None:
    key = database_url(settings)
    if key in _ready:
        return
    if not has_data(settings):
        raise DataMissing("No lab data yet: run `quarry labs ingest` (or `quarry demo`) first.")
    _ready.add(key)


def _response(question: str, gen: Generation, settings: Settings) -> LabsResponse:
    state = gen.state
    return LabsResponse(
        status="ok" if gen.final else "error",
        question=question,
        sql=gen.final.sql if gen.final else None,
        explanation=gen.final.explanation if gen.final else None,
        iterations=state.iterations,
        tool_calls=[
            ToolCall(iteration=e.iteration, tool=e.tool, params=e.params, result_count=e.result_count, ms=e.ms, ok=e.ok)
            for e in state.log
        ],
        forced_completion=state.forced_completion,
        timeout=gen.timeout,
        error=gen.error,
        validation_errors=state.validation_errors,
        agentic_mode=settings.agentic_sql_enabled,
        # The model states the language with its final query; detection covers errors and models that did not.
        language=(gen.final.language if gen.final else None) or detect_language(question),
        model=gen.model,
        fallback=gen.fallback,
    )


async def run(
    question: str,
    *,
    execute: bool = True,
    settings: Settings | None = None,
    model: Model | None = None,
    max_rows: int = DEFAULT_MAX_ROWS,
    client: str | None = None,
) -> LabsResponse:
    """Answer one question: generate (agent loop), optionally execute read-only, audit.

    `client` (an address, from HTTP or the UI) is rate limited; the CLI passes none.
    """
    s = settings or get_settings()
    db = get_database(s)
    question = clean_question(question, max_chars=MAX_QUESTION_CHARS, empty_hint=EMPTY_HINT)
    if client is not None:
        await db.run(check_rate_limit, db, client, s)
    await db.run(_ensure_data, s)
    started = time.perf_counter()
    gen = await generate(question, s, model=model)
    response = _response(question, gen, s)
    execution_detail = None
    exec_ms = 0.0
    if execute and gen.final is not None:
        try:
            result = await db.run(
                run_readonly,
                gen.final.sql,
                role=READER_ROLE,
                timeout_ms=s.db_statement_timeout_ms,
                max_rows=max_rows,
                settings=s,
            )
        except ReadOnlyQueryError as exc:
            response.status = "error"
            response.error = f"The query could not be executed ({exc.kind}): {exc.message}"
            execution_detail = f"execution {exc.kind}: {exc.message}"
        else:
            response.columns = result.columns
            response.rows = [dict(zip(result.columns, row, strict=False)) for row in result.rows]
            response.row_count = result.row_count
            response.truncated = result.truncated
            exec_ms = result.ms
    response.timings_ms = {
        "generation": gen.ms,
        "execution": exec_ms,
        "total": round((time.perf_counter() - started) * 1000, 2),
    }
    response.log_id = await db.run(write_log, question, gen, response, s, execution_detail=execution_detail)
    # The cross-app audit table as well, with the tool calls the core recorded.
    await db.run(
        record_run,
        db,
        app="labs",
        request=question,
        session_id=None,
        action=response.status,
        model=gen.model,
        ms=response.timings_ms["total"],
        response=response,
        trace=gen.tools,
    )
    return response
