"""Blind grader of `quarry labs eval`: questions written by someone who never saw this code,
labelled with gold SQL. An answer is right when its rows hold the gold answer (every gold
column matched by a column with the same values, extra columns allowed; the order when asked);
a clarification is right when it asks back and no SQL ran, a refusal when it refuses (status
"refused") and no SQL ran.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from quarry.db import get_database
from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets, evals_dir
from quarry.settings import Settings

from .evaluate_rows import EVAL_MAX_ROWS, norm_value, row_key, same_results

_TODAY = re.compile(r"\bcurrent_date\b|\bnow\(\)", re.IGNORECASE)


def graders(settings: Settings) -> GraderSets:
    """Each listed round against the data of the day it was written; the rest against the
    database in use."""
    listed = [(name, date.fromisoformat(str(v["anchor"]))) for name, v in sorted(_data_days().items())]
    return [*((name, labs_grader(settings, day)) for name, day in listed), ("round", labs_grader(settings))]


def _data_days() -> dict[str, Any]:
    path = evals_dir() / "blind" / "labs" / "data.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def data_of_day(settings: Settings, day: date) -> Settings:
    """Settings for a database on the same server holding the demo data generated for `day`
    (made on first use)."""
    from .ingest import DEMO_RESULTS, has_data, ingest

    name = f"quarry_labs_blind_{day:%Y%m%d}"
    there = settings.model_copy(update={"database_url": get_database(settings).sibling_url(name)})
    held = int(get_database(there).scalar("SELECT count(*) FROM lab_results") or 0) if has_data(there) else 0
    if held != DEMO_RESULTS:
        ingest(DEMO_RESULTS, seed=42, anchor=day, settings=there)
    return there


def _columns(rows: list[list[Any]], places: int = 2) -> list[Counter[str]]:
    width = len(rows[0]) if rows else 0
    return [Counter(repr(_at(r[i], places)) for r in rows) for i in range(width)]


def _at(value: Any, places: int) -> Any:
    """`norm_value`, with numbers rounded half-up to `places` decimals instead of two."""
    if places == 2 or isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return norm_value(value)
    step = Decimal(1).scaleb(-places)
    return str(Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP).quantize(Decimal("0.01")))


def _one_decimal(gold: list[list[Any]], k: int) -> bool:
    """The gold column was rounded to one decimal by its SQL (`round(avg(…), 1)`): every value a
    Decimal with exactly one decimal place. The product's two decimals are then read at one."""
    values = [r[k] for r in gold if r[k] is not None]
    return bool(values) and all(isinstance(v, Decimal) and v.as_tuple().exponent == -1 for v in values)


def _is_day(value: Any) -> bool:
    return isinstance(value, date) and not isinstance(value, datetime)


