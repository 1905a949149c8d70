"""archive renderers and tab, without a browser: the cards and both response types as Markdown,
the attempts table, the "more like this" picker, and the tab building in a `gr.Blocks`."""

from __future__ import annotations

import asyncio

import gradio as gr
import pytest

from quarry.apps.archive.intent import NOT_FOUND, REPLIES
from quarry.apps.archive.models import ArchiveHit, ArchiveResponse, Attempt
from quarry.apps.archive.render import (
    NEAREST_HEADING,
    NOT_MATCHING,
    NOT_UNDERSTOOD,
    render_attempts_markdown,
    render_card_markdown,
    render_markdown,
    render_status_markdown,
    render_text,
    similar_choices,
)
from quarry.apps.archive.ui import QUICK_SEARCHES, archive_tab, ask, more_like_this, new_thread

WAYANG = ArchiveHit(
    identifier="ARC-000007",
    title="Wayang kulit Kelantan performance",
    title_ms="Persembahan wayang kulit Kelantan",
    summary="A dalang performs a night of wayang kulit in Kota Bharu.",
    tags=["wayang kulit", "shadow puppets", "kelantan"],
    media_type="video",
    place="Kota Bharu, Kelantan",
    period="1970s",
    year_from=1970,
    year_to=1979,
    collection="Performing Arts Film Collection",
    rights="Public domain",
    similarity=0.8912,
    matched_terms=["wayang", "kulit"],
    matched_fields=["title", "tags"],
)
BATIK = WAYANG.model_copy(
    update={
        "identifier": "ARC-000120",
        "title": "Terengganu batik block printing",
        "title_ms": "Batik cap Terengganu",
        "media_type": "image",
        "place": "Kuala Terengganu",
        "tags": ["batik", "terengganu"],
        "similarity": 0.8123,
        "matched_terms": [],
        "matched_fields": [],
        "collection": "Textiles Photographs",
        "rights": "CC BY 4.0",
    }
)


def results_response() -> ArchiveResponse:
    return ArchiveResponse(
        response_type="results",
        archives=[WAYANG],
        total=1,
        query="wayang kulit performances",
        intent="HERITAGE_SEARCH",
        attempts=[
            Attempt(
                query="wayang kulit performances",
                constraints="video",
                count=1,
                best_similarity=0.8912,
                verdict="relevant",
            )
        ],
        thread_id="t-1",
    )


def not_found_response() -> ArchiveResponse:
    return ArchiveResponse(
        response_type="message",
        query="batik",
        message=NOT_FOUND,
        intent="HERITAGE_SEARCH",
        attempts=[
            Attempt(query="Kelantan batik", constraints="place ~ Kelantan", count=0, verdict="empty"),
            Attempt(
                query="batik | kain",
                strategy="broaden",
                count=1,
                best_similarity=0.8123,
                verdict="weak",
                note="dropped place Kelantan",
            ),
        ],
        nearest=[BATIK],
        thread_id="t-2",
    )


def test_result_card_shows_every_field() -> None:
    card = render_card_markdown(WAYANG, rank=1)
    assert card.startswith("#### 1. Wayang kulit Kelantan performance\n*Persembahan wayang kulit Kelantan*")
    for part in (
        "**video**",
        "📍 Kota Bharu, Kelantan",
        "🗓 1970s",
        "similarity **0.891**",
        "`ARC-000007`",
        "A dalang performs a night of wayang kulit in Kota Bharu.",
        "🏛 Performing Arts Film Collection",
        "⚖️ Public domain",
        "tags: wayang kulit, shadow puppets, kelantan",
        "matched: wayang, kulit in title, tags",
    ):
        assert part in card, part
    assert NOT_MATCHING not in card


def test_results_response_markdown() -> None:
    md = render_markdown(results_response())
    assert md.splitlines()[0] == (
        "✅ **Results** · 1 item(s) for *wayang kulit performances* after 1 attempt(s) · intent `HERITAGE_SEARCH`"
    )
    assert render_card_markdown(WAYANG, rank=1) in md
    assert NEAREST_HEADING not in md and "> " not in md


