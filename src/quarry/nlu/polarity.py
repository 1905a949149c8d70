"""Negation and yes/no questions, in every language the apps serve.

The words are data (`data/polarity.toml`); the grammar here: a negation cue negates the next few
words of its clause; Persian also negates a verb by its prefix (ندارد, نداره, نمی‌خوام). A
yes/no question opens with an auxiliary or «آیا» / «adakah», carries «ли» / «чи» / «-kah», or is
a Persian clause ending in a verb and a question mark («X حذف نویز داره؟»); a wh-word first
makes it an open question instead.

>>> is_yes_no_question("Does the A54 have noise cancelling?"), is_yes_no_question("what does it cost?")
(True, False)
>>> [w for w, _, _ in negated_words("a fridge without a freezer, not white")]
['freezer', 'white']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from quarry.nlu.lexicon import core_lexicon
from quarry.nlu.text import WORD, fold

_CLAUSE = re.compile(r"[,.;:!?؟،\n]|\bbut\b|\bpero\b|\bно\b|\bале\b|\btapi\b|\bولی\b|\bاما\b")


@dataclass(frozen=True)
class _Words:
    cues: frozenset[str]
    scope: int
    fa_prefixes: tuple[str, ...]
    fa_verbs: frozenset[str]
    openers: frozenset[str]
    particles: frozenset[str]
    suffixes: tuple[str, ...]
    fa_question_verbs: frozenset[str]
    wh: frozenset[str]
    polite: frozenset[str]
    skip: frozenset[str]


def _key(word: str) -> str:
    return fold(word).replace("’", "'")


@lru_cache(maxsize=1)
def _words() -> _Words:
    data = core_lexicon("polarity")
    neg, q = data["negation"], data["question"]
    cues = frozenset(_key(w) for lang, ws in neg.items() if isinstance(ws, list) and lang != "skip" for w in ws)
    openers = frozenset(_key(w) for k, ws in q.items() if k.endswith("_openers") for w in ws)
    particles = frozenset(_key(w) for k, ws in q.items() if k.endswith("_particles") for w in ws)
    return _Words(
        cues,
        int(neg["scope"]),
        tuple(neg["fa_prefix"]["prefixes"]),
        frozenset(map(_key, neg["fa_prefix"]["verbs"])),
        openers,
        particles,
        tuple(q["ms_suffix"]),
        frozenset(map(_key, q["fa_question_verbs"])),
        frozenset(map(_key, q["wh"])),
        frozenset(map(_key, q["polite"])),
        frozenset(map(_key, neg["skip"])),
    )


def negation_cues() -> frozenset[str]:
    """The words that negate what follows ("not", «نه», "tanpa"), folded: a reader that drops function
    words keeps these, or the negation is lost."""
    return _words().cues


def _fa_negated_verb(word: str, w: _Words) -> bool:
    for prefix in w.fa_prefixes:
        rest = word[len(prefix) :].lstrip("\u200c")
        if word.startswith(prefix) and rest in w.fa_verbs:
            return True
    return False


def negated_words(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) of every content word a negation covers (the cue itself excluded)."""
    w = _words()
    out: list[tuple[str, int, int]] = []
    for clause in _clauses(text):
        tokens = [(m.group(0), m.start() + clause[0], m.end() + clause[0]) for m in WORD.finditer(clause[1])]
        left = 0
        for word, start, end in tokens:
            key = _key(word)
            if key in w.cues:
                left = w.scope
                continue
            if _fa_negated_verb(key, w):
                out.append((word, start, end))
                continue
            if left > 0 and key not in w.cues:
                if key not in w.skip:
                    out.append((word, start, end))
                left -= 1
    return out


def is_negated(text: str, start: int, end: int) -> bool:
    """Whether the words in text[start:end] fall under a negation."""
    return any(s < end and start < e for _, s, e in negated_words(text))


def is_yes_no_question(text: str) -> bool:
    """Whether `text` asks for a yes or a no (not for a value or a list)."""
    w = _words()
    tokens = [_key(m.group(0)) for m in WORD.finditer(text)]
    if not tokens:
        return False
    polite = {
        "please",
        "pls",
        "hi",
        "hello",
        "hey",
        "and",
        "so",
        "ok",
        "lطفا",
        "لطفا",
        "لطفاً",
        "tolong",
        "por",
        "favor",
    }
    first = next((t for t in tokens if t not in polite), tokens[0])
    if first in w.wh or any(t in w.wh for t in tokens[:2]):
        return False
    if first in w.openers or any(t in w.particles for t in tokens):
        return True
    if any(t.endswith(w.suffixes) and len(t) > 5 for t in tokens[:2]):  # Malay "adakah", "bolehkah"
        return True
    asked = text.rstrip().endswith(("?", "؟"))
    return asked and tokens[-1] in w.fa_question_verbs and not any(t in w.wh for t in tokens)


def _clauses(text: str) -> list[tuple[int, str]]:
    out, last = [], 0
    for m in _CLAUSE.finditer(text):
        out.append((last, text[last : m.start()]))
        last = m.end()
    out.append((last, text[last:]))
    return out
