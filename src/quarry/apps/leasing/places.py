"""Real neighbourhoods, their street grids, subway stations and address helpers for the generator.

Every neighbourhood is a set of street segments: a street name, the house numbers at both ends and
the coordinates of both ends. Midtown to Chelsea come from one model of the Manhattan grid (streets
29° east of north, ~77 m apart; avenue positions and the 6th Ave & 34th St origin fitted to the
subway stations at those corners); SoHo, Tribeca and Williamsburg from small local grids; the
Financial District, DUMBO and Downtown Brooklyn from segments drawn street by street. Numbers follow
the real numbering of each street (W 36th St 1–99 between 5th and 6th Aves, 5th Ave 350 at 34th St,
Bedford Ave 218 at N 5th St, ...) closely enough to be plausible; lat/lon are interpolated along the
segment and always fall inside the neighbourhood.

Also here: haversine distance, the bundled subway stations (`data/subway_stations.csv`, built by
`scripts/build_subway_stops.py`), the nearest station of a point and `address_key`, the
normalisation under which a unit's address must match its building's for the fallback join.
"""

from __future__ import annotations

import csv
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

DATA_DIR = Path(__file__).resolve().parent / "data"
STATIONS_FILE = DATA_DIR / "subway_stations.csv"
NEAR_TRANSIT_M = 400.0
"""A building is `near_transit` when a subway station lies within this haversine distance."""

_M_PER_DEG_LAT = 111_195.0


@dataclass(frozen=True)
class Segment:
    """A stretch of one street: house numbers n0..n1 run linearly from p0 to p1."""

    street: str
    n0: int
    n1: int
    p0: tuple[float, float]
    p1: tuple[float, float]

    @property
    def length_m(self) -> float:
        return haversine_m(*self.p0, *self.p1)


@dataclass(frozen=True)
class Neighbourhood:
    """A real neighbourhood: its streets, borough, ZIP codes and office market tier."""

    name: str
    borough: str
    aliases: tuple[str, ...]
    zips: tuple[str, ...]
    segments: tuple[Segment, ...]
    # Asking office rent in $/sf/yr by building class (low, high); retail and flex derive from it.
    rent_psf: dict[str, tuple[float, float]]
    class_weights: dict[str, int]
    floors: tuple[int, int]
    weight: int
    """Share of the inventory (relative)."""

    def bbox(self, margin_m: float = 40.0) -> tuple[float, float, float, float]:
        """(min_lat, min_lon, max_lat, max_lon) around every segment, widened by `margin_m`."""
        lats = [p[0] for s in self.segments for p in (s.p0, s.p1)]
        lons = [p[1] for s in self.segments for p in (s.p0, s.p1)]
        dlat = margin_m / _M_PER_DEG_LAT
        dlon = margin_m / (_M_PER_DEG_LAT * math.cos(math.radians(40.7)))
        return min(lats) - dlat, min(lons) - dlon, max(lats) + dlat, max(lons) + dlon


# --------------------------------------------------------------------------------------------- geometry


def haversine_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in metres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6_371_000.0 * math.asin(math.sqrt(a))


def _offset(origin: tuple[float, float], bearing_deg: float, along_m: float, across_m: float) -> tuple[float, float]:
    """`origin` moved `along_m` on `bearing_deg` and `across_m` to its right (90° clockwise)."""
    b = math.radians(bearing_deg)
    north = along_m * math.cos(b) - across_m * math.sin(b)
    east = along_m * math.sin(b) + across_m * math.cos(b)
    lat = origin[0] + north / _M_PER_DEG_LAT
    lon = origin[1] + east / (_M_PER_DEG_LAT * math.cos(math.radians(origin[0])))
    return lat, lon