def _day(value: Any) -> Any:
    """A timestamp read as its day ("2026-03-05T09:57:00+00:00" → 2026-03-05)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, str) and len(value) >= 10 and value[4:5] == "-" and value[7:8] == "-":
        try:
            return date.fromisoformat(value[:10])
        except ValueError:
            return value
    return value


def answers_match(gold: list[list[Any]], predicted: list[list[Any]], *, ordered: bool) -> bool:
    """`_same_answer`, or a gold of one row of several values (a patient's "first and last" as two
    columns) said as that many rows in the same order (the first result, then the last): both
    layouts occur in the sets for the same question, and hold the same values."""
    predicted = _with_labels_read(predicted)
    if _same_answer(gold, predicted, ordered=ordered):
        return True
    if len(gold) == 1 and len(gold[0]) >= 2 and len(predicted) == len(gold[0]):
        return _same_answer([[v] for v in gold[0]], predicted, ordered=True)
    return False


_BAND = re.compile(r"^(?:<(\d+)|(\d+)\s*[-–]\s*\d+|(\d+)\+)$")


def _with_labels_read(rows: list[list[Any]]) -> list[list[Any]]:
    """`rows` with each label column also said the other ways writers say it: a month (its first
    day) as its number and as 'YYYY-MM'; an age band ('<40', '40-59', '60+') as its lower bound.
    The same months and bands; the sets write them all three ways."""
    if not rows:
        return rows
    extra: list[list[Any]] = [[] for _ in rows]
    for k in range(len(rows[0])):
        column = [_day(r[k]) for r in rows]
        if all(isinstance(v, date) and v.day == 1 for v in column):
            for out, v in zip(extra, column, strict=True):
                out += [v.month, f"{v.year}-{v.month:02d}"]
        bands = [_BAND.match(str(r[k])) if isinstance(r[k], str) else None for r in rows]
        if all(bands):
            for out, b in zip(extra, bands, strict=True):
                assert b is not None
                out.append(0 if b.group(1) else int(b.group(2) or b.group(3)))
    return [row + more for row, more in zip(rows, extra, strict=True)]


def _same_answer(gold: list[list[Any]], predicted: list[list[Any]], *, ordered: bool) -> bool:
    """True when `predicted` holds the gold answer: the same rows, where every gold column is matched
    by a predicted column with the same values (extra predicted columns, such as a name or a unit,
    are allowed), and the same row order when `ordered`. A gold column of days (`::date`) is matched
    by the days of a predicted column of timestamps: the same value, said to the day. A gold column
    its SQL rounded to one decimal is matched by a predicted column read at one decimal."""
    if len(gold) != len(predicted):
        return False
    if not gold:
        return True
    days = [bool(gold) and all(_is_day(r[i]) for r in gold if r[i] is not None) for i in range(len(gold[0]))]
    as_days = [[_day(v) for v in r] for r in predicted]
    pcols, dcols, p1cols = _columns(predicted), _columns(as_days), _columns(predicted, 1)
    gcols1 = _columns(gold, 1)
    picks: list[int] = []
    for k, gcol in enumerate(_columns(gold)):
        pool = dcols if days[k] else pcols
        if _one_decimal(gold, k):
            pool, gcol = p1cols, gcols1[k]
        match = next((i for i, c in enumerate(pool) if c == gcol and i not in picks), None)
        if match is None:
            return False
        picks.append(match)
    projected = [
        [(a if days[k] else r)[i] for k, i in enumerate(picks)] for r, a in zip(predicted, as_days, strict=True)
    ]
    one = [_one_decimal(gold, k) for k in range(len(gold[0]))]
    if any(one):
        projected = [[_at(v, 1) if one[k] else v for k, v in enumerate(row)] for row in projected]
        gold = [[_at(v, 1) if one[k] else v for k, v in enumerate(row)] for row in gold]
    if ordered:
        return [row_key(r) for r in gold] == [row_key(r) for r in projected]
    return same_results(gold, projected)


def labs_grader(settings: Settings, written: date | None = None) -> Grader:
    """`written`: the day the set was written; its records are answered against the data of that
    day (made on first use), and `current_date` in their gold SQL means that day."""
    from .orchestrator import run

    made: list[Settings] = []

    def where() -> Settings:
        if not made:
            made.append(settings if written is None else data_of_day(settings, written))
        return made[0]

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        rid, lang, expect = str(record["id"]), str(record.get("lang", "?")), str(record["expect"])
        here = where()
        db = get_database(here)
        resp = await run(str(record["question"]), settings=here, max_rows=EVAL_MAX_ROWS)
        ran = resp.rows is not None
        if expect == "clarify":
            ok = resp.status == "clarify" and not ran
            return BlindVerdict(id=rid, right=ok, group=lang, why="" if ok else f"{resp.status}, rows ran: {ran}")
        if expect == "refuse":
            ok = resp.status == "refused" and not ran
            return BlindVerdict(id=rid, right=ok, group=lang, why="" if ok else f"{resp.status}, rows ran: {ran}")
        gold_sql = str(record["gold_sql"])
        if written is not None:
            gold_sql = _TODAY.sub(f"date '{written.isoformat()}'", gold_sql)
        gold = [list(r.values()) for r in db.fetch_all(gold_sql)]
        if not ran or resp.rows is None:
            return BlindVerdict(id=rid, right=False, group=lang, why=f"{resp.status}: no rows ({resp.error or ''})")
        predicted = [[row.get(c) for c in resp.columns] for row in resp.rows]
        ok = answers_match(gold, predicted, ordered=record.get("compare") == "ordered")
        why = "" if ok else f"gold {len(gold)} rows, got {len(predicted)}"
        return BlindVerdict(id=rid, right=ok, group=lang, why=why)

    return grade
