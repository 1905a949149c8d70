"""Alias tables for the offline `comps` parser, kept as plain data so they are easy to review.

Keys are lower case phrases as a user types them; words inside a phrase match any run of spaces,
hyphens or slashes, so "kallang whampoa", "kallang-whampoa" and "kallang/whampoa" are one entry.
Values are the canonical spellings used in the HDB resale data.
"""

from __future__ import annotations

TOWNS: tuple[str, ...] = (
    "ANG MO KIO",
    "BEDOK",
    "BISHAN",
    "BUKIT BATOK",
    "BUKIT MERAH",
    "BUKIT PANJANG",
    "BUKIT TIMAH",
    "CENTRAL AREA",
    "CHOA CHU KANG",
    "CLEMENTI",
    "GEYLANG",
    "HOUGANG",
    "JURONG EAST",
    "JURONG WEST",
    "KALLANG/WHAMPOA",
    "MARINE PARADE",
    "PASIR RIS",
    "PUNGGOL",
    "QUEENSTOWN",
    "SEMBAWANG",
    "SENGKANG",
    "SERANGOON",
    "TAMPINES",
    "TOA PAYOH",
    "WOODLANDS",
    "YISHUN",
)

# Long aliases: matched as whole words, case-insensitively. Every canonical name (and its
# space-free spelling such as "angmokio") is added automatically by the parser.
TOWN_ALIASES: dict[str, str] = {
    "bt batok": "BUKIT BATOK",
    "bkt batok": "BUKIT BATOK",
    "bt merah": "BUKIT MERAH",
    "bkt merah": "BUKIT MERAH",
    "bt panjang": "BUKIT PANJANG",
    "bkt panjang": "BUKIT PANJANG",
    "bt timah": "BUKIT TIMAH",
    "bkt timah": "BUKIT TIMAH",
    "central": "CENTRAL AREA",
    "central region": "CENTRAL AREA",
    "cbd": "CENTRAL AREA",
    "city": "CENTRAL AREA",
    "city centre": "CENTRAL AREA",
    "city center": "CENTRAL AREA",
    "city area": "CENTRAL AREA",
    "downtown": "CENTRAL AREA",
    "kallang": "KALLANG/WHAMPOA",
    "whampoa": "KALLANG/WHAMPOA",
    "kallang whampoa": "KALLANG/WHAMPOA",
    "kallang and whampoa": "KALLANG/WHAMPOA",
}

# Short aliases: whole words only. "PR" (Pasir Ris) is deliberately absent: in housing talk it
# almost always means "permanent resident".
SHORT_TOWN_ALIASES: dict[str, str] = {
    "amk": "ANG MO KIO",
    "tpy": "TOA PAYOH",
    "cck": "CHOA CHU KANG",
    "bb": "BUKIT BATOK",
    "bp": "BUKIT PANJANG",
    "je": "JURONG EAST",
    "jw": "JURONG WEST",
    "sk": "SENGKANG",
}

# Streets whose leading words name one town while the flats stand in another (2023 data).
STREET_TOWN_OVERRIDES: dict[tuple[str, ...], str] = {
    ("GEYLANG", "BAHRU"): "KALLANG/WHAMPOA",
    ("LOR", "3", "GEYLANG"): "KALLANG/WHAMPOA",
    ("UPP", "SERANGOON"): "HOUGANG",
}

FLAT_TYPES: tuple[str, ...] = (
    "1 ROOM",
    "2 ROOM",
    "3 ROOM",
    "4 ROOM",
    "5 ROOM",
    "EXECUTIVE",
    "MULTI-GENERATION",
)

FLAT_MODELS: tuple[str, ...] = (
    "2-room",
    "3Gen",
    "Adjoined flat",
    "Apartment",
    "DBSS",
    "Improved",
    "Improved-Maisonette",
    "Maisonette",
    "Model A",
    "Model A-Maisonette",
    "Model A2",
    "Multi Generation",
    "New Generation",
    "Premium Apartment",
    "Premium Apartment Loft",
    "Simplified",
    "Standard",
    "Terrace",
    "Type S1",
    "Type S2",
)

# Unambiguous model phrases; the parser tries them longest first.
FLAT_MODEL_ALIASES: dict[str, str] = {
    "premium apartment loft": "Premium Apartment Loft",
    "premium apt loft": "Premium Apartment Loft",
    "premium loft": "Premium Apartment Loft",
    "loft": "Premium Apartment Loft",
    "premium apartment": "Premium Apartment",
    "premium apartments": "Premium Apartment",
    "premium apt": "Premium Apartment",
    "premium": "Premium Apartment",
    "model a maisonette": "Model A-Maisonette",
    "model a2": "Model A2",
    "model a": "Model A",
    "improved maisonette": "Improved-Maisonette",
    "maisonette": "Maisonette",
    "maisonettes": "Maisonette",
    "maisonnette": "Maisonette",
    "masionette": "Maisonette",
    "maisionette": "Maisonette",
    "new generation": "New Generation",
    "new gen": "New Generation",
    "newgen": "New Generation",
    "dbss": "DBSS",
    "d.b.s.s.": "DBSS",
    "design build and sell": "DBSS",
    "type s1": "Type S1",
    "type s2": "Type S2",
    "3gen": "3Gen",
    "3 gen": "3Gen",
    "three generation": "3Gen",
    "3 generation": "3Gen",
    "adjoined flat": "Adjoined flat",
    "adjoined": "Adjoined flat",
    "jumbo": "Adjoined flat",
}