def _interp(points: Sequence[tuple[float, float]], x: float) -> float:
    """Piecewise-linear interpolation through sorted (x, y) points, extrapolating at both ends."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x <= x1 or (x1, y1) == points[-1]:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


# --------------------------------------------------------------------------------------------- Manhattan grid

_MH_ORIGIN = (40.749772, -73.987792)  # 6th Ave & W 34th St
_MH_BEARING = 29.1  # the avenues, degrees east of true north
_MH_STREET_M = 77.1  # one numbered street to the next
# Avenue: metres east of 6th Ave along the streets; house number at a numbered street (breakpoints).
_MH_AVENUES: dict[str, tuple[float, list[tuple[float, float]]]] = {
    "11th Ave": (-1375, [(14, 1), (59, 880)]),
    "10th Ave": (-1100, [(14, 1), (59, 900)]),
    "9th Ave": (-825, [(14, 20), (59, 920)]),
    "8th Ave": (-550, [(14, 80), (59, 980)]),
    "7th Ave": (-275, [(14, 40), (59, 940)]),
    "6th Ave": (0, [(14, 520), (59, 1420)]),
    "5th Ave": (285, [(14, 90), (23, 200), (34, 350), (42, 490), (50, 620), (59, 770)]),
    "Madison Ave": (410, [(23, 1), (36, 200), (42, 300), (59, 640)]),
    "Park Ave": (540, [(32, 1), (40, 90), (46, 230), (59, 500)]),
    "Park Ave S": (540, [(17, 200), (32, 470)]),
    "Lexington Ave": (665, [(21, 1), (42, 400), (59, 740)]),
    "3rd Ave": (795, [(14, 110), (42, 640), (59, 985)]),
    "2nd Ave": (1050, [(14, 220), (59, 1120)]),
}
# Where each avenue exists (numbered streets), when not everywhere from 14th to 59th.
_MH_AVENUE_SPAN = {"Madison Ave": (23, 59), "Park Ave": (32, 59), "Park Ave S": (17, 32), "Lexington Ave": (21, 59)}
# Cross-street numbering: metres east of 6th Ave → house number, west side (W) and east side (E) of 5th Ave.
_MH_WEST = [(285, 1), (0, 99), (-275, 199), (-550, 299), (-825, 399), (-1100, 499), (-1375, 599), (-1600, 680)]
_MH_EAST = [(285, 1), (410, 50), (540, 100), (665, 140), (795, 200), (1050, 300), (1310, 400)]


def _mh_point(street: float, east_m: float) -> tuple[float, float]:
    return _offset(_MH_ORIGIN, _MH_BEARING, (street - 34) * _MH_STREET_M, east_m)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _manhattan(streets: tuple[int, int], east: tuple[float, float]) -> tuple[Segment, ...]:
    """Segments of the Manhattan grid between numbered streets `streets` and avenue positions `east`."""
    lo_st, hi_st = streets
    lo_x, hi_x = east
    segments: list[Segment] = []
    for name, (x, numbers) in _MH_AVENUES.items():
        if not lo_x <= x <= hi_x:
            continue
        span_lo, span_hi = _MH_AVENUE_SPAN.get(name, (14, 59))
        for s in range(max(lo_st, span_lo), min(hi_st, span_hi)):
            n0, n1 = round(_interp(numbers, s)), round(_interp(numbers, s + 1)) - 1
            segments.append(Segment(name, max(1, n0), max(2, n1), _mh_point(s, x), _mh_point(s + 1, x)))
    xs = sorted({x for x, _ in _MH_WEST + _MH_EAST})
    for s in range(lo_st, hi_st + 1):
        for x0, x1 in itertools.pairwise(xs):
            if x0 < lo_x or x1 > hi_x:
                continue
            side, table = ("W", _MH_WEST) if x1 <= 285 else ("E", _MH_EAST)
            pts = sorted(table)
            n_a, n_b = round(_interp(pts, x0)), round(_interp(pts, x1))
            lo_n, hi_n = min(n_a, n_b), max(n_a, n_b)
            p_lo, p_hi = (_mh_point(s, x0), _mh_point(s, x1)) if n_a <= n_b else (_mh_point(s, x1), _mh_point(s, x0))
            segments.append(Segment(f"{side} {_ordinal(s)} St", max(1, lo_n), hi_n - 1, p_lo, p_hi))
    return tuple(segments)


# --------------------------------------------------------------------------------------------- local grids


def _local(
    origin: tuple[float, float],
    bearing: float,
    long_streets: list[tuple[str, float, float, int, float, int]],
    cross_streets: list[tuple[str, float, float, int, float, int]],
) -> tuple[Segment, ...]:
    """Segments of a local grid. Long streets: (name, across_m, along0, n0, along1, n1);
    cross streets: (name, along_m, across0, n0, across1, n1)."""
    segs = [
        Segment(name, n0, n1, _offset(origin, bearing, a0, x), _offset(origin, bearing, a1, x))
        for name, x, a0, n0, a1, n1 in long_streets
    ]
    segs += [
        Segment(name, n0, n1, _offset(origin, bearing, y, x0), _offset(origin, bearing, y, x1))
        for name, y, x0, n0, x1, n1 in cross_streets
    ]
    return tuple(segs)


# SoHo: origin Broadway & Canal St, Broadway runs 32.7° east of north; west is negative across.
_SOHO = _local(
    (40.719527, -74.001775), 32.7,
    [("Broadway", 0, 40, 425, 740, 598), ("Mercer St", -80, 30, 1, 740, 150),
     ("Greene St", -165, 30, 1, 740, 150), ("Wooster St", -245, 30, 1, 740, 150),
     ("West Broadway", -330, 40, 310, 740, 500), ("Crosby St", 85, 160, 1, 740, 150)],
    [("Grand St", 175, -330, 30, 85, 118), ("Broome St", 320, 85, 440, -330, 500),
     ("Spring St", 470, 85, 70, -330, 150), ("Prince St", 620, 85, 80, -330, 170)],
)  # fmt: skip
# Tribeca: origin West Broadway & Chambers St, streets 27° east of north.
_TRIBECA = _local(
    (40.715478, -74.009266), 27.0,
    [("West Broadway", 0, 20, 110, 660, 300), ("Church St", 140, 20, 130, 640, 320),
     ("Hudson St", -110, 20, 1, 660, 200), ("Greenwich St", -250, 20, 300, 660, 450)],
    [("Duane St", 130, 300, 60, -250, 180), ("Worth St", 250, -110, 1, 300, 60),
     ("Leonard St", 330, -110, 1, 260, 100), ("Franklin St", 420, -110, 1, 240, 70),
     ("White St", 480, -110, 1, 240, 60), ("Walker St", 560, -40, 1, 260, 80)],
)  # fmt: skip
# Williamsburg: origin Bedford Ave & N 7th St, avenues 33° east of north, N streets ~82 m apart.
_WB_Y = {"N 12th St": 410, "N 11th St": 328, "N 10th St": 246, "N 9th St": 164, "N 8th St": 82, "N 7th St": 0,
         "N 6th St": -82, "N 5th St": -164, "N 4th St": -246, "N 3rd St": -328, "N 1st St": -492,
         "Grand St": -580, "S 1st St": -665, "S 2nd St": -750, "S 3rd St": -835, "S 4th St": -920}  # fmt: skip
_WILLIAMSBURG = _local(
    (40.717304, -73.956872), 33.0,
    [("Kent Ave", -510, 410, 70, -920, 400), ("Wythe Ave", -340, 410, 60, -920, 380),
     ("Berry St", -170, 410, 60, -920, 380), ("Bedford Ave", 0, 410, 78, -920, 395)],
    [(name, y, -510, 1, 300, 240) for name, y in _WB_Y.items()],
)  # fmt: skip


def _seg(street: str, n0: int, n1: int, p0: tuple[float, float], p1: tuple[float, float]) -> Segment:
    return Segment(street, n0, n1, p0, p1)


_FIDI = (
    _seg("Broadway", 1, 233, (40.70520, -74.01370), (40.71240, -74.00820)),
    _seg("Wall St", 1, 120, (40.70740, -74.01150), (40.70470, -74.00600)),
    _seg("Water St", 1, 200, (40.70240, -74.01200), (40.70710, -74.00370)),
    _seg("William St", 1, 150, (40.70440, -74.01000), (40.71050, -74.00570)),
    _seg("Maiden Ln", 1, 180, (40.70930, -74.01030), (40.70610, -74.00340)),
    _seg("John St", 1, 150, (40.70990, -74.00970), (40.70700, -74.00350)),
    _seg("Pine St", 1, 120, (40.70810, -74.01080), (40.70520, -74.00520)),
    _seg("Broad St", 1, 125, (40.70680, -74.01110), (40.70280, -74.01130)),
    _seg("Nassau St", 1, 120, (40.70730, -74.01030), (40.71110, -74.00680)),
)
_DUMBO = (
    _seg("Water St", 20, 200, (40.70360, -73.99260), (40.70360, -73.98450)),
    _seg("Front St", 30, 220, (40.70250, -73.99250), (40.70240, -73.98450)),
    _seg("York St", 1, 100, (40.70130, -73.99000), (40.70120, -73.98400)),
    _seg("Washington St", 1, 100, (40.70400, -73.98940), (40.70120, -73.98910)),
    _seg("Jay St", 20, 100, (40.70420, -73.98630), (40.70120, -73.98680)),
    _seg("Main St", 1, 70, (40.70400, -73.99090), (40.70150, -73.99050)),
    _seg("Adams St", 1, 70, (40.70400, -73.98840), (40.70120, -73.98840)),
)
_DOWNTOWN_BK = (
    _seg("Jay St", 300, 370, (40.69620, -73.98680), (40.69220, -73.98710)),
    _seg("Livingston St", 1, 340, (40.69070, -73.99100), (40.68860, -73.98080)),
    _seg("Fulton St", 350, 560, (40.69250, -73.98980), (40.68930, -73.98120)),
    _seg("Willoughby St", 1, 130, (40.69250, -73.98890), (40.69140, -73.98150)),
    _seg("Court St", 1, 80, (40.69320, -73.99040), (40.69050, -73.99200)),
    _seg("Smith St", 1, 60, (40.69090, -73.98670), (40.68800, -73.98930)),
    _seg("Schermerhorn St", 1, 200, (40.69020, -73.99130), (40.68620, -73.98070)),
)

# Office asking rent by class in $/sf/yr (low, high), 2025–26 levels.
NEIGHBOURHOODS: tuple[Neighbourhood, ...] = (
    Neighbourhood("Midtown", "Manhattan", ("Midtown Manhattan", "midtown"),
                  ("10017", "10018", "10019", "10022", "10036"),
                  _manhattan((40, 58), (-550, 795)), {"A": (85, 120), "B": (58, 80), "C": (35, 48)},
                  {"A": 4, "B": 4, "C": 3}, (12, 52), 22),
    Neighbourhood("Midtown South", "Manhattan", ("Garment District", "midtown south"), ("10001", "10018"),
                  _manhattan((30, 39), (-825, 285)), {"A": (70, 95), "B": (52, 70), "C": (35, 44)},
                  {"A": 2, "B": 4, "C": 5}, (8, 30), 13),
    Neighbourhood("Murray Hill", "Manhattan", ("Murray Hill",), ("10016",),
                  _manhattan((31, 39), (410, 1050)), {"A": (60, 76), "B": (48, 62), "C": (40, 50)},
                  {"A": 2, "B": 5, "C": 4}, (6, 24), 6),
    Neighbourhood("NoMad", "Manhattan", ("Nomad", "NOMAD"), ("10001", "10016"),
                  _manhattan((25, 29), (0, 665)), {"A": (80, 105), "B": (62, 80), "C": (48, 60)},
                  {"A": 3, "B": 5, "C": 2}, (8, 25), 7),
    Neighbourhood("Flatiron", "Manhattan", ("Flatiron District", "flatiron"), ("10010", "10011", "10003"),
                  _manhattan((15, 24), (0, 540)), {"A": (85, 115), "B": (65, 85), "C": (50, 65)},
                  {"A": 3, "B": 5, "C": 2}, (6, 22), 10),
    Neighbourhood("Chelsea", "Manhattan", ("West Chelsea",), ("10011", "10001"),
                  _manhattan((15, 29), (-1375, 0)), {"A": (80, 110), "B": (60, 80), "C": (48, 62)},
                  {"A": 3, "B": 5, "C": 2}, (5, 20), 10),
    Neighbourhood("Hudson Yards", "Manhattan", ("Hudson Yds",), ("10001",),
                  _manhattan((30, 41), (-1375, -1100)), {"A": (95, 120), "B": (70, 90), "C": (55, 68)},
                  {"A": 6, "B": 3, "C": 1}, (10, 60), 4),
    Neighbourhood("SoHo", "Manhattan", ("Soho", "SOHO"), ("10012", "10013"),
                  _SOHO, {"A": (80, 105), "B": (62, 82), "C": (50, 65)}, {"A": 2, "B": 5, "C": 3}, (5, 12), 8),
    Neighbourhood("Tribeca", "Manhattan", ("TriBeCa", "TRIBECA"), ("10013", "10007"),
                  _TRIBECA, {"A": (75, 100), "B": (60, 78), "C": (48, 60)}, {"A": 2, "B": 5, "C": 3}, (5, 14), 6),
    Neighbourhood("Financial District", "Manhattan", ("FiDi", "Fin. District"), ("10004", "10005", "10038"),
                  _FIDI, {"A": (55, 76), "B": (45, 58), "C": (35, 46)}, {"A": 4, "B": 4, "C": 2}, (10, 50), 9),
    Neighbourhood("DUMBO", "Brooklyn", ("Dumbo",), ("11201",),
                  _DUMBO, {"A": (55, 72), "B": (45, 60), "C": (38, 48)}, {"A": 3, "B": 5, "C": 2}, (5, 12), 6),
    Neighbourhood("Downtown Brooklyn", "Brooklyn", ("Downtown Bklyn", "Dwntwn Brooklyn"), ("11201", "11217"),
                  _DOWNTOWN_BK, {"A": (50, 65), "B": (40, 52), "C": (35, 44)}, {"A": 3, "B": 4, "C": 3}, (5, 34), 6),
    Neighbourhood("Williamsburg", "Brooklyn", ("Williamsburg, Bklyn", "W'burg"), ("11211", "11249"),
                  _WILLIAMSBURG, {"A": (60, 80), "B": (48, 62), "C": (38, 50)}, {"A": 2, "B": 5, "C": 3}, (3, 10), 7),
)  # fmt: skip


def neighbourhood(name: str) -> Neighbourhood:
    """The neighbourhood called `name` (canonical name)."""
    for n in NEIGHBOURHOODS:
        if n.name == name:
            return n
    raise KeyError(name)


# --------------------------------------------------------------------------------------------- stations


@dataclass(frozen=True)
class Station:
    stop_id: str
    name: str
    lat: float
    lon: float


@cache
def load_stations(path: Path = STATIONS_FILE) -> tuple[Station, ...]:
    """The bundled NYC subway parent stations (see `data/SOURCE.md`)."""
    with path.open(encoding="utf-8", newline="") as fh:
        return tuple(Station(r["stop_id"], r["name"], float(r["lat"]), float(r["lon"])) for r in csv.DictReader(fh))


class StationIndex:
    """Nearest-station look-ups on a coarse lat/lon bucket grid (exact haversine on candidates)."""

    _CELL = 0.01  # degrees, ~1.1 km north-south, ~0.85 km east-west

    def __init__(self, stations: tuple[Station, ...]) -> None:
        self._buckets: dict[tuple[int, int], list[Station]] = {}
        for s in stations:
            self._buckets.setdefault(self._key(s.lat, s.lon), []).append(s)

    def _key(self, lat: float, lon: float) -> tuple[int, int]:
        return math.floor(lat / self._CELL), math.floor(lon / self._CELL)

    def nearest(self, lat: float, lon: float) -> tuple[Station, float]:
        """The nearest station within ~850 m (else the nearest overall) and its distance in metres."""
        ki, kj = self._key(lat, lon)
        near = [s for di in (-1, 0, 1) for dj in (-1, 0, 1) for s in self._buckets.get((ki + di, kj + dj), ())]
        pool = near or [s for bucket in self._buckets.values() for s in bucket]
        best = min(pool, key=lambda s: haversine_m(lat, lon, s.lat, s.lon))
        return best, haversine_m(lat, lon, best.lat, best.lon)


# --------------------------------------------------------------------------------------------- landmarks

WALK_M = 600.0
"""'Near' a landmark: within about a 7-minute walk of the neighbourhood's nearest street."""
_SAME_PLACE_M = 1000.0
"""Stations sharing a name part (the Canal St stops) count as one landmark when this close."""
_ABBREVIATIONS = {"sq": "square", "pk": "park", "av": "avenue", "avs": "avenues", "st": "street", "sts": "streets",
                  "ctr": "center", "pl": "place", "pkwy": "parkway", "blvd": "boulevard"}  # fmt: skip


