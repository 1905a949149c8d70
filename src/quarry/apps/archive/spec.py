"""How `archive` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec, Conversation

SPEC = AppSpec(
    name="archive",
    title="Heritage archive",
    summary="Heritage archive search: intent guardrails, focused query, relevance check, up to 3 attempts.",
    package="quarry.apps.archive",
    cli="quarry.apps.archive.cli:cli",
    router="quarry.apps.archive.api:router",
    ui_tab="quarry.apps.archive.ui:archive_tab",
    prepare="quarry.apps.archive.setup:prepare",
    warm="quarry.apps.archive.setup:warm",
    evaluate="quarry.apps.archive.evaluate:run_eval",
    conversation=Conversation(
        run="quarry.apps.archive.conversation:answer",
        request="quarry.apps.archive.conversation:ArchiveSearchRequest",
        response="quarry.apps.archive.models:ArchiveResponse",
        path="/api/archive/search",
        message="message",
        session="thread_id",
        session_out="thread_id",
        render="quarry.apps.archive.render:render_text",
        cases="quarry.apps.archive.evaluate:in_sample",
        summary="Intent, up to 3 search attempts and the archive items (response_type results), or a message.",
    ),
    blind="quarry.apps.archive.blind:graders",
    css="""
#archive-results h4 { margin-bottom: 0.2em; }
#archive-trace table { width: 100%; font-size: 0.85em; }
""",
)
MIGRATIONS = SPEC.migrations
