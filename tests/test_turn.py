"""The core turn: concurrent turns on one session both land (compare-and-set save, retry on the
new state), an audit row per turn, a turn that asks not to save leaves the session alone."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel
from pydantic_ai.messages import ModelMessage, ModelRequest, UserPromptPart

from quarry.agent.memory import Session, StaleSession, load_session, resume_session, store_session
from quarry.agent.turn import TurnContext, TurnOutcome, run_turn
from quarry.db import get_database
from quarry.settings import get_settings
from quarry.setup import migrate_all

APP = "turn-test"


class Echo(BaseModel):
    said: list[str]
    run_id: int | None = None


def _said(messages: list[ModelMessage]) -> list[str]:
    return [
        p.content for m in messages for p in m.parts if isinstance(p, UserPromptPart) and isinstance(p.content, str)
    ]


def _body(text: str, *, pause: float = 0.0):  # type: ignore[no-untyped-def]
    async def body(ctx: TurnContext) -> TurnOutcome[Echo]:
        await asyncio.sleep(pause)  # every concurrent turn loads before any saves
        messages = [*ctx.history, ModelRequest(parts=[UserPromptPart(content=text)])]
        return TurnOutcome(Echo(said=_said(messages)), messages, {"n": len(messages)}, "echo", text, ("test",))

    return body


@pytest.fixture(scope="module")
def env():  # type: ignore[no-untyped-def]
    s = get_settings()
    db = get_database(s)
    migrate_all(db)
    db.execute("DELETE FROM conversations WHERE app = :a", {"a": APP})
    return db, s


def test_concurrent_turns_on_one_session_all_land(env) -> None:  # type: ignore[no-untyped-def]
    db, s = env
    first = asyncio.run(run_turn(APP, _body("m0"), db=db, settings=s, session_id=None))

    async def burst() -> list[int]:
        done = await asyncio.gather(
            *(run_turn(APP, _body(f"m{i}", pause=0.05), db=db, settings=s, session_id=first.session_id)
              for i in range(1, 9))
        )  # fmt: skip
        return [d.attempts for d in done]

    attempts = asyncio.run(burst())
    history, state = load_session(db, APP, first.session_id)
    said = _said(history)
    assert sorted(said) == sorted(f"m{i}" for i in range(9)), said
    assert said[0] == "m0" and state == {"n": 9}
    assert max(attempts) > 1  # the race really happened and was resolved by retrying
    version = db.scalar("SELECT version FROM conversations WHERE app = :a AND session_id = :s",
                        {"a": APP, "s": first.session_id}, write=True)  # fmt: skip
    assert version == 9


def test_a_save_over_an_old_version_is_refused(env) -> None:  # type: ignore[no-untyped-def]
    db, s = env
    done = asyncio.run(run_turn(APP, _body("a"), db=db, settings=s, session_id=None))
    loaded = resume_session(db, APP, done.session_id, ttl_hours=1)
    store_session(db, APP, loaded, [], {"winner": True})
    with pytest.raises(StaleSession):
        store_session(db, APP, loaded, [], {"loser": True})
    assert load_session(db, APP, done.session_id)[1] == {"winner": True}
    with pytest.raises(StaleSession):  # a new session created twice: the second insert loses
        store_session(db, APP, Session(done.session_id, owner=loaded.owner), [], {})


def test_each_turn_is_audited_and_a_no_save_turn_keeps_the_session(env) -> None:  # type: ignore[no-untyped-def]
    db, s = env
    done = asyncio.run(run_turn(APP, _body("kept"), db=db, settings=s, session_id=None))
    row = db.fetch_one("SELECT app, session_id, action, model FROM agent_runs WHERE id = :i",
                       {"i": done.run_id}, write=True)  # fmt: skip
    assert row == {"app": APP, "session_id": done.session_id, "action": "echo", "model": "test"}

    async def no_save(ctx: TurnContext) -> TurnOutcome[Echo]:
        return TurnOutcome(Echo(said=[]), [], {}, "refused", "x", save=False)

    asyncio.run(run_turn(APP, no_save, db=db, settings=s, session_id=done.session_id))
    assert _said(load_session(db, APP, done.session_id)[0]) == ["kept"]


def test_concurrent_comps_turns_keep_every_message(db: None) -> None:
    from quarry.apps.comps.orchestrator import run

    first = asyncio.run(run("4-room in Bedok"))

    async def burst() -> None:
        await asyncio.gather(*(run(t, session_id=first.session_id) for t in ("high floor", "last 6 months", "~95 sqm")))

    asyncio.run(burst())
    history, _ = load_session(get_database(get_settings()), "comps", first.session_id)
    assert sorted(_said(history)) == sorted(["4-room in Bedok", "high floor", "last 6 months", "~95 sqm"])
