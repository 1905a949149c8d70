"""Numbers written as words, in en, es, ru, uk, fa and ms, turned into digits.

Which words are numbers comes from number-parser's language tables (cardinals only: ordinals
such as "second" or "first" keep their words, since they usually pick an option, not a
quantity) plus `data/numbers.toml`; how they combine is the grammar below: units, teens and
tens add up, "hundred"-like words multiply what came before, "thousand"-like powers close a
group ("two hundred thousand and five" = 200,005).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Literal

from quarry.nlu.lexicon import core_lexicon
from quarry.nlu.text import WORD, fold, plain

LANGS = ("en", "es", "ru", "uk", "fa", "ms")
Kind = Literal["add", "small", "big", "teen", "join"]


@dataclass(frozen=True)
class Table:
    """One language's number words: word → (kind, value)."""

    words: dict[str, tuple[Kind, float]]
    prefix_one: str
    lone_words: frozenset[str] = frozenset()
    """Number words that, said alone, are more often another word (Persian «نه»: no, nine)."""


def _key(word: str) -> str:
    return fold(word).replace("\u02bc", "'")


@cache
def table(lang: str) -> Table:
    info = import_module(f"number_parser.data.{lang}").info
    extra = core_lexicon("numbers").get(lang, {})
    words: dict[str, tuple[Kind, float]] = {}
    for group in ("UNIT_NUMBERS", "DIRECT_NUMBERS", "TENS", "HUNDREDS"):
        for w, v in info[group].items():
            words[_key(w)] = ("add", float(v))
    for w, v in info["BIG_POWERS_OF_TEN"].items():
        if " " not in w and v <= 10**12:
            words[_key(w)] = ("small" if v < 1000 else "big", float(v))
    for w, v in extra.get("units_extra", {}).items():
        words[_key(w)] = ("add", float(v))
    for w, v in extra.get("scale_small", {}).items():
        words[_key(w)] = ("small", float(v))
    for w, v in extra.get("scale_big", {}).items():
        words[_key(w)] = ("big", float(v))
    for w in extra.get("teen", ()):
        words[_key(w)] = ("teen", 10.0)
    for w in [*info.get("SKIP_TOKENS", ()), *extra.get("joiners", ())]:
        if w.strip() and w != "-":
            words.setdefault(_key(w), ("join", 0.0))
    for written, spoken in extra.get("spoken_shift", {}).items():
        # Spoken forms of the written words (Tehran Persian says «پونصد», «پونزده» for «پانصد», «پانزده»).
        for w, kind in list(words.items()):
            words.setdefault(w.replace(_key(written), _key(spoken)), kind)
    lone = frozenset(_key(w) for w in extra.get("lone_words", ()))
    return Table(words, str(extra.get("prefix_one", "")), lone)


def _lookup(t: Table, word: str) -> tuple[Kind, float] | None:
    if word.replace(".", "", 1).isdigit():  # "6 hundred", "2.5 million": digits times a scale word
        return ("add", float(word))
    k = _key(word)
    if k in t.words:
        return t.words[k]
    if t.prefix_one and k.startswith(t.prefix_one) and len(k) > len(t.prefix_one) + 2:
        rest = t.words.get(k[len(t.prefix_one) :])
        if rest and rest[0] in ("small", "big"):  # Malay "seratus", "seribu", "sejuta"
            return rest
    return None


def compose(parts: list[tuple[Kind, float]]) -> float | None:
    """The value of a run of number words (None when it holds no number)."""
    total, current, seen = 0.0, 0.0, False
    for kind, value in parts:
        if kind == "join":
            continue
        seen = True
        if kind == "add" or kind == "teen":
            current += value
        elif kind == "small":
            current = (current or 1.0) * value
        else:
            total += (current or 1.0) * value
            current = 0.0
    return total + current if seen else None


