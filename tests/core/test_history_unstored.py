"""A message no kept state holds, through the recorder in front of a model
server that never writes the timestamp file: its story names the first
request that sent it (issue 31: a message of request 2 read "first sent at
request 3" once request 3 was recorded, in the window and ``history``)."""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from history_helpers import Step, converse, delete, edit, regenerate, say, sha
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.history import build_history, request_said
from timeline_app.core.words import History, Said


def _kept(step: Step, sent: list[list[dict]]) -> Step:
    """``step``, keeping what it sends in ``sent``."""

    def kept(chat: list[dict], path: Path) -> list[dict] | None:
        messages = step(chat, path)
        if messages is not None:
            sent.append(messages)
        return messages

    return kept


def _turn(kind: str, number: int) -> Step:
    if kind == "edit":
        return edit(1, f"edited {number}", f"after edit {number}")
    if kind == "delete":
        return delete(1, 3, f"after delete {number}")
    if kind == "regenerate":
        return regenerate()
    return say(f"message {number}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["say", "say", "edit", "delete", "regenerate"]), min_size=1, max_size=4))
def test_a_message_in_no_state_names_the_first_request_that_sent_it(turns: list[str]) -> None:
    """Any growing, edited, cut or regenerated conversation: each message of
    the newest request is said first sent at the first request whose messages
    hold it; "handled after the last copy" only when that is the newest."""
    sent: list[list[dict]] = []
    steps = [_kept(say("Where is it?"), sent)] + [_kept(_turn(k, n), sent) for n, k in enumerate(turns)]
    with TemporaryDirectory() as folder:
        recorded, _ = converse(Path(folder), steps, "trip-42", writes=False)
        history = build_history([recorded])
    assert len(history.requests) == len(sent)
    newest = history.requests[-1]
    for position, message in enumerate(sent[-1]):
        if message["role"] == "system":
            continue
        assert history.newest_hashes[position] == sha(message["content"])
        first = next(n for n, messages in enumerate(sent) if message in messages)
        story = history.message_story(position)
        if first == len(sent) - 1:
            assert story.said[0] == Said(History.STORED_NEXT, (request_said(newest),)), message
        else:
            expected = (request_said(history.requests[first]), request_said(newest))
            assert story.said[0] == Said(History.NOT_IN_LAST_COPY, expected), message


def test_the_tryouts_three_growing_requests_say_request_2_in_history(tmp_path: Path, capsys) -> None:
    """The tryout's steps: request 2 adds "It is in Lisbon." and "Nice,
    thanks!", request 3 "And the third?"; ``history --message`` on "Nice,
    thanks!" names request 2 (it printed request 3)."""
    from conftest import run_cli

    def grow(*texts: str) -> Step:
        roles = ["assistant", "user"]
        return lambda chat, _: [
            *chat[:-1],
            *({"role": roles[i % 2], "content": t} for i, t in enumerate(texts)),
        ]

    recorded, _ = converse(
        tmp_path,
        [
            say("Where is the meeting?"),
            grow("It is in Lisbon.", "Nice, thanks!"),
            grow("Sure.", "And the third?"),
        ],
        "trip-42",
        writes=False,
    )
    for message in (3, 2):
        code, out, _ = run_cli(capsys, "history", str(recorded), "--message", str(message))
        assert code == 0
        assert "first sent at request 2 (" in out, out
        assert "request 3 (" in out and "does not hold it" in out, out
        assert "handled after the last copy" not in out, out
