"""`quarry shop eval`: the labelled set is what the generator writes, and the offline targets hold."""

from __future__ import annotations

import asyncio
import uuid
from importlib import resources

import pytest

from quarry.apps.shop.authoring.eval_cases import build_cases
from quarry.apps.shop.evaluate import ShopCase, run_eval
from quarry.apps.shop.models import TextPart
from quarry.apps.shop.orchestrator import run
from quarry.db import Database
from quarry.evaluate import load_cases
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def test_committed_cases_are_the_generated_ones() -> None:
    folder = resources.files("quarry.apps.shop") / "data" / "eval"
    committed = load_cases(folder / "cases.jsonl", ShopCase)
    assert committed == build_cases()
    assert len(committed) >= 60
    assert {c.scenario for c in committed} >= {"scenario0", "specific_product", "feature", "seller_stats", "comparison"}


def test_comparison_returns_the_cheaper_product_via_parallel_calls(shop_db: Database) -> None:
    case = next(c for c in build_cases() if c.scenario == "comparison")
    turn = asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=case.turns[0])]))
    assert turn.base_random_keys == [case.base_key]
    tools = [s.tool for s in turn.trace if s.kind == "tool"]  # type: ignore[union-attr]
    assert tools == ["search_base_products"] * 2 + ["get_seller_statistics"] * 2


@pytest.mark.slow
@pytest.mark.timeout(1800)  # the report grades every blind round too; each new round adds to it
def test_offline_targets(shop_db: Database) -> None:
    report = run_eval(progress=False)
    assert report.metric("scenario0_exact") == 1.0
    assert report.metric("lookup_top1") >= 0.9, report.misses
    assert report.metric("numeric_exact") == 1.0, report.misses
    assert report.metric("multiturn_success") >= 0.8, report.misses
    assert report.metric("router_accuracy") >= 0.9
