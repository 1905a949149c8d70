"""Search refinement: a PydanticAI toolset wrapper that retries a weak search (the seed's middleware).

`SearchRefinement` wraps any toolset holding a search tool. Every call of that tool is judged
by a pluggable `RefinementPolicy`; a weak or empty result is refined by the policy's next
strategy (broaden, narrow or synonyms) until one is relevant or `max_attempts` were made, and
the best result across the attempts is returned. Other tools pass through untouched.

    toolset = SearchRefinement(FunctionToolset([search]), policy=SimilarityPolicy())
    agent = Agent(model, toolsets=[toolset])
    await agent.run("Kelantan batik")
    toolset.turns[-1].queries_tried   # ['Kelantan batik', 'batik']

Two ways to retry (`retry`):
- `"auto"`: the wrapper runs the policy's refined query itself, inside the one tool call
  (deterministic; the model sees only the final, best result).
- `"model"`: as in the seed, the wrapper answers a weak attempt with a refinement request
  naming the queries tried and the policy's suggestion; the model makes the next call.

State is per agent run, i.e. per user turn: `for_run` starts a fresh `RefinementState`, so a
second question in a thread gets its own attempts. Each run's state is appended to `turns`
(shared by the per-run copies of one wrapper; use one wrapper per request when runs overlap).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from pydantic_ai import RunContext
from pydantic_ai.toolsets import AbstractToolset, ToolsetTool, WrapperToolset

Strategy = Literal["initial", "broaden", "narrow", "synonyms", "model"]
"""How an attempt's query was made: first call, a policy strategy, or the model's own rewrite."""
Verdict = Literal["relevant", "weak", "empty"]
"""Good enough to return, present but off-target, nothing at all."""
RetryMode = Literal["auto", "model"]
"""Who makes the refined call: the wrapper itself, or the model after a refinement request."""

MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class Judgement:
    """A policy's verdict on one search result."""

    verdict: Verdict
    score: float | None = None
    """Best similarity (or any higher-is-better score); ranks attempts when none is relevant."""
    count: int = 0
    """Items the search returned."""
    reason: str = ""
    """Why, in words (for the trace)."""


@dataclass(frozen=True)
class Refinement:
    """The next attempt a policy proposes."""

    args: dict[str, Any]
    """Complete arguments of the next search call."""
    strategy: Strategy
    note: str | None = None
    """What changed, in words ('dropped place Kelantan')."""


@dataclass
class SearchAttempt:
    """One search call of a turn."""

    number: int
    """1-based position in the turn."""
    query: str
    args: dict[str, Any]
    strategy: Strategy
    judgement: Judgement
    result: Any
    """What the wrapped tool returned."""
    note: str | None = None

    @property
    def verdict(self) -> Verdict:
        return self.judgement.verdict


@dataclass
class RefinementState:
    """Run state of one user turn (the seed's `SearchRefinementState`)."""

    original_query: str | None = None
    """The query of the first search call."""
    attempts: list[SearchAttempt] = field(default_factory=list)
    suggestion: Refinement | None = None
    """The policy's proposal after the last weak attempt (`retry="model"`)."""

    @property
    def attempt_count(self) -> int:
        return len(self.attempts)

    @property
    def queries_tried(self) -> list[str]:
        return [a.query for a in self.attempts]

    @property
    def best(self) -> SearchAttempt | None:
        """The first relevant attempt, else the one with the best score (earliest on ties)."""
        for a in self.attempts:
            if a.verdict == "relevant":
                return a
        scored = [a for a in self.attempts if a.judgement.count]
        if not scored:
            return self.attempts[0] if self.attempts else None
        return max(scored, key=lambda a: (a.judgement.score or 0.0, -a.number))

    @property
    def found(self) -> bool:
        """True when some attempt was judged relevant."""
        return any(a.verdict == "relevant" for a in self.attempts)


class RefinementPolicy(Protocol):
    """Judges a search result and proposes the next attempt (plain object, no framework)."""

    def judge(self, args: Mapping[str, Any], result: Any) -> Judgement:
        """How good `result` (of a call with `args`) is."""
        ...

    def refine(self, state: RefinementState) -> Refinement | Awaitable[Refinement | None] | None:
        """The next attempt after the last (weak or empty) one of `state`; None when nothing is left.
        May be awaitable: a policy that asks a language model to rewrite the query."""
        ...


AttemptHook = Callable[[SearchAttempt], Awaitable[None] | None]


def result_items(result: Any) -> list[Any]:
    """Items of a search result: a list, a (text, list) tuple as in the seed, or `.hits` / `.items`."""
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], list):
        return list(result[1])
    if isinstance(result, list):
        return result
    for name in ("hits", "items", "archives", "results"):
        value = result.get(name) if isinstance(result, Mapping) else getattr(result, name, None)
        if isinstance(value, list):
            return value
    return []


def _similarity(item: Any) -> float:
    value = item.get("similarity") if isinstance(item, Mapping) else getattr(item, "similarity", None)
    return float(value) if isinstance(value, int | float) else 0.0


