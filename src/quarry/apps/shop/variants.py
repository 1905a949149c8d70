"""Does a product found match every distinguishing token the user wrote? (issue 20, item 4)

Distinguishing tokens: variant words (Pro/«پرو», Max, Plus, Ultra…, from `data/questions.toml`),
numbers (Ryzen 5 vs 7, Note 13 vs 14, 128 vs 256 GB, 8 GB RAM), and colours (the catalogue's own
colour words, `CatalogueWords.colours`). A token the user negated («پرو نه», "not the pro") must be
absent; a variant word the product has and the user did not write (or said «معمولی», "regular")
differs too. The search ranks by similarity, so this check is what keeps «نوت ۱۳ پرو» from being
answered with the Note 13, and a model that does not exist from being answered with its neighbour.

>>> differences("iphone 17 pro max 256", "Apple iPhone 15 Pro Max 256GB", "")
['17']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache

from rapidfuzz.distance import OSA

from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.polarity import negated_words
from quarry.search.text import fold_joined

from .question_words import entry
from .spelling import latin_terms
from .transliterate import finglish_to_persian, looks_finglish, sound_skeleton
from .vocab import BRANDS, CatalogueWords

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_TOKEN = re.compile(r"\w+")
_CODE = re.compile(r"[a-z]{2,}\d{2,}[a-z\d]*")
"""A model code in Latin letters: two letters or more, then two digits or more ("fd014", "gc8343"); a
one-letter code ("a54") is matched by its number, as a letter alone is often read from a Persian word."""


@cache
def _variant_forms() -> tuple[dict[str, str], frozenset[str]]:
    """(folded form → canonical variant word, the words meaning "the plain one")."""
    table = entry("variants")
    forms = {fold_joined(str(f).lower()): name for name, fs in table.items() if name != "plain" for f in fs}
    forms.update({f.replace(" ", ""): name for f, name in list(forms.items()) if " " in f})
    return forms, frozenset(fold_joined(str(w).lower()) for w in table["plain"])


def variant_word_forms() -> frozenset[str]:
    """Every folded form of a variant word ("pro", «پرو», "max", …)."""
    return frozenset(_variant_forms()[0])


@cache
def _variant_phrases() -> tuple[re.Pattern[str], dict[str, str]]:
    """(the variant forms of several words, longest first; form → its one-word form)."""
    forms, _ = _variant_forms()
    several = {f: f.replace(" ", "") for f in forms if " " in f}
    alternation = "|".join(re.escape(f) for f in sorted(several, key=len, reverse=True)) or r"(?!)"
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)"), several


def _one_word_variants(folded: str) -> str:
    """`folded` with each variant of several words written as one ("eau de parfum" → "eaudeparfum"), so
    that its last word is not read as another variant ("parfum")."""
    rx, several = _variant_phrases()
    return rx.sub(lambda m: several[m.group(0)], folded)


def _numbers(text: str) -> set[str]:
    return {n.rstrip("0").rstrip(".") if "." in n else n.lstrip("0") or "0" for n in _NUMBER.findall(text)}


def _variants(tokens: list[str]) -> set[str]:
    forms, _ = _variant_forms()
    return {forms[t] for t in tokens if t in forms}


def colour_of(token: str, colours: Mapping[str, str]) -> str | None:
    """The stored colour `token` names, also written in Finglish ("khakestari" → «خاکستری»)."""
    if token in colours:
        return colours[token]
    if token.isascii() and token.isalpha() and looks_finglish(token):
        persian = fold_joined(finglish_to_persian(token))
        # Finglish spells the adjective ending its own way ("noghrei" → «نقرئی», stored «نقره‌ای»): a
        # word with that ending is the stored colour within two edits, its first letter the same.
        adjective = token.endswith(("i", "ee", "y")) and len(token) >= 5
        near = [(OSA.distance(persian, c), c) for c in colours if adjective and c[:1] == persian[:1]]
        best = min(near, default=None)
        return colours.get(persian) or (colours[best[1]] if best is not None and best[0] <= 2 else None)
    return None


@cache
def _colour_families() -> dict[str, frozenset[str]]:
    families: dict[str, set[str]] = {}
    for colour, others in load_lexicon("quarry.apps.shop", "lexicon")["colour_synonyms"].items():
        family = {colour, *others}
        for c in family:
            families.setdefault(c, set()).update(family)
    return {c: frozenset(f) for c, f in families.items()}


def colour_family(colour: str) -> frozenset[str]:
    """`colour` and the stored colour values that are the same colour («خاکستری», «طوسی»)."""
    return _colour_families().get(colour, frozenset((colour,)))


def colour_readings(query: str, colours: Mapping[str, str], english: frozenset[str] = frozenset()) -> list[str]:
    """`query` with each colour word written as the catalogue stores that colour and its other stored
    names («طوسی» → «خاکستری», "banafsh" → «بنفش», "gray" → «خاکستری»): the search ranks names by their
    words, so a colour in another spelling would rank every other colour of the product above it."""
    out: list[str] = []
    for token in dict.fromkeys(_TOKEN.findall(query)):
        colour = colour_of(fold_joined(token.lower()), colours)
        if colour is None or (token.isascii() and token.lower() in english):
            continue  # "gray" is written so in every English name: no other reading needed
        for written in sorted(colour_family(colour) | {colour}):
            if fold_joined(written) != fold_joined(token.lower()):
                out.append(re.sub(rf"(?<!\w){re.escape(token)}(?!\w)", written, query))
    return out


def joined_compounds(query: str, known: Callable[[str], bool]) -> str:
    """`query` with two Persian words put together where the catalogue writes them as one word and
    neither alone («همه کاره» → «همه‌کاره»): shops write a compound both ways, and a name's words are
    matched whole."""
    out: list[str] = []
    for token in query.split():
        if out and not token.isascii() and not out[-1].isascii() and known(out[-1] + token):
            out[-1] += token
        else:
            out.append(token)
    return " ".join(out)


MIN_SOUNDS = 3
"""Consonants a Persian spelling of a Latin name needs before it is matched by its sound."""


def _latin_by_sound(words: CatalogueWords) -> Mapping[str, tuple[str, ...]]:
    """Sound skeleton → the catalogue's Latin name words, or two of them side by side, that sound so
    ("grdt" → ("guardit",), "rfrs" → ("air force",))."""
    return _sound_index(words.known, words.latin_pairs)


@cache
def _sound_index(known: frozenset[str], pairs: frozenset[str]) -> Mapping[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    singles = {t for t in known if t.isascii() and t.isalpha()}
    # A pair counts when both its words sound ("huawei" alone is vowels to this skeleton).
    heard = {p for p in pairs if all(sound_skeleton(w) for w in p.split())}
    for term in sorted(singles | heard):
        if len(skeleton := sound_skeleton(term.replace(" ", ""))) >= MIN_SOUNDS:
            index.setdefault(skeleton, []).append(term)
    # Of a word and a pair that sound alike ("airconditioner", "air conditioner"), the word.
    return {k: tuple(w for w in v if " " not in w) or tuple(v) for k, v in index.items()}


def sounded_latin(query: str, words: CatalogueWords) -> str:
    """`query` with Persian-letter words the catalogue never writes put in the Latin name word they sound
    like, one word or two written apart («گاردیت» → "guardit", «میت پد» → "matepad"); when one Latin word
    sounds so. Shops write many model names in Latin letters only."""
    index = _latin_by_sound(words)
    tokens = query.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for n in (2, 1):
            run = tokens[i : i + n]
            # «ردمی پد»: a word the table of Latin terms spells may open a name it does not («Redmi Pad»).
            if len(run) < n or not all(_unwritten(w, words) for w in run) or all(latin_terms(w) != w for w in run):
                continue
            heard = index.get(sound_skeleton("".join(run)), ())
            if len(heard) == 1 and len(sound_skeleton("".join(run))) >= MIN_SOUNDS:
                out.append(heard[0])
                i += n
                break
        else:
            out.append(tokens[i])
            i += 1
    return " ".join(out)


def _unwritten(word: str, words: CatalogueWords) -> bool:
    """A Persian-letter word the catalogue never writes (a run of them is read by its sound, unless the
    table of Latin terms spells every one: «ردمی» is Redmi there, the search already reads it so)."""
    return not word.isascii() and word.isalpha() and not words.knows(word)


def _variant_words_in_latin(query: str) -> str:
    """`query` with variant words written in Persian as the catalogue's names write them («پرو» → "pro",
    «مکس» → "max"): a name's Latin "Pro" is no match for «پرو», so the plain model ranks above it."""
    forms, _ = _variant_forms()
    return " ".join(forms[t] if not t.isascii() and t in forms and forms[t].isascii() else t for t in query.split())


