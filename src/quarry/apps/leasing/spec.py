"""How `leasing` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec, Conversation

SPEC = AppSpec(
    name="leasing",
    title="Commercial leasing",
    summary="Commercial leasing: routing, needs → units → tour holds, lease Q&A, triage, renewals.",
    package="quarry.apps.leasing",
    cli="quarry.apps.leasing.cli:cli",
    ui_tab="quarry.apps.leasing.ui:leasing_tab",
    admin_tab="quarry.apps.leasing.ui:leasing_admin_tab",
    prepare="quarry.apps.leasing.setup:prepare",
    warm="quarry.apps.leasing.setup:warm",
    evaluate="quarry.apps.leasing.evaluate:run_eval",
    conversation=Conversation(
        run="quarry.apps.leasing.conversation:answer",
        request="quarry.apps.leasing.conversation:LeasingMessage",
        response="quarry.apps.leasing.models:LeasingResponse",
        path="/api/leasing/message",
        message="text",
        session="session_id",
        session_out="session_id",
        spellings=(("tenant_id", "--tenant"),),
        errors=((404, "Unknown tenant."),),
        render="quarry.apps.leasing.render:render_text",
        cases="quarry.apps.leasing.evaluate:in_sample",
        summary="Route the message and answer it: {route, spec, matches, action_plan, lease_answer, triage, "
        "renewal, trace} (the parts that do not apply are null).",
    ),
    blind="quarry.apps.leasing.blind:graders",
    css="""
#leasing-cards table { width: 100%; font-size: 0.9em; }
#leasing-trace table { width: 100%; font-size: 0.85em; }
""",
    retained=(("leasing_feedback", "created_at"), ("leasing_tickets", "created_at")),
)
MIGRATIONS = SPEC.migrations
