"""Content errors: every problem with a map or scenario file is one :class:`~malaya.content.said.Said` record.

The session writes it as the one line a player reads (``malaya.session.words.content_words.content_text``);
``str()`` of an error is for developers (the codes and their facts).
"""

from __future__ import annotations

from malaya.content.said import Flaw, Said, said


def _one_line(text: str) -> str:
    """Collapse whitespace (newlines included) so a message always fits on one line."""
    return " ".join(str(text).split())


class ContentError(Exception):
    """A content file (map, tileset, scenario) is missing or invalid.

    ``said`` is what is wrong, as data; a layer above the session's words (a save's reader) may give a sentence
    already written instead.
    """

    def __init__(self, said: Said | str) -> None:
        self.said = said
        super().__init__(_one_line(str(said)))

    def __str__(self) -> str:
        return _one_line(super().__str__())

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with what it says, as data (an error crosses from the save reader's process to the window's)."""
        return _restored, (type(self), self.said, dict(self.__dict__))


def _restored(kind: type[ContentError], said: Said | str, state: dict[str, object]) -> ContentError:
    """A content error unpickled: ``said`` and the attributes of its kind (a map error's file, layer, cell …)."""
    err = kind.__new__(kind)
    ContentError.__init__(err, said)
    err.__dict__.update(state)
    return err


class MapError(ContentError):
    """A problem in a Tiled map, located by file, layer and cell (any of which may be absent).

    Its sentence reads like ``map.tmx: layer 'road' cell (12,40): road connection to the S leads into the sea``;
    XML errors carry a line/column instead of a layer/cell.
    """

    def __init__(
        self,
        file: str,
        reason: Said,
        *,
        layer: str | None = None,
        cell: tuple[int, int] | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.file = str(file)
        self.reason = reason
        self.layer = layer
        self.cell = cell
        self.line = line
        self.column = column
        super().__init__(self._located())

    def _located(self) -> Said:
        """The reason framed by where it is: ``file[ line L, column C]: [layer 'x' ][cell (c,r)]: reason``."""
        inner = self.reason
        if self.layer is not None and self.cell is not None:
            inner = said(Flaw.IN_LAYER_AT_CELL, layer=self.layer, col=self.cell[0], row=self.cell[1], reason=inner)
        elif self.layer is not None:
            inner = said(Flaw.IN_LAYER, layer=self.layer, reason=inner)
        elif self.cell is not None:
            inner = said(Flaw.AT_CELL, col=self.cell[0], row=self.cell[1], reason=inner)
        if self.line is not None and self.column is not None:
            return said(Flaw.AT_LINE_COLUMN, file=self.file, line=self.line, column=self.column, reason=inner)
        if self.line is not None:
            return said(Flaw.AT_LINE, file=self.file, line=self.line, reason=inner)
        return said(Flaw.IN_FILE, file=self.file, reason=inner)
