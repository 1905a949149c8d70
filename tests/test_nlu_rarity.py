"""Word frequencies tell a specific name from an ordinary word (`quarry.nlu.rarity`)."""

from __future__ import annotations

import pytest

from quarry.nlu.rarity import is_rare


@pytest.mark.parametrize("word", ["magunatip", "randai", "tomoi", "dabus"])
def test_specific_names_are_rare_in_english_and_malay(word: str) -> None:
    assert is_rare(word, ("en", "ms"))


@pytest.mark.parametrize("word", ["installed", "photos", "dance", "songket", "tarian", "keris"])
def test_ordinary_words_of_either_language_are_not(word: str) -> None:
    assert not is_rare(word, ("en", "ms"))


def test_digits_and_short_words_are_never_rare() -> None:
    assert not is_rare("1960", ("en",)) and not is_rare("xq", ("en",))
