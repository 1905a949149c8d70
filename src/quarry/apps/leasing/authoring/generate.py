"""Deterministic generator of the bundled leasing data: inventory, tenancies, leases, vendors, comps.

Same seed → byte-identical files. `generate()` builds the canonical records (the truth an importer
must recover); `write_bundle()` writes them as the messy files a broker feed really looks like:
`units.csv` and `buildings.csv` with their own header spellings, "$4,500" / "1,800 sf" /
"$62/sf/yr" values, rent left blank where only $/sf/yr is quoted, amenities as free text or JSON,
some units joined to their building only by a differently spelled address, and a known number of
bad rows (`BAD_UNIT_ROWS`, `BAD_BUILDING_ROWS`). Buildings sit on real street grids of real
Manhattan and Brooklyn neighbourhoods (`places.py`); `near_transit` is the haversine distance to
the nearest real subway station ≤ 400 m. Leases are 10+ page texts (`lease_text.py`).

    python -m quarry.apps.leasing.authoring.generate                       # rewrite the bundled data/
    python -m quarry.apps.leasing.authoring.generate --scale 100000 --out /tmp/leasing   # benchmark inventory
"""

from __future__ import annotations

import argparse
import calendar
import csv
import io
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from itertools import accumulate
from pathlib import Path

from ..places import (
    DATA_DIR,
    NEAR_TRANSIT_M,
    NEIGHBOURHOODS,
    Neighbourhood,
    Segment,
    StationIndex,
    address_key,
    load_stations,
    long_form,
    neighbourhood,
)
from .lease_text import LeaseTerms, render_lease

SEED = 2026
ANCHOR = date(2026, 11, 1)
"""'Today' of the bundled data: availability dates follow it, leases end within 12 months of it."""
DEMO_UNITS = 1_200
"""Valid units in the bundled inventory (bad rows come on top)."""
BAD_UNIT_ROWS = {"blank_sqft": 6, "call_for_price": 5, "duplicate_id": 4, "unknown_building": 3}
"""Rows of units.csv an importer must count and skip, by reason."""
BAD_BUILDING_ROWS = {"duplicate_id": 1, "blank_address": 1}
"""Rows of buildings.csv an importer must count and skip, by reason."""
N_TENANCIES = 60
DEMO_BUILDING = ("B-0001", "Midtown South", "W 36th St", 36)
"""The seed's example address (36 W 36th St), planted so the issue's headline query has exact matches."""
DEMO_UNITS_PLANTED = ((3, 1500, 38.0), (5, 1550, 36.5), (7, 1600, 36.0), (8, 1700, 35.0), (10, 1800, 36.0))
"""(floor, sqft, $/sf/yr) of the demo building's budget suites: four under $5,000/month, one just over."""
UNIT_TYPES = ("office", "retail", "flex")

UNITS_HEADER = ("Unit ID", "Bldg ID", "Street Address", "Suite", "Floor", "Type", "SQFT", "Rent ($/mo)",
                "$/SF/YR", "Available", "Term", "Amenities", "Listing Notes")  # fmt: skip
BUILDINGS_HEADER = ("Building ID", "Address", "Neighborhood", "Borough", "ZIP", "Latitude", "Longitude",
                    "Bldg Class", "Year Built", "Floors", "Pet Policy", "Nearest Subway", "Building Amenities",
                    "Landlord")  # fmt: skip
BUNDLE_FILES = ("buildings.csv", "units.csv", "tenants.csv", "tenancies.csv", "vendors.csv", "rent_comps.csv",
                "renewal_policy.json", "leases/leases.json")  # fmt: skip
"""Files `write_bundle` writes (plus `leases/LEASE-*.txt`)."""

# Canonical amenity → spellings seen in feeds.
AMENITY_SPELLINGS: dict[str, tuple[str, ...]] = {
    "elevator": ("Elevator", "elevator", "Elev.", "Passenger elevator"),
    "freight-elevator": ("Freight elevator", "Freight elev", "freight elevator"),
    "doorman": ("Doorman", "Attended lobby", "24hr doorman", "doorman"),
    "24/7-access": ("24/7 access", "24/7 Access", "24hr access", "24-hour access"),
    "pet-friendly": ("Pets OK", "Pet friendly", "Dogs allowed", "pet-friendly"),
    "bike-room": ("Bike room", "Bike storage", "bike room"),
    "roof-deck": ("Roof deck", "Rooftop terrace", "Shared roof deck"),
    "gym": ("Gym", "Fitness center", "gym"),
    "private-terrace": ("Private terrace", "Terrace", "Outdoor space"),
    "kitchenette": ("Kitchenette", "Pantry", "kitchenette"),
    "shower": ("Shower", "Private shower"),
    "furnished": ("Furnished", "Fully furnished", "Turnkey furnished"),
    "conference-room": ("Conference room", "Conf. room", "Conference rm"),
    "corner-unit": ("Corner unit", "Corner", "corner unit"),
    "natural-light": ("Natural light", "Great light", "Lots of natural light"),
    "high-ceilings": ("High ceilings", "12' ceilings", "14 ft ceilings"),
    "exposed-brick": ("Exposed brick", "exposed brick"),
    "central-ac": ("Central AC", "Central air", "HVAC (central)"),
    "fiber": ("Fiber", "Gigabit fiber", "Fiber internet"),
    "storefront": ("Storefront", "Glass storefront", "Street frontage"),
    "venting": ("Venting", "Vented for cooking"),
    "loading-dock": ("Loading dock", "Drive-in door"),
}
_UNIT_FEATURES: dict[str, tuple[tuple[str, float], ...]] = {
    "office": (("kitchenette", 0.55), ("conference-room", 0.4), ("corner-unit", 0.18), ("natural-light", 0.45),
               ("central-ac", 0.6), ("fiber", 0.4), ("furnished", 0.12), ("shower", 0.08), ("private-terrace", 0.06),
               ("high-ceilings", 0.2), ("exposed-brick", 0.12)),
    "retail": (("storefront", 0.9), ("venting", 0.25), ("high-ceilings", 0.4), ("central-ac", 0.4),
               ("corner-unit", 0.2)),
    "flex": (("high-ceilings", 0.7), ("exposed-brick", 0.35), ("loading-dock", 0.3), ("natural-light", 0.5),
             ("kitchenette", 0.3), ("fiber", 0.3)),
}  # fmt: skip
_PETS_YES = ("Pets allowed", "Dogs OK", "Pet friendly", "Yes", "Dog-friendly building",
             "Pets welcome (dogs under 50 lbs)", "Allowed w/ landlord approval")  # fmt: skip
