"""Repair proposals: give untracked messages back the times their orphans hold.

A stored hash stops matching when the saved transcript differs from what the
middleware hashed (see the mismatch-causes sheet). For each untracked message
the known transformations are tried; a transformed text whose hash is an
orphan, and no other message or orphan competing, is a ``high`` proposal
naming the transformation. Edited messages are paired by position (``medium``
when exactly one message and one orphan sit between the same tracked
neighbours). Everything ambiguous is ``low``: shown, never applied unless
chosen. Re-anchoring replaces times a legacy backfill invented with the
transcript's own times. Nothing here changes a store: proposals turn into
``edits`` operations, which keep every stored time. A proposal's reason is a
``Said`` (code and facts), worded only where it is shown; the candidate loop
hands out shared reason objects, so naming a transformation costs no more
than the text it used to build.

The search is bounded by time (``_bounds``): where the stored times of
tracked messages rise along the transcript, an orphan's time can only belong
to an untracked message between the tracked neighbours whose times bracket
it, so only those messages hash candidates, and only for those orphans
(every padding of the grid, every echo); where order does not hold, a
message is searched against every orphan. The search's confidence is final:
it takes its high pairs as tracked and searches again what they narrow
(``_transformation_pairs``), so a search after they are applied finds no
further high pair; the padding grid narrows only for messages an orphan is
open to by the thousands (``_whole_grid``), never by how many are searched.

Every searched message's candidates are a pure function of the message
(``_message_matches``): from ``PARALLEL_FROM`` searched messages a spawned
worker process takes chunks of them (``split.SharedMap``; hashlib holds the
GIL below 2 KB, so threads would not help). Its results are those of one
process; whatever the worker does not deliver is computed here.

A discussion the middleware grew is answered from the search before
(``update_repairs``, issue 29): kept when the append changed nothing the
search looks at (also when its times are behind the file's last ones, the
live clock's, if bisections over the kept order tell no text's bracket or
echo window changes: ``_keeps_judgment``); judged from the new untracked texts and new orphans alone
when they cannot change how an earlier text is judged (``_grown_search``:
the texts open to every orphan keep a fingerprint of their candidates, so a
new orphan is tested against them without hashing them again); else
searched again with every text's matches known by their inputs (a text
whose inputs did not change is not hashed again). The answer is the whole
search's, in the same order.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import itertools
import operator
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence, Set
from dataclasses import field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from itertools import repeat
from typing import Literal

from .discussion import Discussion, Progress
from .display import Gap
from .edits import Operation, RemoveEntry, SetEntry
from .hashing import SENTINEL_PAIRS, content_hash
from .pairing import pairing_warnings
from .pipeline import Kind
from .records import frozen
from .split import SharedMap
from .timeline import Flag, Status, Timeline, growth_since, growth_through
from .timestrings import counted_back, describe_elapsed, format_absolute
from .words import Reason, Said, Stage, Unrepaired
from .zones import get_zone, to_naive_in

_SPEAKER_RE = re.compile(r"([^:\n]{1,40}): ")
ECHO_WINDOW_SECONDS = 120
MAX_CONTENT_SPEAKERS = 12  # speaker prefixes found in contents that are tried
MAX_ECHO_ORPHANS = 5  # orphan times between a reply's neighbours whose preceding seconds are tried


class Confidence(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"

    @property
    def rank(self) -> int:
        return {"high": 3, "medium": 2, "low": 1}[self.value]


@frozen
class Proposal:
    kind: str  # "pair" (orphan time to an untracked message) or "reanchor"
    positions: tuple[int, ...]  # messages in the prepared request (same content share a hash)
    indexes: tuple[int | None, ...]  # the same messages in the transcript
    message_hash: str
    orphan: str | None
    value: object  # the time to store
    previous: object | None  # the value it replaces (re-anchoring)
    confidence: Confidence
    why: Said  # worded where it is shown; ``reason`` is its English

    @property
    def reason(self) -> str:
        return str(self.why)

    def operations(self, prune_orphan: bool = False) -> list[Operation]:
        if self.kind == "reanchor":
            return [SetEntry(self.message_hash, self.value, self.previous)]
        ops: list[Operation] = [SetEntry(self.message_hash, self.value)]
        if prune_orphan and self.orphan is not None:
            ops.append(RemoveEntry(self.orphan, self.value))
        return ops


def _sha(text: str, images: Sequence[str] | None) -> str | None:
    """The key a candidate text would have; None for text the middleware
    could not encode either. Called about 200 times per untracked message:
    without images it hashes directly (the image-only rule cannot apply)."""
    try:
        if not images:
            return _sha256(text.encode("utf-8")).hexdigest()
        return content_hash(text, images)
    except UnicodeEncodeError:
        return None


def _relative_phrases() -> list[str]:
    now = datetime(2000, 1, 10)
    spans = [timedelta(0)] + [timedelta(minutes=m) for m in range(1, 60)]
    spans += [timedelta(hours=h, minutes=m) for h in range(1, 49) for m in (0,)]
    spans += [timedelta(days=d) for d in range(1, 8)]
    return sorted({f"[Sent {describe_elapsed(now - span, now)} ago]" for span in spans})


RELATIVE_ECHOES = _relative_phrases()
_RELATIVE_PREFIXES = tuple(f"{phrase} " for phrase in RELATIVE_ECHOES)
_sha256 = hashlib.sha256

_CRLF = Said(Reason.CRLF)
_OLDER_SENTINELS = Said(Reason.OLDER_SENTINELS)
_REAL_BRACES = Said(Reason.REAL_BRACES)
_SPEAKER_REMOVED = Said(Reason.SPEAKER_REMOVED)
_ROLE_PREFIX = Said(Reason.ROLE_PREFIX)
_ECHO_CLEANED = Said(Reason.ECHO_CLEANED)
_LINE_ENDINGS = Said(Reason.LINE_ENDINGS)
_FORMS: tuple[Literal["NFC", "NFD", "NFKC", "NFKD"], ...] = ("NFC", "NFD", "NFKC", "NFKD")
_UNICODE_FORMS = {form: Said(Reason.UNICODE_FORM, (form,)) for form in _FORMS}
_ROLE_HASHED = Said(Reason.ROLE_HASHED)
_MERGED_AFTER = Said(Reason.MERGED_AFTER)
_IMAGES_LEFT_OUT = Said(Reason.IMAGES_LEFT_OUT)
_IMAGES_FOLDED_IN = Said(Reason.IMAGES_FOLDED_IN)
_CONSECUTIVE_MERGED = Said(Reason.CONSECUTIVE_MERGED)


@functools.lru_cache(maxsize=4096)
def _speaker_reason(base: Said | None, name: str) -> Said:
    """One shared reason per (transformation, speaker): tried for every
    untracked message, made once."""
    speaker = Said(Reason.SPEAKER_PREFIX, (name,))
    return speaker if base is None else Said(Reason.ON_TOP_OF, (base, speaker))


def _variants(
    c: str,
    role: str,
    names: set[str],
    echo_texts: list[str],
    sentinels_name: str,
) -> Iterator[tuple[Said, str, str]]:
    """(reason, prefix, body) candidates for what the middleware may have
    hashed: the text ``prefix + body``. Most candidates put a short prefix in
    front of the content itself; keeping them apart lets the caller encode
    the content once per message instead of once per candidate."""
    sentinels = SENTINEL_PAIRS[sentinels_name]
    plain = sentinels.restore(c)
    bases: list[tuple[Said | None, str]] = [(None, c)]
    if "\n" in c:
        bases.append((_CRLF, c.replace("\n", "\r\n")))
    other = next(p for n, p in SENTINEL_PAIRS.items() if n != sentinels_name)
    if plain != c:
        bases.append((_OLDER_SENTINELS, other.apply(plain)))
        bases.append((_REAL_BRACES, plain))
    for label, base in bases:
        for name in names:
            yield _speaker_reason(label, name), f"{name}: ", base
    found = _SPEAKER_RE.match(c)
    if found:
        yield _SPEAKER_REMOVED, "", c[found.end() :]
    prefix = {"user": "User: ", "assistant": "Assistant: "}.get(role.lower())
    if prefix:
        yield _ROLE_PREFIX, prefix, c
    for known in ("User: ", "Assistant: "):
        if c.startswith(known):
            yield _ROLE_PREFIX, "", c[len(known) :]
    # ~250 candidates a reply under one reason: made in C-level passes
    yield from zip(repeat(_ECHO_CLEANED), map(operator.add, echo_texts, repeat(" ")), repeat(c))
    yield from zip(repeat(_ECHO_CLEANED), _RELATIVE_PREFIXES, repeat(c))
    if "\n" in c:
        yield _LINE_ENDINGS, "", c.replace("\n", "\r\n")
    if "\r" in c:
        yield _LINE_ENDINGS, "", c.replace("\r\n", "\n").replace("\r", "")
    for label, base in bases[1:]:
        assert label is not None  # only the content itself has no label
        yield label, "", base
    for form, said in _UNICODE_FORMS.items():
        normal = unicodedata.normalize(form, c)
        if normal != c:
            yield said, "", normal
    for r in {role, role.lower()}:
        for glue in ("", ": ", ":", "\n", "|"):
            yield _ROLE_HASHED, f"{r}{glue}", c
    if "\n\n" in c:
        yield _MERGED_AFTER, "", c.split("\n\n", 1)[0]


_PAD_UNITS = (" ", "\t", "\n", "\r\n")
# what editors and front ends trim: up to two whitespace units on a side
# ("\r\n" counts as one, so "\n\n" and "\r\n\r\n" are in)
SIDE_PADDINGS = ("", *_PAD_UNITS, *(a + b for a in _PAD_UNITS for b in _PAD_UNITS))
NARROW_PADDINGS = ("", *_PAD_UNITS, "\n\n")
# padded hashes spent on the messages one orphan may be given; past it they
# try the narrow grid (``_whole_grid``). An ordered file's bounded search
# (``_bounds``) gives each orphan a few messages (100k messages, 5% broken
# and 5% saved differently: ~9,500 searched, each orphan open to ~1); it is
# reached where order does not hold or by the never-tracked tail after the
# last tracked time (50k messages, all open to the orphans past that time).
PADDING_BUDGET = 4_000_000


def _grid(sides: tuple[str, ...]) -> tuple[tuple[str, bytes], ...]:
    return tuple((pad, pad.encode("ascii")) for pad in sides)


# the grids a message tries, by whether it is given the whole one
_GRIDS = (_grid(NARROW_PADDINGS), _grid(SIDE_PADDINGS))


_HASH = type(hashlib.sha256())


def _padded_matches(
    content: str,
    raw_orphans: dict[bytes, str],
    grid: tuple[tuple[str, bytes], ...],
    cells: list[bytes] | None = None,
) -> Iterator[tuple[str, Said]]:
    """(orphan, reason) for the trimmed content with whitespace around it.

    The text is hashed once per leading padding and every trailing padding
    continues a copy of that hash state, so the grid costs little more than
    one hash of the text per row; cells are compared as raw digests (no hex
    text per cell). A match is proof: SHA-256 does not collide. ``cells``,
    when given, is handed every cell's raw digest (``_fingerprint``)."""
    core = content.strip(" \t\r\n")
    try:
        body = core.encode("utf-8")
    except UnicodeEncodeError:
        return
    if not core:
        return
    get = raw_orphans.get
    # no trailing padding is the row's own digest: no state copy for it
    # (a copy costs about what the digest does: ~8% of the grid measured)
    bare = bool(grid) and not grid[0][1]
    rest = grid[1:] if bare else grid
    keep = cells.append if cells is not None else None
    for lead, lead_bytes in grid:
        head = _sha256(lead_bytes + body)
        if bare:
            raw = head.digest()
            if keep is not None:
                keep(raw)
            digest = get(raw)
            if digest is not None and lead + core != content:
                yield digest, Said(Reason.PADDING, (lead, ""))
        for trail, trail_bytes in rest:
            state = head.copy()
            state.update(trail_bytes)
            raw = state.digest()
            if keep is not None:
                keep(raw)
            digest = get(raw)
            if digest is not None and lead + core + trail != content:
                yield digest, Said(Reason.PADDING, (lead, trail))


