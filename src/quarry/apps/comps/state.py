"""The loop's working state: the user's Target plus what the loop has relaxed or tightened."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .models import CompFilters, Target

# Storey-midpoint bands for low / mid / high floor (storey ranges come in threes: 01-03 → 2).
STOREY_BANDS: dict[str, tuple[int | None, int | None]] = {"low": (None, 6), "mid": (7, 12), "high": (13, None)}


@dataclass(frozen=True)
class LoopState:
    """Target as adjusted so far; the original Target stays in the response untouched."""

    target: Target
    area_tolerance: float
    street_required: bool = False
    budget_applied: bool = True

    def with_target(self, **changes: object) -> LoopState:
        return replace(self, target=self.target.model_copy(update=changes))


def tolerance_scale(strictness: float) -> float:
    """Strictness 1 halves the sqm band, 0 widens it by half; 0.5 keeps the user's."""
    return 1.5 - max(0.0, min(1.0, strictness))


def initial_state(target: Target, strictness: float) -> LoopState:
    tol = round(target.floor_area_tolerance * tolerance_scale(strictness), 1)
    return LoopState(target=target, area_tolerance=tol)


def month_shift(month: str, months: int) -> str:
    """'2023-12' shifted by -11 → '2023-01'."""
    y, m = int(month[:4]), int(month[5:7])
    total = y * 12 + (m - 1) + months
    return f"{total // 12:04d}-{total % 12 + 1:02d}"


def to_filters(state: LoopState, newest_month: str) -> CompFilters:
    """The comp-set definition SQL applies for this state (windows count back from newest month)."""
    t = state.target
    f = CompFilters(
        town=t.town,
        flat_type=t.flat_type,
        month_from=month_shift(newest_month, -(t.months_back - 1)),
        month_to=newest_month,
    )
    if t.floor_area_target is not None:
        f.floor_area_min = round(t.floor_area_target - state.area_tolerance, 1)
        f.floor_area_max = round(t.floor_area_target + state.area_tolerance, 1)
    else:
        f.floor_area_min, f.floor_area_max = t.floor_area_min, t.floor_area_max
    if t.storey_min is not None or t.storey_max is not None:
        f.storey_min, f.storey_max = t.storey_min, t.storey_max
    elif t.storey_preference:
        f.storey_min, f.storey_max = STOREY_BANDS[t.storey_preference]
    if t.min_remaining_lease_years is not None:
        f.min_remaining_lease_months = t.min_remaining_lease_years * 12
    if t.price_budget_max is not None and state.budget_applied:
        f.price_max = t.price_budget_max
    if t.price_budget_min is not None:
        f.price_min = t.price_budget_min
    if t.flat_model and not t.flat_model_soft:
        f.flat_model = t.flat_model
    if state.street_required and t.street_names:
        f.street_names = list(t.street_names)
    return f


def describe_filters(f: CompFilters) -> str:
    """Filters in words for the trace: 'SENGKANG · 4 ROOM · 2023-01..2023-12 · 90–100 sqm'."""
    parts: list[str] = [p for p in (f.town, f.flat_type) if p]
    if f.month_from or f.month_to:
        parts.append(f"{f.month_from or '…'}..{f.month_to or '…'}")
    if f.floor_area_min is not None or f.floor_area_max is not None:
        lo = f"{f.floor_area_min:g}" if f.floor_area_min is not None else "any"
        hi = f"{f.floor_area_max:g}" if f.floor_area_max is not None else "any"
        parts.append(f"{lo}–{hi} sqm")
    if f.storey_min is not None or f.storey_max is not None:
        lo_s = str(f.storey_min) if f.storey_min is not None else "any"
        hi_s = str(f.storey_max) if f.storey_max is not None else "any"
        parts.append(f"storey mid {lo_s}–{hi_s}")
    if f.min_remaining_lease_months is not None:
        parts.append(f"lease ≥ {f.min_remaining_lease_months // 12} y")
    if f.price_min is not None:
        parts.append(f"≥ ${f.price_min:,}")
    if f.price_max is not None:
        parts.append(f"≤ ${f.price_max:,}")
    if f.flat_model:
        parts.append(f.flat_model)
    if f.street_names:
        parts.append("street in " + ", ".join(f.street_names[:3]) + ("…" if len(f.street_names) > 3 else ""))
    return " · ".join(parts) or "no filters"
