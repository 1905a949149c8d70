"""The lease wording: TOML files under `templates/` (package data), with `{name}` placeholders.

Python keeps the grammar (which clauses a lease gets, numbers in words, dates, money); the wording
(titles, clauses, rules, cover and signature lines) is read from here. A placeholder is a bare
`{name}`: no format spec, conversion, attribute or index, so a template cannot compute, and filling
one that lacks a value is an error.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

Entry = tuple[str, ...]
"""Where an entry sits in its file: ("title",), ("sections", "premises"), ("uses", "retail")."""


class TemplateError(ValueError):
    """A template and the code filling it disagree (a missing or unused value, a computed field)."""


@dataclass(frozen=True)
class Section:
    """One numbered section of a lease: "13.1 Consent Required. <text>"."""

    title: str
    text: str
    """The wording after the title, with `{name}` placeholders."""


class Wording:
    """One template file. Records the entries read, so a test can show that none is dead."""

    def __init__(self, name: str, data: dict[str, Any]) -> None:
        for template in _strings(data):
            placeholders(template)  # a computed field fails on load, not in the one lease that uses it
        self.name = name
        self._data = data
        self.read: set[Entry] = set()

    def has(self, *path: str) -> bool:
        node: Any = self._data
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return False
            node = node[key]
        return True

    def text(self, *path: str) -> str:
        value = self._get(path)
        if not isinstance(value, str):
            raise TemplateError(f"{self.name}: {'.'.join(path)} is not a string")
        return value

    def texts(self, *path: str) -> list[str]:
        value = self._get(path)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise TemplateError(f"{self.name}: {'.'.join(path)} is not a list of strings")
        return list(value)

    def section(self, key: str) -> Section:
        value = self._get(("sections", key))
        if not isinstance(value, dict) or set(value) != {"title", "text"}:
            raise TemplateError(f"{self.name}: sections.{key} needs exactly a title and a text")
        return Section(title=str(value["title"]), text=str(value["text"]))

    def entries(self) -> set[Entry]:
        """Every entry code can read: strings, lists of strings, and sections (each a whole)."""
        return set(_leaves(self._data, ()))

    def _get(self, path: Entry) -> Any:
        if not self.has(*path):
            raise TemplateError(f"{self.name}: no {'.'.join(path)}")
        self.read.add(path)
        node: Any = self._data
        for key in path:
            node = node[key]
        return node


def _leaves(node: dict[str, Any], path: Entry) -> Iterator[Entry]:
    for key, value in node.items():
        here = (*path, key)
        if here == ("sections",):
            yield from ((*here, section) for section in value)
        elif isinstance(value, dict):
            yield from _leaves(value, here)
        else:
            yield here


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _strings(item)


def _root() -> Traversable:
    return resources.files("quarry.apps.leasing.authoring") / "templates"


@cache
def wording(name: str) -> Wording:
    """`templates/<name>.toml`, e.g. "articles/rent" (read once)."""
    *folders, stem = name.split("/")
    node = _root()
    for folder in folders:
        node = node / folder
    return Wording(name, tomllib.loads((node / f"{stem}.toml").read_text(encoding="utf-8")))


def template_names() -> list[str]:
    """Every template file, as `wording` names it."""

    def walk(node: Traversable, prefix: str) -> Iterator[str]:
        for child in node.iterdir():
            if child.is_dir():
                yield from walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".toml"):
                yield prefix + child.name.removesuffix(".toml")

    return sorted(walk(_root(), ""))


@cache
def placeholders(template: str) -> frozenset[str]:
    """The names a template asks for."""
    names = set()
    for _literal, field, spec, conversion in string.Formatter().parse(template):
        if field is None:
            continue
        if not field.isidentifier() or spec or conversion:
            raise TemplateError(f"{{{field}}} in {template[:60]!r}...: only plain {{name}} placeholders")
        names.add(field)
    return frozenset(names)


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template` with each `{name}` replaced by `str(values[name])`."""
    missing = placeholders(template) - values.keys()
    if missing:
        raise TemplateError(f"no value for {sorted(missing)} in {template[:60]!r}...")
    return template.format_map(values)
