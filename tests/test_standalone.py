"""The project stands alone: no tracked file points to the folder beside the repository
that developers and CI have and a user's clone does not (``../shared``). Its contents the
project needs are in docs/ (scenario-format.md, rule-ids.md)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDLE = b"../shared"


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout (or no git): the tracked files cannot be listed")
    return [ROOT / name for name in out.decode("utf-8").split("\0") if name]


def mentions(files: list[Path]) -> list[str]:
    """The files (but this one) whose bytes contain the needle; deleted ones are skipped."""
    here = Path(__file__).resolve()
    hits = [f for f in files if f.resolve() != here and f.is_file() and NEEDLE in f.read_bytes()]
    return [str(f.relative_to(ROOT)) if f.is_relative_to(ROOT) else str(f) for f in hits]


def test_no_tracked_file_mentions_the_shared_folder() -> None:
    files = tracked_files()
    assert len(files) > 50
    assert mentions(files) == [], "point to docs/scenario-format.md or docs/rule-ids.md instead"


def test_a_mention_is_caught(tmp_path: Path) -> None:
    bad, good = tmp_path / "bad.py", tmp_path / "good.png"
    bad.write_text('"""The format (see ../shared/spec/scenario.md)."""\n', encoding="utf-8")
    good.write_bytes(b"\x89PNG\r\n\x1a\n shared ../ elsewhere")
    assert mentions([bad, good, tmp_path / "deleted.md"]) == [str(bad)]
    assert mentions([Path(__file__)]) == []  # this file is the one exception
