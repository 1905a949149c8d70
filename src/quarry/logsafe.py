"""Logging that never carries user text, SQL or SQL parameters.

An unexpected exception's message can quote the user's question, the generated SQL or its
parameters (patient ids, names). Operators need where it failed, not what was asked: the
log gets the exception type and the stack frames (file, line, function, source line of
our code), never `str(exc)`. SQLAlchemy's own messages omit parameters (`hide_parameters`
on every engine, see `quarry.db.database`).
"""

from __future__ import annotations

import logging
import traceback


def frames(exc: BaseException) -> str:
    """The traceback of `exc` (and its causes) without any exception message."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        tb = "".join(traceback.format_tb(current.__traceback__))
        parts.append(f"{type(current).__module__}.{type(current).__qualname__} (message withheld)\n{tb}")
        current = current.__cause__ or current.__context__
    return "caused by: ".join(parts)


def log_unexpected(logger: logging.Logger, where: str, exc: BaseException) -> None:
    """Log an unexpected failure for operators: type and frames, no user text."""
    logger.error("unexpected %s in %s\n%s", type(exc).__name__, where, frames(exc))


class RedactedTracebacks(logging.Filter):
    """Rewrites a record's traceback as `frames` (no exception messages) before any handler
    formats it: uvicorn logs "Exception in ASGI application" with the full exception, whose
    message may quote a user's question or SQL parameters."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}\n{frames(record.exc_info[1])}"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def redact_server_logs() -> None:
    """Route the web server's own error logs through `RedactedTracebacks` (once per process)."""
    for name in ("uvicorn.error", "uvicorn", "uvicorn.asgi"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactedTracebacks) for f in logger.filters):
            logger.addFilter(RedactedTracebacks())