# Ordinary English words that are also model names: only taken when the context says "model",
# e.g. "model standard", "standard flat", "an improved 5-room".
GUARDED_FLAT_MODELS: dict[str, str] = {
    "standard": "Standard",
    "improved": "Improved",
    "apartment": "Apartment",
    "terrace": "Terrace",
    "simplified": "Simplified",
}

NUMBER_WORDS: dict[str, int] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "couple of": 2,
    "three": 3,
    "few": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "eighteen": 18,
    "twenty four": 24,
    "thirty six": 36,
}

# Street abbreviations (ROAD -> RD ...) live in `street_words.py`, the one table of them.

# Shorthands that stand for several street words ("AMK Ave 10" is ANG MO KIO AVE 10).
STREET_TOKEN_EXPANSIONS: dict[str, tuple[str, ...]] = {
    "AMK": ("ANG", "MO", "KIO"),
    "TPY": ("TOA", "PAYOH"),
    "CCK": ("CHOA", "CHU", "KANG"),
    "JE": ("JURONG", "EAST"),
    "JW": ("JURONG", "WEST"),
    "BB": ("BT", "BATOK"),
    "BP": ("BT", "PANJANG"),
}

# Words that name the kind of street rather than which one.
STREET_GENERIC_TOKENS: frozenset[str] = frozenset(
    {
        "RD", "ST", "AVE", "DR", "CRES", "CL", "LANE", "LINK", "WAY", "WALK", "PL", "CTRL",
        "CTR", "NTH", "STH", "EAST", "WEST", "UPP", "LOR", "JLN", "BT", "TER", "VIEW", "RISE",
        "LOOP", "RING", "CIRCLE", "GDNS", "PK", "HTS", "BOW", "GREEN", "PLAINS", "VISTA",
        "NEW", "OLD", "LOWER", "KG", "TG", "MKT", "PLAZA",
    }
)  # fmt: skip

# Street-type words that end a street phrase typed without the database at hand.
STREET_TYPE_WORDS: frozenset[str] = frozenset(
    {
        "rd", "road", "st", "street", "ave", "avenue", "dr", "drive", "cres", "crescent",
        "cl", "close", "lane", "ln", "link", "way", "walk", "pl", "place", "ctrl", "loop",
        "ring", "rise", "view", "ter", "circle", "vista", "gdns", "gardens", "pk", "hts",
        "heights", "plains", "bow", "lor", "lorong", "jln", "jalan",
    }
)  # fmt: skip

# Words after a town that continue it into a street when no street list is available.
STREET_CONTINUATION_WORDS: frozenset[str] = STREET_TYPE_WORDS | {
    "nth", "north", "sth", "south", "east", "west", "central", "centre", "reservoir",
    "bahru", "field", "ring",
}  # fmt: skip

# Landmark words: dropped from a hint before matching streets ("Compassvale MRT").
LANDMARK_WORDS: frozenset[str] = frozenset(
    {
        "MRT", "LRT", "STATION", "STN", "INTERCHANGE", "MALL", "AREA", "ESTATE", "VICINITY",
        "NEIGHBOURHOOD", "NEIGHBORHOOD", "PRECINCT", "THE", "A", "AN", "SIDE", "BUS",
        "STOP", "HUB", "MARKET", "HAWKER", "POLYCLINIC", "LIBRARY", "SCHOOL", "PRIMARY",
        "SECONDARY", "BLK", "BLOCK", "BLOCKS", "HDB", "FLATS", "FLAT",
    }
)  # fmt: skip

# Street words that are everyday English (or first names): never a street on their own
# without a street cue ("at the beach" is not BEACH RD; "Boon Lay", two words, still is).
ENGLISH_STREET_WORDS: frozenset[str] = frozenset(
    {
        "ADMIRALTY", "AIRPORT", "BEACH", "BOON", "BRIDGE", "BRIGHT", "BUFFALO", "CASHEW",
        "CASSIA", "CIRCUIT", "COAST", "CORPORATION", "COURSE", "CROSS", "DELTA", "DEPOT",
        "EMPRESS", "FIELD", "FRENCH", "GREEN", "HALT", "HILL", "HOOD", "KING", "LOWER",
        "MARINE", "PENDING", "PLAINS", "PLAZA", "QUEEN", "QUEENS", "RACE", "RAJAH",
        "RESERVOIR", "SMITH", "VILLAGE", "VISTA", "WELLINGTON", "PIPIT", "AH", "CHIN", "HO",
        "LAY", "MO", "PINE", "PING", "SAGO", "SIN", "SIMS", "MARGARET", "ELIAS", "GEORGES",
        "CLARENCE",
    }
)  # fmt: skip
