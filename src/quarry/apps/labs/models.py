"""Typed boundaries of the labs app: requests, responses, the audit log's iteration records."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from quarry.inputs import VISIBLE_TEXT

Status = Literal["ok", "clarify", "refused", "error"]
"""Outcome of one question: clarify = no SQL ran and `explanation` asks for what is missing
(nothing named, a patient or test the data does not hold or holds twice, whose "my results");
refused = no SQL ran because labs does not answer it (a change to the data, medical advice,
personal data beyond names), `explanation` says why. `reason_code` names which."""
ToolName = Literal[
    "fuzzy_search_parameter_names", "fuzzy_search_analyte_names", "execute_exploratory_sql", "generate_final_query"
]
"""The agent's tools (generate_final_query is the output tool)."""

MAX_QUESTION_CHARS = 2000
DEFAULT_MAX_ROWS = 1000
MAX_ROWS_CAP = 100_000
"""The most rows one answer carries (the sandbox caps the query's own work)."""


class FinalQuery(BaseModel):
    """What generate_final_query returns once the SQL passed the validator and EXPLAIN."""

    sql: str = Field(description="The validated SELECT, regenerated from the checked syntax tree.")
    explanation: str = Field(description="Short explanation in the language of the question.")
    language: str | None = Field(
        None, description="The question's language as the model stated it (ISO 639-1: ru, uk, en, es); None if not."
    )


class Clarification(BaseModel):
    """What ask_clarification returns: the question names something the data does not hold (a
    patient, test or lab), so the user is asked instead of being shown everyone's results."""

    unresolved: str = Field(description="The name or term as the user wrote it, e.g. 'Zorblax Quintero'.")
    question: str = Field(description="The question back to the user, in the language of the question.")
    language: str | None = None
    about: Literal["patient", "test", "lab", "patients"] = Field(
        "patient", description="What was not found; 'patients' when the name fits several patients."
    )
    patient_ids: list[int] = Field(
        default_factory=list, description="With about='patients': the ids of the patients the name fits."
    )


class IterationLog(BaseModel):
    """One tool call of a run. The first five fields are the seed's audit shape."""

    iteration: int = Field(description="Counted iteration (model turn); a bonus retry keeps the number.")
    tool: ToolName = Field(description="Tool that was called.")
    params: dict[str, Any] = Field(description="Arguments as the tool received them.")
    results: Any = Field(description="What the tool returned to the model.")
    llm_reasoning: str = Field(description="Text the model wrote with the call.")
    result_count: int | None = Field(None, description="Rows or matches returned (None for errors/final).")
    ms: float = Field(0.0, description="Wall time of the tool in milliseconds.")
    ok: bool = Field(True, description="False when the tool reported a rejection or an error.")
    bonus: bool = Field(False, description="True for the free retry after a failed validation.")

    def seed_shape(self) -> dict[str, Any]:
        """The record exactly as the seed's sql_generation_logs.metadata.iterations holds it."""
        return self.model_dump(mode="json", include={"iteration", "tool", "params", "results", "llm_reasoning"})


class ToolCall(BaseModel):
    """A tool call as shown to users (CLI --json, HTTP, UI log)."""

    iteration: int = Field(description="Model turn that made the call.")
    tool: ToolName = Field(description="Tool name.")
    params: dict[str, Any] = Field(description="Arguments.")
    result_count: int | None = Field(description="Rows or matches returned (None for errors/final).")
    ms: float = Field(description="Wall time in milliseconds.")
    ok: bool = Field(description="False when the tool rejected the input or failed.")


ReasonCode = Literal[
    "unknown_patient", "ambiguous_patient", "unknown_test", "whose_results", "nothing_named",
    "write_request", "medical_advice", "personal_data",
]  # fmt: skip


class PatientCandidate(BaseModel):
    """One patient a name in the question could mean."""

    id: int
    full_name: str
    birth_year: int
    sex: str


class ResolvedPatient(BaseModel):
    """The one patient a question names, found in `patients` before any SQL is written."""

    id: int
    full_name: str
    text: str = Field(description="The words of the question that name the patient.")
    span: tuple[int, int] = Field(description="Where those words are in the question.")
    born: tuple[int, int] | None = Field(None, description="Where a birth year that picked among namesakes is.")


