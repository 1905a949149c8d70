"""The bundled archive corpus and its labelled evaluation sets, as typed records.

Data lives in `data/` next to this module (shipped in the wheel with the package):
`items.jsonl` (the corpus), `synonyms.json` (heritage synonym knowledge for the offline query
rewriter) and `eval/` (intent and search sets). See `data/SOURCE.md`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MediaType = Literal["image", "video", "document", "audio"]
Intent = Literal["HERITAGE_SEARCH", "UNCLEAR", "UNRELATED", "GREETING"]
MEDIA_TYPES: tuple[MediaType, ...] = ("image", "video", "document", "audio")
INTENTS: tuple[Intent, ...] = ("HERITAGE_SEARCH", "UNCLEAR", "UNRELATED", "GREETING")


class ArchiveItem(BaseModel):
    """One archive record: a photograph, film, sound recording or document."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    identifier: str = Field(pattern=r"^ARC-\d{6}$")
    title: str = Field(min_length=3)
    title_ms: str = Field(min_length=3)
    description: str = Field(min_length=20)
    tags: tuple[str, ...] = Field(min_length=1)
    media_type: MediaType
    place: str = Field(min_length=2)
    period: str = Field(min_length=2)
    year_from: int | None = Field(default=None, ge=1000, le=2100)
    year_to: int | None = Field(default=None, ge=1000, le=2100)
    collection: str = Field(min_length=2)
    rights: str = Field(min_length=2)
    topic: str = Field(min_length=2)

    @field_validator("tags")
    @classmethod
    def _tags_lower(cls, tags: tuple[str, ...]) -> tuple[str, ...]:
        for tag in tags:
            if not tag or tag != tag.strip().lower():
                raise ValueError(f"tag {tag!r} must be non-empty, trimmed and lower-case")
        if len(set(tags)) != len(tags):
            raise ValueError("duplicate tags")
        return tags

    @model_validator(mode="after")
    def _years_ordered(self) -> ArchiveItem:
        if self.year_from is not None and self.year_to is not None and self.year_from > self.year_to:
            raise ValueError(f"{self.identifier}: year_from {self.year_from} > year_to {self.year_to}")
        return self

    @property
    def word_count(self) -> int:
        return len(self.description.split())


class IntentCase(BaseModel):
    """A labelled message for intent classification (evaluation or nearest-neighbour examples)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str = Field(min_length=1)
    label: Intent
    lang: Literal["en", "ms"]


class SearchCase(BaseModel):
    """A search query with hand-labelled relevant item identifiers (graded)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    query: str = Field(min_length=1)
    lang: Literal["en", "ms"]
    kind: str
    relevant: tuple[str, ...] = Field(min_length=1)
    highly_relevant: tuple[str, ...] = ()
    filters: dict[str, str | int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _graded_subset(self) -> SearchCase:
        if not set(self.highly_relevant) <= set(self.relevant):
            raise ValueError(f"{self.id}: highly_relevant must be a subset of relevant")
        return self


class Synonyms(BaseModel):
    """Heritage synonym knowledge: interchangeable term groups and broader places/terms."""

    model_config = ConfigDict(frozen=True)

    description: str = ""
    groups: tuple[tuple[str, ...], ...]
    place_broader: dict[str, tuple[str, ...]]
    term_broader: dict[str, tuple[str, ...]]
    term_narrower: dict[str, tuple[str, ...]] = {}
    """A general concept → kinds of it ('seni bina' → mosque, palace, shophouse…)."""


def data_dir() -> Traversable:
    """The bundled data folder (works from a source checkout and from an installed wheel)."""
    return resources.files("quarry.apps.archive") / "data"


def _jsonl(path: Traversable) -> Iterator[dict[str, object]]:
    with path.open("r", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


@cache
def _items() -> tuple[ArchiveItem, ...]:
    return tuple(ArchiveItem.model_validate(row) for row in _jsonl(data_dir() / "items.jsonl"))


def load_items() -> list[ArchiveItem]:
    """All archive items from `data/items.jsonl`, in file order."""
    return list(_items())


def load_intent_eval() -> list[IntentCase]:
    """The intent evaluation set (`data/eval/intents.jsonl`)."""
    return [IntentCase.model_validate(r) for r in _jsonl(data_dir() / "eval" / "intents.jsonl")]


def load_intent_examples() -> list[IntentCase]:
    """Labelled examples for the nearest-neighbour intent classifier (`data/eval/intent_examples.jsonl`)."""
    return [IntentCase.model_validate(r) for r in _jsonl(data_dir() / "eval" / "intent_examples.jsonl")]


def load_search_eval() -> list[SearchCase]:
    """Search queries with graded relevant identifiers (`data/eval/search.jsonl`)."""
    return [SearchCase.model_validate(r) for r in _jsonl(data_dir() / "eval" / "search.jsonl")]


def load_synonyms() -> Synonyms:
    """Heritage synonym knowledge (`data/synonyms.json`)."""
    with (data_dir() / "synonyms.json").open("r", encoding="utf-8") as fh:
        return Synonyms.model_validate(json.load(fh))