def name_readings(query: str, words: CatalogueWords) -> list[str]:
    """Other ways to write the product `query` names, each searched beside it: its compounds joined,
    Latin names written in Persian letters put back in Latin, and its colours as stored."""
    joined = _variant_words_in_latin(sounded_latin(joined_compounds(query, words.knows), words))
    bases = list(dict.fromkeys((query, joined)))
    out = [joined] if joined != query else []
    for base in bases:
        out.extend(colour_readings(base, words.colours))
    return list(dict.fromkeys(out))


def _compact(text: str) -> str:
    """A model code written whole, with or without its hyphens ("FD-014", "GDW-K023" → "fd014",
    "gdwk023"); words apart stay apart ("iphone 17" is no code)."""
    return re.sub(r"(?<=[a-z\d])-(?=[a-z\d])", "", text)


def differences(
    query: str,
    english_name: str,
    persian_name: str,
    colours: Mapping[str, str] | None = None,
    knows: Callable[[str], bool] | None = None,
) -> list[str]:
    """The distinguishing tokens of `query` the product (its two names) does not match, as the user
    wrote them; empty when it matches every one."""
    # Brand names in Persian letters come back in Latin first: «جی پلاس» is the brand Gplus, not a Plus.
    q = _one_word_variants(fold_joined(latin_terms(query).lower()))
    name = _one_word_variants(fold_joined(f"{english_name} {persian_name}".lower()))
    q_tokens, name_tokens = _TOKEN.findall(q), set(_TOKEN.findall(name))
    negated = {fold_joined(w) for w, _, _ in negated_words(q)}
    out: list[str] = []
    name_numbers = _numbers(" ".join(name_tokens) + " " + name)
    # A model code ("fd014", "gc8343") is matched as a code, whatever separates its letters from its
    # digits in the name ("FD-014"): its number alone would match any "14" of the name ("14 ft").
    q_words = _TOKEN.findall(_compact(q))
    compact = _compact(name)

    def in_name(code: str) -> bool:
        return re.search(rf"(?<![a-z\d]){re.escape(code)}(?!\d)", compact) is not None

    # A code written with a space for its hyphen ("nn st326" for "NN-ST326") is the code with its prefix.
    codes = [(t, (q_words[i - 1] + t) if i and q_words[i - 1].isalpha() and q_words[i - 1].isascii() else None)
             for i, t in enumerate(q_words) if t not in negated and _CODE.fullmatch(t)]  # fmt: skip
    out.extend(c for c, joined in codes if not in_name(c) and not (joined is not None and in_name(joined)))
    written = re.findall(r"[a-z\d]+(?:-[a-z\d]+)*", q)
    in_codes = {part for w in written if _CODE.fullmatch(w.replace("-", "")) for part in w.split("-")}
    plain_tokens = [t for t in q_tokens if t not in negated and t not in in_codes]
    out.extend(sorted(_numbers(" ".join(plain_tokens)) - name_numbers, key=q.find))
    # A number the name holds elsewhere ("iphone 12" of a name whose RAM is 12GB) still differs.
    if knows is not None:
        out.extend(s for s in _series_numbers(q, name, negated, knows) if s.rsplit(" ", 1)[1] not in out)
    _, plain = _variant_forms()
    # «معمولی» / "the regular one": the plain product; variant words beside it are the ones excluded
    # («آیفون ۱۵ معمولی (پرو نه)»).
    wanted = set() if plain & set(q_tokens) else _variants([t for t in q_tokens if t not in negated])
    has = _variants(list(name_tokens))
    out.extend(sorted(wanted - has))
    unasked = has - wanted
    if unasked & _variants([t for t in q_tokens if t in negated or plain & set(q_tokens)]):
        out.extend(sorted(unasked))
    if colours:
        # A colour matches when the name holds the word as typed ("gray") or as the catalogue stores it
        # (two Persian words can stand for one English colour).
        said = {t: c for t in q_tokens if t not in negated and (c := colour_of(t, colours)) is not None}
        if said and not any(t in name_tokens or any(fold_joined(s) in name for s in colour_family(c))
                            for t, c in said.items()):  # fmt: skip
            out.extend(said)
    return list(dict.fromkeys(out))