@frozen
class _Speakers:
    """What the speaker names tried come from, kept so that a grown
    discussion's names are found from its new messages alone
    (``update_repairs``): the "name" fields and the chat's names, each in
    first-seen order, and the count of "Name: " prefixes in contents."""

    fields: dict[str, None]
    chat: dict[str, None]
    seen: Counter[str]
    counted: int  # request messages read

    @classmethod
    def of(cls, discussion: Discussion) -> _Speakers:
        return cls({}, {}, Counter(), 0).grown(discussion)

    def grown(self, discussion: Discussion) -> _Speakers:
        """These, with the request's messages after the ``counted`` first
        read too (the first ones must be the same messages)."""
        fields = discussion.request.fields
        added = fields[self.counted :]
        named = dict(self.fields)
        seen = self.seen.copy()
        # read from the request's columns: its per-message view costs 100k objects
        for message in added:
            name = message.get("name")
            if isinstance(name, str) and name:
                named.setdefault(name)
        # "Name: " prefixes already in the chat; a speaker speaks more than once,
        # and only the most frequent few are tried (every candidate costs a hash
        # per untracked message)
        # (the pattern needs ": " within its first 42 characters: a C-level find
        # skips the regex for nearly every message of a large chat)
        match = _SPEAKER_RE.match
        for message in added:
            content = message["content"]
            if content.find(": ", 1, 42) < 0:
                continue
            found = match(content)
            if found and found.group(1).strip() and len(found.group(1).split()) <= 3:
                seen[found.group(1)] += 1
        chat = discussion.transcript.sillytavern
        spoken = dict.fromkeys(m.name for m in chat.messages if m.name) if chat is not None else {}
        return _Speakers(named, spoken, seen, len(fields))

    def names(self) -> set[str]:
        """The names, made as one set in the order of first sight (what is
        tried first, and so which reason a match is given, follows the set's order)."""
        names: set[str] = set()
        for name in self.fields:
            names.add(name)
        names.update(self.chat)
        names.update(name for name, count in self.seen.most_common(MAX_CONTENT_SPEAKERS) if count > 1)
        return names


def _speaker_names(discussion: Discussion) -> set[str]:
    return _Speakers.of(discussion).names()


def propose_repairs(
    discussion: Discussion,
    *,
    reanchor: bool = False,
    zone: str | None = None,
    progress: Progress | None = None,
) -> list[Proposal]:
    """Every pairing the evidence supports, best first; nothing is changed.
    ``progress`` hears how far the candidate search is (at 100k untracked
    messages it takes long enough to want a bar) and may raise to stop it."""
    return search_repairs(discussion, reanchor=reanchor, zone=zone, progress=progress).proposals


# a searched text's matches (``_matches_of``) by all they depend on: the
# text (its hash) and role, the names tried and the sentinels, the echoed
# times, the orphans it may be given (all of them, where unbounded), the grid
_MemoKey = tuple[object, ...]


@frozen
class RepairSearch:
    """``propose_repairs``'s answer for ``discussion`` with what it searched
    with, so that the discussion grown by an append is answered from it
    (``update_repairs``). ``how``: "searched" (the whole search), "replayed"
    (the search again, hashing only texts whose inputs changed), "kept"
    (nothing the search looks at changed: judged from the new rows alone),
    "judged" (the new texts and orphans searched alone: ``_grown_search``)."""

    discussion: Discussion
    proposals: list[Proposal]
    reanchor: bool
    zone: str | None
    orphans: frozenset[str]
    speakers: _Speakers | None  # None: no search ran (no orphan or no untracked message)
    memo: dict[_MemoKey, dict[str, Said]]
    how: str = "searched"
    # the latest of the stored times and the orphans' times (None: no time)
    latest: datetime | None = None
    grown: _Grown | None = None  # what an append is answered from (None: it is searched again)
    prints: dict[_MemoKey, bytes] = field(default_factory=dict)  # the ``memo``'s fingerprints
    # the search before untracked rows were appended with no time or orphan (the middleware
    # wrote chat.json, timestamps.json not yet): when that file comes and tracks them, the
    # answer is kept from it (``update_repairs``); None otherwise
    base: RepairSearch | None = None


@frozen
class _Grown:
    """What ``_grown_search`` answers an append from without a pass over
    every row: the search's time index, tracked rows' order and gaps, its
    texts, the texts it searched open to every orphan with their
    fingerprints joined (None: one was not kept), the merged texts'."""

    index: _TimeIndex
    tracked: _Order
    gaps: _Gaps
    by_hash: dict[str, list[int]]
    unbounded: frozenset[str]
    prints: bytes | None
    merged: bytes
    raw: dict[bytes, str]  # the orphans by raw digest
    # the last row of a text the search's first round bounded (-1: none):
    # the texts after it are open to every orphan (``_keeps_judgment``)
    last_bounded: int = -1
    # how many texts more the search may have before a text it gave the whole
    # padding grid is given the narrow one (``_whole_grid``): an append of
    # untracked texts alone changes no earlier text's grid below it
    slack: int = PADDING_BUDGET

    def grown(
        self,
        timeline: Timeline,
        count: int,
        orphan_times: list[tuple[datetime, str]],
        disordered: bool = False,
    ) -> _Grown | None:
        """These for ``timeline``, the search's grown by the rows from
        ``count`` on (none of the earlier changed, none of the texts before
        seen again), with ``orphan_times`` the orphans' times sorted; None
        when an added tracked time is earlier than one before (the search is
        run again), unless ``disordered`` (the caller knows no text's
        judgment changes: the order's earliest times are lowered)."""
        timed: list[tuple[int, datetime]] = []
        points: list[tuple[int, datetime]] = []
        columns = (timeline.positions, timeline.statuses, timeline.times, timeline.flags)
        for position, status, moment, flags in zip(*(column[count:] for column in columns), strict=True):
            if moment is None:
                continue
            timed.append((position, moment))
            if status is Status.TRACKED and Flag.SHARED_HASH not in flags:
                points.append((position, moment))
        tracked = self.tracked.grown([p for p, _ in points], [t for _, t in points], disordered)
        if tracked is None:
            return None
        index = _TimeIndex(
            self.index.positions + [p for p, _ in timed],
            self.index.times + [t for _, t in timed],
            orphan_times,
        )
        return replace(self, index=index, tracked=tracked, gaps=self.gaps.grown(timeline, count))


def search_repairs(
    discussion: Discussion,
    *,
    reanchor: bool = False,
    zone: str | None = None,
    progress: Progress | None = None,
    memo: dict[_MemoKey, dict[str, Said]] | None = None,
    how: str = "searched",
    speakers: _Speakers | None = None,
    prints: dict[_MemoKey, bytes] | None = None,
) -> RepairSearch:
    """``propose_repairs`` with what it searched with; a text whose search
    inputs are a key of ``memo`` is not hashed again (its matches are a pure
    function of them). ``speakers``: the discussion's own (``_Speakers.grown``
    from an earlier search's), else read from every message."""
    store = discussion.store
    if store is None or not discussion.has_transcript:
        return RepairSearch(discussion, [], reanchor, zone, frozenset(), None, {}, how)
    timeline = discussion.timeline  # read as columns: no row objects are made
    orphans = _orphans(timeline)
    by_hash: dict[str, list[int]] = defaultdict(list)
    untracked = Status.UNTRACKED
    for position, status, digest in zip(timeline.positions, timeline.statuses, timeline.hashes, strict=True):
        if status is untracked:
            by_hash[digest].append(position)

    proposals: list[Proposal] = []
    made: dict[_MemoKey, dict[str, Said]] = {}
    if not (orphans and by_hash):
        speakers = None
    elif speakers is None:
        speakers = _Speakers.of(discussion)
    grown: _Grown | None = None
    made_prints: dict[_MemoKey, bytes] = {}
    if speakers is not None:
        raw = {bytes.fromhex(orphan): orphan for orphan in orphans}
        context = _Context(
            speakers.names(), frozenset(orphans), memo or {}, made, prints or {}, made_prints, raw=raw
        )
        index, trace = _TimeIndex.build(discussion, orphans), _Trace()
        tracked = _Order.of(*_tracked_points(discussion))
        proposals += _transformation_pairs(
            discussion, by_hash, orphans, progress, context, (index, tracked), trace
        )
        claimed_hashes = {p.message_hash for p in proposals if p.confidence is Confidence.HIGH}
        claimed_orphans = {p.orphan for p in proposals if p.confidence is Confidence.HIGH}
        gaps = _Gaps.of(timeline)
        proposals += _position_pairs(
            discussion, by_hash, orphans - claimed_orphans, claimed_hashes, (gaps, index.orphan_times)
        )
        kept = [context.prints.get(digest) for digest in trace.unbounded]
        joined = None if None in kept else b"".join(filter(None, kept))
        grown = _Grown(
            index,
            tracked,
            gaps,
            by_hash,
            frozenset(trace.unbounded),
            joined,
            _fingerprint(trace.merged),
            raw,
            trace.last_bounded,
            trace.slack,
        )
    if reanchor:
        proposals += _reanchor(discussion, zone)
    proposals.sort(key=_rank)
    times = [max(filter(None, timeline.times), default=None), *map(store.parsed, orphans)]
    latest = max(filter(None, times), default=None)
    return RepairSearch(
        discussion,
        proposals,
        reanchor,
        zone,
        frozenset(orphans),
        speakers,
        made,
        how,
        latest,
        grown,
        made_prints,
    )


# read per proposal when sorting: the enum's property costs ~10x a dict's look-up
_RANKS = {confidence: confidence.rank for confidence in Confidence}


