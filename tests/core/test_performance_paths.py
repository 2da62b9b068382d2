"""The fast paths give the bytes the slow ones gave: orjson output, columns, lazy imports."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from unittest.mock import patch

from hypothesis import example, given
from hypothesis import strategies as st

from timeline_app.core import jsonin, jsonout
from timeline_app.core.discussion import open_discussion
from timeline_app.core.jsonout import dumps_indented, dumps_indented_bytes
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import TimestampStore
from timeline_app.core.timestrings import WEEKDAYS, format_absolute, parse_absolute, parse_absolute_many
from timeline_app.core.tracking import track
from timeline_app.core.transcripts import Transcript

leaves = st.one_of(
    st.text(),
    st.booleans(),
    st.none(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
)


def _nested(leaves: st.SearchStrategy) -> st.SearchStrategy:
    """Small JSON documents (lists and text-keyed objects) of ``leaves``."""
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)
        ),
        max_leaves=20,
    )


documents = _nested(leaves)


@given(documents, st.booleans(), st.sampled_from([2, 4]))
def test_json_output_is_the_standard_librarys_byte_for_byte(value, ensure_ascii, indent) -> None:
    expected = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    assert dumps_indented(value, indent, ensure_ascii=ensure_ascii) == expected
    if ensure_ascii or expected.encode("utf-8", "surrogatepass") == expected.encode("utf-8", "replace"):
        assert dumps_indented_bytes(value, indent, ensure_ascii=ensure_ascii) == expected.encode("utf-8")
        with_newline = dumps_indented_bytes(value, indent, ensure_ascii=ensure_ascii, newline=True)
        assert with_newline == (expected + "\n").encode("utf-8")


@given(documents, st.booleans(), st.sampled_from([2, 4]))
def test_json_output_of_large_documents_is_the_standard_librarys_too(value, ensure_ascii, indent) -> None:
    # a document above SMALL_NODES is written by orjson where that is exact
    expected = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    with patch.object(jsonout, "SMALL_NODES", 0):
        assert dumps_indented(value, indent, ensure_ascii=ensure_ascii) == expected
        if ensure_ascii or expected.encode("utf-8", "surrogatepass") == expected.encode("utf-8", "replace"):
            assert dumps_indented_bytes(value, indent, ensure_ascii=ensure_ascii) == expected.encode("utf-8")
            with_newline = dumps_indented_bytes(value, indent, ensure_ascii=ensure_ascii, newline=True)
            assert with_newline == (expected + "\n").encode("utf-8")
        if isinstance(value, dict):
            store = TimestampStore(value)
            assert store.file_bytes() == json.dumps(value, indent=4).encode("ascii")


def test_small_documents_are_counted_up_to_the_limit() -> None:
    limit = jsonout.SMALL_NODES
    assert jsonout._small([0] * (limit - 1)) and not jsonout._small([0] * limit)
    assert jsonout._small({"a": [{"b": "c"}] * ((limit - 2) // 2)})
    assert not jsonout._small({"a": [{"b": "c"}] * (limit // 2)})
    assert not jsonout._small([[[0]] * limit])


def _outcome(parse, data: bytes) -> str:
    """What a parser makes of ``data``, exactly: the value's repr (types,
    order, -0.0) or the error's class, message and position."""
    try:
        return "value " + repr(parse(data))
    except json.JSONDecodeError as error:
        return f"error {type(error).__name__} {error.msg} {error.pos} {error.lineno} {error.colno}"


json_values = _nested(
    st.one_of(
        leaves,
        st.text(st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010)),  # surrogates, alone and near
        st.sampled_from([2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1]),  # orjson's int range
    )
)


@given(json_values, st.booleans(), st.sampled_from([None, 1]), st.data())
def test_small_json_is_read_as_orjson_reads_it(value, ensure_ascii, indent, data) -> None:
    import orjson

    text = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    encoded = text.encode("utf-8", "surrogatepass")  # raw surrogates: invalid UTF-8, as orjson sees it
    # and the same document broken: a byte cut out, or one changed
    at = data.draw(st.integers(0, len(encoded)))
    broken = data.draw(
        st.sampled_from([encoded[:at] + encoded[at + 1 :], encoded[:at] + b"}" + encoded[at:]])
    )
    for document in (encoded, broken, b"\xef\xbb\xbf" + encoded, encoded.replace(b"1", b"1e400", 1)):
        expected = _outcome(orjson.loads, document)
        assert _outcome(jsonin.loads, document) == expected
        assert _outcome(jsonin.json_reader(len(document)), document) == expected
        with patch.object(jsonin, "SMALL_BYTES", 0):  # the large-file reader is orjson itself
            assert _outcome(jsonin.loads, document) == expected
        probe = jsonin.loads_or_none(document)
        assert repr(probe) == (expected[6:] if expected.startswith("value ") else "None")


