"""Versions written into the generated Tiled files."""

from __future__ import annotations

XML_VERSION = "1.8"
TILED_VERSION = "1.8.2"
