"""Folding and tokenising: Python (`quarry.search.text`) == SQL (`quarry_fold`, `quarry_tokens`)."""

from __future__ import annotations

import pytest

from quarry.search import fold, tokenize

# (id, text, expected fold). Every text is also checked against the SQL functions.
CASES: list[tuple[str, str, str]] = [
    ("english-street", "Compassvale Road", "compassvale road"),
    ("hdb-street", "BT BATOK WEST AVE 6", "bt batok west ave 6"),
    ("hdb-apostrophe", "C'WEALTH CRES", "c'wealth cres"),
    ("english-punct", "Blk 123, Ang Mo Kio Ave 3 (near MRT)!", "blk 123, ang mo kio ave 3 (near mrt)!"),
    ("english-hyphen", "3-room flat; 07 TO 09 storey", "3-room flat; 07 to 09 storey"),
    ("malay-plain", "Kebudayaan", "kebudayaan"),
    ("malay-diacritics", "Jalan Kembangan Ţĕrâs", "jalan kembangan teras"),
    ("french", "Café Crème Brûlée", "cafe creme brulee"),
    ("vietnamese", "Đà Nẵng", "da nang"),
    ("vietnamese-long", "Thành phố Hồ Chí Minh", "thanh pho ho chi minh"),
    ("german-sharp-s", "Straße", "strasse"),
    ("nordic", "Øresund Ærø", "oresund aero"),
    ("polish", "Łódź", "lodz"),
    ("turkish-dotted-i", "İstanbul", "istanbul"),
    ("fullwidth", "ＣＯＭＰＡＳＳＶＡＬＥ １２", "compassvale 12"),
    ("ligature", "ﬁnance", "finance"),
    ("cyrillic", "Витамин D", "витамин d"),
    ("cyrillic-yo", "Ёлка и ёж", "елка и еж"),
    ("cyrillic-short-i", "Йод й", "йод й"),
    ("greek-final-sigma", "ΟΔΟΣ", "οδοσ"),
    ("persian-arabic-yeh-kaf", "كيك", "کیک"),
    ("persian-alef-maksura", "مصطفى", "مصطفی"),
    ("persian-teh-marbuta", "مدرسة", "مدرسه"),
    ("persian-heh-hamza", "خانۀ ما", "خانه ما"),
    ("persian-zwnj", "گوشی\u200cهای", "گوشیهای"),
    ("persian-no-zwnj", "گوشیهای", "گوشیهای"),
    ("persian-space", "گوشی های", "گوشی های"),
    ("persian-digits", "۱۴۰۲ تومان", "1402 تومان"),
    ("arabic-indic-digits", "٣٢٠ درهم", "320 درهم"),
    ("persian-tatweel", "سلـــام", "سلام"),
    ("arabic-harakat", "مُحَمَّدٌ", "محمد"),
    ("persian-madda-kept", "آب", "آب"),
    ("mixed-script", "Samsung سامسونگ Самсунг", "samsung سامسونگ самсунг"),
    ("emoji", "great flat 😀👍🏽 near MRT", "great flat 😀👍🏽 near mrt"),
    ("punctuation-only", "...!?;:()[]{}", "...!?;:()[]{}"),
    ("empty", "", ""),
    ("nbsp-tabs", "Tampines\u00a0St\t81\n", "tampines st\t81\n"),
]

# (id, text, aliases, expected tokens): the app's alias table applies to folded words.
TOKEN_CASES: list[tuple[str, str, dict[str, str] | None, list[str]]] = [
    ("dedupe-keeps-order", "Road road ROAD 5 road", None, ["road", "5"]),
    ("aliases", "Compassvale Road, Bukit Batok", {"road": "rd", "bukit": "bt"}, ["compassvale", "rd", "bt", "batok"]),
    ("alias-collapses-duplicate", "Road Rd", {"road": "rd"}, ["rd"]),
    ("apostrophe-splits", "C'WEALTH", None, ["c", "wealth"]),
    ("persian-variants-meet", "گوشی‌های سامسونگ", None, ["گوشیهای", "سامسونگ"]),
    ("persian-yeh-meets", "گوشي", None, ["گوشی"]),
    ("emoji-is-a-separator", "a😀b", None, ["a", "b"]),
    ("digits-in-words", "3room 4-room", None, ["3room", "4", "room"]),
    ("punctuation-only", "--- !!!", None, []),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_fold(text: str, expected: str) -> None:
    assert fold(text) == expected


@pytest.mark.parametrize(("text", "aliases", "expected"), [c[1:] for c in TOKEN_CASES], ids=[c[0] for c in TOKEN_CASES])
def test_tokenize(text: str, aliases: dict[str, str] | None, expected: list[str]) -> None:
    assert tokenize(text, aliases) == expected


def test_zwnj_and_joined_spellings_fold_alike() -> None:
    assert fold("گوشی\u200cهای") == fold("گوشیهای") != fold("گوشی های")


def test_python_equals_sql(db: None) -> None:
    """Every string of both tables folds and tokenises the same in SQL as in Python."""
    from quarry.db.database import get_database
    from quarry.settings import get_settings

    texts = [c[1] for c in CASES] + [c[1] for c in TOKEN_CASES]
    rows = get_database(get_settings()).fetch_all(
        "SELECT t, quarry_fold(t) AS f, quarry_tokens(t) AS toks FROM unnest(CAST(:texts AS text[])) AS t",
        {"texts": texts},
    )
    mismatches = [
        (r["t"], r["f"], fold(r["t"]), r["toks"], tokenize(r["t"]))
        for r in rows
        if (r["f"], r["toks"]) != (fold(r["t"]), tokenize(r["t"]))
    ]
    assert len(rows) == len(texts) >= 30
    assert mismatches == []


def test_sql_functions_are_immutable_and_parallel_safe(db: None) -> None:
    from quarry.db.database import get_database
    from quarry.settings import get_settings

    rows = get_database(get_settings()).fetch_all(
        "SELECT proname, provolatile, proparallel FROM pg_proc WHERE proname IN ('quarry_fold', 'quarry_tokens')"
    )
    assert {(r["proname"], r["provolatile"], r["proparallel"]) for r in rows} == {
        ("quarry_fold", "i", "s"),
        ("quarry_tokens", "i", "s"),
    }
