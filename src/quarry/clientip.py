"""Which address a request comes from, trusting X-Forwarded-For only from known proxies.

A client can put anything in X-Forwarded-For; only a proxy we run appends a true address.
So the header is read right to left, skipping the configured trusted proxies, and the
first address that is not one of them is the client. With no trusted proxies configured
the header is ignored.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from functools import lru_cache

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=32)
def trusted_networks(spec: str) -> tuple[Network, ...]:
    """Parse 'TRUSTED_PROXIES' (comma-separated addresses or CIDRs); bad entries raise ValueError."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in spec.split(",") if part.strip())


def _trusted(address: str, networks: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(peer: str | None, forwarded_for: str | None, trusted: str) -> str:
    """The client's address: the peer, or the right-most untrusted X-Forwarded-For hop.

    >>> client_address("10.0.0.2", "6.6.6.6, 203.0.113.9", "10.0.0.0/8")
    '203.0.113.9'
    >>> client_address("198.51.100.7", "6.6.6.6", "10.0.0.0/8")
    '198.51.100.7'
    """
    peer = peer or "unknown"
    networks = trusted_networks(trusted)
    if not forwarded_for or not _trusted(peer, networks):
        return peer
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, networks):
            return hop
    return hops[0] if hops else peer
