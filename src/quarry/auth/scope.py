"""The row-level security scope of a principal, signed for `quarry.scope` (core migration 009).

A restricted role reads only the rows the current transaction's scope allows; the server sets it
with `set_config('quarry.scope', value, true)` before running anything a model wrote. Any role
can set a custom setting, so the value carries a sha256 over a secret only the owner reads: a
value the model's SQL made up scopes to nothing.
"""

from __future__ import annotations

import hashlib

from quarry.auth.principal import Principal
from quarry.db import Database


def scope_of(principal: Principal) -> tuple[str, str]:
    """(kind, ident) of whose rows `principal` may read."""
    if principal.role == "admin":
        return "all", ""
    if principal.role == "clinician":
        return "patients", ""
    if principal.role == "staff":
        return "tenants", ""
    if principal.role == "patient" and principal.patient_id is not None:
        return "patient", str(principal.patient_id)
    if principal.role == "tenant" and principal.tenant_id:
        return "tenant", principal.tenant_id
    return "none", ""


_secrets: dict[str, str] = {}


def _secret(db: Database) -> str:
    """The database's scope secret, read once per process and database."""
    if db.url not in _secrets:
        _secrets[db.url] = str(db.scalar("SELECT secret FROM auth_scope_secret", write=True))
    return _secrets[db.url]


def signed_scope(db: Database, principal: Principal) -> str:
    """The `quarry.scope` value for `principal`."""
    kind, ident = scope_of(principal)
    secret = _secret(db)
    return f"{kind}:{ident}:{hashlib.sha256(f'{secret}{kind}:{ident}'.encode()).hexdigest()}"
