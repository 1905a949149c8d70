"""MatchRankAgent: hard filters in SQL, the §C score (K.2 weights from settings), reason codes.

    score = w_size·[sqft ≥ min] + w_size·12/18·[sqft ≤ max] + w_price·[rent ≤ budget.max]
          + w_loc·[neighbourhood/address/borough contains a location token]
          + w_must·|have ∩ must| / |must| + w_transit·[near transit] + w_pets·[pets a must and allowed]

A bound that was not asked for gives no points (every unit alike). The score is computed in SQL
to rank (ORDER BY score, rent, id) and again in Python for the reasons and their codes; a test holds the two
equal. No unit passes every hard filter → the closest by price and size (same location when one
was asked) with their scores, and the two relaxations that would give the most units, with the
count each gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from quarry.db import Database
from quarry.settings import Settings

from .models import Matches, MatchItem, MatchReason, Relaxation, RowPreview, SearchSpec
from .needs import place_name, unit_type_of


class Reader(Protocol):
    """What MatchRank reads through: the database (a pooled connection per statement) or one `Tx`."""

    def fetch_all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]: ...

    def fetch_one(self, sql: str, params: Mapping[str, Any] | None = None) -> dict[str, Any] | None: ...

    def scalar(self, sql: str, params: Mapping[str, Any] | None = None) -> Any: ...


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


RENT_SLACK = 1e-9
"""The numeric rent prefilter's bound is the budget times (1 + this): a superset of `rent <= budget`
compared as float (what decides), however the float budget rounds to numeric."""


def hard_filters(
    spec: SearchSpec, *, params: dict[str, Any], prefix: str = "", location: str | None = None
) -> list[str]:
    """SQL conditions every exact match meets; fills `params` (names start with `prefix`).

    `location` replaces the haystack test (e.g. by a per-building flag computed once per building)."""
    where: list[str] = []
    p = prefix
    if spec.location:
        params[f"{p}locs"] = [f"%{t.lower()}%" for t in spec.location]
        where.append(location or f"{_HAYSTACK} LIKE ANY(:{p}locs)")
    if spec.min_sqft:
        params[f"{p}min_sqft"] = spec.min_sqft
        where.append(f"u.sqft >= :{p}min_sqft")
    if spec.max_sqft:
        params[f"{p}max_sqft"] = spec.max_sqft
        where.append(f"u.sqft <= :{p}max_sqft")
    budget = spec.budget_monthly_usd
    if budget and budget.max:
        params[f"{p}bmax"] = budget.max
        params[f"{p}bcap"] = budget.max * (1 + RENT_SLACK)
        # The float comparison decides; the numeric one beside it lets the rent index narrow the scan
        # (a float bound casts every rent, which no index serves).
        where.append(f"u.rent <= CAST(:{p}bcap AS numeric) AND u.rent <= :{p}bmax")
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


def count_many(db: Reader, specs: list[SearchSpec]) -> list[int]:
    """Units passing every hard filter of each spec, in ONE statement (a FILTER per spec)."""
    if not specs:
        return []
    params: dict[str, Any] = {}
    cols, flags = [], ["building_id"]
    for i, spec in enumerate(specs):
        where = hard_filters(spec, params=params, prefix=f"s{i}_", location=f"b.l{i}")
        cols.append(f"count(*) FILTER (WHERE {' AND '.join(where) or 'true'}) AS c{i}")
        if spec.location:
            flags.append(f"hay LIKE ANY(:s{i}_locs) AS l{i}")
    # A location is a LIKE per building (2,500 at 100k units), not per unit and per spec.
    sql = f"SELECT {', '.join(cols)} FROM leasing_units u JOIN (SELECT {', '.join(flags)} FROM leasing_buildings) b"
    sql += " USING (building_id)"
    budgets = [s.budget_monthly_usd.max if s.budget_monthly_usd else None for s in specs]
    if all(budgets):
        # Every count has a budget: no unit above the largest can count (the rent index finds the rest).
        params["cap"] = max(b for b in budgets if b) * (1 + RENT_SLACK)
        sql += " WHERE u.rent <= CAST(:cap AS numeric)"
    row = db.fetch_one(sql, params)
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


def score_unit(row: dict[str, Any], spec: SearchSpec, w: Weights) -> tuple[float, list[str], list[MatchReason]]:
    """(§C score, reasons in words, the same reasons as codes) of one unit row."""
    score = 0.0
    reasons: list[str] = []
    codes: list[MatchReason] = []
    sqft, rent = int(row["sqft"]), float(row["rent"])
    if spec.min_sqft:
        if sqft >= spec.min_sqft:
            score += w.size
        else:
            reasons.append(f"{sqft:,} SF below {spec.min_sqft:,} SF asked")
            codes.append(MatchReason(code="below_min_sf", value=spec.min_sqft))
    if spec.max_sqft:
        if sqft <= spec.max_sqft:
            score += w.size * MAX_OVER_MIN
        else:
            reasons.append(f"{sqft:,} SF above {spec.max_sqft:,} SF asked")
            codes.append(MatchReason(code="above_max_sf", value=spec.max_sqft))
    if (spec.min_sqft or spec.max_sqft) and not codes:
        reasons.insert(0, f"{sqft:,} SF fits")
        codes.insert(0, MatchReason(code="size_fits"))
    b = spec.budget_monthly_usd
    if b and b.max:
        if rent <= b.max:
            score += w.price
            reasons.append(f"Rent ${rent:,.0f} within budget")
            codes.append(MatchReason(code="within_budget", value=b.max))
        else:
            reasons.append(f"Rent ${rent:,.0f} over budget by {100 * (rent / b.max - 1):.0f}%")
            codes.append(MatchReason(code="over_budget", value=round(rent / b.max - 1, 4)))
    if spec.location:
        hay = f"{row['neighborhood']} | {row['address']} | {row['borough']}".lower()
        matched = next((t for t in spec.location if t.lower() in hay), None)
        if matched is not None:
            score += w.loc
            reasons.append(f"Neighborhood match ({row['neighborhood']})")
            codes.append(MatchReason(code="in_location", value=matched))
        else:
            reasons.append(f"Outside {', '.join(spec.location)} ({row['neighborhood']})")
            codes.append(MatchReason(code="outside_location"))
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
        codes += [MatchReason(code="has_must_have", value=m) for m in got]
        codes += [MatchReason(code="missing_must_have", value=m) for m in missing]
    if row["near_transit"]:
        score += w.transit
        reasons.append("Near transit")
        codes.append(MatchReason(code="near_transit"))
    if _pets_asked(spec) and row["pet_friendly"]:
        score += w.pets
        reasons.append("Pet-friendly")
        codes.append(MatchReason(code="pet_friendly"))
    return round(score, 4), reasons, codes


def _preview(r: dict[str, Any]) -> RowPreview:
    return RowPreview(
        address=r["address"], neighborhood=r["neighborhood"], sqft=r["sqft"], rent=float(r["rent"]),
        ppsf_year=float(r["ppsf_year"]), floor=r["floor"], suite=r["suite"], unit_type=r["unit_type"],
        amenities=list(r["amenities"]), near_transit=r["near_transit"], pet_friendly=r["pet_friendly"],
        available=r["available"].isoformat() if r["available"] else None,
    )  # fmt: skip


def _item(r: dict[str, Any], spec: SearchSpec, w: Weights) -> MatchItem:
    score, reasons, codes = score_unit(r, spec, w)
    return MatchItem(
        id=r["unit_id"], score=round(score, 2), reasons=reasons, reason_codes=codes, row_preview=_preview(r)
    )


def count_exact(db: Reader, spec: SearchSpec) -> int:
    params: dict[str, Any] = {}
    where = hard_filters(spec, params=params)
    sql = f"SELECT count(*) FROM {_FROM}" + (f" WHERE {' AND '.join(where)}" if where else "")
    return int(db.scalar(sql, params))


def describe_filters(spec: SearchSpec) -> str:
    parts = []
    if spec.location:
        parts.append("in " + " or ".join(map(place_name, spec.location)))
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


K_CHEAPEST = 3
"""The "budget that would give N units" relaxation: the N-th lowest rent among units passing every
other filter."""


@dataclass(frozen=True)
class _Option:
    """A candidate relaxation: the change in words, its field, the relaxed spec and, when already
    known from the statement that found its budget, its count."""

    text: str
    field: str
    spec: SearchSpec
    count: int | None = None


def _without_max(spec: SearchSpec) -> SearchSpec:
    """The spec with no budget ceiling (a floor, if asked, stays)."""
    b = spec.budget_monthly_usd
    return replace_spec(spec, budget_monthly_usd=b.model_copy(update={"max": None}) if b and b.min else None)


def _kth_rent_sql(spec: SearchSpec, params: dict[str, Any], prefix: str, buildings: str | None = None) -> str:
    """SQL of float8[] {the K_CHEAPEST-th lowest rent among units passing every filter but the budget,
    the units passing every filter with that rent as the ceiling}, NULL when fewer units pass.
    `buildings` names a relation of the location's buildings when the statement has one."""
    every = " AND ".join(hard_filters(replace_spec(spec, budget_monthly_usd=None), params=params, prefix=f"{prefix}a_"))
    # The count reads few units (rent up to the K-th): their building among the location's, rather than
    # a LIKE on every building for a hash join.
    loc = f"u.building_id = ANY(ARRAY(SELECT building_id FROM {buildings}))" if buildings else None
    floor = " AND ".join(hard_filters(_without_max(spec), params=params, prefix=f"{prefix}f_", location=loc))
    params[f"{prefix}k"] = K_CHEAPEST - 1
    # Numeric ≤ numeric here equals the float comparison of a count query given the float rent.
    return (
        f"(SELECT ARRAY[r.rent::float, (SELECT count(*) FROM {_FROM} WHERE {floor or 'true'} AND u.rent <= r.rent)]"
        f" FROM (SELECT u.rent FROM {_FROM} WHERE {every or 'true'} ORDER BY u.rent OFFSET :{prefix}k LIMIT 1) r)"
    )


