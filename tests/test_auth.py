"""Identity and authorisation (issue 17): keys and roles, row-level security in the database,
conversations bound to their principal, who asked in the audit.

Every attack of the issue is tried against the real server and database: another patient's or
tenant's id in the question, in the body, and in hand-written SQL through the sandbox.
"""

from __future__ import annotations

import json
import uuid

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from quarry.auth.keys import create_key, resolve_key, revoke_key
from quarry.auth.principal import LOCAL_ADMIN, Principal
from quarry.caller import Caller, acting_as
from quarry.db import Database, get_database
from quarry.settings import get_settings
from quarry.sqlguard.readonly import run_readonly

READER = "quarry_reader"


@pytest.fixture(scope="module")
def labs_db(db: None) -> Database:
    """The test server's database with every app's bundled data (labs' demo patients among them)."""
    return get_database(get_settings())


@pytest.fixture(scope="module")
def api(client: TestClient, leasing_db: Database) -> TestClient:
    return client


def _key(db: Database, role: str, **bound: object) -> str:
    return create_key(db, role, name="test", **bound)[1]  # type: ignore[arg-type]


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _two_patients(db: Database) -> tuple[int, int]:
    """Two patients with results and different names (the data has namesakes)."""
    rows = db.fetch_all(
        "SELECT DISTINCT ON (p.full_name) p.id FROM patients p WHERE EXISTS"
        " (SELECT 1 FROM lab_results r WHERE r.patient_id = p.id) AND p.full_name IN"
        " (SELECT full_name FROM patients GROUP BY full_name HAVING count(*) = 1) ORDER BY p.full_name, p.id LIMIT 2"
    )
    return int(rows[0]["id"]), int(rows[1]["id"])


# --- keys -----------------------------------------------------------------------------------


def test_cli_creates_lists_and_revokes_keys_and_stores_only_a_hash(labs_db: Database) -> None:
    from quarry.cli import app

    runner = CliRunner()
    made = runner.invoke(app, ["auth", "create-key", "--role", "clinician", "--name", "dr who", "--json"])
    assert made.exit_code == 0, made.output
    info = json.loads(made.stdout)
    assert info["role"] == "clinician" and info["key"].startswith(f"qk_{info['id']}_")
    stored = labs_db.fetch_one("SELECT * FROM api_keys WHERE id = :i", {"i": info["id"]})
    assert stored is not None and info["key"] not in json.dumps(stored, default=str)
    listed = json.loads(runner.invoke(app, ["auth", "list", "--json"]).stdout)
    assert any(k["id"] == info["id"] and k["active"] for k in listed)
    assert runner.invoke(app, ["auth", "revoke", info["id"]]).exit_code == 0
    assert resolve_key(labs_db, info["key"]) is None


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--role", "patient"], 2),  # a patient key needs its patient
        (["--role", "clinician", "--patient-id", "1"], 2),  # only a patient key takes one
        (["--role", "tenant", "--tenant-id", "T-999999"], 2),  # no such tenant
        (["--role", "root"], 2),
    ],
)
def test_cli_refuses_keys_that_speak_for_nobody_or_the_wrong_person(
    labs_db: Database, leasing_db: Database, args: list[str], code: int
) -> None:
    import sys

    from quarry.cli import main

    argv = sys.argv
    sys.argv = ["quarry", "auth", "create-key", *args]
    try:
        with pytest.raises(SystemExit) as done:
            main()
    finally:
        sys.argv = argv
    assert done.value.code == code


def test_revoked_and_malformed_keys_get_401(api: TestClient, labs_db: Database) -> None:
    key = _key(labs_db, "clinician")
    body = {"question": "average cholesterol by year"}
    assert api.post("/api/sql/generate", json=body, headers=_bearer(key)).status_code == 200
    revoke_key(labs_db, key.split("_")[1])
    for headers in (_bearer(key), _bearer("qk_00000000_" + "x" * 43), {"Authorization": f"Basic {key}"}):
        r = api.post("/api/sql/generate", json=body, headers=headers)
        assert r.status_code == 401 and r.json()["error"] == "Unauthorized"
        assert r.headers["www-authenticate"] == "Bearer"


