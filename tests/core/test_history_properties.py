"""Generated series of timestamp files through the history engine: replaying
the changes it reports rebuilds every state, each key's story ends where the
newest state leaves it, and any bytes as a state give a result or one
``InputError`` naming the file. Bounded here; ``make fuzz-history`` runs long."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from tempfile import TemporaryDirectory

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from timeline_app.core.errors import InputError
from timeline_app.core.history import KnownRead, build_history
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, loads_store

EXAMPLES = int(os.environ.get("HISTORY_FUZZ_EXAMPLES", "60"))
KEYS = st.sampled_from([c * 64 for c in "abcdef"] + [PLACEHOLDER_KEY])
VALUES = st.one_of(
    st.sampled_from(["2026-01-01 10:00:00", "(Thursday, 2026-01-01 10:00:01)", ""]),
    st.none(),
    st.integers(-3, 3),
    st.lists(st.integers(0, 2), max_size=2),  # not hashable: the slow comparison
)
STATES = st.lists(st.dictionaries(KEYS, VALUES, max_size=7), min_size=1, max_size=6)


def _files(folder: Path, states: list[dict], as_middleware: bool) -> list[Path]:
    """The states as files: as the middleware writes them (one entry per line,
    which the engine parses only from the first differing line on) or compact."""
    paths = []
    for index, entries in enumerate(states):
        path = folder / f"state-{index}.json"
        if as_middleware:
            path.write_bytes(TimestampStore(entries).file_bytes())
        else:
            path.write_text(json.dumps(entries))
        paths.append(path)
    return paths


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(STATES, st.booleans())
def test_replaying_the_changes_rebuilds_every_state(states: list[dict], as_middleware: bool) -> None:
    with TemporaryDirectory() as folder:
        history = build_history(_files(Path(folder), states, as_middleware))
    assert len(history.states) == len(states) and len(history.changes) == len(states) - 1
    current = dict(states[0])
    for change, expected in zip(history.changes, states[1:], strict=True):
        for key, _ in change.removed:
            del current[key]
        for key, before, after in change.changed:
            assert current[key] == before
            current[key] = after
        for key, value in change.added:
            assert key not in current
            current[key] = value
        assert current == expected
        assert set(change.unexplained) == {k for k, _ in change.added} | {k for k, _, _ in change.changed} | {
            k for k, _ in change.removed
        }  # no recording: no request explains anything
    for key in {k for s in states for k in s}:
        story = history.story(key)
        assert story.in_newest == (key in states[-1])
        if key in states[-1]:
            assert story.now == states[-1][key]


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=60), min_size=1, max_size=3))
def test_any_bytes_as_a_state_give_a_history_or_one_named_error(contents: list[bytes]) -> None:
    with TemporaryDirectory() as folder:
        paths = []
        for index, data in enumerate(contents):
            path = Path(folder) / f"s{index}.json"
            path.write_bytes(data)
            paths.append(path)
        try:
            history = build_history(paths)
        except InputError as error:
            assert error.source in {str(p) for p in paths}
        else:
            assert len(history.states) == len(paths)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    states=st.lists(st.dictionaries(KEYS, VALUES, max_size=5), min_size=2, max_size=5),
    after_save=st.lists(st.integers(-5, 30), min_size=4, max_size=4),
)
def test_a_change_after_a_backup_is_the_saves_unless_the_file_was_written_again(
    states: list[dict], after_save: list[int]
) -> None:
    """Backups of ours, each written ``after_save[i]`` seconds after the save
    that set the one before aside: the change to it is that save's (nothing
    unexplained) when it was written within ``SAVE_SLACK``, else a gap whose
    changes no one is credited with (uncertain: the save's or a later
    write's, never counted as by hand); and each state is dated by its writing."""
    from datetime import datetime, timedelta

    from timeline_app.core.history import SAVE_SLACK

    with TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        stamps = [datetime(2026, 1, 1, 10) + timedelta(hours=i) for i in range(len(states))]
        written = [stamps[0] - timedelta(minutes=30)]
        for index in range(1, len(states)):
            written.append(stamps[index - 1] + timedelta(seconds=after_save[index - 1]))
        for index, entries in enumerate(states):
            last = index == len(states) - 1
            name = path if last else path.with_name(f"{path.name}.bak-{stamps[index]:%Y%m%d-%H%M%S}")
            name.write_bytes(TimestampStore(entries).file_bytes())
            moment = written[index].timestamp()
            os.utime(name, (moment, moment))
        history = build_history([path])
    assert [s.when for s in history.states] == [w.astimezone() for w in written]
    for index, change in enumerate(history.changes):
        saved = stamps[index].astimezone()
        assert change.saved == saved
        assert change.rewritten == (written[index + 1].astimezone() > saved + SAVE_SLACK)
        differs = {k for k, *_ in change.added + change.changed + change.removed if k != PLACEHOLDER_KEY}
        # a file the middleware made anew (``made_anew``): its backfill and the deletion's removals
        remade = set(change.remade_keys) | {k for k, _ in change.removed} if change.remade else set()
        if change.rewritten:
            assert differs <= set(change.uncertain) | remade
        else:
            assert change.uncertain == ()
        assert change.unexplained == ()  # a save of ours is between each two: nothing known by hand


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    count=st.integers(2, 9),
    cut=st.tuples(st.integers(0, 9), st.integers(1, 3)),
    edited=st.one_of(st.none(), st.integers(0, 9)),
    added=st.booleans(),
)
def test_a_deleted_run_of_messages_is_no_longer_sent_and_nothing_known_replaces_it(
    count: int, cut: tuple[int, int], edited: int | None, added: bool
) -> None:
    """Tryout class: deleting messages shifts every later one; aligned by
    position, the next stored message read as the deleted one's edit. Any
    deletion (with an edit of another message, and a new message after):
    each deleted text is no longer sent, replaced by nothing, and the only
    replacement named is the edited text's new one."""
    from timeline_app.core.history import _orphaned_at
    from timeline_app.core.pipeline import prepare_request
    from timeline_app.core.words import History, Said

    roles = ["user", "assistant"]
    texts = [f"message {i}" for i in range(count)]
    start = cut[0] % count
    stop = min(count, start + cut[1])
    # a run deleted at the end and a new message sent in its place reads as an
    # edit of the first of it: the requests cannot tell the two apart
    assume(not (added and stop == count))
    kept = texts[:start] + texts[stop:]
    new = list(kept)
    edit_at = None if edited is None or not kept else edited % len(kept)
    if edit_at is not None:
        new[edit_at] += " (edited)"
    if added:
        new.append("a new one")

    def prepared(contents: list[str], indexes: list[int]):
        pairs = zip(contents, indexes, strict=True)
        return prepare_request([{"role": roles[i % 2], "content": c} for c, i in pairs])

    old_indexes = list(range(count))
    new_indexes = [i for i in old_indexes if not start <= i < stop]
    before = prepared(texts, old_indexes)
    after = prepared(new, new_indexes + ([new_indexes[-1] + 1 if new_indexes else 0] if added else []))
    left = frozenset(before.hashes) - frozenset(after.hashes)
    known = set(before.hashes)
    found = {d: (j, cause) for d, _, j, cause in _orphaned_at(before, after, left, known.__contains__)}
    assert set(found) == left
    for i in range(start, stop):
        assert found[before.hashes[i]] == (None, Said(History.CAUSE_GONE))
    for digest, (j, _) in found.items():
        if j is not None:
            assert after.hashes[j] not in known
            assert edit_at is not None and j == edit_at and digest == before.hashes[new_indexes[edit_at]]


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    before=st.dictionaries(
        KEYS.filter(lambda k: k != PLACEHOLDER_KEY), st.sampled_from(["1", "2"]), max_size=4
    ),
    after=st.dictionaries(
        KEYS.filter(lambda k: k != PLACEHOLDER_KEY), st.sampled_from(["1", "3"]), max_size=4
    ),
    written=st.integers(0, 3600),
    other_at=st.integers(1, 3600),
    late=st.integers(0, 5),
)
def test_a_save_over_another_discussions_file_never_rules_out_a_hand_edit(
    before: dict, after: dict, written: int, other_at: int, late: int
) -> None:
    """A backup set aside by a save, another discussion's file set aside by
    a later save, and the file as written then (``late`` seconds after it):
    whatever changed across is never told as a save's alone (no
    "saved by"), and never counted as by hand either: the window's entries,
    written over the other's file, may hold a hand edit it read again, which
    no backup kept (tryout: a hand deletion told as a save's)."""
    from datetime import datetime, timedelta

    from timeline_app.core.words import History

    with TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        saved = datetime(2026, 1, 1, 10)
        other = saved + timedelta(seconds=other_at)
        files = (
            (
                path.with_name(f"{path.name}.bak-{saved:%Y%m%d-%H%M%S}"),
                before,
                saved - timedelta(seconds=written),
            ),
            (path.with_name(f"{path.name}.other-{other:%Y%m%d-%H%M%S}"), {"f" * 64: "9"}, other),
            (path, after, other + timedelta(seconds=late)),
        )
        for name, entries, moment in files:
            name.write_bytes(TimestampStore(entries).file_bytes())
            os.utime(name, (moment.timestamp(), moment.timestamp()))
        history = build_history([path])
    (change,) = history.changes
    differs = {k for k, *_ in change.added + change.changed + change.removed}
    assert change.unexplained == () and differs <= set(change.uncertain)
    ours = {History.SAVED_STORED, History.SAVED_CHANGED, History.SAVED_REMOVED}
    for key in differs:
        assert not any(s.code in ours for s in history.story(key).said), key


