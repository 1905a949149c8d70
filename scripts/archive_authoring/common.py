"""Helpers for hand-written archive items (authoring only)."""
import re

PERF = "Performing Arts Recordings"
CRAFT = "Textiles and Crafts"
BUILT = "Built Heritage Survey"
MSS = "Manuscripts and Jawi Documents"
ORAL = "Oral History Programme"
FEST = "Festivals and Foodways"
PHOTO = "Historic Photographs"
SEA = "Southeast Asia Comparative"

CC = "CC BY 4.0"
NC = "CC BY-NC 4.0"
EDU = "In copyright – educational use"
PD = "Public domain"
RR = "In copyright – rights reserved"

MEDIA = {"v": "video", "i": "image", "a": "audio", "d": "document"}


def I(area, media, title, title_ms, place, period, y0, y1, coll, rights, tags, desc, src=None):
    desc = re.sub(r"\s+", " ", desc).strip()
    return {
        "area": area,
        "media_type": MEDIA[media],
        "title": title.strip(),
        "title_ms": title_ms.strip(),
        "place": place,
        "period": period,
        "year_from": y0,
        "year_to": y1,
        "collection": coll,
        "rights": rights,
        "tags": [t.strip().lower() for t in tags.split(",") if t.strip()],
        "description": desc,
        "src": src,
    }
