"""core/transcripts/sendview.py: a send view's description names each of its
choices that differs from SillyTavern's defaults, and nothing else (the
options line and the best-match note show it to the user)."""

from __future__ import annotations

import itertools

import pytest

from timeline_app.core.transcripts.sendview import NamesBehavior, SendView

CHOICES = list(itertools.product(NamesBehavior, [False, True], [False, True], [False, True]))


@pytest.mark.parametrize(("names", "quotes", "strip_cr", "merge"), CHOICES)
def test_the_description_names_each_choice_off_its_default(
    names: NamesBehavior, quotes: bool, strip_cr: bool, merge: bool
) -> None:
    view = SendView(names=names, wrap_quotes=quotes, strip_cr=strip_cr, merge_consecutive=merge)
    parts = view.describe().split(", ")
    assert parts[0] == f"names: {names.value}"
    assert ("user text in quotes" in parts) is quotes
    assert ("\\r kept" in parts) is (not strip_cr)
    assert ("same-role messages merged" in parts) is merge
    assert len(parts) == 1 + quotes + (not strip_cr) + merge


def test_the_default_view_is_sillytaverns_default_and_says_only_its_names() -> None:
    assert SendView() == SendView(
        NamesBehavior.DEFAULT, wrap_quotes=False, strip_cr=True, merge_consecutive=False
    )
    assert SendView().describe() == "names: default"
    assert {view.value for view in NamesBehavior} == {"none", "default", "content", "completion"}
