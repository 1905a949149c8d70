"""`quarry.agent.refinement` on its own: a fake search tool over an in-memory list, agents driven by
inline `FunctionModel`s. The cases follow the seed's middleware (intercept, count, remember the
original and tried queries, judge, ask for a refinement, stop at 3, return the best)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from pydantic_ai import Agent, FunctionToolset
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.agent import Judgement, Refinement, RefinementState, SearchAttempt, SearchRefinement, SimilarityPolicy

ARCHIVE = [
    {"id": "A1", "text": "wayang kulit shadow puppet performance", "similarity": 0.9},
    {"id": "A2", "text": "terengganu batik", "similarity": 0.7},
    {"id": "A3", "text": "malaysian batik textiles", "similarity": 0.6},
    {"id": "A4", "text": "songket weaving", "similarity": 0.35},
    {"id": "A5", "text": "kite making wau", "similarity": 0.2},
]
SYNONYMS = {"shadow puppets": "wayang kulit"}

Step = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


def archive_search(query: str) -> list[dict[str, Any]]:
    """Items all of whose query words appear in their text (similarity as stored)."""
    words = query.lower().split()
    return [dict(item) for item in ARCHIVE if all(w in item["text"] for w in words)]


def other_tool(x: int) -> int:
    """Not a search: passes through."""
    return x * 2


def returns(messages: list[ModelMessage]) -> list[ToolReturnPart]:
    return [p for m in messages for p in m.parts if isinstance(p, ToolReturnPart)]


def caller(*queries: str, tool: str = "search") -> Step:
    """A model that calls `tool` with each query in turn (one per model turn), then answers."""

    def step(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        start = max(i for i, m in enumerate(messages) if any(isinstance(p, UserPromptPart) for p in m.parts))
        done = len(returns(messages[start:]))  # calls made in this run (earlier turns are history)
        if done < len(queries):
            return ModelResponse(parts=[ToolCallPart(tool, {"query": queries[done]})])
        return ModelResponse(parts=[TextPart("done")])

    return step


def agent_with(
    model_fn: Step,
    *,
    retry: str = "auto",
    policy: Any = None,
    max_attempts: int = 3,
    hook: Any = None,
) -> tuple[Agent[None, str], SearchRefinement]:
    toolset = SearchRefinement(
        FunctionToolset([archive_search, other_tool]),
        policy=policy or SimilarityPolicy(threshold=0.5, synonyms=SYNONYMS),
        tool_name="archive_search",
        retry=retry,  # type: ignore[arg-type]
        max_attempts=max_attempts,
        on_attempt=hook,
    )
    return Agent(FunctionModel(model_fn), toolsets=[toolset]), toolset


def run(agent: Agent[None, str], prompt: str = "find", history: list[ModelMessage] | None = None) -> Any:
    return asyncio.run(agent.run(prompt, message_history=history))


def last_return(result: Any) -> Any:
    return returns(result.new_messages())[-1].content


# 1
def test_relevant_first_attempt_returns_at_once() -> None:
    agent, ts = agent_with(caller("wayang kulit", tool="archive_search"))
    out = run(agent)
    assert [a.query for a in ts.turns[-1].attempts] == ["wayang kulit"]
    assert ts.turns[-1].attempts[0].strategy == "initial" and ts.turns[-1].found
    assert last_return(out)[0]["id"] == "A1"


# 2
def test_other_tools_pass_through_untouched() -> None:
    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if not returns(messages):
            return ModelResponse(parts=[ToolCallPart("other_tool", {"x": 21})])
        return ModelResponse(parts=[TextPart("done")])

    agent, ts = agent_with(model)
    out = run(agent)
    assert last_return(out) == 42 and ts.turns[-1].attempts == []


# 3
def test_original_query_is_the_first_call() -> None:
    agent, ts = agent_with(caller("Kelantan batik", tool="archive_search"))
    run(agent)
    state = ts.turns[-1]
    assert state.original_query == "Kelantan batik"
    assert state.queries_tried[0] == "Kelantan batik"


# 4
def test_empty_result_broadens_by_dropping_a_word() -> None:
    agent, ts = agent_with(caller("kelantan batik", tool="archive_search"))
    run(agent)
    attempts = ts.turns[-1].attempts
    assert [(a.query, a.strategy, a.verdict) for a in attempts] == [
        ("kelantan batik", "initial", "empty"),
        ("batik", "broaden", "relevant"),
    ]
    assert attempts[1].note == "broaden: 'kelantan batik' → 'batik'"


# 5
def test_weak_result_tries_synonyms() -> None:
    policy = SimilarityPolicy(threshold=0.95, synonyms={"songket": "wayang kulit"})
    agent, ts = agent_with(caller("songket", tool="archive_search"), policy=policy)
    run(agent)
    attempts = ts.turns[-1].attempts
    assert attempts[0].verdict == "weak" and attempts[1].strategy == "synonyms"
    assert attempts[1].query == "wayang kulit"


# 6
def test_weak_result_without_synonym_narrows() -> None:
    policy = SimilarityPolicy(threshold=0.95, context="weaving")
    agent, ts = agent_with(caller("songket", tool="archive_search"), policy=policy)
    run(agent)
    assert ts.turns[-1].attempts[1].strategy == "narrow"
    assert ts.turns[-1].attempts[1].query == "songket weaving"


# 7
def test_at_most_three_attempts() -> None:
    agent, ts = agent_with(caller("xyz abc def ghi", tool="archive_search"))
    run(agent)
    assert ts.turns[-1].attempt_count == 3 and not ts.turns[-1].found


# 8
def test_max_attempts_is_configurable() -> None:
    agent, ts = agent_with(caller("xyz abc def ghi", tool="archive_search"), max_attempts=1)
    run(agent)
    assert ts.turns[-1].attempt_count == 1
    with pytest.raises(ValueError):
        SearchRefinement(FunctionToolset([archive_search]), max_attempts=0)


# 9
def test_best_results_across_attempts_are_returned() -> None:
    class Scripted:
        """Never relevant; the second query finds the best item."""

        def judge(self, args: Any, result: Any) -> Judgement:
            best = max((r["similarity"] for r in result), default=None)
            return Judgement("weak" if result else "empty", best, len(result))

        def refine(self, state: RefinementState) -> Refinement | None:
            nxt = {1: "wayang kulit", 2: "songket"}[state.attempt_count]
            return Refinement({"query": nxt}, "synonyms")

    agent, ts = agent_with(caller("batik", tool="archive_search"), policy=Scripted())
    out = run(agent)
    state = ts.turns[-1]
    assert state.queries_tried == ["batik", "wayang kulit", "songket"]
    assert state.best is not None and state.best.query == "wayang kulit"
    assert last_return(out)[0]["id"] == "A1"


# 10
def test_nothing_left_to_try_stops_early() -> None:
    policy = SimilarityPolicy(context="")  # one word, no synonym, no context: no strategy applies
    agent, ts = agent_with(caller("zzz", tool="archive_search"), policy=policy)
    out = run(agent)
    state = ts.turns[-1]
    assert state.attempt_count == 1 and state.suggestion is None
    assert last_return(out) == []


# 11
def test_threshold_boundary_is_inclusive() -> None:
    agent, ts = agent_with(caller("malaysian", tool="archive_search"), policy=SimilarityPolicy(threshold=0.6))
    run(agent)
    assert ts.turns[-1].attempts[0].verdict == "relevant"
    assert ts.turns[-1].attempts[0].judgement.score == pytest.approx(0.6)


# 12
def test_model_mode_asks_the_model_to_refine_like_the_seed() -> None:
    seen: list[str] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        rs = returns(messages)
        if not rs:
            return ModelResponse(parts=[ToolCallPart("archive_search", {"query": "songket"})])
        if len(rs) == 1:
            seen.append(str(rs[0].content))
            return ModelResponse(parts=[ToolCallPart("archive_search", {"query": "wayang kulit"})])
        return ModelResponse(parts=[TextPart("done")])

    policy = SimilarityPolicy(threshold=0.5, synonyms={"songket": "wayang kulit"})
    agent, ts = agent_with(model, retry="model", policy=policy)
    out = run(agent)
    assert "generate a DIFFERENT refined query" in seen[0] and "['songket']" in seen[0]
    assert "Suggested (synonyms): 'wayang kulit'" in seen[0]
    attempts = ts.turns[-1].attempts
    assert [a.strategy for a in attempts] == ["initial", "synonyms"]  # the model took the suggestion
    assert last_return(out)[0]["id"] == "A1"


# 13
def test_model_mode_a_fourth_call_does_not_search() -> None:
    agent, ts = agent_with(caller("q1 x", "q2 x", "q3 x", "q4 x", tool="archive_search"), retry="model")
    out = run(agent)
    state = ts.turns[-1]
    assert state.queries_tried == ["q1 x", "q2 x", "q3 x"]
    assert [a.strategy for a in state.attempts] == ["initial", "model", "model"]
    assert last_return(out) == []  # the best of three empty attempts


# 14
def test_attempt_count_is_per_user_turn() -> None:
    agent, ts = agent_with(caller("xyz abc def", tool="archive_search"))
    first = run(agent, "first question")
    run(agent, "second question", history=first.all_messages())
    assert len(ts.turns) == 2
    assert [t.attempt_count for t in ts.turns] == [3, 3]
    assert ts.turns[1].original_query == "xyz abc def"


# 15
def test_every_attempt_is_reported_to_the_hook() -> None:
    seen: list[SearchAttempt] = []

    async def hook(a: SearchAttempt) -> None:
        seen.append(a)

    agent, _ = agent_with(caller("kelantan batik", tool="archive_search"), hook=hook)
    run(agent)
    assert [(a.number, a.verdict) for a in seen] == [(1, "empty"), (2, "relevant")]


# 16
@pytest.mark.parametrize(
    ("result", "verdict"),
    [
        ([], "empty"),
        ([{"similarity": 0.2}], "weak"),
        (("text", [{"similarity": 0.45}]), "relevant"),  # the seed's (formatted, archives) tuple
        ({"hits": [{"similarity": 0.41}]}, "relevant"),
    ],
    ids=["empty", "low", "seed-tuple", "mapping"],
)
def test_similarity_policy_reads_the_usual_result_shapes(result: Any, verdict: str) -> None:
    assert SimilarityPolicy().judge({"query": "q"}, result).verdict == verdict
