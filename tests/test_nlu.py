"""The language layer: numbers, money, bounds, periods, inflection, fuzzy names, removals and
translations read the same way for every app, in the languages the apps serve."""

from __future__ import annotations

from datetime import date

import pytest

from quarry.nlu.bounds import Quantity, find_bounds
from quarry.nlu.fuzzy import abbreviates, best_name, typing_slip
from quarry.nlu.inflect import name_nominatives
from quarry.nlu.langid import detect
from quarry.nlu.money import marked, money_pattern, money_value
from quarry.nlu.numbers import words_to_digits
from quarry.nlu.periods import find_periods
from quarry.nlu.removals import find_removals
from quarry.nlu.scan import MASK, Scan
from quarry.nlu.text import plain
from quarry.nlu.translate import translate

MONEY = Quantity("money", money_pattern, lambda m, p, o, q: money_value(m, p, scale_from=o, q=q), marked=marked)
LANGS = ("en", "ms", "fa", "ru", "uk", "es")


@pytest.mark.parametrize(
    ("text", "lang", "want"),
    [
        ("seventy years", "en", "70 years"),
        ("two hundred thousand and five", "en", "200005"),
        ("двадцать пять тысяч", "ru", "25000"),
        ("двадцять п'ять", "uk", "25"),
        ("veinticinco mil", "es", "25000"),
        ("بیست و پنج میلیون", "fa", "25000000"),
        ("dua puluh lima ribu", "ms", "25000"),
        ("one point one mil", "en", "1.1 mil"),
        ("6 hundred k", "en", "600 k"),
        ("the second one", "en", "the second one"),  # ordinals and a lone "one" stay words
        ("20 to 30 million", "en", "20 to 30 million"),  # the scale stays for the range
    ],
)
def test_number_words_become_digits(text: str, lang: str, want: str) -> None:
    assert words_to_digits(text, (lang,)) == want


def test_chinese_numerals_and_other_scripts_digits() -> None:
    assert words_to_digits("四房式", ("zh",)) == "4房式"
    assert plain("۱۲۸ گیگ") == "128 گیگ" and plain("٣٠") == "30"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("between 500 and 600k", ("range", 500_000, 600_000)),
        ("not more than 420k", ("max", None, 420_000)),
        ("half a mil to 650k", ("range", 500_000, 650_000)),
        ("$800k-$900k", ("range", 800_000, 900_000)),
        ("0.6-0.7m", ("range", 600_000, 700_000)),
        ("1 mil and above", ("min", 1_000_000, None)),
        ("harga bawah 500k", ("max", None, 500_000)),
        ("زیر ۲۵ میلیون", ("max", None, 25_000_000)),
        ("بین ۲۰ تا ۳۰ میلیون تومان", ("range", 20_000_000, 30_000_000)),
        ("от 1 до 2 млн", ("range", 1_000_000, 2_000_000)),
    ],
)
def test_one_bound_grammar_for_money(text: str, want: tuple[str, float | None, float | None]) -> None:
    scan = Scan(words_to_digits(text, LANGS))
    bounds = find_bounds(scan, MONEY, LANGS)
    assert [(b.kind, b.lo, b.hi) for b in bounds] == [want]
    assert MASK in scan.buf  # what was read is taken, so no other extractor reads it again


def test_min_and_max_in_one_message_are_both_read() -> None:
    bounds = find_bounds(Scan("min 700k max 900k"), MONEY, ("en",))
    assert [(b.kind, b.lo, b.hi) for b in bounds] == [("min", 700_000, None), ("max", None, 900_000)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("بیشتر از ۵۰ میلیون نشه", ("max", None, 50_000_000)),  # "let it not be more than 50M"
        ("کمتر از ۵ میلیون نباشه", ("min", 5_000_000, None)),
        ("bishtar az 40 milion nashe", ("max", None, 40_000_000)),
        ("کمتر از ۵ میلیون باشه", ("max", None, 5_000_000)),  # not negated: as said
        ("سقفم ۳۰ میلیونه", ("max", None, 30_000_000)),  # "my cap is 30M"
    ],
)
def test_a_verb_after_the_amount_that_negates_the_bound_turns_it(
    text: str, want: tuple[str, float | None, float | None]
) -> None:
    scan = Scan(words_to_digits(text, ("fa",)))
    bounds = find_bounds(scan, MONEY, ("fa", "finglish"))
    assert [(b.kind, b.lo, b.hi) for b in bounds] == [want]
    assert "نشه" not in scan.buf and "nashe" not in scan.buf  # the negating verb is read with the bound


