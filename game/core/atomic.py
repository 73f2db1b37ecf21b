"""Writing a file so that a crash leaves either the old or the new file, never a part.

The text goes to a temporary file in the same folder (``.NAME.PID.XXXX.tmp``), is
flushed to disk, renamed over the target (``os.replace`` is atomic on one file system),
and then the folder itself is flushed, so that the rename survives a power cut too.
A process killed mid-write leaves its temporary file behind; the next write into the same
folder removes such leftovers of processes that no longer run (any target's, recognised by
that name pattern only), and the programs call :func:`remove_stale_in` on the save folder
when they start.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 60.0  # a leftover without a process id counts as stale after this long
# what tempfile.mkstemp makes of prefix ".NAME.PID." and suffix ".tmp" (8 random characters)
OURS = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[A-Za-z0-9_]{8}\.tmp$")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` atomically; OSError if the disk refuses."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """fsync the folder so a rename in it is on disk; a no-op where folders cannot be
    opened (Windows)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems do not sync folders; the rename itself already happened
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # gone, or no process id at all
        return False
    except OSError:  # exists, but belongs to someone else
        return True
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete temporary files killed writes left in ``path``'s folder; returns them.

    A temp file names the process that wrote it; it is stale when that process is gone.
    This target's temp names are judged by their process id whatever follows it; older
    ones without a process id count as stale after STALE_SECONDS."""
    removed = remove_stale_in(path.parent)
    try:
        candidates = [p for p in path.parent.glob(f".{path.name}.*.tmp") if p not in removed]
    except OSError:
        return removed
    now = time.time()
    for tmp in candidates:
        middle = tmp.name[len(path.name) + 2 : -len(".tmp")]
        pid_text = middle.split(".", 1)[0]
        try:
            if "." in middle and pid_text.isdigit():
                stale = not _alive(int(pid_text))
            else:
                stale = now - tmp.stat().st_mtime > STALE_SECONDS
            if stale:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


def remove_stale_in(folder: Path) -> list[Path]:
    """Delete every temporary file of ours (OURS: ``.NAME.PID.XXXXXXXX.tmp``) in ``folder``
    whose writing process no longer runs; other files are never touched."""
    removed: list[Path] = []
    try:
        names = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    except OSError:
        return removed
    for tmp in names:
        m = OURS.match(tmp.name)
        if m is None or _alive(int(m["pid"])):
            continue
        try:
            if tmp.is_file():
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed
