"""A faster ``dataclasses.replace`` for the engine's frozen, slotted records (issue 16).

``dataclasses.replace`` calls the generated ``__init__``, which sets each of a record's fields
through ``object.__setattr__``: about 7 µs for the 25 fields of a ``GameState``, thousands of
times a game. :func:`evolve` fills the slots of a new record directly, in half the time. It gives
exactly the record ``replace`` gives for records whose fields are all ``init`` fields and that
have no ``__post_init__`` (checked once per class).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_Slot = tuple[str, Callable[[Any], Any], Callable[[Any, Any], None]]
_SLOTS: dict[type, tuple[tuple[_Slot, ...], frozenset[str]]] = {}


def _slots_of(cls: type) -> tuple[tuple[_Slot, ...], frozenset[str]]:
    """Each field's name, slot getter and slot setter, and the set of names (built once per class)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"evolve needs a slotted dataclass without __post_init__, not {cls.__name__}")
    specs = []
    for f in fields(cls):
        if not f.init:
            raise TypeError(f"evolve cannot copy {cls.__name__}: field {f.name} is not an init field")
        slot = cls.__dict__[f.name]
        specs.append((f.name, slot.__get__, slot.__set__))
    found = _SLOTS[cls] = (tuple(specs), frozenset(s[0] for s in specs))
    return found


def evolve(record: T, /, **changes: Any) -> T:
    """``dataclasses.replace(record, **changes)`` for a frozen, slotted dataclass, without ``__init__``."""
    cls = type(record)
    specs, names = _SLOTS.get(cls) or _slots_of(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]}")
    new = object.__new__(cls)
    for name, get, put in specs:
        put(new, changes[name] if name in changes else get(record))
    return new