_PETS_NO = ("No pets", "No", "Pets not allowed", "Service animals only", "", "N/A")
_LANDLORDS = ("Meridian Property Group", "Stonebridge Realty Mgmt", "Harbor & Hale Properties", "Caldwell Estates",
              "Ironline Realty", "Greyhaven Asset Management", "Kestrel Property Partners", "Atlas Row Management",
              "Bluestone Commercial", "Northgate Realty Co.", "Larchmont Property Services",
              "Pierhead Holdings")  # fmt: skip
_NOTES = {
    "office": ("Prebuilt with {n} private offices and an open work area.", "Direct lease with landlord.",
               "Landlord will deliver white box.", "Move-in ready; furniture negotiable.",
               "Open plan with {n} offices along the windows.", "Full floor; private elevator landing.",
               "Newly renovated pantry and restrooms.", "Quiet interior unit.", "Views over the avenue.", ""),
    "retail": ("Ground-floor store with {n} ft of frontage.", "Former boutique; basement storage included.",
               "High foot traffic block.", "Suitable for food use (venting in place).", "Corner store.", ""),
    "flex": ("Loft space suited to studio, showroom or light assembly.", "Concrete floors, freight access.",
             "Creative space with {n} ft ceilings.", "Event / gallery use considered.", ""),
}  # fmt: skip


@dataclass(frozen=True)
class Building:
    building_id: str
    address: str
    neighborhood: str
    borough: str
    zip: str
    lat: float
    lon: float
    building_class: str
    year_built: int
    floors: int
    pets_allowed: bool
    pet_policy: str
    nearest_station: str
    station_m: float
    near_transit: bool
    amenities: tuple[str, ...]
    landlord: str


@dataclass(frozen=True)
class Unit:
    unit_id: str
    building_id: str
    address: str
    neighborhood: str
    suite: str
    floor: int
    """Floor number: 1 is the ground floor, -1 the lower level."""
    unit_type: str
    sqft: int
    ppsf_year: float
    rent: int
    """Monthly rent in USD, `round(ppsf_year * sqft / 12)`."""
    available: date
    term_min_months: int
    term_max_months: int
    term_text: str
    """The term as the listing quotes it ("3-5 yrs", "Flexible")."""
    amenities: tuple[str, ...]
    pet_friendly: bool
    near_transit: bool


@dataclass(frozen=True)
class Tenant:
    tenant_id: str
    company: str
    contact_name: str
    email: str
    phone: str
    industry: str


@dataclass(frozen=True)
class Tenancy:
    tenancy_id: str
    tenant_id: str
    unit_id: str
    lease_id: str
    lease_file: str
    start: date
    end: date
    monthly_rent: int
    escalation_pct: float
    security_deposit: int
    renewal_option: str


@dataclass
class Dataset:
    """Everything the generator knows, canonical (the files are a messy rendering of it)."""

    seed: int
    anchor: date
    buildings: list[Building]
    units: list[Unit]
    tenants: list[Tenant] = field(default_factory=list)
    tenancies: list[Tenancy] = field(default_factory=list)
    leases: list[LeaseTerms] = field(default_factory=list)


# --------------------------------------------------------------------------------------------- helpers


def _rng(seed: int, stream: str) -> random.Random:
    return random.Random(f"{seed}:{stream}")


def _weighted(rng: random.Random, weights: dict[str, int]) -> str:
    return rng.choices(list(weights), list(weights.values()))[0]


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    return date(d.year + y, m + 1, min(d.day, calendar.monthrange(d.year + y, m + 1)[1]))


def _place(rng: random.Random, segment: Segment, number: int | None = None) -> tuple[str, float, float]:
    """A house number on `segment` (random unless given) and its coordinates (even and odd numbers on
    opposite sides of the street)."""
    if number is None:
        t = rng.random()
        number = max(1, round(segment.n0 + t * (segment.n1 - segment.n0)))
    else:
        t = (number - segment.n0) / max(1, segment.n1 - segment.n0)
    lat = segment.p0[0] + t * (segment.p1[0] - segment.p0[0])
    lon = segment.p0[1] + t * (segment.p1[1] - segment.p0[1])
    # ~12 m to one side of the centre line, by parity.
    dlat, dlon = segment.p1[0] - segment.p0[0], segment.p1[1] - segment.p0[1]
    norm = math.hypot(dlat, dlon * 0.758) or 1.0
    side = 1 if number % 2 == 0 else -1
    lat += side * (-dlon * 0.758 / norm) * 12 / 111_195
    lon += side * (dlat / norm) * 12 / 84_300
    return f"{number} {segment.street}", round(lat, 6), round(lon, 6)


def _pick(rng: random.Random, options: Sequence[str], weights: Sequence[int]) -> str:
    """`rng.choices(options, weights)[0]`, drawn the same way with less overhead."""
    x = rng.random() * sum(weights)
    for option, w in zip(options, weights, strict=True):
        x -= w
        if x < 0:
            return option
    return options[-1]


def _money(v: float) -> str:
    return f"{v:,.0f}"


# --------------------------------------------------------------------------------------------- buildings


def _buildings(n: int, seed: int) -> list[Building]:
    rng = _rng(seed, "buildings")
    stations = StationIndex(load_stations())
    weights = [nb.weight for nb in NEIGHBOURHOODS]
    taken: set[str] = set()
    # The seed's example building first: a class C, pet-friendly loft building near Herald Square.
    nb = neighbourhood(DEMO_BUILDING[1])
    segment = next(s for s in nb.segments if s.street == DEMO_BUILDING[2] and s.n0 <= DEMO_BUILDING[3] <= s.n1)
    address, lat, lon = _place(rng, segment, DEMO_BUILDING[3])
    demo = replace(_building(rng, 1, nb, address, lat, lon, stations), building_class="C", floors=12, year_built=1926,
                   pets_allowed=True, pet_policy="Pets allowed",
                   amenities=("elevator", "freight-elevator", "24/7-access", "pet-friendly"))  # fmt: skip
    out: list[Building] = [demo]
    taken.add(address_key(address))
    seg_weights = {nb.name: list(accumulate(s.length_m * (s.n1 - s.n0 + 5) ** 0.5 for s in nb.segments))
                   for nb in NEIGHBOURHOODS}  # fmt: skip
    while len(out) < n:
        nb = rng.choices(NEIGHBOURHOODS, weights)[0]
        segment = rng.choices(nb.segments, cum_weights=seg_weights[nb.name])[0]
        address, lat, lon = _place(rng, segment)
        if address_key(address) in taken:
            continue
        taken.add(address_key(address))
        out.append(_building(rng, len(out) + 1, nb, address, lat, lon, stations))
    return out


