"""A principal: the role a caller acts in and, for a patient or a tenant, whose data is theirs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Role = Literal["patient", "clinician", "tenant", "staff", "admin"]
ROLES: tuple[Role, ...] = get_args(Role)
"""patient: one patient's results · clinician: every patient's · tenant: one tenancy · staff: the
leasing operator, every tenancy · admin: data changes and keys (and everything the others see)."""


@dataclass(frozen=True)
class Principal:
    """Who a turn acts for."""

    id: str
    """The key's id ("local" for this machine's CLI, "anonymous" without a key)."""
    role: Role | Literal["anonymous"]
    patient_id: int | None = None
    tenant_id: str | None = None
    name: str = ""

    @property
    def anonymous(self) -> bool:
        return self.role == "anonymous"

    @property
    def owner(self) -> str:
        """The conversations' owner key ('' for anonymous callers)."""
        return "" if self.anonymous else self.id

    def sees_all_patients(self) -> bool:
        return self.role in ("clinician", "admin")

    def sees_all_tenants(self) -> bool:
        return self.role in ("staff", "admin")

    def may_change_data(self) -> bool:
        return self.role in ("staff", "admin")


ANONYMOUS = Principal("anonymous", "anonymous")
LOCAL_ADMIN = Principal("local", "admin", name="this machine's command line")
"""The CLI acts as the local admin: whoever runs it already holds the database."""
