"""Issue 29: the repair list kept current on an append, from the search before.

``update_repairs`` answers a discussion the middleware grew from the search
of the one before: it keeps the proposals when nothing the search looks at
changed, searches again hashing only the texts whose inputs changed when
something did, and searches whole when the files were not appended to.
Whichever way, the answer is the whole search's, in the same order: a
property over generated discussions and generated appends holds it to that
(longer: ``REPAIR_APPEND_EXAMPLES=1000 pytest --timeout=0 tests/core/test_repair_append.py``;
1,000 examples passed on 6 December). An exchange whose question or reply
the transcript saved otherwise (a new untracked text and a new orphan) is
judged from the new texts and orphans alone where nothing earlier can
change (``_grown_search``): a second property appends such exchanges to
chats whose order breaks (texts open to every orphan), some with a new
orphan an earlier text hashes to (300 examples passed on 7 December). A
third appends exchanges at a live clock behind the file's last times (the
texts after its place open to every orphan), some texts saved otherwise
with their times hours off (found only open to every orphan): kept by
bisection where nothing can change (``_keeps_judgment``), else searched
again. A fourth writes each batch of appends of every kind as the
middleware does, chat.json first (the new messages untracked), then
timestamps.json, with a padding budget of a few texts and echo windows of
one or two orphans (so that the texts past the budget and a new reply's
later windows are reached on small chats); the tests after it each hold one
of that shortcut's guards (each fails with its guard removed: 7 December).
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import timeline_app.core.repair as repair
from timeline_app.core.discussion import Discussion, at_time, open_discussion, reopen
from timeline_app.core.options import EngineOptions
from timeline_app.core.repair import (
    RELATIVE_ECHOES,
    SIDE_PADDINGS,
    Confidence,
    propose_repairs,
    search_repairs,
    update_repairs,
)
from timeline_app.core.timestrings import format_absolute

T0 = datetime(2025, 9, 21, 10, 0, 0)
NOW = datetime(2025, 9, 22, 12, 0, 0)
EXAMPLES = int(os.environ.get("REPAIR_APPEND_EXAMPLES", "60"))
WORDS = ("tea", "lake", "pier", "cake", "茶", "🙂", "bread")

# what became of a message: tracked as saved, tracked as another text (an
# orphan the repair can give back), edited afterwards, never tracked
FATES = ("tracked", "tracked", "padded", "echo", "relative", "speaker", "edited", "untracked", "early")
# what an appended message is: tracked as saved, never tracked, saved
# otherwise than hashed (a new orphan), the text of an earlier message
# (a shared hash), the text an earlier orphan was hashed from (the orphan
# vanishes), tracked at a time before the others (order breaks), one whose
# "Name: " prefix makes a speaker, or a new key with no message at all
NEW_FATES = ("tracked", "tracked", "untracked", "padded", "repeat", "revive", "early", "speaker", "orphan")

_message = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    st.sampled_from(FATES),
    st.sampled_from(SIDE_PADDINGS[1:]),
    st.sampled_from((0, 1, 1, 40, 3600)),  # seconds after the message before (1: a backfill's run)
    st.integers(0, len(RELATIVE_ECHOES) - 1),
)
_appended = st.tuples(
    st.sampled_from(NEW_FATES),
    st.sampled_from((0, 1, 30, 7200)),
    st.integers(0, 10_000),  # which earlier message, for a repeat or a revival
)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Files:
    """A transcript and its timestamp file, grown as the middleware does."""

    def __init__(self, folder: Path) -> None:
        self.transcript, self.store = folder / "chat.json", folder / "timestamps.json"
        self.messages: list[dict] = []
        self.entries: dict[str, str] = {}
        self.revivable: list[str] = []  # texts an orphan was hashed from, no message has
        self.moment = T0

    def write(self) -> None:
        self.transcript.write_text(json.dumps(self.messages))
        self.store.write_text(json.dumps(self.entries, indent=4))

    def add(self, fate: str, words: list[str], lead: str, step: int, relative: int) -> None:
        number = len(self.messages)
        role = "user" if number % 2 == 0 else "assistant"
        text = f"{' '.join(words)} {number}"
        self.moment += timedelta(seconds=step)
        stamp = format_absolute(self.moment)
        saved, hashed = text, text
        extra: dict = {}
        if fate == "padded":
            hashed = lead + text + " "
        elif fate == "echo" and role == "assistant":
            hashed = f"{format_absolute(self.moment - timedelta(seconds=30))} {text}"
        elif fate == "relative":
            hashed = f"{RELATIVE_ECHOES[relative]} {text}"
        elif fate == "speaker":
            hashed, extra = f"Aqua: {text}", {"name": "Aqua"}
        elif fate == "edited":
            saved = f"edited: {text}"
            self.revivable.append(text)
        elif fate == "early":  # stored at a time before the others: order breaks around it
            stamp = format_absolute(T0 - timedelta(hours=1))
        elif fate == "echoed" and role == "assistant":  # hashed with an echo, then edited
            hashed = f"{format_absolute(self.moment - timedelta(seconds=30))} {text}"
            saved = f"edited: {text}"
            self.revivable.append(text)
        elif fate == "respaced":  # hashed with a space after it, then edited
            hashed, saved = f"{text} ", f"edited: {text}"
            self.revivable.append(text)
        elif fate == "astray":  # saved otherwise, its time hours off: an orphan outside its bracket
            hashed, stamp = f"{text} ", format_absolute(self.moment + timedelta(hours=relative % 5 - 2))
        self.messages.append({"role": role, "content": saved, **extra})
        if fate != "untracked":
            self.entries.setdefault(_sha(hashed), stamp)

    def append(self, fate: str, step: int, which: int) -> None:
        number = len(self.messages)
        role = "user" if number % 2 == 0 else "assistant"
        self.moment += timedelta(seconds=step)
        text, stamp = f"new {number}", format_absolute(self.moment)
        if fate == "orphan":  # the middleware keyed a text the transcript does not keep
            self.entries.setdefault(_sha(f"re-keyed {number}"), stamp)
            return
        if fate == "clash":  # a new orphan an earlier untracked message, padded, hashes to
            untracked = [m["content"] for m in self.messages if _sha(m["content"]) not in self.entries]
            if untracked:
                self.entries.setdefault(_sha(untracked[which % len(untracked)] + " "), stamp)
            fate = "untracked"
        if fate == "repeat" and self.messages:
            text = self.messages[which % len(self.messages)]["content"]
        elif fate == "revive" and self.revivable:
            text = self.revivable.pop(which % len(self.revivable))
        elif fate == "speaker":
            text = f"Bo: {text}"
        elif fate == "early":
            stamp = format_absolute(T0 - timedelta(hours=1))
        self.messages.append({"role": role, "content": text})
        if fate == "padded":
            self.entries.setdefault(_sha(f"{text} "), stamp)
        elif fate != "untracked":
            self.entries.setdefault(_sha(text), stamp)


def _fresh(files: Files) -> Discussion:
    return open_discussion(files.transcript, files.store, EngineOptions(), NOW)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    plan=st.lists(_message, min_size=1, max_size=24),
    appends=st.lists(st.lists(_appended, min_size=1, max_size=4), min_size=1, max_size=3),
    reanchor=st.booleans(),
    rewrite=st.booleans(),
    behind=st.integers(1, 3),
)
def test_an_append_is_answered_as_the_whole_search_answers_it(
    tmp_path_factory: pytest.TempPathFactory,
    plan: list[tuple],
    appends: list[list[tuple]],
    reanchor: bool,
    rewrite: bool,
    behind: int,
) -> None:
    """After each append (and after a rewrite, which is no append), the
    proposals ``update_repairs`` gives are those a whole search of a fresh
    open of the files gives, in the same order; also from a search
    ``behind`` appends back (one that ran while the middleware appended)."""
    files = Files(tmp_path_factory.mktemp("append"))
    for words, fate, lead, step, relative in plan:
        files.add(fate, words, lead, step, relative)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown, reanchor=reanchor)
    for number, batch in enumerate(appends):
        for fate, step, which in batch:
            files.append(fate, step, which)
        if rewrite and number == len(appends) - 1:  # an earlier message edited: not an append
            files.messages[0] = {**files.messages[0], "content": files.messages[0]["content"] + " (edited)"}
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
        if (number + 1) % behind and number < len(appends) - 1:
            continue  # the search still runs: answered from later, appends behind
        found = update_repairs(found, shown, reanchor=reanchor)
        event(f"answered: {found.how}")
        assert found.proposals == propose_repairs(_fresh(files), reanchor=reanchor)


def test_a_tracked_exchange_keeps_the_list_without_hashing(tmp_path: Path, monkeypatch) -> None:
    """The middleware appends a request and its reply, both tracked: the list
    is kept as it was, and nothing is hashed."""
    files = Files(tmp_path)
    for number in range(12):
        files.add(("padded", "tracked", "untracked", "edited")[number % 4], ["tea"], "\n", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    assert found.proposals
    files.append("tracked", 30, 0)
    files.append("tracked", 30, 0)
    files.write()
    grown = reopen(shown, EngineOptions(), NOW)
    monkeypatch.setattr(repair, "_message_matches", _never)
    kept = update_repairs(found, grown)
    assert kept.how == "kept" and kept.proposals == found.proposals


def test_a_new_untracked_message_is_the_only_text_hashed(tmp_path: Path, monkeypatch) -> None:
    """An appended message saved otherwise than hashed: the search runs again
    hashing that message alone, and finds its orphan."""
    files = Files(tmp_path)
    for number in range(12):
        files.add(("padded", "tracked", "untracked", "edited")[number % 4], ["tea"], "\n", 40, 0)
    files.add("tracked", ["tea"], "", 40, 0)  # no untracked text open to times after it
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    files.append("padded", 30, 0)
    files.write()
    grown = reopen(shown, EngineOptions(), NOW)
    again, hashed = _update_counting_hashes(found, grown, monkeypatch)
    assert again.how == "replayed" and hashed == [files.messages[-1]["content"]]
    assert again.proposals == propose_repairs(_fresh(files))
    assert any(p.positions == (len(files.messages) - 1,) for p in again.proposals)


def test_a_search_some_appends_behind_hashes_only_their_texts(tmp_path: Path, monkeypatch) -> None:
    """The panel's search still ran when appends came (it carries over them:
    a search restarted at each append or minute never finished at 100k); its
    answer is several appends behind what is shown, further than
    ``growth_of`` knows: searched whole, only the appended texts are hashed."""
    files = Files(tmp_path)
    for number in range(12):
        files.add(("padded", "tracked", "untracked", "edited")[number % 4], ["tea"], "\n", 40, 0)
    files.add("tracked", ["tea"], "", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    for _ in range(2):
        files.append("padded", 30, 0)
        files.append("tracked", 30, 0)
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
    again, hashed = _update_counting_hashes(found, shown, monkeypatch)
    assert sorted(hashed) == sorted(m["content"] for m in files.messages[-4::2])
    assert again.proposals == propose_repairs(_fresh(files))


def test_tracked_exchanges_appended_while_the_search_ran_keep_its_list(tmp_path: Path, monkeypatch) -> None:
    """Issue 29: at 100k with an append every 5 s, the search (~10 s) never
    finished: answered three appends behind, it was searched whole again
    (``growth_of`` knows only the last re-open), outrun again. Several
    tracked exchanges behind, the list is kept, nothing hashed."""
    files = Files(tmp_path)
    for number in range(12):
        files.add(("padded", "tracked", "untracked", "edited")[number % 4], ["tea"], "\n", 40, 0)
    files.write()
    searched = _fresh(files)
    found = search_repairs(searched)
    assert found.proposals
    shown = searched
    for _ in range(3):
        files.append("tracked", 30, 0)
        files.append("tracked", 30, 0)
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
    fresh = propose_repairs(_fresh(files))
    monkeypatch.setattr(repair, "_message_matches", _never)
    kept = update_repairs(found, shown)
    assert kept.how == "kept" and kept.proposals == fresh


def _never(*_args):
    raise AssertionError("hashed")


def _update_counting_hashes(found, grown, monkeypatch):
    """Run ``update_repairs`` and return its answer with the texts it hashed
    (in order): the tests' measure of how little an append costs."""
    hashed: list[str] = []
    searched = repair._message_matches

    def counted(shared, tasks):
        hashed.extend(task[0] for task in tasks)
        return searched(shared, tasks)

    monkeypatch.setattr(repair, "_message_matches", counted)
    return update_repairs(found, grown), hashed


