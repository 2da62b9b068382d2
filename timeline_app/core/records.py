"""``frozen``: ``@dataclass(frozen=True)`` made cheaper to define (issue 33).

CPython before 3.13 compiles every method a dataclass generates from source,
one ``exec`` each: six for a frozen one (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``). Measured with
callgrind, those compilations were 108 M of the 336 M instructions of a
10-message ``preview`` (21 classes) and about 250 M of the window's cold
start (56 classes), paid again at every start. Here the dataclass machinery
still writes ``__init__`` and the frozen ``__setattr__``/``__delattr__``
(a hand-written ``__init__`` would lose the signature, a frozen one's
stores and its checks), and ``__repr__``, ``__eq__`` and ``__hash__`` are
functions shared by every record, reading the class's compared and shown
fields from a tuple made once: what they return is what the generated ones
return (the same tuples compared and hashed, the same text), so sets,
dicts and messages behave as before. A class that writes one of the three
itself keeps its own, as with ``dataclass``.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")
_NONE = object()

if TYPE_CHECKING:  # checkers read it as the frozen dataclass it is
    from typing_extensions import dataclass_transform

    @dataclass_transform(frozen_default=True)
    def frozen(cls: type[T]) -> type[T]: ...

else:

    def frozen(cls: type[T]) -> type[T]:
        """``cls`` as ``@dataclass(frozen=True)`` makes it, its comparison,
        hash and text from shared functions instead of compiled ones."""
        own = {name for name in ("__repr__", "__eq__") if name in cls.__dict__}
        written = cls.__dict__.get("__hash__", _NONE)
        # dataclass's rule: a __hash__ in the body is kept, unless it is the None
        # that Python puts beside an __eq__ of the body's own
        if written is not _NONE and not (written is None and "__eq__" in own):
            own.add("__hash__")
        cls = dataclass(frozen=True, repr=False, eq=False)(cls)
        compared = tuple(f.name for f in fields(cls) if f.compare)
        hashed = tuple(f.name for f in fields(cls) if (f.compare if f.hash is None else f.hash))
        shown = tuple(f.name for f in fields(cls) if f.repr)
        if "__eq__" not in own:
            cls.__eq__ = _equal(_as_tuple(compared))
        if "__hash__" not in own:
            cls.__hash__ = _hash(_as_tuple(hashed))
        if "__repr__" not in own:
            cls.__repr__ = _text(shown)
        return cls


def _as_tuple(names: tuple[str, ...]) -> Any:
    """What the generated methods build, ``(self.a, self.b, ...)``, as one C call."""
    if not names:
        return lambda _self: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return attrgetter(*names)


def _equal(values: Any) -> Any:
    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Any) -> Any:
    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _text(names: tuple[str, ...]) -> Any:
    @reprlib.recursive_repr()
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__
