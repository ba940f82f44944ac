"""Compiles the rules engine with mypyc: the same typed Python, as C extension modules, about twice as fast.

The pure-Python sources stay the reference and ship alongside. ``CARDRULES_PURE_PYTHON=1`` builds without
compiling, and so does a machine without a C compiler (with a warning): the service then runs the sources.
An in-place (editable) build records a digest of the sources it compiled in ``service/compiled_sources.txt``;
``service/__init__.py`` refuses to import compiled modules whose sources have changed since.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "service" / "compiled_sources.txt"
# Not compiled: the errors are raised rarely and keep class-level codes, which compiled exceptions do not.
PURE_MODULES = {"service/engine/errors.py"}


def compiled_sources() -> list[str]:
    sources = sorted(path.relative_to(HERE).as_posix() for path in (HERE / "service" / "engine").rglob("*.py"))
    schemas = ["service/schemas/fastpath.py", "service/schemas/limits.py"]
    return [source for source in sources if source not in PURE_MODULES] + schemas


def remove_in_place_builds() -> None:
    """Compiled modules left in the source tree would shadow the sources they were built from."""
    for path in [*(HERE / "service").rglob("*.so"), *HERE.glob("*__mypyc*.so"), MANIFEST]:
        path.unlink(missing_ok=True)


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, or leaves the pure-Python sources in charge when it cannot."""

    def run(self) -> None:
        if self.inplace:
            remove_in_place_builds()
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the sources still run, more slowly
            print(f"warning: the engine is not compiled ({error}); running the pure-Python sources", file=sys.stderr)
            if self.inplace:
                remove_in_place_builds()
            return
        if self.inplace:
            MANIFEST.write_text(
                "".join(f"{hashlib.sha256((HERE / s).read_bytes()).hexdigest()}  {s}\n" for s in compiled_sources())
            )


def extensions() -> list[object]:
    if os.environ.get("CARDRULES_PURE_PYTHON") == "1":
        remove_in_place_builds()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed; the engine is not compiled", file=sys.stderr)
        return []
    try:
        return list(mypycify(compiled_sources(), opt_level="3", verbose=False))
    except Exception as error:  # mypyc could not translate the sources: run them as they are
        print(f"warning: the engine is not compiled ({error})", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
