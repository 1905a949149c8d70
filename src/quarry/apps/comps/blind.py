"""Blind grader of `quarry comps eval`: sets written by someone who never saw this code.

A record is a conversation and the target fields its last turn must yield (only what the user
stated), or a clarification. Right means: the same action (answer or clarify), every stated
field right, and no hard constraint the user never stated (a town, a flat type, a budget, a
street, a model filter).
"""

from __future__ import annotations

from typing import Any

from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets
from quarry.settings import Settings

from .models import Target


def graders(settings: Settings) -> GraderSets:
    return [("round", comps_grader(settings))]


def _band(t: dict[str, Any]) -> tuple[float | None, float | None]:
    """The floor-area bounds a target means: target ± tolerance, else the stated min/max."""
    if t.get("floor_area_target") is not None:
        tol = float(t.get("floor_area_tolerance") or 5.0)
        return float(t["floor_area_target"]) - tol, float(t["floor_area_target"]) + tol
    lo, hi = t.get("floor_area_min"), t.get("floor_area_max")
    return (None if lo is None else float(lo)), (None if hi is None else float(hi))


MIDPOINTS = tuple(range(2, 51, 3))
"""Storey-band midpoints of the data (01-03 → 2 … 49-51 → 50): storey bounds filter on them."""


def _bands(lo: int | None, hi: int | None) -> tuple[int, ...]:
    """The bands a storey bound selects: "above floor 15" (16) and "15 and above" (15) are the same
    rows, so they are graded as the same answer."""
    return tuple(m for m in MIDPOINTS if (lo is None or m >= lo) and (hi is None or m <= hi))


def _near(a: float | None, b: float | None, tol: float) -> bool:
    return (a is None) == (b is None) and (a is None or b is None or abs(a - b) <= tol)


def blind_differences(label: dict[str, Any], got: Target, said: str = "") -> list[str]:
    """The stated fields of a blind label that the parsed target gets wrong, and hard constraints
    it adds that nobody stated (a town, a flat type, a budget, a street, a model filter)."""
    t = got.model_dump()
    wrong: list[str] = []
    if _bands(label.get("storey_min"), label.get("storey_max")) != _bands(t.get("storey_min"), t.get("storey_max")):
        wrong.append(f"storeys {t.get('storey_min')}..{t.get('storey_max')} "
                     f"(want {label.get('storey_min')}..{label.get('storey_max')})")  # fmt: skip
    for key in ("town", "flat_type", "storey_preference", "min_remaining_lease_years", "months_back"):
        if key in label and label[key] != t.get(key):
            wrong.append(f"{key} {t.get(key)!r} (want {label[key]!r})")
    if "flat_model" in label and str(label["flat_model"]).lower() != str(t.get("flat_model") or "").lower():
        wrong.append(f"flat_model {t.get('flat_model')!r} (want {label['flat_model']!r})")
    if "street" in label and label["street"] not in t["street_names"]:
        wrong.append(f"streets {t['street_names']} (want {label['street']!r})")
    for key in ("price_budget_max", "price_budget_min"):
        want = label.get(key)
        have = t.get(key)
        if not _near(None if want is None else float(want), None if have is None else float(have), 1000):
            wrong.append(f"{key} {have!r} (want {want!r})")
    if "floor_area_target" in label:
        if not _near(float(label["floor_area_target"]), t.get("floor_area_target"), 1.0):
            wrong.append(f"floor_area_target {t.get('floor_area_target')!r} (want {label['floor_area_target']!r})")
    else:
        want_band, have_band = _band(label), _band(t)
        if not (_near(want_band[0], have_band[0], 1.0) and _near(want_band[1], have_band[1], 1.0)):
            wrong.append(f"floor area {have_band} (want {want_band})")
    for key in ("town", "flat_type"):
        if key not in label and t.get(key) is not None:
            wrong.append(f"{key} {t[key]!r} never stated")
    hint = (t.get("street_hint") or "").lower()
    typed = bool(hint) and all(part.strip() in said.lower() for part in hint.split(" / "))
    if "street" not in label and t["street_names"] and not t.get("near") and not typed:
        # Streets from words the user typed ("bedok north", "fernvale") narrow what they named;
        # streets from nothing they typed would be an invented constraint.
        wrong.append(f"streets {t['street_names']} never stated")
    if "flat_model" not in label and t.get("flat_model") and not t.get("flat_model_soft"):
        wrong.append(f"flat_model {t['flat_model']!r} never stated")
    return wrong


def comps_grader(settings: Settings) -> Grader:
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        session = None
        resp = None
        for turn in record["turns"]:
            resp = await run(turn, session_id=session, settings=settings)
            session = resp.session_id
        assert resp is not None
        group = "multi-turn" if len(record["turns"]) > 1 else "single-turn"
        want_clarify = record["expect"] == "clarify"
        if (resp.action == "clarify") != want_clarify:
            return BlindVerdict(
                id=record["id"], right=False, group=group, why=f"action {resp.action} (want {record['expect']})"
            )
        said = " ".join(record["turns"])
        wrong = [] if want_clarify else blind_differences(record.get("target", {}), resp.target, said)
        return BlindVerdict(id=record["id"], right=not wrong, group=group, why="; ".join(wrong))

    return grade
