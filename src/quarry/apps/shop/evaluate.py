"""`quarry shop eval`: the labelled set through the real turn path, figures by scenario type.

Cases: `data/eval/cases.jsonl` (generated from the catalogue by `authoring/eval_cases.py`: scenario 0,
specific products with realistic perturbations, features, seller statistics, comparisons,
images) and `data/eval/dialogues.jsonl` (hand-written multi-turn dialogues). Every case runs
through `orchestrator.run` on a fresh chat id, as POST /chat would; answers are compared
exactly with the labels (keys, feature values, digits). A dialogue succeeds when, within five
turns, a picked offer exists and satisfies every constraint of its label (checked in SQL).
"""

from __future__ import annotations

import asyncio
import base64
import time
import uuid
from collections import defaultdict
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, Field

from quarry.db import Database, get_database
from quarry.evaluate import EvalReport, Metric, latency_metrics, load_cases
from quarry.evaluate.blind import blind_figures
from quarry.llm import is_offline
from quarry.progress import RichReporter, SilentReporter
from quarry.settings import Settings, get_settings

from .models import ImagePart, MessagePart, ShopTurn, TextPart
from .orchestrator import run
from .prompts import VISION_OFFLINE_MESSAGE
from .setup import migrate_shop, prepare
from .tools import search_base_products

Scenario = Literal["scenario0", "specific_product", "feature", "seller_stats", "comparison", "exploration", "image"]


class ShopCase(BaseModel):
    """One labelled case: the user's turns and what a correct answer holds."""

    id: str
    scenario: Scenario
    turns: list[str] = Field(description="User turns in order (one for single-turn cases).")
    image: bool = Field(False, description="The (last) turn carries an image part.")
    route: str = Field(description="Expected route of the first turn: static | vision | single_turn | multi_turn.")
    base_key: str | None = None
    member_key: str | None = None
    message: str | None = Field(None, description="Exact expected message (features, digits, scenario 0).")
    constraints: dict[str, Any] | None = Field(
        None, description="Multi-turn: what the picked offer must satisfy (category_id, brand_id, city_id, …)."
    )


MAX_DIALOGUE_TURNS = 5
PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="
"""A one-pixel PNG: the image part of image cases (offline, only the hand-off is judged)."""


class Dialogue(BaseModel):
    """A hand-written multi-turn case: information turns, then the option number to pick."""

    id: str
    scenario: str = "exploration"
    turns: list[str]
    pick: str = Field(description="The reply that picks an option once options are shown («۲», '2').")
    route: str = "multi_turn"
    constraints: dict[str, Any] = Field(description="What the picked offer must satisfy.")


def _parts(case: ShopCase, text: str) -> list[MessagePart]:
    parts: list[MessagePart] = [TextPart(type="text", content=text)]
    if case.image:
        parts.append(ImagePart(type="image", content=PNG_1PX))
    return parts


def _correct(case: ShopCase, turn: ShopTurn) -> bool:
    if case.scenario == "scenario0":
        return (turn.message, turn.base_random_keys, turn.member_random_keys) == (
            case.message,
            [case.base_key] if case.base_key else None,
            [case.member_key] if case.member_key else None,
        )
    if case.scenario in ("specific_product", "comparison"):
        return turn.base_random_keys == [case.base_key]
    if case.scenario in ("feature", "seller_stats"):
        return turn.message == case.message
    if case.scenario == "image":
        offline = any(is_offline(step.model) for step in turn.trace if step.step == "vision")
        # Offline the only right answer is the honest message; a vision model must say something.
        return turn.route == "vision" and (turn.message == VISION_OFFLINE_MESSAGE if offline else bool(turn.message))
    return False


def _satisfies(db: Database, member_key: str, constraints: dict[str, Any]) -> bool:
    row = db.fetch_one(
        "SELECT b.category_id, b.brand_id, s.city_id, s.has_warranty, m.price, s.score"
        " FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " JOIN shop.shops s ON s.id = m.shop_id WHERE m.random_key = :k",
        {"k": member_key},
    )
    if row is None:
        return False
    for key, want in constraints.items():
        if key == "max_price":
            ok = row["price"] <= want
        elif key == "min_price":
            ok = row["price"] >= want
        elif key == "min_score":
            ok = row["score"] >= want
        else:
            ok = row[key] == want
        if not ok:
            return False
    return True


