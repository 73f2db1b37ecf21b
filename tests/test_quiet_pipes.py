"""Issue 26: every command that prints survives its reader closing early (``| head``):
the exit status is 0 (the question was valid; the referee's contract knows only 0 and 2)
and stderr holds no traceback; a bad file whose reader is gone still exits 2. Real
processes, their stdout a pipe whose reading end is already closed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import EXIT_READER_GONE

REPO = Path(__file__).resolve().parents[1]
SC = "tests/scenarios"
COMMANDS = [
    ["rules", "move", f"{SC}/cliff.json", "--resolve"],
    ["rules", "reach", f"{SC}/cliff.json"],
    ["rules", "order", "--units", "A=8,B=5", "--initiative-winner", "A"],
    ["rules", "los", f"{SC}/combat_attack.json"],
    ["rules", "attack", f"{SC}/combat_resolve.json", "--resolve"],
    ["rules", "heat", f"{SC}/combat_heat.json", "--resolve"],
    ["rules", "physical", f"{SC}/physical_punch.json", "--resolve"],
    ["rules", "aero", f"{SC}/aero_ex01.json"],
    ["rules", "aero", f"{SC}/aero_ex01.json", "--resolve"],
    ["rules", "regiment", "tests/regiments/scenarios/contract_example.json"],
    ["rules", "--help"],
    ["autoplay", "maps/grassland.tmx", "--turns", "1", "--seed", "1"],
    ["--help"],
]


def _run_into_closed_pipe(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    try:
        return subprocess.run([sys.executable, "main.py", *args], cwd=REPO, env=env,
                              stdout=write_end, stderr=subprocess.PIPE, timeout=120)  # fmt: skip
    finally:
        os.close(write_end)


FAST = {"attack", "aero", "regiment", "autoplay", "--help"}  # every run; the rest: slow


@pytest.mark.parametrize(
    "args",
    [a if a[0] in FAST or a[1] in FAST else pytest.param(a, marks=pytest.mark.slow)
     for a in COMMANDS],
    ids=lambda a: " ".join(a[:2]),
)  # fmt: skip
def test_a_reader_closing_early_ends_the_command_quietly(args: list[str]) -> None:
    p = _run_into_closed_pipe(args)
    err = p.stderr.decode()
    assert p.returncode == EXIT_READER_GONE == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err


@pytest.mark.parametrize("count", [100, pytest.param(600, marks=pytest.mark.slow)])
def test_head_reading_part_of_a_long_answer(count: int) -> None:
    """The issue's own line: ``rules attack FILE --resolve | head -c 600`` (and 100)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = (f"{sys.executable} main.py rules attack {SC}/combat_resolve.json --resolve "
           f"| head -c {count}")  # fmt: skip
    p = subprocess.run(["bash", "-c", f"set -o pipefail; {cmd}"], cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr  # even under pipefail
    assert "Traceback" not in p.stderr
    assert p.stdout.startswith("{")


def test_a_bad_file_whose_readers_are_gone_still_exits_2(tmp_path: Path) -> None:
    """The question decides the status, not the reader: a bad file is 2, its sentence
    going nowhere (stderr closed too) without a traceback."""
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        p = subprocess.run([sys.executable, "main.py", "rules", "los", str(bad)], cwd=REPO,
                           env=env, stdout=write_end, stderr=write_end, timeout=120)  # fmt: skip
    finally:
        os.close(write_end)
    assert p.returncode == 2
