"""pytmx, tamed: imported without pygame, run quietly, its failures turned into MapErrors.

``pytmx`` tries ``import pygame`` at import time; this module hides pygame from
that import (unless the program already imported it), so loading maps never
drags in SDL. pytmx's own log messages are silenced: our MapError says it better.
"""

from __future__ import annotations

import logging
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from malaya.content.errors import MapError
from malaya.content.said import Flaw, said
from malaya.content.tmx_xml import tileset_display

_PYTMX_LOGGER = logging.getLogger("pytmx")
_PROPERTY_TYPES = {"string", "int", "float", "bool", "color", "file", "object", "class"}


@contextmanager
def _quiet_pytmx() -> Iterator[None]:
    """Send pytmx's log records nowhere while the block runs."""
    handler = logging.NullHandler()
    saved = _PYTMX_LOGGER.propagate
    _PYTMX_LOGGER.addHandler(handler)
    _PYTMX_LOGGER.propagate = False
    try:
        yield
    finally:
        _PYTMX_LOGGER.propagate = saved
        _PYTMX_LOGGER.removeHandler(handler)


def _import_pytmx_without_pygame() -> Any:
    """Import pytmx with ``import pygame`` made to fail, then undo the block."""
    if "pygame" in sys.modules:
        import pytmx

        return pytmx
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        with _quiet_pytmx():
            import pytmx
    finally:
        if sys.modules.get("pygame") is None:
            del sys.modules["pygame"]
    return pytmx


pytmx = _import_pytmx_without_pygame()
TiledMap = pytmx.TiledMap
TiledTileLayer = pytmx.TiledTileLayer
TiledObjectGroup = pytmx.TiledObjectGroup


def parse_tiled(root: ET.Element, path: Path, display: str) -> Any:
    """Build a pytmx ``TiledMap`` from an already-parsed TMX tree (no images loaded)."""
    tmap = TiledMap(load_all=False, invert_y=False)
    tmap.filename = str(path)
    try:
        with _quiet_pytmx():
            tmap.parse_xml(root)
    except Exception as exc:  # pytmx raises bare Exception, ValueError, ParseError...
        raise diagnose(root, path, display, exc) from None
    return tmap


def diagnose(root: ET.Element, path: Path, display: str, exc: Exception) -> MapError:
    """Find which tileset or layer made pytmx fail, and say so in one line."""
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        problem = source and _tileset_problem(
            path.parent / source, tileset_display(display, source)
        )
        if problem:
            return problem
    for layer in root.iter("layer"):
        data = layer.find("data")
        if data is None:
            continue
        try:
            pytmx.pytmx.unpack_gids(
                (data.text or "").strip(), data.get("encoding"), data.get("compression")
            )
        except Exception as bad:
            reason = said(Flaw.UNDECODABLE, encoding=_encoding(data), why=str(bad))
            return MapError(display, reason, layer=layer.get("name", ""))
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            problem = _object_problem(obj, group.get("name", ""), display)
            if problem:
                return problem
    for prop in root.iter("property"):
        problem = _property_problem(prop, display)
        if problem:
            return problem
    return MapError(display, said(Flaw.UNREADABLE_MAP, kind=type(exc).__name__, why=str(exc)))


def _object_problem(obj: ET.Element, layer: str, display: str) -> MapError | None:
    """A MapError if an object's position is not a number, else None."""
    for attr in ("x", "y"):
        try:
            float(obj.get(attr, "0"))
        except ValueError:
            reason = said(Flaw.OBJECT_POSITION, name=repr(obj.get("name") or obj.get("id")), attr=attr,
                          value=repr(obj.get(attr)))
            return MapError(display, reason, layer=layer)
    return None


def _tileset_problem(tsx: Path, shown: str) -> MapError | None:
    """A MapError if an external tileset file cannot be parsed, else None."""
    try:
        ET.parse(tsx)
    except ET.ParseError as bad:
        line, column = bad.position
        reason = said(Flaw.MALFORMED_XML, why=str(bad).split(":", 1)[0])
        return MapError(shown, reason, line=line, column=column + 1)
    except (OSError, LookupError, UnicodeError) as bad:
        return MapError(shown, said(Flaw.CANNOT_READ_TILESET, why=str(bad)))
    return None


def _property_problem(prop: ET.Element, display: str) -> MapError | None:
    """A MapError if a typed ``<property>`` value cannot be converted, else None."""
    kind, value = prop.get("type", "string"), prop.get("value", prop.text or "")
    if kind not in _PROPERTY_TYPES:
        return MapError(display, said(Flaw.PROPERTY_TYPE, name=repr(prop.get("name")), kind=repr(kind)))
    try:
        if kind == "bool":
            pytmx.pytmx.convert_to_bool(value)
        elif kind in ("int", "object"):
            int(value)
        elif kind == "float":
            float(value)
    except ValueError:
        return MapError(display, said(Flaw.PROPERTY_VALUE, name=repr(prop.get("name")), kind=kind, value=repr(value)))
    return None


def _encoding(data: ET.Element) -> str:
    """``csv`` / ``base64+zlib`` etc., for messages."""
    encoding, compression = data.get("encoding") or "xml", data.get("compression")
    return f"{encoding}+{compression}" if compression else encoding