# --- labs: who may ask, and whose rows come back ----------------------------------------------


def test_labs_refuses_anonymous_callers_and_roles_without_patients(api: TestClient, leasing_db: Database) -> None:
    body = {"question": "show all patients and their glucose results"}
    anonymous = api.post("/api/sql/generate", json=body)
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "Unauthorized"
    tenant = api.post("/api/sql/generate", json=body, headers=_bearer(_key(leasing_db, "tenant", tenant_id="T-001")))
    assert tenant.status_code == 403 and tenant.json()["error"] == "Forbidden"


def _names_in(resp: dict[str, object]) -> set[str]:
    return {str(r.get("patient") or r.get("full_name")) for r in resp["rows"] or []}  # type: ignore[attr-defined]


def test_a_patient_sees_only_their_own_rows_whatever_the_question(api: TestClient, labs_db: Database) -> None:
    me, other = _two_patients(labs_db)
    key = _key(labs_db, "patient", patient_id=me)
    my_name, other_name = (
        labs_db.scalar("SELECT full_name FROM patients WHERE id = :i", {"i": i}) for i in (me, other)
    )
    for question in (
        "show all patients and their glucose results",
        f"{other_name}'s glucose results",
        f"glucose results for patient {other_name}",
    ):
        r = api.post("/api/sql/generate", json={"question": question}, headers=_bearer(key))
        assert r.status_code == 200, r.text
        assert _names_in(r.json()) <= {my_name}, question
    counted = api.post("/api/sql/generate", json={"question": "how many patients are there"}, headers=_bearer(key))
    assert [list(row.values()) for row in counted.json()["rows"]] == [[1]]


def test_a_clinician_sees_every_patient(api: TestClient, labs_db: Database) -> None:
    key = _key(labs_db, "clinician")
    resp = api.post(
        "/api/sql/generate", json={"question": "show all patients and their glucose results"}, headers=_bearer(key)
    ).json()
    assert len(_names_in(resp)) > 1


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT count(DISTINCT patient_id) AS n FROM lab_results",
        "SELECT count(*) AS n FROM patients",
        "SELECT count(DISTINCT patient_id) AS n FROM lab_reports",
        "SELECT count(*) AS n FROM lab_results r JOIN patients p ON p.id = r.patient_id WHERE p.id <> 0",
    ],
)
def test_hand_written_sql_through_the_sandbox_is_scoped_by_the_database(labs_db: Database, sql: str) -> None:
    settings = get_settings()
    me, _ = _two_patients(labs_db)
    patient = Principal("t-patient", "patient", patient_id=me)
    with acting_as(Caller("http", principal=patient)):
        mine = run_readonly(sql, role=READER, timeout_ms=5000, max_rows=10, settings=settings).rows[0][0]
    with acting_as(Caller("http", principal=LOCAL_ADMIN)):
        everyone = run_readonly(sql, role=READER, timeout_ms=5000, max_rows=10, settings=settings).rows[0][0]
    with acting_as(Caller("http")):  # anonymous: nothing at all
        nobody = run_readonly(sql, role=READER, timeout_ms=5000, max_rows=10, settings=settings).rows[0][0]
    assert mine <= 1 or "lab_results r" in sql
    assert everyone > mine and nobody == 0


def test_a_forged_scope_in_the_sql_reads_nothing(labs_db: Database) -> None:
    # The guard refuses set_config; even if it did not, a value without the server's signature
    # scopes to nothing: the role itself cannot widen what it reads.
    with labs_db.transaction() as tx:
        tx.execute(f"SET LOCAL ROLE {READER}")
        tx.scalar("SELECT set_config('quarry.scope', 'all::0000', true)")
        assert tx.scalar("SELECT count(*) FROM lab_results") == 0
        assert tx.scalar("SELECT count(*) FROM patients") == 0