def _continues(parts: list[tuple[Kind, float]], more: list[tuple[Kind, float]]) -> bool:
    """False when `more` starts a new number: "one two" is two numbers, "twenty five" one."""
    last = next((p for p in reversed(parts) if p[0] != "join"), None)
    for kind, value in more:
        if last is not None and kind == "add" and last[0] == "add" and value >= last[1]:
            return False
        if kind != "join":
            last = (kind, value)
    return True


@dataclass(frozen=True)
class Found:
    """A number written in words: where it was and its value."""

    start: int
    end: int
    value: float
    text: str


def _digits(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def find_number_words(text: str, langs: tuple[str, ...] = LANGS) -> list[Found]:
    """Runs of number words in `text` (any of `langs`) and their values, left to right."""
    tables = [table(lang) for lang in langs]
    tokens = list(WORD.finditer(plain(text)))
    found: list[Found] = []
    i = 0
    while i < len(tokens):
        best: tuple[int, float] | None = None
        for t in tables:
            parts: list[tuple[Kind, float]] = []
            j = i
            while j < len(tokens):
                pieces = re.split(r"-", tokens[j].group())  # "twenty-five", "dua-puluh"
                looked = [_lookup(t, p) for p in pieces]
                if any(x is None for x in looked) or not _continues(parts, [x for x in looked if x]):
                    break
                parts.extend(x for x in looked if x is not None)
                j += 1
            while j > i and parts and parts[-1][0] == "join":  # never end on "and"
                parts.pop()
                j -= 1
            value = compose(parts) if j > i else None
            counted = [p for p in parts if p[0] != "join"]
            words_in = any(not tokens[k].group().replace(".", "", 1).isdigit() for k in range(i, j))
            digit_led = tokens[i].group()[:1].isdigit()
            if not words_in or (digit_led and not all(p[0] in ("small", "join") for p in counted[1:])):
                # Digits alone, or digits before anything but "hundred"-like words: "6 hundred" is
                # 600, but "30 million" stays for the money grammar ("20 to 30 million").
                continue
            lone_one = len(counted) == 1 and value == 1
            # «نه، لنوو» is "no, Lenovo": a homograph counts only beside another number word («نه میلیون»).
            lone_one = lone_one or (len(counted) == 1 and _key(tokens[i].group()) in t.lone_words)
            # A scale word alone ("million" after "25") is not a number of its own.
            scale_only = all(p[0] in ("small", "big") for p in counted)
            if (
                value is not None
                and not lone_one
                and not scale_only
                and parts[0][0] != "join"
                and (best is None or j > best[0])
            ):
                best = (j, value)
        if best is None:
            i += 1
            continue
        j, value = best
        start, end = tokens[i].start(), tokens[j - 1].end()
        found.append(Found(start, end, value, text[start:end]))
        i = j
    return found


_CJK_NUMERALS = re.compile(r"[〇零一壹两二贰三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万萬亿]+")


def find_cjk_numbers(text: str) -> list[Found]:
    """Chinese numerals, written without spaces ("四房式" → 4, "十五" → 15); a lone 一 stays a word
    (it is usually "one of", "always"…)."""
    t = table("zh")
    out: list[Found] = []
    for m in _CJK_NUMERALS.finditer(text):
        parts = [x for c in m.group() if (x := t.words.get(c)) is not None]
        value = compose(parts)
        scale_only = all(k == "big" for k, _ in parts)  # "70万": the scale of a written number
        if value is not None and not scale_only and not (len(parts) == 1 and value == 1):
            out.append(Found(m.start(), m.end(), value, m.group()))
    return out


def words_to_digits(text: str, langs: tuple[str, ...] = LANGS) -> str:
    """`text` with every run of number words replaced by its digits ("seventy years" → "70 years")."""
    text = _decimal_words(text, langs)
    out, last = [], 0
    spelled = find_number_words(text, tuple(x for x in langs if x != "zh"))
    cjk = find_cjk_numbers(text) if "zh" in langs else []
    for f in sorted([*spelled, *cjk], key=lambda f: f.start):
        out.append(text[last : f.start])
        out.append(_digits(f.value))
        last = f.end
    out.append(text[last:])
    return _fractions_joined(_decimals("".join(out), langs))


@cache
def _and_fraction() -> tuple[re.Pattern[str], dict[str, float]]:
    table = core_lexicon("numbers")["and_fraction"]
    joiners = "|".join(re.escape(w) for w in sorted(table["joiners"], key=len, reverse=True))
    shares = {str(k).lower(): float(v) for k, v in table["fractions"].items()}
    words = "|".join(re.escape(w) for w in sorted(shares, key=len, reverse=True))
    return re.compile(rf"(?<![\d.,])(\d+)\s*(?:{joiners})\s+({words})(?!\w)", re.IGNORECASE), shares


def _fractions_joined(text: str) -> str:
    """ "2 and a half", «۲ و نیم», "2 o nim" as one number (2.5): the fraction is no second amount."""
    rx, shares = _and_fraction()
    return rx.sub(lambda m: _digits(int(m.group(1)) + shares[m.group(2).lower()]), text)


def _single(word: str, langs: tuple[str, ...]) -> str | None:
    """One word as a digit string ("one" → "1", "5" → "5"), else None."""
    if word.isdigit():
        return word
    for lang in langs:
        hit = _lookup(table(lang), word)
        if hit is not None and hit[0] == "add":
            return _digits(hit[1])
    return None


def _decimal_words(text: str, langs: tuple[str, ...]) -> str:
    """ "one point one" → "1.1" (a lone "one" is otherwise kept as a word)."""
    words = [w for lang in langs for w in core_lexicon("numbers").get(lang, {}).get("decimal", ())]
    if not words:
        return text
    alt = "|".join(map(re.escape, words))

    def number(m: re.Match[str]) -> str:
        a, b = _single(m.group(1), langs), _single(m.group(2), langs)
        return f"{a}.{b}" if a is not None and b is not None else m.group()

    return re.sub(rf"(?<![\w.])([^\W_]+)\s+(?:{alt})\s+([^\W_]+)(?![\w.])", number, text, flags=re.IGNORECASE)


def _decimals(text: str, langs: tuple[str, ...]) -> str:
    """ "1 point 1" → "1.1": a number, a decimal word, digits."""
    words = [w for lang in langs for w in core_lexicon("numbers").get(lang, {}).get("decimal", ())]
    if not words:
        return text
    alt = "|".join(map(re.escape, words))
    return re.sub(rf"(?<![\d.])(\d+)\s+(?:{alt})\s+(\d+)(?![\d.])", r"\1.\2", text, flags=re.IGNORECASE)


def fraction_words(langs: tuple[str, ...] = LANGS) -> dict[str, float]:
    """Fraction words ("half", «نیم», "пол") and their shares."""
    lex = core_lexicon("numbers")
    return {_key(w): float(v) for lang in langs for w, v in lex.get(lang, {}).get("fraction", {}).items()}


@cache
def count_words(langs: tuple[str, ...] = LANGS, upto: int = 100) -> dict[str, int]:
    """Words that alone say a whole count from 1 to `upto` ("three", "двух", "doce"), lower case as
    typed, accent-free, and with Russian ё where е may be written for it ("трёх")."""
    out: dict[str, int] = {}
    for lang in langs:
        t = table(lang)
        info = import_module(f"number_parser.data.{lang}").info
        typed = [w for g in ("UNIT_NUMBERS", "DIRECT_NUMBERS", "TENS") for w in info[g]]
        for word in [*typed, *t.words]:
            found = t.words.get(_key(word))
            if found is None or found[0] != "add" or not (1 <= found[1] <= upto) or not found[1].is_integer():
                continue
            for form in {word.lower(), _key(word), *_yo_forms(word.lower())}:
                out[form] = int(found[1])
    return out


def _yo_forms(word: str) -> list[str]:
    """`word` with one е written ё (Russian writes ё as е at will, so both must be read)."""
    return [word[:i] + "ё" + word[i + 1 :] for i, c in enumerate(word) if c == "е"]
