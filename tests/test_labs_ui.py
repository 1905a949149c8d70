"""The Gradio tab builds and its handler renders a real answer (no browser needed)."""

from __future__ import annotations

import asyncio
import unicodedata

import gradio as gr
import pytest

from quarry.apps.labs.ui import LOG_HEADERS, ask, labs_tab

pytestmark = pytest.mark.usefixtures("labs_env")


@pytest.fixture
def key(labs_env: None) -> str:
    """A clinician's key in the labs test database: the labs tab answers only callers with one."""
    from quarry.auth.keys import create_key
    from quarry.db import get_database

    return create_key(get_database(), "clinician", name="labs ui tests")[1]


def test_without_a_key_the_tab_says_one_is_needed_and_runs_nothing() -> None:
    sql, summary, *_ = asyncio.run(ask("Покажи все мои результаты витамина Д за последний год", True))
    assert sql == "" and "needs a key" in summary


def test_tab_builds_inside_blocks() -> None:
    with gr.Blocks() as demo, gr.Tab("labs"):
        labs_tab()
    ids = {getattr(block, "elem_id", None) for block in demo.blocks.values()}
    assert {"labs-question", "labs-sql", "labs-chart", "labs-results", "labs-log"} <= ids


def test_handler_returns_sql_table_and_tool_log(key: str) -> None:
    sql, summary, chart, table, log, raw = asyncio.run(
        ask("Покажи все результаты витамина Д за последний год", True, key)
    )
    assert chart["visible"] is True and chart["value"] is not None  # values over time: a picture
    explanation, facts = summary.split("\n\n", 1)  # summary is explanation + run facts
    assert sql.startswith("SELECT") and "iteration(s)" in facts
    assert _script(explanation) == "CYRILLIC"  # explained in the question's language
    assert "витамин" in summary.lower()
    assert table["headers"][:2] == ["collected_at", "patient"]
    assert log["headers"] == LOG_HEADERS and log["data"][0][1] == "fuzzy_search_parameter_names"
    assert raw["status"] == "ok" and "rows" not in raw


def _script(text: str) -> str:
    """The script most letters of `text` are written in (CYRILLIC, LATIN, ARABIC...)."""
    names = [unicodedata.name(ch).split()[0] for ch in text if ch.isalpha()]
    return max(set(names), key=names.count)


def test_english_question_is_explained_in_english(key: str) -> None:
    _, summary, *_ = asyncio.run(ask("Show all vitamin D results for the last year", True, key))
    assert _script(summary.split("\n\n", 1)[0]) == "LATIN"


def test_a_single_count_gets_no_chart(key: str) -> None:
    _, _, chart, table, *_ = asyncio.run(ask("Скільки аналізів на феритин за останні 6 місяців?", True, key))
    assert len(table["data"]) == 1 and chart["visible"] is False


def test_handler_shows_bad_input_as_a_message(key: str) -> None:
    sql, summary, *_ = asyncio.run(ask("   ", True, key))
    assert sql == "" and "visible character" in summary


def test_sql_is_shown_pretty_but_unchanged(key: str) -> None:
    import sqlglot

    from quarry.apps.labs.render import pretty_sql

    sql = "SELECT count(DISTINCT patient_id) AS n FROM lab_results WHERE value_numeric > reference_high"
    shown = pretty_sql(sql)
    assert "\n" in shown
    assert sqlglot.parse_one(shown, read="postgres") == sqlglot.parse_one(sql, read="postgres")
    assert pretty_sql(None) == "" and pretty_sql("not sql (") == "not sql ("
