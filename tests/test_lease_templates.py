"""The lease wording lives in template files (quarry/apps/leasing/authoring/templates): every entry
of every file is read by some lease, every placeholder is filled, and a template cannot compute.
That the leases come out byte for byte as bundled is test_leasing_data's regeneration test.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from quarry.apps.leasing.authoring.generate import generate
from quarry.apps.leasing.authoring.lease_articles import ARTICLES
from quarry.apps.leasing.authoring.lease_attachments import EXHIBITS
from quarry.apps.leasing.authoring.lease_templates import (
    TemplateError,
    Wording,
    fill,
    template_names,
    wording,
)
from quarry.apps.leasing.authoring.lease_text import LeaseTerms, render_lease
from quarry.apps.leasing.authoring.lease_writer import LeaseWriter, lease_values


@cache
def leases() -> tuple[LeaseTerms, ...]:
    """The leases on file (between them every profile choice and every dice branch), and two
    variants for the industries none of them has: one with a use of its own, one without."""
    on_file = generate().leases
    assert len(on_file) == 8
    return (*on_file, replace(on_file[0], industry="legal"), replace(on_file[0], industry="accounting"))


@cache
def rendered() -> tuple[str, ...]:
    return tuple(render_lease(t)[0] for t in leases())


def test_every_template_file_belongs_to_a_part_of_the_lease() -> None:
    expected = {f"articles/{key}" for key, _write in ARTICLES} | {f"exhibits/{name}" for name in EXHIBITS}
    assert set(template_names()) == expected | {"document", "amendment"}


def test_every_template_entry_is_read_by_some_lease() -> None:
    rendered()
    unread = {name: wording(name).entries() - wording(name).read for name in template_names()}
    assert {name: sorted(paths) for name, paths in unread.items() if paths} == {}


def test_every_placeholder_is_filled() -> None:
    for text in rendered():
        assert "{" not in text and "}" not in text


def test_every_template_asks_only_for_plain_names() -> None:
    for name in template_names():
        wording(name)  # checked on load
    computed = {"sections": {"rent": {"title": "Rent", "text": "Rent is {rent:>12} a month."}}}
    with pytest.raises(TemplateError):
        Wording("articles/rent", computed)


@pytest.mark.parametrize("template", ["{rent:>12}", "{terms.tenant}", "{rules[0]}", "{rent!r}"])
def test_a_template_cannot_compute(template: str) -> None:
    with pytest.raises(TemplateError):
        fill(template, {"rent": 1, "terms": leases()[0], "rules": ["no smoking"]})


def test_a_placeholder_without_a_value_is_an_error() -> None:
    with pytest.raises(TemplateError):
        fill("{tenant} pays {rent}", {"tenant": "Acme"})


def _writer() -> LeaseWriter:
    t = leases()[0]
    return LeaseWriter(t, random.Random(0), articles={}, values=lease_values(t, "9:00 a.m. to 5:00 p.m.", "1.00"))


def test_a_value_no_template_asks_for_is_an_error() -> None:
    c = _writer()
    assert c.fill("{tenant} pays {rent}", rent="$1.00") == f"{leases()[0].tenant} pays $1.00"
    with pytest.raises(TemplateError):
        c.fill("{tenant} pays {rent}", rent="$1.00", rnet="$2.00")


def test_a_value_cannot_hide_the_leases_own() -> None:
    with pytest.raises(TemplateError):
        _writer().fill("{tenant} pays", tenant="someone else")
