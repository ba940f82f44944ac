"""Rules-as-a-service for the Italian and Spanish 40-card games."""

from __future__ import annotations

import hashlib
from pathlib import Path


def _check_compiled_modules_are_current() -> None:
    """An in-place build compiles the engine next to its sources (setup.py), and Python imports a compiled
    module before its source: after an edit, the old compiled code would run. Refuse that, and say what to do.
    """
    root = Path(__file__).resolve().parent
    manifest = root / "compiled_sources.txt"
    if not manifest.is_file():
        return
    for line in manifest.read_text().splitlines():
        digest, _, source = line.partition("  ")
        path = root.parent / source
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise ImportError(
                f"{source} changed after the engine was compiled: rebuild it (make build), "
                "or remove the compiled modules (CARDRULES_PURE_PYTHON=1 make build)"
            )


_check_compiled_modules_are_current()
