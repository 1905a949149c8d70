"""The agent's tools (seed §2) and the state they share during one run.

Privileged tools (the fuzzy searches) run our own parameterized SQL. Everything the model
writes goes through the validator and then runs read-only as `quarry_reader`
(`quarry.sqlguard.readonly`). Tool docstrings are what the model reads about each tool.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic_ai import ModelRetry, RunContext
from pydantic_ai.messages import ModelResponse, TextPart, ThinkingPart

from quarry.db import Database, get_database
from quarry.settings import Settings
from quarry.sqlguard import Rejection, validate_sql
from quarry.sqlguard.readonly import ReadOnlyQueryError, explain, run_readonly

from .fuzzy import AnalyteMatch, FuzzyMatch, search_analyte_names, search_parameter_names
from .models import Clarification, FinalQuery, IterationLog, NamedFamily, ResolvedPatient, ToolName
from .policy import LABS_TABLES, READER_ROLE, labs_policy

MAX_TERM_CHARS = 200
MAX_SQL_CHARS = 20_000
MAX_EXPLANATION_CHARS = 2000
FORCE_MESSAGE = "Max iterations reached. Generate your best answer now."


@dataclass
class LoopState:
    """What one run has done so far; read by the loop, the capability and the audit log."""

    max_iterations: int
    log: list[IterationLog] = field(default_factory=list)
    bonus_steps: set[int] = field(default_factory=set)
    validation_errors: list[str] = field(default_factory=list)
    final_failures: int = 0
    forced_completion: bool = False
    forced_notice_sent: bool = False
    final: FinalQuery | None = None
    final_ms: float = 0.0

    def iteration(self, run_step: int) -> int:
        """Counted iteration of a model step: the bonus retry after a failed validation is free."""
        return run_step - sum(1 for b in self.bonus_steps if b <= run_step)

    def is_forced(self, run_step: int) -> bool:
        return self.final is None and self.iteration(run_step) >= self.max_iterations

    def validation_failed(self, run_step: int, reasons: list[str]) -> None:
        self.validation_errors.extend(reasons)
        if not self.bonus_steps:  # one bonus retry per run (seed scenario C)
            self.bonus_steps.add(run_step + 1)

    @property
    def iterations(self) -> int:
        return max((entry.iteration for entry in self.log), default=0)


@dataclass
class LabsDeps:
    """Dependencies of one agent run."""

    settings: Settings
    db: Database
    state: LoopState
    patient: ResolvedPatient | None = None
    """The patient the question names, resolved before the run (None: it names none)."""
    family: NamedFamily | None = None
    """The patients a surname in the plural names ("each of the Taylors"), resolved before the run."""


def _reasoning(ctx: RunContext[LabsDeps]) -> str:
    """Text the model wrote next to its tool call (what it said it was doing)."""
    for message in reversed(ctx.messages):
        if isinstance(message, ModelResponse):
            parts = [p.content for p in message.parts if isinstance(p, TextPart | ThinkingPart) and p.content]
            return " ".join(parts)[:2000]
    return ""


def _record(
    ctx: RunContext[LabsDeps],
    tool: ToolName,
    params: dict[str, Any],
    results: Any,
    count: int | None,
    started: float,
    *,
    ok: bool = True,
) -> None:
    ms = round((time.perf_counter() - started) * 1000, 2)
    state = ctx.deps.state
    state.log.append(
        IterationLog(
            iteration=state.iteration(ctx.run_step),
            tool=tool,
            params=params,
            results=results,
            llm_reasoning=_reasoning(ctx),
            result_count=count,
            ms=ms,
            ok=ok,
            bonus=ctx.run_step in state.bonus_steps,
        )
    )


def _clean_term(term: str) -> str:
    term = (term or "").strip()
    if not term:
        raise ModelRetry("The search term is empty; pass the words to look for.")
    return term[:MAX_TERM_CHARS]


def fuzzy_search_parameter_names(ctx: RunContext[LabsDeps], term: str, limit: int = 20) -> list[FuzzyMatch]:
    """Find how labs actually spell a test in lab_results.parameter_name.

    Trigram similarity after folding case, accents and Cyrillic/Latin look-alike letters, so
    "витамин д" finds "Витамин D (25-OH)", "25-OH Vitamin D" and "витамин д (25-он)".
    Use the returned parameter_name values verbatim in the final query
    (`lab_results.parameter_name IN (...)`). An empty list means no stored name is similar.

    Args:
        term: The test name as the user wrote it, or its name in another language.
        limit: Maximum number of names to return (best first).
    """
    started = time.perf_counter()
    s = ctx.deps.settings
    clean = _clean_term(term)
    limit = max(1, min(int(limit), s.agentic_fuzzy_search_limit))
    matches = search_parameter_names(clean, limit, s)
    _record(ctx, "fuzzy_search_parameter_names", {"search_term": clean, "limit": limit}, matches, len(matches), started)
    return matches


def fuzzy_search_analyte_names(ctx: RunContext[LabsDeps], term: str, limit: int = 10) -> list[AnalyteMatch]:
    """Find canonical analytes (code, English name, unit) whose names or aliases resemble `term`.

    Useful to learn what a test is called in other languages before searching
    parameter names again. The catalogue is a reference list, not the stored results.

    Args:
        term: A test name in any language.
        limit: Maximum number of analytes to return (best first).
    """
    started = time.perf_counter()
    s = ctx.deps.settings
    clean = _clean_term(term)
    limit = max(1, min(int(limit), s.agentic_fuzzy_search_limit))
    matches = search_analyte_names(clean, limit, s)
    _record(ctx, "fuzzy_search_analyte_names", {"search_term": clean, "limit": limit}, matches, len(matches), started)
    return matches


def execute_exploratory_sql(ctx: RunContext[LabsDeps], sql: str) -> dict[str, Any]:
    """Run one read-only SELECT to look at the data (at most 20 rows come back).

    Use it to check values, units, date ranges, patients or lab names before writing the
    final query. The query must pass the SQL validator (one SELECT, allowed tables and
    functions only); a rejection returns the reasons instead of rows.

    Args:
        sql: One PostgreSQL SELECT statement.
    """
    started = time.perf_counter()
    s = ctx.deps.settings
    limit = s.agentic_exploratory_sql_limit
    # One row beyond the cap is fetched so "truncated" tells the model there is more.
    checked = validate_sql((sql or "")[:MAX_SQL_CHARS], labs_policy(max_limit=limit + 1))
    params = {"sql": sql}
    if not checked.ok or checked.sql is None:
        ctx.deps.state.validation_failed(ctx.run_step, checked.reasons)
        result: dict[str, Any] = {
            "error": "Rejected by the SQL validator.",
            "reasons": checked.reasons,
            "codes": [r.code for r in checked.rejections],
        }
        _record(ctx, "execute_exploratory_sql", params, result, None, started, ok=False)
        return result
    try:
        rows = run_readonly(
            checked.sql, role=READER_ROLE, timeout_ms=s.db_statement_timeout_ms, max_rows=limit, settings=s
        )
    except ReadOnlyQueryError as exc:
        result = {"error": exc.message, "kind": exc.kind}
        _record(ctx, "execute_exploratory_sql", params, result, None, started, ok=False)
        return result
    result = {
        "sql": checked.sql,
        "columns": rows.columns,
        "rows": rows.rows,
        "row_count": rows.row_count,
        "truncated": rows.truncated,
    }
    _record(ctx, "execute_exploratory_sql", params, result, rows.row_count, started)
    return result


class FinalQueryRejected(Exception):
    """The final query failed validation twice: the run ends with the validation error."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


