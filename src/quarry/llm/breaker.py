"""A circuit breaker per provider base URL, shared by every worker process on the machine.

    closed ── a failure that opens it ──────────────────────────► open
    open ──── cool-down over: one caller claims the probe ──────► half_open
    half_open ── the probe answers ─► closed;  the probe fails ─► open (another cool-down)

While it is open (or a probe is in flight) remote models are skipped without a network call
and the offline model answers. The state is one small JSON file in `STATE_DIR`: the workers of
`quarry serve --workers N` are separate processes, and a breaker in one process's memory would
let every other worker pay the timeout again. Writes take an `fcntl` lock and replace the file
atomically, so readers never lock and never see half a file.
"""

from __future__ import annotations

import fcntl
import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from quarry.settings import Settings

BreakerState = Literal["closed", "open", "half_open"]
Cause = Literal["unreachable", "timeout", "server_error", "unauthorized"]
"""Why a request failed: refused/reset/DNS, no answer within LLM_TIMEOUT_S, a 5xx, a refused key or credits."""
Admission = Literal["call", "probe", "skip"]

AT_ONCE: frozenset[Cause] = frozenset({"unreachable", "timeout"})
"""Failures that open the breaker on their own. The client already retried a refused connection,
and a timeout already cost LLM_TIMEOUT_S; every model behind the address fails the same way. A
5xx or a refused key may be one model's (OpenRouter routes each model to its own upstream), so
those open it only after LLM_BREAKER_FAILURES in a row and the fallback models get their try."""

STATE_FILE = "llm_breaker.json"
_FORGET_AFTER_S = 7 * 24 * 3600.0  # an address not used for a week is not kept in the file
_log = logging.getLogger(__name__)


class Circuit(BaseModel):
    """One provider's breaker, as stored."""

    state: BreakerState = Field("closed", description="closed: calls go out; open: skipped; half_open: one probe.")
    failures: int = Field(0, description="Failed requests in a row (reset by any answer).")
    cause: Cause | None = Field(None, description="Why the last failed request failed.")
    until: float | None = Field(
        None, description="Epoch seconds: open → when a probe is allowed; half_open → when the probe's claim lapses."
    )
    updated: float = Field(0.0, description="Epoch seconds of the last change.")


_FILE = TypeAdapter(dict[str, Circuit])


def provider_key(base_url: str) -> str:
    """The breaker's key for a base URL: scheme, host, port and path (no credentials, query or trailing '/')."""
    parts = urlsplit(base_url.strip())
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme.lower(), netloc.lower(), parts.path.rstrip("/"), "", ""))


def admission(circuit: Circuit, now: float) -> Admission:
    """What a caller may do now: call, take the probe, or skip to the offline model."""
    if circuit.state == "closed":
        return "call"
    if circuit.until is not None and now < circuit.until:
        return "skip"  # open and cooling down, or another caller's probe is in flight
    return "probe"


class Breaker:
    """The shared breakers in `state_dir`; failures to read or write the file never block a call."""

    def __init__(
        self,
        state_dir: Path,
        *,
        failures: int,
        cooldown_s: float,
        probe_lease_s: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = state_dir / STATE_FILE
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.probe_lease_s = probe_lease_s
        """How long a claimed probe keeps others skipping: a prober that died frees it after this."""
        self.clock = clock

    @classmethod
    def for_settings(cls, settings: Settings) -> Breaker:
        return cls(
            settings.state_dir,
            failures=settings.llm_breaker_failures,
            cooldown_s=settings.llm_breaker_cooldown_s,
            # The probe is one request: it ends within LLM_TIMEOUT_S, plus the client's own slack.
            probe_lease_s=settings.llm_timeout_s + 5.0,
        )

    def read(self, key: str) -> Circuit:
        return self._load().get(key) or Circuit()

    def admit(self, key: str) -> Admission:
        """Decide for one request; taking the probe is recorded, so only one caller on the machine gets it."""
        first = admission(self.read(key), self.clock())
        if first != "probe":
            return first
        with self._changing() as circuits:
            now = self.clock()
            circuit = circuits.get(key) or Circuit()
            decided = admission(circuit, now)
            if decided == "probe":
                circuits[key] = circuit.model_copy(
                    update={"state": "half_open", "until": now + self.probe_lease_s, "updated": now}
                )
            return decided

    def succeeded(self, key: str) -> None:
        """The provider answered: close its breaker (nothing is written when it is already closed)."""
        if key not in self._load():
            return
        with self._changing() as circuits:
            circuits.pop(key, None)

    def failed(self, key: str, cause: Cause) -> Circuit:
        """A request failed for `cause`; returns the breaker after counting it."""
        with self._changing() as circuits:
            now = self.clock()
            circuit = circuits.get(key) or Circuit()
            count = circuit.failures + 1
            opens = circuit.state == "half_open" or cause in AT_ONCE or count >= self.failures
            changed = circuit.model_copy(update={"failures": count, "cause": cause, "updated": now})
            if opens:
                changed = changed.model_copy(update={"state": "open", "until": now + self.cooldown_s})
            circuits[key] = changed
            return changed

    def _load(self) -> dict[str, Circuit]:
        try:
            return _FILE.validate_json(self.path.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, ValidationError, ValueError) as exc:
            # A breaker we cannot read is a closed one: the provider is tried, as without a breaker.
            _log.warning("LLM breaker state unreadable (%s): treated as closed", type(exc).__name__)
            return {}

    @contextmanager
    def _changing(self) -> Iterator[dict[str, Circuit]]:
        """Read, let the caller change, write back atomically, all under the lock."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = os.open(self.path.with_suffix(".lock"), os.O_CREAT | os.O_RDWR, 0o600)
        except OSError as exc:
            _log.warning("LLM breaker state not writable (%s): not recorded", type(exc).__name__)
            yield {}
            return
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            circuits = self._load()
            yield circuits
            self._write(circuits)
        finally:
            os.close(lock)  # closing releases the lock

    def _write(self, circuits: dict[str, Circuit]) -> None:
        now = self.clock()
        kept = {k: c for k, c in circuits.items() if c.failures and now - c.updated < _FORGET_AFTER_S}
        tmp: str | None = None
        try:
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".llm_breaker.", suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(_FILE.dump_json(kept))
            os.replace(tmp, self.path)
        except OSError as exc:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            _log.warning("LLM breaker state not written (%s)", type(exc).__name__)
