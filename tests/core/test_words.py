"""The engine's sentences write every count grouped ("50,496"), as the window
does (issues 29/31): the command line said "50496 tracked, 1500 orphans"
beside the window's "50,496 tracked". One place writes a count
(``words.number``); a template marks its counts (``{0:,}``,
``{0:#one|many}``) and every one of them is checked here."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import counted_codes, counting_args, without_count_specs
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.words import Code, Count, Said, counted, number, with_counts

COUNTED = counted_codes()


def test_the_engine_has_counted_sentences() -> None:
    assert len(COUNTED) >= 25


@pytest.mark.parametrize("code", COUNTED, ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_each_count_of_the_command_lines_sentences_is_grouped(code: Code) -> None:
    said = str(Said(code, counting_args(code.value, 50496)))
    assert "50,496" in said and "50496" not in said, said
    # a translation words the count its own way, a plain {0}: grouped as the window fills it
    translated = without_count_specs(code.value).format(
        *with_counts(code.value, counting_args(code.value, 50496))
    )
    assert "50,496" in translated and "50496" not in translated, translated


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_a_count_is_written_as_the_window_writes_it(value: int) -> None:
    assert number(value) == f"{value:,}" == format(Count(value), "") == str(Count(value).__format__(""))
    assert counted(value, "message", "messages").startswith(f"{value:,} ")


def test_positions_are_not_counts() -> None:
    """A line, a message number, a byte offset stays as an editor's Go to
    line takes it: only the fields a template marks as counts are grouped."""
    from timeline_app.core.words import Consequence, Problem

    assert str(Said(Problem.JSON_WHERE, (12345, 7, "boom"))) == "line 12345, column 7: boom"
    assert str(
        Said(Consequence.INVENTED_RUN, (1001, 51496, 50496, datetime(2025, 1, 1), datetime(2025, 1, 1)))
    ).startswith("#1001–#51496: 50,496 messages get invented times")
    assert number(True) == "True" and number("12345") == "12345"
