"""Regenerate `.env.example` and the README configuration table from `quarry.settings.Settings`.

    uv run python scripts/gen_settings_docs.py
A test (tests/test_docs.py) fails when either is out of date.
"""

from __future__ import annotations

import re
from pathlib import Path

from quarry.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- settings:begin -->", "<!-- settings:end -->"


def rows() -> list[tuple[str, str, str]]:
    out = []
    for name, f in Settings.model_fields.items():
        key = (f.validation_alias if isinstance(f.validation_alias, str) else name).upper()
        d = f.default
        default = "" if d is None else (str(d).lower() if isinstance(d, bool) else str(d))
        out.append((key, default, f.description or ""))
    return out


def env_example() -> str:
    lines = [
        "# Quarry settings. `.env` is the primary source (it wins over the process environment).",
        "# Every key with its default; uncomment to change. No key is needed: without one the",
        "# offline models answer and embeddings come from the bundled multilingual-e5-small.",
        "",
    ]
    for key, default, desc in rows():
        if desc:
            lines.append(f"# {desc}")
        lines.append(f"# {key}={default}")
    return "\n".join(lines) + "\n"


def config_table() -> str:
    lines = ["| key | default | what it does |", "| --- | --- | --- |"]
    lines += [f"| `{k}` | `{d}` | {desc} |" for k, d, desc in rows()]
    return "\n".join(lines)


def readme(text: str) -> str:
    return re.sub(f"{BEGIN}.*?{END}", f"{BEGIN}\n{config_table()}\n{END}", text, flags=re.S)


if __name__ == "__main__":
    (ROOT / ".env.example").write_text(env_example(), encoding="utf-8")
    path = ROOT / "README.md"
    path.write_text(readme(path.read_text(encoding="utf-8")), encoding="utf-8")
    print("updated .env.example and README.md")