async def _dialogue(db: Database, d: Dialogue, s: Settings) -> tuple[bool, str, list[float], str]:
    """(success, why, per-turn ms, route of the first turn)."""
    chat = f"eval-{uuid.uuid4().hex}"
    ms: list[float] = []
    first_route = ""
    script = [*d.turns, d.pick]
    sent = 0
    while sent < MAX_DIALOGUE_TURNS and script:
        text = script.pop(0)
        started = time.perf_counter()
        turn = await run(chat, [TextPart(type="text", content=text)], settings=s)
        ms.append((time.perf_counter() - started) * 1000)
        sent += 1
        first_route = first_route or turn.route
        if turn.member_random_keys:
            ok = _satisfies(db, turn.member_random_keys[0], d.constraints)
            return ok, "" if ok else f"picked {turn.member_random_keys[0]} breaks {d.constraints}", ms, first_route
        if any(step.step == "options" for step in turn.trace) and script and script[0] != d.pick:
            script = [d.pick]  # options came early: answer them rather than the next scripted detail
    return False, f"no offer picked within {MAX_DIALOGUE_TURNS} turns", ms, first_route


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def in_sample() -> dict[str, list[Any]]:
    """The in-sample sets by name (`AppSpec.conversation.cases`)."""
    folder = resources.files("quarry.apps.shop") / "data" / "eval"
    return {
        "cases": load_cases(folder / "cases.jsonl", ShopCase),
        "dialogues": load_cases(folder / "dialogues.jsonl", Dialogue),
    }


def run_eval(*, settings: Settings | None = None, progress: bool = True) -> EvalReport:
    """Run every shop case and dialogue; figures by scenario type."""
    s = settings or get_settings()
    db = get_database(s)
    migrate_shop(db)
    rep = RichReporter() if progress else SilentReporter()
    folder = resources.files("quarry.apps.shop") / "data" / "eval"
    cases = load_cases(folder / "cases.jsonl", ShopCase)
    dialogues = load_cases(folder / "dialogues.jsonl", Dialogue)
    correct: dict[str, list[bool]] = defaultdict(list)
    ms: dict[str, list[float]] = defaultdict(list)
    routes: list[bool] = []
    misses: list[str] = []
    results: list[dict[str, Any]] = []

    async def go() -> None:
        for case in cases:
            started = time.perf_counter()
            turn = await run(f"eval-{uuid.uuid4().hex}", _parts(case, case.turns[0]), settings=s)
            ms[case.scenario].append((time.perf_counter() - started) * 1000)
            ok = _correct(case, turn)
            correct[case.scenario].append(ok)
            routes.append(turn.route == case.route)
            results.append({"id": case.id, "ok": ok, "route": turn.route, "message": turn.message,
                            "base_random_keys": turn.base_random_keys})  # fmt: skip
            if not ok:
                misses.append(f"{case.id}: got {turn.message!r} {turn.base_random_keys} (want "
                              f"{case.message or case.base_key or case.member_key})")  # fmt: skip
            rep.advance()
        for d in dialogues:
            ok, why, turn_ms, route = await _dialogue(db, d, s)
            correct["exploration"].append(ok)
            ms["exploration"].extend(turn_ms)
            routes.append(route == d.route)
            results.append({"id": d.id, "ok": ok, "turns": len(turn_ms)})
            if not ok:
                misses.append(f"{d.id}: {why}")
            rep.advance()

    with rep.running():
        prepare(db, s, rep)
        rep.phase("shop eval", total=len(cases) + len(dialogues))
        asyncio.run(go())
    search_ms: list[float] = []
    for case in cases:
        if case.scenario == "specific_product":
            started = time.perf_counter()
            search_base_products(db, case.turns[0])
            search_ms.append((time.perf_counter() - started) * 1000)
    metrics = [
        Metric(name="scenario0_exact", label="scenario 0 exact", value=_share(correct["scenario0"]), target="100 %"),
        Metric(name="lookup_top1", label="lookup top-1", value=_share(correct["specific_product"]), target="≥ 90 %"),
        Metric(name="feature_accuracy", label="feature answer accuracy", value=_share(correct["feature"])),
        Metric(
            name="numeric_exact", label="seller numeric exact", value=_share(correct["seller_stats"]), target="100 %"
        ),
        Metric(name="comparison_top1", label="comparison top-1", value=_share(correct["comparison"])),
        Metric(
            name="multiturn_success",
            label="multi-turn success (≤ 5 turns)",
            value=_share(correct["exploration"]),
            target="≥ 80 %",
        ),
        Metric(name="image_handoff", label="image hand-off answered", value=_share(correct["image"])),
        Metric(name="router_accuracy", label="router accuracy", value=_share(routes)),
        *latency_metrics([x for v in ms.values() for x in v], what="turn"),
        *latency_metrics(search_ms, what="search_base_products", target="≤ 30 ms at 1M offers (bench)"),
    ]
    for scenario, values in ms.items():
        metrics += latency_metrics(values, what=f"{scenario} turn")
    total = len(cases) + len(dialogues)
    breakdown = {"accuracy by scenario": {k: _share(v) for k, v in correct.items()}}
    from .blind import graders

    blind = asyncio.run(blind_figures("shop", graders(s), progress=progress))
    return EvalReport(
        app="shop",
        cases=total,
        metrics=metrics,
        breakdown=breakdown,
        misses=misses,
        results=results,
        headline="lookup_top1",
        blind=blind,
    )


def image_part() -> bytes:
    """The one-pixel PNG as bytes (tests)."""
    return base64.b64decode(PNG_1PX)
