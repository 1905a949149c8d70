"""MatchRankAgent: hard filters in SQL, the §C score (K.2 weights from settings), reason codes.

    score = w_size·[sqft ≥ min] + w_size·12/18·[sqft ≤ max] + w_price·[rent ≤ budget.max]
          + w_loc·[neighbourhood/address/borough contains a location token]
          + w_must·|have ∩ must| / |must| + w_transit·[near transit] + w_pets·[pets a must and allowed]

A bound that was not asked for gives no points (every unit alike). The score is computed in SQL
to rank (ORDER BY score, rent, id) and again in Python for the reason codes; a test holds the two
equal. No unit passes every hard filter → the closest by price and size (same location when one
was asked) with their scores, and the two relaxations that would give the most units, with the
count each gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from quarry.db import Database
from quarry.settings import Settings

from .models import Matches, MatchItem, Relaxation, RowPreview, SearchSpec
from .needs import unit_type_of

MAX_OVER_MIN = 12 / 18
"""§C: the ≤ max part of size_fit is 12 points against 18 for ≥ min."""
SIZE_RELAX = 0.2
BUDGET_RELAX = 0.1


@dataclass(frozen=True)
class Weights:
    """K.2 weights (defaults from settings; the eval's ablation zeroes one at a time)."""

    size: float = 18.0
    price: float = 22.0
    loc: float = 16.0
    must: float = 10.0
    transit: float = 8.0
    pets: float = 8.0

    @classmethod
    def from_settings(cls, s: Settings) -> Weights:
        return cls(s.leasing_w_size, s.leasing_w_price, s.leasing_w_loc, s.leasing_w_must, s.leasing_w_transit,
                   s.leasing_w_pets)  # fmt: skip


_FIELDS = """u.unit_id, u.suite, u.floor, u.unit_type, u.sqft, u.rent::float AS rent, u.ppsf_year::float AS ppsf_year,
    u.available, u.amenities, u.pet_friendly, u.near_transit, b.address, b.neighborhood, b.borough"""
_FROM = "leasing_units u JOIN leasing_buildings b USING (building_id)"
_HAYSTACK = "b.hay"
"""lower(neighbourhood | address | borough), a stored column of the building (migration 003)."""


def _musts(spec: SearchSpec) -> list[str]:
    return list(dict.fromkeys(spec.must_haves))


def _pets_asked(spec: SearchSpec) -> bool:
    return any(m.lower().startswith("pet") for m in spec.must_haves)


def hard_filters(spec: SearchSpec, *, params: dict[str, Any], prefix: str = "") -> list[str]:
    """SQL conditions every exact match meets; fills `params` (names start with `prefix`)."""
    where: list[str] = []
    p = prefix
    if spec.location:
        params[f"{p}locs"] = [f"%{t.lower()}%" for t in spec.location]
        where.append(f"{_HAYSTACK} LIKE ANY(:{p}locs)")
    if spec.min_sqft:
        params[f"{p}min_sqft"] = spec.min_sqft
        where.append(f"u.sqft >= :{p}min_sqft")
    if spec.max_sqft:
        params[f"{p}max_sqft"] = spec.max_sqft
        where.append(f"u.sqft <= :{p}max_sqft")
    budget = spec.budget_monthly_usd
    if budget and budget.max:
        params[f"{p}bmax"] = budget.max
        where.append(f"u.rent <= :{p}bmax")
    if budget and budget.min:
        params[f"{p}bmin"] = budget.min
        where.append(f"u.rent >= :{p}bmin")
    utype = unit_type_of(spec)
    if utype:
        params[f"{p}utype"] = utype
        where.append(f"u.unit_type = :{p}utype")
    for i, m in enumerate(_musts(spec)):
        if m == "near transit":
            where.append("u.near_transit")
        elif m == "pet-friendly":
            where.append("u.pet_friendly")
        else:
            params[f"{p}must{i}"] = m
            where.append(f":{p}must{i} = ANY(u.amenities)")
    return where


def count_many(db: Database, specs: list[SearchSpec]) -> list[int]:
    """Units passing every hard filter of each spec, in ONE statement (a FILTER per spec)."""
    if not specs:
        return []
    params: dict[str, Any] = {}
    cols = []
    for i, spec in enumerate(specs):
        where = hard_filters(spec, params=params, prefix=f"s{i}_")
        cols.append(f"count(*) FILTER (WHERE {' AND '.join(where) or 'true'}) AS c{i}")
    row = db.fetch_one(f"SELECT {', '.join(cols)} FROM {_FROM}", params)
    assert row is not None
    return [int(row[f"c{i}"]) for i in range(len(specs))]


def score_sql(spec: SearchSpec, w: Weights, params: dict[str, Any]) -> str:
    """The §C score as one SQL expression over `u` and `b` (same rules as `score_unit`)."""
    parts = ["0"]
    if spec.min_sqft:
        params["min_sqft"] = spec.min_sqft
        parts.append(f"CASE WHEN u.sqft >= :min_sqft THEN {w.size} ELSE 0 END")
    if spec.max_sqft:
        params["max_sqft"] = spec.max_sqft
        parts.append(f"CASE WHEN u.sqft <= :max_sqft THEN {w.size * MAX_OVER_MIN} ELSE 0 END")
    if spec.budget_monthly_usd and spec.budget_monthly_usd.max:
        params["bmax"] = spec.budget_monthly_usd.max
        parts.append(f"CASE WHEN u.rent <= :bmax THEN {w.price} ELSE 0 END")
    if spec.location:
        params["locs"] = [f"%{t.lower()}%" for t in spec.location]
        parts.append(f"CASE WHEN {_HAYSTACK} LIKE ANY(:locs) THEN {w.loc} ELSE 0 END")
    musts = _musts(spec)
    if musts:
        params["musts"] = musts
        parts.append(
            f"{w.must} * (SELECT count(*) FROM unnest(CAST(:musts AS text[])) m WHERE m = ANY(u.amenities)"
            " OR (m = 'near transit' AND u.near_transit) OR (m = 'pet-friendly' AND u.pet_friendly))::float"
            f" / {len(musts)}"
        )
    parts.append(f"CASE WHEN u.near_transit THEN {w.transit} ELSE 0 END")
    if _pets_asked(spec):
        parts.append(f"CASE WHEN u.pet_friendly THEN {w.pets} ELSE 0 END")
    return " + ".join(parts)


def score_unit(row: dict[str, Any], spec: SearchSpec, w: Weights) -> tuple[float, list[str]]:
    """(§C score, reason codes) of one unit row."""
    score = 0.0
    reasons: list[str] = []
    sqft, rent = int(row["sqft"]), float(row["rent"])
    if spec.min_sqft:
        if sqft >= spec.min_sqft:
            score += w.size
        else:
            reasons.append(f"{sqft:,} SF below {spec.min_sqft:,} SF asked")
    if spec.max_sqft:
        if sqft <= spec.max_sqft:
            score += w.size * MAX_OVER_MIN
        else:
            reasons.append(f"{sqft:,} SF above {spec.max_sqft:,} SF asked")
    if (spec.min_sqft or spec.max_sqft) and not any("SF " in r for r in reasons):
        reasons.insert(0, f"{sqft:,} SF fits")
    b = spec.budget_monthly_usd
    if b and b.max:
        if rent <= b.max:
            score += w.price
            reasons.append(f"Rent ${rent:,.0f} within budget")
        else:
            reasons.append(f"Rent ${rent:,.0f} over budget by {100 * (rent / b.max - 1):.0f}%")
    if spec.location:
        hay = f"{row['neighborhood']} | {row['address']} | {row['borough']}".lower()
        if any(t.lower() in hay for t in spec.location):
            score += w.loc
            reasons.append(f"Neighborhood match ({row['neighborhood']})")
        else:
            reasons.append(f"Outside {', '.join(spec.location)} ({row['neighborhood']})")
    musts = _musts(spec)
    if musts:
        have = set(row["amenities"]) | ({"near transit"} if row["near_transit"] else set())
        have |= {"pet-friendly"} if row["pet_friendly"] else set()
        got = [m for m in musts if m in have]
        score += w.must * len(got) / len(musts)
        missing = [m for m in musts if m not in have]
        reasons.append(
            f"Has {len(got)}/{len(musts)} must-haves" + (f" (missing {', '.join(missing)})" if missing else "")
        )
    if row["near_transit"]:
        score += w.transit
        reasons.append("Near transit")
    if _pets_asked(spec) and row["pet_friendly"]:
        score += w.pets
        reasons.append("Pet-friendly")
    return round(score, 4), reasons


def _preview(r: dict[str, Any]) -> RowPreview:
    return RowPreview(
        address=r["address"], neighborhood=r["neighborhood"], sqft=r["sqft"], rent=float(r["rent"]),
        ppsf_year=float(r["ppsf_year"]), floor=r["floor"], suite=r["suite"], unit_type=r["unit_type"],
        amenities=list(r["amenities"]), near_transit=r["near_transit"], pet_friendly=r["pet_friendly"],
        available=r["available"].isoformat() if r["available"] else None,
    )  # fmt: skip


def _item(r: dict[str, Any], spec: SearchSpec, w: Weights) -> MatchItem:
    score, reasons = score_unit(r, spec, w)
    return MatchItem(id=r["unit_id"], score=round(score, 2), reasons=reasons, row_preview=_preview(r))


def count_exact(db: Database, spec: SearchSpec) -> int:
    params: dict[str, Any] = {}
    where = hard_filters(spec, params=params)
    sql = f"SELECT count(*) FROM {_FROM}" + (f" WHERE {' AND '.join(where)}" if where else "")
    return int(db.scalar(sql, params))


def describe_filters(spec: SearchSpec) -> str:
    parts = []
    if spec.location:
        parts.append("in " + " or ".join(spec.location))
    if spec.min_sqft or spec.max_sqft:
        parts.append(
            f"{spec.min_sqft or 0:,}–{spec.max_sqft or 0:,} SF" if spec.max_sqft else f"≥ {spec.min_sqft:,} SF"
        )
    b = spec.budget_monthly_usd
    if b and b.max:
        parts.append(f"≤ ${b.max:,.0f}/month")
    if b and b.min:
        parts.append(f"≥ ${b.min:,.0f}/month")
    if unit_type_of(spec):
        parts.append(str(unit_type_of(spec)))
    if spec.must_haves:
        parts.append("with " + ", ".join(spec.must_haves))
    return ", ".join(parts) or "no filters"


def _cheapest_rent(db: Database, spec: SearchSpec, k: int = 3) -> float | None:
    """The k-th lowest rent among units passing every filter but the budget (None if fewer)."""
    params: dict[str, Any] = {"k": k - 1}
    where = hard_filters(replace_spec(spec, budget_monthly_usd=None), params=params)
    sql = f"SELECT u.rent::float AS rent FROM {_FROM}" + (f" WHERE {' AND '.join(where)}" if where else "")
    row = db.fetch_one(sql + " ORDER BY u.rent OFFSET :k LIMIT 1", params)
    return float(row["rent"]) if row else None


def _options(db: Database, spec: SearchSpec) -> list[tuple[str, str, SearchSpec]]:
    """(change in words, field, relaxed spec): the seed's three first, then stronger ones per field."""
    options: list[tuple[str, str, SearchSpec]] = []
    b = spec.budget_monthly_usd
    if b and b.max:
        new_max = round(b.max * (1 + BUDGET_RELAX), 2)
        options.append((f"budget +10% (to ${new_max:,.0f}/month)", "budget",
                        replace_spec(spec, budget_monthly_usd=b.model_copy(update={"max": new_max}))))  # fmt: skip
        needed = _cheapest_rent(db, spec)
        if needed is not None and needed > new_max:
            pct = 100 * (needed / b.max - 1)
            options.append((f"budget to ${needed:,.0f}/month (+{pct:.0f}%)", "budget",
                            replace_spec(spec, budget_monthly_usd=b.model_copy(update={"max": needed}))))  # fmt: skip
    if spec.location:
        boroughs = _boroughs(db, spec.location)
        if boroughs:
            options.append((f"expand area to all of {' and '.join(boroughs)}", "location",
                            replace_spec(spec, location=[x.lower() for x in boroughs])))  # fmt: skip
        options.append(("any neighbourhood", "location", replace_spec(spec, location=[])))
    if spec.min_sqft or spec.max_sqft:
        lo = round(spec.min_sqft * (1 - SIZE_RELAX)) if spec.min_sqft else None
        hi = round(spec.max_sqft * (1 + SIZE_RELAX)) if spec.max_sqft else None
        text = f"relax size to {lo or 0:,}–{hi:,} SF" if hi else f"relax size to ≥ {lo:,} SF"
        options.append((text, "sqft", replace_spec(spec, min_sqft=lo, max_sqft=hi)))
        if spec.min_sqft:
            options.append((f"any size up to {spec.max_sqft or 0:,} SF" if spec.max_sqft else "any size", "sqft",
                            replace_spec(spec, min_sqft=None)))  # fmt: skip
    for m in _musts(spec):
        rest = [x for x in spec.must_haves if x != m]
        options.append((f"drop must-have '{m}'", f"must:{m}", replace_spec(spec, must_haves=rest)))
    return options


def relaxations(db: Database, spec: SearchSpec) -> list[Relaxation]:
    """Two specific relaxations (different fields) with the count each gives: per field the first
    option that finds units (the seed's +10% / borough / ±20% size before stronger ones), the two
    fields that give most units."""
    best: dict[str, Relaxation] = {}
    options = _options(db, spec)
    for (text, field, _), n in zip(options, count_many(db, [o[2] for o in options]), strict=True):
        if field not in best and n > 0:
            best[field] = Relaxation(change=text, field=field.split(":")[0], count=n)
    b = spec.budget_monthly_usd
    if len(best) < 2 and b and b.max:
        # Several constraints bind at once: pair a change with the budget that change would need.
        for text, field, relaxed in _options(db, spec):
            if field in best or field == "budget" or len(best) >= 2:
                continue
            needed = _cheapest_rent(db, relaxed)
            if needed is not None:
                both = replace_spec(relaxed, budget_monthly_usd=b.model_copy(update={"max": needed}))
                change = f"{text} and budget to ${needed:,.0f}/month"
                best[field] = Relaxation(change=change, field=field.split(":")[0], count=count_exact(db, both))
    return sorted(best.values(), key=lambda r: -r.count)[:2]


def replace_spec(spec: SearchSpec, **changes: Any) -> SearchSpec:
    return spec.model_copy(update=changes)


def _boroughs(db: Database, tokens: list[str]) -> list[str]:
    rows = db.fetch_all(
        f"SELECT DISTINCT b.borough FROM leasing_buildings b WHERE {_HAYSTACK} LIKE ANY(:locs) ORDER BY 1",
        {"locs": [f"%{t.lower()}%" for t in tokens]},
    )
    names = [r["borough"] for r in rows if r["borough"]]
    return names if names and [n.lower() for n in names] != [t.lower() for t in tokens] else []


def _size_centre(spec: SearchSpec) -> float | None:
    if spec.min_sqft and spec.max_sqft:
        return (spec.min_sqft + spec.max_sqft) / 2
    one = spec.min_sqft or spec.max_sqft
    return float(one) if one else None


def match_rank(db: Database, spec: SearchSpec, weights: Weights, *, top_n: int = 5) -> Matches:
    """Exact matches ranked by §C; else the closest by price/size with two relaxations."""
    params: dict[str, Any] = {}
    where = hard_filters(spec, params=params)
    score = score_sql(spec, weights, params)
    params["n"] = top_n
    where_sql = f" WHERE {' AND '.join(where)}" if where else ""
    # Equal §C scores (common: every exact match meets the same constraints) are ordered by how close
    # the size is to the size asked for, then by rent: "~1,800 SF" puts 1,700 SF before 1,450 SF.
    centre = _size_centre(spec)
    params["centre"] = centre or 0
    closeness = "abs(u.sqft - :centre), " if centre else ""
    rows = db.fetch_all(
        f"SELECT {_FIELDS}, {score} AS score, count(*) OVER () AS total FROM {_FROM}{where_sql}"
        f" ORDER BY score DESC, {closeness}u.rent, u.unit_id LIMIT :n",
        params,
    )
    filters = describe_filters(spec)
    if rows:
        items = [_item(r, spec, weights) for r in rows]
        return Matches(items=items, exact=int(rows[0]["total"]), perfect=True, filters_text=filters)
    # Closest: same location when asked (else anywhere), by relative distance in price and size.
    near_params: dict[str, Any] = {"n": top_n}
    near_where = ""
    if spec.location:
        near_params["locs"] = [f"%{t.lower()}%" for t in spec.location]
        near_where = f" WHERE {_HAYSTACK} LIKE ANY(:locs)"
    b = spec.budget_monthly_usd
    dist = ["0"]
    if b and b.max:
        near_params["bmax"] = b.max
        dist.append("greatest(u.rent / :bmax - 1, 0)")
    if spec.min_sqft:
        near_params["dmin"] = spec.min_sqft
        dist.append("greatest(1 - u.sqft::float / :dmin, 0)")
    if spec.max_sqft:
        near_params["dmax"] = spec.max_sqft
        dist.append("greatest(u.sqft::float / :dmax - 1, 0)")
    sparams: dict[str, Any] = {}
    score = score_sql(spec, weights, sparams)
    near_params.update(sparams)
    rows = db.fetch_all(
        f"SELECT {_FIELDS}, {score} AS score FROM {_FROM}{near_where}"
        f" ORDER BY {' + '.join(dist)}, score DESC, u.rent, u.unit_id LIMIT :n",
        near_params,
    )
    if not rows and near_where:
        return match_rank(db, replace_spec(spec, location=[]), weights, top_n=top_n)
    items = [_item(r, spec, weights) for r in rows]
    return Matches(items=items, exact=0, perfect=False, relaxations=relaxations(db, spec), filters_text=filters)
