"""With the UI mounted: 413 for every oversized body (chunked too), no upload left behind,
and 404/405 in the documented error shape."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from quarry.api import create_app
from quarry.settings import get_settings
from quarry.uploads import discard_upload, prepare_uploads

NINE_MB = 9 * 1024 * 1024


@pytest.fixture(scope="module")
def client(db: None) -> Iterator[TestClient]:
    with TestClient(create_app(with_ui=True), raise_server_exceptions=False) as test_client:
        yield test_client


def _upload_dir() -> Path:
    return Path(os.environ["GRADIO_TEMP_DIR"])


def _files(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def _chunks(total: int, piece: bytes = b"a" * 65536) -> Iterator[bytes]:
    sent = 0
    while sent < total:
        yield piece
        sent += len(piece)


def _multipart(total: int) -> Iterator[bytes]:
    yield b'--xyz\r\nContent-Disposition: form-data; name="files"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n'
    yield from _chunks(total)
    yield b"\r\n--xyz--\r\n"


def test_a_chunked_json_body_over_the_limit_is_413(client: TestClient) -> None:
    # A generator body has no Content-Length: it is sent chunked.
    response = client.post("/api/comps/search", content=_chunks(NINE_MB), headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "PayloadTooLarge"


def test_a_chunked_body_under_the_limit_still_works(client: TestClient) -> None:
    body = b'{"query": "4 room flat in bedok"}'
    response = client.post(
        "/api/comps/search", content=iter([body[:10], body[10:]]), headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text[:300]


def test_an_oversized_chunked_upload_is_413_and_leaves_no_file(client: TestClient) -> None:
    before = _files(_upload_dir())
    response = client.post(
        "/gradio_api/upload",
        content=_multipart(NINE_MB),
        headers={"content-type": "multipart/form-data; boundary=xyz"},
    )
    assert response.status_code == 413
    assert response.json()["error"] == "PayloadTooLarge"
    assert _files(_upload_dir()) == before


def test_an_upload_lands_in_the_process_folder_and_is_deleted_after_use(client: TestClient) -> None:
    assert _upload_dir().name == str(os.getpid())
    response = client.post(
        "/gradio_api/upload",
        files={"files": ("units.csv", b"unit_id,sqft\nU-1,1200\n", "text/csv")},
    )
    assert response.status_code == 200, response.text[:300]
    (stored,) = response.json()
    path = Path(stored)
    assert path.is_file() and path.is_relative_to(_upload_dir())
    discard_upload(stored)
    assert not path.exists()
    assert _upload_dir().is_dir()


def test_a_path_outside_the_upload_folder_is_never_deleted(tmp_path: Path) -> None:
    keep = tmp_path / "mine.csv"
    keep.write_text("x")
    discard_upload(keep)
    assert keep.exists()


def test_uploads_of_processes_that_are_gone_are_removed_at_start(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    leftover = tmp_path / "uploads" / str(dead_pid) / "abc123" / "photo.jpg"
    leftover.parent.mkdir(parents=True)
    leftover.write_bytes(b"jpeg")
    saved = {k: os.environ.get(k) for k in ("GRADIO_TEMP_DIR", "QUARRY_UPLOAD_ROOT")}
    try:
        mine = prepare_uploads(tmp_path)
        assert not leftover.exists() and not leftover.parent.parent.exists()
        assert mine.is_dir() and mine.name == str(os.getpid())
    finally:
        for key, value in saved.items():
            if value is not None:
                os.environ[key] = value
    assert get_settings().state_dir  # the app's own folder is untouched by this test


@pytest.mark.parametrize(
    ("method", "path", "status", "error"),
    [
        ("POST", "/healthz", 405, "MethodNotAllowed"),
        ("DELETE", "/api/comps/search", 405, "MethodNotAllowed"),
        ("GET", "/api/no/such/route", 404, "NotFound"),
        ("POST", "/api/nothing", 404, "NotFound"),
    ],
)
def test_api_paths_keep_the_error_shape_with_the_ui_mounted(
    client: TestClient, method: str, path: str, status: int, error: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    assert response.json() == {"error": error, "detail": response.json()["detail"]}
    assert response.json()["error"] == error
    if status == 405:
        assert response.headers["allow"]


def test_the_ui_own_404_is_rewritten_to_the_error_shape(client: TestClient) -> None:
    # Not an API path: Gradio answers it, in its own shape, which the middleware rewrites.
    for method in ("GET", "POST"):
        response = client.request(method, "/no/such/page")
        assert response.status_code == 404
        assert response.json()["error"] == "NotFound"