@given(st.binary(max_size=40))
def test_any_bytes_are_read_as_orjson_reads_them(document) -> None:
    import orjson

    assert _outcome(jsonin.loads, document) == _outcome(orjson.loads, document)


def test_json_input_differences_go_to_orjson() -> None:
    import orjson

    for document in (
        b"NaN",
        b"[Infinity]",
        b"-Infinity",
        b"1e400",
        b"[18446744073709551616]",
        b'"\\ud800"',
        b'{"a": "\\udc00\\ud800"}',
        b'"\\ud83d\\ude00"',
        b"\xef\xbb\xbf{}",
        b"[" * 1100 + b"]" * 1100,
        b'{"a":1,"a":2}',
        b"-0",
        b"-0.0",
        b'"\xed\xa0\x80"',
        b"[1,]",
        b"",
    ):
        assert _outcome(jsonin.loads, document) == _outcome(orjson.loads, document), document


def _written_exactly(value) -> bool:
    """``jsonout.writes_exactly`` as a plain recursive walk: text, booleans, null and
    64-bit integers, in lists, tuples and objects."""
    if isinstance(value, dict | list | tuple) and type(value) in (dict, list, tuple):
        return all(map(_written_exactly, value.values() if isinstance(value, dict) else value))
    if type(value) is int:
        return -(2**63) <= value < 2**64
    return type(value) in (str, bool, type(None))


@given(
    st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=5), inner, max_size=4),
        ),
        max_leaves=30,
    )
)
@example({"a": 2**64})
@example({"a": -(2**63) - 1, "b": "x"})
@example({"a": {"b": 1.5}})
@example({"a": ("x", 2**64)})
@example({"a": [True, 2**63]})
def test_the_exactness_walk_agrees_with_a_plain_recursive_one(value) -> None:
    """Levels of objects are walked without listing their values; the
    verdict is the plain walk's on every document, nested messages included."""
    from timeline_app.core.jsonout import writes_exactly

    assert writes_exactly(value) is _written_exactly(value)
    messages = {"messages": [{"role": "user", "content": "x", "extra": value}] * 3}
    assert writes_exactly(messages) is _written_exactly(messages)


def test_json_output_falls_back_where_orjson_differs() -> None:
    for value in ({"a": 1e16}, {"a": float("nan")}, {"a": 2**64}, {"a": "\ud800"}, {1: "x"}, {"\x7f": "é"}):
        for ensure_ascii in (False, True):
            expected = json.dumps(value, ensure_ascii=ensure_ascii, indent=2)
            assert dumps_indented(value, ensure_ascii=ensure_ascii) == expected


@given(st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)))
def test_absolute_strings_format_and_parse_as_before(moment) -> None:
    moment = moment.replace(microsecond=0)
    text = format_absolute(moment)
    year = str(moment.year)  # unpadded, as glibc's strftime prints it
    assert text == (f"({WEEKDAYS[moment.weekday()]}, {year}-{moment:%m-%d %H:%M:%S})")
    assert parse_absolute(text) == (moment if moment.year >= 1000 else None)


@given(
    st.lists(
        st.sampled_from(["a", "b", "{c}", "", "Roland:", "[DiscussionId]x[/DiscussionId]"]), max_size=12
    ),
    st.dictionaries(
        st.sampled_from(["0", "1", "2"]), st.sampled_from(["(Monday, 2025-09-22 10:00:00)", "bad"])
    ),
)
def test_lazy_timeline_rows_equal_their_columns(contents, _unused) -> None:
    messages = [{"role": "user" if i % 2 else "assistant", "content": c} for i, c in enumerate(contents)]
    transcript = Transcript.from_messages(messages)
    request = prepare_request(messages)
    store = TimestampStore({h: "(Monday, 2025-09-22 10:00:00)" for h in request.hashes[::2]})
    from timeline_app.core.timeline import build_timeline

    timeline = build_timeline(transcript, request, store)
    rows = timeline.rows
    assert len(rows) == len(request.hashes)
    for i, row in enumerate(rows):
        assert row is rows[i]  # made once
        assert (row.hash, row.status, row.stored, row.time, row.flags) == (
            timeline.hashes[i],
            timeline.statuses[i],
            timeline.stored[i],
            timeline.times[i],
            timeline.flags[i],
        )
        assert row.content == request.sentinels.restore(request.fields[i]["content"])
    assert list(rows[1:3]) == [rows[i] for i in range(1, min(3, len(rows)))]


