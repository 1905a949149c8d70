"""`run_with_retry`: a failed run is tried once more; a timed-out one is not."""

from __future__ import annotations

import asyncio
import time

import pytest
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.agent import AgentFailed
from quarry.apps.shop.models import ShopAnswer
from quarry.apps.shop.retry import run_with_retry
from quarry.llm import output_call
from quarry.settings import get_settings


def _unused(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise AssertionError("the injected model answers, not the offline one")


def test_a_failed_run_is_tried_once_more() -> None:
    calls: list[int] = []

    def flaky(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("provider hiccup")
        return output_call(info, ShopAnswer(message="pong"))

    agent = Agent(output_type=ShopAnswer)
    run = asyncio.run(
        run_with_retry(agent, "ping", settings=get_settings(), offline=_unused, name="t", model=FunctionModel(flaky))
    )
    assert run.output.message == "pong" and len(calls) == 2


def test_a_timed_out_run_is_not_repeated() -> None:
    calls: list[int] = []

    def slow(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        calls.append(1)
        time.sleep(0.3)
        return output_call(info, ShopAnswer(message="late"))

    agent = Agent(output_type=ShopAnswer)
    with pytest.raises(AgentFailed) as caught:
        asyncio.run(
            run_with_retry(
                agent,
                "ping",
                settings=get_settings(),
                offline=_unused,
                name="t",
                model=FunctionModel(slow),
                timeout_s=0.05,
            )
        )
    assert caught.value.timeout and len(calls) == 1
