"""The offline planner's words, English and Malay (folded forms): stopwords, request phrasing,
media words, places, periods, greeting and off-topic cues. The words are data
(`data/vocab.toml`); this module only gives them their types."""

from __future__ import annotations

from typing import cast

from quarry.nlu.lexicon import load_lexicon

from .corpus import MediaType

_WORDS = load_lexicon("quarry.apps.archive", "vocab")

STOPWORDS: frozenset[str] = frozenset(_WORDS["stopwords"])
REQUEST_WORDS: frozenset[str] = frozenset(_WORDS["request_words"])
"""Words that ask for material rather than name it ('show', 'tunjukkan')."""
VAGUE_WORDS: frozenset[str] = frozenset(_WORDS["vague_words"])
"""Words that name no topic ('something', 'anything', 'sesuatu')."""
MEDIA_WORDS: dict[str, MediaType] = {k: cast(MediaType, v) for k, v in _WORDS["media_words"].items()}
"""Words naming a media type: the question's media type becomes an SQL filter."""
PLACES: dict[str, str] = dict(_WORDS["places"])
"""Place words → the place as items record it."""
GREETING_WORDS: frozenset[str] = frozenset(_WORDS["greeting_words"])
OFF_TOPIC_CUES: frozenset[str] = frozenset(_WORDS["off_topic_cues"])
MATERIAL_CUES: frozenset[str] = frozenset(_WORDS["material_cues"])
"""Words that ask for the archive's material beside an off-topic cue ('resepi kuih *lama*', '… dalam *arkib*')."""
"""Words that mark a request as outside the archive (unless a heritage concept is also present)."""
NARROWING_WORDS: frozenset[str] = frozenset(_WORDS["narrowing_words"])
"""In a thread, words that narrow the previous search to a part of it ('only food', 'specifically
clothing'): the new words are added to the old topic, not put in its place."""
FORM_WORDS: frozenset[str] = frozenset(_WORDS["form_words"])
"""Forms of material, not subjects ('oral history', 'peta'): in a thread they ask for that form of the topic."""
COORDINATORS: frozenset[str] = frozenset(_WORDS["coordinators"])
"""Words that join alternatives ('batik or songket', «tokong dan kuil»): either one answers."""
ALTERNATIVE_WORDS: frozenset[str] = frozenset(_WORDS["alternative_words"])
"""The coordinators that always offer a choice ('or', «atau»); 'and' does only between whole subjects."""
EXCLUSION_WORDS: frozenset[str] = frozenset(_WORDS["exclusion_words"])
"""Words after which a place is ruled out ('not the Johor ones', 'outside Kelantan', «selain Johor»)."""
REFERRING_WORDS: frozenset[str] = frozenset(_WORDS["referring_words"])
"""In a thread, words that point back at the previous search's items ('how they're made', «makanan dia»)."""
RELATIVE_STARTS: frozenset[str] = frozenset(_WORDS["relative_starts"])
"""In a thread, a first word that describes the previous items («yang pakai songket», 'which show weaving')."""
ABOUT_WORDS: frozenset[str] = frozenset(_WORDS["about_words"])
"""Words that name the subject of a form asked before ('pasal nelayan' after 'sejarah lisan')."""
TASK_WORDS: frozenset[str] = frozenset(_WORDS["task_words"])
"""Verbs that ask for a task other than finding material ('write me a poem about batik', 'where to buy
songket'): the request is off-topic whatever it names, unless it also asks for a kind of media."""
HOW_TO: tuple[str, ...] = tuple(_WORDS["how_to"])
"""Task phrasing ('how to cook rice?'): off-topic unless a heritage concept is present."""
NO_EXPAND_GROUPS: frozenset[str] = frozenset(_WORDS["no_expand_groups"])
"""Synonym groups (by first term) used for matching but not added to queries (media, 'old', 'house')."""
GENERIC_CONCEPTS: frozenset[str] = frozenset(_WORDS["generic_concepts"])
"""Words too general to decide relevance on their own."""
OLDER_WORDS: tuple[str, ...] = tuple(_WORDS["older_words"])
"""A follow-up asking for earlier items than before ('older ones?', 'lebih lama')."""
NEWER_WORDS: tuple[str, ...] = tuple(_WORDS["newer_words"])
"""A follow-up asking for later items than before ('newer ones?', 'terbaru')."""
PLACE_PREPOSITIONS: frozenset[str] = frozenset(_WORDS["place_prepositions"])
"""Words after which the next words name a place ('from', 'in', 'dari', 'di')."""
PERIOD_PREPOSITIONS: frozenset[str] = frozenset(_WORDS["period_prepositions"])
"""Words before a named period that make it a span of time ('during', 'semasa'), not a subject."""
OCCASION_WORDS: frozenset[str] = frozenset(_WORDS["occasion_words"])
"""Words before a cue that make it an occasion ('first time'), not what is asked about."""
UNSURE_WORDS: frozenset[str] = frozenset(_WORDS["unsure_words"])
HOLDING_WORDS: frozenset[str] = frozenset(_WORDS["holding_words"])
"""Words asking whether the archive holds something: a subject follows."""
IGNORABLE: frozenset[str] = frozenset(_WORDS["ignorable"]) | UNSURE_WORDS
"""Words that name nothing to search and need no saying back (chat particles, reasons for asking)."""
NAMED_PERIODS: dict[str, tuple[int | None, int | None]] = {
    k: (int(v[0]) or None, int(v[1]) or None) for k, v in _WORDS["named_periods"].items()
}
"""Named periods of the country's history («sebelum merdeka», "japanese occupation") → their years."""
DECADE_WORDS: dict[str, int] = {k: int(v) for k, v in _WORDS["decade_words"].items()}
"""Decades said in words ('seventies') → their first year (1970)."""
