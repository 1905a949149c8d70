"""Docs stay true: every setting is in .env.example and the README table; README commands exist."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _gen():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts" / "gen_settings_docs.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_env_example_lists_every_setting() -> None:
    assert (ROOT / ".env.example").read_text(encoding="utf-8") == _gen().env_example(), (
        "run: uv run python scripts/gen_settings_docs.py"
    )


def test_readme_configuration_table_is_current() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert _gen().readme(text) == text, "run: uv run python scripts/gen_settings_docs.py"


def test_readme_quick_start_and_ci_agree() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
