"""Intent + what the tools found → one PostgreSQL SELECT (the offline model's final query).

Analyte filters use the exact parameter names fuzzy search returned (`parameter_name IN
(...)`, served by a btree index). When no search was possible (single-shot mode, or a
forced answer before any search), the model falls back to its own knowledge of printed
names compared through `labs_fold`, which is slower and misses unknown spellings.

The query is a sqlglot syntax tree (`build_query`), rendered once for PostgreSQL: every
value from the question (names, dates, intervals, numbers) is a literal node quoted by
sqlglot, never text pasted into SQL.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import sqlglot
from sqlglot import exp

from quarry.search import skeleton_fold as fold

from .offline_intent import Intent
from .shapes import AgeBands

Expr = exp.Expr
"""A sqlglot expression node (the offline SQL is built as a syntax tree, never as text)."""

_DIALECT = "postgres"


def _col(name: str, table: str | None = None) -> exp.Column:
    return exp.column(name, table=table)


def _str(value: str) -> exp.Literal:
    """A string literal: quoting is sqlglot's, whatever the text holds."""
    return exp.Literal.string(value)


def _fold(expr: Expr) -> Expr:
    """labs_fold(expr): the SQL twin of `folding.fold`."""
    return exp.Anonymous(this="labs_fold", expressions=[expr])


def _date_trunc(unit: str, expr: Expr) -> Expr:
    return exp.func("date_trunc", _str(unit), expr, dialect=_DIALECT)


def _desc(expr: Expr) -> exp.Ordered:
    """expr DESC with PostgreSQL's default NULL placement (nulls first), as plain `DESC` means."""
    return exp.Ordered(this=expr, desc=True, nulls_first=True)


def _render(query: Expr) -> str:
    return query.sql(dialect=_DIALECT)


def _list_columns() -> list[Expr]:
    return [
        _col("collected_at", "lr"),
        exp.alias_(_col("full_name", "p"), "patient"),
        _col("parameter_name", "lr"),
        _col("value_numeric", "lr"),
        _col("unit", "lr"),
        _col("reference_low", "lr"),
        _col("reference_high", "lr"),
        # The patient's id beside the name: namesakes told apart.
        _col("patient_id", "lr"),
    ]


def _latest_columns() -> list[Expr]:
    return _list_columns()[:5]


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
    """Stored lab_reports.lab_name values the question names."""
    lab_fallback: list[str] = field(default_factory=list)
    """Words to match against folded lab names when the stored names are unknown."""
    unresolved_person: str | None = None
    ambiguous_person: list[tuple[str, int]] = field(default_factory=list)
    """(full name, birth year) of each patient a name fits when it fits several: asked which, never
    answered for all of them at once."""
    ambiguous_ids: list[int] = field(default_factory=list)
    """The ids of `ambiguous_person`, in the same order."""
    """A name the question gave that matched no patient (and no lab): asked back, never widened."""


def quote(value: str) -> str:
    """A PostgreSQL string literal as text (sqlglot's quoting: single quotes doubled)."""
    return _str(value).sql(dialect=_DIALECT)


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


def _name_match(column: Expr, forms: list[str]) -> Expr:
    """labs_fold(column) ~ '<whole-word regex of forms>'."""
    return exp.RegexpLike(this=_fold(column), expression=_str(word_regex(forms)))


def _and(conditions: list[Expr], *, empty: Expr) -> Expr:
    return exp.and_(*conditions) if conditions else empty


def patient_lookup_sql(name: str) -> str:
    """Patients whose folded name contains every word asked for, in any of its inflected forms.
    No LIMIT of its own: the validator's cap makes `truncated` say when there are more."""
    conditions = [_name_match(_col("full_name"), name_forms(w)) for w in name_words(name)]
    query = (
        exp.select(_col("id"), _col("full_name"), _col("sex"), _col("birth_date"))
        .from_(exp.to_table("patients"))
        .where(_and(conditions, empty=exp.false()))
        .order_by(_col("id"))
    )
    return _render(query)


def analyte_predicate(a: AnalyteFilter) -> Expr:
    if a.names:
        return _col("parameter_name", "lr").isin(*(_str(n) for n in a.names))
    if a.fold_names:
        return _fold(_col("parameter_name", "lr")).isin(*(_fold(_str(n)) for n in a.fold_names))
    return exp.false()


def _today(plan: Plan) -> Expr:
    """The data's own today (its newest result's date), as a date literal: never CURRENT_DATE."""
    return exp.cast(_str(plan.intent.today.isoformat()), "date")


def _window(plan: Plan) -> list[Expr]:
    """The period as dates worked out from the data's today (`offline_intent._window`)."""
    w = plan.intent.window
    if w is None:
        return []
    collected = _col("collected_at", "lr")
    out: list[Expr] = []
    if w.start:
        out.append(exp.GTE(this=collected, expression=_str(w.start.isoformat())))
    if w.end:
        out.append(exp.LT(this=collected.copy(), expression=_str(w.end.isoformat())))
    return out


