"""Hostile input over HTTP and the CLI: never a 5xx or a traceback, and refused input writes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from quarry.inputs import clean_session_id, storable


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Labs's limit is shared through Postgres: earlier tests must not spend this test's budget."""
    from quarry.apps.labs.ratelimit import LIMITER
    from quarry.db import get_database
    from quarry.settings import get_settings

    LIMITER.reset(get_database(get_settings()))


ENDPOINTS = {"comps": ("/api/comps/search", "query"), "labs": ("/api/sql/generate", "question")}


def _json(text: str) -> bytes:
    return json.dumps(text).encode()


def _nested(depth: int) -> bytes:
    return b'{"query": ' + b"[" * depth + b"]" * depth + b"}"


# (case id, body bytes given the text field name, content type, statuses allowed)
HOSTILE: list[tuple[str, Callable[[str], bytes], str, set[int]]] = [
    ("nul", lambda f: b'{"%s": "4-room\\u0000 Bedok"}' % f.encode(), "application/json", {200}),
    ("only-nul", lambda f: b'{"%s": "\\u0000\\u0000"}' % f.encode(), "application/json", {422}),
    ("lone-surrogate", lambda f: b'{"%s": "Bedok \\ud800 flats"}' % f.encode(), "application/json", {200, 422}),
    ("c0-controls", lambda f: b'{"%s": "\\u0007\\u001b[2J flats"}' % f.encode(), "application/json", {200}),
    ("invalid-utf8", lambda f: b'{"%s": "Bedok \xff\xfe flats"}' % f.encode(), "application/json", {400, 422}),
    ("not-json", lambda f: b"query=Bedok", "application/json", {400, 422}),
    ("wrong-content-type", lambda f: b"query=Bedok", "application/x-www-form-urlencoded", {415, 422}),
    ("text-plain-json", lambda f: b'{"%s": "Bedok"}' % f.encode(), "text/plain", {415, 422}),
    ("wrong-type", lambda f: b'{"%s": ["Bedok"]}' % f.encode(), "application/json", {422}),
    ("deep-json", lambda f: _nested(100_000), "application/json", {400, 422}),
    ("five-mb", lambda f: b'{"%s": "%s"}' % (f.encode(), b"a" * 5_000_000), "application/json", {400, 422}),
    ("nine-mb", lambda f: b'{"%s": "%s"}' % (f.encode(), b"a" * 9_000_000), "application/json", {413}),
    ("empty-body", lambda f: b"", "application/json", {422}),
]


def _clinician() -> dict[str, str]:
    """labs answers only callers with a key: hostile bodies are tried as a clinician."""
    from quarry.auth.keys import create_key
    from quarry.db import get_database
    from quarry.settings import get_settings

    return {"Authorization": f"Bearer {create_key(get_database(get_settings()), 'clinician', name='hostile')[1]}"}


def _written(client: Any) -> tuple[int, int]:
    from quarry.db import get_database
    from quarry.settings import get_settings

    db = get_database(get_settings())
    return (
        int(db.scalar("SELECT count(*) FROM agent_runs") or 0),
        int(db.scalar("SELECT count(*) FROM conversations") or 0),
    )


