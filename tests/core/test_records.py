"""``frozen`` behaves as ``@dataclass(frozen=True)``: the same text, equality,
hash, frozen fields and dataclass functions, for any field values."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.records import frozen

values = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.text(max_size=5), st.tuples(st.integers())
)


def pair(body: dict[str, Any], base: tuple[type, type] | None = None) -> tuple[type, type]:
    """The same class body made by ``dataclass(frozen=True)`` and by ``frozen``."""
    made = []
    for index, decorate in enumerate((dataclass(frozen=True), frozen)):
        bases = (base[index],) if base else ()
        namespace = {
            k: (dataclasses.field(**v) if isinstance(v, dict) else v)
            for k, v in body.items()
            if k != "__annotations__"
        }
        namespace["__annotations__"] = dict(body["__annotations__"])
        namespace["__qualname__"] = "Thing"
        made.append(decorate(type("Thing", bases, namespace)))
    return made[0], made[1]


PLAIN = {"__annotations__": {"a": "object", "b": "object"}}
SOME_HIDDEN = {
    "__annotations__": {"a": "object", "b": "object", "c": "object", "d": "object"},
    "b": {"default": 0, "repr": False},
    "c": {"default": 1, "compare": False},
    "d": {"default": 2, "hash": False},
}
ONE = {"__annotations__": {"a": "object"}}
NONE: dict[str, Any] = {"__annotations__": {}}


def _same(reference: object, ours: object, other_reference: object, other_ours: object) -> None:
    assert repr(ours) == repr(reference)
    assert (ours == other_ours) == (reference == other_reference)
    assert (ours != other_ours) == (reference != other_reference)
    assert ours.__eq__(reference) is NotImplemented  # another class: not equal, as generated
    try:
        expected: int | type[Exception] = hash(reference)
    except TypeError:
        expected = TypeError
    if expected is TypeError:
        with pytest.raises(TypeError):
            hash(ours)
    else:
        assert hash(ours) == expected
    assert dataclasses.astuple(ours) == dataclasses.astuple(reference)


@pytest.mark.parametrize("body", [PLAIN, SOME_HIDDEN, ONE, NONE], ids=["plain", "options", "one", "none"])
@given(first=st.lists(values, min_size=4, max_size=4), second=st.lists(values, min_size=4, max_size=4))
def test_a_record_is_the_frozen_dataclass(body: dict[str, Any], first: list[Any], second: list[Any]) -> None:
    reference, ours = pair(body)
    names = [f.name for f in dataclasses.fields(reference) if f.init]
    for one, two in ((first, second), (first, first)):
        args = dict(zip(names, one, strict=False))
        other = dict(zip(names, two, strict=False))
        _same(reference(**args), ours(**args), reference(**other), ours(**other))
    thing = ours(**dict(zip(names, first, strict=False)))
    for name in names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(thing, name, 0)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(thing, name)
    if names:
        assert dataclasses.replace(thing, **{names[0]: "x"}) == ours(
            **{**dict(zip(names, first, strict=False)), names[0]: "x"}
        )


def test_a_nan_field_equals_itself_by_identity_as_generated() -> None:
    """Tuples compare their items by identity first: one NaN object equals itself."""
    nan = float("nan")
    for body in (ONE, PLAIN):
        reference, ours = pair(body)
        names = [f.name for f in dataclasses.fields(reference)]
        args = dict.fromkeys(names, nan)
        assert (ours(**args) == ours(**args)) == (reference(**args) == reference(**args)) is True


def test_recursion_text_and_inheritance() -> None:
    reference, ours = pair(PLAIN)
    nest_ref, nest_ours = reference([], 1), ours([], 1)
    nest_ref.a.append(nest_ref)
    nest_ours.a.append(nest_ours)
    assert repr(nest_ours) == repr(nest_ref) == "Thing(a=[...], b=1)"
    child_ref, child_ours = pair({"__annotations__": {"c": "object"}, "c": 3}, (reference, ours))
    _same(child_ref(1, 2), child_ours(1, 2), child_ref(1, 2, 4), child_ours(1, 2, 4))
    assert child_ours(1, 2) != ours(1, 2)  # another class, as generated


def test_methods_of_its_own_are_kept() -> None:
    """As ``dataclass`` does: a written ``__repr__``/``__eq__``/``__hash__`` stays;
    an ``__eq__`` alone still gets the generated hash."""
    body = {
        "__annotations__": {"a": "object"},
        "__repr__": lambda self: "mine",
        "__eq__": lambda self, other: True,
    }
    reference, ours = pair(body)
    assert repr(ours(1)) == repr(reference(1)) == "mine"
    assert ours(1) == ours(2)
    assert hash(ours(1)) == hash(reference(1)) == hash((1,))
    body["__hash__"] = lambda self: 7
    reference, ours = pair(body)
    assert hash(ours(1)) == hash(reference(1)) == 7


def test_with_a_default_factory() -> None:
    @frozen
    class Holder:
        items: list[int] = field(default_factory=list)

    assert Holder() == Holder() and Holder().items is not Holder().items