_COMPARISONS: dict[str, type[exp.Binary]] = {">": exp.GT, "<": exp.LT, ">=": exp.GTE, "<=": exp.LTE}


def _conditions(plan: Plan) -> list[Expr]:
    i = plan.intent
    value = _col("value_numeric", "lr")
    low, high = _col("reference_low", "lr"), _col("reference_high", "lr")
    out: list[Expr] = []
    if i.value_op and i.value is not None:
        number = int(i.value) if i.value.is_integer() else i.value
        out.append(_COMPARISONS[i.value_op](this=value.copy(), expression=exp.Literal.number(number)))
    if i.value_upto is not None:
        upto = int(i.value_upto) if i.value_upto.is_integer() else i.value_upto
        out.append(exp.LTE(this=value.copy(), expression=exp.Literal.number(upto)))
    if i.range_filter == "above":
        out.append(exp.GT(this=value.copy(), expression=high))
    elif i.range_filter == "below":
        out.append(exp.LT(this=value.copy(), expression=low))
    elif i.range_filter == "outside":
        out.append(
            exp.paren(
                exp.or_(exp.GT(this=value.copy(), expression=high), exp.LT(this=value.copy(), expression=low)),
                copy=False,
            )
        )
    elif i.range_filter == "within":
        out.append(exp.LTE(this=value.copy(), expression=high))
        either = exp.or_(exp.Is(this=low.copy(), expression=exp.null()), exp.GTE(this=value.copy(), expression=low))
        out.append(exp.paren(either, copy=False))
    return out


def _age(plan: Plan, op: type[exp.Binary], years: int, *, per_result: bool = True) -> Expr:
    """The patient's age against `years`: on the day of the test when the question says so (and
    the query has results to read it from), else on the data's today."""
    on = _col("collected_at", "lr") if plan.intent.age_at_test and per_result else _today(plan)
    age = exp.Anonymous(this="age", expressions=[on, _col("birth_date", "p")])
    return op(this=exp.Extract(this=exp.var("year"), expression=age), expression=exp.Literal.number(years))


def _patients(plan: Plan, ids_in: exp.Column | None = None) -> list[Expr]:
    """Who the rows belong to: the patients found (their ids matched in `ids_in`, lr.patient_id
    by default), or their names; and sex and age."""
    i = plan.intent
    out: list[Expr] = []
    if plan.patient_forms:
        # Too many namesakes to list: match the name as whole folded words instead.
        out += [_name_match(_col("full_name", "p"), forms) for forms in plan.patient_forms]
    elif plan.patient_ids is not None:
        ids: list[Expr] = [exp.Literal.number(pid) for pid in sorted(plan.patient_ids)] or [exp.null()]
        out.append((ids_in or _col("patient_id", "lr")).isin(*ids))
    elif plan.patient_fallback:
        out += [_name_match(_col("full_name", "p"), name_forms(w)) for w in name_words(plan.patient_fallback)]
    if i.sex:
        out.append(exp.EQ(this=_col("sex", "p"), expression=_str(i.sex)))
    if i.age_over is not None:
        out.append(_age(plan, exp.GT, i.age_over, per_result=ids_in is None))
    if i.age_under is not None:
        out.append(_age(plan, exp.LT, i.age_under, per_result=ids_in is None))
    if i.born_from is not None:
        out.append(exp.GTE(this=_col("birth_date", "p"), expression=_str(i.born_from.isoformat())))
    if i.born_before is not None:
        out.append(exp.LT(this=_col("birth_date", "p"), expression=_str(i.born_before.isoformat())))
    return out


def _labs(plan: Plan) -> list[Expr]:
    lab_name = _col("lab_name", "r")
    if plan.labs and plan.intent.labs_all and plan.intent.aggregate not in _REPORT_AGGREGATES:
        return _both_labs(plan)
    if plan.labs:
        return [lab_name.isin(*(_str(lab) for lab in plan.labs))]
    if plan.lab_fallback:
        likes = [
            exp.Like(
                this=_fold(lab_name.copy()),
                expression=exp.DPipe(
                    this=exp.DPipe(this=_str("%"), expression=_fold(_str(word))), expression=_str("%")
                ),
            )
            for word in plan.lab_fallback
        ]
        return [exp.paren(exp.or_(*likes), copy=False)]
    return []


def _analyte_label(plan: Plan) -> Expr | None:
    """CASE expression naming the analyte of a row when several are asked for at once."""
    if len(plan.analytes) < 2:
        return None
    case = exp.case()
    for a in plan.analytes:
        case = case.when(analyte_predicate(a), _str(a.label))
    return case