def _rank(proposal: Proposal) -> tuple[int, int]:
    return -_RANKS[proposal.confidence], proposal.positions[0]


def update_repairs(
    previous: RepairSearch,
    discussion: Discussion,
    *,
    reanchor: bool = False,
    zone: str | None = None,
    progress: Progress | None = None,
) -> RepairSearch:
    """``search_repairs(discussion)``, the same proposals in the same order,
    from ``previous`` (the search of the discussion shown before) when
    ``discussion`` is it grown by appends (``timeline.growth_since``): when
    nothing the search looks at changed (no new untracked message, the same
    orphans with the same times, the same speaker names, the new times
    after every earlier time and orphan) the proposals are kept and only
    re-anchoring is judged again from the run the append may extend; when
    what changed can touch nothing earlier, the new texts and orphans are
    judged alone (``_grown_search``); when rows an earlier append added
    untracked changed (timestamps.json written after chat.json), from the
    search before them (``RepairSearch.base``); else the search runs again, hashing
    only the texts whose search inputs changed. Anything else (rewritten, replaced, edited) is searched whole.
    The same conversation and file simulated at another moment (the live
    clock's minute) is the same answer."""
    before = previous.discussion
    if (previous.reanchor, previous.zone) == (reanchor, zone) and _same_inputs(before, discussion):
        return replace(previous, discussion=discussion, how="kept")
    grown = previous.discussion.has_transcript and discussion.has_transcript
    grown = grown and growth_since(discussion.timeline, previous.discussion.timeline) is not None
    if not grown:
        # searched whole, but a text whose search inputs did not change is not hashed again (its
        # matches are a pure function of them, ``_MemoKey``): after appends a search that was
        # still running when they came changed earlier rows (``growth_since``)
        return search_repairs(
            discussion,
            reanchor=reanchor,
            zone=zone,
            progress=progress,
            memo=previous.memo,
            prints=previous.prints,
        )
    base = previous.base
    if (
        base is not None
        and (base.reanchor, base.zone) == (reanchor, zone)
        and growth_since(discussion.timeline, before.timeline) != ()
        and growth_through(discussion.timeline, before.timeline, base.discussion.timeline) == ()
    ):
        # rows the append before added untracked changed (timestamps.json came after
        # chat.json): the search before them is grown by every row since
        return update_repairs(base, discussion, reanchor=reanchor, zone=zone, progress=progress)
    if previous.reanchor == reanchor and previous.zone == zone:
        kept = _kept(previous, discussion)
        if kept is not None:
            return kept
        judged = _grown_search(previous, discussion)
        if judged is not None:
            return judged
    # no earlier row changed: the names are the earlier ones with the new messages' (as ``_kept``)
    speakers = None
    if previous.speakers is not None and growth_since(discussion.timeline, before.timeline) == ():
        speakers = previous.speakers.grown(discussion)
    return search_repairs(
        discussion,
        reanchor=reanchor,
        zone=zone,
        progress=progress,
        memo=previous.memo,
        how="replayed",
        speakers=speakers,
        prints=previous.prints,
    )


def _same_inputs(before: Discussion, after: Discussion) -> bool:
    """Whether the search reads the same things in both: the same transcript,
    request, file and join, the same options (``at_time`` keeps them all)."""
    same = after.transcript is before.transcript and after.request is before.request
    same = same and after.store is before.store and after.options == before.options
    return same and "timeline" in after.__dict__ and after.timeline is before.timeline


def _kept(previous: RepairSearch, discussion: Discussion) -> RepairSearch | None:
    """The answer for ``discussion`` (``previous.discussion`` grown, no earlier
    row changed) when the append changed nothing the search looks at, else None.

    Why it is the search's own answer: the untracked texts and their rows
    are the same, the orphans the same with the same times, the names and
    sentinels the same. The new rows bound only the texts after the last
    earlier bounding row (their bracket's upper end, None before, is now a
    new time), and their echo windows the same way; a new time no earlier
    than every earlier time and every orphan's lets in no orphan (none lies
    past it) and breaks no order (``_Order``), in every round of the
    search, and closes the last gap of ``_position_pairs`` with the same
    orphans inside. A new time earlier than that (the live clock behind the
    file's last times) keeps the answer where ``_keeps_judgment`` tells by
    bisection that no text's search changes; the pairs by position are then
    judged again when a new reliable row moved the last gap. Re-anchoring is
    judged again from the run the last earlier rows were in (``_runs``)."""
    before = previous.discussion
    old, new = before.timeline, discussion.timeline
    store, old_store = discussion.store, before.store
    if store is None or old_store is None or growth_since(new, old) != ():
        return None
    count = len(old.hashes)
    if Status.UNTRACKED in new.statuses[count:]:
        return None  # a new text to search
    orphans = previous.orphans if new.orphans == old.orphans else frozenset(_orphans(new))
    if orphans != previous.orphans:
        return None
    was, now = list(map(old_store.get, orphans)), list(map(store.get, orphans))
    if was != now or list(map(type, was)) != list(map(type, now)):
        return None  # an orphan's time changed
    added = [moment for moment in new.times[count:] if moment is not None]
    latest = previous.latest
    disordered = bool(added) and latest is not None and min(added) < latest
    if disordered and previous.speakers is not None and not _keeps_judgment(previous, new, count):
        return None
    if added:
        latest = max(added) if latest is None else max(latest, *added)
    speakers = previous.speakers
    if speakers is not None:
        grown = speakers.grown(discussion)
        if list(grown.names()) != list(speakers.names()):
            return None
        speakers = grown
    elif orphans and Status.UNTRACKED in old.statuses:
        return None  # a search would run: what it tries is not known
    if previous.reanchor and previous.zone is None and discussion.clock_zone != before.clock_zone:
        return None  # the chat's own times tell another clock: every re-anchored time moves
    proposals = list(previous.proposals)
    remade = previous.reanchor  # proposals made again: sorted (kept ones are in order)
    state = previous.grown
    if state is not None:
        gaps = state.gaps
        state = state.grown(new, count, state.index.orphan_times, disordered)
        if (
            disordered
            and state is not None
            and (len(state.gaps.closed), state.gaps.previous_time) != (len(gaps.closed), gaps.previous_time)
        ):
            # a new reliable tracked row closed or moved a gap: its time, not past every
            # orphan's, may hold fewer orphans in it than before (``_position_pairs``)
            remade = True
            proposals = [p for p in proposals if p.kind != "pair" or _cause(p.why) not in _BY_POSITION]
            claimed = [p for p in proposals if p.confidence is Confidence.HIGH and p.kind == "pair"]
            proposals += _position_pairs(
                discussion,
                state.by_hash,
                set(orphans) - {p.orphan for p in claimed},
                {p.message_hash for p in claimed},
                (state.gaps, state.index.orphan_times),
            )
    if previous.reanchor:
        proposals = [p for p in proposals if p.kind != "reanchor"]
        start = _run_start(old)
        proposals += [p for p in previous.proposals if p.kind == "reanchor" and p.positions[0] < start]
        proposals += _reanchor(discussion, previous.zone, start)
    if remade:
        proposals.sort(key=_rank)
    return RepairSearch(
        discussion,
        proposals,
        previous.reanchor,
        previous.zone,
        previous.orphans,
        speakers,
        previous.memo,
        "kept",
        latest,
        state,
        previous.prints,
    )


def _keeps_judgment(previous: RepairSearch, new: Timeline, count: int) -> bool:
    """Whether rows appended from ``count`` on (tracked or untimed, no new
    text or orphan) leave every text's search inputs as they were in every
    round of the search, though a new time is earlier than an earlier one
    (the middleware's live clock behind the file's last times): then the
    search's judgment stands, and it is told by bisection, not by a pass
    over the texts (issue 29: ~52k texts in such a disorder at 100k).

    Why: a text's bracket is made by its tracked neighbours and the times
    high pairs give (``_Order.around``), broken where the latest time before
    it is past the earliest after it. New rows come after every text: a text
    keeps its neighbours when a tracked row of before follows it, and its
    echo window (``_echo_seeds``) when a timed row of before follows it. A
    text the first round found open to every orphan stays so (more times
    only break more order). A text it bounded stays bounded with the same
    bracket when no time before it, tracked or given, is past the new
    rows' earliest (tracked times rise to the last bounded text's row:
    one bisection), and each time given keeps the order it kept
    (``_Order.fits``), so each round searches the same texts the same way."""
    state = previous.grown
    store = previous.discussion.store
    if state is None or store is None:
        return False
    # a text after every timed row is after every tracked row, so bounded (no time after
    # it can break the order): the last bounded text tells whether there is one
    index, order, last_bounded = state.index, state.tracked, state.last_bounded
    if last_bounded >= 0 and (not index.positions or last_bounded > index.positions[-1]):
        return False  # a text with no timed row after it: its echo window closes
    tracked, shared = Status.TRACKED, Flag.SHARED_HASH
    columns = (new.statuses[count:], new.times[count:], new.flags[count:])
    points = [
        moment
        for status, moment, flags in zip(*columns, strict=True)
        if status is tracked and moment is not None and shared not in flags
    ]
    if not points:
        return True  # no bounding row: every bracket is as it was
    low = min(points)
    if last_bounded >= 0:
        at = bisect.bisect_left(order.positions, last_bounded)
        if at == len(order.positions):
            return False  # a bounded text after every tracked row: its bracket closes
        if at and order.latest[at - 1] > low:
            return False  # a bounded text after a time past the new rows': its order breaks
    high = Confidence.HIGH
    for proposal in previous.proposals:
        if proposal.confidence is not high or proposal.kind != "pair" or len(proposal.positions) != 1:
            continue
        moment = store.parsed(proposal.orphan) if proposal.orphan is not None else None
        if moment is None or moment <= low:
            continue  # it keeps the order it kept (``_Order.fits``), and bounds no text otherwise
        # past the new rows' earliest: it must break the tracked rows' order already (each
        # round searches the same texts again) and come after every other bounded text
        position = proposal.positions[0]
        at = bisect.bisect_left(order.positions, position)
        broke = (at > 0 and order.latest[at - 1] > moment) or (
            at < len(order.positions) and moment > order.earliest[at]
        )
        if position < last_bounded or not broke:
            return False
    return True


