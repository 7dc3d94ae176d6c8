"""Where a field of a scenario file is: the line of a field path such as ``setup[3].at`` in the TOML text.

TOML keeps no positions once parsed, so the line is found in the text: a table header (``[victory]``,
``[[victory.levels]]``), a key (``map = ...``), or a list item by the id or unit it names. A path whose
line cannot be found gives None (the problem is then shown without a line).
"""

from __future__ import annotations

import re
from typing import Any

_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def loc_of(problem: str) -> tuple[str | int, ...]:
    """A field path (``setup[3].at``, or the one at the start of a ``path: message`` line) as a location tuple."""
    head = problem.split(": ", 1)[0]
    if " " in head:
        return ()
    return tuple(int(m[2]) if m[2] else m[1] for m in _PATH_PART.finditer(head))


def line_of(text: str, loc: tuple[Any, ...], data: Any = None) -> int | None:
    """The 1-based line of the field at ``loc`` in the TOML ``text`` (``data`` is the parsed text), or None."""
    lines = text.splitlines()
    start, found, node, prefix = 0, None, data, ""
    for part in loc:
        if isinstance(part, int):
            item = node[part] if isinstance(node, list | tuple) and 0 <= part < len(node) else None
            hit = _item_line(lines, start, item)
            node = item
        else:
            prefix = f"{prefix}.{part}" if prefix else str(part)
            hit = _key_line(lines, start, str(part), prefix)
            node = node.get(part) if isinstance(node, dict) else None
        if hit is None:
            break
        start = found = hit
    return None if found is None else found + 1


def _key_line(lines: list[str], start: int, key: str, prefix: str) -> int | None:
    """The first line from ``start`` with the table header of ``prefix`` or the key ``key``."""
    header = re.compile(rf"^\s*\[\[?\s*{re.escape(prefix)}\s*\]\]?")
    keyed = re.compile(rf"(^|[{{,\s])[\"']?{re.escape(key)}[\"']?\s*=")
    for i in range(start, len(lines)):
        if header.match(lines[i]) or keyed.search(lines[i]):
            return i
    return None


def _item_line(lines: list[str], start: int, item: Any) -> int | None:
    """The first line from ``start`` naming a list item by its ``id`` or ``unit`` (or None)."""
    if not isinstance(item, dict):
        return None
    for key in ("id", "unit", "name"):
        value = item.get(key)
        if isinstance(value, str):
            pattern = re.compile(rf"{key}\s*=\s*[\"']{re.escape(value)}[\"']")
            for i in range(start, len(lines)):
                if pattern.search(lines[i]):
                    return i
    return None
