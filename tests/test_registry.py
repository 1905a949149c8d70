"""The app registry: every app folder is listed once, every reference resolves, and the
CLI, HTTP app, UI and migrations are built from it."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest
import typer
from fastapi import APIRouter
from pydantic import BaseModel
from typer.testing import CliRunner

from quarry.apps import APPS, get_app
from quarry.appspec import AppSpec
from quarry.errors import BadInput


def test_every_app_folder_is_registered_once() -> None:
    folders = {p.name for p in resources.files("quarry.apps").iterdir() if p.is_dir() and (p / "spec.py").is_file()}
    names = [spec.name for spec in APPS]
    assert len(names) == len(set(names))
    assert folders == set(names)


@pytest.mark.parametrize("spec", APPS, ids=[s.name for s in APPS])
def test_every_reference_resolves(spec: AppSpec) -> None:
    assert isinstance(spec.load("cli"), typer.Typer)
    if spec.router:
        assert isinstance(spec.load("router"), APIRouter)
    for field in ("ui_tab", "prepare", "evaluate"):
        assert callable(spec.load(field))
    assert (resources.files(spec.package) / "migrations").is_dir()


@pytest.mark.parametrize("spec", APPS, ids=[s.name for s in APPS])
def test_every_app_declares_its_turn(spec: AppSpec) -> None:
    conv = spec.conversation
    assert conv is not None
    request, response = conv.load("request"), conv.load("response")
    assert issubclass(request, BaseModel) and issubclass(response, BaseModel)
    assert conv.message in request.model_fields
    assert not conv.session or conv.session in request.model_fields
    assert not conv.session_out or conv.session_out in response.model_fields
    for field in ("run", "render", "cases", "public", "json", "failed", "parts"):
        if getattr(conv, field):
            assert callable(conv.load(field)), field
    sets = conv.load("cases")()
    assert sets and all(len(cases) > 0 for cases in sets.values())


def test_a_broken_reference_fails_loudly() -> None:
    broken = replace(get_app("comps"), router="quarry.apps.comps.nonexistent:router")
    with pytest.raises(ModuleNotFoundError):
        broken.load("router")
    with pytest.raises(KeyError, match="known: comps"):
        get_app("nope")


def test_cli_has_a_group_with_ask_and_eval_for_every_app() -> None:
    from quarry.cli import app

    runner = CliRunner()
    top = runner.invoke(app, ["--help"])
    for spec in APPS:
        assert spec.name in top.stdout
        sub = runner.invoke(app, [spec.name, "--help"])
        assert sub.exit_code == 0 and "eval" in sub.stdout and "ask" in sub.stdout, sub.stdout


@pytest.mark.parametrize("spec", APPS, ids=[s.name for s in APPS])
def test_generated_ask_continues_with_session_and_refuses_bad_values_by_the_request_model(spec: AppSpec) -> None:
    from quarry.cli import app

    conv = spec.conversation
    assert conv is not None
    runner = CliRunner()
    help_text = runner.invoke(app, [spec.name, "ask", "--help"], terminal_width=200).stdout
    assert ("--session" in help_text) == bool(conv.session)
    if spec.name == "comps":  # a constraint of the request model is the CLI's too
        bad = runner.invoke(app, ["comps", "ask", "4 room in Tampines", "--strictness", "7"])
        assert bad.exit_code != 0 and isinstance(bad.exception, BadInput) and "strictness" in bad.exception.message


def test_http_app_mounts_every_router_and_turn(client: object) -> None:
    from fastapi.testclient import TestClient

    assert isinstance(client, TestClient)
    paths = client.get("/openapi.json").json()["paths"]
    for spec in APPS:
        if spec.router:
            router: APIRouter = spec.load("router")
            assert {r.path for r in router.routes} <= set(paths)  # type: ignore[attr-defined]
        conv = spec.conversation
        assert conv is not None and "post" in paths[conv.path]
        body = paths[conv.path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert body["$ref"].endswith("/" + conv.load("request").__name__)


def test_ui_has_a_tab_per_app() -> None:
    from quarry.ui import build_ui

    demo = build_ui()
    ids = {getattr(b, "elem_id", None) for b in demo.blocks.values()}
    assert {f"tab-{spec.name}" for spec in APPS} <= ids
