"""Helpers for tests of the shop app: the migrated database with the default catalogue loaded."""

from __future__ import annotations

import asyncio
import uuid

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


def dialogue(*turns: str) -> ShopTurn:
    """Every turn of one new chat in order, through `POST /chat`'s own pipeline; the last turn's reply."""
    chat = f"t-{uuid.uuid4().hex}"
    replies = [ask(chat, text) for text in turns]
    return replies[-1]


def offer(db: Database, member_key: str) -> dict[str, object]:
    """The product, city, warranty and price of one offer (a member key a turn returned)."""
    row = db.fetch_one(
        "SELECT b.category_id, b.brand_id, s.city_id, s.has_warranty, m.price, b.random_key AS base"
        " FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " JOIN shop.shops s ON s.id = m.shop_id WHERE m.random_key = :k",
        {"k": member_key},
    )
    assert row is not None, "the member key exists"
    return row


def one(text: str) -> ShopTurn:
    """A single question in a chat of its own, through `POST /chat`'s own pipeline."""
    return ask(f"t-{uuid.uuid4().hex}", text)


def key_of(db: Database, english_name: str) -> str:
    """The base key of the product named so in English (the catalogue's own row)."""
    return str(db.scalar("SELECT random_key FROM shop.base_products WHERE english_name = :n", {"n": english_name}))
