"""Relax and tighten moves (seed §3.3): which are available now, and applying exactly one.

Each move is a plain function of the loop state; the tables at the bottom list them, and
strictness picks the order the offline planner tries them in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .models import Adjustment
from .state import LoopState

MONTH_STEPS = (3, 6, 12, 18, 24, 36, 48, 60)
TOLERANCE_STEPS = (3.0, 5.0, 8.0, 12.0, 16.0)
LEASE_STEP_YEARS = 5

Move = Callable[[LoopState], tuple[LoopState, str] | None]


def _next(steps: tuple[float, ...], value: float, up: bool) -> float | None:
    cands = [s for s in steps if (s > value if up else s < value)]
    if not cands:
        return None
    return min(cands) if up else max(cands)


def widen_months(s: LoopState, oldest_ok: bool = True) -> tuple[LoopState, str] | None:
    nxt = _next(MONTH_STEPS, s.target.months_back, up=True)
    if nxt is None or not oldest_ok:
        return None
    return s.with_target(months_back=int(nxt)), f"widened window {s.target.months_back} → {int(nxt)} months"


def narrow_months(s: LoopState) -> tuple[LoopState, str] | None:
    nxt = _next(MONTH_STEPS, s.target.months_back, up=False)
    if nxt is None:
        return None
    return s.with_target(months_back=int(nxt)), f"narrowed window {s.target.months_back} → {int(nxt)} months"


def widen_sqm(s: LoopState) -> tuple[LoopState, str] | None:
    t = s.target
    if t.floor_area_target is not None:
        nxt = _next(TOLERANCE_STEPS, s.area_tolerance, up=True)
        if nxt is None:
            return None
        return replace(s, area_tolerance=nxt), f"widened size band ±{s.area_tolerance:g} → ±{nxt:g} sqm"
    if t.floor_area_max is not None and t.floor_area_max < 250:
        new_max = round(t.floor_area_max * 1.1, 1)
        return s.with_target(floor_area_max=new_max), f"raised size cap {t.floor_area_max:g} → {new_max:g} sqm"
    return None


def narrow_sqm(s: LoopState) -> tuple[LoopState, str] | None:
    if s.target.floor_area_target is None:
        return None
    nxt = _next(TOLERANCE_STEPS, s.area_tolerance, up=False)
    if nxt is None:
        return None
    return replace(s, area_tolerance=nxt), f"narrowed size band ±{s.area_tolerance:g} → ±{nxt:g} sqm"


def drop_storey(s: LoopState) -> tuple[LoopState, str] | None:
    t = s.target
    if not (t.storey_preference or t.storey_min is not None or t.storey_max is not None):
        return None
    return s.with_target(storey_preference=None, storey_min=None, storey_max=None), "storey preference → any floor"


def lower_lease(s: LoopState) -> tuple[LoopState, str] | None:
    years = s.target.min_remaining_lease_years
    if years is None:
        return None
    new = years - LEASE_STEP_YEARS
    if new < 40:
        return s.with_target(min_remaining_lease_years=None), "dropped the remaining-lease minimum"
    return s.with_target(min_remaining_lease_years=new), f"lowered lease minimum {years} → {new} years"


def raise_lease(s: LoopState) -> tuple[LoopState, str] | None:
    years = s.target.min_remaining_lease_years
    if years is None or years + LEASE_STEP_YEARS > 95:
        return None
    new = years + LEASE_STEP_YEARS
    return s.with_target(min_remaining_lease_years=new), f"raised lease minimum {years} → {new} years"


def soften_street(s: LoopState) -> tuple[LoopState, str] | None:
    if not s.street_required:
        return None
    return replace(s, street_required=False), "street hint now ranks instead of filtering"


def require_street(s: LoopState) -> tuple[LoopState, str] | None:
    if s.street_required or not s.target.street_names:
        return None
    names = ", ".join(s.target.street_names[:3])
    return replace(s, street_required=True), f"required street {names}"


def drop_flat_model(s: LoopState) -> tuple[LoopState, str] | None:
    t = s.target
    if not t.flat_model or t.flat_model_soft:
        return None
    return s.with_target(flat_model_soft=True), f"flat model {t.flat_model} now ranks instead of filtering"


def raise_budget(s: LoopState) -> tuple[LoopState, str] | None:
    if s.target.price_budget_max is None or not s.budget_applied:
        return None
    return replace(s, budget_applied=False), f"lifted the ${s.target.price_budget_max:,} budget cap"


def cap_budget(s: LoopState) -> tuple[LoopState, str] | None:
    if s.target.price_budget_max is None or s.budget_applied:
        return None
    return replace(s, budget_applied=True), f"capped price at ${s.target.price_budget_max:,}"


RELAX: dict[Adjustment, Move] = {
    "widen_months": widen_months,
    "widen_sqm": widen_sqm,
    "drop_storey": drop_storey,
    "lower_lease": lower_lease,
    "soften_street": soften_street,
    "drop_flat_model": drop_flat_model,
    "raise_budget": raise_budget,
}
TIGHTEN: dict[Adjustment, Move] = {
    "narrow_months": narrow_months,
    "narrow_sqm": narrow_sqm,
    "raise_lease": raise_lease,
    "require_street": require_street,
    "cap_budget": cap_budget,
}

# Strict searches keep the flat itself alike and give up time first; loose ones do the opposite.
RELAX_ORDER_STRICT: tuple[Adjustment, ...] = (
    "widen_months", "soften_street", "drop_flat_model", "widen_sqm", "drop_storey", "lower_lease", "raise_budget",
)  # fmt: skip
RELAX_ORDER_LOOSE: tuple[Adjustment, ...] = (
    "drop_storey", "widen_sqm", "soften_street", "drop_flat_model", "widen_months", "lower_lease", "raise_budget",
)  # fmt: skip
TIGHTEN_ORDER_STRICT: tuple[Adjustment, ...] = (
    "require_street", "narrow_sqm", "narrow_months", "raise_lease", "cap_budget",
)  # fmt: skip
TIGHTEN_ORDER_LOOSE: tuple[Adjustment, ...] = (
    "narrow_months", "require_street", "narrow_sqm", "raise_lease", "cap_budget",
)  # fmt: skip


def available(state: LoopState, *, relax: bool, strictness: float, window_can_grow: bool) -> list[Adjustment]:
    """Moves that would change something now, in the order the offline planner prefers."""
    if relax:
        order = RELAX_ORDER_STRICT if strictness >= 0.5 else RELAX_ORDER_LOOSE
        table = RELAX
    else:
        order = TIGHTEN_ORDER_STRICT if strictness >= 0.5 else TIGHTEN_ORDER_LOOSE
        table = TIGHTEN
    out: list[Adjustment] = []
    for name in order:
        if name == "widen_months" and not window_can_grow:
            continue  # the data holds nothing older: widening would change nothing
        if table[name](state) is not None:
            out.append(name)
    return out


def apply(state: LoopState, adjustment: Adjustment) -> tuple[LoopState, str]:
    """Apply one named move; raises KeyError/ValueError if it is unknown or unavailable."""
    move = RELAX.get(adjustment) or TIGHTEN[adjustment]
    result = move(state)
    if result is None:
        raise ValueError(f"adjustment {adjustment} is not available")
    return result