def _grown_search(previous: RepairSearch, discussion: Discussion) -> RepairSearch | None:
    """The search's answer for ``discussion`` (``previous.discussion`` grown,
    no earlier row changed) judged from what the append added alone, the new
    untracked texts and the new orphans, when they cannot change how any
    earlier text is judged; else None (the search runs again).

    Why it is the search's own answer: every added time (a row's, a new
    orphan's) is later than every earlier one (``previous.latest``), and
    every earlier text has a tracked row after it, so an earlier text's
    bracket, order, echoed times and padding grid (all texts try the whole
    grid below ``PADDING_BUDGET``'s count) are what they were, in every
    round; a new orphan lies in no earlier bracket, and the texts open to
    every orphan cannot be given one (none of their candidates is its key:
    their fingerprints). The new texts are searched as the search would
    (their brackets lie past every earlier time given by a high pair; the
    orphans those pairs took lie before the times a new reply may echo),
    and may be given only new orphans. So the earlier texts and orphans and
    the new ones are two searches that meet nothing of each other: the
    earlier proposals stand, the new texts' are added, and the pairs by
    position are judged again from the gaps (the last one the append
    closes), re-anchoring from the run the append may extend.

    With no new orphan (the middleware wrote chat.json, timestamps.json not
    yet: the new rows untracked) it holds past ``PADDING_BUDGET``'s count
    too, and with earlier texts after the last tracked row: every new time
    is past every orphan's, so it lets none into an earlier bracket or echo
    window; the new texts raise each text's count by one at most, so the
    earlier grids stand while they are fewer than the search's slack
    (``_Grown.slack``), and the new texts, given no earlier orphan, matched
    nothing: with either grid, and in every echo window the search's rounds
    may give a new reply (``_echo_span``: all tried at once)."""
    state, before = previous.grown, previous.discussion
    old, new = before.timeline, discussion.timeline
    store, speakers, latest = discussion.store, previous.speakers, previous.latest
    if state is None or store is None or speakers is None or latest is None or growth_since(new, old) != ():
        return None
    if previous.reanchor and previous.zone is None and discussion.clock_zone != before.clock_zone:
        return None  # the chat's own times tell another clock: every re-anchored time moves
    count = len(old.hashes)
    if new.orphans[: len(old.orphans)] != old.orphans:
        return None  # an orphan vanished (a message has its text now, or its time is given back)
    old_store = before.store
    assert old_store is not None
    orphans = previous.orphans
    was, now = list(map(old_store.as_mapping().get, orphans)), list(map(store.as_mapping().get, orphans))
    if was != now or list(map(type, was)) != list(map(type, now)):
        return None  # an orphan's time changed
    added = [key for key in new.orphans[len(old.orphans) :] if _HEX_DIGEST_RE.fullmatch(key)]
    added_times = list(map(store.parsed, added))
    new_times = [moment for moment in new.times[count:] if moment is not None]
    if any(moment is None or moment <= latest for moment in (*added_times, *new_times)):
        return None  # a time among the earlier ones (or none: an untimed orphan is in every bracket)
    grown_speakers = speakers.grown(discussion)
    if list(grown_speakers.names()) != list(speakers.names()):
        return None  # every text tries another name
    by_new: dict[str, list[int]] = defaultdict(list)
    untracked = Status.UNTRACKED
    columns = (new.positions[count:], new.statuses[count:], new.hashes[count:])
    for position, status, digest in zip(*columns, strict=True):
        if status is untracked:
            if digest in state.by_hash:
                return None  # an earlier text at a new row: its bracket grows
            by_new[digest].append(position)
    texts = len(state.by_hash) + len(by_new)
    # every text tries the whole grid, else the grids depend on every text's bracket: with
    # no new orphan, the new texts raise each count by one at most (``_whole_grid``), so the
    # earlier grids stand while they are fewer than the search's slack
    everywhere = texts <= PADDING_BUDGET // len(SIDE_PADDINGS) ** 2
    if not everywhere and (added or len(by_new) > state.slack):
        return None
    # no new orphan (chat.json written before timestamps.json: the new rows untracked): every
    # new time is past every orphan's, so it lets none into an earlier bracket or echo window
    quiet = not added
    last_text = max(map(operator.itemgetter(-1), state.by_hash.values()), default=-1)
    if (
        not quiet
        and state.by_hash
        and (not state.tracked.positions or last_text > state.tracked.positions[-1])
    ):
        return None  # an earlier text with no tracked row after it: the append bounds it
    raw_added = [bytes.fromhex(key)[:PRINT_BYTES] for key in added]
    if (
        raw_added
        and state.unbounded
        and (state.prints is None or any(raw in state.prints for raw in raw_added))
    ):
        return None  # a text open to every orphan may be given a new one: hash it again
    if any(raw in state.merged for raw in raw_added):
        return None  # two earlier messages sent merged may be a new orphan's
    everything = set(orphans).union(added)
    merged: list[bytes] = []
    if by_new and state.by_hash:  # the last earlier text and the first new one sent merged
        # (both are in the order of their first rows, as the timeline is read)
        last, first = next(reversed(state.by_hash.items())), next(iter(by_new.items()))
        pair = _merged_pairs(discussion, dict((last, first)), everything, merged)
        if pair:
            return None
    timed = [(moment, key) for moment, key in zip(added_times, added, strict=True) if moment is not None]
    orphan_times = sorted([*state.index.orphan_times, *timed])
    grown = state.grown(new, count, orphan_times)
    if grown is None:
        return None
    high = Confidence.HIGH  # read once: an enum member through its class costs ~10x a local
    taken = [p for p in previous.proposals if p.confidence is high and p.kind == "pair"]
    if taken and by_new:
        given = [p.positions[0] for p in taken if len(p.positions) == 1]
        index = grown.index
        replies = [
            where[0]
            for where in by_new.values()
            if discussion.request.fields[where[0]].get("role", "").lower() == "assistant"
        ]
        if given and (not state.tracked.positions or max(given) >= state.tracked.positions[-1]):
            return None
        if replies:
            if len(state.index.positions) < 3 or (given and max(given) >= state.index.positions[-3]):
                return None  # a time given before might be one a new reply echoes
            lowest = min(_before(index, q) for q in replies)
            gone = {
                p.orphan for p in taken if p.orphan and (store.parsed(p.orphan) or datetime.min) >= lowest
            }
            if gone and not quiet:
                return None  # an orphan taken before lies where a new reply's echoes are looked for
            if gone:
                # the search's later rounds skip the orphans its high pairs took in a new reply's
                # echo window: each round's window lies before its ``MAX_ECHO_ORPHANS``-th orphan
                # none took, so all are tried at once, and a new text that matches nothing there
                # matches nothing in any round (it may be given no earlier orphan: below)
                span = max(_echo_span(index, moment, gone) for moment in (_before(index, q) for q in replies))
                grown = replace(grown, index=replace(index, echo_orphans=span))
    made: dict[_MemoKey, dict[str, Said]] = {}
    made_prints: dict[_MemoKey, bytes] = {}
    proposals = [p for p in previous.proposals if p.kind == "pair" and _cause(p.why) not in _BY_POSITION]
    trace = _Trace()
    raw = state.raw
    if added:
        raw = {**raw, **dict(zip(map(bytes.fromhex, added), added, strict=True))}
    if by_new:
        context = _Context(
            speakers.names(),
            frozenset(everything),
            previous.memo,
            made,
            previous.prints,
            made_prints,
            raw=raw,
        )
        found = _transformation_pairs(
            discussion, by_new, everything, None, context, (grown.index, grown.tracked), trace
        )
        fresh = set(added)
        # (every match a new text has is in a proposal: ``_judged``; so, with no new orphan
        # or past the padding budget, a new text matched nothing, with any grid or echo window)
        if any(p.orphan not in fresh for p in found):
            return None  # a new text may be given an earlier orphan: the earlier texts' judgment changes
        grown = replace(grown, index=replace(grown.index, echo_orphans=None))
        proposals += found
        kept = [context.prints.get(digest) for digest in trace.unbounded]
        if grown.prints is not None:
            prints = None if None in kept else grown.prints + b"".join(filter(None, kept))
            grown = replace(grown, prints=prints)
    by_hash = {**state.by_hash, **by_new}
    claimed = [p for p in proposals if p.confidence is high]
    claimed_hashes = {p.message_hash for p in claimed}
    claimed_orphans = {p.orphan for p in claimed}
    proposals += _position_pairs(
        discussion,
        by_hash,
        everything - claimed_orphans,
        claimed_hashes,
        (grown.gaps, grown.index.orphan_times),
    )
    if previous.reanchor:
        start = _run_start(old)
        proposals += [p for p in previous.proposals if p.kind == "reanchor" and p.positions[0] < start]
        proposals += _reanchor(discussion, previous.zone, start)
    proposals.sort(key=_rank)
    grown = replace(
        grown,
        by_hash=by_hash,
        unbounded=grown.unbounded | trace.unbounded,
        raw=raw,
        merged=grown.merged + _fingerprint([*merged, *trace.merged]),
        last_bounded=max(grown.last_bounded, trace.last_bounded),
        # the earlier texts' counts rose by one per new text at most; the new ones' are at most
        # ``texts`` (everywhere), else they matched nothing by padding: either grid finds the same
        slack=min(
            state.slack - len(by_new),
            PADDING_BUDGET // len(SIDE_PADDINGS) ** 2 - texts if everywhere else state.slack,
        ),
    )
    return RepairSearch(
        discussion,
        proposals,
        previous.reanchor,
        previous.zone,
        frozenset(everything),
        grown_speakers,
        {**previous.memo, **made},
        "judged",
        max([latest, *added_times, *new_times]),  # type: ignore[type-var]
        grown,
        {**previous.prints, **made_prints},
        (previous.base or previous) if quiet and by_new else None,
    )


def _before(index: _TimeIndex, position: int) -> datetime:
    """The time of the last timed row before ``position`` (there is one)."""
    return index.times[bisect.bisect_left(index.positions, position) - 1]


def _echo_span(index: _TimeIndex, lower: datetime, gone: Set[str]) -> int:
    """How many orphan times from ``lower`` on hold the first
    ``MAX_ECHO_ORPHANS`` of them whose orphan is not ``gone``: every echo
    window a reply after ``lower`` (with no timed row after it) is given
    while any of the ``gone`` orphans are taken (``seeds_between``)."""
    start = bisect.bisect_left(index.orphan_times, (lower, ""))
    kept = 0
    for span, (_, orphan) in enumerate(itertools.islice(index.orphan_times, start, None), 1):
        kept += orphan not in gone
        if kept == MAX_ECHO_ORPHANS:
            return span
    return len(index.orphan_times) - start


def _run_start(timeline: Timeline) -> int:
    """Where the run ``_runs`` has under way at the timeline's end starts:
    the runs before it are over, the rows after it can only extend it."""
    considered = (Status.TRACKED, Status.UNTRACKED)
    statuses, times = timeline.statuses, timeline.times
    start = len(statuses)
    later: datetime | None = None
    for position in range(len(statuses) - 1, -1, -1):
        if statuses[position] not in considered:
            continue
        moment = times[position]
        if start == len(statuses):  # the last row considered
            start = position
            if moment is None:
                return start
        elif moment is None or later is None or later - moment != timedelta(seconds=1):
            return start
        else:
            start = position
        later = moment
    return start


# a pair found by where the message sits, not by a hash: no evidence of a link
_BY_POSITION = frozenset({Reason.ONLY_ONE_BETWEEN, Reason.IN_ORDER_BETWEEN})


