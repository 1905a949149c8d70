"""Offline intent classifier: rules over the message's words, then nearest neighbours.

Order (first that applies wins):
1. only greeting/courtesy words → GREETING ("hi, show me keris" is a search: it has a concept);
2. a task verb ('write me a poem about batik', 'where to buy songket') without a kind of media →
   UNRELATED: the user wants something done, not material found;
3. a heritage concept (synonym phrase or corpus tag) → HERITAGE_SEARCH;
4. an off-topic cue ('weather', 'cuaca', 'how to …') → UNRELATED, even beside a heritage concept
   ('how much is a plate of nasi kandar'), unless the message asks for a kind of media, a period
   or the archive's material ('vintage car photos from the 50s', 'buku resepi lama dlm arkib ni ada?').
   A window back from today ('who won the cup last year') is no such period. A word the items' titles or tags use is
   never a cue: the archive is about it ('surat', 'kereta', 'emas', 'moon');
5. a place the archive does not hold ("photos from Zorbaland"), with a media word or alone →
   HERITAGE_SEARCH (asked back by name, never searched without the place);
6. a place or a period the archive holds, and no word nobody reads → HERITAGE_SEARCH ('whats there
   from pahang', 'gambar tahun 50an'): the filter is the question;
7. nothing left after request, vague and media words → UNCLEAR ("show me something", "videos");
8. a kind of media and a subject → HERITAGE_SEARCH ('P. Ramlee movies'), and so is a subject asked
   after whether the archive holds it ('kaum Murut ada?', 'got anything on Qing Ming?'): a subject the
   archive does not hold is said back and nothing is found, it is not a vague request;
9. otherwise the labelled examples vote: k nearest by cosine over their embeddings. Their GREETING
   needs a greeting word in the message ('hmm' is UNCLEAR, not a greeting).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from quarry.search import fold

from .concepts import ArchiveWords, Parsed, bundled_words, is_function_word, parse_message, singular
from .corpus import Intent, IntentCase
from .vocab import (
    GREETING_WORDS,
    HOLDING_WORDS,
    HOW_TO,
    MATERIAL_CUES,
    OCCASION_WORDS,
    OFF_TOPIC_CUES,
    REQUEST_WORDS,
    STOPWORDS,
    TASK_WORDS,
    VAGUE_WORDS,
)

KNN_K = 5
"""Neighbours that vote when no rule decides."""

REPLIES: dict[Intent, str] = {
    "UNCLEAR": (
        "Could you please provide more details about what heritage materials you're looking for? For example, "
        "you could specify a type (batik, crafts, architecture), location, or time period."
    ),
    "UNRELATED": (
        "I can only help you search for heritage archive materials such as traditional crafts, cultural "
        "artifacts, historical documents, and cultural media. How can I assist you with heritage materials today?"
    ),
    "GREETING": (
        "Hello! I'm here to help you search our heritage archive. What cultural materials or historical items "
        "would you like to explore?"
    ),
}
"""The seed's reply templates for the intents that do not search."""

NOT_FOUND = (
    "I couldn't find relevant heritage materials matching your query. Try describing what you're looking for "
    "in different words, or browse our collection for inspiration."
)
"""The seed's message after the last attempt found nothing relevant."""

Embed = Callable[[str], np.ndarray]


@dataclass(frozen=True)
class Classified:
    """An intent and why."""

    intent: Intent
    reason: str
    parsed: Parsed


class IntentExamples:
    """Labelled examples and their (normalised) embeddings, for the nearest-neighbour vote."""

    def __init__(self, cases: Sequence[IntentCase], vectors: np.ndarray) -> None:
        self.labels: list[Intent] = [c.label for c in cases]
        self.texts = [c.text for c in cases]
        self.vectors = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)

    def vote(self, vec: np.ndarray, k: int = KNN_K) -> tuple[Intent, str]:
        sims = self.vectors @ (vec / max(float(np.linalg.norm(vec)), 1e-9))
        top = np.argsort(-sims)[:k]
        tally: dict[Intent, float] = {}
        for i in top:
            tally[self.labels[i]] = tally.get(self.labels[i], 0.0) + float(sims[i])
        label = max(tally, key=lambda k: tally[k])
        nearest = self.texts[int(top[0])]
        return label, f"{k} nearest examples vote {label} (closest: {nearest!r}, {float(sims[top[0]]):.2f})"


