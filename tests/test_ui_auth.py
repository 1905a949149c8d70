"""The UI's doors (issue 17): the public page registers no data change; the staff console's
functions refuse anyone not signed in with a staff or admin key, even through queue/join."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from quarry.auth.keys import create_key
from quarry.db import Database

DATA_CHANGES = {"upload", "upload_lease_file"}


@pytest.fixture(scope="module")
def site(db: None, leasing_db: Database) -> Iterator[TestClient]:
    from quarry.api import create_app

    with TestClient(create_app(with_ui=True)) as c:
        yield c


def _functions(config: dict[str, object]) -> set[str]:
    return {str(d.get("api_name")) for d in config["dependencies"]}  # type: ignore[attr-defined]


def test_the_public_page_registers_no_data_change(site: TestClient) -> None:
    public = site.get("/config")
    assert public.status_code == 200
    assert not _functions(public.json()) & DATA_CHANGES


def test_every_console_function_refuses_a_caller_without_a_staff_login(site: TestClient) -> None:
    assert site.get("/admin/config").status_code == 401
    for fn_index in range(4):  # every event the console registers, by index
        joined = site.post(
            "/admin/gradio_api/queue/join", json={"data": [None, None], "fn_index": fn_index, "session_hash": "anon"}
        )
        assert joined.status_code == 401, (fn_index, joined.text)


def test_only_staff_and_admin_keys_sign_in_to_the_console(leasing_db: Database, site: TestClient) -> None:
    tenant_info, tenant_key = create_key(leasing_db, "tenant", tenant_id="T-001", name="console test")
    refused = site.post("/admin/login/", data={"username": tenant_info.id, "password": tenant_key})
    assert refused.status_code >= 400
    staff_info, staff_key = create_key(leasing_db, "staff", name="console test")
    wrong_id = site.post("/admin/login/", data={"username": "someone", "password": staff_key})
    assert wrong_id.status_code >= 400
    with TestClient(site.app) as staff:
        signed_in = staff.post("/admin/login/", data={"username": staff_info.id, "password": staff_key})
        assert signed_in.status_code == 200, signed_in.text
        console = staff.get("/admin/config")
        assert console.status_code == 200 and _functions(console.json()) >= DATA_CHANGES