ANCHOR = date(2026, 11, 24)


@pytest.mark.parametrize(
    ("text", "langs", "kind", "start"),
    [
        ("past 9 mths", ("en",), "rolling", date(2026, 3, 1)),
        ("since June", ("en",), "since", date(2026, 6, 1)),
        ("с марта", ("ru",), "since", date(2026, 3, 1)),
        ("з квітня", ("uk",), "since", date(2026, 4, 1)),
        ("desde abril", ("es",), "since", date(2026, 4, 1)),
        ("за последние полгода", ("ru",), "rolling", date(2026, 6, 1)),
        ("2023-2025", ("en",), "years", date(2023, 1, 1)),
        ("3 bulan lepas", ("ms",), "rolling", date(2026, 9, 1)),
        ("最近半年", ("zh",), "rolling", date(2026, 6, 1)),
    ],
)
def test_periods_relative_to_an_anchor(text: str, langs: tuple[str, ...], kind: str, start: date) -> None:
    periods = find_periods(Scan(words_to_digits(text, langs)), langs, ANCHOR)
    assert [(p.kind, p.start) for p in periods] == [(kind, start)]


def test_inflected_names_read_back_to_the_nominative() -> None:
    assert [name_nominatives(w, "ru")[0] for w in ("Фёдоровой", "Юлии", "Ивановны")] == ["Фёдорова", "Юлия", "Ивановна"]
    assert name_nominatives("Петренка", "uk") == ["Петренко"]


TOWNS = ("TAMPINES", "PUNGGOL", "BEDOK", "YISHUN", "KALLANG/WHAMPOA", "MARINE PARADE", "SEMBAWANG", "JURONG WEST")


@pytest.mark.parametrize(
    ("typed", "want"),
    [("tampinis", "TAMPINES"), ("punngol", "PUNGGOL"), ("bedoc", "BEDOK"), ("yi shun", "YISHUN"),
     ("marine prd", "MARINE PARADE"), ("jurong w", "JURONG WEST"), ("bedroom", None), ("bishop", None)],
)  # fmt: skip
def test_names_of_the_data_are_matched_with_slips_not_alias_lists(typed: str, want: str | None) -> None:
    hit = best_name(typed, TOWNS)
    assert (hit.name if hit else None) == want


def test_typing_slips_never_swap_one_consonant_for_another() -> None:
    assert typing_slip("smokee", "smoke") and typing_slip("burnign", "burning") and typing_slip("watter", "water")
    assert not typing_slip("charged", "charred") and not typing_slip("since", "singe")
    assert abbreviates("bt batok", "BUKIT BATOK") and not abbreviates("bb", "BUKIT BATOK")


def test_shortened_single_words_only_when_one_name_fits() -> None:
    hit = best_name("semb", TOWNS, shortened=True)
    assert hit is not None and hit.name == "SEMBAWANG"
    assert best_name("semb", TOWNS) is None  # off unless the caller asks for it


def test_removals_take_a_constraint_back() -> None:
    nouns = {"price": ["budget", "price"], "street": ["street"]}
    assert find_removals(Scan("remove the budget pls"), nouns, ("en",)) == {"price"}
    assert find_removals(Scan("street also can"), nouns, ("en",)) == {"street"}
    assert find_removals(Scan("budget 600k"), nouns, ("en",)) == set()