@settings(max_examples=min(EXAMPLES, 25), deadline=None)
@given(
    turns=st.lists(st.sampled_from(["say", "regenerate", "edit", "delete", "drop"]), min_size=2, max_size=6),
    store_reply=st.booleans(),
)
def test_every_stored_hash_tells_what_the_conversation_did_to_it(turns: list[str], store_reply: bool) -> None:
    """Any conversation of new messages, regenerations, edits, deletions of an
    earlier message and of the newest reply, through the recorder and a fake
    middleware: the story of every stored hash gives the verdict the
    conversation knows, and the command line's JSON the same one. Sent in the
    newest request: no orphan. Sent, then no longer: orphaned by the edit (at
    its first differing character, counted from 1) or the deletion. A reply
    never sent back: pending when it answered the newest request (tryout: called
    an orphan), regenerated when the next request sent the same messages again
    (tryout: "regenerated or deleted", and the new reply not linked to it), else
    never sent back. Each replacing text names what it replaced."""
    from history_helpers import converse, sha

    from timeline_app.cli.history import _orphaned_json
    from timeline_app.core.history import request_said
    from timeline_app.core.words import History, Said

    kinds: list[str] = ["say"]
    sent: list[list[str]] = []
    edited: dict[str, str] = {}  # the new text by the old

    def step(kind: str, n: int):
        def run(chat: list[dict], _: Path) -> list[dict]:
            if kind == "regenerate":
                out = chat[:-1]
            elif kind == "edit":
                out = [dict(m) for m in chat]
                edited[out[1]["content"]] = out[1]["content"] = f"hello {n}"
                out.append({"role": "user", "content": f"after edit {n}"})
            elif kind == "delete":
                out = [*chat[:2], *chat[3:], {"role": "user", "content": f"after delete {n}"}]
            elif kind == "drop":  # the newest reply deleted before it was sent back
                out = [*chat[:-1], {"role": "user", "content": f"after drop {n}"}]
            else:
                out = [*chat, {"role": "user", "content": f"message {n}"}]
            sent.append([m["content"] for m in out if m["role"] != "system"])
            return out

        return run

    steps = [step("say", 0)]
    length = 3  # the conversation as the next step gets it: system, "message 0", its reply
    for n, turn in enumerate(turns, start=1):
        # deleting the message after the first needs one after it in the request before
        # (else the new message reads as its edit: the requests cannot tell them apart)
        kind = "say" if turn == "delete" and length < 5 else turn
        kinds.append(kind)
        steps.append(step(kind, n))
        length += {"regenerate": 0, "edit": 2, "delete": 1, "drop": 1, "say": 2}[kind]
    with TemporaryDirectory() as folder:
        recording, middleware = converse(Path(folder), steps, store_reply=store_reply)
        # the file as the middleware left it after the last reply, after the recording's copies
        history = build_history([recording, Path(folder) / "DiscussionIds" / "talk" / "timestamps.json"])
    replies, last = middleware.replies, len(sent) - 1
    texts = {sha(t): t for t in [*replies, *(t for s in sent for t in s)]}
    verdicts = {
        History.ORPHANED,
        History.NEVER_SENT_BACK,
        History.REGENERATED,
        History.PENDING,
        History.NOT_SENT,
    }
    for digest in history.events:
        if digest == PLACEHOLDER_KEY:
            continue
        text = texts[digest]
        story = history.story(digest)
        found = [s for s in story.said if s.code in verdicts]
        orphaned = _orphaned_json(story)
        senders = [k for k, s in enumerate(sent) if text in s]
        if text in sent[last]:
            assert found == [] and orphaned is None, (text, story.said)
        elif senders:
            k = senders[-1]
            assert [s.code for s in found] == [History.ORPHANED] and orphaned["kind"] == "stopped", story.said
            cause = found[0].args[2]
            if kinds[k + 1] == "edit":
                new = edited[text]
                same = next(
                    (i for i, (a, b) in enumerate(zip(text, new, strict=False)) if a != b),
                    min(len(text), len(new)),
                )
                assert cause == Said(History.CAUSE_EDITED, (same + 1,)), text  # counted from 1
            else:
                assert kinds[k + 1] == "delete" and cause == Said(History.CAUSE_GONE), (text, kinds)
        else:
            k = replies.index(text)
            reply_to = request_said(history.requests[k])
            if k == last:
                assert found == [Said(History.PENDING, (reply_to,))] and orphaned is None
                assert story.unsent is not None and story.unsent.pending
            elif kinds[k + 1] == "regenerate":
                again = request_said(history.requests[k + 1])
                assert found == [Said(History.REGENERATED, (reply_to, again))], story.said
                assert orphaned == {**orphaned, "kind": "regenerated", "replaced_by": sha(replies[k + 1])}
            else:
                assert found == [Said(History.NEVER_SENT_BACK, (reply_to,))], story.said
                assert orphaned["kind"] == "never_sent_back"
        # what this text took the place of: an edit's old text (said while it is sent),
        # a regeneration's old reply
        if text in edited.values() and text in sent[last]:
            old = next(o for o, n in edited.items() if n == text)
            assert [s.args[0] for s in story.said if s.code is History.REPLACED] == [sha(old)[:12]]
        if text in replies and (k := replies.index(text)) > 0 and kinds[k] == "regenerate":
            named = [s.args[0] for s in story.said if s.code is History.REGENERATED_FROM]
            assert named == [sha(replies[k - 1])[:12]], story.said


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(STATES, st.booleans(), st.data())
def test_a_history_read_again_from_what_is_known_equals_one_read_anew(
    states: list[dict], as_middleware: bool, data: st.DataObject
) -> None:
    """A window reads the history again after every append, giving the file
    as its discussion read it (``known``, maybe of bytes the file no longer
    holds) and the history read before (``earlier``, of the file before the
    append, a rewrite or another series): the result is the one a fresh
    read gives, key order included; only the objects holding it differ."""
    before = data.draw(st.lists(st.dictionaries(KEYS, VALUES, max_size=7), min_size=1, max_size=3))
    with TemporaryDirectory() as folder:
        paths = _files(Path(folder), states, as_middleware)
        anew = build_history(paths)
        (Path(folder) / "earlier").mkdir()
        earlier_paths = _files(Path(folder) / "earlier", before, as_middleware)
        earlier = build_history(earlier_paths)
        read = data.draw(st.sampled_from(paths + earlier_paths))  # the live file's bytes, or stale ones
        raw = read.read_bytes()
        known = KnownRead(paths[-1], hashlib.sha256(raw).hexdigest(), loads_store(raw, read))
        again = build_history(paths, known=known, earlier=data.draw(st.sampled_from([earlier, anew, None])))
    assert again == anew
    assert list(again.events) == list(anew.events)
    assert [type(e.after) for k in again.events for e in again.events[k]] == [
        type(e.after) for k in anew.events for e in anew.events[k]
    ]