def _agg_exprs(plan: Plan) -> list[tuple[Expr, str]]:
    """The measure asked for, and any others asked beside it, each with its column name."""
    measures = dict.fromkeys([plan.intent.aggregate, *plan.intent.measures_more])
    return [_agg_expr(agg) for agg in measures]


def _agg_expr(agg: str) -> tuple[Expr, str]:
    value = _col("value_numeric", "lr")
    if agg == "avg":
        return exp.Round(this=exp.Avg(this=value), decimals=exp.Literal.number(2)), "avg_value"
    if agg == "median":
        ordered = exp.Order(expressions=[exp.Ordered(this=value)])
        median = exp.WithinGroup(this=exp.PercentileCont(this=exp.Literal.number(0.5)), expression=ordered)
        return exp.Round(this=exp.cast(median, "numeric"), decimals=exp.Literal.number(2)), "median_value"
    if agg == "min":
        return exp.Min(this=value), "min_value"
    if agg == "max":
        return exp.Max(this=value), "max_value"
    if agg == "count_patients":
        return exp.Count(this=exp.Distinct(expressions=[_col("patient_id", "lr")])), "patients"
    if agg == "count_reports":
        return exp.Count(this=exp.Distinct(expressions=[_col("report_id", "lr")])), "reports"
    if agg == "count_labs":
        return exp.Count(this=exp.Distinct(expressions=[_col("lab_name", "r")])), "labs"
    return exp.Count(this=exp.Star()), "results"


def _group(plan: Plan) -> tuple[list[Expr], list[Expr], list[Expr]]:
    """(select expressions, GROUP BY items, ORDER BY items) of the grouping."""
    g = plan.intent.group_by
    label = _analyte_label(plan)
    select: list[Expr] = []
    group: list[Expr] = []
    order: list[Expr] = []

    def add(expr: Expr, alias: str | None, *keys: Expr) -> None:
        select.append(exp.alias_(expr, alias) if alias else expr)
        group.extend(keys or (expr.copy(),))
        order.append(_col(alias) if alias else expr.copy())

    if label is not None:
        add(label, "analyte")
    for key in (g, *plan.intent.group_more):
        if key == "year" and "quarter" not in (g, *plan.intent.group_more):
            add(_year(_col("collected_at", "lr")), "year")
        elif key == "quarter":
            # A quarter is told apart by its year too ("2025 Q1").
            add(_year(_col("collected_at", "lr")), "year")
            add(_part("quarter", _col("collected_at", "lr")), "quarter")
        elif key == "month":
            add(exp.cast(_date_trunc(key, _col("collected_at", "lr")), "date"), "period" if key == g else key)
        elif key == "patient":
            add(_col("full_name", "p"), "patient", _col("id", "p"), _col("full_name", "p"))
        elif key == "lab":
            add(_col("lab_name", "r"), None)
        elif key == "sex":
            add(_col("sex", "p"), None)
        elif key == "age" and plan.intent.age_bands is not None:
            add(_age_band(plan, plan.intent.age_bands), "age_group")
        elif key == "birth_decade":
            born = _year(_col("birth_date", "p"))
            tens = exp.Floor(this=exp.Div(this=born, expression=exp.Literal.number(10)))
            add(exp.cast(exp.Mul(this=tens, expression=exp.Literal.number(10)), "int"), "birth_decade")
    return select, group, order


def _year(expr: Expr) -> Expr:
    """The calendar year of a date, as a number ("2024", not "2024-01-01")."""
    return _part("year", expr)


def _part(unit: str, expr: Expr) -> Expr:
    """A part of a date (year, quarter) as a number."""
    return exp.cast(exp.Extract(this=exp.var(unit), expression=expr), "int")


def _age_band(plan: Plan, bands: AgeBands) -> Expr:
    """The age group of a row's patient: today's age, or the age on the day of the test."""
    since = _col("collected_at", "lr") if bands.at_test else _today(plan)
    age = exp.Extract(
        this=exp.var("year"), expression=exp.Anonymous(this="age", expressions=[since, _col("birth_date", "p")])
    )
    if bands.width:
        floor = exp.Mul(
            this=exp.Floor(this=exp.Div(this=age, expression=exp.Literal.number(bands.width))),
            expression=exp.Literal.number(bands.width),
        )
        return exp.cast(floor, "int")
    case = exp.case()
    starts = list(bands.starts)
    if starts[0] > 0:
        case = case.when(exp.LT(this=age.copy(), expression=exp.Literal.number(starts[0])), _str(f"<{starts[0]}"))
    for lo, hi in itertools.pairwise(starts):
        case = case.when(exp.LT(this=age.copy(), expression=exp.Literal.number(hi)), _str(f"{lo}-{hi - 1}"))
    return case.else_(_str(f"{starts[-1]}+"))