def test_tracking_events_are_built_only_when_asked(tmp_path) -> None:
    request = prepare_request([{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}])
    result = track(request, TimestampStore(), datetime(2025, 9, 22, 10))
    assert "events" not in result.__dict__
    assert [e.action.value for e in result.events] == ["assigned", "assigned"]
    assert result.events[1].after == "(Monday, 2025-09-22 10:00:00)"


def test_open_without_eager_builds_nothing_until_asked(tmp_path) -> None:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps([{"role": "user", "content": "hi"}]), "utf-8")
    discussion = open_discussion(path, None, EngineOptions(), datetime(2025, 9, 22), eager=False)
    assert "timeline" not in discussion.__dict__ and "simulation" not in discussion.__dict__
    assert discussion.timeline.count("untracked") == 1


def _modules_loaded(argv: list[str]) -> set[str]:
    code = (
        "import sys, io\n"
        "from timeline_app.entry import main\n"
        "sys.stdout = io.TextIOWrapper(io.BytesIO())\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.__stdout__.write('\\n'.join(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def _heavy(modules: set[str]) -> set[str]:
    roots = {"PySide6", "shiboken6", "cryptography", "dateutil"}
    ours = {"timeline_app.core.repair", "timeline_app.core.transcripts.webui", "timeline_app.gui"}
    return {m for m in modules if m.split(".")[0] in roots or any(m.startswith(o) for o in ours)}


def test_help_and_a_small_preview_load_no_heavy_module(tmp_files) -> None:
    transcript = tmp_files(
        "chat.json", {"messages": [{"role": "user", "content": f"m{i}"} for i in range(10)]}
    )
    ts = tmp_files("timestamps.json", {})
    assert _heavy(_modules_loaded(["--help"])) == set()
    preview = ["preview", str(transcript), "--timestamps", str(ts), "--style", "relative", "--json"]
    assert _heavy(_modules_loaded([*preview, "--now", "2025-09-22 10:00:00"])) == set()
    assert _heavy(_modules_loaded(preview)) == set()  # 'now' from this machine's clock needs no zone database


def test_a_small_preview_imports_no_orjson(tmp_files) -> None:
    # a 10-message command reads and writes its JSON with the standard
    # library: importing orjson alone would cost more than the whole command
    messages = [{"role": "user" if i % 2 else "assistant", "content": f"m{i} \U0001f600"} for i in range(10)]
    transcript = tmp_files("chat.json", {"messages": messages})
    ts = tmp_files("timestamps.json", {"a" * 64: "(Monday, 2025-09-22 09:00:00)"})
    for style in ("relative", "absolute", "cst"):
        preview = ["preview", str(transcript), "--timestamps", str(ts), "--style", style, "--json"]
        loaded = _modules_loaded([*preview, "--now", "2025-09-22 10:00:00"])
        assert "timeline_app.core.preview" in loaded
        assert {"orjson", "dateutil", "cryptography", "PySide6"}.isdisjoint(loaded)
    backfill = [
        "backfill",
        str(transcript),
        "--timestamps",
        str(ts),
        "--output",
        str(ts.with_name("out.json")),
    ]
    assert "orjson" not in _modules_loaded(backfill)


def test_help_describes_the_window_and_every_command(capsys) -> None:
    from timeline_app.arguments import COMMANDS
    from timeline_app.entry import main

    try:
        main(["--help"])
    except SystemExit as stop:
        assert stop.code == 0
    out = capsys.readouterr().out
    assert "--demo" in out and all(name in out for name in COMMANDS)


def test_store_tells_tokens_apart_as_crypto_does() -> None:
    """The store's own copy of the token's first bytes (it reads plain files
    without loading crypto) is crypto's, and both decide alike."""
    from timeline_app.core import crypto, store

    assert store.TOKEN_START == crypto.FERNET_PREFIX
    for data in (b"{}", b"  \n gAAAAAbc", b" " * 5000 + b"gAAAAA", b"gAA", b"", b"\n\n{\n}"):
        assert store._encrypted(data) is crypto.looks_encrypted(data)


stored_values = st.one_of(
    st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31)).map(
        lambda m: format_absolute(m.replace(microsecond=0))
    ),
    st.sampled_from(
        ["(Monday, 2025-02-30 10:00:00)", "(monday,  2025-9-1 1:2:3)", "(Friday, 2025-09-19 24:00:00)", ""]
    ),
    st.text(max_size=12),
    st.none(),
    st.integers(),
)