def _building(
    rng: random.Random, i: int, nb: Neighbourhood, address: str, lat: float, lon: float, stations: StationIndex
) -> Building:
    cls = _weighted(rng, nb.class_weights)
    lo, hi = nb.floors
    floors = rng.randint(lo, hi) if cls != "C" else rng.randint(lo, max(lo, (lo + hi) // 2))
    year = rng.randint(1985, 2023) if cls == "A" and rng.random() < 0.6 else rng.randint(1880, 1985)
    station, dist = stations.nearest(lat, lon)
    pets = rng.random() < {"A": 0.35, "B": 0.45, "C": 0.5}[cls] + (0.15 if nb.borough == "Brooklyn" else 0)
    amenities = []
    if floors > 4 or rng.random() < 0.5:
        amenities.append("elevator")
    if cls == "A" or (cls == "B" and rng.random() < 0.4):
        amenities.append("doorman")
    for name, p in (("24/7-access", 0.55), ("bike-room", 0.35), ("freight-elevator", 0.4 if floors > 5 else 0.1),
                    ("roof-deck", 0.2), ("gym", 0.3 if cls == "A" else 0.03)):  # fmt: skip
        if rng.random() < p:
            amenities.append(name)
    if pets:
        amenities.append("pet-friendly")
    return Building(
        building_id=f"B-{i:04d}", address=address, neighborhood=nb.name, borough=nb.borough, zip=rng.choice(nb.zips),
        lat=lat, lon=lon, building_class=cls, year_built=year, floors=floors, pets_allowed=pets,
        pet_policy=rng.choice(_PETS_YES if pets else _PETS_NO), nearest_station=station.name,
        station_m=round(dist, 1), near_transit=dist <= NEAR_TRANSIT_M, amenities=tuple(amenities),
        landlord=rng.choice(_LANDLORDS),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------- units

_TERMS = {
    "office": (("1-3 yrs", 12, 36), ("3-5 yrs", 36, 60), ("5-10 yrs", 60, 120), ("3-10 yrs", 36, 120),
               ("Flexible", 12, 60), ("36 mos", 36, 36), ("5 yr", 60, 60)),
    "retail": (("10 yrs", 120, 120), ("5-10 yrs", 60, 120), ("10-15 yrs", 120, 180)),
    "flex": (("1-5 yrs", 12, 60), ("Flexible", 12, 60), ("3-5 yrs", 36, 60)),
}  # fmt: skip


def _size(rng: random.Random, unit_type: str, floors: int, cls: str = "B") -> int:
    sizes = {"office": (2200, 300, 20_000), "retail": (1800, 400, 6_000), "flex": (2600, 800, 10_000)}
    median, lo, hi = sizes[unit_type]
    if cls == "C" and unit_type == "office":
        median = 1600  # older loft buildings: small suites
    sqft = median * math.exp(rng.gauss(0, 0.75 if cls != "C" else 0.5))
    if unit_type == "office" and floors > 20 and rng.random() < 0.1:
        sqft *= 4  # a full floor in a tower
    step = 25 if sqft < 3000 else 100
    return int(min(hi, max(lo, round(sqft / step) * step)))


def _ppsf(rng: random.Random, nb: Neighbourhood, cls: str, unit_type: str, floor: int, floors: int) -> float:
    lo, hi = nb.rent_psf[cls]
    psf = rng.uniform(lo, hi) * (1 + (0.08 if cls != "C" else 0) * (floor / max(floors, 1)))
    psf *= {"office": 1.0, "retail": rng.uniform(1.05, 1.25), "flex": rng.uniform(0.8, 0.92)}[unit_type]
    return round(min(120.0, max(35.0, psf)) * 2) / 2


def _units(n: int, buildings: list[Building], seed: int, anchor: date) -> list[Unit]:
    rng = _rng(seed, "units")
    by_name = {nb.name: nb for nb in NEIGHBOURHOODS}
    suites: dict[str, set[str]] = {b.building_id: set() for b in buildings}
    style = {b.building_id: rng.choice(("numeric", "letter")) for b in buildings}
    weights = [b.floors**0.6 for b in buildings]
    units: list[Unit] = []
    demo = buildings[0]
    for floor, sqft, ppsf in DEMO_UNITS_PLANTED[: max(0, n - len(buildings))]:
        suite = _suite(rng, "office", floor, "numeric", suites[demo.building_id])
        units.append(Unit(
            unit_id=f"U-{1001 + len(units)}", building_id=demo.building_id, address=demo.address,
            neighborhood=demo.neighborhood, suite=suite, floor=floor, unit_type="office", sqft=sqft, ppsf_year=ppsf,
            rent=round(ppsf * sqft / 12), available=anchor, term_min_months=36, term_max_months=60,
            term_text="3-5 yrs", amenities=(*demo.amenities, "kitchenette"), pet_friendly=True,
            near_transit=demo.near_transit,
        ))  # fmt: skip
    n -= len(units)
    # Every building gets one unit first (so all buildings are listed), then by size.
    order = list(buildings) + rng.choices(buildings, weights, k=max(0, n - len(buildings)))
    for b in order[:n]:
        nb = by_name[b.neighborhood]
        unit_type = _pick(rng, UNIT_TYPES, (70, 15, 15) if b.floors > 6 else (55, 25, 20))
        if unit_type == "retail":
            floor = -1 if rng.random() < 0.1 else 1
        elif unit_type == "flex":
            floor = rng.randint(1, min(b.floors, 8))
        else:
            floor = rng.randint(2, max(2, b.floors))
        suite = _suite(rng, unit_type, floor, style[b.building_id], suites[b.building_id])
        sqft = _size(rng, unit_type, b.floors, b.building_class)
        ppsf = _ppsf(rng, nb, b.building_class, unit_type, floor, b.floors)
        feats = [name for name, p in _UNIT_FEATURES[unit_type] if rng.random() < p]
        label, tmin, tmax = rng.choice(_TERMS[unit_type])
        if rng.random() < 0.3:
            available = anchor
        else:
            available = anchor + timedelta(days=rng.randint(10, 180))
            available = available.replace(day=1 if rng.random() < 0.75 else 15)
            available = max(available, anchor)
        units.append(Unit(
            unit_id=f"U-{1001 + len(units)}", building_id=b.building_id, address=b.address,
            neighborhood=b.neighborhood, suite=suite, floor=floor, unit_type=unit_type, sqft=sqft, ppsf_year=ppsf,
            rent=round(ppsf * sqft / 12), available=available, term_min_months=tmin, term_max_months=tmax,
            term_text=label, amenities=tuple(dict.fromkeys((*b.amenities, *feats))), pet_friendly=b.pets_allowed,
            near_transit=b.near_transit,
        ))  # fmt: skip
    return units


def _suite(rng: random.Random, unit_type: str, floor: int, style: str, taken: set[str]) -> str:
    for k in range(1, 400):
        if unit_type == "retail":
            label = "LL" if floor == -1 and k == 1 else f"Store {chr(64 + k) if k <= 26 else k}"
        elif style == "letter":
            label = f"{floor}{chr(64 + k)}" if k <= 26 else f"{floor}{k:02d}"
        else:
            label = f"{floor}{k:02d}"
        if label not in taken and (k > 1 or rng.random() < 0.7 or unit_type == "retail"):
            taken.add(label)
            return label
    raise RuntimeError("no free suite")


# ----------------------------------------------------------------------------------- tenants, tenancies, leases

_COMPANY_A = ("Brightline", "Copperleaf", "Harborview", "Northwind", "Bluebird", "Fieldstone", "Redwood", "Lantern",
              "Silverpine", "Meadowlark", "Ironbridge", "Quill & Ink", "Tidewater", "Beacon Hill", "Amberly",
              "Granite Peak", "Cobalt", "Foxglove", "Juniper", "Westbrook", "Kettle", "Marigold", "Orchard Lane",
              "Pioneer", "Saltbox", "Thistle", "Union Square", "Verity", "Wildflower", "Yardley")  # fmt: skip
_COMPANY_B = (("Analytics LLC", "technology"), ("Design Studio LLC", "design"), ("Legal PLLC", "legal"),
              ("Capital Partners LP", "finance"), ("Architects PC", "architecture"), ("Media Inc.", "media"),
              ("Health Partners PC", "healthcare"), ("Coffee Co.", "food & beverage"), ("Apparel Inc.", "retail"),
              ("Consulting Group LLC", "consulting"), ("Foundation Inc.", "nonprofit"), ("Labs Inc.", "technology"),
              ("Photography LLC", "creative"), ("Accounting CPAs LLP", "accounting"),
              ("Bakery LLC", "food & beverage"))  # fmt: skip
_FIRST = ("Jordan", "Priya", "Marcus", "Elena", "Samuel", "Aisha", "Daniel", "Mei", "Carlos", "Hannah", "Tobias",
          "Nadia", "Owen", "Grace", "Rafael", "Leah", "Victor", "Ingrid", "Malik", "Sofia", "Theo", "Yuki")  # fmt: skip
_LAST = ("Reyes", "Patel", "Okafor", "Lindqvist", "Goldberg", "Haddad", "Kowalski", "Chen", "Moreau", "Brennan",
         "Achterberg", "Sato", "Delgado", "Whitfield", "Nakamura", "Osei", "Fitzgerald", "Varga", "Romano")  # fmt: skip

# The eight leases on file: what each says (see lease_text.py); the generator picks unit and tenant.
LEASE_PROFILES: tuple[dict[str, object], ...] = (
    {"neighborhood": "Midtown", "type": "office", "end": (2027, 3), "term": 60, "sublet": "consent",
     "pets": "prohibited", "renewal": "fmv95", "escalation": 3.0, "deposit_months": 3, "industry": "technology"},
    {"neighborhood": "SoHo", "type": "retail", "end": (2027, 6), "term": 120, "sublet": "prohibited",
     "pets": "silent", "renewal": "none", "escalation": 3.5, "deposit_months": 6, "industry": "retail",
     "amendment": "extension"},
    {"neighborhood": "Flatiron", "type": "office", "end": (2027, 3), "term": 36, "sublet": "affiliates",
     "pets": "allowed", "renewal": "fixed4", "escalation": 3.0, "deposit_months": 2, "industry": "design"},
    {"neighborhood": "Chelsea", "type": "office", "end": (2027, 9), "term": 84, "sublet": "prohibited",
     "pets": "consent", "renewal": "fmv100", "escalation": 2.75, "deposit_months": 3, "industry": "architecture",
     "amendment": "sublet"},
    {"neighborhood": "Financial District", "type": "office", "end": (2027, 1), "term": 120, "sublet": "consent",
     "pets": "prohibited", "renewal": "two_fmv", "escalation": 2.5, "deposit_months": 4, "industry": "finance",
     "letter_of_credit": True},
    {"neighborhood": "DUMBO", "type": "flex", "end": (2027, 5), "term": 60, "sublet": "consent",
     "pets": "allowed", "renewal": "none", "escalation": 3.0, "deposit_months": 3, "industry": "creative"},
    {"neighborhood": "Williamsburg", "type": "retail", "end": (2027, 8), "term": 120, "sublet": "prohibited",
     "pets": "silent", "renewal": "fixed3", "escalation": 3.0, "deposit_months": 4, "industry": "food & beverage"},
    {"neighborhood": "Downtown Brooklyn", "type": "office", "end": (2027, 3), "term": 60, "sublet": "consent",
     "pets": "service_only", "renewal": "fmv95_3y", "escalation": 2.5, "deposit_months": 2, "industry": "nonprofit",
     "early_termination": True},
)  # fmt: skip
_RENEWAL_TEXT = {"none": "none", "fmv95": "1 x 5 yrs at 95% of FMV", "fixed4": "1 x 3 yrs at +4%",
                 "fmv100": "1 x 5 yrs at 100% of FMV", "two_fmv": "2 x 5 yrs at 100% of FMV",
                 "fixed3": "1 x 5 yrs at +3%", "fmv95_3y": "1 x 3 yrs at 95% of FMV"}  # fmt: skip
_LEASE_END_MONTHS = (12, 1, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9, 10, 3, 11, 1, 2, 4, 6, 8)


def _tenants_and_tenancies(data: Dataset) -> None:
    rng = _rng(data.seed, "tenancies")
    buildings = {b.building_id: b for b in data.buildings}
    free = list(data.units)
    rng.shuffle(free)
    used: set[str] = set()
    names: set[str] = set()
    n = min(N_TENANCIES, len(data.units) // 4)

    def pick_unit(nb: str | None, unit_type: str | None, min_sqft: int = 0) -> Unit:
        for u in free:
            if u.unit_id in used or u.floor < 1 or u.building_id == DEMO_BUILDING[0] or u.sqft < min_sqft:
                continue
            if (nb is None or u.neighborhood == nb) and (unit_type is None or u.unit_type == unit_type):
                used.add(u.unit_id)
                return u
        return pick_unit(None, unit_type) if nb is not None else pick_unit(None, None)

    for i in range(n):
        profile = LEASE_PROFILES[i] if i < len(LEASE_PROFILES) else None
        if profile:
            unit = pick_unit(str(profile["neighborhood"]), str(profile["type"]), 1_000)
            industry = str(profile["industry"])
            suffixes = [s for s, ind in _COMPANY_B if ind == industry]
        else:
            unit = pick_unit(None, None)
            wanted = {"retail": ("retail", "food & beverage")}.get(unit.unit_type)
            suffixes = [s for s, ind in _COMPANY_B if wanted is None or ind in wanted]
            if unit.unit_type != "retail":
                suffixes = [s for s, ind in _COMPANY_B if ind not in ("retail", "food & beverage")]
        while True:
            company = f"{rng.choice(_COMPANY_A)} {rng.choice(suffixes)}"
            if company not in names:
                names.add(company)
                break
        industry = next(ind for s, ind in _COMPANY_B if company.endswith(s))
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        domain = company.split()[0].lower().replace("&", "and") + "-" + company.split()[1].lower().strip(".&")
        tenant = Tenant(
            tenant_id=f"T-{i + 1:03d}", company=company, contact_name=f"{first} {last}",
            email=f"{first.lower()}.{last.lower()}@{domain}.example",
            phone=f"({rng.choice(('212', '646', '718', '917'))}) 555-01{i:02d}", industry=industry,
        )  # fmt: skip
        data.tenants.append(tenant)
        if profile:
            end_year, end_month = profile["end"]  # type: ignore[misc]
            term = int(profile["term"])  # type: ignore[call-overload]
        else:
            offset = _LEASE_END_MONTHS[i % len(_LEASE_END_MONTHS)]
            anchor = data.anchor
            end_year, end_month = (anchor.year, offset) if offset > anchor.month else (anchor.year + 1, offset)
            term = rng.choice((120, 120, 180) if unit.unit_type == "retail" else (36, 60, 60, 84, 120))
        end = _month_end(end_year, end_month)
        amendment = profile.get("amendment") if profile else None
        # An extension amendment added a year to the original term.
        start = _add_months(end + timedelta(days=1), -(term + (12 if amendment == "extension" else 0)))
        escalation = float(profile["escalation"]) if profile else rng.choice((2.5, 2.75, 3.0, 3.0, 3.5))  # type: ignore[arg-type]
        years = (data.anchor - start).days // 365
        start_psf = round(unit.ppsf_year / (1.035 ** (years + 1)) * rng.uniform(0.9, 1.0) * 2) / 2
        start_rent = round(start_psf * unit.sqft / 12)
        months = int(profile["deposit_months"]) if profile else rng.choice((2, 3, 3, 4, 6))  # type: ignore[call-overload]
        renewal = str(profile["renewal"]) if profile else rng.choice(("none", "fmv95", "fmv100", "fixed3"))
        lease_id = f"LEASE-{i + 1:04d}"
        b = buildings[unit.building_id]
        terms = LeaseTerms(
            lease_id=lease_id, tenant=tenant.company, tenant_contact=tenant.contact_name,
            landlord=f"{long_form(b.address)} Owner LLC", manager=b.landlord, address=b.address,
            neighborhood=b.neighborhood, borough=b.borough, zip=b.zip, suite=unit.suite, floor=unit.floor,
            unit_type=unit.unit_type, sqft=unit.sqft, start=start, end=end, term_months=term,
            start_rent_monthly=start_rent, escalation_pct=escalation, deposit_months=months,
            profile={k: v for k, v in (profile or {}).items() if k not in ("neighborhood", "type", "end", "term")},
            industry=industry, seed=data.seed,
        )  # fmt: skip
        if amendment:
            signed = _add_months(start, term - 14 if amendment == "extension" else 30)
            last_year = terms.monthly_rent_at(terms.original_end)
            extension = round(last_year * 1.03) if amendment == "extension" else 0
            terms = replace(terms, amendment_date=signed, extension_rent_monthly=extension)
        data.tenancies.append(Tenancy(
            tenancy_id=f"TN-{i + 1:03d}", tenant_id=tenant.tenant_id, unit_id=unit.unit_id, lease_id=lease_id,
            lease_file=f"leases/{lease_id}.txt" if profile else "", start=start, end=end,
            monthly_rent=round(terms.monthly_rent_at(data.anchor)), escalation_pct=escalation,
            security_deposit=start_rent * months,
            renewal_option="none (extended by amendment)" if amendment == "extension" else _RENEWAL_TEXT[renewal],
        ))  # fmt: skip
        if profile:
            data.leases.append(terms)
    # A tenanted unit is listed as available the day after its lease ends.
    ends = {t.unit_id: t.end for t in data.tenancies}
    data.units = [
        _replace_available(u, ends[u.unit_id] + timedelta(days=1)) if u.unit_id in ends else u for u in data.units
    ]


def _replace_available(u: Unit, when: date) -> Unit:
    return replace(u, available=when)


# --------------------------------------------------------------------------------------------- generate


def generate(n_units: int = DEMO_UNITS, *, seed: int = SEED, anchor: date = ANCHOR, tenancies: bool = True) -> Dataset:
    """The canonical dataset: `n_units` valid units in max(150, min(n/7, 2500)) buildings."""
    if n_units < 1:
        raise ValueError("n_units must be positive")
    n_buildings = max(150, min(n_units // 7, 2500))
    buildings = _buildings(n_buildings, seed)
    data = Dataset(seed, anchor, buildings, _units(n_units, buildings, seed, anchor))
    if tenancies:
        _tenants_and_tenancies(data)
    return data


# --------------------------------------------------------------------------------------------- messy rendering


def _messy_sqft(rng: random.Random, sqft: int) -> str:
    fmt = _pick(rng, ("{c}", "{p}", "{c} sf", "{c} SF", "{p} sq ft", "{c} RSF"), (35, 20, 20, 10, 10, 5))
    return fmt.format(c=f"{sqft:,}", p=str(sqft))


def _messy_rent(rng: random.Random, rent: float) -> str:
    fmt = _pick(rng, ("${c}", "{p}", "${c}.00", "{c}", "$ {c}"), (45, 20, 15, 15, 5))
    return fmt.format(c=_money(rent), p=str(round(rent)))


def _messy_ppsf(rng: random.Random, ppsf: float) -> str:
    v = f"{ppsf:.2f}" if ppsf != int(ppsf) or rng.random() < 0.3 else str(int(ppsf))
    return _pick(rng, (f"${v}/sf/yr", f"{v}/SF/YR", f"${v} psf", f"${v}", v), (35, 20, 15, 15, 15))


def _messy_floor(rng: random.Random, floor: int, top: int) -> str:
    if floor == -1:
        return rng.choice(("LL", "Lower Level", "B1"))
    if floor == 1:
        return rng.choice(("Ground", "Grnd", "1", "1st", "G"))
    if floor == top and top > 4 and rng.random() < 0.5:
        return "PH"
    n = floor
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _pick(rng, (str(n), f"{n}{suffix}", f"{n}{suffix} Fl", f"Fl {n}"), (50, 20, 20, 10))


def _messy_suite(rng: random.Random, suite: str) -> str:
    if not suite[0].isdigit():
        return suite
    return _pick(rng, (suite, f"Suite {suite}", f"Ste. {suite}", f"#{suite}"), (40, 30, 15, 15))


def _messy_date(rng: random.Random, d: date, anchor: date) -> str:
    if d == anchor:
        return rng.choice(("Immediate", "Now", "Available now", anchor.isoformat()))
    return _pick(
        rng,
        (d.isoformat(), f"{d.month}/{d.day}/{d.year}", f"{d.month:02d}/{d.day:02d}/{d.year}", d.strftime("%b %Y")
         if d.day == 1 else d.isoformat(), d.strftime("%-d-%b-%Y")),
        (35, 25, 15, 15, 10),
    )  # fmt: skip


def _messy_amenities(rng: random.Random, amenities: Sequence[str]) -> str:
    words = [rng.choice(AMENITY_SPELLINGS[a]) for a in amenities if a != "pet-friendly" or rng.random() < 0.6]
    if not words:
        return ""
    style = _pick(rng, ("semi", "comma", "pipe", "json"), (45, 30, 10, 15))
    if style == "json":
        return json.dumps(words)
    return {"semi": "; ", "comma": ", ", "pipe": " | "}[style].join(words)


def _messy_type(rng: random.Random, unit_type: str) -> str:
    return rng.choice({"office": ("Office", "office", "OFFICE", "Office"), "retail": ("Retail", "Store", "retail"),
                       "flex": ("Flex", "Flex/Creative", "Loft/Flex")}[unit_type])  # fmt: skip


def _address_variant(rng: random.Random, address: str, b: Building) -> str:
    """The building's address as another feed spells it (same `address_key`)."""
    choice = rng.randrange(5)
    if choice == 0:
        return address
    if choice == 1:
        return long_form(address)
    if choice == 2:
        city = "New York" if b.borough == "Manhattan" else "Brooklyn"
        return f"{address}, {city}, NY {b.zip}"
    if choice == 3:
        return address.upper()
    return f"{long_form(address)}, {b.borough}"


def _unit_row(rng: random.Random, u: Unit, b: Building, anchor: date) -> list[str]:
    mode = _pick(rng, ("both", "rent", "ppsf"), (45, 30, 25))
    rent = _messy_rent(rng, u.rent) if mode in ("both", "rent") else ""
    ppsf = _messy_ppsf(rng, u.ppsf_year) if mode in ("both", "ppsf") else ""
    by_address = rng.random() < 0.08
    bldg = "" if by_address else (f" {u.building_id} " if rng.random() < 0.03 else u.building_id)
    address = _address_variant(rng, u.address, b) if by_address else (u.address if rng.random() < 0.9 else "")
    notes = rng.choice(_NOTES[u.unit_type]).format(n=rng.randint(2, 16))
    return [u.unit_id, bldg, address, _messy_suite(rng, u.suite), _messy_floor(rng, u.floor, b.floors),
            _messy_type(rng, u.unit_type), _messy_sqft(rng, u.sqft), rent, ppsf, _messy_date(rng, u.available, anchor),
            u.term_text,
            _messy_amenities(rng, u.amenities), notes]  # fmt: skip


def units_csv(data: Dataset) -> str:
    """units.csv: every valid unit, and the bad rows of `BAD_UNIT_ROWS` mixed in."""
    rng = _rng(data.seed, "units.csv")
    buildings = {b.building_id: b for b in data.buildings}
    rows = [_unit_row(rng, u, buildings[u.building_id], data.anchor) for u in data.units]
    next_id = 1001 + len(data.units)
    bad: list[tuple[int, list[str]]] = []
    for reason, count in BAD_UNIT_ROWS.items():
        for _ in range(count):
            pos = rng.randrange(len(rows))
            src = data.units[pos]
            row = _unit_row(rng, src, buildings[src.building_id], data.anchor)
            if reason == "duplicate_id":
                row[3] = _messy_suite(rng, src.suite + "R")  # a stale re-listing of the same id
                row[7] = _messy_rent(rng, src.rent * 1.05)
                bad.append((pos + 1 + rng.randrange(3), row))  # after the original
                continue
            row[0] = f"U-{next_id}"
            next_id += 1
            if reason == "blank_sqft":
                row[6] = rng.choice(("", "", " ", "TBD"))
            elif reason == "call_for_price":
                row[7], row[8] = rng.choice(("Call for price", "call for price", "CALL", "Upon request")), ""
            elif reason == "unknown_building":
                row[1] = f"B-{9000 + rng.randrange(999)}"
                row[2] = f"{rng.randint(2, 9)}{rng.randint(10, 99)} Hudson Yards Blvd"
            bad.append((pos, row))
    for pos, row in sorted(bad, key=lambda p: p[0], reverse=True):
        rows.insert(min(pos, len(rows)), row)
    return _csv(UNITS_HEADER, rows)


def buildings_csv(data: Dataset) -> str:
    """buildings.csv: every building, plus the bad rows of `BAD_BUILDING_ROWS`."""
    rng = _rng(data.seed, "buildings.csv")
    rows = []
    for b in data.buildings:
        nb = next(n for n in NEIGHBOURHOODS if n.name == b.neighborhood)
        hood = b.neighborhood if rng.random() < 0.8 else rng.choice((*nb.aliases, b.neighborhood.upper()))
        transit = ""
        if b.near_transit:
            m = b.station_m
            transit = rng.choice((f"{b.nearest_station} ({m:.0f} m)", f"{b.nearest_station} - {m / 1609.34:.2f} mi",
                                  f"{b.nearest_station}, {max(1, round(m / 80))} min walk"))  # fmt: skip
        amen = [rng.choice(AMENITY_SPELLINGS[a]) for a in b.amenities if a != "pet-friendly"]
        rows.append([
            b.building_id, b.address, hood, b.borough if rng.random() < 0.9 else b.borough.upper(), b.zip,
            f"{b.lat:.6f}", f"{b.lon:.6f}", b.building_class if rng.random() < 0.85 else f"Class {b.building_class}",
            str(b.year_built), str(b.floors), b.pet_policy, transit, "; ".join(amen), b.landlord,
        ])  # fmt: skip
    dup = list(rows[rng.randrange(len(rows))])
    dup[13] = dup[13] + " (old record)"
    rows.insert(rng.randrange(len(rows) // 2, len(rows)), dup)
    rows.insert(rng.randrange(len(rows)), ["", "", "Midtown", "Manhattan", "", "", "", "B", "", "", "", "", "", "TBD"])
    return _csv(BUILDINGS_HEADER, rows)


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue()


# --------------------------------------------------------------------------------------------- the other files


def tenants_csv(data: Dataset) -> str:
    rows = [(t.tenant_id, t.company, t.contact_name, t.email, t.phone, t.industry) for t in data.tenants]
    return _csv(("tenant_id", "company", "contact_name", "email", "phone", "industry"), rows)


def tenancies_csv(data: Dataset) -> str:
    rows = [
        (t.tenancy_id, t.tenant_id, t.unit_id, t.lease_id, t.lease_file, t.start.isoformat(), t.end.isoformat(),
         t.monthly_rent, f"{t.escalation_pct:.2f}", t.security_deposit, t.renewal_option, "active")
        for t in data.tenancies
    ]  # fmt: skip
    header = ("tenancy_id", "tenant_id", "unit_id", "lease_id", "lease_file", "start_date", "end_date",
              "monthly_rent_usd", "escalation_pct", "security_deposit_usd", "renewal_option", "status")  # fmt: skip
    return _csv(header, rows)


# (name, category, boroughs, P0 hours, P1 hours, P2 hours, 24/7, hourly rate)
VENDORS: tuple[tuple[str, str, str, float, float, float, bool, int], ...] = (
    ("Five Borough Pipe & Drain", "plumbing", "Manhattan;Brooklyn", 1.5, 8, 48, True, 185),
    ("Greenpoint Plumbing Co.", "plumbing", "Brooklyn", 2, 12, 72, True, 165),
    ("Canal Street Plumbing & Heating", "plumbing", "Manhattan", 2, 8, 48, False, 175),
    ("Ampere Electric NYC", "electrical", "Manhattan;Brooklyn", 2, 8, 72, True, 195),
    ("Kings County Electrical Contractors", "electrical", "Brooklyn", 3, 12, 72, False, 170),
    ("Coldfront Mechanical", "hvac", "Manhattan;Brooklyn", 2, 12, 72, True, 210),
    ("Hudson Air Systems", "hvac", "Manhattan", 3, 24, 96, False, 190),
    ("Vertical Transit Services", "elevator", "Manhattan;Brooklyn", 1, 4, 48, True, 260),
    ("Liftline Elevator Maintenance", "elevator", "Manhattan", 1.5, 6, 72, True, 240),
    ("KeyStone Lock & Door", "locksmith", "Manhattan;Brooklyn", 1, 4, 24, True, 140),
    ("Bridge Lock Services", "locksmith", "Brooklyn", 1.5, 6, 48, True, 125),
    ("Sparrow Commercial Cleaning", "cleaning", "Manhattan;Brooklyn", 4, 24, 72, False, 65),
    ("Clearwater Janitorial", "cleaning", "Manhattan", 6, 24, 96, False, 58),
    ("Metro Pest Solutions", "pest", "Manhattan;Brooklyn", 12, 24, 72, False, 150),
    ("Borough Exterminating", "pest", "Brooklyn", 24, 48, 120, False, 120),
    ("Citywide Building Services", "general", "Manhattan;Brooklyn", 4, 24, 96, False, 110),
    ("FloodGuard Restoration", "water_damage", "Manhattan;Brooklyn", 1, 4, 24, True, 225),
)  # fmt: skip


def vendors_csv() -> str:
    rows = []
    for i, (name, cat, boroughs, p0, p1, p2, always, rate) in enumerate(VENDORS, start=1):
        slug = "".join(c for c in name.lower() if c.isalnum())[:18]
        rows.append((f"V-{i:02d}", name, cat, boroughs, f"(332) 555-01{i:02d}", f"dispatch@{slug}.example",
                     p0, p1, p2, "yes" if always else "no", rate))  # fmt: skip
    header = ("vendor_id", "name", "category", "boroughs", "phone", "email", "sla_p0_hours", "sla_p1_hours",
              "sla_p2_hours", "available_24_7", "hourly_rate_usd")  # fmt: skip
    return _csv(header, rows)


def rent_comps_csv(data: Dataset) -> str:
    """Recent comparable lease signings: five office comps per neighbourhood and class, two retail each."""
    rng = _rng(data.seed, "comps")
    rows = []
    i = 0
    for nb in NEIGHBOURHOODS:
        for kind, cls, count in [*(("office", c, 5) for c in ("A", "B", "C")), ("retail", "B", 2)]:
            for _ in range(count):
                i += 1
                seg = rng.choice(nb.segments)
                address, _lat, _lon = _place(rng, seg)
                lo, hi = nb.rent_psf[cls]
                psf = rng.uniform(lo, hi) * (rng.uniform(1.05, 1.2) if kind == "retail" else 1) * rng.uniform(0.92, 1.0)
                psf = round(min(125.0, psf) * 2) / 2
                sqft = _size(rng, kind, 10)
                term = rng.choice((36, 60, 60, 84, 120) if kind == "office" else (120, 120, 180))
                free = rng.choice((0, 1, 2, 3, 4, 6, 8, 10) if term >= 60 else (0, 1, 2))
                ti = rng.choice((0, 10, 25, 40, 60, 80) if cls == "A" else (0, 5, 10, 20, 35)) if term >= 60 else 0
                esc = rng.choice((2.5, 3.0, 3.0, 3.5))
                effective = psf * (1 - free / term) - ti / (term / 12)
                signed = data.anchor - timedelta(days=rng.randint(15, 365))
                rows.append((f"C-{i:04d}", address, nb.name, nb.borough, cls, kind, sqft, signed.isoformat(), term,
                             f"{psf:.2f}", free, ti, f"{esc:.2f}", f"{effective:.2f}"))  # fmt: skip
    header = ("comp_id", "address", "neighborhood", "borough", "building_class", "unit_type", "sqft", "signed_date",
              "term_months", "starting_rent_psf", "free_rent_months", "ti_allowance_psf", "escalation_pct",
              "net_effective_rent_psf")  # fmt: skip
    return _csv(header, rows)


RENEWAL_POLICY: dict[str, object] = {
    "version": 3,
    "effective_date": "2026-07-01",
    "description": "Renewal guidelines for the managed portfolio. Offers inside every limit may be sent by the "
    "leasing agent; any offer outside a limit needs the asset manager's approval before it is sent.",
    "currency": "USD",
    "rent": {
        "basis": "monthly base rent of the first renewal year vs the tenant's current monthly rent",
        "max_increase_pct": 8.0,
        "min_increase_pct": 0.0,
        "target_vs_comp_median_pct": {"min": 95.0, "max": 105.0},
        "comp_window_months": 12,
        "comp_match": ["neighborhood", "building_class", "unit_type"],
    },
    "terms_months": {"allowed": [12, 24, 36, 60, 84, 120], "preferred": 60},
    "annual_escalation_pct": {"min": 2.5, "default": 3.0, "max": 4.0},
    "free_rent_months_max": [
        {"min_term_months": 12, "max_term_months": 35, "max_free_months": 0},
        {"min_term_months": 36, "max_term_months": 59, "max_free_months": 1},
        {"min_term_months": 60, "max_term_months": 83, "max_free_months": 3},
        {"min_term_months": 84, "max_term_months": 180, "max_free_months": 5},
    ],
    "ti_allowance_psf_max": {"A": 40, "B": 25, "C": 15},
    "approval_thresholds": {
        "increase_pct_above": 8.0,
        "decrease_below_current_rent": True,
        "free_rent_months_above_schedule": True,
        "net_effective_below_comp_median_pct": 90.0,
        "annual_rent_usd_above": 600_000,
        "term_not_in_allowed": True,
        "tenant_in_arrears": True,
    },
    "notice": {"earliest_offer_days_before_expiry": 365, "latest_offer_days_before_expiry": 90},
    "incentives_allowed": ["free_rent", "ti_allowance", "paint_and_carpet", "early_renewal_discount"],
    "early_renewal_discount_pct_max": 2.0,
}


# --------------------------------------------------------------------------------------------- writing


def write_bundle(data: Dataset, out: Path) -> list[Path]:
    """Write every bundled file of `data` into `out` (leases included); returns the paths written."""
    files: dict[str, str] = {
        "buildings.csv": buildings_csv(data),
        "units.csv": units_csv(data),
        "tenants.csv": tenants_csv(data),
        "tenancies.csv": tenancies_csv(data),
        "vendors.csv": vendors_csv(),
        "rent_comps.csv": rent_comps_csv(data),
        "renewal_policy.json": json.dumps(RENEWAL_POLICY, indent=2) + "\n",
    }
    manifest = []
    for terms in data.leases:
        text, facts = render_lease(terms)
        files[f"leases/{terms.lease_id}.txt"] = text
        manifest.append(facts)
    files["leases/leases.json"] = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    written = []
    for name, text in files.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
        written.append(path)
    return written


def write_inventory(data: Dataset, out: Path) -> list[Path]:
    """Only units.csv and buildings.csv (the `--scale` benchmark inventory)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "buildings.csv", out / "units.csv"]
    paths[0].write_text(buildings_csv(data), encoding="utf-8", newline="")
    paths[1].write_text(units_csv(data), encoding="utf-8", newline="")
    return paths


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Generate the leasing data (deterministic).")
    parser.add_argument("--scale", type=int, help="write N units (and their buildings) to --out instead")
    parser.add_argument("--out", type=Path, help="output folder (default: the bundled data folder)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    if args.scale:
        if args.out is None:
            parser.error("--scale needs --out (the bundled data stays at its demo size)")
        paths = write_inventory(generate(args.scale, seed=args.seed, tenancies=False), args.out)
    else:
        paths = write_bundle(generate(seed=args.seed), args.out or DATA_DIR)
    for p in paths:
        print(p)


if __name__ == "__main__":
    main()