def check_final_sql(sql: str, settings: Settings) -> tuple[str | None, list[Rejection]]:
    """Validator + EXPLAIN gate: (SQL to run, []) or (None, rejections)."""
    if len(sql) > MAX_SQL_CHARS:
        message = f"The SQL is too long ({len(sql)} characters; at most {MAX_SQL_CHARS})."
        return None, [Rejection(code="too_long", count=len(sql), message=message)]
    checked = validate_sql(sql, labs_policy())
    if not checked.ok or checked.sql is None:
        return None, checked.rejections
    try:
        explain(checked.sql, role=READER_ROLE, timeout_ms=settings.db_statement_timeout_ms, settings=settings)
    except ReadOnlyQueryError as exc:
        message = f"EXPLAIN failed ({exc.kind}): {exc.message}"
        return None, [Rejection(code="explain_failed", subject=exc.kind, message=message)]
    return checked.sql, []


def generate_final_query(
    ctx: RunContext[LabsDeps], sql: str, explanation: str, language: str | None = None
) -> FinalQuery:
    """Return the final answer: one PostgreSQL SELECT that answers the question, and a short
    explanation of what it returns written in the language of the question.

    The query is validated (one SELECT, allowed tables/functions, at most 8 joins and 2
    subqueries) and checked with EXPLAIN. If it is rejected you get the reasons and one
    more attempt.

    Args:
        sql: The final SELECT statement (no trailing semicolon needed).
        explanation: One or two sentences, in the user's language, saying what the rows are.
        language: The language of the question as an ISO 639-1 code (ru, uk, en, es, ...).
    """
    started = time.perf_counter()
    state = ctx.deps.state
    safe_sql, rejections = check_final_sql(sql or "", ctx.deps.settings)
    reasons = [r.message for r in rejections]
    params = {"sql": sql, "explanation": (explanation or "")[:MAX_EXPLANATION_CHARS]}
    lang = (language or "").strip().lower()[:8] or None
    if lang:
        params["language"] = lang
    if safe_sql is None:
        state.final_failures += 1
        refused = {"ok": False, "reasons": reasons, "codes": [r.code for r in rejections]}
        _record(ctx, "generate_final_query", params, refused, None, started, ok=False)
        state.validation_failed(ctx.run_step, reasons)
        if state.final_failures >= 2:
            raise FinalQueryRejected(reasons)
        raise ModelRetry(
            "The final query was rejected: " + " ".join(reasons) + " Fix it and call generate_final_query again."
        )
    final = FinalQuery(sql=safe_sql, explanation=(explanation or "").strip()[:MAX_EXPLANATION_CHARS], language=lang)
    state.final = final
    _record(ctx, "generate_final_query", params, {"ok": True, "sql": safe_sql}, None, started)
    return final