def _kth_rents(db: Reader, specs: list[SearchSpec]) -> list[tuple[float, int] | None]:
    """(K-th lowest rent, units it gives) for each spec, in one statement."""
    if not specs:
        return []
    params: dict[str, Any] = {}
    cols = [f"{_kth_rent_sql(spec, params, f'k{i}_')} AS r{i}" for i, spec in enumerate(specs)]
    row = db.fetch_one(f"SELECT {', '.join(cols)}", params)
    assert row is not None
    return [(float(v[0]), int(v[1])) if v else None for v in (row[f"r{i}"] for i in range(len(specs)))]


@dataclass(frozen=True)
class _Context:
    """What the candidate relaxations need from the database, read in one statement."""

    boroughs: list[str]
    needed: tuple[float, int] | None
    """(K-th lowest rent ignoring the budget, units it gives); None when fewer units or no budget."""


def _context_sql(spec: SearchSpec, params: dict[str, Any], buildings: str | None = None) -> str:
    """Columns `ctx_boroughs, ctx_needed` (see `_Context`), to add to a statement run anyway;
    `buildings` names a relation of the location's buildings (building_id, borough) when it has one."""
    cols = ["NULL::text[] AS ctx_boroughs", "NULL::float8[] AS ctx_needed"]
    if spec.location:
        params["ctx_locs"] = [f"%{t.lower()}%" for t in spec.location]
        of = buildings or "leasing_buildings b WHERE b.hay LIKE ANY(:ctx_locs)"
        cols[0] = f"ARRAY(SELECT DISTINCT borough FROM {of} ORDER BY 1) AS ctx_boroughs"
    b = spec.budget_monthly_usd
    if b and b.max:
        cols[1] = f"{_kth_rent_sql(spec, params, 'ctx_', buildings)} AS ctx_needed"
    return ", ".join(cols)


