"""Demo keys: one per role, made on the first `quarry demo` and printed on every start.

They live in the state folder (`demo-keys.json`, readable by this user only) because a key is
stored hashed and cannot be shown again otherwise. A key revoked with `quarry auth revoke` is
made anew on the next start. Real deployments make their own keys with `quarry auth create-key`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from quarry.auth.keys import create_key, resolve_key
from quarry.auth.principal import ROLES
from quarry.db import Database

FILE = "demo-keys.json"
DEMO_PATIENT = 1
DEMO_TENANT = "T-001"


def demo_keys(db: Database, state_dir: Path) -> dict[str, str]:
    """role → a working key, made where missing or revoked."""
    path = state_dir / FILE
    keys: dict[str, str] = json.loads(path.read_text()) if path.is_file() else {}
    changed = False
    for role in ROLES:
        if role in keys and resolve_key(db, keys[role]) is not None:
            continue
        patient = DEMO_PATIENT if role == "patient" else None
        tenant = DEMO_TENANT if role == "tenant" else None
        keys[role] = create_key(db, role, patient_id=patient, tenant_id=tenant, name=f"demo {role}")[1]
        changed = True
    if changed:
        state_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(keys, indent=2))
        os.chmod(path, 0o600)
    return keys


def describe(keys: dict[str, str]) -> str:
    """The demo keys as a few lines for the terminal."""
    who = {"patient": f" (patient {DEMO_PATIENT})", "tenant": f" ({DEMO_TENANT})"}
    lines = ["Demo keys (send `Authorization: Bearer <key>`, or paste one in the page's key box):"]
    lines += [f"  {role:<9}{who.get(role, ''):<14} {key}" for role, key in keys.items()]
    lines.append("  the staff console at /admin: user name = the id after qk_, password = a staff or admin key")
    return "\n".join(lines)
