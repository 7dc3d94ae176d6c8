"""Build hook: the wheel ships the top-level ``scenarios/`` and ``assets/`` folders inside the package.

Everything else about the build is in ``pyproject.toml``. ``malaya/resources.py`` finds the folders
inside the installed package, or beside it in a checkout (where an editable install leaves them).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_FOLDERS = ("scenarios", "assets")
HERE = Path(__file__).resolve().parent


class BuildWithData(build_py):
    """``build_py`` that also copies the data folders into ``malaya/`` of the build (not for editable installs)."""

    def run(self) -> None:
        """Build the package, then add the data folders."""
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA_FOLDERS:
            shutil.copytree(HERE / name, Path(self.build_lib) / "malaya" / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