# the values a rewrite may leave equal by ``==`` but not alike: 1, 1.0 and True
# inside a list pass ``entries_appended``'s comparison
ODD_VALUES = st.one_of(
    VALUES, st.lists(st.sampled_from([1, 1.0, True]), max_size=2), st.sampled_from([1.0, True])
)
MORE_KEYS = st.sampled_from([c * 64 for c in "abcdefghij"] + [PLACEHOLDER_KEY])
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["append", "rewrite", "rewrite kept", "same"]),
        st.dictionaries(MORE_KEYS, ODD_VALUES, max_size=4),
        st.booleans(),  # written as the middleware writes (one entry a line), or compact
        st.booleans(),  # written again after the discussion read it, before the history is read
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(MORE_KEYS, ODD_VALUES, max_size=5), STEPS)
@example({"a" * 64: [1]}, [("rewrite", {"a" * 64: [True], "b" * 64: "2026-01-01 10:00:00"}, False, False)])
def test_a_history_read_again_after_each_append_or_rewrite_equals_one_read_anew(
    first: dict, steps: list[tuple[str, dict, bool, bool]]
) -> None:
    """The window's way, step by step: the live file appended to (the
    middleware), rewritten in place (by hand), rewritten with the old bytes
    kept as a backup (a save), or left as it was; after each, the discussion
    reads it again from its previous reading (``open_discussion(previous=)``:
    the earlier store kept, grown from the file's tail, or parsed anew) and
    the history is read again from that discussion's store (``known``) and
    the history before (``earlier``); the file may be written again in
    between (the history is read by a job after the table shows). It must be
    the history a fresh read
    gives, down to each value's repr: never an event or value from the
    bytes before a rewrite."""
    from datetime import datetime, timedelta

    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.store import backup_path

    options, now = EngineOptions(), datetime(2026, 1, 2, 12, 0, 0)
    with TemporaryDirectory() as folder:
        live = Path(folder) / "timestamps.json"
        live.write_bytes(TimestampStore(first).file_bytes())
        discussion = open_discussion(None, live, options, now)
        history = None
        current = dict(first)
        for index, (how, entries, as_middleware, late) in enumerate(steps):
            if how == "append":
                current = {**current, **{k: v for k, v in entries.items() if k not in current}}
            elif how != "same":
                if how == "rewrite kept":
                    kept = backup_path(live, datetime(2026, 1, 1, 10, 0, 0) + timedelta(minutes=index))
                    kept.write_bytes(live.read_bytes())
                current = dict(entries)
            if how != "same":
                live.write_bytes(
                    TimestampStore(current).file_bytes() if as_middleware else json.dumps(current).encode()
                )
            discussion = open_discussion(None, live, options, now, previous=discussion)
            assert discussion.store is not None and discussion.store_digest is not None
            if late:  # known's bytes are no longer the file's
                current = {**current, "0" * 64: f"2026-01-01 11:00:{index:02d}"}
                live.write_bytes(TimestampStore(current).file_bytes())
            known = KnownRead(live, discussion.store_digest, discussion.store)
            history = build_history([live], known=known, earlier=history)
            anew = build_history([live])
            assert history == anew
            assert list(history.events) == list(anew.events)
            assert repr(history.states) == repr(anew.states) and repr(history.events) == repr(anew.events)