class NamedFamily(BaseModel):
    """Every patient of one surname, named in the plural ("each of the Taylors", «каждой из
    Степановых»), found in `patients` before any SQL is written."""

    ids: list[int]
    names: list[str]
    text: str = Field(description="The words of the question that name the family.")
    span: tuple[int, int] = Field(description="Where those words are in the question.")


class LabsResponse(BaseModel):
    """Answer to one lab-results question (CLI --json, HTTP and UI all show this)."""

    status: Status = Field(
        description="ok; clarify (no SQL ran, `explanation` asks what to look up); refused (no SQL ran,"
        " `explanation` says why, `reason_code` names it); or error with `error` set."
    )
    question: str = Field(description="The question as received.")
    sql: str | None = Field(None, description="The validated read-only SELECT.")
    explanation: str | None = Field(None, description="What the query returns, in the question's language.")
    columns: list[str] = Field(default_factory=list, description="Column names of `rows`.")
    rows: list[dict[str, Any]] | None = Field(None, description="Rows the SQL returned (None when not executed).")
    row_count: int | None = Field(None, description="len(rows) (None when not executed).")
    truncated: bool = Field(False, description="True when more rows existed than were returned.")
    iterations: int = Field(0, description="Counted agent iterations (model turns).")
    tool_calls: list[ToolCall] = Field(default_factory=list, description="Every tool call, in order.")
    forced_completion: bool = Field(False, description="The iteration limit forced the final answer.")
    timeout: bool = Field(False, description="The run hit the total timeout.")
    error: str | None = Field(None, description="User-facing error message when status is error.")
    validation_errors: list[str] = Field(default_factory=list, description="Validator/EXPLAIN rejections seen.")
    agentic_mode: bool = Field(True, description="False when AGENTIC_SQL_ENABLED=false (single-shot).")
    language: str | None = Field(None, description="Detected language of the question (ru, uk, en, es).")
    model: str | None = Field(None, description="Model that produced the final answer.")
    unresolved: list[str] = Field(
        default_factory=list, description="Names or terms the question used that the data does not hold (clarify)."
    )
    reason_code: ReasonCode | None = Field(
        None,
        description="Why no rows came back when status is clarify or refused: unknown_patient, ambiguous_patient, "
        "unknown_test, whose_results (a first-person question without a patient key), nothing_named; "
        "write_request, medical_advice, personal_data (refused).",
    )
    patient: ResolvedPatient | None = Field(None, description="The patient the question names, when it names one.")
    family: NamedFamily | None = Field(None, description="The patients a surname in the plural names, when it does.")
    candidates: list[PatientCandidate] = Field(
        default_factory=list, description="The patients a name could mean (ambiguous_patient), with birth years."
    )
    fallback: list[str] = Field(default_factory=list, description="Why remote models were skipped, if they were.")
    log_id: int | None = Field(None, description="Row id in sql_generation_logs.")
    timings_ms: dict[str, float] = Field(default_factory=dict, description="generation, execution, total.")


class GenerateRequest(BaseModel):
    """POST /api/sql/generate body."""

    question: str = Field(
        min_length=1, max_length=MAX_QUESTION_CHARS, pattern=VISIBLE_TEXT, description="The question, any language."
    )
    execute: bool = Field(True, strict=True, description="Also run the SQL (read-only) and return rows.")
    max_rows: int = Field(DEFAULT_MAX_ROWS, ge=1, le=MAX_ROWS_CAP, description="Row cap for the returned rows.")


class FuzzyHit(BaseModel):
    """One `quarry labs fuzzy` result."""

    parameter_name: str = Field(description="Stored lab_results.parameter_name.")
    similarity_score: float = Field(description="pg_trgm similarity of the folded texts (0..1).")


class ValidateResult(BaseModel):
    """`quarry labs validate` result."""

    ok: bool = Field(description="True when the SQL passes the labs policy.")
    reasons: list[str] = Field(description="One sentence per problem.")
    sql: str | None = Field(None, description="Normalised SQL when ok.")