def _source(plan: Plan) -> exp.Select:
    """SELECT … FROM lab_results lr, joined to patients and reports only when needed."""
    i = plan.intent
    needs_patients = (
        i.top is not None
        or i.aggregate in ("list", "latest", "list_patients")
        or bool({"patient", "sex", "age", "birth_decade"} & {i.group_by, *i.group_more})
        or i.sex is not None
        or i.age_over is not None
        or i.age_under is not None
        or i.born_from is not None
        or i.born_before is not None
        or bool(plan.patient_forms)
        or (plan.patient_ids is None and plan.patient_fallback is not None)
    )
    needs_reports = (
        "lab" in (i.group_by, *i.group_more)
        or "count_labs" in i.measures_more
        or bool((plan.labs and not i.labs_all) or plan.lab_fallback)
    )
    query = exp.select().from_(exp.to_table("lab_results").as_("lr"))
    if needs_patients:
        on = exp.EQ(this=_col("id", "p"), expression=_col("patient_id", "lr"))
        query = query.join(exp.to_table("patients").as_("p"), on=on)
    if needs_reports:
        on = exp.EQ(this=_col("id", "r"), expression=_col("report_id", "lr"))
        query = query.join(exp.to_table("lab_reports").as_("r"), on=on)
    return query


def _where(plan: Plan, *, conditions: bool = True) -> Expr:
    """The rows asked about; without the value conditions when `conditions` is False (they are the
    part a share counts)."""
    where: list[Expr] = []
    if len(plan.analytes) > 1:
        where.append(exp.paren(exp.or_(*(analyte_predicate(a) for a in plan.analytes)), copy=False))
    elif plan.analytes:
        where.append(analyte_predicate(plan.analytes[0]))
    # No analyte named at all ("all my results last month"): every test qualifies.
    where += _window(plan) + (_conditions(plan) if conditions else []) + _patients(plan) + _labs(plan)
    if plan.intent.latest_each and plan.analytes:
        where.append(_is_latest(plan))
    return _and(where, empty=exp.true())


def _is_latest(plan: Plan) -> Expr:
    """The row is its patient's latest result of the test (in the period): the conditions then
    judge that result alone ("whose latest LDL is high")."""
    scope = [
        exp.EQ(this=_col("patient_id", "l2"), expression=_col("patient_id", "lr")),
        exp.paren(exp.or_(*(analyte_predicate(a) for a in plan.analytes)), copy=False),
        *_window(plan),
    ]
    newest = (
        exp.select(exp.Max(this=_col("collected_at", "l2")))
        .from_(exp.to_table("lab_results").as_("l2"))
        .where(_and([_on(c, "l2") if i else c for i, c in enumerate(scope)], empty=exp.true()))
    )
    return exp.EQ(this=_col("collected_at", "lr"), expression=exp.Subquery(this=newest))


def _on(condition: Expr, alias: str) -> Expr:
    """A condition on the results table `lr`, said of another alias of it."""
    out = condition.copy()
    for column in out.find_all(exp.Column):
        if column.table == "lr":
            column.set("table", exp.to_identifier(alias))
    return out


TIES_SHOWN = 10
"""Results shown at most when several share the extreme value."""

_REPORT_AGGREGATES = ("list_labs", "count_labs", "list_reports", "count_reports")


