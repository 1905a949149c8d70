"""Agent core shared by every app: trace records, run audit, conversation memory."""

from quarry.agent.audit import record_run
from quarry.agent.memory import load_session, new_session_id, save_session
from quarry.agent.trace import RetrievalMode, Stopwatch, TraceStep, timed

__all__ = [
    "RetrievalMode",
    "Stopwatch",
    "TraceStep",
    "load_session",
    "new_session_id",
    "record_run",
    "save_session",
    "timed",
]
