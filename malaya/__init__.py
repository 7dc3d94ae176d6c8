"""1942: Campaign For Malaya — a hex wargame of the Japanese conquest of Malaya and Singapore."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("malaya")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"
