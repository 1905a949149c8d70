"""Sliding-window rate limits kept in Postgres, so every worker and process shares one count.

An in-memory counter per process is bypassed by the second worker of `serve --workers`
and by a second server; Postgres is already shared by all of them. One advisory lock per
(bucket, client) makes count-then-insert atomic. Events are counted per 100 ms slot, so the
work under the lock is bounded by the window (≤ 600 rows a minute), not by the limit; the table
is UNLOGGED because losing the counts in a crash only forgives a minute of requests.
"""

from __future__ import annotations

from quarry.db import Database

_NOW = "floor(extract(epoch FROM clock_timestamp()) * 10)::bigint"
_KEY = "bucket = :bucket AND client = :client"
_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended(:bucket || chr(31) || :client, 0))"
_EXPIRE_SQL = f"DELETE FROM rate_limit_counts WHERE {_KEY} AND slot <= {_NOW} - :slots"
_COUNT_SQL = f"""
SELECT coalesce(sum(n), 0) AS n, (min(slot) + :slots) / 10.0 - extract(epoch FROM clock_timestamp()) AS wait_s
FROM rate_limit_counts WHERE {_KEY}
"""
_COUNT_ONE_SQL = f"""
INSERT INTO rate_limit_counts (bucket, client, slot, n) VALUES (:bucket, :client, {_NOW}, 1)
ON CONFLICT (bucket, client, slot) DO UPDATE SET n = rate_limit_counts.n + 1
"""


class RateLimiter:
    """At most `limit` events per `window_s` seconds per client, in one named bucket."""

    def __init__(self, bucket: str, *, window_s: float = 60.0) -> None:
        self.bucket = bucket
        self.window_s = window_s

    def hit(self, db: Database, client: str, limit: int) -> float | None:
        """Record one event; None when allowed, else seconds until the next one is allowed."""
        params = {"bucket": self.bucket, "client": client[:200], "slots": round(self.window_s * 10)}
        with db.transaction() as tx:
            tx.execute(_LOCK_SQL, params)  # count-then-insert is atomic per client across processes
            tx.execute(_EXPIRE_SQL, params)
            row = tx.fetch_one(_COUNT_SQL, params)
            assert row is not None
            if int(row["n"]) >= limit:
                return max(0.1, round(float(row["wait_s"] or self.window_s), 1))
            tx.execute(_COUNT_ONE_SQL, params)
        return None

    def reset(self, db: Database) -> None:
        """Forget every count of this bucket (tests, operators)."""
        db.execute("DELETE FROM rate_limit_counts WHERE bucket = :b", {"b": self.bucket})