def _report_query(plan: Plan) -> exp.Select:
    """Questions about reports and laboratories (lab_reports): which labs, how many reports, per
    lab or period; a test named means reports that hold it."""
    i = plan.intent
    r = "r"
    query = exp.select().from_(exp.to_table("lab_reports").as_(r))
    where: list[Expr] = []
    needs_patients = "sex" in (i.group_by, *i.group_more) or any(
        v is not None for v in (i.sex, i.age_over, i.age_under, i.born_from, i.born_before)
    )
    if needs_patients:
        query = query.join(
            exp.to_table("patients").as_("p"), on=exp.EQ(this=_col("id", "p"), expression=_col("patient_id", r))
        )
    if plan.analytes:
        held = exp.or_(*(analyte_predicate(a) for a in plan.analytes))
        inner = (
            exp.select(exp.Literal.number(1))
            .from_(exp.to_table("lab_results").as_("lr"))
            .where(exp.and_(exp.EQ(this=_col("report_id", "lr"), expression=_col("id", r)), held))
        )
        where.append(exp.Exists(this=inner))
    where += [_retarget(c) for c in _window(plan)]
    where += _patients(plan, ids_in=_col("patient_id", r))
    where += _labs(plan)
    query = query.where(_and(where, empty=exp.true()), copy=False)
    keys: list[tuple[Expr, str]] = []
    for key in (i.group_by, *i.group_more):
        if key == "year" or (key == "quarter" and "year" not in (i.group_by, *i.group_more)):
            keys.append((_year(_col("collected_at", r)), "year"))
        if key == "quarter":
            keys.append((_part("quarter", _col("collected_at", r)), "quarter"))
        elif key == "month":
            keys.append((exp.cast(_date_trunc("month", _col("collected_at", r)), "date"), "period"))
        elif key == "sex":
            keys.append((_col("sex", "p"), "sex"))
    if "lab" in (i.group_by, *i.group_more) or i.aggregate == "list_labs":
        keys.insert(0, (_col("lab_name", r), "lab_name"))
    if i.aggregate == "count_labs":
        return query.select(exp.alias_(exp.Count(this=exp.Distinct(expressions=[_col("lab_name", r)])), "labs"))
    if i.aggregate == "list_reports" and not keys:
        columns = [_col("id", r), _col("collected_at", r), _col("lab_name", r)]
        query = query.select(*columns, copy=False).order_by(_desc(_col("collected_at", r)), copy=False)
        return query.limit(i.top, copy=False) if i.top is not None else query
    counts = [exp.alias_(exp.Count(this=exp.Star()), "reports")]
    if "count" in i.measures_more:
        # "how many reports, and how many results in total": each report's results counted beside it.
        query = query.join(
            exp.to_table("lab_results").as_("lx"),
            on=exp.EQ(this=_col("report_id", "lx"), expression=_col("id", r)),
            join_type="left",
            copy=False,
        )
        counts = [
            exp.alias_(exp.Count(this=exp.Distinct(expressions=[_col("id", r)])), "reports"),
            exp.alias_(exp.Count(this=_col("id", "lx")), "results"),
        ]
    query = query.select(*(exp.alias_(e, a) for e, a in keys), *counts, copy=False)
    if not keys:
        return query
    query = query.group_by(*(e.copy() for e, _ in keys), copy=False)
    if i.aggregate == "list_labs" or i.top is not None or i.rank_groups:
        query = query.order_by(_desc(_col("reports")), *(_col(a) for _, a in keys), copy=False)
        return query.limit(i.top, copy=False) if i.top is not None else query
    return query.order_by(*(_col(a) for _, a in keys), copy=False)


def _retarget(condition: Expr, alias: str = "r") -> Expr:
    """A condition on lr.collected_at, put on a report's date instead."""
    out = condition.copy()
    for column in out.find_all(exp.Column):
        if column.table == "lr" and column.name == "collected_at":
            column.set("table", exp.to_identifier(alias))
    return out


def _both_labs(plan: Plan) -> list[Expr]:
    """The patient has reports from every lab named."""
    out: list[Expr] = []
    for lab in plan.labs:
        seen = (
            exp.select(_col("patient_id", "rb"))
            .from_(exp.to_table("lab_reports").as_("rb"))
            # "seen at both X and Y this year": the visits, too, in the period asked.
            .where(
                exp.and_(
                    exp.EQ(this=_col("lab_name", "rb"), expression=_str(lab)),
                    *(_retarget(c, "rb") for c in _window(plan)),
                )
            )
        )
        out.append(exp.In(this=_col("patient_id", "lr"), query=exp.Subquery(this=seen)))
    return out


def _overlap_query(plan: Plan) -> exp.Select:
    """Patients with a result of every named test on its side of the range: at any time, or in
    one report (`intent.overlap`)."""
    i = plan.intent
    in_report = i.overlap == "same_report"
    owner = _col("id", "r") if in_report else _col("id", "p")
    link = "report_id" if in_report else "patient_id"
    conditions: list[Expr] = []
    for a in plan.analytes:
        side = i.sides.get(a.code)
        value = _col("value_numeric", "lr")
        high = exp.GT(this=value, expression=_col("reference_high", "lr"))
        low = exp.LT(this=value.copy(), expression=_col("reference_low", "lr"))
        bound = high if side == "above" else low if side == "below" else exp.paren(exp.or_(high, low), copy=False)
        inner_where = [exp.EQ(this=_col(link, "lr"), expression=owner.copy()), analyte_predicate(a), *_window(plan)]
        if side is not None:
            inner_where.append(bound)
        inner = (
            exp.select(exp.Literal.number(1)).from_(exp.to_table("lab_results").as_("lr")).where(exp.and_(*inner_where))
        )
        found: Expr = exp.Exists(this=inner)
        conditions.append(exp.Not(this=found) if a.code in i.absent else found)
    query = exp.select().from_(exp.to_table("patients").as_("p"))
    if in_report:
        on = exp.EQ(this=_col("id", "p"), expression=_col("patient_id", "r"))
        query = exp.select().from_(exp.to_table("lab_reports").as_("r")).join(exp.to_table("patients").as_("p"), on=on)
    if i.combine == "any":
        conditions = [exp.paren(exp.or_(*conditions), copy=False)]
    elif i.combine == "none":
        conditions = [exp.Not(this=exp.paren(exp.or_(*conditions), copy=False))]
    query = query.where(exp.and_(*conditions, *_patients(plan, ids_in=_col("id", "p"))), copy=False)
    if i.aggregate == "count_patients":
        return query.select(exp.alias_(exp.Count(this=exp.Distinct(expressions=[_col("id", "p")])), "patients"))
    if i.aggregate == "count_reports" and in_report:
        return query.select(exp.alias_(exp.Count(this=exp.Distinct(expressions=[_col("id", "r")])), "reports"))
    if i.aggregate == "list_reports" and in_report:
        columns = [exp.alias_(_col("id", "r"), "report_id"), _col("collected_at", "r"), _col("lab_name", "r")]
        columns += [exp.alias_(_col("full_name", "p"), "patient")]
        return query.select(*columns, copy=False).order_by(_desc(_col("collected_at", "r")), copy=False)
    columns = [exp.alias_(_col("id", "p"), "patient_id"), exp.alias_(_col("full_name", "p"), "patient")]
    return query.select(*columns, copy=False).distinct(copy=False).order_by(_col("patient"), copy=False)