@pytest.mark.parametrize("app", sorted(ENDPOINTS))
@pytest.mark.parametrize(("case", "body", "ctype", "allowed"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_http(
    client: Any,
    app: str,
    case: str,
    body: Callable[[str], bytes],
    ctype: str,
    allowed: set[int],
) -> None:
    path, field = ENDPOINTS[app]
    before = _written(client)
    headers = {"content-type": ctype, **(_clinician() if app == "labs" else {})}
    resp = client.post(path, content=body(field), headers=headers)
    assert resp.status_code in allowed, (case, resp.status_code, resp.text[:300])
    assert "Traceback" not in resp.text
    if resp.status_code >= 400:
        payload = resp.json()
        assert set(payload) == {"error", "detail"} and payload["detail"], payload
        assert _written(client) == before, f"{case}: a refused request wrote to the database"
    else:
        assert "\x00" not in resp.text and "\\u0000" not in resp.text


def test_bad_session_id_is_refused_and_writes_nothing(client: Any) -> None:
    before = _written(client)
    for sid in ("x" * 65, "a b", "a\u0000b", "../../etc", ""):
        resp = client.post("/api/comps/search", json={"query": "4-room in Bedok", "session_id": sid})
        assert resp.status_code in {400, 422}, (sid, resp.status_code)
        assert resp.json()["error"] == "BadInput"
    assert _written(client) == before


@pytest.mark.parametrize("text", ["   ", "\u0085", "\u00a0\u3000", "\ufeff", "\u200a\t"])
def test_text_without_a_visible_character_is_a_422_in_words(client: Any, text: str) -> None:
    # Spaces of every engine's idea of whitespace; the reason names the rule, not the regex.
    for path, body in (
        ("/api/comps/search", {"query": text}),
        ("/chat", {"chat_id": "c", "messages": [{"type": "text", "content": text}]}),
    ):
        resp = client.post(path, json=body)
        assert resp.status_code == 422, (path, text, resp.status_code)
        assert "must contain a visible character" in resp.json()["detail"] and "\\x" not in resp.json()["detail"]


def test_wrong_method_is_405(client: Any) -> None:
    resp = client.get("/api/comps/search")
    assert resp.status_code == 405
    assert resp.json()["error"] == "MethodNotAllowed"


def test_storable_removes_what_postgres_refuses() -> None:
    assert storable("a\x00b\ud800c\x07d\te\nf") == "abcd\te\nf"
    assert clean_session_id("abc_DEF-123") == "abc_DEF-123"
    with pytest.raises(Exception, match="session_id"):
        clean_session_id("x" * 1000)


def _cli(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LLM_PROVIDER": "offline"}
    return subprocess.run(
        [sys.executable, "-m", "quarry.cli", *args], capture_output=True, env=env, timeout=300, check=False
    )


@pytest.mark.usefixtures("db")
@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "ok"),
    [
        # Invalid UTF-8 in argv arrives as lone surrogates (surrogateescape): they are dropped.
        ((b"comps", b"ask", b"4-room in Bedok \xff\xfe"), True),
        (("comps", "ask", "\x07\x1b\x7f"), False),
        (("comps", "ask", "4-room in Bedok", "--session", "x" * 1000), False),
        (("comps", "ask", "4-room in Bedok", "--session", "a b"), False),
        (("labs", "ask", "\x01\x02"), False),
    ],
    ids=["invalid-utf8", "controls-only", "long-session", "spaced-session", "labs-controls-only"],
)
def test_hostile_cli(args: tuple[str | bytes, ...], ok: bool) -> None:
    before = _written(None)
    proc = _cli(*args)
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    if ok:
        assert proc.returncode == 0, err
    else:
        assert proc.returncode != 0 and err.strip(), (proc.returncode, err)
        assert _written(None) == before


@pytest.mark.usefixtures("db")
def test_jsonb_writers_store_text_postgres_would_refuse() -> None:
    from pydantic_ai.messages import ModelRequest, UserPromptPart

    from quarry.agent import record_run
    from quarry.agent.memory import load_session, save_session
    from quarry.agent.trace import ToolStep
    from quarry.db import get_database
    from quarry.settings import get_settings

    db = get_database(get_settings())
    step = ToolStep(step="lookup", tool="lookup\x00", args={"q\x00": "a\x00b\ud800"}, result_size=3, ms=1.0)
    run_id = record_run(
        db, app="test", request="x\x00y", session_id=None, action="a", model="m", ms=1.0,
        trace=[step], response={"answer": "n\x00ul"},
    )  # fmt: skip
    try:
        row = db.fetch_one("SELECT request, trace::text AS t, response::text AS r FROM agent_runs WHERE id = :i",
                           {"i": run_id})  # fmt: skip
        assert row is not None and row["request"] == "xy"
        assert "ab" in row["t"] and "\\u0000" not in row["t"] and '"nul"' in row["r"]
        save_session(db, "test", "nul-session", [ModelRequest(parts=[UserPromptPart("hi\x00there")])], {"k": "v\x00"})
        messages, state = load_session(db, "test", "nul-session")
        assert messages[0].parts[0].content == "hithere" and state == {"k": "v"}  # type: ignore[union-attr]
    finally:
        db.execute("DELETE FROM agent_runs WHERE id = :i", {"i": run_id})
        db.execute("DELETE FROM conversations WHERE app = 'test'")