_SERIES = re.compile(r"(?<![\w-])([a-z]{3,})\s+(\d{1,3})(?![\d.\w])")
"""A Latin series word and its number ("iphone 12", "note 13", "legion 5")."""


@cache
def _not_series() -> frozenset[str]:
    """Words a number follows that are no series: brands («ال جی 55» is a size), categories ("microwave
    24 litri"), specs and bounds."""
    lexicon = load_lexicon("quarry.apps.shop", "lexicon")
    brands = {w for b in BRANDS for w in b.en.lower().split()}
    categories = {w for names in lexicon["categories"].values() for n in names.get("en", ()) for w in n.split()}
    return frozenset(brands | categories | set(entry("spec_words")["words"]))


@cache
def _units() -> frozenset[str]:
    """Unit words as written and stored ("litri", "gb", «لیتر»): a number before one is a quantity."""
    table = load_lexicon("quarry.apps.shop", "lexicon")["units"]
    return frozenset({fold_joined(str(k).lower()) for k in table} | {fold_joined(str(v)) for v in table.values()})


def _is_unit(word: str) -> bool:
    """`word` is a unit as written, stored or typed in Finglish ("litri" is «لیتری»)."""
    if word in _units():
        return True
    return word.isascii() and word.isalpha() and fold_joined(finglish_to_persian(word)) in _units()


