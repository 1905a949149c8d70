"""Patient data (issue 11): vague questions get a clarification, audits keep no rows, old
audit and conversation rows are pruned."""

from __future__ import annotations

import asyncio
import json

import pytest

from quarry import retention
from quarry.apps.labs.audit import result_sha256
from quarry.apps.labs.orchestrator import run
from quarry.apps.labs.spec import SPEC
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import load_test_data


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


def _patient_names(settings: Settings) -> list[str]:
    return [str(r["full_name"]) for r in get_database(settings).fetch_all("SELECT full_name FROM patients")]


@pytest.mark.parametrize("question", ["🏠🏠🏠", "hello", "?", "asdf qwerty", "привет"])
def test_a_question_naming_nothing_gets_a_clarification(labs_settings: Settings, question: str) -> None:
    # Before: every patient's results with names (1,000 rows).
    resp = asyncio.run(run(question, settings=labs_settings))
    assert resp.status == "clarify"
    assert resp.rows is None and resp.sql is None and resp.row_count is None
    assert resp.explanation and "?" in resp.explanation
    assert resp.log_id is not None


@pytest.mark.parametrize("question", ["cholesterol", "холестерин за последний год", "how many patients", "ferritn"])
def test_questions_with_something_to_look_up_are_answered(labs_settings: Settings, question: str) -> None:
    resp = asyncio.run(run(question, settings=labs_settings))
    assert resp.status == "ok", resp.error
    assert resp.sql


def test_audit_rows_keep_sql_counts_and_hash_but_no_patient_rows(labs_settings: Settings) -> None:
    db = get_database(labs_settings)
    names = _patient_names(labs_settings)
    resp = asyncio.run(run(f"cholesterol of {names[0]}", settings=labs_settings))
    assert resp.status == "ok" and resp.rows, resp.error
    run_row = db.fetch_one("SELECT response, trace FROM agent_runs WHERE app = 'labs' ORDER BY id DESC LIMIT 1")
    log_row = db.fetch_one("SELECT sql, metadata FROM sql_generation_logs WHERE id = :id", {"id": resp.log_id})
    assert run_row is not None and log_row is not None
    stored = json.dumps([run_row["response"], run_row["trace"], log_row["metadata"]], ensure_ascii=False)
    # The asked-for name is in the question and the SQL, which the audit keeps; no other
    # patient's name (a row of a lookup) may be there.
    assert not [name for name in names[1:] if name in stored], "patient rows reached the audit"
    digest = result_sha256(resp.columns, resp.rows)
    assert run_row["response"]["rows"] is None
    assert run_row["response"]["row_count"] == resp.row_count
    assert run_row["response"]["sql"] == resp.sql == log_row["sql"]
    assert run_row["response"]["result_sha256"] == digest == log_row["metadata"]["result_sha256"]
    # A name the server cannot resolve before the run is looked up by the model with exploratory
    # SQL: its result reaches the log as a count and a hash, never as rows.
    unknown = asyncio.run(run("cholesterol of Zorblax Quintero", settings=labs_settings))
    assert unknown.status == "clarify" and unknown.rows is None
    log_row = db.fetch_one("SELECT metadata FROM sql_generation_logs WHERE id = :id", {"id": unknown.log_id})
    assert log_row is not None
    explored = [i["results"] for i in log_row["metadata"]["iterations"] if i["tool"] == "execute_exploratory_sql"]
    assert explored, "the offline model looks the patient up with exploratory SQL"
    assert all("rows" not in r and (r.get("error") or r["result_sha256"]) for r in explored)


def test_retention_prunes_old_audit_and_conversations(labs_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    db = get_database(labs_settings)
    marker = "retention-test"
    db.execute("DELETE FROM agent_runs WHERE app = :a", {"a": marker})
    db.execute("DELETE FROM conversations WHERE app = :a", {"a": marker})
    db.execute("DELETE FROM sql_generation_logs WHERE question LIKE :q", {"q": f"{marker}-%"})
    for age in (40, 1):
        db.execute(
            "INSERT INTO agent_runs (app, request, created_at) VALUES (:app, :r, now() - make_interval(days => :d))",
            {"app": marker, "r": f"{age}", "d": age},
        )
        db.execute(
            "INSERT INTO sql_generation_logs (question, status, created_at)"
            " VALUES (:q, 'ok', now() - make_interval(days => :d))",
            {"q": f"{marker}-{age}", "d": age},
        )
        db.execute(
            "INSERT INTO conversations (session_id, app, updated_at)"
            " VALUES (:s, :app, now() - make_interval(days => :d))"
            " ON CONFLICT (app, owner, session_id) DO UPDATE SET updated_at = EXCLUDED.updated_at",
            {"s": f"{marker}-{age}", "app": marker, "d": age},
        )
    monkeypatch.setattr(retention, "_last_run", {})
    deleted = retention.maybe_prune(db, labs_settings.model_copy(update={"retention_days": 30}), tables=SPEC.retained)
    assert deleted is not None and all(deleted[t] >= 1 for t in ("agent_runs", "sql_generation_logs", "conversations"))
    assert [r["request"] for r in db.fetch_all("SELECT request FROM agent_runs WHERE app = :a", {"a": marker})] == ["1"]
    kept = db.fetch_all("SELECT question FROM sql_generation_logs WHERE question LIKE :q", {"q": f"{marker}-%"})
    assert [r["question"] for r in kept] == [f"{marker}-1"]
    sessions = db.fetch_all("SELECT session_id FROM conversations WHERE app = :a", {"a": marker})
    assert [r["session_id"] for r in sessions] == [f"{marker}-1"]
    # At most hourly: the next call in this process does nothing.
    assert retention.maybe_prune(db, labs_settings, tables=SPEC.retained) is None
    assert retention.prune(db, days=0) == {}  # 0 keeps everything
