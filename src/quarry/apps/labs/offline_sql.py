"""Intent + what the tools found → one PostgreSQL SELECT (the offline model's final query).

Analyte filters use the exact parameter names fuzzy search returned (`parameter_name IN
(...)`, served by a btree index). When no search was possible (single-shot mode, or a
forced answer before any search), the model falls back to its own knowledge of printed
names compared through `labs_fold`, which is slower and misses unknown spellings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .folding import fold
from .offline_intent import Intent

LIST_COLUMNS = (
    "lr.collected_at, p.full_name AS patient, lr.parameter_name, lr.value_numeric, lr.unit, "
    "lr.reference_low, lr.reference_high"
)
LATEST_COLUMNS = "lr.collected_at, p.full_name AS patient, lr.parameter_name, lr.value_numeric, lr.unit"


@dataclass
class AnalyteFilter:
    """How one analyte is selected in SQL."""

    code: str
    label: str
    """Display name in the question's language."""
    names: list[str] = field(default_factory=list)
    """Exact stored names (from fuzzy search)."""
    fold_names: list[str] = field(default_factory=list)
    """Reference names compared with labs_fold when no search result is available."""
    missing: bool = False
    """Searched and not found: `names` holds the user's term only, so the query returns nothing."""


@dataclass
class Plan:
    """Everything the final query needs."""

    intent: Intent
    analytes: list[AnalyteFilter]
    patient_ids: list[int] | None = None
    """Patients found by exploration; None when no name was asked or it was not looked up."""
    patient_fallback: str | None = None
    """A name to match with labs_fold when no lookup was possible."""
    patient_forms: list[list[str]] = field(default_factory=list)
    """Per name word, folded forms to match as whole words when the lookup hit its row limit."""
    labs: list[str] = field(default_factory=list)
    lab_fallback: list[str] = field(default_factory=list)


def quote(value: str) -> str:
    """A SQL string literal (single quotes doubled)."""
    return "'" + value.replace("'", "''") + "'"


_ENDINGS = (("ой", "а"), ("ей", "а"), ("ою", "а"), ("ого", ""), ("ому", ""), ("ым", ""), ("ом", ""),
            ("у", ""), ("а", ""), ("ої", "а"), ("ій", "а"))  # fmt: skip


def name_forms(word: str) -> list[str]:
    """Folded forms of a name as it may be inflected in Russian/Ukrainian, the word itself first
    ('Ивановой' → 'Ивановой', 'Иванова')."""
    forms = [fold(word)]
    lower = word.lower()
    for ending, replacement in _ENDINGS:
        if lower.endswith(ending) and len(lower) - len(ending) >= 3:
            form = fold(word[: len(word) - len(ending)] + replacement)
            if form not in forms:
                forms.append(form)
    return forms


def name_words(name: str) -> list[str]:
    return re.findall(r"[\w'’-]+", name)


def word_regex(forms: list[str]) -> str:
    """A PostgreSQL regex matching any of `forms` as a whole word of a folded name."""
    escaped = ["".join(c if c.isalnum() else f"[{c}]" for c in form) for form in forms]
    return "(^| )(" + "|".join(escaped) + ")( |$)"


def _in_list(values: list[str]) -> str:
    return "(" + ", ".join(quote(v) for v in values) + ")"


def analyte_predicate(a: AnalyteFilter) -> str:
    if a.names:
        return f"lr.parameter_name IN {_in_list(a.names)}"
    if a.fold_names:
        folded = ", ".join(f"labs_fold({quote(n)})" for n in a.fold_names)
        return f"labs_fold(lr.parameter_name) IN ({folded})"
    return "false"


def _window(plan: Plan) -> list[str]:
    w = plan.intent.window
    if w is None:
        return []
    if w.interval:
        return [f"lr.collected_at >= current_date - interval {quote(w.interval)}"]
    if w.calendar == "this_year":
        return ["lr.collected_at >= date_trunc('year', current_date)"]
    if w.calendar == "last_year":
        return [
            "lr.collected_at >= date_trunc('year', current_date) - interval '1 year'",
            "lr.collected_at < date_trunc('year', current_date)",
        ]
    out = []
    if w.start:
        out.append(f"lr.collected_at >= {quote(w.start.isoformat())}")
    if w.end:
        out.append(f"lr.collected_at < {quote(w.end.isoformat())}")
    return out


def _conditions(plan: Plan) -> list[str]:
    i = plan.intent
    out: list[str] = []
    if i.value_op and i.value is not None:
        value = int(i.value) if i.value.is_integer() else i.value
        out.append(f"lr.value_numeric {i.value_op} {value}")
    if i.range_filter == "above":
        out.append("lr.value_numeric > lr.reference_high")
    elif i.range_filter == "below":
        out.append("lr.value_numeric < lr.reference_low")
    elif i.range_filter == "outside":
        out.append("(lr.value_numeric > lr.reference_high OR lr.value_numeric < lr.reference_low)")
    elif i.range_filter == "within":
        out.append("lr.value_numeric <= lr.reference_high")
        out.append("(lr.reference_low IS NULL OR lr.value_numeric >= lr.reference_low)")
    return out


def _patients(plan: Plan) -> list[str]:
    i = plan.intent
    out: list[str] = []
    if plan.patient_forms:
        # Too many namesakes to list: match the name as whole folded words instead.
        for forms in plan.patient_forms:
            out.append(f"labs_fold(p.full_name) ~ {quote(word_regex(forms))}")
    elif plan.patient_ids is not None:
        ids = ", ".join(str(pid) for pid in sorted(plan.patient_ids)) or "NULL"
        out.append(f"lr.patient_id IN ({ids})")
    elif plan.patient_fallback:
        for word in name_words(plan.patient_fallback):
            out.append(f"labs_fold(p.full_name) ~ {quote(word_regex(name_forms(word)))}")
    if i.sex:
        out.append(f"p.sex = {quote(i.sex)}")
    if i.age_over is not None:
        out.append(f"extract(year FROM age(current_date, p.birth_date)) > {i.age_over}")
    if i.age_under is not None:
        out.append(f"extract(year FROM age(current_date, p.birth_date)) < {i.age_under}")
    return out


