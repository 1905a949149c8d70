"""API keys: created once (the key is printed, only its sha256 is stored), listed, revoked, resolved.

A key reads `qk_<id>_<secret>`: the id names it in lists, the audit and `revoke`; the secret is
32 random bytes. Keys are random, not passwords, so one sha256 is enough to store them.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime

from pydantic import BaseModel, Field

from quarry.auth.principal import ROLES, Principal, Role
from quarry.db import Database
from quarry.errors import BadInput, NotFound

_KEY = re.compile(r"^qk_([0-9a-f]{8})_([A-Za-z0-9_-]{20,64})$")
TENANT_ID = re.compile(r"^T-\d{1,6}$")


class KeyInfo(BaseModel):
    """One key as `quarry auth list` shows it (never the key itself)."""

    id: str
    name: str
    role: Role
    patient_id: int | None = None
    tenant_id: str | None = None
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None
    active: bool = Field(description="Not revoked.")


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _exists(db: Database, table: str, column: str, value: object) -> bool:
    present = db.scalar("SELECT to_regclass(:t) IS NOT NULL", {"t": table})
    if not present:
        raise BadInput(f"No {table} table yet: load that app's data first (quarry demo --setup-only).")
    return bool(db.scalar(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE {column} = :v)", {"v": value}))


def create_key(
    db: Database,
    role: str,
    *,
    patient_id: int | None = None,
    tenant_id: str | None = None,
    name: str = "",
) -> tuple[KeyInfo, str]:
    """A new key: (what is stored about it, the key to hand over once)."""
    if role not in ROLES:
        raise BadInput(f"Unknown role {role!r}; one of: {', '.join(ROLES)}.")
    if (role == "patient") != (patient_id is not None):
        raise BadInput("A patient key needs --patient-id, and only a patient key takes one.")
    if (role == "tenant") != (tenant_id is not None):
        raise BadInput("A tenant key needs --tenant-id, and only a tenant key takes one.")
    if patient_id is not None and not _exists(db, "patients", "id", patient_id):
        raise NotFound(f"No patient {patient_id}.")
    if tenant_id is not None:
        if not TENANT_ID.match(tenant_id):
            raise BadInput("--tenant-id must look like T-001.")
        if not _exists(db, "leasing_tenants", "tenant_id", tenant_id):
            raise NotFound(f"No tenant {tenant_id}.")
    key_id = secrets.token_hex(4)
    key = f"qk_{key_id}_{secrets.token_urlsafe(32)}"
    row = db.fetch_one(
        "INSERT INTO api_keys (id, name, role, patient_id, tenant_id, key_hash)"
        " VALUES (:id, :name, :role, :p, :t, :h) RETURNING *, revoked_at IS NULL AS active",
        {"id": key_id, "name": name[:200], "role": role, "p": patient_id, "t": tenant_id, "h": _digest(key)},
        write=True,
    )
    assert row is not None
    return KeyInfo.model_validate({k: v for k, v in row.items() if k != "key_hash"}), key


def list_keys(db: Database) -> list[KeyInfo]:
    rows = db.fetch_all(
        "SELECT id, name, role, patient_id, tenant_id, created_at, revoked_at, last_used_at,"
        " revoked_at IS NULL AS active FROM api_keys ORDER BY created_at, id",
        write=True,
    )
    return [KeyInfo.model_validate(r) for r in rows]


def revoke_key(db: Database, key_id: str) -> KeyInfo:
    """Revoke a key at once (every worker checks the table on each request)."""
    row = db.fetch_one(
        "UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = :id"
        " RETURNING id, name, role, patient_id, tenant_id, created_at, revoked_at, last_used_at, false AS active",
        {"id": key_id},
        write=True,
    )
    if row is None:
        raise NotFound(f"No key {key_id}.")
    return KeyInfo.model_validate(row)


def principal_by_id(db: Database, key_id: str) -> Principal | None:
    """The principal of active key `key_id` (a signed-in console session names its key by id)."""
    row = db.fetch_one(
        "SELECT id, name, role, patient_id, tenant_id FROM api_keys WHERE id = :id AND revoked_at IS NULL",
        {"id": key_id},
        write=True,
    )
    return None if row is None else Principal(row["id"], row["role"], row["patient_id"], row["tenant_id"], row["name"])


def signed_in(key_id: str) -> Principal | None:
    """The principal of a console session signed in as key `key_id`, while the key is active."""
    from quarry.db import get_database

    return principal_by_id(get_database(), key_id)


def resolve_key(db: Database, key: str) -> Principal | None:
    """The principal of an active key, else None (unknown, malformed or revoked)."""
    m = _KEY.match(key.strip())
    if not m:
        return None
    row = db.fetch_one(
        "SELECT id, name, role, patient_id, tenant_id, key_hash FROM api_keys WHERE id = :id AND revoked_at IS NULL",
        {"id": m.group(1)},
        write=True,  # a revocation counts at once, even with read replicas
    )
    if row is None or not hmac.compare_digest(str(row["key_hash"]), _digest(key.strip())):
        return None
    db.execute(
        "UPDATE api_keys SET last_used_at = now() WHERE id = :id"
        " AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
        {"id": row["id"]},
    )  # at most one write a minute per key
    return Principal(row["id"], row["role"], row["patient_id"], row["tenant_id"], row["name"])
