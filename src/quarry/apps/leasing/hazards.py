"""Life safety, as an invariant: any hazard signal in a ticket makes it P0.

The signals are data (`data/hazards.toml`): words that alone report a hazard ("smoke",
"sparks", "rotten egg", "trapped"), and pairs of a thing and a state close together in one
sentence ("outlet … buzzing", "ceiling … sagging", "water … pouring", "smoke alarm … going
off"). Names of safety equipment ("smoke detector", "fire extinguisher", "fire drill") are set
aside before single signals are read, so a chirping detector is not smoke; nothing else is ever
subtracted. Hedges ("probably nothing", "a little", "slight"), calm wording and equipment named
in the same message never lower a hazard, and no model can (see `triage.triage`).

Rules are precise where they fire but read only the words they list. When they find nothing,
fail-safe detectors may still find a hazard, never remove one: the same rules on the message with
hazard words typed by ear respelled ("smels like gass", `hazard_spelling`), then similarity to
prototype tickets in many languages (`hazard_similarity`), then a model learnt from labelled
tickets that reads the whole message's meaning (`hazard_model`). Each finding names its detector.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from quarry.nlu.fuzzy import typing_slip
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.text import fold

from .hazard_similarity import similar_hazard
from .hazard_spelling import respell
from .hazard_timing import happening_now

_CJK = "\u3040-\u30ff\u3400-\u9fff"
_TOKEN = re.compile(rf"[^\W_{_CJK}]+(?:['-][^\W_{_CJK}]+)*|[{_CJK}]+|\d+")
"""Words; a run of Chinese or Japanese characters is a token of its own, so a word of another script typed
against it ("我们office的ceiling在漏水") is still read as a word."""
_ELIDED = re.compile(r"^(?:[cdjlmnst]|qu|dell|dall|nell|sull|all|un)'(?=\w)")
"""A French or Italian article or pronoun glued to its word ("l'eau", "s'effondrer", "dell'acqua")."""
_SENTENCE = re.compile(r"[!?;\n]+|(?<!\d)\.+")
"""A period after a number is an ordinal ("Asansör 4. katta kaldı", "im 3. Stock"), not an end."""
_SPACED = re.compile(r"^[\sa-z\u00e0-\u024f\u0400-\u04ff0-9'*.\-]+$")
"""Entries in Latin or Cyrillic script match word by word; others (Chinese, Korean, Arabic, Hebrew,
Bengali…) match inside the text, since words there carry particles and prefixes."""
_CJK_WINDOW = 12
_VOWELS = frozenset("aeiouy")
_OR = frozenset({"or", "nor", "ni", "ou", "oder", "или", "ни", "або", "lub", "ani"})


@dataclass(frozen=True)
class Phrase:
    """A lexicon entry: words (a trailing * on a word matches any ending), or a CJK string."""

    words: tuple[str, ...]
    cjk: str | None

    @classmethod
    def of(cls, entry: str) -> Phrase:
        text = fold(entry)
        if not _SPACED.match(text):
            return cls((), text.replace("*", ""))
        return cls(tuple(p for w in text.split() for p in _ELIDED.sub("", w).split("-") if p), None)

    def spans(self, tokens: list[str], sentence: str) -> list[tuple[int, int]]:
        """(first token, token after) of every place this phrase stands in `tokens`; for an entry
        matched inside the text, (character offset, -1)."""
        if self.cjk is not None:
            return [(m.start(), -1) for m in _inside(self.cjk).finditer(sentence)]
        n = len(self.words)
        return [(i, i + n) for i in range(len(tokens) - n + 1) if self._at(tokens[i : i + n])]

    def _at(self, typed: list[str]) -> bool:
        """The phrase's words typed here: each one within a typing slip; in a phrase of several
        words, where the others are typed exactly, one may also have a vowel for another ("rotton
        egg"), since its neighbours already say which phrase it is."""
        pairs = list(zip(self.words, typed, strict=True))
        if all(_word(w, t) for w, t in pairs):
            return True
        if len(pairs) < 2:
            return False
        loose = [i for i, (w, t) in enumerate(pairs) if not _exact(w, t)]
        return len(loose) == 1 and _vowel_slip(*pairs[loose[0]])


_HEBREW = re.compile(r"[\u0590-\u05ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")


@lru_cache(maxsize=4096)
def _inside(entry: str) -> re.Pattern[str]:
    """An entry matched inside the text. A later Hebrew word may carry the article ("גלאי העשן",
    the smoke detector, is "גלאי עשן"); the first word's prefixes are inside the text already. A
    Korean entry runs to the end of its word."""
    words = entry.split()
    # Korean writes particles and endings onto the word: "연기는 없" is the whole of "연기는 없어요".
    ending = "[\uac00-\ud7af]*" if _HANGUL.search(entry[-1]) else ""
    if len(words) < 2 or not _HEBREW.search(entry):
        return re.compile(re.escape(entry) + ending)
    return re.compile(r"\s+ה?".join(re.escape(w) for w in words) + ending)


def _word(pattern: str, token: str) -> bool:
    """A lexicon word against a typed word: a stem (pattern*) by its start, a whole word exactly or
    with one typing slip ("smokee", "elavator", "watter")."""
    if pattern.endswith("*"):
        return token.startswith(pattern[:-1])
    return token == pattern or typing_slip(token, pattern)


def _exact(pattern: str, token: str) -> bool:
    return token.startswith(pattern[:-1]) if pattern.endswith("*") else token == pattern


def _vowel_slip(pattern: str, token: str) -> bool:
    """One vowel typed for another in a word of five letters or more ("rotton" for "rotten")."""
    word = pattern.rstrip("*")
    typed = token[: len(word)] if pattern.endswith("*") else token
    if len(word) < 5 or len(typed) != len(word):
        return False
    diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    return len(diff) == 1 and typed[diff[0]] in _VOWELS and word[diff[0]] in _VOWELS


@dataclass(frozen=True)
class Pair:
    nouns: tuple[Phrase, ...]
    states: tuple[Phrase, ...]
    window: int
    masked: bool = False
    unless: tuple[Phrase, ...] = ()
    """Words that, in the same sentence, say the pair is something else: a detector's low battery
    or end of life ("chirps, screen says END"), not an alarm; a smell with no known source
    ("nobody is cooking") is not a kitchen mishap."""
    unless_anywhere: bool = False
    """The `unless` words count anywhere in the sentence, not only beside the pair."""
    across: bool = False
    """The noun and the state may stand in neighbouring sentences ("the elevator ate our intern. he's stuck on 11
    with the doors shut"): the message is read whole as well."""
    of_people: bool = False
    """The state is said of a person ("stuck", "trapped"): said of an animal or a thing ("a mouse
    trapped in the glue trap") it is not this hazard."""


@dataclass(frozen=True)
class Explained:
    """A smell or haze said to come from work or cooking going on (`_explained`)."""

    hazards: frozenset[str]
    markers: tuple[Phrase, ...]
    sources: tuple[Phrase, ...]
    escalation: tuple[Phrase, ...]
    window: int


@dataclass(frozen=True)
class Lexicon:
    set_aside: tuple[Phrase, ...]
    """Equipment names and other senses of hazard words, masked before single signals are read."""
    sense_pairs: tuple[Pair, ...]
    """A burn word next to food ("burnt popcorn") or said of something that cannot burn ("a question
    burning me up"): the burn word is masked like the equipment names."""
    tobacco: tuple[Phrase, ...]
    """Smokers, cigarettes, vaping: in that sentence and the next, "smoke" is theirs, not a fire's."""
    smoking: dict[str, frozenset[str]]
    """The grammar of tobacco said without a tobacco word (`_smoking_said`): who smokes ("people"),
    the verb's forms, the words that may stand between, and the rules smoking may modify ("policy")."""
    praise: dict[str, frozenset[str]]
    """"Fire" as praise (`_fire_praised`): the copulas, intensifiers, subjects that name no thing
    ("there", "it") and the words after it that say where a fire is."""
    not_people: tuple[Phrase, ...]
    """Animals and things that get stuck or trapped: "a mouse trapped in the glue trap" is no person."""
    subject_skip: frozenset[str]
    """Words that may stand between a subject and its state ("a bird is trapped", "the poor cat got stuck")."""
    explained: Explained
    signals: dict[str, tuple[Phrase, ...]]
    pairs: dict[str, Pair]
    negators: frozenset[str]
    fillers: frozenset[str]
    safety: dict[str, dict[str, Any]]


def _phrases(by_lang: dict[str, list[str]]) -> tuple[Phrase, ...]:
    return tuple(Phrase.of(e) for entries in by_lang.values() for e in entries)


def _pair(raw: dict[str, Any], nouns: str = "nouns", states: str = "states") -> Pair:
    return Pair(
        _phrases({"all": raw[nouns], "other": raw.get(f"{nouns}_other", [])}),
        _phrases({"all": raw[states], "other": raw.get(f"{states}_other", [])}),
        int(raw["window"]),
        bool(raw.get("masked")),
        _phrases({"all": raw.get("unless", [])}),
        bool(raw.get("unless_anywhere")),
        across=bool(raw.get("across")),
        of_people=bool(raw.get("of_people")),
    )


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    raw = load_lexicon("quarry.apps.leasing", "hazards")
    return Lexicon(
        set_aside=_phrases(raw["equipment"]) + _phrases(raw["senses"]),
        sense_pairs=tuple(_pair(p, "words", "things") for p in raw["sense_pair"].values()),
        tobacco=_phrases(raw["tobacco"]),
        smoking={k: frozenset(fold(w) for w in v) for k, v in raw["smoking"].items()},
        praise={k: frozenset(fold(w) for w in v) for k, v in raw["praise"].items()},
        not_people=_phrases(raw["not_people"]),
        subject_skip=frozenset(fold(w) for w in raw["subject"]["skip"]),
        explained=Explained(
            frozenset(raw["explained"]["hazards"]),
            _phrases({"all": raw["explained"]["markers"]}),
            _phrases({"all": raw["explained"]["sources"]}),
            _phrases({"all": raw["explained"]["escalation"]}),
            int(raw["explained"]["window"]),
        ),
        signals={k: _phrases(v) for k, v in raw["signal"].items()},
        pairs={name: _pair(p) for name, p in raw["pair"].items()},
        negators=frozenset(fold(w) for w in raw["negation"]["words"]),
        fillers=frozenset(fold(w) for w in raw["negation"]["fillers"]),
        safety=raw["safety"],
    )


Detector = Literal["rules", "spelling", "similarity", "learned"]


@dataclass(frozen=True)
class HazardFinding:
    """Which hazard a ticket reports and the words that show it."""

    name: str
    evidence: str
    trade: str
    instructions: tuple[str, ...]
    detector: Detector = "rules"
    """What found it: the lexicon's rules, the rules on the message respelled, similarity to
    prototype tickets, or the model learnt from labelled tickets (`hazard_model`)."""

    @property
    def code(self) -> str:
        """The trace code saying which detector made the ticket P0: life_safety_rule,
        life_safety_spelling, life_safety_similarity or life_safety_learned."""
        return "life_safety_rule" if self.detector == "rules" else f"life_safety_{self.detector}"


def _sentences(text: str) -> list[str]:
    return [s for s in (x.strip() for x in _SENTENCE.split(fold(text))) if s]


def find_hazards(text: str) -> list[HazardFinding]:
    """Every hazard the text reports (empty when none): what the rules find, in lexicon order; when
    they find nothing, what they find in the text respelled; else the hazard it reads like."""
    return list(_hazards(text))


def meaning_read(text: str) -> str:
    """What the detectors that read meaning (similarity, the learnt model) are given of a message
    already cut to what is happening now: other senses of hazard words and tobacco smoke set aside.
    Training (`scripts/train_hazard_model.py`) prepares its tickets through this too."""
    return without_other_senses(_without_grammar_senses(without_tobacco_smoke(text)))


@lru_cache(maxsize=512)
def _hazards(text: str) -> tuple[HazardFinding, ...]:
    """Cached: the router, the triage and the ticket ask about the same message, and must get the
    same answer without paying for the check three times."""
    return tuple(_detect(text))


def _detect(message: str) -> list[HazardFinding]:
    text = happening_now(message).text  # past, resolved events and what-ifs are not read
    if not text.strip():
        return []
    found = _found(text)
    return [] if found and _explained(message, {h.name for h in found}) else found


def _explained(message: str, names: set[str]) -> bool:
    """A smell or haze whose source the tenant names as work or cooking going on, said as what it
    is ("it was the wood oven next door", "it's the contractors sealing the lot"): explained, when
    every hazard found is one a source can explain and nothing says it is growing, filling the room
    or making anyone ill. A place alone ("from the restaurant next door") explains nothing: that
    may be its fire."""
    ex = lexicon().explained
    if not names <= ex.hazards:
        return False
    folded = fold(message)
    tokens = _tokens(folded)
    if any(p.spans(tokens, folded) for p in ex.escalation):
        return False
    marks = [a for p in ex.markers for a, b in p.spans(tokens, folded) if b >= 0]
    sources = [a for p in ex.sources for a, b in p.spans(tokens, folded) if b >= 0]
    return any(0 < s - m <= ex.window for m in marks for s in sources)


def _found(text: str) -> list[HazardFinding]:
    found = rule_hazards(text)
    if found:
        return found
    respelled, changes = respell(text)
    if changes:
        typed = ", ".join(f"{a} → {b}" for a, b in changes)
        found = [
            replace(h, evidence=f"{h.evidence}; read {typed}", detector="spelling") for h in rule_hazards(respelled)
        ]
        if found:
            return found
    similar = similar_hazard(meaning_read(text))
    if similar is None:
        return []
    safety = lexicon().safety[similar.name]
    if similar.probability is not None:
        evidence = f"reads as a hazard to the learnt model (p {similar.probability:.2f}); most like “{similar.nearest}”"
        return [HazardFinding(similar.name, evidence, str(safety["trade"]), tuple(safety["steps"]), "learned")]
    evidence = f"reads like “{similar.nearest}”, margin {similar.margin:.3f}"
    return [HazardFinding(similar.name, evidence, str(safety["trade"]), tuple(safety["steps"]), "similarity")]


@lru_cache(maxsize=1)
def _other_senses() -> re.Pattern[str]:
    """The set-aside phrases (equipment names, other senses) as one pattern over the text as typed."""
    return _pattern(lexicon().set_aside)


def _pattern(phrases: tuple[Phrase, ...]) -> re.Pattern[str]:
    """Lexicon phrases as one pattern over the text as typed, longest first."""
    alternatives = []
    for phrase in phrases:
        if phrase.cjk is not None:
            alternatives.append(_inside(phrase.cjk).pattern)
            continue
        words = [re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in phrase.words]
        alternatives.append(r"(?<!\w)" + r"[\W_]+".join(words) + r"(?!\w)")
    return re.compile("|".join(sorted(alternatives, key=len, reverse=True)), re.IGNORECASE)


@lru_cache(maxsize=1)
def _smoke_words() -> re.Pattern[str]:
    return _pattern(lexicon().signals["smoke"])


@lru_cache(maxsize=1)
def _tobacco_words() -> re.Pattern[str]:
    return _pattern(lexicon().tobacco)


def without_tobacco_smoke(text: str) -> str:
    """The text without its smoke and tobacco words when it names smokers or cigarettes: "smokers by
    the door - their smoke drifts in" reads like a smoke report to the similarity detector, which
    cannot tell whose smoke it is."""
    folded = fold(text)
    tokens = _tokens(folded)
    if not any(t.spans(tokens, folded) for t in lexicon().tobacco):
        return text
    return " ".join(_smoke_words().sub(" ", _tobacco_words().sub(" ", text)).split())


def _without_grammar_senses(text: str) -> str:
    """The text without the hazard words grammar says are something else (`_grammar_senses`)."""
    tokens = _tokens(fold(text))
    for i in _grammar_senses(tokens, lexicon(), text):
        after = re.escape(tokens[i + 1] if i + 1 < len(tokens) else "")
        text = re.sub(rf"(?<!\w){re.escape(tokens[i])}(?!\w)\s*(?={after})", "", text, count=1, flags=re.I)
    return text


def without_other_senses(text: str) -> str:
    """The text without its equipment names and other senses of hazard words ("smoke detector",
    "fire drill", "burning question"): what the similarity detector compares, so that naming the
    equipment does not make a ticket read like the hazard it guards against. The rules have read
    the hazard uses of these words (an alarm going off) before."""
    return " ".join(_other_senses().sub(" ", text).split())


def rule_hazards(text: str) -> list[HazardFinding]:
    """Every hazard the lexicon's rules find in the text, in lexicon order."""
    lex = lexicon()
    found: dict[str, str] = {}
    smokers_before = False
    for sentence in _sentences(text):
        tokens = _tokens(sentence)
        masked = list(tokens)
        sentence_masked = sentence
        for eq in lex.set_aside:
            for a, b in eq.spans(tokens, sentence) if eq.cjk is None else []:
                masked[a:b] = ["·"] * (b - a)
            if eq.cjk:
                sentence_masked = _inside(eq.cjk).sub(" ", sentence_masked)
        for sense in lex.sense_pairs:
            for a, b, _ in _pairs(sense, tokens, sentence, lex):
                if b >= 0:
                    masked[a:b] = ["·"] * (b - a)  # the burn word of "burnt popcorn"
        smokers_here = any(t.spans(tokens, sentence) for t in lex.tobacco)
        for i in _grammar_senses(tokens, lex, text):
            masked[i] = "·"
        # "smokers outside. their smoke drifts in": the smoke of the sentence after is theirs too
        tobacco, smokers_before = smokers_here or smokers_before, smokers_here
        for name, phrases in lex.signals.items():
            if name == "smoke" and tobacco:
                continue
            for ph in phrases:
                live = [
                    span for span in ph.spans(masked, sentence_masked)
                    if (span[1] < 0 or not _negated(masked, span[0], lex))
                    and not (name == "person" and _said_of_a_thing(masked, span, sentence_masked, lex))
                ]  # fmt: skip
                if name not in found and live:
                    found[name] = " ".join(ph.words) or str(ph.cjk)
        for name, pair in lex.pairs.items():
            if name in found:
                continue
            hits = _pairs(pair, masked if pair.masked else tokens, sentence_masked if pair.masked else sentence, lex)
            if hits:
                found[name] = hits[0][2]
    across = [(name, pair) for name, pair in lex.pairs.items() if pair.across and name not in found]
    if across:  # the message read whole only when a pair that may span sentences is still unfound
        whole = " ".join(_sentences(text))
        tokens = _tokens(whole)
        for name, pair in across:
            if hits := _pairs(pair, tokens, whole, lex):
                found[name] = hits[0][2]
    return [
        HazardFinding(name, words, str(lex.safety[name]["trade"]), tuple(lex.safety[name]["steps"]))
        for name, words in found.items()
    ]


_HEDGED = re.compile(r"(?<=\w)-(?:ish|like|type)$")
"""A hedge glued to a word ("a gas-ish smell", "smoke-like haze") leaves the word it hedges."""


def _tokens(sentence: str) -> list[str]:
    """Words, a hyphenated compound as its parts ("a burnt-wiring smell" is "burnt wiring"), as
    the lexicon's entries are read."""
    return [p for t in _TOKEN.findall(sentence) for p in _HEDGED.sub("", _ELIDED.sub("", t)).split("-") if p]


_CONTRACTED = re.compile(r"'s$")


def _smoking_said(tokens: list[str], lex: Lexicon) -> list[int]:
    """Where a smoke word is tobacco by grammar, with no tobacco word said: a person who smokes, in
    any tense ("people smoke right outside", "the cleaners always smoked there"), or smoking as a
    rule's modifier ("what's the smoking policy"). Only that word is tobacco: other smoke in the
    sentence ("smoke from the panel and staff smoke outside") is still read."""
    grammar = lex.smoking
    found: list[int] = []
    for i, token in enumerate(tokens):
        if token not in grammar["verbs"]:
            continue
        if i + 1 < len(tokens) and tokens[i + 1] in grammar["rules"]:
            found.append(i)
            continue
        if i + 1 < len(tokens) and tokens[i + 1] in grammar["nouns_before"]:
            continue  # "staff that smoke is coming from the grille": the noun
        j = i - 1
        while j >= 0 and i - j <= 3 and tokens[j] in grammar["between"]:
            j -= 1
        if j >= 0 and tokens[j] in grammar["people"]:
            found.append(i)
    return found


def _fire_praised(tokens: list[str], lex: Lexicon, message: str) -> list[int]:
    """Where "fire" is praise, not flames: said of a subject by a copula ("this lobby is fire",
    "dit pand is echt fire"), not of a place ("there's fire", "it's fire") and not followed by where
    it is ("is fire in the bin")."""
    praise = lex.praise
    if "fire" not in tokens or not _speaks_as_praise(message):
        return []
    found: list[int] = []
    for i, token in enumerate(tokens):
        if token != "fire" or (i + 1 < len(tokens) and tokens[i + 1] in praise["places"]):
            continue
        j = i - 1
        while j >= 0 and tokens[j] in praise["intensifiers"]:
            j -= 1
        if j >= 1 and tokens[j] in praise["copulas"] and tokens[j - 1] not in praise["not_subjects"]:
            found.append(i)
    return found


@lru_cache(maxsize=256)
def _speaks_as_praise(message: str) -> bool:
    """A laugh, an emoji or a word of taste in the message, and no call for help: "this lobby is
    fire 🔥🔥 whoever did the design lol", not "the kitchen is fire 🔥 help"."""
    cues, alarm = lexicon().praise["cues"], lexicon().praise["alarm"]
    tokens = _tokens(fold(message))
    if any(c in message for c in cues if not c.isascii()) or any(t in cues for t in tokens):
        return not any(_word_in(t, alarm) for t in tokens)
    return False


def _word_in(token: str, words: frozenset[str]) -> bool:
    return token in words or any(w.endswith("*") and token.startswith(w[:-1]) for w in words)


def _grammar_senses(tokens: list[str], lex: Lexicon, message: str) -> list[int]:
    """Hazard words that grammar says are something else: tobacco (`_smoking_said`), praise
    (`_fire_praised`)."""
    return sorted({*_smoking_said(tokens, lex), *_fire_praised(tokens, lex, message)})


_CJK_SUBJECT = 4
"""Characters before a CJK state where its subject stands ("老鼠卡在…", a mouse stuck in…)."""


def _said_of_a_thing(tokens: list[str], span: tuple[int, int], sentence: str, lex: Lexicon) -> bool:
    """A person's state ("trapped", "stuck inside", "卡在") said of an animal or a thing: the nearest
    word before it, past auxiliaries and articles, names one ("a mouse trapped in the glue trap",
    "my keycard is stuck inside the reader"). A state with no subject said is a person's."""
    start, end = span
    if end < 0:  # matched inside the text: `start` is a character offset
        before = sentence[max(0, start - _CJK_SUBJECT) : start]
        return any(p.cjk is not None and p.cjk in before for p in lex.not_people)
    j = start - 1
    while j >= 0 and start - j <= 3 and tokens[j] in lex.subject_skip:
        j -= 1
    return j >= 0 and any(len(p.words) == 1 and _exact(p.words[0], tokens[j]) for p in lex.not_people)


def _negated(tokens: list[str], start: int, lex: Lexicon) -> bool:
    """True when the words right before `start` say the thing is absent ("no gas smell",
    "nobody inside"); one filler may stand between ("no visible smoke")."""
    i = start - 1
    if i >= 0 and tokens[i] in lex.fillers:
        i -= 1
    if i >= 0 and _CONTRACTED.sub("", tokens[i]) in lex.negators:
        return True  # "nobody's stuck" is "nobody is stuck"
    # The second of two things denied together: "nothing smells or looks burnt", "no smoke or sparks".
    for j in range(max(0, start - 3), start):
        if tokens[j] in _OR and any(tokens[k] in lex.negators for k in range(max(0, j - 3), j)):
            return True
    return False


def _said_otherwise(unless: list[tuple[int, int]], noun: tuple[int, int], state: tuple[int, int], window: int) -> bool:
    """An `unless` word near the noun or the state (within the pair's window; anywhere in the
    sentence for text matched inside words): "the bins are overflowing", not a list's item 2's
    trash beside item 3's flood."""
    for u0, u1 in unless:
        if u1 < 0 or noun[1] < 0 or state[1] < 0:
            return True
        if any(max(0, u0 - end) <= window and max(0, start - u1) <= window for start, end in (noun, state)):
            return True
    return False


def _pairs(pair: Pair, tokens: list[str], sentence: str, lex: Lexicon) -> list[tuple[int, int, str]]:
    """(noun start, noun end, evidence) of every noun with a state near it, neither negated nor
    beside one of the pair's `unless` words."""
    unless = [(a, b) for u in pair.unless for a, b in u.spans(tokens, sentence)]
    nouns = [(a, b, n) for n in pair.nouns for a, b in n.spans(tokens, sentence)]
    states = [(a, b, s) for s in pair.states for a, b in s.spans(tokens, sentence)]
    out: list[tuple[int, int, str]] = []
    for a, b, noun in nouns:
        for c, d, state in states:
            cjk = noun.cjk is not None or state.cjk is not None
            near = max(0, c - b) <= pair.window and max(0, a - d) <= pair.window and (c, d) != (a, b)
            if _said_otherwise(unless, (a, b), (c, d), len(tokens) if pair.unless_anywhere else pair.window):
                continue
            if pair.of_people and _said_of_a_thing(tokens, (c, d), sentence, lex):
                continue
            if ((cjk or near) and not (cjk or _negated(tokens, c, lex) or _negated(tokens, a, lex))) or cjk:
                out.append((a, b, f"{' '.join(noun.words) or noun.cjk} … {' '.join(state.words) or state.cjk}"))
    return out
