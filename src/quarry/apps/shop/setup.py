"""`quarry demo` / first `quarry shop ask` hook: generate and load the catalogue unless one is loaded."""

from __future__ import annotations

from quarry.db import Database, migrate
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import ingest, loaded_size, refresh_offer_facts, refresh_product_words, refresh_term_df
from .narrow_search import refresh_category_offers


def migrate_shop(db: Database) -> list[str]:
    """Apply the core's and the shop's pending migrations (not other apps': the shop imports no app)."""
    from .spec import SPEC

    return migrate(db, [SPEC.migrations])


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Load the default catalogue (20k base products, 200k offers) when none is loaded; True when it loaded."""
    if loaded_size(db) is not None:
        # A catalogue loaded before these derived tables existed gets them now.
        with db.transaction(timeout_ms=0) as tx:
            if tx.scalar("SELECT NOT EXISTS (SELECT 1 FROM shop.term_df)"):
                refresh_term_df(tx)
            if tx.scalar("SELECT NOT EXISTS (SELECT 1 FROM shop.product_words)"):
                refresh_product_words(tx)
            if tx.scalar("SELECT NOT EXISTS (SELECT 1 FROM shop.offer_facts)"):
                refresh_offer_facts(tx)
            if tx.scalar("SELECT NOT EXISTS (SELECT 1 FROM shop.category_offers)"):
                refresh_category_offers(tx)
        return False
    ingest(db, reporter=reporter)
    return True


def warm(db: Database, settings: Settings) -> None:
    """Server start: load the Finglish dictionary (about a second), the catalogue's words (every
    feature key: ~50 ms), build the agents and run one product lookup (no writes)."""
    from . import orchestrator  # noqa: F401  (agents, vocabularies)
    from .agents import router_agent, single_turn_agent
    from .tools import search_base_products
    from .transliterate import load_dictionary
    from .vocab import catalogue_words

    # Loaded whatever words were converted before: each word's reading is remembered, the
    # dictionary is what takes the second.
    load_dictionary()
    catalogue_words(db)
    router_agent()
    single_turn_agent()
    search_base_products(db, "lenovo laptop")