def explained_orphans(proposals: Sequence[Proposal]) -> set[str]:
    """The orphans a proposal explains by a known cause: a transformation of
    one of the transcript's messages hashes to the orphan's key (ambiguous
    ones too: whichever message it was, it is this transcript's). Pairs by
    position are guesses from times and order, and explain nothing."""
    return {
        p.orphan
        for p in proposals
        if p.kind == "pair" and p.orphan is not None and _cause(p.why) not in _BY_POSITION
    }


def _cause(why: Said) -> object:
    """The reason under an ``AMBIGUOUS`` wrapper."""
    if why.code is Reason.AMBIGUOUS and why.args and isinstance(why.args[0], Said):
        return why.args[0].code
    return why.code


def pairing_doubts(discussion: Discussion, proposals: Sequence[Proposal]) -> tuple[Said, ...]:
    """``discussion.pairing_warnings`` with the orphans ``proposals`` explain
    counted as matches: the doubt stays where nothing links the two files."""
    if not discussion.pairing_warnings:
        return ()
    store = discussion.store
    assert store is not None
    return pairing_warnings(
        discussion.timeline.discussion_id,
        discussion.store_path,
        len(store.message_keys()),
        len(discussion.timeline.orphans),
        len(explained_orphans(proposals)),
    )


def cause_of(discussion: Discussion, position: int, orphan: str) -> Said | None:
    """The known cause of mismatch that turns message ``position`` into the
    text stored under ``orphan``: the reason a repair would give for pairing
    them, or None. One message against one key, through the transformations
    ``propose_repairs`` tries (the time-dependent echoes aside): what a reply
    committed under one text and sent back as another will be repaired as."""
    request = discussion.request
    sentinels = discussion.options.request.sentinels.name
    names = _speaker_names(discussion)
    for reason, prefix, body in _variants(
        request.contents[position], request.roles[position], names, [], sentinels
    ):
        if _sha(prefix + body, None) == orphan:
            return reason
    return None


def nothing_proposed(discussion: Discussion) -> Said:
    """Why ``propose_repairs`` found nothing, in this discussion's counts.

    The search gives an orphan only to a message between the tracked
    neighbours whose times bracket it (``_bounds``); a file whose times were
    rewritten later (a backfill) keeps the orphans' older times outside every
    bracket, so a known cause that holds exactly was never tried, and "none
    fits by a known cause" would be false (tryout: two entries re-keyed as
    ``' ' + text + ' '``). The untracked texts are therefore tried against
    every orphan here (``MAX_UNBOUNDED_CHECK`` of them at most: this runs on
    the search's worker, after a search that proposed nothing)."""
    timeline = discussion.timeline
    untracked = timeline.statuses.count(Status.UNTRACKED)
    orphans = _orphans(timeline)
    if not untracked:
        return Said(Unrepaired.ALL_TRACKED)
    if not orphans:
        return Said(Unrepaired.NO_ORPHANS, (untracked,))
    fitting, checked = _unbounded_fits(discussion, orphans)
    if fitting:
        return Said(Unrepaired.OUT_OF_ORDER, (fitting, len(orphans)))
    if not checked:
        return Said(Unrepaired.NONE_FITS_UNCHECKED, (len(orphans), untracked))
    return Said(Unrepaired.NONE_FITS, (len(orphans), untracked))


# untracked texts ``nothing_proposed`` tries against every orphan (~0.2 ms each,
# measured: 4.4 s for 20,000; ~2 s at most, on the worker); past it the wording
# says they were not
MAX_UNBOUNDED_CHECK = 10_000


def _unbounded_fits(discussion: Discussion, orphans: set[str]) -> tuple[int, bool]:
    """How many ``orphans`` a known cause (the transformations and the narrow
    padding grid; no echoed times, which depend on the times) ties to an
    untracked message regardless of the times, and whether every untracked
    text was tried."""
    timeline = discussion.timeline
    by_hash: dict[str, list[int]] = defaultdict(list)
    untracked = Status.UNTRACKED
    for position, status, digest in zip(timeline.positions, timeline.statuses, timeline.hashes, strict=True):
        if status is untracked:
            by_hash[digest].append(position)
    if len(by_hash) > MAX_UNBOUNDED_CHECK:
        return 0, False
    texts = list(by_hash)
    shared, tasks = _candidate_tasks(
        discussion,
        by_hash,
        texts,
        dict.fromkeys(texts),  # open to every orphan
        dict.fromkeys(texts, False),
        {digest: ([], []) for digest in texts},
        orphans,
        _speaker_names(discussion),
    )
    found: set[str] = set()
    for matched, _ in _message_matches(shared, tasks):
        found.update(matched)
    return len(found), True


def _orphans(timeline: Timeline) -> set[str]:
    """The stored times a repair may give back: the orphans but the reply's
    placeholder, which waits for its message rather than having lost one, and
    keys that are not a SHA-256 in hex (64 digits), which no message's hash can
    ever be (tryout: a 63-character key crashed the search in ``bytes.fromhex``)."""
    return {key for key in timeline.orphans if _HEX_DIGEST_RE.fullmatch(key)}


_HEX_DIGEST_RE = re.compile(r"[0-9a-f]{64}")


def _proposal(
    discussion: Discussion,
    positions: list[int],
    digest: str,
    orphan: str,
    confidence: Confidence,
    reason: Said,
) -> Proposal:
    store = discussion.store
    assert store is not None
    indexes = discussion.request.source_indexes
    return Proposal(
        "pair",
        tuple(positions),
        tuple(indexes[p] for p in positions),
        digest,
        orphan,
        store.get(orphan),
        None,
        confidence,
        reason,
    )


@frozen
class _TimeIndex:
    """Stored times by message position and orphan times, sorted once, so
    each untracked message finds its neighbours by bisection (no rescans)."""

    positions: list[int]  # positions of rows with a stored time, ascending
    times: list[datetime]  # their times
    orphan_times: list[tuple[datetime, str]]  # (time, orphan), sorted by time
    # orphan times a reply's echo window holds; more where ``_grown_search`` searches a new
    # reply with every window the search's rounds may give it at once
    echo_orphans: int | None = None  # None: ``MAX_ECHO_ORPHANS``

    @classmethod
    def build(cls, discussion: Discussion, orphans: set[str]) -> _TimeIndex:
        store = discussion.store
        assert store is not None
        timeline = discussion.timeline
        timed = [(p, t) for p, t in zip(timeline.positions, timeline.times, strict=True) if t is not None]
        parsed = ((store.parsed(o), o) for o in orphans)
        return cls(
            [p for p, _ in timed],
            [t for _, t in timed],
            sorted((t, o) for t, o in parsed if t is not None),
        )

    def echo_seeds(self, position: int) -> tuple[list[datetime], list[datetime]]:
        """What a reply at ``position`` may have echoed: the 3 stored times
        before it, and the orphan times near it (each with the seconds just
        before it, see ``echo_texts``)."""
        at = bisect.bisect_left(self.positions, position)
        return self.seeds_between(
            self.times[max(0, at - 3) : at], self.times[at] if at < len(self.times) else None
        )

    def seeds_between(
        self, near: list[datetime], after: datetime | None, taken: Set[str] = frozenset()
    ) -> tuple[list[datetime], list[datetime]]:
        """``near`` (the stored times just before a reply) and the first
        orphan times from the last of them up to ``after`` (the next stored
        time), but those of ``taken`` orphans: the search's high pairs give
        them to other messages, and a search after they are applied, which
        no longer has them, would try the orphans after them instead."""
        lower = near[-1] if near else datetime.min  # its orphan sits between its neighbours' times
        upper = after if after is not None else datetime.max
        lo = bisect.bisect_left(self.orphan_times, (lower, ""))
        hi = bisect.bisect_right(self.orphan_times, (upper, "\uffff"))
        count = MAX_ECHO_ORPHANS if self.echo_orphans is None else self.echo_orphans
        if not taken:
            return near, [moment for moment, _ in self.orphan_times[lo : min(hi, lo + count)]]
        window = (
            moment for moment, orphan in itertools.islice(self.orphan_times, lo, hi) if orphan not in taken
        )
        return near, list(itertools.islice(window, count))


def echo_texts(near: Sequence[datetime], moments: Sequence[datetime]) -> list[str]:
    """The echoed times as the middleware writes them, each text once (their
    order does not matter: every echo is tried under one reason), counted
    back a minute at a time from each orphan's time (``counted_back``)."""
    texts = dict.fromkeys(map(format_absolute, near))
    for moment in moments:
        texts[format_absolute(moment)] = None
        texts.update(dict.fromkeys(counted_back(moment, ECHO_WINDOW_SECONDS)))
    return list(texts)


@frozen
class _Candidates:
    """What every untracked message's candidates are tried against: the same
    for all of them, so a worker process is given it once."""

    names: set[str]
    sentinels_name: str
    raw_orphans: dict[bytes, str]  # raw digest -> orphan (compared without hex text)
    orphans: frozenset[str]


# one untracked message: content, role, images, the stored and orphan times
# a reply may have echoed (empty for other roles), the orphans it may be
# given (None: any, where order does not bound it), whether it tries the
# whole padding grid, whether its fingerprint is kept (``_fingerprint``)
_Task = tuple[
    str, str, Sequence[str] | None, list[datetime], list[datetime], frozenset[str] | None, bool, bool
]
# a message's matches and its fingerprint (None: not kept)
_Matched = tuple[dict[str, Said], bytes | None]

# bytes of each candidate digest a fingerprint keeps: enough that another
# text's digest is in it by chance about once in 2**64 / 440 tries, and when
# it is, the text is only hashed again (``_grown_search``)
PRINT_BYTES = 8


def _fingerprint(raws: Sequence[bytes]) -> bytes:
    """The first ``PRINT_BYTES`` of every candidate digest a message tried,
    joined: whether a new orphan can be one of its matches, without hashing
    the message again (a key whose prefix is not in it is none of its
    candidates; one that is may be, and the message is hashed again)."""
    return b"".join(raw[:PRINT_BYTES] for raw in raws)


def _message_matches(shared: _Candidates, tasks: Sequence[_Task]) -> list[_Matched]:
    """For each message, the orphans its candidate texts hash to, each with
    the first reason that produced it, and its fingerprint where asked.
    Depends on its arguments only, so chunks of messages can be worked on
    anywhere, in any order."""
    return [_matches_of(shared, task) for task in tasks]


