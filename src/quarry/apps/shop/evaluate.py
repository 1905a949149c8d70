"""`quarry shop eval`: not built yet (issue 7 part 9). Refuses honestly instead of printing made-up figures."""

from __future__ import annotations

from quarry.errors import QuarryError
from quarry.evaluate import EvalReport
from quarry.settings import Settings


class NotBuilt(QuarryError):
    """A part of the app that does not exist yet."""

    status_code = 501


def run_eval(*, settings: Settings | None = None, progress: bool = True) -> EvalReport:
    """The shop evaluation set is not written yet."""
    raise NotBuilt("quarry shop eval is not built yet (issue 7, part 9); see docs/shop.md.")