def _timed(number: int, sent: datetime) -> dict:
    """A message with its own time, as a front end that keeps one writes it."""
    role = ("assistant", "user")[number % 2]
    return {"role": role, "content": f"line {number}", "timestamp": sent.strftime("%Y-%m-%dT%H:%M:%S.000Z")}


@settings(max_examples=max(10, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    legacy=st.integers(1, 6),
    steps=st.lists(
        st.tuples(st.sampled_from((0, 1, 1, 60)), st.sampled_from((0, 0, 2))), min_size=1, max_size=4
    ),
    late=st.booleans(),
)
def test_an_append_to_a_backfilled_run_is_reanchored_as_the_whole_search_does(
    tmp_path_factory: pytest.TempPathFactory, legacy: int, steps: list[tuple[int, int]], late: bool
) -> None:
    """A chat with its own times whose history a backfill stamped a second
    apart (re-anchoring proposes the chat's own times) grows by messages
    stamped a second after the run's end (the run goes on) or later, some
    with own times that tell another clock: the proposals, re-anchoring
    with them, are the whole search's."""
    folder = tmp_path_factory.mktemp("run")
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    messages = [_timed(n, T0 + timedelta(minutes=3 * n)) for n in range(legacy)]
    imported = T0 + timedelta(days=2 if late else 0, minutes=3 * legacy)  # the backfill's moment
    stamps = [imported - timedelta(seconds=legacy - 1 - n) for n in range(legacy)]
    store.write_text("{}")

    def write() -> Discussion:
        transcript.write_text(json.dumps(messages))
        hashes = open_discussion(transcript, store, EngineOptions(), NOW).request.hashes
        entries = {h: format_absolute(m) for h, m in zip(hashes, stamps, strict=True)}
        store.write_text(json.dumps(entries, indent=4))
        return open_discussion(transcript, store, EngineOptions(), NOW)

    shown = write()
    found = search_repairs(shown, reanchor=True)
    for step, hours in steps:  # hours: the middleware's clock ahead of the chat's own times
        moment = stamps[-1] + timedelta(seconds=step)
        own = moment + timedelta(minutes=5 if step == 1 else 0) - timedelta(hours=hours)
        messages.append(_timed(len(stamps), own))
        stamps.append(moment)
        write()
        shown = reopen(shown, EngineOptions(), NOW)
        found = update_repairs(found, shown, reanchor=True)
        event(f"answered: {found.how}")
        event(f"re-anchored: {sum(p.kind == 'reanchor' for p in found.proposals) > 0}")
        assert found.proposals == propose_repairs(_fresh(files_at(transcript, store)), reanchor=True)


def files_at(transcript: Path, store: Path) -> Files:
    files = Files(transcript.parent)
    files.transcript, files.store = transcript, store
    return files


def test_the_same_discussion_a_minute_later_keeps_the_list(tmp_path: Path, monkeypatch) -> None:
    """The live clock's minute simulates the next request again (``at_time``):
    the search reads nothing that changed, and the panel searched whole each
    minute (13 s at 100k)."""
    files = Files(tmp_path)
    for number in range(9):
        files.add(("padded", "tracked", "edited")[number % 3], ["tea"], " ", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown, reanchor=True)
    later = at_time(shown, NOW + timedelta(minutes=1))
    monkeypatch.setattr(repair, "_message_matches", _never)
    kept = update_repairs(found, later, reanchor=True)
    assert kept.how == "kept" and kept.discussion is later and kept.proposals == found.proposals


def test_a_speaker_the_append_makes_is_tried_on_every_text_again(tmp_path: Path) -> None:
    """The names tried grow with the new messages (``_Speakers.grown``, not a
    read of all 100k): an appended "Bo: " prefix, the second in the chat,
    makes Bo a speaker, and the replayed search gives #6, hashed as
    "Bo: lake 6", its time as the whole search does (break tried: the
    earlier search's names, not grown, leave #6 without its pair)."""
    files = Files(tmp_path)
    for _ in range(6):
        files.add("tracked", ["tea"], "", 40, 0)
    files.moment += timedelta(seconds=40)
    files.messages.append({"role": "user", "content": "lake 6"})
    files.entries[_sha("Bo: lake 6")] = format_absolute(files.moment)
    files.moment += timedelta(seconds=40)
    files.messages.append({"role": "assistant", "content": "Bo: first words"})  # once: not a speaker yet
    files.entries[_sha("Bo: first words")] = format_absolute(files.moment)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    assert not any(p.positions == (6,) and p.confidence is Confidence.HIGH for p in found.proposals)
    files.append("speaker", 30, 0)
    files.write()
    again = update_repairs(found, reopen(shown, EngineOptions(), NOW))
    assert again.how == "replayed"
    assert again.proposals == propose_repairs(_fresh(files))
    assert any(p.positions == (6,) and p.confidence is Confidence.HIGH for p in again.proposals)


# an exchange the middleware appends: the question's fate, then the reply's
# ("padded": saved otherwise than hashed, a new untracked text and a new
# orphan; "clash": a new orphan an earlier text may be given)
_exchange = st.tuples(
    st.sampled_from(("padded", "padded", "tracked", "untracked", "revive", "clash", "early")),
    st.sampled_from(("tracked", "tracked", "padded", "untracked")),
    st.sampled_from((1, 30, 7200)),
    st.integers(0, 10_000),
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    plan=st.lists(_message, min_size=2, max_size=30),
    exchanges=st.lists(_exchange, min_size=1, max_size=4),
    reanchor=st.booleans(),
)
def test_an_exchange_saved_otherwise_is_judged_as_the_whole_search_judges_it(
    tmp_path_factory: pytest.TempPathFactory, plan: list[tuple], exchanges: list[tuple], reanchor: bool
) -> None:
    """The middleware appends exchanges whose question (or reply) the
    transcript saved otherwise than hashed (a new untracked text and a new
    orphan), to chats whose order breaks in places (texts open to every
    orphan) or not: each update, judged from the new texts and orphans alone
    where it can be, else searched again, gives the whole search's
    proposals in the same order."""
    files = Files(tmp_path_factory.mktemp("exchange"))
    for words, fate, lead, step, relative in plan:
        files.add(fate, words, lead, step, relative)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown, reanchor=reanchor)
    for question, reply, step, which in exchanges:
        files.append(question, step, which)
        files.append(reply, 30, which)
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
        found = update_repairs(found, shown, reanchor=reanchor)
        event(f"answered: {found.how}")
        assert found.proposals == propose_repairs(_fresh(files), reanchor=reanchor)