def _matches_of(shared: _Candidates, task: _Task) -> _Matched:
    content, role, message_images, near, moments, allowed, whole, printed = task
    raw_orphans = shared.raw_orphans
    # the times a reply may have echoed, as the middleware writes them
    echo = echo_texts(near, moments) if near or moments else []
    found: dict[str, Said] = {}
    try:
        encoded = content.encode("utf-8")  # once: most candidates are a prefix and this
    except UnicodeEncodeError:
        encoded = None
    variants = list(_variants(content, role, shared.names, echo, shared.sentinels_name))
    raws = None if message_images or encoded is None else _raw_digests(variants, content, encoded)
    cells: list[bytes] | None = [] if printed and raws is not None else None
    if raws is not None:  # hashed in C-level passes; a Python step only where one is an orphan
        if not raw_orphans.keys().isdisjoint(raws):
            for (reason, _, _), raw in zip(variants, raws, strict=True):
                candidate = raw_orphans.get(raw)
                if candidate is not None and candidate not in found:
                    found[candidate] = reason
        variants = []
    orphans = shared.orphans
    sha = _sha256
    for reason, prefix, body in variants:
        if message_images:
            candidate = _sha(prefix + body, message_images)
        else:
            try:
                data = (
                    prefix.encode("utf-8") + encoded
                    if body is content and encoded is not None
                    else (prefix + body).encode("utf-8")
                )
            except UnicodeEncodeError:
                continue
            candidate = raw_orphans.get(sha(data).digest())
        if candidate is not None and candidate in orphans and candidate not in found:
            found[candidate] = reason
    # an image-only hash folds images in; padding is not the cause there
    if not message_images:
        for candidate, reason in _padded_matches(content, raw_orphans, _GRIDS[whole], cells):
            found.setdefault(candidate, reason)
    else:
        for text, reason in (
            (content, _IMAGES_LEFT_OUT),
            (content + "".join(sorted(message_images)), _IMAGES_FOLDED_IN),
        ):
            candidate = _sha(text, None)
            if candidate is not None and candidate in orphans:
                found.setdefault(candidate, reason)
    if allowed is not None and not allowed.issuperset(found):
        found = {orphan: why for orphan, why in found.items() if orphan in allowed}
    return found, None if cells is None or raws is None else _fingerprint(raws) + _fingerprint(cells)


class _Trace:
    """What a search tells ``_grown_search`` beyond its proposals: the texts
    it last searched open to every orphan, and the raw digests of the merged
    texts of consecutive messages it tried."""

    def __init__(self) -> None:
        self.unbounded: set[str] = set()
        self.merged: list[bytes] = []
        self.last_bounded = -1  # the last row of a text its first round bounded (``_Grown``)
        # the least, over every round, of how far a text given the whole padding grid was
        # below ``_whole_grid``'s limit (``_Grown.slack``)
        self.slack = PADDING_BUDGET


PARALLEL_FROM = 1_500  # untracked messages from which a worker process shares the candidates
# texts open to every orphan whose fingerprints a search keeps (~3.5 KB each);
# past it none is kept, and an append is answered by the search again
MAX_PRINTED = 4_000


def _transformation_pairs(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    orphans: set[str],
    progress: Progress | None,
    context: _Context | None = None,
    known: tuple[_TimeIndex, _Order] | None = None,
    trace: _Trace | None = None,
) -> list[Proposal]:
    """The pairs known transformations find, as a search after these pairs
    are applied would find them too (a message's tracked time bounds its
    neighbours: see ``_bounds``; the grid may widen, see ``_whole_grid``).
    Each round takes the high pairs as given, bounds the messages left by
    them, searches again only a message whose orphans or grid grew, and
    judges what is left; it stops when a round finds no new high pair (on
    an ordered file, the second round hashes nothing). ``known``: the time
    index and the tracked rows' order, when the caller has them; ``trace``
    hears what an append is judged against (``_grown_search``)."""
    # ~200 candidates and ~440 padding cells per searched message, all
    # holding the GIL: at scale a worker process takes chunks from the back
    if context is None:
        context = _Context(_speaker_names(discussion), frozenset(orphans), {}, {})
    index, tracked = known if known is not None else (_TimeIndex.build(discussion, orphans), None)
    store = discussion.store
    assert store is not None
    pending = dict(by_hash)  # the texts no high pair has taken yet
    given: dict[int, datetime] = {}  # positions earlier rounds' high pairs give a time
    found: dict[str, dict[str, Said]] = {}
    searched_as: dict[str, _Searched] = {}  # what each text was searched with
    taken: list[Proposal] = []
    taken_orphans: set[str] = set()  # the orphans those pairs give: gone from echo windows
    trace = trace if trace is not None else _Trace()
    unbounded = trace.unbounded
    merged = _merged_pairs(discussion, by_hash, orphans, trace.merged)
    if tracked is None:
        tracked = _Order.of(*_tracked_points(discussion))
    extra = _Order.of([], [])  # the given times, read with the tracked ones (``_Order.around``)
    scope = pending  # the texts whose bounds may have changed
    bounds: dict[str, frozenset[str] | None] = {}
    while True:
        bounds.update(_bounds(discussion, scope, index, orphans, (tracked, extra)))
        if not searched_as:  # the first round: every text's bracket, with no time given yet
            rows = (where[-1] for digest, where in pending.items() if bounds[digest] is not None)
            trace.last_bounded = max(rows, default=-1)
        open_to = {digest: bounds[digest] for digest in pending if bounds[digest] is None or bounds[digest]}
        whole = _whole_grid(open_to, orphans, trace)
        seeds = {
            digest: _echo_seeds(discussion, index, extra, pending[digest][0], taken_orphans)
            for digest in open_to
        }
        todo = [
            digest
            for digest, allowed in open_to.items()
            if not _covered(searched_as.get(digest), (allowed, whole[digest], seeds[digest]))
        ]
        round_progress = progress if not searched_as else None  # later rounds are small
        results = _search(discussion, pending, todo, bounds, whole, seeds, orphans, round_progress, context)
        for digest, result in zip(todo, results, strict=True):
            found[digest] = result
            searched_as[digest] = (bounds[digest], whole[digest], seeds[digest])
            if bounds[digest] is None:
                unbounded.add(digest)
            else:
                unbounded.discard(digest)
        if not todo and round_progress is not None:  # the bounds left nothing to hash
            untracked = sum(map(len, pending.values()))
            round_progress(Said(Stage.PAIRING, (untracked, untracked)), 1.0)
        # an orphan a high pair took is the file's no more (a search after the
        # pair is applied has it as given back): another text's match of it
        # neither makes that text ambiguous nor gives it the orphan a second time
        current = [
            _within(found[digest], bounds[digest], taken_orphans) if digest in found else {}
            for digest in pending
        ]
        judged = _judged(discussion, pending, current, [m for m in merged if m[2] not in taken_orphans])
        high = [p for p in judged if p.confidence is Confidence.HIGH]
        if not high:
            return taken + judged
        taken += high
        new: dict[int, datetime] = {}
        for proposal in high:
            pending.pop(proposal.message_hash, None)
            if proposal.orphan is not None:
                taken_orphans.add(proposal.orphan)
            moment = store.parsed(proposal.orphan) if proposal.orphan is not None else None
            if len(proposal.positions) == 1 and moment is not None:  # copies do not bound (``_bounds``)
                new[proposal.positions[0]] = moment
        if not pending:
            return taken
        # a time that keeps the order only narrows brackets: a text open to
        # no orphan stays so; one that breaks it may open any text to all
        scope = {digest: pending[digest] for digest in open_to if digest in pending}
        if not all(_Order.fits(tracked, extra, position, moment) for position, moment in new.items()):
            scope = pending
        elif not scope:  # nothing a next round could change
            return taken + [p for p in judged if p.confidence is not Confidence.HIGH]
        given.update(new)
        ordered = sorted(given.items())
        extra = _Order.of([position for position, _ in ordered], [moment for _, moment in ordered])


@frozen
class _Order:
    """Bounding positions (ascending) and their times, with the latest time
    up to each and the earliest from each on (``_bounds``). Two of them, the
    tracked rows and the times a search gives, are read as one sequence
    (``around``): no merged copy of 100k rows per round."""

    positions: list[int]
    times: list[datetime]
    latest: list[datetime]
    earliest: list[datetime]

    @classmethod
    def of(cls, positions: list[int], times: list[datetime]) -> _Order:
        latest = list(itertools.accumulate(times, max))
        earliest = list(itertools.accumulate(reversed(times), min))[::-1]
        return cls(positions, times, latest, earliest)

    def grown(self, positions: list[int], times: list[datetime], disordered: bool = False) -> _Order | None:
        """These with ``positions`` after them added, when no added time is
        earlier than any of these (the earliest from each earlier position
        on stays as it was: no pass over them); None otherwise, unless
        ``disordered``: then the earliest times past the added ones' earliest
        are lowered to it (they rise along the positions: one bisection finds
        them, no comparison per position)."""
        if not positions:
            return self
        earliest = self.earliest
        if self.latest and min(times) < self.latest[-1]:
            if not disordered:
                return None
            low = min(times)
            cut = bisect.bisect_right(earliest, low)
            earliest = earliest[:cut] + [low] * (len(earliest) - cut)
        latest = list(itertools.accumulate(times, max, initial=self.latest[-1])) if self.latest else None
        added = _Order.of(positions, times)
        return _Order(
            self.positions + positions,
            self.times + times,
            self.latest + (latest[1:] if latest is not None else added.latest),
            earliest + added.earliest,
        )

    @staticmethod
    def around(
        a: _Order, b: _Order, position: int
    ) -> tuple[tuple[int, int], datetime | None, datetime | None, bool]:
        """For a position in neither: where it falls in each (the key of its
        bracket), its neighbours' times before and after (None at an end),
        and whether order breaks there (the latest time before it past the
        earliest after it)."""
        at, bt = bisect.bisect_left(a.positions, position), bisect.bisect_left(b.positions, position)
        before = [(o.positions[i - 1], o.times[i - 1]) for o, i in ((a, at), (b, bt)) if i]
        after = [(o.positions[i], o.times[i]) for o, i in ((a, at), (b, bt)) if i < len(o.positions)]
        latest = [o.latest[i - 1] for o, i in ((a, at), (b, bt)) if i]
        earliest = [o.earliest[i] for o, i in ((a, at), (b, bt)) if i < len(o.positions)]
        broken = bool(latest and earliest) and max(latest) > min(earliest)
        return (at, bt), max(before)[1] if before else None, min(after)[1] if after else None, broken

    @staticmethod
    def fits(a: _Order, b: _Order, position: int, moment: datetime) -> bool:
        """Whether a time at ``position`` keeps the order (no disorder made)."""
        at, bt = bisect.bisect_left(a.positions, position), bisect.bisect_left(b.positions, position)
        latest = [o.latest[i - 1] for o, i in ((a, at), (b, bt)) if i]
        earliest = [o.earliest[i] for o, i in ((a, at), (b, bt)) if i < len(o.positions)]
        return all(t <= moment for t in latest) and all(moment <= t for t in earliest)


