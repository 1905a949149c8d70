"""Agent core shared by every app: running agents, trace records, run audit, conversation memory."""

from quarry.agent.audit import record_run
from quarry.agent.memory import load_session, new_session_id, resume_session, save_session, store_session
from quarry.agent.refinement import (
    Judgement,
    Refinement,
    RefinementPolicy,
    RefinementState,
    SearchAttempt,
    SearchRefinement,
    SimilarityPolicy,
)
from quarry.agent.runner import AgentFailed, AgentRun, model_note, run_agent
from quarry.agent.tooltrace import ToolTrace, recording_tools, result_size
from quarry.agent.trace import (
    TRACE_ADAPTER,
    DecisionStep,
    PlanStep,
    RetrievalMode,
    RetrievalStep,
    SqlStep,
    Stopwatch,
    ToolStep,
    TraceStep,
    timed,
)

__all__ = [
    "TRACE_ADAPTER",
    "AgentFailed",
    "AgentRun",
    "DecisionStep",
    "Judgement",
    "PlanStep",
    "Refinement",
    "RefinementPolicy",
    "RefinementState",
    "RetrievalMode",
    "RetrievalStep",
    "SearchAttempt",
    "SearchRefinement",
    "SimilarityPolicy",
    "SqlStep",
    "Stopwatch",
    "ToolStep",
    "ToolTrace",
    "TraceStep",
    "load_session",
    "model_note",
    "new_session_id",
    "record_run",
    "recording_tools",
    "result_size",
    "resume_session",
    "run_agent",
    "save_session",
    "store_session",
    "timed",
]