def _disordered(files: Files) -> None:
    """Twelve messages, some saved otherwise, one stored an hour early (the
    texts around it are open to every orphan), then two tracked (the next
    message is a question)."""
    for number in range(12):
        fate = ("padded", "tracked", "untracked", "edited")[number % 4] if number != 5 else "early"
        files.add(fate, ["tea"], "\n", 40, 0)
    files.add("tracked", ["tea"], "", 40, 0)
    files.add("tracked", ["tea"], "", 40, 0)
    files.write()


def test_a_question_saved_otherwise_is_judged_alone(tmp_path: Path, monkeypatch) -> None:
    """Issue 29: an exchange appended to a chat whose order breaks, its
    question saved otherwise (a new untracked text, a new orphan): only the
    question is hashed, the texts open to every orphan are not (their
    fingerprints tell the new orphan is none of theirs), and the answer is
    the whole search's (break tried: without the fingerprints' test the
    update hashes the texts in the disorder again, "replayed")."""
    files = Files(tmp_path)
    _disordered(files)
    shown = _fresh(files)
    found = search_repairs(shown)
    assert found.grown is not None and found.grown.unbounded  # texts open to every orphan
    files.append("padded", 30, 0)
    files.append("tracked", 30, 0)
    files.write()
    grown = reopen(shown, EngineOptions(), NOW)
    judged, hashed = _update_counting_hashes(found, grown, monkeypatch)
    assert judged.how == "judged" and hashed == [files.messages[-2]["content"]]
    assert judged.proposals == propose_repairs(_fresh(files))
    assert any(p.positions == (len(files.messages) - 2,) for p in judged.proposals)


