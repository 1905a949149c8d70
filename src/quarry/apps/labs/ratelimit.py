"""Sliding-window rate limit per client (the seed's 60 requests per minute per IP)."""

from __future__ import annotations

import threading
import time
from collections import deque


class SlidingWindowLimiter:
    """At most `limit` events per `window_s` seconds per key; in memory, per process."""

    def __init__(self, window_s: float = 60.0, max_keys: int = 100_000) -> None:
        self.window_s = window_s
        self.max_keys = max_keys
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def hit(self, key: str, limit: int, *, now: float | None = None) -> float | None:
        """Record one event; None when allowed, else seconds until the next one is allowed."""
        t = time.monotonic() if now is None else now
        with self._lock:
            events = self._events.setdefault(key, deque())
            while events and events[0] <= t - self.window_s:
                events.popleft()
            if len(events) >= limit:
                return round(events[0] + self.window_s - t, 1)
            events.append(t)
            if len(self._events) > self.max_keys:  # forget idle clients so memory stays bounded
                for stale in [k for k, v in self._events.items() if not v or v[-1] <= t - self.window_s]:
                    del self._events[stale]
            return None

    def reset(self) -> None:
        with self._lock:
            self._events.clear()