def build_query(plan: Plan) -> exp.Select:
    """The final SELECT for `plan`, as a sqlglot syntax tree."""
    i = plan.intent
    if i.aggregate == "ranges":
        return _ranges_query(plan)
    if i.aggregate == "rank_patients":
        return _rank_query(plan)
    if i.overlap != "none" and (len(plan.analytes) >= 2 or i.combine == "none" or i.absent):
        return _overlap_query(plan)
    if i.top is not None and i.aggregate not in _REPORT_AGGREGATES and not i.rank_groups:
        value = _col("value_numeric", "lr")
        extreme = _desc(value) if i.aggregate == "max" else exp.Ordered(this=value, nulls_first=False)
        where = exp.and_(_where(plan), exp.Not(this=exp.Is(this=value.copy(), expression=exp.null())))
        limit = i.top
        if i.top == 1:
            # "who has the lowest ferritin": every result at the extreme, ties included (two patients
            # may share it); a handful at most.
            fn = exp.Max if i.aggregate == "max" else exp.Min
            sub = _source(plan).where(where.copy(), copy=False).select(fn(this=value.copy()), copy=False)
            where = exp.and_(where, exp.EQ(this=value.copy(), expression=exp.Subquery(this=sub)))
            limit = TIES_SHOWN
        query = _source(plan).where(where, copy=False).select(*_list_columns(), copy=False)
        return query.order_by(extreme, _desc(_col("collected_at", "lr")), copy=False).limit(limit, copy=False)
    if i.about_patients:
        return _patients_query(plan)
    if i.aggregate in _REPORT_AGGREGATES:
        return _report_query(plan)
    if i.share and _conditions(plan):
        return _share_query(plan)
    if i.aggregate == "count_new_patients":
        return _new_patients_query(plan)
    query = _source(plan).where(_where(plan), copy=False)
    collected = _col("collected_at", "lr")
    if i.aggregate in ("first_last", "change") and plan.analytes:
        return _ends_query(plan, query)
    if i.aggregate == "first_last":
        # No test named: when the patient was first and last tested.
        first = exp.alias_(exp.cast(exp.Min(this=collected), "date"), "first_day")
        last = exp.alias_(exp.cast(exp.Max(this=collected.copy()), "date"), "last_day")
        return query.select(first, last, copy=False)
    if i.aggregate == "units":
        unit = _col("unit", "lr")
        counted = exp.alias_(exp.Count(this=exp.Star()), "results")
        query = query.select(unit, counted, copy=False).group_by(unit.copy(), copy=False)
        return query.order_by(_desc(_col("results")), unit.copy(), copy=False)
    if i.aggregate == "list" and i.group_by == "none":
        return query.select(*_list_columns(), copy=False).order_by(_desc(collected), copy=False)
    if i.aggregate == "latest" and not plan.analytes:
        # "the latest" with no test named: every result of each patient's most recent report.
        latest = (
            exp.select(_col("id", "rl"))
            .from_(exp.to_table("lab_reports").as_("rl"))
            .where(exp.EQ(this=_col("patient_id", "rl"), expression=_col("patient_id", "lr")))
            .order_by(_desc(_col("collected_at", "rl")), _desc(_col("id", "rl")))
            .limit(1)
        )
        query = query.where(exp.EQ(this=_col("report_id", "lr"), expression=exp.Subquery(this=latest)), copy=False)
        return query.select(*_list_columns(), copy=False).order_by(_desc(collected), copy=False)
    if i.aggregate == "latest" and i.group_by in ("none", "patient"):
        label = _analyte_label(plan)
        keys: list[Expr] = [_col("patient_id", "lr")] if i.group_by == "patient" or _per_patient(i) else []
        keys += [_col("analyte")] if label is not None else []
        # One row per patient: the patient's id beside the name tells namesakes apart.
        per_patient = [_col("patient_id", "lr")] if keys and keys[0].name == "patient_id" else []
        columns = ([exp.alias_(label, "analyte")] if label is not None else []) + per_patient + _latest_columns()
        query = query.select(*columns, copy=False)
        if not keys:
            return query.order_by(_desc(collected), copy=False).limit(1, copy=False)
        query = query.distinct(*(k.copy() for k in keys), copy=False)
        return query.order_by(*keys, _desc(collected), copy=False)
    if i.aggregate == "list_patients":
        return (
            query.select(
                exp.alias_(_col("id", "p"), "patient_id"),
                exp.alias_(_col("full_name", "p"), "patient"),
                exp.alias_(exp.Count(this=exp.Star()), "results"),
                copy=False,
            )
            .group_by(_col("id", "p"), _col("full_name", "p"), copy=False)
            .order_by(_desc(_col("results")), _col("patient"), copy=False)
        )
    measures = _agg_exprs(plan)
    select, group, order = _group(plan)
    query = query.select(*select, *(exp.alias_(expr, alias) for expr, alias in measures), copy=False)
    if not group:
        return query
    if not {alias for _, alias in measures} & {"results", "patients"}:
        query = query.select(exp.alias_(exp.Count(this=exp.Star()), "results"), copy=False)
    if i.rank_groups:
        # "top 3 labs by results": the groups with the most first, then by name.
        ranked = [_desc(_col(measures[0][1] if measures else "results")), *order]
        query = query.group_by(*group, copy=False).order_by(*ranked, copy=False)
        return query if i.top is None else query.limit(i.top, copy=False)
    return query.group_by(*group, copy=False).order_by(*order, copy=False)