def _is_greeting(parsed: Parsed) -> bool:
    """Greeting and courtesy words and nothing else but function words ('terima kasih ya!', 'hey, how r u?').
    A request or vague word ('nak cari benda tu, yang hari tu') is no greeting."""
    if parsed.concepts or not parsed.constraints.is_empty():
        return False
    words = parsed.words
    if words and all(w in GREETING_WORDS for w in words):
        return True
    greeted = [w for w in words if w in GREETING_WORDS and w not in STOPWORDS]
    asking = [w for w in words if w in REQUEST_WORDS | VAGUE_WORDS and w not in GREETING_WORDS]
    return bool(greeted) and not asking and all(w in GREETING_WORDS or is_function_word(w) for w in words)


def off_topic_cue(parsed: Parsed, text: str, data: ArchiveWords | None = None) -> str | None:
    """The word or phrase that marks `text` as outside the archive, if any: a cue word no item's title
    or tags use, or a how-to phrasing."""
    subjects = (data or bundled_words()).subjects
    low = " " + fold(text) + " "
    previous = dict(zip(parsed.words[1:], parsed.words, strict=False))
    said = ((w, singular(w)) for w in parsed.words if previous.get(w) not in OCCASION_WORDS)
    cue = next((w for w, one in said if {w, one} & OFF_TOPIC_CUES and not {w, one} & subjects), None)
    return cue or next((p for p in HOW_TO if f" {p} " in low), None)


def task_verb(parsed: Parsed) -> str | None:
    """A verb asking for a task other than finding material, when no kind of media is asked for."""
    if parsed.constraints.names_media:
        return None
    return next((w for w in parsed.words if w in TASK_WORDS), None)


def classify(
    text: str, *, examples: IntentExamples | None = None, embed: Embed | None = None, data: ArchiveWords | None = None
) -> Classified:
    """Intent of one message (rules first; the example vote needs `examples` and `embed`), read against
    `data` (the archive's places and words; the bundled items' when None)."""
    parsed = parse_message(text, data)
    words = parsed.words
    c = parsed.constraints
    if not words:
        return Classified("UNCLEAR", "no words", parsed)
    if _is_greeting(parsed):
        return Classified("GREETING", "only greeting words", parsed)
    if task := task_verb(parsed):
        return Classified("UNRELATED", f"asks for a task ({task!r}), not for material", parsed)
    cue = off_topic_cue(parsed, text, data)
    if parsed.concepts and not cue:
        return Classified("HERITAGE_SEARCH", f"heritage concept: {', '.join(parsed.concepts)}", parsed)
    # A window back from today ('who won the cup last year') dates news, not the archive's material.
    dated = c.has_years and not parsed.rolling
    material = bool(c.names_media or dated or set(words) & MATERIAL_CUES)
    if parsed.concepts and cue:
        # A service asked about a heritage thing (a recipe, a price, a shop, a hotel, a route, who won) is
        # not a search for material, unless the message asks for material: a kind of media, a period,
        # or the archive and its old things ('resepi kek lapis dalam arkib ada tak', 'resepi kuih lama').
        if material:
            return Classified("HERITAGE_SEARCH", f"concept {parsed.concepts[0]!r} asked as material", parsed)
        return Classified("UNRELATED", f"asks a service ({cue!r}) about {parsed.concepts[0]!r}", parsed)
    if cue and material:
        return Classified("HERITAGE_SEARCH", f"asks for material (cue {cue!r} is its subject)", parsed)
    if cue:
        return Classified("UNRELATED", f"off-topic cue {cue!r}", parsed)
    content = [w for w in parsed.content if w not in GREETING_WORDS]
    if parsed.unresolved and not parsed.place_words and (c.names_media or not content):
        named = ", ".join(parsed.unresolved)
        return Classified("HERITAGE_SEARCH", f"place {named!r} (not in the archive) with media or alone", parsed)
    if (parsed.place_words or c.has_years) and not parsed.not_understood:
        return Classified("HERITAGE_SEARCH", f"asks by place or period: {c.describe()}", parsed)
    if not content:
        return Classified("UNCLEAR", "no subject after request, vague and media words", parsed)
    if c.names_media:
        return Classified("HERITAGE_SEARCH", f"{c.describe()} of {' '.join(content)!r}", parsed)
    if set(words) & HOLDING_WORDS:
        return Classified("HERITAGE_SEARCH", f"asks whether the archive holds {' '.join(content)!r}", parsed)
    if examples is not None and embed is not None:
        label, why = examples.vote(embed(text))
        if label == "GREETING" and not set(words) & GREETING_WORDS:
            return Classified("UNCLEAR", f"{why}; no greeting word, so unclear", parsed)
        return Classified(label, why, parsed)
    return Classified("UNRELATED", f"no heritage concept in {' '.join(content)!r}", parsed)