def _series_numbers(q: str, name: str, negated: set[str], knows: Callable[[str], bool]) -> list[str]:
    """A series word's number said that the product's name does not give that series ("iphone 12" of a
    "Realme 11 Pro … RAM 12GB": the 12 is the RAM there): "word number" as the user wrote it. Only words
    some product's name writes (`knows`) are series ("aifon", "sabz" are read elsewhere)."""
    out: list[str] = []
    for m in _SERIES.finditer(q):
        word, number = m.group(1), m.group(2)
        after = q[m.end() :].split(maxsplit=1)
        if word in _not_series() or word in negated or number in negated or (after and _is_unit(after[0])):
            continue
        if not knows(word):
            continue
        if re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", name) is None:
            out.append(f"{word} {number}")  # the series is not this product's at all
            continue
        # The series here with a number of its own ("iphone 15"); one followed by a seller code or a word
        # ("mood 0810 30ml", "air max") says nothing against the number asked.
        theirs = {n.lstrip("0") for n in re.findall(rf"(?<![a-z]){re.escape(word)}\s*(\d{{1,3}})(?!\d)", name)}
        if theirs and number.lstrip("0") not in theirs:
            out.append(f"{word} {number}")
    return out


def unasked_variants(query: str, english_name: str, persian_name: str) -> set[str]:
    """Variant words the product's name has and `query` does not ask for ("Ultra" when the user said
    "S24"): a product that has them is the second choice, not an equal one."""
    q_tokens = _TOKEN.findall(_one_word_variants(fold_joined(latin_terms(query).lower())))
    name_tokens = _TOKEN.findall(_one_word_variants(fold_joined(f"{english_name} {persian_name}".lower())))
    return _variants(name_tokens) - _variants(q_tokens)
