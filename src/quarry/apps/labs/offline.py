"""The offline model: a PydanticAI `FunctionModel` that drives the same tools as an LLM.

Turn 1 reads the question (`offline_intent.parse`, with the laboratory names stored in the
data, loaded once per run) and asks, in parallel, everything it needs: fuzzy search for
each analyte (the user's words plus the analyte's printed name in each language, so other
scripts are found too) and a patient lookup when a name is given. Turn 2 reads those tool
results back from the message history by tool name, keeps the names that denote the
analyte the user meant (`knowledge`), and calls `generate_final_query`. A simple term
search therefore finishes in two iterations.

Without tools (single-shot mode, or the forced last turn) it answers from what it has,
comparing reference names through `labs_fold` when nothing was searched.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ModelResponsePart,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionDef

from quarry.llm import user_texts
from quarry.search import skeleton_fold as fold

from .knowledge import classify, display_name, search_terms
from .models import NamedFamily, ResolvedPatient
from .offline_explain import ask_for_patient, ask_for_test, ask_which_patient, explain
from .offline_intent import Intent, parse
from .offline_sql import AnalyteFilter, Plan, build_sql, name_forms, name_words, patient_lookup_sql
from .reference import analyte_by_code
from .tools import FORCE_MESSAGE

LabNames = Callable[[], Sequence[str]]
"""Reads the laboratory names stored in the data (lab_reports.lab_name)."""
_FUZZY = "fuzzy_search_parameter_names"
_ANALYTES = "fuzzy_search_analyte_names"
_EXPLORE = "execute_exploratory_sql"


@dataclass
class Seen:
    """What earlier turns asked for and got back, read from the message history."""

    fuzzy: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Folded search term → matches."""
    analytes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Folded search term → analytes of the catalogue."""
    patients: dict[str, Any] | None = None
    """The patient lookup (an execute_exploratory_sql result with id and full_name, or an error)."""
    final_feedback: list[str] = field(default_factory=list)
    forced: bool = False


def _content(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_content(v) for v in value]
    return value


def _is_patient_lookup(content: Any) -> bool:
    """An exploratory result the patient logic can read: rows with id and full_name, or an error."""
    if not isinstance(content, dict):
        return False
    return "error" in content or {"id", "full_name"} <= set(content.get("columns") or [])


def read_history(messages: list[ModelMessage]) -> Seen:
    """Pair each tool return with its call and file it by tool name (`ToolReturnPart.tool_name`)."""
    seen = Seen()
    calls: dict[str, ToolCallPart] = {}
    for message in messages:
        if isinstance(message, ModelResponse):
            for part in message.parts:
                if isinstance(part, ToolCallPart):
                    calls[part.tool_call_id] = part
            continue
        if not isinstance(message, ModelRequest):
            continue
        for rpart in message.parts:
            if isinstance(rpart, SystemPromptPart | UserPromptPart) and FORCE_MESSAGE in str(rpart.content):
                seen.forced = True
            if not isinstance(rpart, ToolReturnPart):
                continue
            call = calls.get(rpart.tool_call_id)
            if call is None:
                continue
            args = call.args_as_dict()
            content = _content(rpart.content)
            if rpart.tool_name == _FUZZY:
                seen.fuzzy[fold(str(args.get("term", "")))] = content if isinstance(content, list) else []
            elif rpart.tool_name == _ANALYTES:
                seen.analytes[fold(str(args.get("term", "")))] = content if isinstance(content, list) else []
            elif rpart.tool_name == _EXPLORE and _is_patient_lookup(content):
                seen.patients = content
            elif getattr(rpart, "outcome", None) == "retried":
                seen.final_feedback.append(str(rpart.content))
    return seen


# ---------------------------------------------------------------- patients


def pick_patients(name: str, result: dict[str, Any]) -> tuple[list[tuple[int, str]], list[list[str]]]:
    """Rows of the lookup that name the patient, and the folded forms used per word.

    A word is taken as written when some patient has it exactly ('Ivanova' is Иванова, not
    Иванов); only otherwise are its inflected forms accepted ('Ивановой' → Иванова)."""
    columns = result.get("columns") or []
    rows = [dict(zip(columns, row, strict=False)) for row in result.get("rows") or []]
    tokens = {int(r["id"]): set(fold(str(r.get("full_name", ""))).split()) for r in rows}
    used: list[list[str]] = []
    for word in name_words(name):
        forms = name_forms(word)
        exact = any(forms[0] in t for t in tokens.values())
        used.append([forms[0]] if exact else forms)
    picked = [
        (int(r["id"]), str(r["full_name"])) for r in rows if all(set(forms) & tokens[int(r["id"])] for forms in used)
    ]
    return picked, used


def _namesakes(picked: list[tuple[int, str]], result: dict[str, Any]) -> list[tuple[str, int]]:
    """(full name, birth year) of every patient picked, when a name one person would say fits several
    («у Поліщук»: seven patients): empty when it fits one. The family of a plural surname is resolved
    before this and never reaches it."""
    if len(picked) < 2:
        return []
    columns = result.get("columns") or []
    born = {
        int(r["id"]): r.get("birth_date")
        for r in (dict(zip(columns, row, strict=False)) for row in result.get("rows") or [])
    }
    return [(name, int(str(born.get(pid) or "0")[:4] or 0)) for pid, name in picked]


# ---------------------------------------------------------------- planning


def _names_for(code: str, seen: Seen, terms: list[str]) -> list[str]:
    found: list[str] = []
    for term in terms:
        for match in seen.fuzzy.get(fold(term), []):
            name = str(match.get("parameter_name", ""))
            if name and name not in found and classify(name)[0] == code:
                found.append(name)
    return sorted(found)


def _concept_from_analytes(intent: Intent, seen: Seen) -> str | None:
    if not intent.unknown_term:
        return None
    hits = seen.analytes.get(fold(intent.unknown_term), [])
    if hits and float(hits[0].get("similarity_score", 0)) >= 0.5:
        return str(hits[0]["code"])
    return None


def make_plan(intent: Intent, seen: Seen) -> Plan:
    """Combine the intent with the tool results into what the SQL needs."""
    lang = intent.language
    filters: list[AnalyteFilter] = []
    searched = bool(seen.fuzzy)
    codes = [(m.code, m.text) for m in intent.mentions]
    discovered = _concept_from_analytes(intent, seen)
    if discovered and intent.unknown_term:
        codes.append((discovered, intent.unknown_term))
    for code, text in codes:
        f = AnalyteFilter(code=code, label=display_name(code, lang))
        if searched:
            f.names = _names_for(code, seen, search_terms(code, text))
            f.missing = not f.names  # a test of the catalogue no lab in the data reported
        else:
            f.fold_names = analyte_by_code()[code].all_names()
        filters.append(f)
    if not codes and intent.unknown_term:
        f = AnalyteFilter(code="?", label=intent.unknown_term)
        matches = seen.fuzzy.get(fold(intent.unknown_term), [])
        top = max((float(m.get("similarity_score", 0)) for m in matches), default=0.0)
        f.names = sorted(
            str(m["parameter_name"]) for m in matches if float(m.get("similarity_score", 0)) >= max(0.5, top - 0.1)
        )
        if not f.names:
            # Nothing similar is stored: keep the user's term so the query (honestly) returns no rows.
            f.names = [intent.unknown_term] if searched else []
            f.fold_names = [] if searched else [intent.unknown_term]
            f.missing = searched
        filters.append(f)
    plan = Plan(intent=intent, analytes=filters, labs=list(intent.labs))
    if intent.patient_id is not None:
        plan.patient_ids = [intent.patient_id]
        return plan
    if intent.family_ids:
        plan.patient_ids = list(intent.family_ids)
        return plan
    guess = seen.patients if intent.name_guess else None
    person = False
    if guess is not None and "error" not in guess and intent.name_guess:
        picked, forms = pick_patients(intent.name_guess, guess)
        if picked:  # the capitalised words were a person after all
            person = True
            intent.patient_name = intent.name_guess
            plan.patient_ids = [pid for pid, _ in picked]
            plan.patient_forms = forms if guess.get("truncated") else []
            plan.ambiguous_person = _namesakes(picked, guess)
            plan.ambiguous_ids = [pid for pid, _ in picked] if plan.ambiguous_person else []
        elif not plan.labs and not (intent.labs_known is False and intent.lab_words):
            # Capitalised words that are no patient and no lab: dropping them would answer about
            # every patient. Ask instead.
            plan.unresolved_person = intent.name_guess
    elif intent.patient_name:
        lookup = seen.patients
        if lookup is not None and "error" not in lookup:
            picked, forms = pick_patients(intent.patient_name, lookup)
            plan.patient_ids = [pid for pid, _ in picked]
            if lookup.get("truncated") and picked:
                plan.patient_forms = forms
            if not picked:
                plan.unresolved_person = intent.patient_name
            plan.ambiguous_person = _namesakes(picked, lookup)
            plan.ambiguous_ids = [pid for pid, _ in picked] if plan.ambiguous_person else []
        else:
            plan.patient_fallback = intent.patient_name
    if intent.lab_words and intent.wants_lab and not person:
        # The data's lab names are unknown: match the capitalised words against folded lab names.
        plan.lab_fallback = intent.lab_words
    return plan


# ---------------------------------------------------------------- the model function


def _lookups(intent: Intent, seen: Seen, available: set[str]) -> tuple[list[ToolCallPart], list[str]]:
    calls: list[ToolCallPart] = []
    said: list[str] = []
    if _FUZZY in available:
        codes = [(m.code, m.text) for m in intent.mentions]
        discovered = _concept_from_analytes(intent, seen)
        if discovered and intent.unknown_term:
            codes.append((discovered, intent.unknown_term))
        for code, text in codes:
            terms = [t for t in search_terms(code, text) if fold(t) not in seen.fuzzy]
            calls += [ToolCallPart(_FUZZY, {"term": t, "limit": 20}) for t in terms]
            if terms:
                said.append(
                    f"'{text}' looks like {code} ({analyte_by_code()[code].name}); searching how labs spell "
                    f"it: {', '.join(terms)}"
                )
        if not intent.mentions and intent.unknown_term and fold(intent.unknown_term) not in seen.fuzzy:
            calls.append(ToolCallPart(_FUZZY, {"term": intent.unknown_term, "limit": 20}))
            if _ANALYTES in available:
                calls.append(ToolCallPart(_ANALYTES, {"term": intent.unknown_term, "limit": 5}))
            said.append(f"'{intent.unknown_term}' is not a test I know; searching stored names and the catalogue")
    if _EXPLORE in available:
        who = intent.patient_name or intent.name_guess
        if who and seen.patients is None:
            calls.append(ToolCallPart(_EXPLORE, {"sql": patient_lookup_sql(who)}))
            said.append(f"looking up patient '{who}'")
    if intent.labs:
        said.append(f"lab {', '.join(intent.labs)} (a laboratory in the data)")
    return calls, said


def _final(intent: Intent, seen: Seen, info: AgentInfo) -> ModelResponse:
    # A rejected query is never swapped for a plainer one: "how many reports per year and sex" answered
    # with every result would be an answer to another question, returned as if right. The same query is
    # written again, and the loop ends with its error when it fails again.
    plan = make_plan(intent, seen)
    if plan.unresolved_person is not None:
        clarify = next((t.name for t in info.output_tools if t.name == "ask_clarification"), None)
        if clarify is not None:
            text = ask_for_patient(plan.unresolved_person, intent.language)
            args = {"unresolved": plan.unresolved_person, "question": text, "language": intent.language}
            reasoning = f"No patient is called '{plan.unresolved_person}': asking instead of querying everyone."
            return ModelResponse(parts=[TextPart(reasoning), ToolCallPart(clarify, args)])
    if plan.ambiguous_person:
        clarify = next((t.name for t in info.output_tools if t.name == "ask_clarification"), None)
        if clarify is not None:
            said = intent.patient_name or intent.name_guess or ""
            text = ask_which_patient(said, plan.ambiguous_person[:8], intent.language)
            asked: dict[str, object] = {
                "unresolved": said, "question": text, "language": intent.language, "about": "patients",
                "patient_ids": plan.ambiguous_ids[:8],
            }  # fmt: skip
            reasoning = f"'{said}' fits {len(plan.ambiguous_person)} patients: asking which, never all of them."
            return ModelResponse(parts=[TextPart(reasoning), ToolCallPart(clarify, asked)])
    missing = [a for a in plan.analytes if a.missing]
    if missing and len(missing) == len(plan.analytes):
        clarify = next((t.name for t in info.output_tools if t.name == "ask_clarification"), None)
        if clarify is not None:
            term = missing[0].label
            args = {"unresolved": term, "question": ask_for_test(term, intent.language), "language": intent.language}
            reasoning = f"No stored test is called '{term}': asking instead of returning nothing."
            return ModelResponse(parts=[TextPart(reasoning), ToolCallPart(clarify, {**args, "about": "test"})])
    sql = build_sql(plan)
    patient_names = [intent.patient_full_name] if intent.patient_full_name else intent.family_names or None
    lookup = seen.patients
    if intent.patient_name and lookup and plan.patient_ids:
        patient_names = [n for pid, n in pick_patients(intent.patient_name, lookup)[0] if pid in plan.patient_ids]
        if plan.patient_forms:
            patient_names = [*patient_names[:5], "…"]
    explanation = explain(plan, patient_names=patient_names)
    found = "; ".join(f"{a.code}: {len(a.names)} stored spellings" for a in plan.analytes if a.code != "?")
    why = "forced to answer now" if seen.forced else "enough information"
    reasoning = f"Language {intent.language}; {why}. {found or 'no known analyte'}. Writing the final query."
    tool = info.output_tools[0].name
    args = {"sql": sql, "explanation": explanation, "language": intent.language}
    return ModelResponse(parts=[TextPart(reasoning), ToolCallPart(tool, args)])


def offline_labs_model(
    messages: list[ModelMessage],
    info: AgentInfo,
    *,
    labs: Sequence[str] | None = None,
    read: Callable[[str], Intent] | None = None,
) -> ModelResponse:
    """FunctionModel body: look things up first, then emit the final query.

    `labs` are the laboratory names stored in the data (None: unknown, capitalised words
    may then name a lab or a person). `read` parses the question (default: `parse` with `labs`)."""
    texts = user_texts(messages)
    question = next((t for t in texts if FORCE_MESSAGE not in t), "")
    intent = read(question) if read is not None else parse(question, labs=labs)
    seen = read_history(messages)
    available = {t.name for t in info.function_tools}
    if available and not seen.forced and not seen.final_feedback:
        calls, said = _lookups(intent, seen, available)
        if calls:
            reasoning = f"Question in {intent.language}. " + "; ".join(said) + "."
            parts: list[ModelResponsePart] = [TextPart(reasoning), *calls]
            return ModelResponse(parts=parts)
    return _final(intent, seen, info)


def offline_model(
    lab_names: LabNames,
    patient: ResolvedPatient | None = None,
    today: Callable[[], date] | None = None,
    family: NamedFamily | None = None,
) -> FunctionDef:
    """The offline model of one run: `offline_labs_model` knowing the data's laboratories,
    read with `lab_names` on its first turn and kept for the rest of the run. The question is
    parsed once per run as well (every step reads the same question); each step gets its own
    copy, since the final step adjusts the intent it plans with. `patient` is the patient the
    question names, resolved before the run: its words are not read again as tests or labs.
    `today` gives the day relative periods are read from (the data's newest result)."""

    @cache
    def labs() -> tuple[str, ...]:
        return tuple(lab_names())

    @cache
    def anchor() -> date | None:
        return today() if today is not None else None

    @cache
    def parsed(question: str) -> Intent:
        if family is not None:
            start, end = family.span
            intent = parse(question[:start] + " " * (end - start) + question[end:], labs=labs(), anchor=anchor())
            intent.question = question
            intent.patient_name = intent.name_guess = None
            intent.family_ids, intent.family_names = list(family.ids), list(family.names)
            return intent
        if patient is None:
            return parse(question, labs=labs(), anchor=anchor())
        blanked = question
        if question[patient.span[0] : patient.span[1]] == patient.text:
            for start, end in (patient.span, *([patient.born] if patient.born else [])):
                blanked = blanked[:start] + " " * (end - start) + blanked[end:]
        intent = parse(blanked, labs=labs(), anchor=anchor())
        intent.question = question
        intent.patient_name = intent.name_guess = None
        intent.patient_id, intent.patient_full_name = patient.id, patient.full_name
        if intent.trend and intent.aggregate in ("avg", "list") and intent.group_more == []:
            # One patient's trend is their values over time, not monthly averages of one value.
            intent.group_by, intent.aggregate = "none", "list"
        return intent

    def offline_labs(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return offline_labs_model(messages, info, labs=labs(), read=lambda q: copy.deepcopy(parsed(q)))

    return offline_labs
