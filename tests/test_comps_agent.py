"""The comps loop end to end on real data: contract, memory, strictness, providers and fallbacks."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import pytest

from quarry.apps.comps import tools
from quarry.apps.comps.models import CompFilters, CompsResponse
from quarry.apps.comps.orchestrator import run
from quarry.db import get_database
from quarry.errors import BadInput
from quarry.settings import Settings

from .local_openai import local_openai, tool_call_completion


def ask(*args: Any, **kwargs: Any) -> CompsResponse:
    """One comps turn from sync test code."""
    return asyncio.run(run(*args, **kwargs))


DEMO = "Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months"


def _independent_count(f: dict[str, Any]) -> int:
    """Count rows for the JSON filters with SQL written here, not by the app."""
    conds, params = ["TRUE"], {}
    for key, cond in (
        ("town", "town = :town"),
        ("flat_type", "flat_type = :flat_type"),
        ("floor_area_min", "floor_area_sqm >= :floor_area_min"),
        ("floor_area_max", "floor_area_sqm <= :floor_area_max"),
        ("min_remaining_lease_months", "remaining_lease_months >= :min_remaining_lease_months"),
        ("price_max", "resale_price <= :price_max"),
        ("flat_model", "flat_model = :flat_model"),
    ):
        if f.get(key) is not None:
            conds.append(cond)
            params[key] = f[key]
    if f.get("month_from"):
        conds.append("month >= :month_from")
        params["month_from"] = f["month_from"]
    if f.get("month_to"):
        conds.append("month <= :month_to")
        params["month_to"] = f["month_to"]
    mid = "(split_part(storey_range, ' TO ', 1)::int + split_part(storey_range, ' TO ', 2)::int) / 2.0"
    if f.get("storey_min") is not None:
        conds.append(f"{mid} >= :storey_min")
        params["storey_min"] = f["storey_min"]
    if f.get("storey_max") is not None:
        conds.append(f"{mid} <= :storey_max")
        params["storey_max"] = f["storey_max"]
    if f.get("street_names"):
        conds.append("street_name = ANY(CAST(:streets AS text[]))")
        params["streets"] = f["street_names"]
    return int(get_database().scalar(f"SELECT count(*) FROM hdb_resale WHERE {' AND '.join(conds)}", params))


def test_demo_prompt_end_to_end(db: None) -> None:
    resp = ask(DEMO)
    assert resp.action == "accept"
    assert 30 <= resp.count <= 200
    assert resp.target.town == "SENGKANG" and resp.target.flat_type == "4 ROOM"
    f = resp.filters.model_dump()
    assert resp.count == _independent_count(f) == resp.stats.count
    assert resp.stats.p25 is not None and resp.stats.median is not None and resp.stats.p75 is not None
    assert resp.stats.p25 <= resp.stats.median <= resp.stats.p75
    assert len(resp.results) == 20 and all(r.town == "SENGKANG" and r.flat_type == "4 ROOM" for r in resp.results)
    assert [r.score for r in resp.results] == sorted(r.score for r in resp.results)
    steps = [t.step for t in resp.trace]
    assert steps[0] == "target" and "planner" in steps and "fetch" in steps
    assert all(t.retrieval_mode in ("structured", "hybrid", "none") for t in resp.trace)
    assert resp.trace[0].model == "offline:comps-target"
    row = get_database().fetch_one(
        "SELECT app, action, jsonb_array_length(trace) AS n FROM agent_runs WHERE id = :i", {"i": resp.run_id}
    )
    assert row == {"app": "comps", "action": "accept", "n": len(resp.trace)}


def test_street_hint_uses_hybrid_and_infers_town(db: None) -> None:
    resp = ask("Find comps for 4-room near Compassvale, ~95 sqm, last 12 months")
    assert resp.target.town == "SENGKANG"
    fetch = next(t for t in resp.trace if t.step == "fetch")
    assert fetch.retrieval_mode == "hybrid"
    assert fetch.embedding_query == "Compassvale" and "Compassvale" in (fetch.lexical_query or "")
    assert "street_hint" in fetch.codes
    assert sum(r.street_name.startswith("COMPASSVALE") for r in resp.results[:10]) >= 5


def test_clarify_then_answer_keeps_constraints(db: None) -> None:
    first = ask("3-room, max 80 sqm, high floor, last 6 months")
    assert first.action == "clarify" and first.question
    assert next(t for t in first.trace if t.step == "planner").codes == ["missing_town"]
    second = ask("Bedok", session_id=first.session_id)
    assert second.action != "clarify"
    t = second.target
    assert (t.town, t.flat_type, t.floor_area_max, t.storey_preference, t.months_back) == (
        "BEDOK",
        "3 ROOM",
        80,
        "high",
        6,
    )
    assert second.filters.floor_area_max is not None and second.filters.floor_area_max >= 80
    assert second.count == _independent_count(second.filters.model_dump())
    third = ask("make it low floor", session_id=first.session_id)
    assert third.target.storey_preference == "low" and third.target.town == "BEDOK"


def test_sparse_answer_shows_what_exists_with_a_note(db: None) -> None:
    resp = ask("2-room in Clementi, at least 95 years remaining lease, last 3 months", strictness=1.0)
    assert resp.action == "sparse"
    assert resp.count < 30 and resp.note
    assert len(resp.results) == resp.count
    assert sum(1 for t in resp.trace if t.action == "relax") <= 4


def test_a_dropped_storey_filter_still_ranks_high_floors_first(db: None) -> None:
    # Only one 3-room above the 12th floor in Bishan sold under $500k in 2023: the planner drops
    # the storey filter, and the higher floors of what is left come first.
    resp = ask("3 room bishan below 500k high floor")
    assert any(t.action == "relax" and getattr(t, "adjustment", None) == "drop_storey" for t in resp.trace)
    rerank = next(t for t in resp.trace if t.step == "rerank")
    assert rerank.codes == ["relaxed_storey_ranks"]

    def mid(row: Any) -> float:
        lo, _, hi = row.storey_range.partition(" TO ")
        return (int(lo) + int(hi)) / 2

    shown = [mid(r) for r in resp.results]
    assert sum(shown[:5]) / 5 >= 10 > sum(shown) / len(shown)


def test_a_lowered_lease_minimum_still_ranks_the_longest_leases_first(db: None) -> None:
    # No 4-room in Bishan with 90 years left sold in 2023: the minimum is lowered step by step,
    # and the leases closest to the 90 asked for come first.
    resp = ask("4-room in Bishan, at least 90 years remaining lease")
    assert any(t.action == "relax" and getattr(t, "adjustment", None) == "lower_lease" for t in resp.trace)
    rerank = next(t for t in resp.trace if t.step == "rerank")
    assert rerank.codes == ["relaxed_lease_ranks"]
    years = [int(r.remaining_lease.split()[0]) for r in resp.results]
    assert min(years[:5]) >= max(years[5:])


def test_strictness_changes_the_size_band(db: None) -> None:
    strict = ask("4-room in Tampines ~100 sqm, last 3 months", strictness=1.0)
    loose = ask("4-room in Tampines ~100 sqm, last 3 months", strictness=0.0)
    first_count = next(t for t in strict.trace if t.step == "count").filters or {}
    loose_count = next(t for t in loose.trace if t.step == "count").filters or {}
    strict_width = first_count["floor_area_max"] - first_count["floor_area_min"]
    loose_width = loose_count["floor_area_max"] - loose_count["floor_area_min"]
    assert strict_width < loose_width


def test_bad_input_is_a_clear_error(db: None) -> None:
    with pytest.raises(BadInput, match="empty"):
        ask("   ")
    with pytest.raises(BadInput, match="strictness"):
        ask("4-room in Bedok", strictness=3)


@pytest.mark.slow
def test_cli_json_contract(db: None) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "comps", "ask", DEMO, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    data = json.loads(out.stdout)  # stdout is one JSON object and nothing else
    assert set(data) >= {
        "action",
        "question",
        "note",
        "session_id",
        "target",
        "count",
        "stats",
        "results",
        "trace",
        "filters",
    }
    assert set(data["filters"]) == set(CompFilters.model_fields)
    assert set(data["stats"]) == {"count", "median", "p25", "p75", "min", "max"}
    assert set(data["results"][0]) == {
        "month",
        "town",
        "flat_type",
        "block",
        "street_name",
        "storey_range",
        "floor_area_sqm",
        "flat_model",
        "remaining_lease",
        "resale_price",
        "score",
    }
    common = {"kind", "step", "action", "count", "retrieval_mode", "reason", "model", "ms", "filters_text"}
    assert all(set(step) >= common for step in data["trace"])
    by_kind = {step["kind"]: step for step in data["trace"]}
    assert {"filters"} <= set(by_kind["plan"]) and {"filters"} <= set(by_kind["sql"])
    assert {"adjustment"} <= set(by_kind["decision"])
    assert {"embedding_query", "lexical_query", "topk"} <= set(by_kind["retrieval"])
    assert data["count"] == _independent_count(data["filters"]) == data["stats"]["count"]
    assert data["target"]["flat_model"] is None


@pytest.mark.slow
def test_cli_bad_input_exits_nonzero_without_traceback(db: None) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "comps", "ask", " ", "--json"], capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0 and out.stdout == ""
    assert "error:" in out.stderr and "Traceback" not in out.stderr
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "comps", "ingest", "/nonexistent.csv"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode != 0 and "not found" in out.stderr and "Traceback" not in out.stderr


def test_http_search_and_errors(client: Any) -> None:
    ok = client.post("/api/comps/search", json={"query": DEMO})
    assert ok.status_code == 200 and ok.json()["action"] == "accept"
    for bad in ({"query": ""}, {"query": DEMO, "strictness": 2}, {}):
        resp = client.post("/api/comps/search", json=bad)
        assert resp.status_code == 422 and resp.json()["detail"]
    assert "/api/comps/search" in client.get("/openapi.json").json()["paths"]


def test_remote_model_answers_when_configured(db: None) -> None:
    target = {"town": "BEDOK", "flat_type": "4 ROOM", "months_back": 6}

    def handler(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        tool = body["tools"][0]["function"]["name"]
        if body["tools"][0]["function"]["parameters"]["properties"].get("action"):
            return 200, tool_call_completion("remote-test", tool, {"action": "accept", "reason": "fine"})
        return 200, tool_call_completion("remote-test", tool, target)

    with local_openai(handler) as (url, seen):
        s = Settings(openrouter_api_key="test-key", openrouter_base_url=url, openrouter_model_name="remote-test")
        resp = ask("four-room flats in Bedok, last 6 months", settings=s)
    assert seen and seen[0]["path"].endswith("/chat/completions")
    assert resp.target.town == "BEDOK" and resp.target.months_back == 6
    assert resp.trace[0].model == "remote-test" and resp.trace[0].reason is None


@pytest.mark.slow
def test_provider_failure_falls_back_to_offline(db: None) -> None:
    with local_openai(lambda p, b: (500, {"error": {"message": "upstream down"}})) as (url, seen):
        s = Settings(
            openrouter_api_key="test-key",
            openrouter_base_url=url,
            openrouter_model_name="broken",
            openrouter_fallback_models="also-broken",
        )
        resp = ask(DEMO, settings=s)
    models = {r["body"]["model"] for r in seen}
    assert models == {"broken", "also-broken"}  # the whole chain was tried
    assert resp.action == "accept" and resp.trace[0].model == "offline:comps-target"
    assert resp.trace[0].codes == ["model_fallback"]


def test_comps_count_tool_agrees_with_stats(db: None) -> None:
    f = CompFilters(town="BEDOK", flat_type="3 ROOM", month_from="2023-07", month_to="2023-12")
    assert (
        tools.count_candidates(get_database(), f)
        == tools.price_stats(get_database(), f).count
        == len(tools.all_prices(get_database(), f))
    )