def _share(part: Expr) -> Expr:
    """The percentage of the rows for which `part` holds, to two decimals."""
    counted = exp.Filter(this=exp.Count(this=exp.Star()), expression=exp.Where(this=part))
    ratio = exp.Div(
        this=exp.Mul(this=exp.Literal.number("100.0"), expression=counted), expression=exp.Count(this=exp.Star())
    )
    return exp.Round(this=exp.cast(ratio, "numeric"), decimals=exp.Literal.number(2))


def _share_query(plan: Plan) -> exp.Select:
    """ "What % of glucose results in 2025 were above range": of the results asked about, the
    percentage meeting the value conditions (per group when grouped)."""
    part = _and(_conditions(plan), empty=exp.true())
    select, group, order = _group(plan)
    query = _source(plan).where(_where(plan, conditions=False), copy=False)
    query = query.select(
        *select, exp.alias_(_share(part), "percent"), exp.alias_(exp.Count(this=exp.Star()), "results")
    )
    return query.group_by(*group, copy=False).order_by(*order, copy=False) if group else query


def _patients_query(plan: Plan) -> exp.Select:
    """Questions about the patients themselves (no test named): how many, their average age, the
    share of a sex, by sex, age band or decade of birth; from the patients table alone."""
    i = plan.intent
    people = _patients(plan, ids_in=_col("id", "p"))
    age = exp.Extract(
        this=exp.var("year"), expression=exp.Anonymous(this="age", expressions=[_today(plan), _col("birth_date", "p")])
    )
    measures: dict[str, tuple[Expr, str]] = {
        "avg": (exp.Round(this=exp.cast(exp.Avg(this=age), "numeric"), decimals=exp.Literal.number(2)), "avg_age"),
        "min": (exp.Min(this=age), "min_age"),
        "max": (exp.Max(this=age), "max_age"),
    }
    where: Expr
    if i.share and people:
        measure, alias, where = _share(_and(people, empty=exp.true())), "percent", exp.true()
    else:
        measure, alias = measures.get(i.aggregate, (exp.Count(this=exp.Star()), "patients"))
        where = _and(people, empty=exp.true())
    select, group, order = _group(plan)
    query = exp.select(*select, exp.alias_(measure, alias)).from_(exp.to_table("patients").as_("p")).where(where)
    return query.group_by(*group, copy=False).order_by(*order, copy=False) if group else query


def _ranges_query(plan: Plan) -> exp.Select:
    """The reference ranges the test's results carry, each with how many results use it."""
    low, high = _col("reference_low", "lr"), _col("reference_high", "lr")
    query = _source(plan).where(_where(plan), copy=False)
    query = query.select(low, high, exp.alias_(exp.Count(this=exp.Star()), "results"), copy=False)
    return query.group_by(low.copy(), high.copy(), copy=False).order_by(_desc(_col("results")), copy=False)