def test_a_new_orphan_an_earlier_text_may_be_given_is_searched_again(tmp_path: Path) -> None:
    """A new orphan one of the texts open to every orphan hashes to (an
    earlier untracked message, padded): its fingerprint holds the orphan's
    key, and the search runs again, which gives the earlier text its pair."""
    files = Files(tmp_path)
    _disordered(files)
    shown = _fresh(files)
    found = search_repairs(shown)
    state = found.grown
    assert state is not None
    unbounded = {files.messages[p]["content"] for d in state.unbounded for p in state.by_hash[d]}
    untracked = [m["content"] for m in files.messages if _sha(m["content"]) not in files.entries]
    target = next(text for text in untracked if text in unbounded)
    files.moment += timedelta(seconds=30)
    files.entries[_sha(target + " ")] = format_absolute(files.moment)
    files.append("tracked", 30, 0)
    files.write()
    again = update_repairs(found, reopen(shown, EngineOptions(), NOW))
    assert again.how == "replayed"
    assert again.proposals == propose_repairs(_fresh(files))
    assert any(p.message_hash == _sha(target) and p.orphan == _sha(target + " ") for p in again.proposals)


# a message of a chat the live clock falls behind: as ``_message``, or saved
# otherwise with its time hours off (found only by a text open to every orphan)
_message_astray = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    st.sampled_from((*FATES, "astray", "astray", "echoed", "respaced")),
    st.sampled_from(SIDE_PADDINGS[1:]),
    st.sampled_from((0, 1, 1, 40, 3600)),
    st.integers(0, len(RELATIVE_ECHOES) - 1),
)
# an exchange appended at the middleware's live clock: the question's fate, the reply's
_live = st.tuples(
    st.sampled_from(("tracked", "tracked", "tracked", "padded", "untracked", "orphan", "early")),
    st.sampled_from(("tracked", "tracked", "padded", "untracked")),
    st.sampled_from((0, 1, 30, 7200)),
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    plan=st.lists(_message_astray, min_size=2, max_size=30),
    back=st.integers(0, 100),
    exchanges=st.lists(_live, min_size=1, max_size=5),
    reanchor=st.booleans(),
)
def test_appends_behind_the_files_last_times_are_answered_as_the_whole_search_answers_them(
    tmp_path_factory: pytest.TempPathFactory,
    plan: list[tuple],
    back: int,
    exchanges: list[tuple],
    reanchor: bool,
) -> None:
    """Issue 29: the middleware's live clock is behind the file's last times
    (``back`` percent of the way from its first), so every appended time
    breaks the order of the texts before it (open to every orphan), and the
    next appends stay behind: each update, kept by bisection where no text's
    judgment can change, else searched again, gives the whole search's
    proposals in the same order."""
    files = Files(tmp_path_factory.mktemp("live"))
    for words, fate, lead, step, relative in plan:
        files.add(fate, words, lead, step, relative)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown, reanchor=reanchor)
    files.moment = T0 + (files.moment - T0) * back / 100
    for question, reply, step in exchanges:
        files.append(question, step, 0)
        files.append(reply, 30, 0)
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
        found = update_repairs(found, shown, reanchor=reanchor)
        event(f"answered: {found.how}")
        assert found.proposals == propose_repairs(_fresh(files), reanchor=reanchor)


