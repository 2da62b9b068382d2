"""core/files.py on its own: a regular file reads whole (also one that grows
while read, or whose size the system does not know), within the limit or
refused; a folder, a FIFO nobody writes to, a device or a socket fails at
once with an ``OSError`` saying what it is, and nothing is left open; only
"no such file" means absent."""

from __future__ import annotations

import errno
import io
import os
import socket
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.files import (
    FileTooLarge,
    NotRegularFile,
    check_regular,
    exists,
    lexists,
    open_regular,
    read_regular,
    read_rest,
)

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else 0


@settings(max_examples=40)
@given(st.binary(max_size=3000), st.integers(0, 3100))
def test_a_regular_file_reads_whole_within_the_limit_or_is_refused(
    tmp_path_factory, data: bytes, limit: int
) -> None:
    path = tmp_path_factory.mktemp("files") / "data.bin"
    path.write_bytes(data)
    if len(data) <= limit:
        assert read_regular(path, limit) == data
    else:
        with pytest.raises(FileTooLarge) as refused:
            read_regular(path, limit)
        assert refused.value.errno == errno.EFBIG and refused.value.filename == str(path)
        assert f"{len(data):,} bytes" in refused.value.strerror


class Growing(io.BytesIO):
    """A stream whose size the system reports short (``/proc``, a file still
    written): ``fstat`` says ``said`` bytes, the reads give all of it."""

    def __init__(self, data: bytes, real: Path) -> None:
        super().__init__(data)
        self._fd = os.open(real, os.O_RDONLY)  # fstat of a file of the reported size

    def fileno(self) -> int:
        return self._fd

    def close(self) -> None:
        os.close(self._fd)
        super().close()


@pytest.mark.parametrize(("size", "said", "limit"), [(5_000_000, 0, 1 << 31), (3_000_000, 10, 2_500_000)])
def test_a_file_longer_than_its_size_says_is_read_in_chunks_and_limited(
    tmp_path: Path, size: int, said: int, limit: int
) -> None:
    reported = tmp_path / "reported"
    reported.write_bytes(b"x" * said)
    data = bytes(range(256)) * (size // 256)
    with Growing(data, reported) as stream:
        if len(data) <= limit:
            assert read_rest(stream, "grown", limit) == data  # type: ignore[arg-type]
        else:
            with pytest.raises(FileTooLarge):
                read_rest(stream, "grown", limit)  # type: ignore[arg-type]


def test_the_rest_is_read_from_where_the_stream_is(tmp_path: Path) -> None:
    path = tmp_path / "data.bin"
    path.write_bytes(b"header|body")
    with open_regular(path) as stream:
        stream.read(7)
        assert read_rest(stream, path) == b"body"


def test_a_folder_is_said_to_be_one(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        open_regular(tmp_path)
    with pytest.raises(IsADirectoryError):
        read_regular(tmp_path)


@posix
def test_a_fifo_nobody_writes_to_fails_at_once_and_leaves_nothing_open(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    before = _open_fds()
    with pytest.raises(NotRegularFile) as refused:
        read_regular(fifo)  # would block for ever in open() without the checks
    assert "a named pipe (FIFO)" in refused.value.strerror and refused.value.filename == str(fifo)
    assert _open_fds() == before


@posix
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_never_opened() -> None:
    with pytest.raises(NotRegularFile) as refused:
        read_regular("/dev/zero")  # a read would never end
    assert "a character device" in refused.value.strerror


@posix
def test_a_socket_is_said_to_be_one(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        with pytest.raises(NotRegularFile) as refused:
            read_regular(path)
    assert "a socket" in refused.value.strerror


@pytest.mark.parametrize(
    ("mode", "error"),
    [
        (stat.S_IFREG | 0o644, None),
        (stat.S_IFDIR | 0o755, IsADirectoryError),
        (stat.S_IFIFO | 0o644, NotRegularFile),
        (stat.S_IFCHR | 0o644, NotRegularFile),
        (stat.S_IFBLK | 0o644, NotRegularFile),
        (stat.S_IFSOCK | 0o644, NotRegularFile),
        (stat.S_IFLNK | 0o777, NotRegularFile),
    ],
)
def test_only_a_regular_files_mode_passes(mode: int, error: type[OSError] | None) -> None:
    if error is None:
        check_regular("p", mode)
    else:
        with pytest.raises(error):
            check_regular("p", mode)


@posix
def test_only_no_such_file_means_absent(tmp_path: Path) -> None:
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert not exists(tmp_path / "nowhere") and not lexists(tmp_path / "nowhere")
    assert lexists(dangling) and not exists(dangling)  # a dangling link is something, through it nothing
    assert lexists(loop)
    with pytest.raises(OSError, match=r"(?i)too many|loop"):
        exists(loop)  # not "absent": a link loop is said as what it is
    too_long = tmp_path / ("x" * 5000)
    for asked in (exists, lexists):
        with pytest.raises(OSError) as refused:
            asked(too_long)  # not "absent" either: a name too long
        assert refused.value.errno == errno.ENAMETOOLONG