def test_not_found_message_labels_nearest_items_as_not_matching() -> None:
    resp = not_found_response()
    md = render_markdown(resp)
    assert md.startswith("🔎 **No match** after 2 attempt(s)")
    assert f"> {NOT_FOUND.splitlines()[0]}" in md
    assert f"### {NEAREST_HEADING}" in md
    card = render_card_markdown(BATIK, rank=1, not_matching=True)
    assert card.startswith(f"#### 1. Terengganu batik block printing — ⚠️ _{NOT_MATCHING}_")
    assert "matched: meaning only (no query word)" in card
    assert card in md and md.index(NEAREST_HEADING) < md.index(card)
    assert similar_choices(resp) == [
        (f"Terengganu batik block printing · image · ARC-000120 ({NOT_MATCHING})", "ARC-000120")
    ]


def test_message_response_without_search() -> None:
    resp = ArchiveResponse(
        response_type="message", query="hello", message=REPLIES["GREETING"], intent="GREETING", thread_id="t-3"
    )
    md = render_markdown(resp)
    assert md.splitlines()[0] == "💬 **Message** · intent `GREETING` · no search ran"
    assert f"> {REPLIES['GREETING'].splitlines()[0]}" in md
    assert "####" not in md
    assert render_attempts_markdown(resp) == "intent **GREETING**: no search ran."
    assert similar_choices(resp) == []


def test_attempts_table_escapes_user_text() -> None:
    table = render_attempts_markdown(not_found_response())
    lines = table.splitlines()
    assert lines[2] == "| # | strategy | query | filters | items | best | verdict | note |"
    assert lines[4] == "| 1 | initial | Kelantan batik | place ~ Kelantan | 0 | – | empty |  |"
    assert lines[5] == "| 2 | broaden | batik \\| kain | none | 1 | 0.812 | weak | dropped place Kelantan |"


def test_tab_builds_without_a_database() -> None:
    with gr.Blocks() as demo:
        archive_tab()
    buttons = {b.value for b in demo.blocks.values() if isinstance(b, gr.Button)}
    assert set(QUICK_SEARCHES) <= buttons and {"Search", "More like this", "New thread"} <= buttons
    assert any(isinstance(b, gr.State) for b in demo.blocks.values())


@pytest.mark.filterwarnings("ignore:Pick an item first")
@pytest.mark.parametrize("picked", [None, ""])
def test_more_like_this_needs_a_pick(picked: str | None) -> None:
    out = asyncio.run(more_like_this(picked, "t-1"))
    assert len(out) == 6


@pytest.fixture(scope="module")
def archive_db() -> None:
    from quarry.apps.archive.ingest import ingest
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.settings import get_settings

    s = get_settings()
    ingest(get_database(s), get_embedder(s))


def test_tab_handlers_keep_the_thread_and_seed_more_like_this(archive_db: None) -> None:
    answer, attempts, raw, thread, pick, line = asyncio.run(ask(QUICK_SEARCHES[0], None))
    assert answer.startswith("✅ **Results**") and attempts.startswith("intent **HERITAGE_SEARCH**")
    assert raw["response_type"] == "results" and thread == raw["thread_id"] and thread in line
    assert isinstance(pick, gr.Dropdown) and len(pick.choices) == raw["total"]
    first = raw["archives"][0]["identifier"]
    follow = asyncio.run(ask("only videos", thread))
    assert follow[3] == thread
    similar = asyncio.run(more_like_this(first, thread))
    assert similar[3] == thread and similar[2]["intent"] == "HERITAGE_SEARCH"
    assert similar[2]["query"] != raw["query"]
    greeting = asyncio.run(ask("hello", thread))
    assert greeting[0].startswith("💬 **Message** · intent `GREETING`") and greeting[3] == thread
    reset = new_thread()
    assert reset[3] is None and "new thread" in reset[5]


def test_words_not_understood_and_places_asked_back_are_said_in_the_answer() -> None:
    said = results_response().model_copy(update={"not_understood": ["blorptastic"]})
    for out in (render_markdown(said), render_text(said)):
        assert NOT_UNDERSTOOD in out and "blorptastic" in out
    assert NOT_UNDERSTOOD not in render_markdown(results_response())
    asked = ArchiveResponse(
        response_type="message",
        query="old photos from Zorbaland",
        message="I have no archive items from 'Zorbaland'.",
        intent="HERITAGE_SEARCH",
        unresolved=["Zorbaland"],
        thread_id="t",
    )
    assert "Zorbaland" in render_status_markdown(asked) and "Zorbaland" in render_markdown(asked)