def test_translation_reads_other_languages_as_known_words() -> None:
    pairs = {"pajakan": "lease", "宏茂桥": "Ang Mo Kio"}
    assert " ".join(translate("宏茂桥 3房 pajakan 60", pairs).split()) == "Ang Mo Kio 3房 lease 60"


def test_language_id() -> None:
    assert [detect(t) for t in ("покажи холестерин", "з квітня гемоглобін", "glucosa del paciente")] == [
        "ru",
        "uk",
        "es",
    ]


# --- degree: comparatives and superlatives ----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "concept", "degree"),
    [
        ("the cheapest fridge", "cheap", "superlative"),
        ("a bit pricier one", "expensive", "comparative"),
        ("something less expensive please", "cheap", "comparative"),  # a reversing marker
        ("the least expensive option", "cheap", "superlative"),
        ("ارزونترین گوشی", "cheap", "superlative"),  # joined
        ("ارزون‌ترین گوشی", "cheap", "superlative"),  # half-space
        ("ارزون ترین گوشی", "cheap", "superlative"),  # space
        ("کدوم ارزونتره؟", "cheap", "comparative"),  # with the spoken copula
        ("گرون‌ترین یخچال", "expensive", "superlative"),
        ("самую дешёвую стиралку", "cheap", "superlative"),  # any case after самый
        ("что дешевле", "cheap", "comparative"),
        ("найдешевший телефон", "cheap", "superlative"),  # Ukrainian, not in the dictionary's tags
        ("la más cara", "expensive", "superlative"),
        ("paling murah", "cheap", "superlative"),
        ("newest photos", "new", "superlative"),
    ],
)
def test_degrees_are_built_by_grammar_from_base_adjectives(text: str, concept: str, degree: str) -> None:
    from quarry.nlu.degree import find_degrees

    found = find_degrees(text)
    assert [(d.concept, d.degree) for d in found] == [(concept, degree)]
    assert text[found[0].start : found[0].end] == found[0].text


@pytest.mark.parametrize("text", ["a cheap fridge", "дешёвый холодильник", "ارزون", "the ladder", "water heater"])
def test_plain_adjectives_and_look_alikes_are_no_degree(text: str) -> None:
    from quarry.nlu.degree import find_degrees

    assert find_degrees(text) == []


# --- polarity: negation and yes/no questions --------------------------------------------------
@pytest.mark.parametrize(
    ("text", "yes_no"),
    [
        ("Does the A54 have noise cancelling?", True),
        ("is there a gym in the building", True),
        ("گوشی سامسونگ A54 حذف نویز داره؟", True),
        ("آیا گارانتی دارد", True),
        ("Есть ли у него NFC?", True),
        ("Чи є гарантія?", True),
        ("Adakah ada gambar lama?", True),
        ("¿Tiene garantía?", True),
        ("what does it cost?", False),
        ("how many sellers are there?", False),
        ("قیمتش چنده؟", False),
        ("кто продаёт дешевле?", False),
    ],
)
def test_yes_no_questions(text: str, yes_no: bool) -> None:
    from quarry.nlu.polarity import is_yes_no_question

    assert is_yes_no_question(text) is yes_no


@pytest.mark.parametrize(
    ("text", "negated", "kept"),
    [
        ("a fridge without a freezer, but white", ["freezer"], ["white"]),
        ("not white", ["white"], []),
        ("یخچال بدون فریزر", ["فریزر"], ["یخچال"]),
        ("گارانتی نداره", ["نداره"], ["گارانتی"]),
        ("sin garantía", ["garantía"], []),
        ("холодильник не белый", ["белый"], ["холодильник"]),
    ],
)
def test_negation_covers_the_next_words_of_its_clause(text: str, negated: list[str], kept: list[str]) -> None:
    from quarry.nlu.polarity import negated_words

    words = [w for w, _, _ in negated_words(text)]
    assert all(n in words for n in negated) and not any(k in words for k in kept)