_STREETS_NOT_PLACES = {"broadway", "hoyt"}
"""Station names that are long streets (or half a name): 'near Broadway' says nothing of where."""


def _walk_points(n: Neighbourhood, step_m: float = 80.0) -> list[tuple[float, float]]:
    """Points every `step_m` along the neighbourhood's streets."""
    out = []
    for seg in n.segments:
        k = max(1, math.ceil(seg.length_m / step_m))
        out += [(seg.p0[0] + (seg.p1[0] - seg.p0[0]) * i / k, seg.p0[1] + (seg.p1[1] - seg.p0[1]) * i / k)
                for i in range(k + 1)]  # fmt: skip
    return out


def _spellings(part: str) -> set[str]:
    """'Union Sq' → {'union sq', 'union square'}; numbered streets ('42 St') name no landmark."""
    words = part.lower().split()
    if not words or words[0][0].isdigit() or len(part) < 4 or part.lower() in _STREETS_NOT_PLACES:
        return set()
    return {" ".join(words), " ".join(_ABBREVIATIONS.get(w, w) for w in words)}


def _near_hoods(
    station: Station, points: dict[str, np.ndarray], boxes: dict[str, tuple[float, float, float, float]]
) -> dict[str, float]:
    """Inventory neighbourhoods within `WALK_M` of the station, with the distance to their nearest street
    (equirectangular: exact enough over a few hundred metres, and one array operation)."""
    near: dict[str, float] = {}
    for name, (lat0, lon0, lat1, lon1) in boxes.items():
        if not (lat0 <= station.lat <= lat1 and lon0 <= station.lon <= lon1):
            continue
        pts = points[name]
        dy = (pts[:, 0] - station.lat) * _M_PER_DEG_LAT
        dx = (pts[:, 1] - station.lon) * _M_PER_DEG_LAT * math.cos(math.radians(station.lat))
        d = float(np.sqrt(dx * dx + dy * dy).min())
        if d <= WALK_M:
            near[name] = d
    return near


