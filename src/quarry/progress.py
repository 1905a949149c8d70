"""Progress reporting for long jobs (ingest, embedding, evaluation), decoupled from rendering."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.progress import TaskID


class Reporter(Protocol):
    """Receives phases and increments; the CLI renders them as progress bars."""

    def phase(self, name: str, total: int | None = None) -> None: ...

    def advance(self, n: int = 1) -> None: ...

    def note(self, message: str) -> None: ...


class SilentReporter:
    """Reporter that ignores everything (library calls, tests)."""

    def phase(self, name: str, total: int | None = None) -> None:
        return None

    def advance(self, n: int = 1) -> None:
        return None

    def note(self, message: str) -> None:
        return None

    @contextmanager
    def running(self) -> Iterator[SilentReporter]:
        yield self


class RichReporter:
    """A rich progress bar per phase, on stderr so `--json` stdout stays clean."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._console = Console(stderr=True)
        self._progress = Progress(
            TextColumn("{task.description:<28}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self._console,
        )
        self._task: TaskID | None = None

    def phase(self, name: str, total: int | None = None) -> None:
        if self._task is not None:
            task = self._progress.tasks[-1]
            if task.total is None:
                self._progress.update(self._task, total=task.completed or 1, completed=task.completed or 1)
        self._task = self._progress.add_task(name, total=total)

    def advance(self, n: int = 1) -> None:
        if self._task is not None:
            self._progress.advance(self._task, n)

    def note(self, message: str) -> None:
        self._progress.console.print(message)

    @contextmanager
    def running(self) -> Iterator[RichReporter]:
        with self._progress:
            yield self
