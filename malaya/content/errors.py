"""Content errors: every problem with a map or scenario file is one readable line."""

from __future__ import annotations


def _one_line(text: str) -> str:
    """Collapse whitespace (newlines included) so a message always fits on one line."""
    return " ".join(str(text).split())


class ContentError(Exception):
    """A content file (map, tileset, scenario) is missing or invalid; ``str`` is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))

    def __str__(self) -> str:
        return _one_line(super().__str__())


class MapError(ContentError):
    """A problem in a Tiled map, located by file, layer and cell (any of which may be absent).

    ``str(err)`` reads like ``map.tmx: layer 'road' cell (12,40): road connection to the S
    leads into the sea``; XML errors carry a line/column instead of a layer/cell.
    """

    def __init__(
        self,
        file: str,
        reason: str,
        *,
        layer: str | None = None,
        cell: tuple[int, int] | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.file = str(file)
        self.reason = _one_line(reason)
        self.layer = layer
        self.cell = cell
        self.line = line
        self.column = column
        super().__init__(self._render())

    def _render(self) -> str:
        """The one-line message: ``file[ line L, column C]: [layer 'x' ][cell (c,r)]: reason``."""
        head = self.file
        if self.line is not None:
            head += f" line {self.line}"
            if self.column is not None:
                head += f", column {self.column}"
        where = []
        if self.layer is not None:
            where.append(f"layer '{self.layer}'")
        if self.cell is not None:
            where.append(f"cell ({self.cell[0]},{self.cell[1]})")
        parts = [head, " ".join(where), self.reason] if where else [head, self.reason]
        return ": ".join(parts)