def _echo_seeds(
    discussion: Discussion, index: _TimeIndex, extra: _Order, position: int, taken: Set[str] = frozenset()
) -> tuple[list[datetime], list[datetime]]:
    """The times a message at ``position`` may have echoed: a reply's only,
    the times the search gave (``extra``) counted as stored, the orphans it
    gave them from (``taken``) as gone."""
    role = discussion.request.fields[position].get("role", "")
    if role.lower() != "assistant":
        return [], []
    if not extra.positions and not taken:
        return index.echo_seeds(position)
    at, bt = bisect.bisect_left(index.positions, position), bisect.bisect_left(extra.positions, position)
    before = sorted(
        [
            *zip(index.positions[max(0, at - 3) : at], index.times[max(0, at - 3) : at], strict=True),
            *zip(extra.positions[max(0, bt - 3) : bt], extra.times[max(0, bt - 3) : bt], strict=True),
        ]
    )[-3:]
    after = [(o.positions[i], o.times[i]) for o, i in ((index, at), (extra, bt)) if i < len(o.positions)]
    return index.seeds_between([moment for _, moment in before], min(after)[1] if after else None, taken)


@frozen
class _Context:
    """What one search tries for every text, and the matches known by their
    inputs: ``known`` (an earlier search's), ``made`` (this one's)."""

    names: set[str]
    everything: frozenset[str]  # the orphans: what an unbounded text may be given
    known: dict[_MemoKey, dict[str, Said]]
    made: dict[_MemoKey, dict[str, Said]]
    # the fingerprints of texts searched open to every orphan, by their
    # inputs (an earlier search's, this one's) and, of this one, by text
    # (its latest search): what ``_grown_search`` tests new orphans against
    known_prints: dict[_MemoKey, bytes] = field(default_factory=dict)
    made_prints: dict[_MemoKey, bytes] = field(default_factory=dict)
    prints: dict[str, bytes | None] = field(default_factory=dict)
    raw: dict[bytes, str] | None = None  # the orphans by raw digest (``_Candidates``), made once

    @functools.cached_property
    def names_key(self) -> tuple[str, ...]:
        return tuple(self.names)  # in the order tried

    def key(
        self,
        discussion: Discussion,
        digest: str,
        position: int,
        allowed: frozenset[str] | None,
        whole: bool,
        seeds: tuple[list[datetime], list[datetime]],
    ) -> _MemoKey:
        role = discussion.request.fields[position].get("role", "")
        near, moments = seeds
        sentinels = discussion.request.sentinels.name
        scope = self.everything if allowed is None else allowed
        unbounded = allowed is None
        return digest, role, self.names_key, sentinels, tuple(near), tuple(moments), unbounded, scope, whole


def _search(
    discussion: Discussion,
    pending: dict[str, list[int]],
    todo: list[str],
    bounds: dict[str, frozenset[str] | None],
    whole: dict[str, bool],
    seeds: dict[str, tuple[list[datetime], list[datetime]]],
    orphans: set[str],
    progress: Progress | None,
    context: _Context,
) -> list[dict[str, Said]]:
    """Each ``todo`` text's matches, in its order; those ``context`` knows
    for the same inputs are not hashed again."""
    if not todo:
        return []
    keys = [
        context.key(discussion, digest, pending[digest][0], bounds[digest], whole[digest], seeds[digest])
        for digest in todo
    ]
    results: list[dict[str, Said] | None] = [context.known.get(key) for key in keys]
    missing = [digest for digest, result in zip(todo, results, strict=True) if result is None]
    printed = sum(bounds[digest] is None for digest in missing) <= MAX_PRINTED
    fresh: Iterator[_Matched] = iter(())
    if missing:
        with SharedMap(__name__, share=len(missing) >= PARALLEL_FROM) as worker:
            shared, tasks = _candidate_tasks(
                discussion,
                pending,
                missing,
                bounds,
                whole,
                seeds,
                orphans,
                context.names,
                printed,
                context.raw,
            )
            sizes = [len(pending[digest]) for digest in missing]  # a task is a text: the messages having it
            fresh = iter(worker.map(_message_matches, shared, tasks, _reporter(progress, sizes)))
    done: list[dict[str, Said]] = []
    for digest, key, result in zip(todo, keys, results, strict=True):
        if result is None:
            result, made = next(fresh)
            if made is not None:
                context.made_prints[key] = made
        context.prints[digest] = context.made_prints.get(key) or context.known_prints.get(key)
        if key in context.known_prints:
            context.made_prints[key] = context.known_prints[key]
        done.append(result)
    context.made.update(zip(keys, done, strict=True))
    return done


# what a text was searched with: the orphans it may be given, whether the
# whole padding grid, the times a reply may have echoed (near, orphan times)
_Searched = tuple[frozenset[str] | None, bool, tuple[list[datetime], list[datetime]]]


def _covered(before: _Searched | None, now: _Searched) -> bool:
    """Whether a text searched ``before`` already holds every match it can
    have ``now``: no orphan, padding or echoed time more."""
    if before is None:
        return False
    (was_allowed, was_whole, (was_near, was_moments)), (allowed, whole, (near, moments)) = before, now
    if whole and not was_whole:
        return False
    if not (set(near) <= set(was_near) and set(moments) <= set(was_moments)):
        return False
    return was_allowed is None or (allowed is not None and allowed <= was_allowed)


def _within(
    found: dict[str, Said], allowed: frozenset[str] | None, gone: Set[str] = frozenset()
) -> dict[str, Said]:
    """The matches among the orphans ``allowed`` (None: any), but the ``gone`` ones."""
    if gone and not gone.isdisjoint(found):
        found = {orphan: why for orphan, why in found.items() if orphan not in gone}
    if allowed is None or allowed.issuperset(found):
        return found
    return {orphan: why for orphan, why in found.items() if orphan in allowed}


def _whole_grid(
    open_to: dict[str, frozenset[str] | None], orphans: set[str], trace: _Trace | None = None
) -> dict[str, bool]:
    """Which texts try every padding of the grid: those that may be given an
    orphan few enough texts may be given (their cells within
    ``PADDING_BUDGET``); the others, the common paddings only. Decided per
    orphan, not by how many are searched in all: a search after some pairs
    are applied searches fewer, and must not find what this one did not
    look for (tryout: 9,478 searched at 100k narrowed every message's grid;
    the second search, 3,574 left, found 3,573 more pairs)."""
    limit = PADDING_BUDGET // len(SIDE_PADDINGS) ** 2
    unbounded = sum(allowed is None for allowed in open_to.values())  # each may be given any orphan
    contention: Counter[str] = Counter()
    for allowed in open_to.values():
        if allowed:
            contention.update(allowed)
    least = 0 if len(contention) < len(orphans) else min(contention.values(), default=0)
    counts = {
        digest: unbounded
        + (least if allowed is None else min(map(contention.__getitem__, allowed), default=0))
        for digest, allowed in open_to.items()
    }
    if trace is not None:  # how many texts more keep every whole grid whole (``_grown_search``)
        trace.slack = min(trace.slack, limit - max((c for c in counts.values() if c <= limit), default=0))
    return {digest: count <= limit for digest, count in counts.items()}


def _tracked_points(discussion: Discussion) -> tuple[list[int], list[datetime]]:
    """The positions that bound their neighbours (``_bounds``), ascending,
    and their stored times: tracked rows with a time whose hash no other
    row shares (a copy's stored time is the first copy's)."""
    timeline = discussion.timeline
    tracked, shared = Status.TRACKED, Flag.SHARED_HASH
    positions: list[int] = []
    times: list[datetime] = []
    for position, status, moment, flags in zip(
        timeline.positions, timeline.statuses, timeline.times, timeline.flags, strict=True
    ):
        if status is tracked and moment is not None and shared not in flags:
            positions.append(position)
            times.append(moment)
    return positions, times


def _bounds(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    index: _TimeIndex,
    orphans: set[str],
    points: tuple[_Order, _Order] | None = None,
) -> dict[str, frozenset[str] | None]:
    """For each untracked text, the orphans it may be given: those whose time
    lies between its tracked neighbours' stored times (inclusive), and those
    with no readable time; None (any orphan) where order does not hold
    around it: a tracked time before it is later than one after it (the
    latest before it past the earliest after it). ``points``: the bounding
    rows (``_tracked_points``) and the times high pairs give them.

    Why this loses nothing on an ordered file: the middleware stamps a
    message when it first sees it, after the message before it and before
    the one after it, so its time is bracketed by theirs; an orphan outside
    the bracket was another message's. Rows that share a hash do not bound
    (their stored time is the first copy's). A text at several positions
    may be given what any of them may."""
    tracked, extra = (
        points if points is not None else (_Order.of(*_tracked_points(discussion)), _Order.of([], []))
    )
    timed = index.orphan_times
    untimed = frozenset(orphans.difference(o for _, o in timed))
    between: dict[tuple[int, int], frozenset[str] | None] = {}  # by bracket: its messages share it

    def bracket(low: datetime | None, high: datetime | None, broken: bool) -> frozenset[str] | None:
        if broken:
            return None  # inside a disorder: the full search
        lo = 0 if low is None else bisect.bisect_left(timed, (low, ""))
        hi = len(timed) if high is None else bisect.bisect_right(timed, (high, "\uffff"))
        return frozenset(o for _, o in timed[lo:hi]) | untimed

    around = _Order.around
    bounds: dict[str, frozenset[str] | None] = {}
    for digest, where in by_hash.items():
        allowed: frozenset[str] | None = frozenset()
        for position in where:
            key, low, high, broken = around(tracked, extra, position)
            if key not in between:
                between[key] = bracket(low, high, broken)
            one = between[key]
            if one is None:
                allowed = None
                break
            allowed = one if not allowed else allowed | one
        bounds[digest] = allowed
    return bounds


def _reporter(progress: Progress | None, sizes: list[int]) -> Callable[[int, int], None]:
    """The map's tasks done, said to ``progress`` as untracked messages (the
    counts the status bar shows), a percent at a time (a chunk is ~16 tasks:
    thousands of reports otherwise)."""
    total = sum(sizes)
    done, said = 0, -1

    def finished(start: int, stop: int) -> None:
        nonlocal done, said
        done += sum(sizes[start:stop])
        percent = done * 100 // total
        if progress is not None and percent != said:
            said = percent
            progress(Said(Stage.PAIRING, (done, total)), done / total)

    return finished


def _candidate_tasks(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    searched: list[str],
    bounds: dict[str, frozenset[str] | None],
    whole: dict[str, bool],
    seeds: dict[str, tuple[list[datetime], list[datetime]]],
    orphans: set[str],
    names: set[str],
    printed: bool = False,
    raw: dict[bytes, str] | None = None,
) -> tuple[_Candidates, list[_Task]]:
    """The shared candidates and one task per searched text, in ``searched``
    order; with ``printed``, those open to every orphan keep their fingerprint."""
    fields = discussion.request.fields
    shared = _Candidates(
        names,
        discussion.request.sentinels.name,
        raw if raw is not None else {bytes.fromhex(o): o for o in orphans},
        frozenset(orphans),
    )
    tasks: list[_Task] = []
    for digest in searched:
        message = fields[by_hash[digest][0]]
        images = message.get("images") or None
        role = message.get("role", "")
        allowed = bounds[digest]
        tasks.append(
            (
                message["content"],
                role,
                images,
                *seeds[digest],
                allowed,
                whole[digest],
                printed and allowed is None,
            )
        )
    return shared, tasks