_snapshots: dict[str, str] = {}


def _snapshot(settings: Settings) -> str:
    rows = get_database(settings).fetch_all(
        "SELECT table_name, string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) AS cols"
        " FROM information_schema.columns WHERE table_schema = current_schema()"
        " AND table_name = ANY(:tables) GROUP BY table_name ORDER BY table_name",
        {"tables": sorted(LABS_TABLES)},
    )
    return "\n".join(f"- {r['table_name']}({r['cols']})" for r in rows)


def schema_snapshot(settings: Settings) -> str:
    """Tables and columns the model may query, one line per table (cached per database)."""
    key = settings.database_url or str(settings.state_dir)
    if key not in _snapshots:
        _snapshots[key] = _snapshot(settings)
    return _snapshots[key]


def ask_clarification(
    ctx: RunContext[LabsDeps],
    unresolved: str,
    question: str,
    language: str | None = None,
    about: Literal["patient", "test", "lab", "patients"] = "patient",
    patient_ids: list[int] | None = None,
) -> Clarification:
    """Ask the user instead of querying when the question names a patient, test or lab that the data
    does not hold (a name no patient has, a test no lab measures), or a name that fits several patients.
    Never answer such a question with a broader query (every patient's results): name what was not
    found and ask which one was meant. `question` is written in the language of the user's question;
    `about` says what was not found ('patients': the name fits the patients of `patient_ids`)."""
    del ctx
    return Clarification(
        unresolved=unresolved.strip()[:200], question=question.strip()[:500], language=language, about=about,
        patient_ids=list(patient_ids or [])[:20],
    )  # fmt: skip
