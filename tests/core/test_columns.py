"""core/columns.py: ``positions_of`` finds what a loop over the column finds,
in order, before ``stop``; equal but not identical values too."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.columns import positions_of

VALUES = st.one_of(st.integers(-2, 2), st.sampled_from(["a", "b"]), st.none(), st.just(1.0))


@given(st.lists(VALUES, max_size=30), VALUES, st.one_of(st.none(), st.integers(0, 35)), st.booleans())
def test_positions_are_what_a_loop_finds(
    column: list, value: object, stop: int | None, as_tuple: bool
) -> None:
    end = len(column) if stop is None else min(stop, len(column))
    expected = [at for at in range(end) if column[at] is value or column[at] == value]
    assert list(positions_of(tuple(column) if as_tuple else column, value, stop)) == expected


def test_an_equal_value_counts_and_the_search_resumes_after_each_hit() -> None:
    assert list(positions_of([1, 1.0, True, 2, 1], 1)) == [0, 1, 2, 4]
    assert list(positions_of([1, 1, 1], 1, stop=2)) == [0, 1]
    assert list(positions_of([], "a")) == []
