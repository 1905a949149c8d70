"""How `labs` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec

SPEC = AppSpec(
    name="labs",
    title="Labs",
    summary="Lab results: questions in any language → one safe, validated SQL query.",
    package="quarry.apps.labs",
    cli="quarry.apps.labs.cli:cli",
    router="quarry.apps.labs.api:router",
    ui_tab="quarry.apps.labs.ui:labs_tab",
    prepare="quarry.apps.labs.setup:prepare",
    warm="quarry.apps.labs.setup:warm",
    evaluate="quarry.apps.labs.evaluate:run_eval",
    blind="quarry.apps.labs.blind:graders",
    retained=(("sql_generation_logs", "created_at"),),
)
MIGRATIONS = SPEC.migrations
