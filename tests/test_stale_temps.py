"""Issue 26: a save killed mid-write leaves its temporary file, and the next save into the
folder or the next start of the game removes it (only our own, by game.core.atomic.OURS)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.core.atomic import OURS, remove_stale_in, write_atomic

REPO = Path(__file__).resolve().parents[1]

HANG_IN_WRITE = """
import os, sys, time
from pathlib import Path
from game.core import atomic
def hang(src, dst):
    print("written", flush=True)
    time.sleep(600)
atomic.os.replace = hang
atomic.write_atomic(Path(sys.argv[1]), "x" * 1000)
"""


def _killed_mid_write(target: Path) -> Path:
    """A real process writing ``target``, killed between its temp file and the rename."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    p = subprocess.Popen([sys.executable, "-c", HANG_IN_WRITE, str(target)], env=env,
                         stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert p.stdout is not None and p.stdout.readline().strip() == "written"
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    left = [q for q in target.parent.iterdir() if q.name.endswith(".tmp")]
    assert len(left) == 1 and OURS.match(left[0].name), left
    return left[0]


def _others(folder: Path) -> list[Path]:
    """Files that look alike but are not ours, and ours of a process still running."""
    alive = folder / f".x.json.{os.getpid()}.abcd1234.tmp"
    files = [folder / ".notes.tmp", folder / "a.1.abcd1234.tmp", folder / "keep.tmp", alive]
    for f in files:
        f.write_text("mine")
    return files


def test_the_next_save_into_the_folder_removes_a_killed_saves_temp(tmp_path: Path) -> None:
    stale = _killed_mid_write(tmp_path / "autosave.json")
    others = _others(tmp_path)
    write_atomic(tmp_path / "quicksave.json", "{}")  # another save, same folder
    assert not stale.exists()
    assert all(f.exists() for f in others)
    assert (tmp_path / "quicksave.json").read_text() == "{}"


def test_the_next_start_removes_a_killed_saves_temp(tmp_path: Path) -> None:
    stale = _killed_mid_write(tmp_path / "regiments-autosave.json")
    others = _others(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(REPO), "HEXPLATE_SAVE_DIR": str(tmp_path),
           "SDL_VIDEODRIVER": "dummy"}  # fmt: skip
    p = subprocess.run([sys.executable, "main.py", "regiments", "--help"], cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert not stale.exists()
    assert all(f.exists() for f in others)


def test_a_process_id_no_system_has_is_stale_not_a_crash(tmp_path: Path) -> None:
    huge = tmp_path / f".a.json.{10**30}.abcd1234.tmp"
    huge.write_text("x")
    os.utime(huge, (time.time(), time.time()))
    assert remove_stale_in(tmp_path) == [huge]
