"""Frozen value classes for the modules every command loads, at a fraction of dataclasses' cost.

``@dataclass(frozen=True)`` costs a 10-message command twice: importing
``dataclasses`` loads ``inspect`` (with ``ast``, ``dis``, ``tokenize``: ~11 ms)
and each class compiles six generated methods (~0.8 ms; a preview defines
about 16). ``@frozen`` makes the same class from the same declaration
(annotated fields, defaults, ``__post_init__``, ``slots=True``) with one
compiled ``__init__`` and shared ``__eq__``, ``__hash__``, ``__repr__``,
``__setattr__`` and ``__delattr__`` that behave as the frozen dataclass's:
equal only to the same class with equal fields, hashed by the fields,
``Name(field=value, ...)``, and an ``AttributeError`` (``FrozenError``) on
assignment. ``dataclasses.replace``, ``fields``, ``asdict`` and
``is_dataclass`` work on them too: ``__dataclass_fields__`` is made, with
``dataclasses`` imported, the first time something asks for it.

Mutable defaults are refused as dataclasses refuses them; there is no
``field()``: an immutable default (another frozen record) is shared, as a
dataclass default of a hashable value is. Modules only some commands load
keep ``dataclasses``.
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T", bound=type)
    R = TypeVar("R")
else:

    def dataclass_transform(**_: object) -> Callable[[T], T]:
        """``typing.dataclass_transform`` for mypy; nothing at run time (no ``typing`` import)."""
        return lambda decorator: decorator


class FrozenError(AttributeError):
    """An assignment to a frozen record's field (dataclasses' ``FrozenInstanceError``)."""


_MISSING = object()
_UNHASHABLE = (list, dict, set)  # the defaults dataclasses refuses


def _setattr(self: object, name: str, value: object) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r}")


def _eq(self: Any, other: object) -> bool:
    key = self.__record_key__
    if other.__class__ is self.__class__:
        return bool(key(self) == key(other))
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _repr(self: Any) -> str:
    parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
    return f"{self.__class__.__qualname__}({parts})"


class _LazyFields:
    """``__dataclass_fields__``, made by ``dataclasses`` on first access from
    a dataclass declared as the record is (names, annotations, defaults)."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        namespace: dict[str, Any] = {"__annotations__": dict(owner.__record_annotations__)}  # type: ignore[attr-defined]
        namespace.update(owner.__record_defaults__)  # type: ignore[attr-defined]
        twin: Any = dataclasses.dataclass(frozen=True)(type(owner.__name__, (), namespace))
        found: dict[str, Any] = twin.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", found)  # asked once per class
        return found


def _init_source(names: list[str], defaults: dict[str, object], post_init: bool) -> str:
    parameters = ", ".join(f"{name}=_d_{name}" if name in defaults else name for name in names)
    body = [f"    _set(self, {name!r}, {name})" for name in names]
    if post_init:
        body.append("    self.__post_init__()")
    return f"def __init__(self, {parameters}):\n" + "\n".join(body or ["    pass"]) + "\n"


_CLASS_VARS = ("ClassVar", "typing.ClassVar")  # annotations are text (``from __future__``)
_OWN = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def _fields_of(cls: type) -> tuple[dict[str, object], dict[str, object]]:
    """The declared fields (name -> annotation, in order) and their defaults,
    refused where dataclasses refuses them."""
    inherits = any(hasattr(base, "__record_key__") for base in cls.__mro__[1:])
    if inherits or any(name in cls.__dict__ for name in _OWN):
        raise TypeError(f"{cls.__name__}: @frozen makes its own methods and does not inherit fields")
    declared: dict[str, object] = cls.__annotations__  # the class's own (3.10+)
    annotations = {name: kind for name, kind in declared.items() if not str(kind).startswith(_CLASS_VARS)}
    defaults: dict[str, object] = {}
    for name in annotations:
        value = cls.__dict__.get(name, _MISSING)
        if value is _MISSING:
            if defaults:
                raise TypeError(f"non-default argument {name!r} follows default argument")
            continue
        if isinstance(value, _UNHASHABLE):
            raise ValueError(f"mutable default {type(value)} for field {name} is not allowed")
        defaults[name] = value
    return annotations, defaults


def _getstate(self: Any) -> tuple[object, ...]:
    return tuple(getattr(self, name) for name in self.__match_args__)


def _setstate(self: Any, state: tuple[object, ...]) -> None:
    for name, value in zip(self.__match_args__, state, strict=True):
        object.__setattr__(self, name, value)


def _make(cls: type, slots: bool) -> type:
    annotations, defaults = _fields_of(cls)
    names = list(annotations)
    namespace: dict[str, object] = {"_set": object.__setattr__}
    namespace.update({f"_d_{name}": value for name, value in defaults.items()})
    exec(_init_source(names, defaults, hasattr(cls, "__post_init__")), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    methods: dict[str, object] = {
        "__init__": init,
        "__repr__": _repr,
        "__eq__": _eq,
        "__hash__": _hash,
        "__setattr__": _setattr,
        "__delattr__": _delattr,
        "__match_args__": tuple(names),
        "__record_key__": staticmethod(attrgetter(*names) if len(names) > 1 else _one_key(names)),
        "__record_annotations__": annotations,
        "__record_defaults__": defaults,
        "__dataclass_fields__": _LazyFields(),
    }
    if slots:  # a new class, as dataclasses makes one: slots exist only from the class statement
        dropped = (*names, "__dict__", "__weakref__")
        body = {key: value for key, value in cls.__dict__.items() if key not in dropped}
        body["__slots__"] = tuple(names)
        cls = type(cls)(cls.__name__, cls.__bases__, body)
        methods.update({"__getstate__": _getstate, "__setstate__": _setstate})  # copy and pickle
    for key, value in methods.items():
        type.__setattr__(cls, key, value)
    return cls


def _one_key(names: list[str]) -> Callable[[object], tuple[object, ...]]:
    """The fields as a tuple also for one field or none (``attrgetter`` of one
    name gives the bare value), so every record hashes a tuple as a dataclass does."""
    if not names:
        return lambda _record: ()
    get = attrgetter(names[0])
    return lambda record: (get(record),)


if TYPE_CHECKING:

    @overload
    def frozen(cls: T, /) -> T: ...

    @overload
    def frozen(*, slots: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(frozen_default=True)
def frozen(cls: T | None = None, /, *, slots: bool = False) -> Any:
    """``@dataclass(frozen=True)`` (and ``slots=True``), defined cheaply."""
    if cls is None:
        return lambda inner: _make(inner, slots)
    return _make(cls, slots)


def replace(record: R, /, **changes: Any) -> R:
    """``dataclasses.replace`` for a record, without importing ``dataclasses``."""
    values = {name: getattr(record, name) for name in field_names(record)}
    values.update(changes)  # a name the record does not have: TypeError from __init__
    return type(record)(**values)


def field_names(record: object) -> tuple[str, ...]:
    """The names of a record's (or record class's) fields, in order
    (``dataclasses.fields`` without its ``Field`` objects)."""
    names: tuple[str, ...] = record.__match_args__  # type: ignore[attr-defined]
    return names