@dataclass
class SimilarityPolicy:
    """The seed's policy: relevant when any item reaches `threshold`; rule-based rewrites.

    Empty → broaden (drop the first of several words: 'Kelantan batik' → 'batik'); weak →
    synonyms when `synonyms` knows a phrase of the query, else narrow (add `context`).
    """

    threshold: float = 0.4
    """Similarity an item must reach (the seed's 0.4 for text-embedding-004)."""
    synonyms: Mapping[str, str] = field(default_factory=dict)
    """Phrase → synonym ('shadow puppets' → 'wayang kulit'), lower case."""
    context: str = "traditional heritage"
    """Words a narrow step adds."""
    query_arg: str = "query"

    def judge(self, args: Mapping[str, Any], result: Any) -> Judgement:
        items = result_items(result)
        if not items:
            return Judgement("empty", None, 0, "no results")
        best = max(_similarity(i) for i in items)
        ok = best >= self.threshold
        return Judgement("relevant" if ok else "weak", best, len(items), f"best similarity {best:.3f}")

    def refine(self, state: RefinementState) -> Refinement | None:
        last = state.attempts[-1]
        query = str(last.args.get(self.query_arg, ""))
        tried = {q.lower() for q in state.queries_tried}
        for strategy in self._order(last.verdict):
            new = self._rewrite(strategy, query)
            if new and new.lower() not in tried:
                return Refinement({**last.args, self.query_arg: new}, strategy, f"{strategy}: '{query}' → '{new}'")
        return None

    def _order(self, verdict: Verdict) -> tuple[Strategy, ...]:
        return ("broaden", "synonyms", "narrow") if verdict == "empty" else ("synonyms", "narrow", "broaden")

    def _rewrite(self, strategy: Strategy, query: str) -> str | None:
        words = query.split()
        if strategy == "broaden":
            return " ".join(words[1:]) if len(words) > 1 else None
        if strategy == "synonyms":
            low = query.lower()
            for phrase, other in self.synonyms.items():
                if re.search(rf"\b{re.escape(phrase)}\b", low):
                    return re.sub(rf"\b{re.escape(phrase)}\b", other, low)
            return None
        if strategy == "narrow":
            return f"{query} {self.context}" if self.context and self.context not in query else None
        return None


def refinement_request(state: RefinementState, suggestion: Refinement | None, query_arg: str = "query") -> str:
    """What the model reads after a weak attempt (`retry="model"`): the seed's message plus a suggestion."""
    last = state.attempts[-1]
    text = (
        f"Search found {last.judgement.count} results but they may not be relevant "
        f"({last.judgement.reason or last.verdict}). Previous queries tried: {state.queries_tried}. "
        f"Please analyze the original intent '{state.original_query}' and generate a DIFFERENT refined query. "
        "Consider: broadening terms, using synonyms, or adding cultural context."
    )
    if suggestion is not None:
        text += f" Suggested ({suggestion.strategy}): {suggestion.args.get(query_arg)!r}."
    return text


@dataclass
class SearchRefinement(WrapperToolset[Any]):
    """Wraps a toolset; calls of `tool_name` get judged, refined and retried (≤ `max_attempts`)."""

    policy: RefinementPolicy = field(default_factory=SimilarityPolicy)
    tool_name: str = "search"
    """The search tool to intercept; other tools pass through."""
    query_arg: str = "query"
    """The argument holding the query text."""
    max_attempts: int = MAX_ATTEMPTS
    retry: RetryMode = "auto"
    on_attempt: AttemptHook | None = None
    """Called after every attempt (streaming progress, traces)."""
    state: RefinementState = field(default_factory=RefinementState)
    """This run's state (a fresh one per run, see `for_run`)."""
    turns: list[RefinementState] = field(default_factory=list)
    """The state of every run of this wrapper, in order (shared by its per-run copies)."""

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")

    async def for_run(self, ctx: RunContext[Any]) -> AbstractToolset[Any]:
        """A copy with a fresh state: the attempt count is per run (per user turn)."""
        state = RefinementState()
        self.turns.append(state)
        return replace(self, wrapped=await self.wrapped.for_run(ctx), state=state)

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        if name != self.tool_name:
            return await self.wrapped.call_tool(name, tool_args, ctx, tool)
        state = self.state
        if state.attempt_count >= self.max_attempts:
            best = state.best
            return best.result if best is not None else None  # no 4th search: the best found stands
        args = dict(tool_args)
        strategy = self._strategy_of(args)
        note = state.suggestion.note if strategy not in ("initial", "model") and state.suggestion else None
        while True:
            attempt = await self._attempt(name, args, strategy, note, ctx, tool)
            if attempt.verdict == "relevant":
                return attempt.result
            proposed = self.policy.refine(state) if state.attempt_count < self.max_attempts else None
            suggestion = await proposed if inspect.isawaitable(proposed) else proposed
            state.suggestion = suggestion
            if suggestion is None:
                best = state.best
                return best.result if best is not None else attempt.result
            if self.retry == "model":
                return refinement_request(state, suggestion, self.query_arg)
            args, strategy, note = dict(suggestion.args), suggestion.strategy, suggestion.note

    def _strategy_of(self, args: Mapping[str, Any]) -> Strategy:
        if not self.state.attempts:
            return "initial"
        s = self.state.suggestion
        return s.strategy if s is not None and dict(s.args) == dict(args) else "model"

    async def _attempt(
        self,
        name: str,
        args: dict[str, Any],
        strategy: Strategy,
        note: str | None,
        ctx: RunContext[Any],
        tool: ToolsetTool[Any],
    ) -> SearchAttempt:
        state = self.state
        query = str(args.get(self.query_arg, ""))
        if state.original_query is None:
            state.original_query = query
        result = await self.wrapped.call_tool(name, args, ctx, tool)
        judgement = self.policy.judge(args, result)
        attempt = SearchAttempt(state.attempt_count + 1, query, args, strategy, judgement, result, note)
        state.attempts.append(attempt)
        if self.on_attempt is not None:
            done = self.on_attempt(attempt)
            if inspect.isawaitable(done):
                await done
        return attempt
