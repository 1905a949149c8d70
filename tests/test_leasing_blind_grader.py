"""The blind grader's reading of a label's sections: one spelling per section, and a label that names a whole
exhibit (written when its rules were one chunk) met by any rule of it, never by another exhibit's."""

from __future__ import annotations

from quarry.apps.leasing.blind import _meets, section_label


def test_a_section_is_named_one_way() -> None:
    assert section_label("Exhibit D, Section 2") == section_label("Exhibit D, 2") == "exhibit d, 2"


def test_a_whole_exhibit_label_is_met_by_any_of_its_rules_only() -> None:
    wanted = {section_label("14.1"), section_label("Exhibit B")}
    assert _meets({section_label("Exhibit B, Section 8")}, wanted)
    assert _meets({"14.1"}, wanted)
    assert not _meets({section_label("Exhibit C")}, wanted)
    assert not _meets({section_label("Exhibit BB, Section 1")}, wanted)
    # A label naming one rule is met by that rule alone.
    assert not _meets({section_label("Exhibit B, Section 9")}, {section_label("Exhibit B, Section 8")})
