"""Which files an archive run reads, and reading one without trusting it.

A folder is walked recursively in sorted order; a file in it is a candidate when its name ends in
one of the suffixes asked for. Before anything is opened, `lstat`/`stat` say what the entry is: a
FIFO, a device or a socket, a file over the size limit, a symbolic link leading out of the folder
(or nowhere) is refused as that file's row, never opened (a FIFO would block, /dev/zero never ends,
a link to /etc/passwd would leak its first line). A file named on the command line is always a
candidate, whatever its suffix. The one file that is opened is opened with O_NONBLOCK and
O_NOFOLLOW and checked again on its descriptor, and at most the limit plus one byte is read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from arbitru.messages import render

DEFAULT_SUFFIXES: tuple[str, ...] = (".mat", ".txt", ".json", ".sgf")
MAX_FILE_BYTES = 4 * 128 * 1024  # what /v1/matches/verify takes (128 Ki characters), in bytes
_KINDS = (
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISDIR, "folder"),
)


class Refused(Exception):
    """A file not read: `key` and `params` name the reason in the catalogue (cli.*)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def say(self, lang: str) -> str:
        """The reason in `lang`, the kind of file in words."""
        params = dict(self.params)
        if "kind" in params:
            params["kind"] = render(f"cli.kind.{params['kind']}", None, lang)
        return render(self.key, params, lang)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A file to verify: where to read it (`path`), how rows name it (`shown`), whether the command
    line named it (`named`: never skipped for its content), or why it is refused unread."""

    path: str
    shown: str
    named: bool = False
    refused: Refused | None = None


def parse_suffixes(text: str) -> tuple[str, ...]:
    """`--suffixes .mat,.txt` as lowercase suffixes with their dot (`mat` -> `.mat`)."""
    parts = [part.strip().lower() for part in text.split(",") if part.strip()]
    return tuple(part if part.startswith(".") else f".{part}" for part in parts)


def candidates(arguments: Sequence[str], suffixes: Iterable[str] = DEFAULT_SUFFIXES) -> list[Candidate]:
    """Every file the arguments stand for: a folder's files (recursively, sorted, named relative to
    the folder; prefixed with the folder as typed when several arguments are given), a file as typed."""
    wanted = tuple(s.lower() for s in suffixes)
    found: list[Candidate] = []
    for argument in arguments:
        if os.path.isdir(argument):
            prefix = argument if len(arguments) > 1 else ""
            found += _folder(argument, wanted, prefix)
        else:
            found.append(_checked(argument, argument, None, named=True))
    return found


def _folder(root: str, suffixes: tuple[str, ...], prefix: str) -> list[Candidate]:
    real_root = os.path.realpath(root)
    found: list[Candidate] = []

    def unreadable_folder(error: OSError) -> None:  # a folder that cannot be listed is a row, not a silence
        shown = Path(os.path.relpath(error.filename or root, root)).as_posix()
        refused = Refused("cli.os_error", error=error.strerror or str(error))
        found.append(
            Candidate(
                str(error.filename), Path(prefix, shown).as_posix() if prefix else shown, False, refused
            )
        )

    for folder, subfolders, files in os.walk(root, followlinks=False, onerror=unreadable_folder):
        subfolders.sort()  # os.walk lists links to folders here but never enters them
        for name in files:
            if not name.lower().endswith(suffixes):
                continue
            full = os.path.join(folder, name)
            shown = Path(os.path.relpath(full, root)).as_posix()
            found.append(_checked(full, Path(prefix, shown).as_posix() if prefix else shown, real_root))
    return sorted(found, key=lambda candidate: candidate.shown)


def _checked(path: str, shown: str, real_root: str | None, named: bool = False) -> Candidate:
    """The candidate, or its refusal when `lstat`/`stat` say it must not be opened."""
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            target = os.path.realpath(path)
            if real_root is not None and os.path.commonpath([real_root, target]) != real_root:
                return Candidate(path, shown, named, Refused("cli.link_outside"))
            info = os.stat(target)
            path = target
        _check_kind(info)
    except Refused as refused:
        return Candidate(path, shown, named, refused)
    except OSError as exc:
        return Candidate(path, shown, named, Refused("cli.os_error", error=exc.strerror or str(exc)))
    return Candidate(path, shown, named)


def _check_kind(info: os.stat_result) -> None:
    for test, kind in _KINDS:
        if test(info.st_mode):
            raise Refused("cli.not_regular", kind=kind)
    if info.st_size > MAX_FILE_BYTES:
        raise Refused("cli.too_large", size=info.st_size, limit=MAX_FILE_BYTES)


def read_bytes(path: str) -> bytes:
    """The file's bytes: opened without blocking or following a link, checked again on the open
    descriptor (the entry may have changed since it was listed), read up to the limit plus one."""
    fd = os.open(
        path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        _check_kind(os.fstat(fd))
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_FILE_BYTES:
        raise Refused("cli.too_large", size=len(data), limit=MAX_FILE_BYTES)
    return data
