"""`quarry labs ...` as a user runs it (Typer runner, real Postgres test database)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from quarry.apps.labs.cli import cli
from quarry.cli import app as quarry_cli

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("labs_env")


def test_ask_json_contract() -> None:
    result = runner.invoke(quarry_cli, ["labs", "ask", "average cholesterol by year", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert {
        "status",
        "sql",
        "explanation",
        "rows",
        "row_count",
        "iterations",
        "tool_calls",
        "forced_completion",
        "timeout",
        "error",
    } <= set(body)
    assert body["status"] == "ok" and body["error"] is None
    assert {"tool", "params", "result_count", "ms"} <= set(body["tool_calls"][0])


def test_ask_text_output_shows_sql_and_tool_log() -> None:
    result = runner.invoke(quarry_cli, ["labs", "ask", "ТТГ за последний год"])
    assert result.exit_code == 0, result.output
    assert "SQL:" in result.stdout and "fuzzy_search_parameter_names" in result.stdout


def test_fuzzy_json_best_first() -> None:
    result = runner.invoke(cli, ["fuzzy", "витамин д", "--limit", "5", "--json"])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert 0 < len(hits) <= 5
    assert set(hits[0]) == {"parameter_name", "similarity_score"}
    scores = [h["similarity_score"] for h in hits]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fuzzy", "  "], "empty"),
        (["fuzzy", "x", "--limit", "0"], "--limit"),
        (["ingest", "--scale", "0"], "--scale"),
    ],
    ids=["empty-term", "bad-limit", "bad-scale"],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    from quarry.errors import BadInput

    result = runner.invoke(cli, args)
    assert isinstance(result.exception, BadInput) and message in result.exception.message


def test_validate_json() -> None:
    ok = runner.invoke(cli, ["validate", "SELECT count(*) FROM lab_results", "--json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout) == {"ok": True, "reasons": []}
    bad = runner.invoke(cli, ["validate", "DELETE FROM lab_results", "--json"])
    assert bad.exit_code == 1
    body = json.loads(bad.stdout)
    assert body["ok"] is False and body["reasons"]
