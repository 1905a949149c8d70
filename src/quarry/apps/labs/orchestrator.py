"""One question → validated SQL (+ rows): the entry point behind the CLI, HTTP and the UI."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace

from pydantic_ai.models import Model

from quarry.agent import record_run
from quarry.caller import Caller, acting_as, current_caller, current_principal
from quarry.db import Database, database_url, get_database
from quarry.errors import DataMissing
from quarry.inputs import clean_question
from quarry.retention import maybe_prune
from quarry.settings import Settings, get_settings
from quarry.sqlguard.readonly import ReadOnlyQueryError, ReadOnlyResult, run_readonly

from .asker import means_its_patient, speaks_of_self, whose_question
from .audit import redacted, write_log
from .fuzzy import search_analyte_names, search_parameter_names
from .ingest import has_data
from .loop import Generation, generate
from .models import (
    DEFAULT_MAX_ROWS,
    MAX_QUESTION_CHARS,
    LabsResponse,
    NamedFamily,
    PatientCandidate,
    ReasonCode,
    ResolvedPatient,
    ToolCall,
)
from .offline_explain import ask_for_patient, ask_which_patient
from .offline_intent import Intent, detect_language, parse
from .patients import NameMention, read_patient, roster
from .policy import READER_ROLE
from .ratelimit import check_rate_limit
from .refusal import refusal_of
from .spec import SPEC

EMPTY_HINT = "ask about lab results, e.g. 'vitamin D results in the last year'."
_ready: set[str] = set()
CLARIFY = {
    "en": "Which lab test, patient, lab or period should I look up? E.g. 'vitamin D results in the last year'.",
    "ru": "Какой анализ, пациента, лабораторию или период показать? Например: «витамин D за последний год».",
    "uk": "Який аналіз, пацієнта, лабораторію чи період показати? Наприклад: «вітамін D за останній рік».",
    "es": "¿Qué análisis, paciente, laboratorio o periodo busco? Por ejemplo: «vitamina D del último año».",
}
"""The clarification asked when a question names nothing to look up, per language."""


def _ensure_data(settings: Settings) -> None:
    key = database_url(settings)
    if key in _ready:
        return
    if not has_data(settings):
        raise DataMissing("No lab data yet: run `quarry labs ingest` (or `quarry demo`) first.")
    _ready.add(key)


def _names_nothing(intent: Intent) -> bool:
    """True when the parsed question has no test, patient, lab, period, group or filter."""
    return not (
        intent.mentions
        or intent.patient_name
        or intent.name_guess
        or intent.labs
        or intent.lab_words
        or intent.wants_lab
        or intent.window
        or intent.sex
        or intent.age_over is not None
        or intent.age_under is not None
        or intent.value_op
        or intent.range_filter
        or intent.aggregate != "list"
        or intent.group_by != "none"
    )


def needs_clarification(question: str, settings: Settings) -> bool:
    """A question naming nothing the data knows ("🏠🏠🏠", "hello") is sent back instead of
    answered: an agent would otherwise return every patient's results. Unknown words still
    count when they fuzzily match a stored test name or an analyte."""
    intent = parse(question)
    if not _names_nothing(intent):
        return False
    term = intent.unknown_term
    if term is None:
        return True
    limit = 1
    return not (search_parameter_names(term, limit, settings) or search_analyte_names(term, limit, settings))


def _clarify(question: str) -> LabsResponse:
    language = detect_language(question)
    return LabsResponse(
        status="clarify", question=question, explanation=CLARIFY.get(language, CLARIFY["en"]), language=language,
        reason_code="nothing_named",
    )  # fmt: skip


def held_back(question: str, *, names_someone: bool = False) -> LabsResponse | None:
    """The answer to a question no SQL is written for, decided before anything is looked up: a
    refusal (a change to the data, medical advice, personal data beyond names), or "whose
    results?" for a first-person question from anyone but a patient key (a patient key's rows are
    its own by row-level security, so its "my results" runs as asked)."""
    language = detect_language(question)
    refusal = refusal_of(question, language)
    if refusal is not None:
        return LabsResponse(
            status="refused", question=question, explanation=refusal.explanation, language=language,
            reason_code=refusal.reason,
        )  # fmt: skip
    # "I look after Бойко Наталія: which labs did she use?" names the patient: the asker's "I" is
    # then no question about their own results.
    if not names_someone and speaks_of_self(question, language) and not means_its_patient(current_principal()):
        return LabsResponse(
            status="clarify", question=question, explanation=whose_question(language), language=language,
            reason_code="whose_results",
        )  # fmt: skip
    return None


def _ask_about(question: str, mention: NameMention) -> LabsResponse:
    """The clarification for a name that fits several patients (listed with birth years) or none."""
    language = detect_language(question)
    if mention.patients:
        candidates = [
            PatientCandidate(id=p.id, full_name=p.full_name, birth_year=p.birth_year, sex=p.sex)
            for p in mention.patients
        ]
        text = ask_which_patient(mention.text, [(c.full_name, c.birth_year) for c in candidates], language)
        return LabsResponse(
            status="clarify", question=question, explanation=text, language=language,
            reason_code="ambiguous_patient", candidates=candidates, unresolved=[mention.text],
        )  # fmt: skip
    return LabsResponse(
        status="clarify", question=question, explanation=ask_for_patient(mention.text, language), language=language,
        reason_code="unknown_patient", unresolved=[mention.text],
    )  # fmt: skip


def _candidates(db: Database, settings: Settings, ids: list[int]) -> list[PatientCandidate]:
    """The patients of `ids` as candidates of a clarification (name, birth year, sex), in that order."""
    by_id = {p.id: p for p in roster(db, settings)[0]}
    return [
        PatientCandidate(id=p.id, full_name=p.full_name, birth_year=p.birth_year, sex=p.sex)
        for i in ids
        if (p := by_id.get(i)) is not None
    ]


def _resolved(mention: NameMention | None) -> ResolvedPatient | None:
    one = mention.patient if mention is not None else None
    if mention is None or one is None:
        return None
    return ResolvedPatient(
        id=one.id, full_name=one.full_name, text=mention.text, span=(mention.start, mention.end), born=mention.born
    )


def narrowed_to(patient: ResolvedPatient | int | None) -> Caller:
    """The caller for running a query about `patient` (or a patient id): that patient's rows only
    when the caller may see every patient; unchanged otherwise (a patient key already sees only
    itself)."""
    caller = current_caller()
    if patient is None or not caller.principal.sees_all_patients():
        return caller
    principal = caller.principal
    pid = patient if isinstance(patient, int) else patient.id
    return replace(caller, principal=replace(principal, role="patient", patient_id=pid))


def _family(mention: NameMention | None) -> NamedFamily | None:
    if mention is None or not mention.family or not mention.patients:
        return None
    return NamedFamily(
        ids=[p.id for p in mention.patients],
        names=[p.full_name for p in mention.patients],
        text=mention.text,
        span=(mention.start, mention.end),
    )


async def _run_for(members: list[int | None], sql: str, max_rows: int, settings: Settings) -> ReadOnlyResult:
    """`sql` run read-only once per member (None: as the caller), narrowed to each; the rows of
    all runs together, at most `max_rows`."""
    db = get_database(settings)
    results: list[ReadOnlyResult] = []
    for member in members:
        left = max_rows - sum(len(r.rows) for r in results)
        if left <= 0:
            break
        with acting_as(narrowed_to(member)):
            results.append(
                await db.run(
                    run_readonly,
                    sql,
                    role=READER_ROLE,
                    timeout_ms=settings.db_statement_timeout_ms,
                    max_rows=left,
                    settings=settings,
                )
            )
    if len(results) == 1:
        return results[0]
    return results[0].model_copy(
        update={
            "rows": [row for r in results for row in r.rows],
            "row_count": sum(r.row_count for r in results),
            "truncated": any(r.truncated for r in results),
            "ms": round(sum(r.ms for r in results), 2),
        }
    )


async def _asked_back(response: LabsResponse, started: float, settings: Settings) -> LabsResponse:
    """Finish a turn that runs no SQL (a clarification or a refusal): timings, the labs log and the
    audit row (action = its status)."""
    db = get_database(settings)
    response.timings_ms = {
        "generation": 0.0,
        "execution": 0.0,
        "total": round((time.perf_counter() - started) * 1000, 2),
    }
    response.log_id = await db.run(write_log, response.question, None, response, settings)
    await db.run(
        record_run, db, app="labs", request=response.question, session_id=None, action=response.status, model=None,
        ms=response.timings_ms["total"], response=response, trace=[],
    )  # fmt: skip
    return response


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
    models: Mapping[str, Model] | None = None,
    max_rows: int = DEFAULT_MAX_ROWS,
    client: str | None = None,
) -> LabsResponse:
    """Answer one question: generate (agent loop), optionally execute read-only, audit.

    `models={"sql": m}` replaces the configured chain of the SQL agent (tests). `client` (an
    address, from HTTP or the UI) is rate limited; the CLI passes none.
    """
    s = settings or get_settings()
    db = get_database(s)
    question = clean_question(question, max_chars=MAX_QUESTION_CHARS, empty_hint=EMPTY_HINT)
    if client is not None:
        await db.run(check_rate_limit, db, client, s)
    await db.run(_ensure_data, s)
    await db.run(maybe_prune, db, s, tables=SPEC.retained)
    started = time.perf_counter()
    mention = await db.run(read_patient, question, db, s)
    held = await db.run(lambda: held_back(question, names_someone=mention is not None))
    if held is not None:
        return await _asked_back(held, started, s)
    family = _family(mention)
    if mention is not None and mention.patient is None and family is None:
        return await _asked_back(_ask_about(question, mention), started, s)
    patient = _resolved(mention)
    if patient is None and family is None and await db.run(needs_clarification, question, s):
        return await _asked_back(_clarify(question), started, s)
    gen = await generate(question, s, model=(models or {}).get("sql"), patient=patient, family=family)
    response = _response(question, gen, s)
    response.patient, response.family = patient, family
    if gen.clarification is not None:
        # A patient, test or lab the data does not hold: asked back by name, no query runs.
        response.status, response.explanation = "clarify", gen.clarification.question
        response.unresolved = [gen.clarification.unresolved]
        about = gen.clarification.about
        reasons: dict[str, ReasonCode] = {"test": "unknown_test", "patients": "ambiguous_patient"}
        response.reason_code = reasons.get(about, "unknown_patient")
        if about == "patients":
            response.candidates = await db.run(_candidates, db, s, gen.clarification.patient_ids)
        response.language = gen.clarification.language or response.language
    execution_detail = None
    exec_ms = 0.0
    if execute and gen.final is not None:
        try:
            # A question naming one patient reads that patient's rows only, whatever SQL the model
            # wrote: row-level security is narrowed to them for this query.
            # A family's query runs once per member, each narrowed to that member, and the rows
            # are put together: no SQL can reach past the patients named.
            members: list[int | None] = (
                list(family.ids) if family is not None else [patient.id if patient is not None else None]
            )
            result = await _run_for(members, gen.final.sql, max_rows, s)
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
    # The cross-app audit table as well, with the tool calls the core recorded; the rows
    # themselves are replaced by their count and sha256 (see audit.redacted).
    await db.run(
        record_run,
        db,
        app="labs",
        request=question,
        session_id=None,
        action=response.status,
        model=gen.model,
        ms=response.timings_ms["total"],
        response=redacted(response),
        trace=gen.tools,
    )
    return response
