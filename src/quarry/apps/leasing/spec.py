"""How `leasing` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec

SPEC = AppSpec(
    name="leasing",
    title="Commercial leasing",
    summary="Commercial leasing: routing, needs → units → tour holds, lease Q&A, triage, renewals.",
    package="quarry.apps.leasing",
    cli="quarry.apps.leasing.cli:cli",
    router="quarry.apps.leasing.api:router",
    ui_tab="quarry.apps.leasing.ui:leasing_tab",
    prepare="quarry.apps.leasing.setup:prepare",
    warm="quarry.apps.leasing.setup:warm",
    evaluate="quarry.apps.leasing.evaluate:run_eval",
    blind="quarry.apps.leasing.blind:graders",
    css="""
#leasing-cards table { width: 100%; font-size: 0.9em; }
#leasing-trace table { width: 100%; font-size: 0.85em; }
""",
    retained=(("leasing_feedback", "created_at"), ("leasing_tickets", "created_at")),
)
MIGRATIONS = SPEC.migrations
