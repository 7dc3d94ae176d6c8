"""Numbers as players read them: ``13½`` not ``27/2``; one formatter for MP, strengths and odds."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

_VULGAR: dict[Fraction, str] = {
    Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗", Fraction(4, 5): "⅘", Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚", Fraction(1, 8): "⅛", Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞",
}
"""The fractional parts with a single Unicode character."""


@lru_cache(maxsize=4096)
def number_text(value: int | Fraction | str) -> str:
    """An exact number for players: ``13½`` for 27/2, ``½``, ``−1¼``, ``3``; other fractions to one decimal (cached:
    the computer player's strength estimates write their lines too)."""
    f = Fraction(str(value))
    sign = "−" if f < 0 else ""
    whole, rest = divmod(abs(f), 1)
    if rest == 0:
        return f"{sign}{whole}"
    part = _VULGAR.get(rest)
    if part is None:
        return f"{sign}{float(abs(f)):.1f}"
    return f"{sign}{whole or ''}{part}"


def odds_text(column: str) -> str:
    """A CRT column as shown to players (``3:1``; a differential column keeps its own words)."""
    return column.replace("..", "–")


def signed_text(value: int) -> str:
    """A die modifier with its sign: ``+2``, ``−1`` (a true minus), ``0``."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def count_text(n: int, noun: str, plural: str | None = None) -> str:
    """``1 step``, ``2 steps``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def join_words(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"