def _context_of(row: dict[str, Any], spec: SearchSpec) -> _Context:
    names = [x for x in (row["ctx_boroughs"] or []) if x]
    tokens = [t.lower() for t in spec.location]
    boroughs = names if names and [n.lower() for n in names] != tokens else []
    needed = (float(row["ctx_needed"][0]), int(row["ctx_needed"][1])) if row["ctx_needed"] else None
    return _Context(boroughs=boroughs, needed=needed)


def _context(db: Reader, spec: SearchSpec) -> _Context:
    params: dict[str, Any] = {}
    row = db.fetch_one(f"SELECT {_context_sql(spec, params)}", params)
    assert row is not None
    return _context_of(row, spec)


def _options(db: Reader, spec: SearchSpec, ctx: _Context | None = None) -> list[_Option]:
    """The candidate relaxations: the seed's three first, then stronger ones per field."""
    ctx = ctx or _context(db, spec)
    options: list[_Option] = []
    b = spec.budget_monthly_usd
    if b and b.max:
        new_max = round(b.max * (1 + BUDGET_RELAX), 2)
        raised = replace_spec(spec, budget_monthly_usd=b.model_copy(update={"max": new_max}))
        options.append(_Option(f"budget +10% (to ${new_max:,.0f}/month)", "budget", raised))
        if ctx.needed is not None and ctx.needed[0] > new_max:
            needed, count = ctx.needed
            pct = 100 * (needed / b.max - 1)
            options.append(_Option(f"budget to ${needed:,.0f}/month (+{pct:.0f}%)", "budget",
                                   replace_spec(spec, budget_monthly_usd=b.model_copy(update={"max": needed})),
                                   count))  # fmt: skip
    if spec.location:
        if ctx.boroughs:
            options.append(_Option(f"expand area to all of {' and '.join(ctx.boroughs)}", "location",
                                   replace_spec(spec, location=[x.lower() for x in ctx.boroughs])))  # fmt: skip
        options.append(_Option("any neighbourhood", "location", replace_spec(spec, location=[])))
    if spec.min_sqft or spec.max_sqft:
        lo = round(spec.min_sqft * (1 - SIZE_RELAX)) if spec.min_sqft else None
        hi = round(spec.max_sqft * (1 + SIZE_RELAX)) if spec.max_sqft else None
        text = f"relax size to {lo or 0:,}–{hi:,} SF" if hi else f"relax size to ≥ {lo:,} SF"
        options.append(_Option(text, "sqft", replace_spec(spec, min_sqft=lo, max_sqft=hi)))
        if spec.min_sqft:
            options.append(_Option(f"any size up to {spec.max_sqft or 0:,} SF" if spec.max_sqft else "any size", "sqft",
                                   replace_spec(spec, min_sqft=None)))  # fmt: skip
    for m in _musts(spec):
        rest = [x for x in spec.must_haves if x != m]
        options.append(_Option(f"drop must-have '{m}'", f"must:{m}", replace_spec(spec, must_haves=rest)))
    return options