# --- leasing: tenant turns ------------------------------------------------------------------


def _lease_ids(resp: dict[str, object]) -> set[str]:
    answer = resp.get("lease_answer") or {}
    return {str(c["lease_id"]) for c in answer.get("citations", []) if c.get("lease_id")}  # type: ignore[union-attr]


def _lease_of(db: Database, tenant: str) -> str:
    return str(db.scalar("SELECT lease_id FROM leasing_tenancies WHERE tenant_id = :t", {"t": tenant}))


def test_tenant_turns_need_a_key_and_prospect_turns_do_not(api: TestClient, leasing_db: Database) -> None:
    lease = api.post("/api/leasing/message", json={"text": "Can I sublet under my lease?", "tenant_id": "T-004"})
    assert lease.status_code == 401 and lease.json()["error"] == "Unauthorized"
    fire = api.post(
        "/api/leasing/message", json={"text": "there is smoke coming out of the panel", "tenant_id": "T-001"}
    )
    assert fire.status_code == 401  # no ticket filed for an anonymous caller (the refusal says to call 911)
    prospect = api.post("/api/leasing/message", json={"text": "2,000 sf office in Midtown under $10k a month"})
    assert prospect.status_code == 200 and prospect.json()["route"] == "VIA/needs"


def test_a_tenant_id_in_the_body_is_ignored_unless_the_key_is_staff(api: TestClient, leasing_db: Database) -> None:
    body = {"text": "Can I sublet under my lease?", "tenant_id": "T-004"}
    mine = api.post("/api/leasing/message", json=body, headers=_bearer(_key(leasing_db, "tenant", tenant_id="T-001")))
    assert mine.status_code == 200 and _lease_ids(mine.json()) == {_lease_of(leasing_db, "T-001")}
    staff = api.post("/api/leasing/message", json=body, headers=_bearer(_key(leasing_db, "staff")))
    assert staff.status_code == 200 and _lease_ids(staff.json()) == {_lease_of(leasing_db, "T-004")}
    patient = api.post("/api/leasing/message", json=body, headers=_bearer(_key(leasing_db, "clinician")))
    assert patient.status_code == 403


# --- conversations and the audit ------------------------------------------------------------


def test_a_session_id_used_by_another_principal_is_another_conversation(api: TestClient, labs_db: Database) -> None:
    first = api.post("/api/comps/search", json={"query": "4 room in Tampines"}, headers=_bearer(_key(labs_db, "staff")))
    sid = first.json()["session_id"]
    again = api.post(
        "/api/comps/search", json={"query": "Bedok", "session_id": sid}, headers=_bearer(_key(labs_db, "staff"))
    ).json()
    assert again["session_id"] != sid  # not the first caller's conversation: a new one
    anonymous = api.post("/api/comps/search", json={"query": "Bedok", "session_id": sid}).json()
    assert anonymous["session_id"] != sid


def test_chat_ids_are_kept_apart_by_principal_and_by_client_address(labs_db: Database) -> None:
    import asyncio

    from quarry.apps.shop.memory import load_chat
    from quarry.apps.shop.models import TextPart
    from quarry.apps.shop.orchestrator import chat_key, run
    from tests.shop_support import prepared_database

    db = prepared_database()
    chat = f"a-{uuid.uuid4().hex}"
    with acting_as(Caller("http", "10.0.0.1")):
        asyncio.run(run(chat, [TextPart(type="text", content="I want a cheap fridge")]))
    with acting_as(Caller("http", "10.0.0.2")):
        asyncio.run(run(chat, [TextPart(type="text", content="2")]))
    rows = db.fetch_all(
        "SELECT owner, state FROM conversations WHERE app = 'shop' AND session_id = :c ORDER BY owner",
        {"c": chat_key(chat)},
    )
    assert [r["owner"] for r in rows] == ["addr:10.0.0.1", "addr:10.0.0.2"]
    assert [r["state"]["turns"] for r in rows] == [1, 1]  # the second caller did not move the first's dialogue
    with acting_as(Caller("http", "10.0.0.3")):
        assert load_chat(db, chat).turns == 0  # nor is it anyone else's