@cache
def _landmark_table() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(clear, ambiguous): spelling → neighbourhoods nearest first; ambiguous when stops sharing the
    name lie more than `_SAME_PLACE_M` apart (Fulton St in FiDi and in Fort Greene)."""
    points = {n.name: np.asarray(_walk_points(n)) for n in NEIGHBOURHOODS}
    boxes = {n.name: n.bbox(margin_m=WALK_M) for n in NEIGHBOURHOODS}
    where: dict[str, list[tuple[Station, dict[str, float]]]] = {}
    for station in load_stations():
        near = _near_hoods(station, points, boxes)
        if not near:
            continue
        for part in re.split(r"[-/]", station.name):
            for spelling in _spellings(part.strip()):
                where.setdefault(spelling, []).append((station, near))
    clear: dict[str, tuple[str, ...]] = {}
    ambiguous: dict[str, tuple[str, ...]] = {}
    for spelling, found in where.items():
        stations = [st for st, _ in found]
        best: dict[str, float] = {}
        for _, near in found:
            for name, d in near.items():
                best[name] = min(d, best.get(name, d))
        hoods = tuple(sorted(best, key=best.__getitem__))
        far_apart = any(haversine_m(a.lat, a.lon, b.lat, b.lon) > _SAME_PLACE_M for a in stations for b in stations)
        (ambiguous if far_apart else clear)[spelling] = hoods
    return clear, ambiguous


def landmarks() -> dict[str, tuple[str, ...]]:
    """Named subway stops as people say them ('grand central', 'union square') → the inventory's
    neighbourhoods within `WALK_M` of them, nearest first. Stops far from the inventory do not count."""
    return _landmark_table()[0]


def ambiguous_landmarks() -> dict[str, tuple[str, ...]]:
    """Stop names that belong to places far apart near the inventory → every neighbourhood they touch."""
    return _landmark_table()[1]


# --------------------------------------------------------------------------------------------- addresses

_KEY_WORDS = {
    "west": "w", "east": "e", "north": "n", "south": "s", "street": "st", "avenue": "ave", "av": "ave",
    "place": "pl", "lane": "ln", "boulevard": "blvd", "road": "rd",
}  # fmt: skip


def address_key(address: str) -> str:
    """A building address reduced for matching: the part before the first comma, lower case, no
    punctuation, ordinals as numbers, common words abbreviated ("36 West 36th Street, New York, NY"
    and "36 W 36th St" give the same key)."""
    head = address.split(",", 1)[0].lower()
    words = re.sub(r"[^a-z0-9 ]+", " ", head).split()
    out = []
    for w in words:
        w = _KEY_WORDS.get(w, w)
        m = re.fullmatch(r"(\d+)(st|nd|rd|th)", w)
        out.append(m.group(1) if m else w)
    return " ".join(out)


def long_form(address: str) -> str:
    """`address` with abbreviations spelled out ("36 W 36th St" → "36 West 36th Street")."""
    spelled = {"W": "West", "E": "East", "N": "North", "S": "South", "St": "Street", "Ave": "Avenue",
               "Pl": "Place", "Ln": "Lane"}  # fmt: skip
    words = address.split()
    return " ".join([words[0]] + [spelled.get(w, w) for w in words[1:]])