@given(st.lists(stored_values, max_size=8))
def test_batch_parse_answers_as_parse_absolute_does(values) -> None:
    assert parse_absolute_many(values) == [parse_absolute(v) for v in values]


def _elapsed_written_out(then: datetime, now: datetime) -> str:
    delta = now - then
    if delta.days < 0:
        return "less than a minute"
    hours, rest = divmod(delta.seconds, 3600)
    counts = ((delta.days, "day"), (hours, "hour"), (rest // 60, "minute"))
    parts = [f"{n} {unit}" if n == 1 else f"{n} {unit}s" for n, unit in counts if n]
    return ", ".join(parts) or "less than a minute"


@given(
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 1, 1)),
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 1, 1)),
)
def test_elapsed_text_from_its_cached_parts_reads_as_written_out(then, now) -> None:
    from timeline_app.core.timestrings import describe_elapsed

    assert describe_elapsed(then, now) == _elapsed_written_out(then, now)


@given(st.integers(-(10**7), 10**7))
def test_sent_text_from_its_cached_parts_reads_as_written_out(minutes) -> None:
    from datetime import timedelta

    from timeline_app.core.timestrings import sent_text

    now = datetime(2026, 1, 1)
    then = now - timedelta(minutes=minutes)
    assert sent_text(minutes) == f"[Sent {_elapsed_written_out(then, now)} ago]"


@given(
    st.datetimes(
        min_value=datetime(1, 1, 1),
        max_value=datetime(9999, 12, 31),
        timezones=st.one_of(st.none(), st.timezones()),
    )
)
def test_absolute_text_from_cached_parts_drops_fractions_and_zones(moment) -> None:
    expected = (
        f"({WEEKDAYS[moment.weekday()]}, {moment.year}-{moment.month:02d}-{moment.day:02d} "
        f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d})"
    )
    assert format_absolute(moment) == format_absolute(moment) == expected  # made, then from the cache


class _Text(str):
    """A text subclass: written as text by both encoders, yet not a plain ``str``."""


_roles = st.sampled_from(["user", "assistant", "system", _Text("user")])
_contents = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["{braces}", "[DiscussionId]x[/DiscussionId] hi", "  ", "", "Roland:", _Text("sub")]),
)
_plain = st.fixed_dictionaries({"role": _roles, "content": _contents})
_odd = st.one_of(
    st.fixed_dictionaries({"role": _roles, "content": _contents, "extra": documents}),
    st.fixed_dictionaries({"role": _roles, "content": st.none()}),
    st.fixed_dictionaries(
        {
            "role": _roles,
            "content": st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": st.text()})),
        }
    ),
    st.fixed_dictionaries({"role": _roles, "content": _contents, "images": st.lists(st.text(max_size=3))}),
)


@given(
    st.lists(st.one_of(_plain, _plain, _odd), min_size=1, max_size=12),
    st.sampled_from(["absolute", "relative"]),
)
def test_a_preview_known_exact_by_its_rows_is_the_standard_librarys_json(messages, style) -> None:
    """The preview's JSON checks only the rows the pipeline did not see as a
    plain text role and text content; its bytes are still ``json.dumps``'s."""
    from timeline_app.core.context import Style
    from timeline_app.core.errors import InputError
    from timeline_app.core.preview import build_preview

    try:
        request = prepare_request(messages)
    except InputError:  # a shape the middleware refuses too
        return
    plain = [
        type(f) is dict and f.keys() == {"role", "content"} and type(f["role"]) is type(f["content"]) is str
        for f in request.fields
    ]
    assert request.other_rows is not None
    assert all(plain[row] for row in range(len(plain)) if row not in request.other_rows)
    now = datetime(2025, 9, 22, 10, 0, 0)
    stored = TimestampStore({request.hashes[0]: "(Monday, 2025-09-15 08:00:00)"} if request.hashes else {})
    preview = build_preview(
        Transcript.from_messages(messages, "t", "t"), stored, Style(style), now, request=request
    )
    expected = json.dumps(preview.as_json_object(), ensure_ascii=False, indent=2) + "\n"
    with patch.object(jsonout, "SMALL_NODES", 0):
        assert preview.json_text() == expected
        if expected.encode("utf-8", "surrogatepass") == expected.encode("utf-8", "replace"):
            assert preview.json_bytes() == expected.encode("utf-8")


