"""How `shop` plugs into the core (see `quarry.appspec`)."""

from quarry.appspec import AppSpec, Conversation

SPEC = AppSpec(
    name="shop",
    title="Shop (فروشگاه)",
    summary="Persian/English catalogue assistant: product lookup, features, seller statistics (POST /chat).",
    package="quarry.apps.shop",
    cli="quarry.apps.shop.cli:cli",
    ui_tab="quarry.apps.shop.ui:shop_tab",
    prepare="quarry.apps.shop.setup:prepare",
    warm="quarry.apps.shop.setup:warm",
    evaluate="quarry.apps.shop.evaluate:run_eval",
    conversation=Conversation(
        run="quarry.apps.shop.conversation:answer",
        request="quarry.apps.shop.contract:ChatRequest",
        response="quarry.apps.shop.models:ShopTurn",
        public="quarry.apps.shop.conversation:public_body",
        path="/chat",
        message="messages",
        parts="quarry.apps.shop.conversation:parts_of",
        session="chat_id",
        render="quarry.apps.shop.render:render_text",
        json="quarry.apps.shop.render:response_json",
        cases="quarry.apps.shop.evaluate:in_sample",
        summary="One user turn (its text/image parts) of chat `chat_id` → message and/or base/member random keys. "
        "History lives server-side per chat_id. Seller statistics come back as digits only in `message`.",
    ),
    blind="quarry.apps.shop.blind:graders",
    css="""
#shop-chat { direction: rtl; }
/* Example buttons and table cells hold Persian, Latin and mixed text. `unicode-bidi: plaintext`
   is CSS's dir="auto": each line takes its direction from its first strong letter, so
   «گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی» reads right to left and "Samsung Galaxy A54" left to right. */
#tab-shop :is(button, td, th), #tab-shop :is(button, td, th) * { unicode-bidi: plaintext; text-align: start; }
#shop-candidates table, #shop-trace table { width: 100%; font-size: 0.85em; }
""",
)
MIGRATIONS = SPEC.migrations
