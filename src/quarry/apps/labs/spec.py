"""How `labs` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec, Conversation

SPEC = AppSpec(
    name="labs",
    title="Labs",
    summary="Lab results: questions in any language → one safe, validated SQL query.",
    package="quarry.apps.labs",
    cli="quarry.apps.labs.cli:cli",
    ui_tab="quarry.apps.labs.ui:labs_tab",
    prepare="quarry.apps.labs.setup:prepare",
    warm="quarry.apps.labs.setup:warm",
    evaluate="quarry.apps.labs.evaluate:run_eval",
    conversation=Conversation(
        run="quarry.apps.labs.conversation:answer",
        request="quarry.apps.labs.models:GenerateRequest",
        response="quarry.apps.labs.models:LabsResponse",
        path="/api/sql/generate",
        message="question",
        render="quarry.apps.labs.render:render_text",
        failed="quarry.apps.labs.conversation:failed",
        anonymous=False,
        rate_limit="labs_rate_limit_per_minute",
        roles=("patient", "clinician", "admin"),
        cases="quarry.apps.labs.evaluate:in_sample",
        summary="One question (any language) → one validated read-only SELECT, its explanation, the rows when "
        "`execute` is true, and the full tool-call log.",
    ),
    blind="quarry.apps.labs.blind:graders",
    retained=(("sql_generation_logs", "created_at"),),
)
MIGRATIONS = SPEC.migrations