def test_plain_messages_are_not_other_rows() -> None:
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
    odd = [{"role": "user", "content": "{x}"}, {"role": "user", "content": "a", "name": 1.5}]
    assert prepare_request(messages).other_rows == ()
    assert prepare_request(messages + odd).other_rows == (2, 3)
    earlier = prepare_request(messages + odd)
    grown = prepare_request([*messages, *odd, {"role": "user", "content": "new"}], reuse=(earlier, 4))
    assert grown.other_rows == (2, 3)
    # the rows a re-open adds count from the request's first row, not from the new ones'
    odd_again = [{"role": "user", "content": "new"}, {"role": "user", "content": "{y}"}]
    grown = prepare_request([*messages, *odd, *odd_again], reuse=(earlier, 4))
    assert grown.other_rows == prepare_request([*messages, *odd, *odd_again]).other_rows == (2, 3, 5)


@given(st.datetimes(), st.datetimes())
def test_the_relative_style_counts_the_minutes_timedelta_division_counts(moment, now) -> None:
    """``render_wilmer`` keys its texts by whole minutes from days and seconds;
    that is ``(now - moment) // timedelta(minutes=1)``, the future included."""
    from datetime import timedelta

    from timeline_app.core.context import Style, render_wilmer
    from timeline_app.core.timestrings import relative_text

    elapsed = now - moment
    assert elapsed.days * 1440 + elapsed.seconds // 60 == elapsed // timedelta(minutes=1)
    request = prepare_request([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}])
    store = TimestampStore({h: format_absolute(moment) for h in request.hashes})
    rendered = render_wilmer(request, store, Style.RELATIVE, now)
    parsed = parse_absolute(format_absolute(moment))
    expected = "" if parsed is None else f"{relative_text(parsed, now)} "  # unparseable: left as it is
    assert [m["content"] for m in rendered] == [f"{expected}a", f"{expected}b"]


@given(
    st.lists(st.one_of(_plain, _plain, _odd), max_size=12),
    st.sampled_from(["absolute", "relative", "cst"]),
    st.integers(1, 5),
    st.sampled_from([None, "(Monday, 2025-09-15 08:00:00)", "garbage", 7]),
    st.booleans(),
)
def test_a_preview_written_in_parts_is_the_preview_written_whole(
    messages, style, chunk, value, small
) -> None:
    """``preview --json`` writes its document a chunk of messages at a time:
    the bytes are ``json_bytes``'s for any chunk size, any store and style,
    and what makes the whole fail (a stored value that is not text) fails
    before the first part."""
    from timeline_app.core.context import Style
    from timeline_app.core.errors import InputError
    from timeline_app.core.preview import build_preview, preview_json_parts

    try:
        request = prepare_request(messages)
    except InputError:
        return
    now = datetime(2025, 9, 22, 10, 0, 0)
    stored = TimestampStore({request.hashes[0]: value} if request.hashes and value is not None else {})
    transcript = Transcript.from_messages(messages, "t", "t")
    with patch.object(jsonout, "SMALL_NODES", 2_000 if small else 0):
        try:
            whole = build_preview(transcript, stored, Style(style), now, request=request).json_bytes()
        except (InputError, UnicodeEncodeError) as error:
            parts = preview_json_parts(transcript, stored, Style(style), now, request=request, chunk=chunk)
            if isinstance(error, InputError):
                try:
                    first = next(parts)
                except InputError:
                    return
                raise AssertionError(f"wrote {bytes(first)!r} before failing") from error
            try:
                b"".join(parts)
            except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for it either way
                return
            raise AssertionError("the parts were written where the whole was not") from None
        parts = preview_json_parts(transcript, stored, Style(style), now, request=request, chunk=chunk)
        assert b"".join(parts) == whole
