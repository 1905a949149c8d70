"""The app registry: every app folder is listed once, every reference resolves, and the
CLI, HTTP app, UI and migrations are built from it."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest
import typer
from fastapi import APIRouter
from typer.testing import CliRunner

from quarry.apps import APPS, get_app
from quarry.appspec import AppSpec


def test_every_app_folder_is_registered_once() -> None:
    folders = {p.name for p in resources.files("quarry.apps").iterdir() if p.is_dir() and (p / "spec.py").is_file()}
    names = [spec.name for spec in APPS]
    assert len(names) == len(set(names))
    assert folders == set(names)


@pytest.mark.parametrize("spec", APPS, ids=[s.name for s in APPS])
def test_every_reference_resolves(spec: AppSpec) -> None:
    assert isinstance(spec.load("cli"), typer.Typer)
    assert isinstance(spec.load("router"), APIRouter)
    for field in ("ui_tab", "prepare", "evaluate"):
        assert callable(spec.load(field))
    assert (resources.files(spec.package) / "migrations").is_dir()


def test_a_broken_reference_fails_loudly() -> None:
    broken = replace(get_app("comps"), router="quarry.apps.comps.nonexistent:router")
    with pytest.raises(ModuleNotFoundError):
        broken.load("router")
    with pytest.raises(KeyError, match="known: comps"):
        get_app("nope")


def test_cli_has_a_group_with_eval_for_every_app() -> None:
    from quarry.cli import app

    runner = CliRunner()
    top = runner.invoke(app, ["--help"])
    for spec in APPS:
        assert spec.name in top.stdout
        sub = runner.invoke(app, [spec.name, "--help"])
        assert sub.exit_code == 0 and "eval" in sub.stdout, sub.stdout


def test_http_app_mounts_every_router(client: object) -> None:
    from fastapi.testclient import TestClient

    assert isinstance(client, TestClient)
    paths = set(client.get("/openapi.json").json()["paths"])
    for spec in APPS:
        router: APIRouter = spec.load("router")
        assert {r.path for r in router.routes} <= paths  # type: ignore[attr-defined]


def test_ui_has_a_tab_per_app() -> None:
    from quarry.ui import build_ui

    demo = build_ui()
    ids = {getattr(b, "elem_id", None) for b in demo.blocks.values()}
    assert {f"tab-{spec.name}" for spec in APPS} <= ids