def _labs(plan: Plan) -> list[str]:
    if plan.labs:
        return [f"r.lab_name IN {_in_list(plan.labs)}"]
    if plan.lab_fallback:
        parts = [f"labs_fold(r.lab_name) LIKE '%' || labs_fold({quote(w)}) || '%'" for w in plan.lab_fallback]
        return ["(" + " OR ".join(parts) + ")"]
    return []


def _analyte_label(plan: Plan) -> str | None:
    """CASE expression naming the analyte of a row when several are asked for at once."""
    if len(plan.analytes) < 2:
        return None
    whens = " ".join(f"WHEN {analyte_predicate(a)} THEN {quote(a.label)}" for a in plan.analytes)
    return f"CASE {whens} END"


def _agg_expr(plan: Plan) -> tuple[str, str]:
    agg = plan.intent.aggregate
    if agg == "avg":
        return "round(avg(lr.value_numeric), 2)", "avg_value"
    if agg == "min":
        return "min(lr.value_numeric)", "min_value"
    if agg == "max":
        return "max(lr.value_numeric)", "max_value"
    if agg == "count_patients":
        return "count(DISTINCT lr.patient_id)", "patients"
    return "count(*)", "results"


def _group(plan: Plan) -> tuple[list[str], list[str], list[str]]:
    """(select expressions, GROUP BY items, ORDER BY items) of the grouping."""
    g = plan.intent.group_by
    label = _analyte_label(plan)
    select: list[str] = [f"{label} AS analyte"] if label else []
    group: list[str] = [label] if label else []
    if g in ("month", "year"):
        select.append(f"date_trunc('{g}', lr.collected_at)::date AS period")
        group.append(f"date_trunc('{g}', lr.collected_at)::date")
    elif g == "patient":
        select.append("p.full_name AS patient")
        group += ["p.id", "p.full_name"]
    elif g == "lab":
        select.append("r.lab_name")
        group.append("r.lab_name")
    elif g == "sex":
        select.append("p.sex")
        group.append("p.sex")
    order = [s.rsplit(" AS ", 1)[1] if " AS " in s else s for s in select]
    return select, group, order


def build_sql(plan: Plan) -> str:
    """The final SELECT for `plan`."""
    i = plan.intent
    where: list[str] = []
    if len(plan.analytes) > 1:
        where.append(f"({' OR '.join(analyte_predicate(a) for a in plan.analytes)})")
    elif plan.analytes:
        where.append(analyte_predicate(plan.analytes[0]))
    # No analyte named at all ("all my results last month"): every test qualifies.
    where += _window(plan) + _conditions(plan) + _patients(plan) + _labs(plan)
    needs_patients = (
        i.aggregate in ("list", "latest", "list_patients")
        or i.group_by in ("patient", "sex")
        or i.sex is not None
        or i.age_over is not None
        or i.age_under is not None
        or bool(plan.patient_forms)
        or (plan.patient_ids is None and plan.patient_fallback is not None)
    )
    needs_reports = i.group_by == "lab" or bool(plan.labs or plan.lab_fallback)
    source = "lab_results lr"
    if needs_patients:
        source += " JOIN patients p ON p.id = lr.patient_id"
    if needs_reports:
        source += " JOIN lab_reports r ON r.id = lr.report_id"
    where_sql = " AND ".join(where) or "true"
    if i.aggregate == "list" and i.group_by == "none":
        return f"SELECT {LIST_COLUMNS} FROM {source} WHERE {where_sql} ORDER BY lr.collected_at DESC"
    if i.aggregate == "latest" and i.group_by in ("none", "patient"):
        label = _analyte_label(plan)
        keys = ["lr.patient_id"] if i.group_by == "patient" or _per_patient(i) else []
        keys += ["analyte"] if label else []
        columns = (f"{label} AS analyte, " if label else "") + LATEST_COLUMNS
        if not keys:
            return f"SELECT {columns} FROM {source} WHERE {where_sql} ORDER BY lr.collected_at DESC LIMIT 1"
        on = ", ".join(keys)
        return (
            f"SELECT DISTINCT ON ({on}) {columns} FROM {source} WHERE {where_sql} ORDER BY {on}, lr.collected_at DESC"
        )
    if i.aggregate == "list_patients":
        return (
            f"SELECT p.full_name AS patient, count(*) AS results FROM {source} WHERE {where_sql}"
            " GROUP BY p.id, p.full_name ORDER BY results DESC, patient"
        )
    expr, alias = _agg_expr(plan)
    select, group, order = _group(plan)
    if not group:
        return f"SELECT {expr} AS {alias} FROM {source} WHERE {where_sql}"
    extra = "" if alias in ("results", "patients") else ", count(*) AS results"
    return (
        f"SELECT {', '.join(select)}, {expr} AS {alias}{extra} FROM {source} WHERE {where_sql}"
        f" GROUP BY {', '.join(group)} ORDER BY {', '.join(order)}"
    )


_PER_PATIENT = re.compile(r"each|every|per patient|каждо|кожн|cada|всех пациентов|усіх пацієнтів")


def _per_patient(intent: Intent) -> bool:
    """'latest X for each patient' → one row per patient; otherwise the single latest row."""
    return _PER_PATIENT.search(intent.question.lower()) is not None
