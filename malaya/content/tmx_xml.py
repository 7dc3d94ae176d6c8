"""First pass over a TMX file with the standard library, before pytmx sees it.

It turns unreadable files and malformed XML into a :class:`MapError` with a
line/column, and checks the map header (hexagonal, finite, at most 200 × 200
cells, sane tile geometry) as soon as the root element is read — before any
layer data is decoded — plus the cheap structural facts of each layer's
``<data>`` element and that external tilesets exist.
"""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from malaya.content.errors import MapError
from malaya.content.safe_files import MAP_CAP, FileRefused, check_regular, read_capped
from malaya.content.said import Flaw, Said, said
from malaya.content.scenario_refs import check_tileset_confined
from malaya.content.tiled_geometry import HexGeometry
from malaya.engine import Stagger, StaggerAxis, StaggerIndex

MAX_CELLS_PER_SIDE = 200
"""The campaign map is 62 × 69; a 200 × 200 map checks in about a second, a 1000 × 1000 one took 20 s."""
_CHUNK = 1 << 16
_ENCODINGS = {"csv", "base64"}
_COMPRESSIONS = {None, "", "zlib", "gzip"}


@dataclass(frozen=True, slots=True)
class MapHeader:
    """The facts of a TMX ``<map>`` element the loader needs."""

    columns: int
    rows: int
    geometry: HexGeometry

    @property
    def stagger(self) -> Stagger:
        """The map's stagger variant."""
        return self.geometry.stagger


class _HeaderFirstBuilder(ET.TreeBuilder):
    """A tree builder that checks the ``<map>`` header the moment its start tag is read."""

    def __init__(self, display: str) -> None:
        super().__init__()
        self.display = display
        self.header: MapHeader | None = None

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        """Check the root element's attributes before building anything below it."""
        if self.header is None:
            self.header = check_header(tag, dict(attrs), self.display)
        return super().start(tag, attrs)


def read_tmx(path: Path, display: str) -> tuple[ET.Element, MapHeader]:
    """Parse a TMX file into an element tree, checking the header before the layers."""
    builder = _HeaderFirstBuilder(display)
    parser = ET.XMLParser(target=builder)
    try:
        with _open(path, display) as stream:
            while chunk := stream.read(_CHUNK):
                parser.feed(chunk)
        root = parser.close()
    except ET.ParseError as exc:
        raise _xml_error(display, exc) from None
    except OSError as exc:
        raise MapError(display, said(Flaw.CANNOT_READ, why=str(exc.strerror or exc))) from None
    except (LookupError, UnicodeError) as exc:  # e.g. <?xml encoding="bogus"?>
        raise MapError(display, said(Flaw.CANNOT_DECODE, why=str(exc))) from None
    assert builder.header is not None  # close() has raised if there was no root element
    return root, builder.header


def _open(path: Path, display: str) -> BinaryIO:
    """Open a file for reading, or raise a MapError saying why it cannot be."""
    try:
        return io.BytesIO(read_capped(path, MAP_CAP, display))
    except FileRefused as err:
        raise MapError(display, _unread(err.reason)) from None


def _unread(reason: Said) -> Said:
    """Why a map file was not read, said after its name: ``file not found``, the system's words, ``is a pipe …``."""
    if reason.code is Flaw.FILE_NOT_FOUND:
        return said(Flaw.NOT_FOUND)
    if reason.code is Flaw.CANNOT_READ_FILE:
        return said(Flaw.SYSTEM_SAYS, why=reason.values["why"])
    return reason


def _xml_error(display: str, exc: ET.ParseError) -> MapError:
    """A MapError for malformed XML, with expat's line and (1-based) column."""
    line, column = getattr(exc, "position", (None, None))
    reason = str(exc).split(":", 1)[0] if ":" in str(exc) else str(exc)
    return MapError(
        display,
        said(Flaw.MALFORMED_XML, why=reason),
        line=line,
        column=None if column is None else column + 1,
    )


def check_header(tag: str, attrib: dict[str, str], display: str) -> MapHeader:
    """Validate a ``<map>`` element's attributes; return the parsed header."""
    if tag != "map":
        raise MapError(display, said(Flaw.NOT_TILED, tag=tag))
    orientation = attrib.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        raise MapError(display, said(Flaw.NOT_HEXAGONAL, orientation=orientation))
    if attrib.get("infinite", "0") != "0":
        raise MapError(display, said(Flaw.INFINITE))
    columns = _int_attr(attrib, "width", display, low=1)
    rows = _int_attr(attrib, "height", display, low=1)
    if columns > MAX_CELLS_PER_SIDE or rows > MAX_CELLS_PER_SIDE:
        limit = MAX_CELLS_PER_SIDE
        raise MapError(display, said(Flaw.TOO_BIG, columns=columns, rows=rows, limit=limit))
    stagger = _stagger(attrib, display)
    return MapHeader(columns, rows, _geometry(attrib, stagger, display))


