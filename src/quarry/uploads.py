"""Where the web UI's uploads live, and how they go away.

Gradio writes every upload (a shop photo, a leasing CSV or lease text) to its temp folder
and never deletes it. Quarry gives each server process its own folder under the state
folder (`uploads/<pid>`), so:

- a handler deletes the file it was given once it has read it (`discard_upload`);
- Gradio's own cache sweep (`delete_cache` on the Blocks) removes what handlers never see
  (previews, copies);
- at start, the folders of processes that no longer run are removed, whatever they left;
- at a clean exit, the process removes its own folder.

A file outside the upload root (a path given on the command line) is never deleted.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
from pathlib import Path

from quarry.db.lifecycle import alive

CACHE_SWEEP = (600, 900)
"""Gradio `delete_cache`: every 10 minutes, delete temp files older than 15 minutes."""
_ROOT_ENV = "QUARRY_UPLOAD_ROOT"


def prepare_uploads(state_dir: Path) -> Path:
    """Point Gradio at this process's upload folder (created empty) and sweep dead ones.

    Must run before the Gradio app is mounted: Gradio reads `GRADIO_TEMP_DIR` then.
    """
    root = state_dir.expanduser().resolve() / "uploads"
    root.mkdir(parents=True, exist_ok=True)
    for folder in root.iterdir():
        if folder.is_dir() and folder.name.isdigit() and not alive(int(folder.name)):
            shutil.rmtree(folder, ignore_errors=True)
    mine = root / str(os.getpid())
    mine.mkdir(exist_ok=True)
    os.environ["GRADIO_TEMP_DIR"] = str(mine)
    os.environ[_ROOT_ENV] = str(root)
    atexit.register(shutil.rmtree, mine, True)
    return mine


def discard_upload(*paths: str | os.PathLike[str] | None) -> None:
    """Delete uploaded files once used (and their per-upload folder when it is empty)."""
    root = os.environ.get(_ROOT_ENV)
    if not root:
        return
    base = Path(root).resolve()
    for raw in paths:
        if not raw:
            continue
        path = Path(raw).resolve()
        if not path.is_relative_to(base) or path == base:
            continue
        with contextlib.suppress(OSError):
            path.unlink()
        with contextlib.suppress(OSError):
            if path.parent != base and path.parent.parent != base:
                path.parent.rmdir()  # Gradio keeps each upload in a folder named by its hash
