"""A preview built on demand (the window's, issue 33) is the preview built
whole: the same messages however they are read, the same bytes however they
are written, the same failures at the same time; it never renders all its
messages at once."""

from __future__ import annotations

from datetime import datetime
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core import preview as preview_module
from timeline_app.core.context import Style
from timeline_app.core.errors import InputError
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.preview import RenderedMessages, build_preview
from timeline_app.core.store import TimestampStore
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.transcripts import Transcript

NOW = datetime(2025, 9, 22, 10, 0, 0)
_messages = st.lists(
    st.fixed_dictionaries(
        {
            "role": st.sampled_from(["user", "assistant", "system"]),
            "content": st.one_of(
                st.text(max_size=8),
                st.sampled_from(["{braces}", "[DiscussionId]x[/DiscussionId] hi", "é😀", ""]),
                st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": st.text(max_size=4)})),
            ),
        }
    ),
    max_size=14,
)


def _inputs(messages: list[dict[str, object]], stamped: int, value: object | None) -> tuple:
    request = prepare_request(messages)
    moment = datetime(2025, 9, 21, 8, 30, 0)
    entries: dict[str, object] = {h: format_absolute(moment) for h in request.hashes[:stamped]}
    if value is not None and request.hashes:
        entries[request.hashes[-1]] = value
    return Transcript.from_messages(messages, "t", "t"), TimestampStore(entries), request


@given(
    _messages,
    st.sampled_from([Style.ABSOLUTE, Style.RELATIVE, Style.CST]),
    st.integers(1, 4),
    st.integers(0, 14),
    st.sampled_from([None, "garbage", 7]),
    st.integers(-16, 16),
)
def test_a_preview_built_on_demand_reads_and_writes_as_the_whole_one(
    messages, style, chunk, stamped, value, probe
) -> None:
    try:
        transcript, store, request = _inputs(messages, stamped, value)
    except InputError:
        return
    try:
        whole = build_preview(transcript, store, style, NOW, request=request)
    except InputError:
        with patch.object(preview_module, "JSON_CHUNK", chunk), pytest.raises(InputError):
            build_preview(transcript, store, style, NOW, request=request, on_demand=True)
        return
    with patch.object(preview_module, "JSON_CHUNK", chunk):
        lazy = build_preview(transcript, store, style, NOW, request=request, on_demand=True)
        assert lazy.messages == whole.messages and list(lazy.messages) == whole.messages
        assert len(lazy.messages) == len(whole.messages)
        if whole.messages and -len(whole.messages) <= probe < len(whole.messages):
            assert lazy.messages[probe] == whole.messages[probe]
        assert lazy.messages[probe:] == whole.messages[probe:]
        assert lazy.messages[1::2] == whole.messages[1::2]
        assert [lazy.injected_prefix(i) for i in range(len(lazy.messages))] == [
            whole.injected_prefix(i) for i in range(len(whole.messages))
        ]
        try:
            expected = whole.json_bytes()
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for it either way
            return
        assert b"".join(lazy.json_parts()) == expected
        assert lazy.json_bytes() == expected
        assert lazy.json_text() == whole.json_text()
        assert lazy.as_json_object() == whole.as_json_object()


def test_a_long_preview_built_on_demand_renders_a_chunk_at_a_time() -> None:
    """The window's 100k preview held every rendered message (~100 MB of
    Python objects, the peak of opening it); on demand, building it renders
    none, and reading or writing it renders one chunk at a time."""
    messages = [{"role": ("user", "assistant")[n % 2], "content": f"message {n}"} for n in range(23)]
    transcript, store, request = _inputs(messages, 10, None)
    rendered: list[int] = []
    real = preview_module.render_wilmer

    def counted(*args, **kwargs):
        out = real(*args, **kwargs)
        rendered.append(len(out))
        return out

    with (
        patch.object(preview_module, "JSON_CHUNK", 5),
        patch.object(preview_module, "render_wilmer", counted),
    ):
        for style in (Style.ABSOLUTE, Style.RELATIVE):
            rendered.clear()
            preview = build_preview(transcript, store, style, NOW, request=request, on_demand=True)
            assert isinstance(preview.messages, RenderedMessages) and rendered == []
            assert [m["content"] for m in preview.messages][-1].endswith(" message 22")  # stamped now
            assert preview.messages[21]["content"].endswith(" message 21")
            b"".join(preview.json_parts())
            assert rendered and max(rendered) <= 5, rendered
            assert "_bytes" not in preview.__dict__, "written in parts, not kept"
