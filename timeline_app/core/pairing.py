"""Which transcript and which timestamp file belong together, and when they don't.

A transcript shown with another discussion's file reads as "0 tracked, 13
orphans" and invites repairs that would write wrong times. So a pair is always
chosen on purpose (explicitly, by discussion id under a root, or from the
same folder) and checked: a discussion id that differs from the file's, or a
file whose entries mostly match no message, is said before anything is written.
"""

from __future__ import annotations

from pathlib import Path

from .errors import InputError
from .words import Doubt, Said

TRANSCRIPT_SUFFIXES = (".json", ".jsonl")
DISCUSSIONS_FOLDER = "discussionids"  # the middleware's folder of discussions
MOSTLY = 0.5  # more than this share of entries orphaned: probably not this transcript's file


def file_discussion_id(store_path: Path | None) -> str | None:
    """The discussion a timestamp file belongs to, from where the middleware
    puts it: ``DiscussionIds/[<user>/]<id>/timestamps.json`` or the legacy
    ``<id>_timestamps.json``; None when its place does not say."""
    if store_path is None:
        return None
    from .discovery import LEGACY_SUFFIX, TIMESTAMP_FILE  # the folder rules: loaded only when asked

    name = store_path.name.lower()
    if name.endswith(LEGACY_SUFFIX):
        return store_path.name[: -len(LEGACY_SUFFIX)] or None
    # a plain timestamps.json names its discussion only inside a DiscussionIds
    # tree (nested or per-user); a copy in Downloads/ says nothing about it
    inside = any(p.name.lower() == DISCUSSIONS_FOLDER for p in store_path.parents[1:3])
    if name == TIMESTAMP_FILE and inside:
        return store_path.parent.name or None
    return None


def store_beside(transcript_path: Path) -> Path | None:
    """A ``timestamps.json`` in the transcript's own folder (people keep an
    exported chat next to the file it belongs to)."""
    from .discovery import TIMESTAMP_FILE

    try:
        for child in transcript_path.parent.iterdir():
            if child.name.lower() == TIMESTAMP_FILE and child.is_file():
                return child
    except OSError:
        return None
    return None


def store_for_id_beside(transcript_path: Path, discussion_id: str, api_key: str | None) -> Path | None:
    """The discussion id's file in a DiscussionIds folder next to the chat
    (``DiscussionIds``, any case, or an install's ``Public/DiscussionIds``):
    a chat kept beside the middleware's folder opened as a new discussion,
    every row "untracked", though its file was there (issue 29/31 tryout)."""
    from .discovery import locate_timestamp_file

    folder = transcript_path.parent
    try:
        roots = [c for c in sorted(folder.iterdir()) if c.name.lower() == "discussionids" and c.is_dir()]
    except OSError:
        return None
    legacy = folder / "Public" / "DiscussionIds"
    for root in [*roots, *([legacy] if legacy.is_dir() else [])]:
        try:
            found = locate_timestamp_file(root, discussion_id, api_key)
        except InputError:
            continue
        if found is not None:
            return found
    return None


def own_store_elsewhere(
    transcript_id: str | None,
    store_path: Path | None,
    transcript_path: Path | None,
    api_key: str | None = None,
) -> Path | None:
    """The timestamp file of the transcript's own discussion id, when the
    file paired with it is another (tryM 2: the chat replaced on disk by
    another discussion's, F5 paired it with this window's file, and nothing
    offered the other discussion's own): looked for where the middleware
    keeps it, in the DiscussionIds tree the paired file lies in (nested,
    per-user, legacy flat) and in one beside the transcript. None: not
    found, or it is the file paired."""
    from .discovery import LEGACY_SUFFIX, TIMESTAMP_FILE, locate_timestamp_file

    if not transcript_id or store_path is None:
        return None
    roots: list[Path] = []
    name = store_path.name.lower()
    if name.endswith(LEGACY_SUFFIX):
        roots.append(store_path.parent)
    elif name == TIMESTAMP_FILE:
        for level in store_path.parents[1:3]:  # <root>/<id>/, <root>/<user>/<id>/
            if level.name.lower() == DISCUSSIONS_FOLDER:
                roots.append(level)
        if not roots:
            roots.append(store_path.parent.parent)  # a folder of discussion folders, named otherwise
    found = None
    for root in roots:
        try:
            found = locate_timestamp_file(root, transcript_id, api_key)
        except InputError:
            found = None
        if found is not None:
            break
    if found is None and transcript_path is not None:
        found = store_for_id_beside(transcript_path, transcript_id, api_key)
    if found is None or found.resolve() == store_path.resolve():
        return None
    return found


def transcripts_beside(store_path: Path) -> list[Path]:
    """Files next to a timestamp file that may be its transcript, by name only
    (the caller reads them): JSON or JSONL, not a timestamp file, not a backup."""
    from .discovery import TIMESTAMP_FILE

    try:
        children = sorted(store_path.parent.iterdir(), key=lambda p: p.name.lower())
    except OSError:
        return []
    out = []
    for child in children:
        name = child.name.lower()
        if (
            child == store_path
            or not child.is_file()
            or not name.endswith(TRANSCRIPT_SUFFIXES)
            or name.endswith(TIMESTAMP_FILE)
            or ".bak" in name
        ):
            continue
        out.append(child)
    return out


def pairing_warnings(
    transcript_id: str | None,
    store_path: Path | None,
    entries: int,
    orphans: int,
    explained: int = 0,
) -> tuple[Said, ...]:
    """Why this transcript and this file may not belong together (empty: no
    reason to doubt). ``entries`` counts the file's message entries, ``orphans``
    those no message of the transcript matches; ``explained``, those of them
    a repair matched to a message by a known cause (a CRLF, an echoed time, a
    speaker prefix: the hash of a transformed message is the orphan's key).
    Such an orphan is as much a match as a tracked message: nobody else's
    file holds the hash of this transcript's text (tryout: legacy chats,
    95 times recoverable, were refused as "may not belong together")."""
    warnings = []
    file_id = file_discussion_id(store_path)
    if transcript_id and file_id and transcript_id != file_id:
        warnings.append(Said(Doubt.OTHER_DISCUSSION, (transcript_id, store_path, file_id)))
    if entries >= 2 and orphans - explained > entries * MOSTLY:
        warnings.append(
            Said(Doubt.MOSTLY_ORPHANED, (orphans, entries, store_path.name))
            if store_path
            else Said(Doubt.MOSTLY_ORPHANED_UNNAMED, (orphans, entries))
        )
    return tuple(warnings)
