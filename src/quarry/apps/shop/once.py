"""Work done once per turn.

The offline catalogue model reads the question again at each of its steps (`parse_question`),
and each reading asked the database which catalogue is loaded (`catalogue_words`). Neither
changes within one turn, so inside `one_turn()` each is computed once; outside it (the CLI's
helpers, tests calling them directly) every call computes afresh, as before.

>>> with one_turn():
...     once(("answer",), lambda: 42), once(("answer",), lambda: 0)
(42, 42)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_memo: ContextVar[dict[Hashable, Any] | None] = ContextVar("shop_turn_memo", default=None)
"""The current turn's results by key (None outside a turn). The dict itself is shared with the
worker threads the turn's steps run in (they copy the context, not the dict)."""


@contextmanager
def one_turn() -> Iterator[None]:
    """Within the block, `once` computes each key at most once."""
    token = _memo.set({})
    try:
        yield
    finally:
        _memo.reset(token)


def once(key: Hashable, make: Callable[[], T]) -> T:
    """`make()`, or what it returned for `key` earlier in this turn."""
    memo = _memo.get()
    if memo is None:
        return make()
    if key not in memo:
        memo[key] = make()
    result: T = memo[key]
    return result