def test_a_tracked_exchange_behind_the_files_last_times_keeps_the_list_without_a_pass(
    tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: after an append stamped behind the file's last times (the
    live clock; at 100k ~52k texts are then open to every orphan), each
    further tracked exchange kept every text's bracket: the list is kept, no
    text is bracketed or hashed again (at 100k each such append cost 32-37 s
    of the worker's time before), and it is the whole search's."""
    files = Files(tmp_path)
    for number in range(16):
        files.add(("padded", "tracked", "untracked", "echo")[number % 4], ["tea"], "\n", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    files.moment = T0 + timedelta(seconds=40 * 6 + 10)  # behind the last 10 messages' times
    files.append("tracked", 30, 0)
    files.append("tracked", 30, 0)
    files.write()
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    assert found.grown is not None and found.grown.unbounded  # texts in the disorder
    assert any(p.confidence is Confidence.HIGH for p in found.proposals)
    for _ in range(2):
        files.append("tracked", 30, 0)
        files.append("tracked", 30, 0)
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
        monkeypatch.setattr(repair, "_bounds", _never)
        monkeypatch.setattr(repair, "_message_matches", _never)
        kept = update_repairs(found, shown)
        monkeypatch.undo()
        assert kept.how == "kept"
        assert kept.proposals == found.proposals == propose_repairs(_fresh(files))
        found = kept


def test_an_append_behind_a_bounded_text_opens_it_to_every_orphan(tmp_path: Path) -> None:
    """A tracked exchange appended behind the file's first times breaks the
    order around a text the search bounded (its orphan, hours off, lies
    outside its bracket): the list is not kept, the text is searched open
    to every orphan, and given its orphan, as the whole search gives it."""
    files = Files(tmp_path)
    files.add("tracked", ["tea"], "", 40, 0)
    files.add("astray", ["lake"], "", 40, 4)  # its orphan two hours after it
    for _ in range(6):
        files.add("tracked", ["pier"], "", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    files.moment -= timedelta(seconds=100)  # the live clock behind the last times
    files.append("tracked", 0, 0)
    files.append("tracked", 30, 0)
    files.write()
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    assert found.how == "kept" and not found.proposals
    files.append("early", 0, 0)
    files.append("tracked", 30, 0)
    files.write()
    shown = reopen(shown, EngineOptions(), NOW)
    again = update_repairs(found, shown)
    assert again.how == "replayed"
    assert again.proposals == propose_repairs(_fresh(files))
    assert [(p.positions, p.confidence) for p in again.proposals] == [((1,), Confidence.HIGH)]


# an appended message in the middleware's two writes: the kinds above, more
# often never tracked, and a new orphan an earlier untracked message hashes to
_written = st.tuples(
    st.sampled_from((*NEW_FATES, "untracked", "untracked", "clash")),
    st.sampled_from((0, 1, 30, 7200)),
    st.integers(0, 10_000),
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    plan=st.lists(_message_astray, min_size=2, max_size=30),
    back=st.sampled_from((None, None, 0, 50, 90)),
    batches=st.lists(st.lists(_written, min_size=1, max_size=3), min_size=1, max_size=3),
    split=st.lists(st.booleans(), min_size=3, max_size=3),
    budget=st.sampled_from((1, 2, 4, 1_000)),
    echoes=st.sampled_from((1, 2, 5)),
    given_back=st.booleans(),
    reanchor=st.booleans(),
)
def test_chat_json_written_before_timestamps_json_is_answered_as_the_whole_search_answers_it(
    tmp_path_factory: pytest.TempPathFactory,
    plan: list[tuple],
    back: int | None,
    batches: list[list[tuple]],
    split: list[bool],
    budget: int,
    echoes: int,
    given_back: bool,
    reanchor: bool,
) -> None:
    """Issue 29: the middleware writes chat.json, then timestamps.json; a
    reload between the two shows the new messages untracked (and an orphan
    a new message revives gone), the next one tracks them. Appends of every
    kind (tracked, never tracked, saved otherwise, a new or vanished orphan,
    stamped in order or by a live clock ``back`` percent behind the file's
    last times), each batch written at once or in the two writes: after
    every reload ``update_repairs`` gives the whole search's proposals in
    the same order. The padding budget is ``budget`` texts (so that the
    texts past it try the narrow grid, as 50k do at 100k) and a reply's
    echo window ``echoes`` orphans (so that later rounds' windows differ).
    ``given_back``: the second write also stores the first never-tracked
    earlier message's time (an earlier row changes: not the growth alone)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(repair, "PADDING_BUDGET", budget * len(SIDE_PADDINGS) ** 2)
        patch.setattr(repair, "MAX_ECHO_ORPHANS", echoes)
        files = Files(tmp_path_factory.mktemp("two-writes"))
        for words, fate, lead, step, relative in plan:
            files.add(fate, words, lead, step, relative)
        files.write()
        shown = _fresh(files)
        found = search_repairs(shown, reanchor=reanchor)
        if back is not None:
            files.moment = T0 + (files.moment - T0) * back / 100
        for batch, first in zip(batches, split, strict=False):
            entries = dict(files.entries)
            for fate, step, which in batch:
                files.append(fate, step, which)
            if first and given_back:
                untracked = [m["content"] for m in files.messages if _sha(m["content"]) not in files.entries]
                if untracked:
                    files.entries.setdefault(_sha(untracked[0]), format_absolute(files.moment))
            complete = files.entries
            for written in (
                [entries, complete] if first else [complete]
            ):  # chat.json alone: the file as it was
                files.entries = written
                files.write()
                shown = reopen(shown, EngineOptions(), NOW)
                based = found.base is not None
                found = update_repairs(found, shown, reanchor=reanchor)
                event(f"answered: {found.how}{', from the search before chat.json' if based else ''}")
                event(f"waits for timestamps.json: {found.base is not None}")
                assert found.proposals == propose_repairs(_fresh(files), reanchor=reanchor)
            files.entries = complete


def test_a_reply_written_before_its_time_is_tried_with_every_echo_window_the_rounds_give(
    tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: chat.json brings a reply (timestamps.json not yet) whose
    text an earlier orphan was hashed from with an echoed time. The whole
    search tries it in its first round with the first orphan after its
    neighbour's time (an echo window of one here), which a high pair takes,
    and in its second with the next: the echo's. The update judges the new
    texts alone only where they match nothing in every window those rounds
    may give: here it matches, and the list is the whole search's."""
    monkeypatch.setattr(repair, "MAX_ECHO_ORPHANS", 1)
    files = Files(tmp_path)
    for fate in ("tracked", "tracked", "padded", "echoed", "tracked", "tracked"):
        files.add(fate, ["tea"], "\n", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    files.moment = T0 + timedelta(seconds=20)  # the live clock behind: the texts before are open to all
    files.append("tracked", 30, 0)
    files.append("tracked", 5, 0)
    files.write()
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    entries = dict(files.entries)
    files.append("tracked", 5, 0)
    files.append("revive", 5, 0)  # the edited reply's text, as the middleware hashed it with its echo
    files.entries, complete = entries, files.entries
    files.write()  # chat.json alone
    files.entries = complete
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    whole = propose_repairs(_fresh(files))
    assert any(p.positions == (9,) and p.confidence is Confidence.HIGH for p in whole), whole
    assert found.proposals == whole


def test_a_new_orphan_past_the_padding_budget_widens_a_texts_grid(tmp_path: Path, monkeypatch) -> None:
    """Past the padding budget a text open to every orphan tries the narrow
    grid while every orphan is another text's to contend (``_whole_grid``).
    A new orphan no text may be given ends that: the text tries the whole
    grid again and finds the orphan it was hashed to with two units of
    padding. The update must not keep the list (it searches again)."""
    monkeypatch.setattr(repair, "PADDING_BUDGET", len(SIDE_PADDINGS) ** 2)  # one text
    files = Files(tmp_path)
    files.add("tracked", ["tea"], "", 40, 0)
    files.add("padded", ["tea"], " \t", 40, 0)  # open to every orphan (the early time after it)
    files.add("early", ["tea"], "", 40, 0)
    files.add("untracked", ["lake"], "", 40, 0)  # its bracket, from the early time, holds the orphan
    files.add("tracked", ["tea"], "", 40, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    assert not any(p.confidence is Confidence.HIGH for p in found.proposals)  # the narrow grid
    files.append("orphan", 30, 0)
    files.write()
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    whole = propose_repairs(_fresh(files))
    assert [p.positions for p in whole if p.confidence is Confidence.HIGH] == [(1,)]  # the whole grid
    assert found.proposals == whole


def test_untracked_texts_past_the_padding_budget_narrow_an_earlier_grid_in_time(
    tmp_path: Path, monkeypatch
) -> None:
    """Past the padding budget the new texts chat.json brings are judged
    alone while every earlier text given the whole grid stays below the
    budget counting them: each raises its count by one. The second such
    append takes the text saved with two units of padding past it (its
    orphan is in the new texts' bracket): the search gives it the narrow
    grid and so no pair, and so must the update."""
    monkeypatch.setattr(repair, "PADDING_BUDGET", 2 * len(SIDE_PADDINGS) ** 2)  # two texts
    files = Files(tmp_path)
    for fate in ("tracked", "untracked", "tracked", "untracked", "tracked"):
        files.add(fate, ["tea"], "", 40, 0)
    files.add("padded", ["tea"], " \t", 40, 0)
    for _ in range(3):  # stamped the same second: its orphan is in the bracket after them
        files.add("tracked", ["lake"], "", 0, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    assert [p.positions for p in found.proposals if p.confidence is Confidence.HIGH] == [(5,)]
    for _ in range(2):
        files.append("untracked", 30, 0)  # chat.json: timestamps.json never tracks it
        files.write()
        shown = reopen(shown, EngineOptions(), NOW)
        found = update_repairs(found, shown)
        assert found.proposals == propose_repairs(_fresh(files))
    assert not any(p.confidence is Confidence.HIGH for p in found.proposals)


def test_a_new_text_chat_json_brings_may_contend_an_earlier_orphan(tmp_path: Path) -> None:
    """chat.json brings a text that, with a trailing newline trimmed, is
    the one an earlier text was given its orphan for: the two now contend
    for it (neither is sure), so the update may not keep the earlier pair."""
    files = Files(tmp_path)
    for _ in range(5):
        files.add("tracked", ["tea"], "", 40, 0)
    files.add("padded", ["cake"], "", 40, 0)  # hashed with a space after it
    for _ in range(3):  # stamped the same second: its orphan is in the bracket after them
        files.add("tracked", ["lake"], "", 0, 0)
    files.write()
    shown = _fresh(files)
    found = search_repairs(shown)
    assert [p.positions for p in found.proposals if p.confidence is Confidence.HIGH] == [(5,)]
    files.messages.append({"role": "assistant", "content": files.messages[5]["content"] + "\n"})
    files.write()  # chat.json alone
    shown = reopen(shown, EngineOptions(), NOW)
    found = update_repairs(found, shown)
    whole = propose_repairs(_fresh(files))
    assert not any(p.confidence is Confidence.HIGH for p in whole)
    assert found.proposals == whole
