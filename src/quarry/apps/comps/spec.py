"""How `comps` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec, Conversation

SPEC = AppSpec(
    name="comps",
    title="HDB comps",
    summary="HDB resale comparables: ranked comps, price stats, histogram, agent trace.",
    package="quarry.apps.comps",
    cli="quarry.apps.comps.cli:cli",
    ui_tab="quarry.apps.comps.ui:comps_tab",
    prepare="quarry.apps.comps.setup:prepare",
    warm="quarry.apps.comps.setup:warm",
    evaluate="quarry.apps.comps.evaluate:run_eval",
    conversation=Conversation(
        run="quarry.apps.comps.conversation:answer",
        request="quarry.apps.comps.conversation:CompsSearchRequest",
        response="quarry.apps.comps.models:CompsResponse",
        path="/api/comps/search",
        message="query",
        session="session_id",
        session_out="session_id",
        render="quarry.apps.comps.render:render_text",
        json="quarry.apps.comps.orchestrator:response_json",
        cases="quarry.apps.comps.evaluate:in_sample",
        summary="Ranked comps, price stats, the comp-set filters and the agent trace.",
    ),
    blind="quarry.apps.comps.blind:graders",
    css="""
#comps-trace table { width: 100%; font-size: 0.85em; }
#comps-trace th, #comps-trace td { white-space: nowrap; padding: 4px 8px; }
#comps-trace td:last-child { white-space: normal; min-width: 28em; }
#comps-summary h3 { margin-top: 0; }
""",
)
MIGRATIONS = SPEC.migrations
