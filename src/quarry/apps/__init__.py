"""The apps, listed once. Adding an app: its own folder with a `spec.py`, and one line here."""

from quarry.apps.archive.spec import SPEC as ARCHIVE
from quarry.apps.comps.spec import SPEC as COMPS
from quarry.apps.labs.spec import SPEC as LABS
from quarry.apps.leasing.spec import SPEC as LEASING
from quarry.apps.shop.spec import SPEC as SHOP
from quarry.appspec import AppSpec

APPS: tuple[AppSpec, ...] = (
    COMPS,
    LABS,
    ARCHIVE,
    SHOP,
    LEASING,
)


def get_app(name: str) -> AppSpec:
    """The spec of app `name` (KeyError names the known apps)."""
    for spec in APPS:
        if spec.name == name:
            return spec
    raise KeyError(f"unknown app {name!r}; known: {', '.join(s.name for s in APPS)}")
