"""Blind grader of `quarry labs eval`: questions written by someone who never saw this code,
labelled with gold SQL. An answer is right when its rows hold the gold answer (every gold
column matched by a column with the same values, extra columns allowed; the order when asked);
a clarification is right when it asks back and no SQL ran, a refusal when it refuses (status
"refused") and no SQL ran.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from quarry.db import get_database
from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets
from quarry.settings import Settings

from .evaluate_rows import EVAL_MAX_ROWS, norm_value, row_key, same_results


def graders(settings: Settings) -> GraderSets:
    return [("round", labs_grader(settings))]


def _columns(rows: list[list[Any]]) -> list[Counter[str]]:
    width = len(rows[0]) if rows else 0
    return [Counter(repr(norm_value(r[i])) for r in rows) for i in range(width)]


def answers_match(gold: list[list[Any]], predicted: list[list[Any]], *, ordered: bool) -> bool:
    """True when `predicted` holds the gold answer: the same rows, where every gold column is matched
    by a predicted column with the same values (extra predicted columns, such as a name or a unit,
    are allowed), and the same row order when `ordered`."""
    if len(gold) != len(predicted):
        return False
    if not gold:
        return True
    pcols = _columns(predicted)
    picks: list[int] = []
    for gcol in _columns(gold):
        match = next((i for i, c in enumerate(pcols) if c == gcol and i not in picks), None)
        if match is None:
            return False
        picks.append(match)
    projected = [[r[i] for i in picks] for r in predicted]
    if ordered:
        return [row_key(r) for r in gold] == [row_key(r) for r in projected]
    return same_results(gold, projected)


def labs_grader(settings: Settings) -> Grader:
    from .orchestrator import run

    db = get_database(settings)

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        rid, lang, expect = str(record["id"]), str(record.get("lang", "?")), str(record["expect"])
        resp = await run(str(record["question"]), settings=settings, max_rows=EVAL_MAX_ROWS)
        ran = resp.rows is not None
        if expect == "clarify":
            ok = resp.status == "clarify" and not ran
            return BlindVerdict(id=rid, right=ok, group=lang, why="" if ok else f"{resp.status}, rows ran: {ran}")
        if expect == "refuse":
            ok = resp.status == "refused" and not ran
            return BlindVerdict(id=rid, right=ok, group=lang, why="" if ok else f"{resp.status}, rows ran: {ran}")
        gold = [list(r.values()) for r in db.fetch_all(str(record["gold_sql"]))]
        if not ran or resp.rows is None:
            return BlindVerdict(id=rid, right=False, group=lang, why=f"{resp.status}: no rows ({resp.error or ''})")
        predicted = [[row.get(c) for c in resp.columns] for row in resp.rows]
        ok = answers_match(gold, predicted, ordered=record.get("compare") == "ordered")
        why = "" if ok else f"gold {len(gold)} rows, got {len(predicted)}"
        return BlindVerdict(id=rid, right=ok, group=lang, why=why)

    return grade
