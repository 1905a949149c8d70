"""Blind grader of `quarry archive eval`: sets written by someone who never saw this code.

Each record (a thread of turns) goes through the real turn. The last turn must have the
labelled intent; a search must return items, the first of them relevant and at least half of
them relevant (the label's SQL lists every relevant item); "nothing found" must return none, or return
only what a broadened search found once it dropped a stated place, period or media type and said so
(`relaxed`: the seed's broadening, "Kelantan batik" → Malaysian batik).
"""

from __future__ import annotations

from typing import Any

from quarry.db import Database, get_database
from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets
from quarry.settings import Settings

MIN_PRECISION = 0.5


def graders(settings: Settings) -> GraderSets:
    return [("round", archive_grader(get_database(settings), settings))]


def archive_grader(db: Database, settings: Settings) -> Grader:
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        rid, lang, expect = str(record["id"]), str(record.get("lang", "?")), str(record["expect"])
        thread = None
        resp = None
        for text in record["turns"]:
            resp = await run(text, thread_id=thread, settings=settings)
            thread = resp.thread_id
        assert resp is not None
        group = f"{lang} {expect}"
        if resp.intent != record["intent"]:
            return BlindVerdict(id=rid, right=False, group=group, why=f"intent {resp.intent} (want {record['intent']})")
        got = [h.identifier for h in resp.archives]
        if expect == "nothing_found":
            # Nothing matches what was asked. Items found only once a stated place, period or media type
            # was dropped, with the answer saying so (`relaxed`), are the seed's broadening, not a false match.
            said = bool(resp.relaxed)
            why = f"returned {len(got)} items" + (" (broadened, said)" if said else "") if got else ""
            return BlindVerdict(id=rid, right=not got or said, group=group, why="" if not got or said else why)
        if expect != "results":
            return BlindVerdict(id=rid, right=True, group=group)
        relevant = {next(iter(r.values())) for r in db.fetch_all(str(record["relevant_sql"]))}
        hits = sum(g in relevant for g in got)
        precision = hits / len(got) if got else 0.0
        ok = bool(got) and got[0] in relevant and precision >= MIN_PRECISION
        why = f"{hits}/{len(got)} relevant, first {'relevant' if got and got[0] in relevant else 'not relevant'}"
        return BlindVerdict(id=rid, right=ok, group=group, why="" if ok else why)

    return grade