def _merged_pairs(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    orphans: set[str],
    tried: list[bytes] | None = None,
) -> list[tuple[str, str, str]]:
    """(first text, second text, orphan) for consecutive same-role untracked
    messages the front end had sent merged: ``first + "\n\n" + second``
    hashes to the orphan (not bounded: the merged text's time is either's).
    ``tried`` is handed every merged text's raw digest (``_fingerprint``)."""
    fields = discussion.request.fields
    ordered = sorted(by_hash.items(), key=lambda item: item[1][0])
    pairs = []
    for (digest_a, pos_a), (digest_b, pos_b) in itertools.pairwise(ordered):
        a, b = fields[pos_a[0]], fields[pos_b[0]]
        if pos_b[0] == pos_a[0] + 1 and a.get("role", "") == b.get("role", ""):
            merged = _sha(f"{a['content']}\n\n{b['content']}", None)
            if merged is not None and tried is not None:
                tried.append(bytes.fromhex(merged))
            if merged is not None and merged in orphans:
                pairs.append((digest_a, digest_b, merged))
    return pairs


def _judged(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    results: list[dict[str, Said]],
    merged: list[tuple[str, str, str]],
) -> list[Proposal]:
    """Proposals from each message's matches (and the ``merged`` pairs whose
    texts are both in ``by_hash``): high only where one message and one
    orphan found each other and nothing else."""
    matches: dict[str, dict[str, Said]] = {
        digest: found for digest, found in zip(by_hash, results, strict=True) if found
    }
    for digest_a, digest_b, orphan in merged:
        if digest_a in by_hash and digest_b in by_hash:
            for digest in (digest_a, digest_b):
                matches[digest] = {**matches.get(digest, {}), orphan: _CONSECUTIVE_MERGED}

    claims: dict[str, set[str]] = defaultdict(set)
    for digest, found in matches.items():
        for orphan in found:
            claims[orphan].add(digest)
    proposals = []
    for digest, found in matches.items():
        for orphan, reason in found.items():
            consecutive = reason is _CONSECUTIVE_MERGED
            unique = len(found) == 1 and (len(claims[orphan]) == 1 or consecutive)
            confidence = Confidence.HIGH if unique else Confidence.LOW
            why = reason if unique else Said(Reason.AMBIGUOUS, (reason, len(found), len(claims[orphan])))
            proposals.append(_proposal(discussion, by_hash[digest], digest, orphan, confidence, why))
    return proposals


def _raw_digests(variants: list[tuple[Said, str, str]], content: str, encoded: bytes) -> list[bytes] | None:
    """Each candidate text's raw SHA-256, in order (one encode per candidate,
    the hashing as C-level passes); None for text that cannot be encoded,
    which the caller then tries one candidate at a time."""
    try:
        data = [
            prefix.encode("utf-8") + encoded if body is content else (prefix + body).encode("utf-8")
            for _, prefix, body in variants
        ]
    except UnicodeEncodeError:
        return None
    return list(map(_HASH.digest, map(_sha256, data)))


class _Gaps:
    """The untracked texts between reliable tracked rows (``_position_pairs``),
    each text at its first row, with what the rows read last left open, so
    that a grown timeline's are found from its new rows alone."""

    def __init__(
        self,
        closed: list[tuple[datetime | None, datetime, list[str]]],
        previous_time: datetime | None,
        current: list[str],
        seen: set[str],
    ) -> None:
        self.closed = closed  # (time before, time after, texts) between two tracked rows
        self.previous_time = previous_time  # the last reliable tracked time
        self.current = current  # the texts after it
        self.seen = seen

    @classmethod
    def of(cls, timeline: Timeline) -> _Gaps:
        return cls([], None, [], set()).grown(timeline, 0)

    def grown(self, timeline: Timeline, start: int) -> _Gaps:
        """These with the rows of ``timeline`` from ``start`` on read too."""
        closed, previous_time, current, seen = (
            list(self.closed),
            self.previous_time,
            list(self.current),
            set(self.seen),
        )
        columns = [timeline.statuses, timeline.times, timeline.flags, timeline.hashes]
        if start:
            columns = [column[start:] for column in columns]
        unreliable = {Flag.SHARED_HASH, Flag.OUT_OF_ORDER}
        tracked, untracked = Status.TRACKED, Status.UNTRACKED
        for status, moment, flags, digest in zip(*columns, strict=True):
            if status is tracked and moment is not None and not flags & unreliable:
                if current:
                    closed.append((previous_time, moment, current))
                    current = []
                previous_time = moment
            elif status is untracked and digest not in seen:
                seen.add(digest)
                current.append(digest)
        return _Gaps(closed, previous_time, current, seen)


def _position_pairs(
    discussion: Discussion,
    by_hash: dict[str, list[int]],
    orphans: set[str],
    claimed: set[str],
    known: tuple[_Gaps, list[tuple[datetime, str]]] | None = None,
) -> list[Proposal]:
    """Pairs by position between tracked rows. ``known``: the timeline's
    gaps and the orphans' times sorted (``_TimeIndex.orphan_times``), when
    the caller has them; ``orphans`` then names those of them to use."""
    store = discussion.store
    assert store is not None
    if known is None:
        found = _Gaps.of(discussion.timeline)
        timed_orphans = sorted((t, o) for t, o in ((store.parsed(o), o) for o in orphans) if t is not None)
    else:
        found, every = known
        timed_orphans = [(t, o) for t, o in every if o in orphans]
    gaps: list[tuple[datetime | None, datetime | None, list[str]]] = []
    for low, high, texts in (*found.closed, (found.previous_time, None, found.current)):
        if not claimed.isdisjoint(texts):
            texts = [digest for digest in texts if digest not in claimed]
        if texts:
            gaps.append((low, high, texts))

    fits: dict[str, list[int]] = defaultdict(list)
    in_gap: list[list[tuple[datetime, str]]] = []
    for number, (low, high, _) in enumerate(gaps):
        lo = 0 if low is None else bisect.bisect_left(timed_orphans, (low, ""))
        hi = len(timed_orphans) if high is None else bisect.bisect_right(timed_orphans, (high, "\uffff"))
        inside = timed_orphans[lo:hi]
        in_gap.append(inside)
        for _, orphan in inside:
            fits[orphan].append(number)
    proposals = []
    for number, (_, _, hashes) in enumerate(gaps):
        inside = [(t, o) for t, o in in_gap[number] if len(fits[o]) == 1]
        if not inside:
            continue
        if len(hashes) == 1 and len(inside) == 1 and len(in_gap[number]) == 1:
            proposals.append(
                _proposal(
                    discussion,
                    by_hash[hashes[0]],
                    hashes[0],
                    inside[0][1],
                    Confidence.MEDIUM,
                    Said(Reason.ONLY_ONE_BETWEEN),
                )
            )
            continue
        for digest, (_, orphan) in zip(hashes, inside, strict=False):
            proposals.append(
                _proposal(
                    discussion,
                    by_hash[digest],
                    digest,
                    orphan,
                    Confidence.LOW,
                    Said(Reason.IN_ORDER_BETWEEN, (len(hashes), len(inside))),
                )
            )
    return proposals


def _runs(discussion: Discussion, start: int = 0) -> list[list[int]]:
    """Positions of runs the backward pass invented: consecutive timestamped
    messages exactly one second apart (system messages in between do not
    count, the pass skips them); the last one holds the real time. From row
    ``start`` on (where a run starts, or at none: ``_run_start``)."""
    runs: list[list[int]] = []
    current: list[int] = []
    previous: datetime | None = None
    timeline = discussion.timeline
    columns = (timeline.positions[start:], timeline.statuses[start:], timeline.times[start:])
    for position, status, moment in zip(*columns, strict=True):
        if status not in (Status.TRACKED, Status.UNTRACKED):
            continue
        if (
            current
            and moment is not None
            and previous is not None
            and moment - previous == timedelta(seconds=1)
        ):
            current.append(position)
        else:
            if len(current) >= 2:
                runs.append(current)
            current = [position] if moment is not None else []
        previous = moment
    if len(current) >= 2:
        runs.append(current)
    return runs


REAL_END_TOLERANCE = timedelta(minutes=10)  # a run's last time this close to the message's own is real


def _reanchor(discussion: Discussion, zone: str | None, start: int = 0) -> list[Proposal]:
    """Invented times of legacy backfill runs, replaced by the transcript's own.

    The backward pass stamps a run's last message with the request time and
    counts back one second per message. That last time is real when the
    request came as the message was sent (within ``REAL_END_TOLERANCE`` of
    its own time); when an old chat met the middleware later, it is the
    import moment, and it is re-anchored too, at medium confidence."""
    store = discussion.store
    assert store is not None
    tz = get_zone(zone) if zone is not None else discussion.clock_zone
    rows = discussion.timeline.rows
    kinds = discussion.request.kinds
    proposals = []
    for run in _runs(discussion, start):
        end = rows[run[-1]]
        for position in run:
            row = rows[position]
            if row.own_time is None or kinds[position] is not Kind.TIMESTAMPED:
                continue
            moment = to_naive_in(row.own_time, tz).replace(microsecond=0)
            value = format_absolute(moment)
            if value == row.stored:
                continue
            if position == run[-1]:
                if row.time is None or abs(row.time - moment) <= REAL_END_TOLERANCE:
                    continue  # the request's own moment: a real time, kept
                confidence = Confidence.MEDIUM
                why = Said(Reason.RUN_END, (Gap(row.time - moment),))
            else:
                sane = end.time is None or moment <= end.time
                confidence = Confidence.HIGH if sane else Confidence.LOW
                why = Said(Reason.RUN_INVENTED if sane else Reason.RUN_INVENTED_LATE)
            proposals.append(
                Proposal(
                    "reanchor", (position,), (row.index,), row.hash, None, value, row.stored, confidence, why
                )
            )
    return proposals


def operations_for(proposals: Sequence[Proposal], *, prune_orphans: bool = False) -> list[Operation]:
    """The edits for chosen proposals; a hash is given one time only."""
    ops: list[Operation] = []
    done: set[str] = set()
    pruned: set[str] = set()
    for proposal in proposals:
        if proposal.message_hash in done:
            continue
        done.add(proposal.message_hash)
        prune = prune_orphans and proposal.orphan not in pruned
        ops.extend(proposal.operations(prune))
        if proposal.orphan:
            pruned.add(proposal.orphan)
    return ops


def select(proposals: Sequence[Proposal], minimum: Confidence) -> list[Proposal]:
    """The proposals applied without asking: ``low`` never is."""
    floor = max(minimum.rank, Confidence.MEDIUM.rank)
    return [p for p in proposals if p.confidence.rank >= floor]