def relaxations(db: Reader, spec: SearchSpec, ctx: _Context | None = None) -> list[Relaxation]:
    """Two specific relaxations (different fields) with the count each gives: per field the first
    option that finds units (the seed's +10% / borough / ±20% size before stronger ones), the two
    fields that give most units. Statements: the context unless given (boroughs, the budget that
    would give K units), every other option's count, and, when needed, each remaining option's budget."""
    best: dict[str, Relaxation] = {}
    options = _options(db, spec, ctx)
    unknown = [o for o in options if o.count is None]
    counted = dict(zip(map(id, unknown), count_many(db, [o.spec for o in unknown]), strict=True))
    for o in options:
        n = o.count if o.count is not None else counted[id(o)]
        if o.field not in best and n > 0:
            budget = o.spec.budget_monthly_usd.max if o.field == "budget" and o.spec.budget_monthly_usd else None
            best[o.field] = Relaxation(change=o.text, field=o.field.split(":")[0], count=n, budget_max=budget)
    b = spec.budget_monthly_usd
    if len(best) < 2 and b and b.max:
        # Several constraints bind at once: pair a change with the budget that change would need.
        pending = [o for o in options if o.field not in best and o.field != "budget"]
        found: dict[int, tuple[float, int] | None] = {}
        for i, o in enumerate(pending):
            if len(best) >= 2:
                break
            if o.field in best:
                continue
            if id(o) not in found:
                # This option and, in the same statement, the next untried one of every other open
                # field (needed unless an earlier option fills the two places first).
                later = [x for x in pending[i + 1 :] if x.field not in best and x.field != o.field]
                todo = [o, *(x for j, x in enumerate(later) if x.field not in {y.field for y in later[:j]})]
                todo = [x for x in todo if id(x) not in found]
                found.update(zip(map(id, todo), _kth_rents(db, [x.spec for x in todo]), strict=True))
            hit = found[id(o)]
            if hit is not None:
                needed, count = hit
                change = f"{o.text} and budget to ${needed:,.0f}/month"
                best[o.field] = Relaxation(change=change, field=o.field.split(":")[0], count=count, budget_max=needed)
    return sorted(best.values(), key=lambda r: -r.count)[:2]


def replace_spec(spec: SearchSpec, **changes: Any) -> SearchSpec:
    return spec.model_copy(update=changes)


def _size_centre(spec: SearchSpec) -> float | None:
    if spec.min_sqft and spec.max_sqft:
        return (spec.min_sqft + spec.max_sqft) / 2
    one = spec.min_sqft or spec.max_sqft
    return float(one) if one else None


def match_rank(db: Database, spec: SearchSpec, weights: Weights, *, top_n: int = 5) -> Matches:
    """Exact matches ranked by §C; else the closest by price/size with two relaxations.

    One connection for all its statements (one on the exact path, three to five without a match),
    once more after a lost connection."""
    return db.reading(lambda tx: _match_rank(tx, spec, weights, top_n))


