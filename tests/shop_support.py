"""Helpers for tests of the shop app: the migrated database with the default catalogue loaded."""

from __future__ import annotations

import asyncio

from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.setup import migrate_shop, prepare
from quarry.db import Database, get_database
from quarry.progress import SilentReporter
from quarry.settings import get_settings


def prepared_database() -> Database:
    """Migrate (core + shop) and load the default catalogue unless it is loaded (idempotent)."""
    settings = get_settings()
    db = get_database(settings)
    migrate_shop(db)
    prepare(db, settings, SilentReporter())
    return db


def ask(chat: str, text: str) -> ShopTurn:
    """One text turn of chat `chat`, through `POST /chat`'s own pipeline."""
    return asyncio.run(run(chat, [TextPart(type="text", content=text)]))