def test_the_audit_records_who_asked_and_no_key(api: TestClient, labs_db: Database) -> None:
    key = _key(labs_db, "clinician")
    key_id = key.split("_")[1]
    api.post("/api/sql/generate", json={"question": "average cholesterol by year"}, headers=_bearer(key))
    row = labs_db.fetch_one(
        "SELECT principal_id, principal_role, request, response::text AS body FROM agent_runs"
        " WHERE app = 'labs' ORDER BY id DESC LIMIT 1"
    )
    assert row is not None and (row["principal_id"], row["principal_role"]) == (key_id, "clinician")
    assert key not in row["body"] and key not in row["request"]


def test_demo_keys_one_per_role_kept_private_and_remade_when_revoked(labs_db: Database, tmp_path: object) -> None:
    import os
    from pathlib import Path

    from quarry.auth.demo import FILE, demo_keys
    from quarry.auth.principal import ROLES

    folder = Path(str(tmp_path))
    keys = demo_keys(labs_db, folder)
    assert set(keys) == set(ROLES)
    assert {role: getattr(resolve_key(labs_db, k), "role", None) for role, k in keys.items()} == {r: r for r in ROLES}
    assert os.stat(folder / FILE).st_mode & 0o077 == 0
    assert demo_keys(labs_db, folder) == keys
    revoke_key(labs_db, keys["staff"].split("_")[1])
    again = demo_keys(labs_db, folder)
    assert again["staff"] != keys["staff"] and again["admin"] == keys["admin"]


def test_a_tenants_lease_and_renewal_are_scoped_by_the_database_even_if_the_code_asks_for_another(
    leasing_db: Database,
) -> None:
    import asyncio

    from quarry.apps.leasing.orchestrator import run
    from quarry.errors import NotFound

    tenant = Principal("t-tenant", "tenant", tenant_id="T-001")
    with acting_as(Caller("http", principal=tenant)):
        # The orchestrator is handed another tenant's id, as a bug upstream would: the rows are not there.
        other = asyncio.run(run("Can I sublet under my lease?", tenant_id="T-004"))
        assert other.lease_answer is not None and not other.lease_answer.citations
        with pytest.raises(NotFound):
            asyncio.run(run("my lease ends soon, can we renew?", tenant_id="T-004"))
        own = asyncio.run(run("Can I sublet under my lease?", tenant_id="T-001"))
        assert own.lease_answer is not None
        assert {c.lease_id for c in own.lease_answer.citations} == {_lease_of(leasing_db, "T-001")}
    with acting_as(Caller("http", principal=Principal("t-staff", "staff"))):
        staff = asyncio.run(run("Can I sublet under my lease?", tenant_id="T-004"))
        assert staff.lease_answer is not None
        assert {c.lease_id for c in staff.lease_answer.citations} == {_lease_of(leasing_db, "T-004")}


def test_the_tenant_reader_role_reads_nothing_without_a_signed_scope(leasing_db: Database) -> None:
    with leasing_db.transaction() as tx:
        tx.execute("SET LOCAL ROLE quarry_tenant_reader")
        tx.scalar("SELECT set_config('quarry.scope', 'tenants::forged', true)")
        counts = [
            tx.scalar(f"SELECT count(*) FROM {t}")
            for t in ("leasing_tenancies", "leasing_leases", "leasing_lease_chunks", "leasing_lease_questions")
        ]
        assert counts == [0, 0, 0, 0]
        assert tx.scalar("SELECT has_table_privilege('api_keys', 'SELECT')") is False
        # Rate-limit counts name clients (addresses, key ids): created after the tenant reader's grants.
        assert tx.scalar("SELECT has_table_privilege('rate_limit_counts', 'SELECT')") is False
