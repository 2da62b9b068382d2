"""``@frozen`` records behave as the frozen dataclasses they replace."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from functools import cached_property

import pytest

from timeline_app.core.records import FrozenError, field_names, frozen, replace


@frozen
class Point:
    """A record with a default, a cached property and a check."""

    x: int
    label: str = "p"
    tags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("x >= 0")

    @cached_property
    def double(self) -> int:
        return self.x * 2


@dataclasses.dataclass(frozen=True)
class PointDC:
    x: int
    label: str = "p"
    tags: tuple[str, ...] = ()


@frozen(slots=True)
class Slotted:
    code: str
    args: tuple[object, ...] = ()


@frozen
class Empty:
    pass


def test_a_record_compares_hashes_and_prints_as_the_dataclass() -> None:
    for args, kwargs in (((1,), {}), ((2, "q"), {}), ((3,), {"tags": ("a",)}), ((), {"x": 4, "label": "r"})):
        ours, theirs = Point(*args, **kwargs), PointDC(*args, **kwargs)
        assert repr(ours) == repr(theirs).replace("PointDC", "Point")
        assert ours == Point(*args, **kwargs) and hash(ours) == hash(Point(*args, **kwargs))
        assert hash(ours) == hash(theirs)  # both hash the tuple of fields
        assert ours != theirs and ours != Point(99)
        assert (ours.__eq__(theirs), ours.__eq__((ours.x, ours.label, ours.tags))) == (NotImplemented,) * 2
    assert Point.__match_args__ == PointDC.__match_args__ == ("x", "label", "tags")
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())


def test_a_record_is_frozen_and_checked() -> None:
    point = Point(1)
    with pytest.raises(FrozenError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.label  # type: ignore[misc]
    with pytest.raises(ValueError, match="x >= 0"):
        Point(-1)
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, nope=2)  # type: ignore[call-arg]
    assert point.double == 2 and point.double == 2  # cached beside the frozen fields
    with pytest.raises(FrozenError):
        Slotted("a").code = "b"  # type: ignore[misc]


def test_declarations_dataclasses_refuses_are_refused() -> None:
    with pytest.raises(TypeError):

        @frozen
        class Order:
            a: int = 1
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError):

        @frozen
        class Mutable:
            a: list[int] = []  # noqa: RUF012  # type: ignore[misc]

    with pytest.raises(TypeError):

        @frozen
        class Own:
            a: int

            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = None  # type: ignore[assignment]


def test_replace_fields_copy_and_pickle_work_on_records() -> None:
    point = Point(1, tags=("a",))
    assert replace(point, label="q") == Point(1, "q", ("a",)) == dataclasses.replace(point, label="q")
    with pytest.raises(ValueError):
        replace(point, x=-1)  # __post_init__ runs again
    with pytest.raises(TypeError):
        replace(point, nope=1)
    assert field_names(point) == field_names(Point) == ("x", "label", "tags")
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "label", "tags"]
    assert dataclasses.fields(Point)[1].default == "p" and dataclasses.is_dataclass(point)
    assert dataclasses.asdict(point) == {"x": 1, "label": "p", "tags": ("a",)}
    slotted = Slotted("c", (1,))
    assert not hasattr(slotted, "__dict__") and Slotted.__slots__ == ("code", "args")
    assert replace(slotted, args=()) == Slotted("c")
    for record in (point, slotted):
        assert copy.copy(record) == record == copy.deepcopy(record)
        assert pickle.loads(pickle.dumps(record)) == record