def _rank_query(plan: Plan) -> exp.Select:
    """Patients ranked by how many reports (or results) they have, the top N."""
    i = plan.intent
    if i.reports_or_labs:
        r = "r"
        query = (
            exp.select()
            .from_(exp.to_table("lab_reports").as_(r))
            .join(exp.to_table("patients").as_("p"), on=exp.EQ(this=_col("id", "p"), expression=_col("patient_id", r)))
        )
        where = [_retarget(c) for c in _window(plan)] + _patients(plan, ids_in=_col("patient_id", r)) + _labs(plan)
        query = query.where(_and(where, empty=exp.true()), copy=False)
        counted = "reports"
    else:
        query = _source(plan).where(_where(plan), copy=False)
        if not any(j.args.get("this") and j.this.alias == "p" for j in query.args.get("joins") or []):
            on = exp.EQ(this=_col("id", "p"), expression=_col("patient_id", "lr"))
            query = query.join(exp.to_table("patients").as_("p"), on=on)
        counted = "results"
    columns = [exp.alias_(_col("id", "p"), "patient_id"), exp.alias_(_col("full_name", "p"), "patient")]
    query = query.select(*columns, exp.alias_(exp.Count(this=exp.Star()), counted), copy=False)
    query = query.group_by(_col("id", "p"), _col("full_name", "p"), copy=False)
    return query.order_by(_desc(_col(counted)), _col("patient"), copy=False).limit(i.top or 1, copy=False)


def _new_patients_query(plan: Plan) -> exp.Select:
    """Patients counted in the period of their first report, per year when grouped ("new patients
    per year"), the year with the most first when ranked."""
    i = plan.intent
    period = [_render(c).replace("lr.collected_at", "f.first_at") for c in _window(plan)]
    where = f" WHERE {' AND '.join(period)}" if period else ""
    firsts = "SELECT patient_id, MIN(collected_at) AS first_at FROM lab_reports GROUP BY patient_id"
    if i.group_by == "year":
        year = "CAST(EXTRACT(YEAR FROM f.first_at) AS INT)"
        order = "new_patients DESC, year" if i.rank_groups else "year"
        limit = f" LIMIT {i.top}" if i.rank_groups and i.top else ""
        sql = (
            f"SELECT {year} AS year, COUNT(*) AS new_patients FROM ({firsts}) AS f{where}"
            f" GROUP BY {year} ORDER BY {order}{limit}"
        )
    else:
        sql = f"SELECT COUNT(*) AS new_patients FROM ({firsts}) AS f{where}"
    parsed = sqlglot.parse_one(sql, read=_DIALECT)
    assert isinstance(parsed, exp.Select)
    return parsed


def _ends_query(plan: Plan, query: exp.Select) -> exp.Select:
    """Each patient's first and last result of the test ("first and last ferritin"), or how much the
    last differs from the first ("how much has it changed since the first test")."""
    by_time = "lr.collected_at, lr.id"
    # sqlglot has no builder for a window's ORDER BY that renders PostgreSQL's NULL order as written here.
    ends = query.select(
        _col("patient_id", "lr"),
        _col("collected_at", "lr"),
        _col("value_numeric", "lr"),
        _col("unit", "lr"),
        sqlglot.parse_one(
            f"row_number() OVER (PARTITION BY lr.patient_id ORDER BY {by_time}) AS n_first", read=_DIALECT
        ),
        sqlglot.parse_one(
            "row_number() OVER (PARTITION BY lr.patient_id ORDER BY lr.collected_at DESC, lr.id DESC) AS n_last",
            read=_DIALECT,
        ),
        copy=False,
    )
    inner = _render(ends)
    if plan.intent.aggregate == "first_last":
        sql = (
            f"SELECT e.collected_at, e.value_numeric, e.unit FROM ({inner}) AS e"
            " WHERE e.n_first = 1 OR e.n_last = 1 ORDER BY e.patient_id, e.collected_at"
        )
    else:
        sql = (
            f"SELECT l.value_numeric - f.value_numeric AS change, f.collected_at AS first_at,"
            f" f.value_numeric AS first_value, l.collected_at AS last_at, l.value_numeric AS last_value, l.unit"
            f" FROM ({inner}) AS f JOIN ({inner}) AS l ON l.patient_id = f.patient_id AND l.n_last = 1"
            " WHERE f.n_first = 1 ORDER BY f.patient_id"
        )
    parsed = sqlglot.parse_one(sql, read=_DIALECT)
    assert isinstance(parsed, exp.Select)
    return parsed


def build_sql(plan: Plan) -> str:
    """The final SELECT for `plan` as PostgreSQL text."""
    return _render(build_query(plan))


_PER_PATIENT = re.compile(r"each|every|per patient|каждо|кожн|cada|всех пациентов|усіх пацієнтів")


def _per_patient(intent: Intent) -> bool:
    """'latest X for each patient' → one row per patient; otherwise the single latest row."""
    return _PER_PATIENT.search(intent.question.lower()) is not None
