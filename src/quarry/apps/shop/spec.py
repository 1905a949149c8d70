"""How `shop` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec

SPEC = AppSpec(
    name="shop",
    title="Shop (فروشگاه)",
    summary="Persian/English catalogue assistant: product lookup, features, seller statistics (POST /chat).",
    package="quarry.apps.shop",
    cli="quarry.apps.shop.cli:cli",
    router="quarry.apps.shop.api:router",
    ui_tab="quarry.apps.shop.ui:shop_tab",
    prepare="quarry.apps.shop.setup:prepare",
    warm="quarry.apps.shop.setup:warm",
    evaluate="quarry.apps.shop.evaluate:run_eval",
    blind="quarry.apps.shop.blind:graders",
    css="""
#shop-chat { direction: rtl; }
#shop-candidates table, #shop-trace table { width: 100%; font-size: 0.85em; }
""",
    retained=(("shop_chats", "updated_at"),),
)
MIGRATIONS = SPEC.migrations
