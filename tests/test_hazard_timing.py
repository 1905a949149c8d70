"""Hazards that are not happening now: over (past and resolved) or asked as a what-if; anything
ongoing keeps the whole message. Sentences here are written for this test, not taken from a blind set."""

from __future__ import annotations

import pytest

from quarry.apps.leasing.hazard_timing import happening_now
from quarry.apps.leasing.hazards import find_hazards


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("Two weeks ago the breaker panel sparked, the electrician fixed it. Can we have his invoice?", "over"),
        ("В прошлом месяце в подвале прорвало трубу, уже починили. Нужен акт.", "over"),
        ("En caso de fuga de gas, ¿a quién llamamos? Queremos poner un cartel.", "what_if"),
        ("what should we do if the sprinklers ever go off on a weekend?", "what_if"),
        ("the small kitchen fire on the 3rd was put out by staff. could we get the report?", "over"),
        ("we want a fondue night in the lounge. are open flames permitted in the building?", "permission"),
        ("¿Se permite usar velas con fuego en la sala de juntas?", "permission"),
    ],
)
def test_not_happening_now_is_not_p0(text: str, frame: str) -> None:
    assert frame in happening_now(text).frames
    assert find_hazards(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "The pipe was fixed last month but water is pouring through the ceiling again",
        "who do we call if there's smoke? there is smoke in the stairwell right now",
        "There's a gas smell in the pantry, what do we do if it gets stronger?",
        "the elevator was repaired yesterday and now someone is trapped inside it",
        "smoke is pouring out of the outlet, are we allowed to unplug it?",
    ],
)
def test_anything_ongoing_stays_p0(text: str) -> None:
    found = find_hazards(text)
    assert found and all(h.detector in {"rules", "spelling", "similarity"} for h in found)


def test_a_message_without_frames_is_read_unchanged() -> None:
    text = "Smoke is coming out of the outlet behind desk 4"
    assert happening_now(text).text == text and happening_now(text).frames == ()


@pytest.mark.parametrize(
    "text",
    [
        "le plafond du couloir goutte, il y a de l'eau sur le sol",
        "з стелі в підсобці ллється вода на полиці",
        "the door to the server room is really hot to the touch",
        "smells like burnt popcorn but nobody is cooking and it keeps getting stronger",
        "our CO alarm is going off and two of us have a headache",
    ],
)
def test_each_class_is_read_in_its_own_words(text: str) -> None:
    assert find_hazards(text)


@pytest.mark.parametrize(
    "text",
    [
        "our office is flooded with calls about the new parking rules",
        "people smoking by the side door, their smoke comes into the mailroom",
        "the CO detector beeps every minute and says END on the display",
        "nothing smells or looks burnt, but the breaker for the copier tripped",
    ],
)
def test_other_senses_are_not_hazards(text: str) -> None:
    assert find_hazards(text) == []
