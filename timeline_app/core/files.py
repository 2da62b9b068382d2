"""Opening the files a person names: regular files only, never blocking, read within a limit.

A path on the command line or in a recording can name anything: a FIFO
nobody writes to (``open`` blocks for ever), ``/dev/zero`` (a read never
ends), a tape drive (opening it rewinds). Every reader of user-named files
opens them here, so each of those fails at once with an ``OSError`` the
readers already turn into one clear line (``errors.unreadable``): the kind
is checked before opening, the open itself does not block (a FIFO made in
between), and the open file is checked again, which no swap can race.
"""

from __future__ import annotations

import errno
import io
import os
import stat
from typing import BinaryIO, cast

READ_LIMIT = 1 << 31  # 2 GiB: twenty times a 100,000-message chat; beyond it a read is refused
_CHUNK = 1 << 20
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs to wait on
_OPEN_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)

_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegularFile(OSError):
    """The path names something other than a file or a folder; its
    ``strerror`` says what, as the system's words say other reasons."""

    def __init__(self, path: object, mode: int) -> None:
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        super().__init__(errno.EINVAL, f"it is {kind}, not a regular file", str(path))


class FileTooLarge(OSError):
    """A file larger than ``READ_LIMIT``: reading it would exhaust memory."""

    def __init__(self, path: object, size: int, limit: int) -> None:
        super().__init__(
            errno.EFBIG, f"larger than the {limit:,} bytes this reads ({size:,} bytes)", str(path)
        )


def check_regular(path: object, mode: int) -> None:
    """``OSError`` unless ``mode`` (``st_mode``) is a regular file's."""
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path, mode)


def lexists(path: str | os.PathLike[str]) -> bool:
    """Whether anything is at ``path`` (a dangling link counts). Only "no such
    file" is an answer: a folder without permission, a name too long or a
    link loop raise their ``OSError``, so they are said as what they are
    (``os.path.lexists`` says False to all of them: read as "no such file")."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    return True


def exists(path: str | os.PathLike[str]) -> bool:
    """``lexists`` through links: False only for "no such file" (a dangling
    link too); ``OSError`` for a link loop, a folder without permission..."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    return True


def open_regular(path: str | os.PathLike[str], *, buffering: int = -1) -> io.BufferedReader | io.FileIO:
    """``open(path, "rb")`` for a regular file; ``OSError`` for anything else
    (``IsADirectoryError`` for a folder, ``NotRegularFile`` for a FIFO, a
    device or a socket), raised without blocking and without reading."""
    check_regular(path, os.stat(path).st_mode)  # a device is never opened: opening some does something
    fd = os.open(path, _OPEN_FLAGS)  # a FIFO put there since: opened without waiting for a writer
    try:
        check_regular(path, os.fstat(fd).st_mode)
        if _NONBLOCK:
            os.set_blocking(fd, True)  # a regular file: reads as usual
        return cast("io.BufferedReader | io.FileIO", os.fdopen(fd, "rb", buffering=buffering))
    except BaseException:
        os.close(fd)
        raise


def check_size(stream: BinaryIO, path: object, limit: int = READ_LIMIT) -> int:
    """The open file's size, or ``FileTooLarge`` when reading it whole would
    take more than ``limit`` bytes."""
    size = os.fstat(stream.fileno()).st_size
    if size > limit:
        raise FileTooLarge(path, size, limit)
    return size


def read_rest(stream: BinaryIO, path: object, limit: int = READ_LIMIT) -> bytes:
    """The rest of an open file, at most ``limit`` bytes from its start
    (``FileTooLarge`` beyond): a file that grows while it is read, or one
    whose size the system does not know (``/proc``), is read in chunks."""
    start = stream.tell()
    size = check_size(stream, path, limit)
    data = stream.read(max(size - start, 0))
    more = stream.read(_CHUNK)
    if not more:
        return data
    parts, total = [data, more], start + len(data) + len(more)
    while more:
        if total > limit:
            raise FileTooLarge(path, total, limit)
        more = stream.read(_CHUNK)
        parts.append(more)
        total += len(more)
    return b"".join(parts)


def read_regular(path: str | os.PathLike[str], limit: int = READ_LIMIT) -> bytes:
    """A regular file's bytes (``Path.read_bytes`` for files a person names):
    ``OSError`` for anything that is not one, or is larger than ``limit``."""
    with open_regular(path) as stream:
        return read_rest(stream, path, limit)
