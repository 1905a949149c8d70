"""Blind grader of `quarry shop eval`: sets written by someone who never saw this code.

Each record is answered through `POST /chat`'s own pipeline (one chat per record) and judged on
the public contract's fields: the first base key (lookups, comparisons), the first member key
(dialogues, which must satisfy every constraint the user stated), no key at all (products not
in the catalogue, questions that must be asked back), or the number/value the message carries.
"""

from __future__ import annotations

import re
import uuid
from decimal import Decimal
from typing import Any

from quarry.db import Database, get_database
from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets
from quarry.nlu.text import plain
from quarry.settings import Settings

from .models import TextPart

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
NOT_RECORDED = ("not recorded", "ثبت نشده", "نامشخص", "موجود نیست")
YES = ("yes", "بله", "دارد", "آره", "بلی")
NO = ("no", "خیر", "ندارد", "نه")


def _norm(text: str) -> str:
    return plain(text).replace("ي", "ی").replace("ك", "ک").replace("\u200c", " ").lower().strip()


def _numbers(text: str) -> set[Decimal]:
    return {Decimal(n.replace(",", "")) for n in _NUMBER.findall(plain(text))}


def _values(db: Database, sql: str) -> list[Any]:
    return [next(iter(r.values())) for r in db.fetch_all(sql)]


_KINDS = {"not_found": "not_in_catalogue", "feature": "feature_value"}
"""Round 2's writer, who saw only round 1's first lines, named two kinds their own way; the records
stay as written and mean the same."""


def graders(settings: Settings) -> GraderSets:
    return [("round", shop_grader(get_database(settings), settings))]


def shop_grader(db: Database, settings: Settings) -> Grader:
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        rid, lang, expect = str(record["id"]), str(record.get("lang", "?")), record["expect"]
        kind = _KINDS.get(str(expect["kind"]), str(expect["kind"]))
        chat = f"blind-{uuid.uuid4().hex}"
        turn = None
        for text in record["turns"]:
            turn = await run(chat, [TextPart(type="text", content=text)], settings=settings)
        assert turn is not None
        base, member, message = turn.base_random_keys or [], turn.member_random_keys or [], turn.message or ""
        want = _values(db, str(expect["sql"]))
        ok, why = False, ""
        if kind in ("base_key", "comparison"):
            ok = bool(base) and base[0] in want
            why = f"base {base[:1]} (want one of {want[:3]})"
        elif kind == "member_key":
            ok = bool(member) and member[0] in want
            why = f"member {member[:1]} ({len(want)} offers satisfy the dialogue)"
        elif kind in ("not_in_catalogue", "clarify"):
            ok = not base and not member
            why = f"answered with keys {base[:1] or member[:1]}"
        elif kind == "number":
            target = round(Decimal(str(want[0]))) if want and want[0] is not None else None
            ok = target is not None and target in {round(n) for n in _numbers(message)}
            why = f"message {message[:60]!r} (want {target})"
        elif kind == "feature_value":
            value = _norm(str(want[0])) if want else ""
            recorded = value != "not recorded"
            ok = value in _norm(message) if recorded else any(w in _norm(message) for w in NOT_RECORDED)
            why = f"message {message[:60]!r} (want {want[:1]})"
        elif kind == "yes_no":
            words = set(re.findall(r"[^\W\d_]+", _norm(message)))
            yes, no = bool(words & set(YES)), bool(words & set(NO))
            ok = bool(want) and ((want[0] == "yes" and yes and not no) or (want[0] == "no" and no and not yes))
            why = f"message {message[:60]!r} (want {want[:1]})"
        return BlindVerdict(id=rid, right=ok, group=f"{lang} {kind}" if kind != "member_key" else f"{lang} dialogue",
                            why="" if ok else why)  # fmt: skip

    return grade
