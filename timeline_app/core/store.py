"""The timestamp file: read any, write exactly as the middleware does, never lose one.

Key order is meaningful (insertion order, new keys appended), so the store is
an ordered ``dict`` and every change goes through methods that keep order.
Values are kept as stored, even when they are not strings: an inspector that
"fixed" them silently would hide the very problem users come to see.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InputError, NeedsKey, not_json, unreadable
from .files import check_regular, read_regular
from .jsonin import loads as json_loads
from .jsonout import dumps_store, dumps_store_bytes
from .timestrings import parse_absolute, parse_absolute_many
from .words import Listed, Note, Problem, Said, json_kind

if TYPE_CHECKING:
    from .counted_runs import CountedRuns
    from .crypto import FileKey

PLACEHOLDER_KEY = "PLACEHOLDER_TIMESTAMP_HASH_0000"
_ABSENT = object()
TOKEN_START = b"gAAAAA"  # ``crypto.FERNET_PREFIX``: plain files are told apart without loading crypto


def _encrypted(data: bytes) -> bool:
    """``crypto.looks_encrypted``, loading crypto only for data that may be a
    token: a file whose first bytes are anything else (nearly every one
    starts with ``{``) is plain."""
    head = data[:4096].lstrip()
    if len(head) >= len(TOKEN_START) and not head.startswith(TOKEN_START):
        return False
    from .crypto import looks_encrypted

    return looks_encrypted(data)


_SETTLING = threading.Lock()  # a store's counted runs are written out once, by one thread


class TimestampStore:
    """An ordered mapping hash -> stored value, with each value parsed once.

    A tracking result's store may hold backfill runs not written out yet
    (``CountedRuns``): one key is answered from its run (``in``, ``get``,
    ``parsed``: a window's visible rows, the strip), everything that reads
    the whole store writes them into the entries first (``_settle``), in
    the order and with the values tracking would have written."""

    __slots__ = ("_complete", "_counted", "_entries", "_parsed", "key")

    def __init__(self, entries: Mapping[str, object] | None = None, key: FileKey | None = None) -> None:
        self._entries: dict[str, object] = dict(entries or {})
        self._parsed: dict[str, datetime | None] = {}
        self._complete = False  # every entry is in ``_parsed``
        self._counted: CountedRuns | None = None  # entries still to be written out, in order
        self.key = key  # set when the file was encrypted: it is written back encrypted

    # -- reading -----------------------------------------------------------
    def __contains__(self, key: object) -> bool:
        counted = self._counted  # read first: it is dropped only once the entries hold it all
        return key in self._entries or (counted is not None and key in counted)

    def __len__(self) -> int:
        self._settle()
        return len(self._entries)

    def __iter__(self) -> Iterator[str]:
        self._settle()
        return iter(self._entries)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TimestampStore):
            return NotImplemented
        self._settle()
        other._settle()
        return list(self._entries.items()) == list(other._entries.items())

    def _settle(self) -> None:
        """The counted runs written into the entries (and their times into
        the parse cache); readers of one key meanwhile still find it in the
        runs, which are dropped only once written."""
        if self._counted is None:
            return
        with _SETTLING:
            counted = self._counted
            if counted is not None:
                counted.settle_into(self._entries, self._parsed)
                self._counted = None

    @classmethod
    def adopt(
        cls,
        entries: dict[str, object],
        key: FileKey | None = None,
        parsed: dict[str, datetime | None] | None = None,
        counted: CountedRuns | None = None,
    ) -> TimestampStore:
        """A store that takes ``entries`` (and ``parsed``, parses its maker
        already knows, of keys among ``entries``; ``counted``, runs to follow
        them, keys in none of them) as its own, without copies: for dicts
        just built (tracking's result), never for ones the caller keeps."""
        store = cls(None, key)
        store._entries = entries
        if parsed is not None:
            store._parsed = parsed
        if counted is not None and len(counted):
            store._counted = counted
        return store

    @classmethod
    def appended(cls, earlier: TimestampStore, added: Mapping[str, object]) -> TimestampStore:
        """``earlier``'s entries, then ``added`` (keys it does not have), with
        every parse ``earlier`` made kept: a file the middleware grew parses
        only its new values (a complete parse stays complete)."""
        earlier._settle()
        store = cls.adopt({**earlier._entries, **added}, earlier.key, dict(earlier._parsed))
        if earlier._complete:
            keys = list(added)
            store._parsed.update(zip(keys, parse_absolute_many(list(added.values())), strict=True))
            store._complete = True
        return store

    def as_mapping(self) -> Mapping[str, object]:
        """The entries themselves, read-only by contract: hot loops look keys
        up here instead of through a method call per message."""
        self._settle()
        return self._entries

    def last_key(self) -> str | None:
        """The key written last (the file's last entry): where the middleware
        appends, and so where a committed reply lands."""
        self._settle()
        return next(reversed(self._entries), None)

    def get(self, key: str) -> object | None:
        counted = self._counted  # read first: it is dropped only once the entries hold it all
        value = self._entries.get(key, _ABSENT)
        if value is not _ABSENT:
            return value
        return counted.value(key) if counted is not None else None

    def items(self) -> list[tuple[str, object]]:
        self._settle()
        return list(self._entries.items())

    def as_dict(self) -> dict[str, object]:
        self._settle()
        return dict(self._entries)

    @property
    def placeholder(self) -> object | None:
        return self.get(PLACEHOLDER_KEY)

    def parsed(self, key: str) -> datetime | None:
        """The naive time stored under ``key`` (None: absent or unparseable)."""
        counted = self._counted
        if key in self._parsed:
            return self._parsed[key]
        if counted is not None and key in counted:
            return counted.moment(key)
        if key not in self._entries:
            return None
        moment = parse_absolute(self._entries[key])
        self._parsed[key] = moment
        return moment

    def parsed_of(self, keys: list[str]) -> list[datetime | None]:
        """``parsed`` of every key in ``keys``: a tracking result's counted
        runs answer all of their keys at once (views of all untracked rows)."""
        counted = self._counted
        if counted is not None:
            found = counted.moments_of(keys)
            if found is not None:
                return found
        return list(map(self.parsed, keys))

    def parses_made(self) -> dict[str, datetime | None]:
        """A copy of the parses made so far (by ``parsed``, ``parsed_map`` or
        given to ``adopt``), for a store derived from this one."""
        self._settle()
        return dict(self._parsed)

    def parsed_map(self) -> Mapping[str, datetime | None]:
        """Every entry's parsed time (read-only), parsed in one pass: for
        views of all messages, without a method call per message."""
        self._settle()
        self._parse_entries()
        return self._parsed

    def _parse_entries(self) -> None:
        """Every entry of ``_entries`` parsed into the cache, in one pass (the
        counted runs, written out or not, are parsed already: settling one
        keeps the cache complete). Under the settling lock: another thread
        may be writing runs into the entries meanwhile."""
        if self._complete:
            return
        with _SETTLING:
            cache, entries = self._parsed, self._entries
            missing = [key for key in entries if key not in cache]
            times = parse_absolute_many(list(map(entries.__getitem__, missing)))
            cache.update(zip(missing, times, strict=True))
            self._complete = True

    def parsed_of_all(self, keys: Sequence[str]) -> list[datetime | None]:
        """``parsed`` of each of ``keys`` (None: absent or unparseable), for a
        view of every message, without writing a tracking result's counted
        runs out (their texts are 50k strings a relative preview never
        shows)."""
        self._parse_entries()
        counted = self._counted
        if counted is None:
            return list(map(self._parsed.get, keys))
        return counted.moments_or(keys, self._parsed)

    def parsed_times(self) -> list[datetime | None]:
        """Every entry's parsed time, the placeholder's included, in no
        particular order (a summary over all of them); counted runs are
        not written out for it."""
        self._parse_entries()
        counted = self._counted
        times = list(self._parsed.values())
        if counted is not None:
            times.extend(counted.moments())
        return times

    def inherit_parses(self, earlier: TimestampStore) -> None:
        """Take ``earlier``'s parses of the entries whose value did not change
        (a re-read file parses only what is new)."""
        self._settle()
        earlier._settle()
        mine, theirs, cache = self._entries, earlier._entries, earlier._parsed
        for key, moment in cache.items():
            if key in mine and key in theirs and mine[key] == theirs[key] and key not in self._parsed:
                self._parsed[key] = moment

    def keys_not_text(self) -> list[str]:
        """The keys whose stored value is not a string, in file order: values
        the middleware reads no time from (and crashes on in the absolute
        style). One C-level test per value; a tracking result's counted runs
        hold only text, so they are not written out for it."""
        entries = self._entries
        if all(map(str.__instancecheck__, entries.values())):  # nearly every file
            return []
        return [key for key, value in entries.items() if not isinstance(value, str)]

    def stored_times(self) -> int:
        """How many stored times the file holds: every entry but the reply's
        placeholder (the time reserved for a reply being generated is no
        message's time). The one count every question and message of the
        window says (tryout: Reload's question said 14, Save's button 13 of
        the same file). Constant time."""
        return len(self) - (PLACEHOLDER_KEY in self)

    def message_keys(self) -> list[str]:
        """Every key but the placeholder."""
        self._settle()
        return [k for k in self._entries if k != PLACEHOLDER_KEY]

    # -- changing (order-preserving) ---------------------------------------
    def copy(self) -> TimestampStore:
        self._settle()
        clone = TimestampStore(self._entries, self.key)
        clone._parsed = dict(self._parsed)
        clone._complete = self._complete
        return clone

    def set(self, key: str, value: object) -> None:
        """Overwrite in place, or append a new key at the end (the middleware's rule)."""
        self._settle()
        self._entries[key] = value
        self._parsed.pop(key, None)
        self._complete = False

    def remove(self, key: str) -> None:
        self._settle()
        self._entries.pop(key, None)
        self._parsed.pop(key, None)

    # -- bytes -------------------------------------------------------------
    def dumps(self) -> str:
        """The file text the middleware writes: ``json.dumps(data, indent=4)``."""
        self._settle()
        return dumps_store(self._entries)

    def file_bytes(self) -> bytes:
        """What goes to disk: the text, or its Fernet token for an encrypted file."""
        self._settle()
        plain = dumps_store_bytes(self._entries)
        return self.key.encrypt(plain) if self.key is not None else plain


def loads_store(
    data: bytes | str, source: str | Path | None = None, key: FileKey | None = None
) -> TimestampStore:
    """Parse file bytes; ``InputError`` names ``source`` and the problem.

    With ``key``, an encrypted file is decrypted (and remembered as encrypted);
    a plain file still opens, as the middleware reads files written before
    encryption was switched on.
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    used_key: FileKey | None = None
    if _encrypted(data):
        if key is None:
            raise NeedsKey(source, Said(Problem.ENCRYPTED))
        plain = key.decrypt(data)
        if plain is None:
            raise NeedsKey(source, Said(Problem.WRONG_KEY))
        data, used_key = plain, key
    try:
        value = json_loads(data)  # orjson's results, without importing it for a small file
    except json.JSONDecodeError as fast_error:
        # The middleware reads with the standard library, which also takes
        # NaN, huge integers and lone surrogates; accept what it accepts. It
        # reads text (``path.open()``, then ``json.load``), not bytes: a
        # UTF-8 BOM, which ``json.loads(bytes)`` would skip, stops it
        # ("Unexpected UTF-8 BOM"; the request fails), so it stops us too,
        # as it does in a transcript (one rule for both).
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise InputError(source, Said(Problem.STORE_UNREADABLE, (not_json(data, fast_error),))) from None
    if isinstance(value, dict) and not all(map(str.__instancecheck__, value.values())):
        # orjson turns integers beyond 64 bits into floats; a value that is not
        # text is rare and must survive a rewrite exactly, so take the slow,
        # exact reader (the middleware's own) for such files.
        value = json.loads(data)
    if not isinstance(value, dict):
        raise InputError(source, Said(Problem.STORE_NOT_OBJECT, (json_kind(value),)))
    return TimestampStore.adopt(value, used_key)  # a fresh dict from the parser: no copy


NAMED_KEYS = 3  # keys a note names; the rest are counted (100k bad values are not 100k lines)


def not_text_note(store: TimestampStore, source: str | Path) -> Said | None:
    """Say which stored values are not text (``Note.STORE_NOT_TEXT``), or None when all
    are: the inspector counts them as unparseable, as the middleware does,
    and a person must hear that the file holds values it will trip over."""
    keys = store.keys_not_text()
    if not keys:
        return None
    named = Listed(
        Said(Note.NOT_TEXT_KEY, (key[:12], json_kind(store.get(key)))) for key in keys[:NAMED_KEYS]
    )
    if len(keys) <= NAMED_KEYS:
        return Said(Note.STORE_NOT_TEXT, (source, len(keys), named))
    return Said(Note.STORE_NOT_TEXT_MORE, (source, len(keys), named, len(keys) - NAMED_KEYS))


def read_file_bytes(path: Path) -> bytes | None:
    """A timestamp file's bytes, or None when it does not exist (yet): every
    reader of timestamp files names the file and the problem the same way."""
    try:
        return read_regular(path)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise InputError(path, Said(Problem.FOLDER_NOT_TIMESTAMPS)) from None
    except OSError as error:
        raise InputError(path, unreadable(error)) from None


def digest_of(data: bytes) -> str:
    """Identity of a file's bytes as loaded, to notice writes made since."""
    return hashlib.sha256(data).hexdigest()


def read_store(path: Path, key: FileKey | None = None) -> tuple[TimestampStore | None, str | None]:
    """The store at ``path`` and the digest of its bytes; (None, None) when
    the file does not exist yet (a new discussion)."""
    data = read_file_bytes(path)
    if data is None:
        return None, None
    return loads_store(data, path, key), digest_of(data)


def load_store(path: str | Path, key: FileKey | None = None) -> TimestampStore:
    """The store at ``path``; a missing file is an error here."""
    path = Path(path)
    store, _ = read_store(path, key)
    if store is None:
        raise InputError(path, Said(Problem.NO_SUCH_FILE))
    return store


# the stamp in the name of a file our saves keep beside a timestamp file (``.bak-``,
# ``.other-``, ``.gone-``): UTC, said by its "Z". The machine's wall clock named no
# zone ("bak-20261207-013510": 01:35 where?), repeated an hour when the clocks went
# back and sorted a backup of the repeated hour before an older one (issue 31).
# Names written before (``%Y%m%d-%H%M%S``, this machine's clock) are still read.
FILE_STAMP_RE = r"\d{8}T\d{6}Z|\d{8}-\d{6}"
_STAMP_UTC = "%Y%m%dT%H%M%SZ"
_STAMP_LOCAL = "%Y%m%d-%H%M%S"


def file_stamp(now: datetime | None = None) -> str:
    """``20261207T013510Z``: ``now`` (aware; naive or None: this machine's
    clock) in UTC, to the second, for a kept file's name; these sort by name
    in time order."""
    moment = (now or datetime.now()).astimezone(UTC)
    return moment.strftime(_STAMP_UTC)


def read_file_stamp(stamp: str) -> datetime | None:
    """The moment (aware) a ``file_stamp`` names; an older name's stamp on
    this machine's clock as such. None: no date ("20261399-…", a name
    another program gave)."""
    try:
        if stamp.endswith("Z"):
            return datetime.strptime(stamp, _STAMP_UTC).replace(tzinfo=UTC)
        return datetime.strptime(stamp, _STAMP_LOCAL).astimezone()
    except (ValueError, OverflowError):
        return None


def backup_path(path: Path, now: datetime | None = None, kind: str = "bak") -> Path:
    """A fresh name next to ``path`` that no earlier file of ``kind`` uses
    (``path.kind-STAMP``, then ``-1``, ``-2`` …): backups, and the save marks
    beside them (``history.mark_saved``)."""
    stamp = file_stamp(now)
    candidate = path.with_name(f"{path.name}.{kind}-{stamp}")
    counter = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{kind}-{stamp}-{counter}")
        counter += 1
    return candidate


def write_bytes_atomic(
    path: str | Path, data: bytes | Iterable[bytes | memoryview], *, backup: bool = True
) -> Path | None:
    """Replace ``path`` with ``data`` so that a reader sees the old or the new
    file, never half of one (``data`` may come in parts, written as they are
    made; one that fails to be made leaves nothing behind, as any failure);
    an existing file is first kept as a backup,
    whose path is returned. When it fails (a full disk, a read-only folder,
    a path that is not a regular file) nothing is left behind: no temporary
    file, no backup, the old file as it was. Nothing is ever written into a
    recording (``recordings.recording_holding``): every write of ours comes
    here, so every one refuses it."""
    import shutil
    import tempfile

    from .recordings import refuse_recording

    named = Path(path)
    refuse_recording(named)  # a recording's files are evidence: never written (issue 29)
    saved: Path | None = None
    temp_name: str | None = None
    try:
        # the middleware opens the path for writing, which writes through a
        # symlink: so do we, atomically beside the link's target, and the
        # link stays a link (tryout: it was replaced by a regular file, the
        # target kept the old times and the "backup" was the link)
        path = Path(os.path.realpath(named)) if named.is_symlink() else named
        folder = path.parent if str(path.parent) else Path(".")
        try:
            mode: int | None = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None:  # never replace a folder, a device or a FIFO by a file
            check_regular(path, mode)
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "wb") as stream:
            if isinstance(data, bytes | bytearray | memoryview):
                stream.write(data)
            else:
                stream.writelines(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            shutil.copymode(path, temp_name)
        else:  # a new file gets the user's umask like any other, not mkstemp's 0600
            os.chmod(temp_name, 0o666 & ~_umask())
        if backup and mode is not None:
            saved = backup_path(path)
            try:  # the old file itself becomes the backup when os.replace swaps the name: no copy
                os.link(path, saved)
            except OSError:  # a file system without hard links
                shutil.copy2(path, saved)
        os.replace(temp_name, path)
        temp_name = None
        _fsync_folder(folder)
    except OSError as error:
        if temp_name is not None:  # not written: leave nothing behind
            Path(temp_name).unlink(missing_ok=True)
            if saved is not None:
                saved.unlink(missing_ok=True)
        raise InputError(named, unreadable(error, writing=True)) from None
    except BaseException:
        if temp_name is not None:
            Path(temp_name).unlink(missing_ok=True)
            if saved is not None:
                saved.unlink(missing_ok=True)
        raise
    return saved


def _umask() -> int:
    """The process umask, read without changing it where the system says it
    (Linux); elsewhere set and put back at once."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_store(path: str | Path, store: TimestampStore, *, backup: bool = True) -> Path | None:
    """Write ``store`` the way the middleware writes it; returns the backup path."""
    return write_bytes_atomic(path, store.file_bytes(), backup=backup)
