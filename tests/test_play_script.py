"""``./play`` installs the package only when pyproject.toml (the package and its
dependencies) changed since the last install: a checksum stamp in .venv. Checked with a
stand-in interpreter that only records how it was called (no network, no real venv)."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _fake_tree(tmp: Path) -> Path:
    shutil.copy(ROOT / "play", tmp / "play")
    (tmp / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["a"]\n')
    bin_dir = tmp / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text('#!/usr/bin/env bash\necho "$*" >> "$(dirname "$0")/../calls"\n')
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    return tmp


def _run(tree: Path) -> list[str]:
    subprocess.run(["bash", str(tree / "play"), "--seed", "3"], check=True, timeout=30)
    return (tree / ".venv" / "calls").read_text().splitlines()


def test_play_installs_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    tree = _fake_tree(tmp_path)
    calls = _run(tree)
    assert calls[0].startswith("-m pip install") and calls[1] == "main.py --seed 3"
    assert len(_run(tree)) == 3  # the second start: no install, straight to the game
    (tree / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["a", "b"]\n')
    calls = _run(tree)
    assert calls[3].startswith("-m pip install") and len(calls) == 5
    assert len(_run(tree)) == 6
