"""Who is asking: the one description of a caller every turn receives, whatever door it came in by."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from quarry.auth.principal import ANONYMOUS, LOCAL_ADMIN, Principal

Channel = Literal["http", "ui", "cli", "eval"]


@dataclass(frozen=True)
class Caller:
    """The caller of one turn."""

    channel: Channel
    address: str | None = None
    """The client's network address (after trusted proxies) over HTTP and the UI; None locally."""
    principal: Principal = ANONYMOUS
    """Whose key it sent (ANONYMOUS without one)."""


LOCAL = Caller("cli", principal=LOCAL_ADMIN)
"""A command on this machine: the local admin."""
EVAL = Caller("eval", principal=LOCAL_ADMIN)
"""The app's own evaluation."""


ANONYMOUS_CALLER = Caller("http")
_current: ContextVar[Caller] = ContextVar("quarry_caller", default=ANONYMOUS_CALLER)
"""The caller of the work in progress. The doors (HTTP route, UI handler, CLI) set it once per
turn; what runs inside reads it: the turn (whose conversation), the audit (who asked) and the
database (row-level security scope). It follows the work into asyncio tasks and into the worker
threads `Database.run` uses, since both copy the context. Unset, it is an anonymous caller: a
path that forgets to say who is calling gets the least."""


def current_caller() -> Caller:
    return _current.get()


def current_principal() -> Principal:
    return _current.get().principal


@contextmanager
def acting_as(caller: Caller) -> Iterator[Caller]:
    """Run the block on behalf of `caller`."""
    token = _current.set(caller)
    try:
        yield caller
    finally:
        _current.reset(token)


def act_as(caller: Caller) -> None:
    """Act for `caller` from here on in this context (a process's entry point: the CLI)."""
    _current.set(caller)


def conversation_owner(*, named: bool) -> str:
    """Whose conversations the current caller sees: its key's id; without a key, '' for ids the
    server issued (unguessable), the client's address for ids the client names (shop's chat_id)."""
    caller = current_caller()
    if not caller.principal.anonymous:
        return caller.principal.owner
    return f"addr:{caller.address}" if named and caller.address else ""