def _match_rank(db: Reader, spec: SearchSpec, weights: Weights, top_n: int) -> Matches:
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
    return _closest(db, spec, weights, top_n, filters) or _match_rank(
        db, replace_spec(spec, location=[]), weights, top_n
    )


MISFIT_TYPE = 10.0
"""Distance added to a closest unit of another unit type than asked: a retail prospect sees retail first."""
MISFIT_MUST = 2.0
"""Distance added per must-have a closest unit lacks: more than any usual price/size gap (0.1 = 10 % off)."""


def _misfit_terms(spec: SearchSpec, params: dict[str, Any]) -> list[str]:
    """Distance terms for the unit type and the must-haves, so the closest list honours them before
    price and size. Only when asked: the plain price/size distance stays an index-only scan."""
    terms: list[str] = []
    utype = unit_type_of(spec)
    if utype:
        params["mf_utype"] = utype
        terms.append(f"{MISFIT_TYPE} * (u.unit_type <> :mf_utype)::int")
    for i, m in enumerate(_musts(spec)):
        if m == "near transit":
            terms.append(f"{MISFIT_MUST} * (NOT u.near_transit)::int")
        elif m == "pet-friendly":
            terms.append(f"{MISFIT_MUST} * (NOT u.pet_friendly)::int")
        else:
            params[f"mf_must{i}"] = m
            terms.append(f"{MISFIT_MUST} * (NOT (:mf_must{i} = ANY(u.amenities)))::int")
    return terms


def _closest(q: Reader, spec: SearchSpec, weights: Weights, top_n: int, filters: str) -> Matches | None:
    """No exact match: the closest units, same location when asked (else anywhere), by relative
    distance in price and size, with two relaxations; None when the location has no unit at all."""
    near_params: dict[str, Any] = {"n": top_n}
    near_where = ""
    if spec.location:
        near_params["locs"] = [f"%{t.lower()}%" for t in spec.location]
        # The location's buildings first, then their units by the building index: every unit of the
        # location is ranked, but only those are read (a join on the haystack scanned every unit).
        near_where = " WHERE u.building_id = ANY(ARRAY(SELECT building_id FROM loc))"
    b = spec.budget_monthly_usd
    dist = ["0::float8"]
    if b and b.max:
        near_params["bmax"] = b.max
        dist.append("greatest(u.rent / :bmax - 1, 0)")
    if spec.min_sqft:
        near_params["dmin"] = spec.min_sqft
        dist.append("greatest(1 - u.sqft::float / :dmin, 0)")
    if spec.max_sqft:
        near_params["dmax"] = spec.max_sqft
        dist.append("greatest(u.sqft::float / :dmax - 1, 0)")
    dist += _misfit_terms(spec, near_params)
    sparams: dict[str, Any] = {}
    score = score_sql(spec, weights, sparams)
    near_params.update(sparams)
    # With neither budget nor size the distance is the constant 0, which ORDER BY would read as a
    # column position (an error before this rewrite): then the §C score alone orders.
    distance = " + ".join(dist)
    # Two steps: the distance of every candidate from (rent, sqft, building) alone — an index-only
    # scan — then the full row and §C score only for units as close as the N-th (ties included), in
    # the same order as ranking every candidate whole (39k rows for "Midtown" at 100k units).
    # The relaxations' context rides along (computed once, repeated on each row): one round trip fewer.
    context = _context_sql(spec, near_params, "loc" if spec.location else None)
    # The location's buildings once (a LIKE per building), for the candidates and the boroughs.
    loc = "loc AS MATERIALIZED (SELECT building_id, borough FROM leasing_buildings WHERE hay LIKE ANY(:locs)), "
    loc = loc if spec.location else ""
    rows = q.fetch_all(
        f"WITH {loc}d AS (SELECT u.unit_id, {distance} AS dist FROM leasing_units u{near_where}),"
        " cut AS (SELECT dist FROM d ORDER BY dist OFFSET :n - 1 LIMIT 1)"
        f" SELECT {_FIELDS}, {score} AS score, {context} FROM {_FROM}"
        " WHERE u.unit_id IN (SELECT unit_id FROM d WHERE dist <= coalesce((SELECT dist FROM cut), 'infinity'))"
        f" ORDER BY {distance + ', ' if len(dist) > 1 else ''}score DESC, u.rent, u.unit_id LIMIT :n",
        near_params,
    )
    if not rows and near_where:
        return None
    items = [_item(r, spec, weights) for r in rows]
    ctx = _context_of(rows[0], spec) if rows else None
    return Matches(items=items, exact=0, perfect=False, relaxations=relaxations(q, spec, ctx), filters_text=filters)
