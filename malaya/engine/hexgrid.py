"""Integer hex-grid math on axial coordinates (Red Blob Games' conventions).

A :class:`Hex` is an axial coordinate ``(q, r)``; the third cube coordinate is
``s = -q - r``. Everything here is integer arithmetic (``line`` uses exact
``Fraction`` interpolation), so results are identical on every machine.

Direction order (index 0..5), named for the flat-top layout the campaign map
uses (Tiled ``staggeraxis="x"``)::

    0 N  (0, -1)     1 NE (+1, -1)    2 SE (+1, 0)
    3 S  (0, +1)     4 SW (-1, +1)    5 NW (-1, 0)

Direction ``d`` and ``(d + 3) % 6`` are opposite. On a pointy-top layout the
same six vectors apply; only the compass names differ.

Offset coordinates are Tiled's ``(col, row)`` cell indices. The four stagger
variants map to Red Blob's offset systems:

==============  ============  =========
staggeraxis     staggerindex  Red Blob
==============  ============  =========
x (flat-top)    odd           odd-q
x (flat-top)    even          even-q
y (pointy-top)  odd           odd-r
y (pointy-top)  even          even-r
==============  ============  =========
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate; immutable, hashable and ordered."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s == 0)."""
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        """Vector sum of two hexes."""
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        """Vector difference of two hexes."""
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5, see module docstring)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes in direction order."""
        q, r = self
        return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Number of hex steps between two hexes."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> int | None:
        """Direction index of an adjacent hex, or None if not adjacent."""
        return _DIRECTION_INDEX.get((other.q - self.q, other.r - self.r))

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_DIRECTION_INDEX: dict[tuple[int, int], int] = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}


def opposite(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    return a.distance(b)


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly ``radius`` steps from ``center``, walking clockwise from the SW corner."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    results: list[Hex] = []
    hx = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            results.append(hx)
            hx = hx.neighbor(side)
    return results


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, ring by ring from the centre."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def cube_round(fq: Fraction | float, fr: Fraction | float) -> Hex:
    """Round fractional axial coordinates to the nearest hex (exact for Fractions; the UI passes floats)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive.

    Ties on hex edges are broken by a tiny fixed nudge toward +q/+r, so the
    result is deterministic.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    eps = Fraction(1, 1_000_000)
    aq, ar = a.q + eps, a.r + 2 * eps
    bq, br = b.q + eps, b.r + 2 * eps
    return [cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


class StaggerAxis(StrEnum):
    """Tiled ``staggeraxis``: x = flat-top columns staggered, y = pointy-top rows staggered."""

    X = "x"
    Y = "y"


class StaggerIndex(StrEnum):
    """Tiled ``staggerindex``: which columns/rows are shifted by half a hex."""

    ODD = "odd"
    EVEN = "even"


class Stagger(NamedTuple):
    """A Tiled stagger variant (axis, index)."""

    axis: StaggerAxis = StaggerAxis.X
    index: StaggerIndex = StaggerIndex.ODD  # type: ignore[assignment]  # Tiled's name; shadows tuple.index


ODD_Q = Stagger(StaggerAxis.X, StaggerIndex.ODD)


def from_offset(col: int, row: int, stagger: Stagger = ODD_Q) -> Hex:
    """Tiled cell ``(col, row)`` to an axial hex for the given stagger variant."""
    odd = stagger.index is StaggerIndex.ODD
    if stagger.axis is StaggerAxis.X:
        shift = (col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2
        return Hex(col, row - shift)
    shift = (row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2
    return Hex(col - shift, row)


def to_offset(h: Hex, stagger: Stagger = ODD_Q) -> tuple[int, int]:
    """Axial hex to Tiled cell ``(col, row)`` for the given stagger variant."""
    odd = stagger.index is StaggerIndex.ODD
    if stagger.axis is StaggerAxis.X:
        shift = (h.q - (h.q & 1)) // 2 if odd else (h.q + (h.q & 1)) // 2
        return h.q, h.r + shift
    shift = (h.r - (h.r & 1)) // 2 if odd else (h.r + (h.r & 1)) // 2
    return h.q + shift, h.r


Edge = tuple[Hex, Hex]
"""A hexside, as the ordered pair of the two hexes it separates (smaller first)."""


def edge(a: Hex, b: Hex) -> Edge:
    """The hexside between two adjacent hexes, in canonical (sorted) order."""
    return (a, b) if a <= b else (b, a)
