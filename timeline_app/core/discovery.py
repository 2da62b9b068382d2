"""Finding WilmerAI discussions under a DiscussionIds root, in every layout.

Layouts (see the wilmer sheet): nested ``<id>/timestamps.json``, per-user
``<apiKeyHash>/<id>/timestamps.json``, legacy flat ``<id>_timestamps.json``,
and the legacy root ``<install>/Public/DiscussionIds`` when the user points at
a middleware install. File names match case-insensitively, as the middleware
resolves them.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from .crypto import looks_encrypted
from .errors import InputError, unreadable
from .files import open_regular, read_regular
from .pipeline import is_safe_discussion_id
from .records import frozen
from .store import PLACEHOLDER_KEY, loads_store
from .words import Note, Problem, Said, Writing

TIMESTAMP_FILE = "timestamps.json"
LEGACY_SUFFIX = "_timestamps.json"
_USER_FOLDER_RE = re.compile(r"[0-9a-f]{16}")


def api_key_folder(api_key: str) -> str:
    """The per-user folder name for an API key: first 16 hex of its SHA-256."""
    return hashlib.sha256(api_key.encode("utf-8")).hexdigest()[:16]


@frozen
class DiscussionFile:
    discussion_id: str
    path: Path
    layout: str  # nested | per-user | legacy-flat
    user_folder: str | None = None
    legacy_root: bool = False


@frozen
class DiscussionSummary:
    file: DiscussionFile
    entries: int
    first: datetime | None
    last: datetime | None
    placeholder_pending: bool
    encrypted: bool
    problem: Said | str | None = None  # why the file could not be read (str(): its English)
    not_times: int = 0  # stored values of messages that are no time the middleware reads

    @property
    def warning(self) -> Said | None:
        """What a listing must say of a file it could read: its values that
        are no times (the CLI listed "not a time" and 5 as a sound file)."""
        return Said(Note.VALUES_NOT_TIMES, (self.not_times,)) if self.not_times else None


def _timestamp_file_in(folder: Path) -> Path | None:
    try:
        for child in folder.iterdir():
            if child.name.lower() == TIMESTAMP_FILE and child.is_file():
                return child
    except OSError:
        return None
    return None


def discussion_id_of(path: str | Path) -> str:
    """The discussion id a timestamp file's place says: its folder's name for
    ``<id>/timestamps.json``, the prefix of ``<id>_timestamps.json``, else its
    file name (a file kept elsewhere under another name)."""
    path = Path(path)
    if path.name.lower() == TIMESTAMP_FILE and path.parent.name:
        return path.parent.name
    if path.name.lower().endswith(LEGACY_SUFFIX) and len(path.name) > len(LEGACY_SUFFIX):
        return path.name[: -len(LEGACY_SUFFIX)]
    return path.name


def _scan(root: Path, legacy_root: bool) -> Iterator[DiscussionFile]:
    try:
        children = sorted(root.iterdir(), key=lambda p: p.name.lower())
    except OSError as error:
        raise InputError(root, Said(Problem.CANNOT_LIST, (error.strerror,))) from None
    for child in children:
        name = child.name
        if child.is_file() and name.lower().endswith(LEGACY_SUFFIX):
            ident = name[: -len(LEGACY_SUFFIX)]
            if is_safe_discussion_id(ident):
                yield DiscussionFile(ident, child, "legacy-flat", None, legacy_root)
        elif child.is_dir():
            found = _timestamp_file_in(child)
            if found is not None:
                yield DiscussionFile(name, found, "nested", None, legacy_root)
            elif _USER_FOLDER_RE.fullmatch(name):
                for sub in sorted(child.iterdir(), key=lambda p: p.name.lower()):
                    if sub.is_dir() and (inner := _timestamp_file_in(sub)) is not None:
                        yield DiscussionFile(sub.name, inner, "per-user", name, legacy_root)


def find_discussions(root: str | Path) -> list[DiscussionFile]:
    """Every discussion under ``root`` (a DiscussionIds folder, or an install
    folder holding ``Public/DiscussionIds``)."""
    root = Path(root)
    if not root.is_dir():
        raise InputError(root, Said(Problem.NOT_A_FOLDER))
    found = list(_scan(root, False))
    legacy = root / "Public" / "DiscussionIds"
    if legacy.is_dir() and legacy.resolve() != root.resolve():
        known = {(f.user_folder, f.discussion_id) for f in found}
        found += [f for f in _scan(legacy, True) if (f.user_folder, f.discussion_id) not in known]
    return found


def summarize(file: DiscussionFile) -> DiscussionSummary:
    """Counts and first/last time of one file; a bad file is reported, not raised."""
    try:
        data = read_regular(file.path)
    except OSError as error:
        return DiscussionSummary(file, 0, None, None, False, False, unreadable(error))
    if looks_encrypted(data):
        return DiscussionSummary(file, 0, None, None, False, True)
    try:
        store = loads_store(data, file.path)
    except InputError as error:
        return DiscussionSummary(file, 0, None, None, False, False, error.said or error.problem)
    keys = store.message_keys()
    times = [t for t in (store.parsed(k) for k in keys) if t is not None]
    return DiscussionSummary(
        file,
        len(keys),
        min(times) if times else None,
        max(times) if times else None,
        PLACEHOLDER_KEY in store,
        False,
        not_times=len(keys) - len(times),
    )


def locate_timestamp_file(root: str | Path, discussion_id: str, api_key: str | None = None) -> Path | None:
    """Where the middleware keeps ``discussion_id``'s file under ``root``: the
    per-user folder when a key is sent, else nested, else legacy flat; the
    legacy root inside an install is tried last. None when none exists."""
    root = Path(root)
    if not is_safe_discussion_id(discussion_id):
        return None
    try:
        return _locate(root, discussion_id, api_key)
    except OSError as error:  # a discussion id longer than a file name may be, a folder without permission
        raise InputError(root / discussion_id, unreadable(error)) from None


def _locate(root: Path, discussion_id: str, api_key: str | None) -> Path | None:
    bases = [root]
    legacy = root / "Public" / "DiscussionIds"
    if legacy.is_dir():
        bases.append(legacy)
    for base in bases:
        if api_key:
            folder = base / api_key_folder(api_key) / discussion_id
            if folder.is_dir() and (found := _timestamp_file_in(folder)) is not None:
                return found
            continue
        folder = base / discussion_id
        if folder.is_dir() and (found := _timestamp_file_in(folder)) is not None:
            return found
        if base.is_dir():
            for child in base.iterdir():
                if child.is_file() and child.name.lower() == f"{discussion_id}{LEGACY_SUFFIX}".lower():
                    return child
    return None


def user_folder_matches(folder_name: str, api_key: str) -> bool:
    """Whether a per-user folder belongs to ``api_key``."""
    return folder_name == api_key_folder(api_key)


@frozen
class NewFileEncryption:
    """Whether the middleware would write a discussion's first timestamp file
    encrypted, and the reason in words (shown wherever it is written)."""

    encrypted: bool
    reason: Said


def new_file_encryption(path: str | Path, api_key: str | None) -> NewFileEncryption:
    """Decide from the key and the folder layout, as far as they tell.

    A client that sends an API key gets a per-user folder; only then can the
    middleware encrypt (``encryptUsingApiKey``). That setting is not on disk,
    so the other discussions of the same user folder say which way it is; the
    first file of a user folder is taken as encrypted, since the only reason
    to give the inspector the key is an encrypted setup."""
    path = Path(path)
    if not api_key:
        return NewFileEncryption(False, Said(Writing.PLAIN_NO_KEY))
    folder = api_key_folder(api_key)
    user_folder = path.parent.parent
    if user_folder.name != folder:
        return NewFileEncryption(False, Said(Writing.PLAIN_OTHER_FOLDER, (folder,)))
    siblings = [
        found
        for sub in (sorted(user_folder.iterdir()) if user_folder.is_dir() else [])
        if sub.is_dir() and sub != path.parent and (found := _timestamp_file_in(sub)) is not None
    ]
    flags = [_encrypted_file(f) for f in siblings]
    if flags:
        how = Writing.LIKE_SIBLINGS_ENCRYPTED if any(flags) else Writing.LIKE_SIBLINGS_PLAIN
        return NewFileEncryption(any(flags), Said(how, (folder,)))
    return NewFileEncryption(True, Said(Writing.FIRST_OF_FOLDER, (folder,)))


def _encrypted_file(path: Path) -> bool:
    try:
        with open_regular(path) as stream:
            return looks_encrypted(stream.read(64))
    except OSError:
        return False


def first_folder_makeable(path: str | Path) -> bool:
    """The folder of ``path`` (a new discussion's first file) is missing,
    and Save may make it as the middleware does at its first request: only
    that last level, in an existing writable DiscussionIds folder (nested,
    or a per-user folder in one). Anything else missing is not made: a
    save never builds a tree the middleware would not read."""
    folder = Path(path).parent
    above = folder.parent
    if folder.is_dir() or not above.is_dir() or not is_safe_discussion_id(folder.name):
        return False
    inside = any(level.name.lower() == "discussionids" for level in (above, above.parent))
    return inside and os.access(above, os.W_OK | os.X_OK)


def make_first_folder(path: str | Path) -> bool:
    """Before a new discussion's first file ``path`` is written: its
    missing folder made (``first_folder_makeable``); True when made (the
    caller removes it again should the write fail: a failing save leaves
    nothing). A folder missing that may not be made is said as missing,
    never as "not writable" (issue 29: a new chat's folder not made yet was
    said as a folder "not writable")."""
    folder = Path(path).parent
    if folder.is_dir():
        return False
    if not first_folder_makeable(path):
        raise InputError(folder, Said(Problem.NO_FOLDER))
    try:
        folder.mkdir()
    except FileExistsError:
        return False
    except OSError as error:
        raise InputError(folder, Said(Problem.CANNOT_CREATE, (error.strerror,))) from None
    return True


def make_discussion_folder(root: str | Path, path: str | Path) -> None:
    """Create the folder of a new discussion's file the way the middleware
    does on its first request, and refuse anything that would land outside
    ``root`` (a symlinked folder that leads elsewhere included)."""
    root, path = Path(root), Path(path)
    if not root.is_dir():
        raise InputError(root, Said(Problem.NOT_A_ROOT))
    base = root.resolve()
    folder = path.parent.resolve()
    if folder != base and base not in folder.parents:
        raise InputError(path, Said(Problem.OUTSIDE_ROOT, (root,)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(folder, Said(Problem.CANNOT_CREATE, (error.strerror,))) from None