PENDING = "(Sunday, 2025-09-21 00:20:40)"  # the placeholder's value: no other entry has it
OTHER_KEYS = st.sampled_from([c * 64 for c in "0123456789"])


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    before=st.dictionaries(
        KEYS.filter(lambda k: k != PLACEHOLDER_KEY), st.sampled_from(["1", "2"]), max_size=3
    ),
    appended=st.dictionaries(OTHER_KEYS, st.sampled_from(["(Sunday, 2025-09-21 08:06:00)", "3"]), max_size=3),
    receiver=st.sampled_from(["new key", "stored key", "none"]),
    at=st.integers(0, 3),
    saved=st.booleans(),
)
def test_the_placeholder_consumed_between_any_two_states_is_given_to_the_key_that_took_its_value(
    before: dict, appended: dict, receiver: str, at: int, saved: bool
) -> None:
    """Spec: the placeholder's value goes to the reply's hash (a new key, or a
    stored one a group-chat commit overwrites in place), or nowhere (the reply
    had a time). Between two states no recorded request separates, a save of
    ours (``saved``: the first is its backup) or files given in order, it is
    told given to the key that took its value, and dropped only when none did.
    Fails with every such consumption told "given to no message" (tryout: the
    demo's Simulate applied and saved; its file diff showed the reply taking
    the placeholder's time, History said "dropped")."""
    from datetime import datetime, timedelta

    assume(receiver != "stored key" or before)
    old = {**before, PLACEHOLDER_KEY: PENDING}
    new = {k: v for k, v in before.items()}
    added = [(k, v) for k, v in appended.items() if k not in before]
    expected = None
    if receiver == "new key":
        expected = "f" * 64
        added.insert(at % (len(added) + 1), (expected, PENDING))
    elif receiver == "stored key":
        expected = sorted(before)[at % len(before)]
        new[expected] = PENDING
    new.update(added)
    with TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        stamp = datetime(2026, 1, 1, 10)
        first = (
            path.with_name(f"{path.name}.bak-{stamp:%Y%m%d-%H%M%S}")
            if saved
            else path.with_name("first.json")
        )
        first.write_bytes(TimestampStore(old).file_bytes())
        path.write_bytes(TimestampStore(new).file_bytes())
        moment = (stamp + timedelta(seconds=1)).timestamp()
        os.utime(path, (moment, moment))
        history = build_history([path] if saved else [first, path])
    (change,) = history.changes
    assert change.placeholder_consumed and not change.placeholder_set
    assert change.placeholder_to == expected
