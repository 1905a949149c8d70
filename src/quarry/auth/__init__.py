"""Who is calling: API keys, roles and the principal every turn carries (issue 17)."""

from quarry.auth.principal import ANONYMOUS, LOCAL_ADMIN, ROLES, Principal, Role

__all__ = ["ANONYMOUS", "LOCAL_ADMIN", "ROLES", "Principal", "Role"]