def _stagger(attrib: dict[str, str], display: str) -> Stagger:
    """The map's ``staggeraxis``/``staggerindex`` as a Stagger."""
    axis, index = attrib.get("staggeraxis"), attrib.get("staggerindex")
    if axis not in ("x", "y"):
        raise MapError(display, said(Flaw.BAD_STAGGER_AXIS, value=repr(axis)))
    if index not in ("odd", "even"):
        raise MapError(display, said(Flaw.BAD_STAGGER_INDEX, value=repr(index)))
    return Stagger(StaggerAxis(axis), StaggerIndex(index))


def _geometry(attrib: dict[str, str], stagger: Stagger, display: str) -> HexGeometry:
    """Tile width/height and hex side length, checked against each other."""
    width = _int_attr(attrib, "tilewidth", display, low=2)
    height = _int_attr(attrib, "tileheight", display, low=2)
    side = _int_attr(attrib, "hexsidelength", display, low=0)
    along = width if stagger.axis is StaggerAxis.X else height
    if side > along:
        raise MapError(display, said(Flaw.SIDE_TOO_LONG, side=side, width=width, height=height))
    return HexGeometry(width, height, side, stagger)


def _int_attr(attrib: dict[str, str], name: str, display: str, *, low: int) -> int:
    """An integer attribute of the map element, at least ``low``."""
    raw = attrib.get(name)
    try:
        value = int(raw) if raw is not None else None
    except ValueError:
        value = None
    if value is None or value < low:
        raise MapError(display, said(Flaw.BAD_ATTRIBUTE, name=name, value=repr(raw), low=low))
    return value


def check_layer_elements(root: ET.Element, header: MapHeader, display: str) -> None:
    """Check every tile layer's size and ``<data>`` encoding without decoding it."""
    for layer in root.iter("layer"):
        name = layer.get("name", "")
        size = (layer.get("width"), layer.get("height"))
        if size != (str(header.columns), str(header.rows)):
            wrong = said(Flaw.LAYER_SIZE, width=str(size[0]), height=str(size[1]), columns=header.columns,
                         rows=header.rows)
            raise MapError(display, wrong, layer=name)
        _check_data_element(layer.find("data"), name, display)


def _check_data_element(data: ET.Element | None, name: str, display: str) -> None:
    """One layer's ``<data>``: present, not chunked, and CSV or Base64 (zlib/gzip)."""
    if data is None:
        raise MapError(display, said(Flaw.NO_DATA), layer=name)
    if data.find("chunk") is not None:
        raise MapError(display, said(Flaw.CHUNKED), layer=name)
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding not in _ENCODINGS:
        what = said(Flaw.OLD_XML_FORMAT) if encoding is None else said(Flaw.BAD_ENCODING, encoding=repr(encoding))
        raise MapError(display, what, layer=name)
    if compression not in _COMPRESSIONS:
        raise MapError(display, said(Flaw.BAD_COMPRESSION, compression=repr(compression)), layer=name)


def check_tileset_files(root: ET.Element, map_path: Path, display: str) -> None:
    """Every external tileset named by the map exists and is a ``.tsx`` file."""
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if tileset.get("firstgid") is None:
            raise MapError(display, said(Flaw.NO_FIRSTGID, name=repr(tileset.get("name") or source)))
        if source is None:
            continue
        shown = tileset_display(display, source)
        if not source.lower().endswith(".tsx"):
            raise MapError(display, said(Flaw.NOT_TSX, source=source))
        if not (map_path.parent / source).exists():
            raise MapError(display, said(Flaw.TILESET_NOT_FOUND, source=source, shown=shown))
        if (outside := check_tileset_confined(map_path, source)) is not None:
            raise MapError(display, outside)
        try:
            check_regular(map_path.parent / source, MAP_CAP, shown)
        except FileRefused as err:
            raise MapError(display, said(Flaw.TILESET_REFUSED, source=source, reason=err.reason)) from None


def tileset_display(map_display: str, source: str) -> str:
    """How to name an external tileset in messages: its path next to the map's."""
    return os.path.normpath(os.path.join(os.path.dirname(map_display), source))
