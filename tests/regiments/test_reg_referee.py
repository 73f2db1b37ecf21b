"""``rules regiment`` (Extension 3): the contract's worked example, scenario files with
their expected answers, and bad files as one sentence with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.referee.moves import answer, main

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "scenarios"
CASES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def test_the_contract_example_answers_exactly() -> None:
    got = answer(["regiment", str(HERE / "contract_example.json")])
    assert got == {
        "legal": True, "error": None, "failed_step": None, "used": 8.69, "allowance": 9,
        "end": {"front_left": [13.32, 42.10], "facing": 30, "files": 2, "ranks": 3},
        "marker": "activation", "stopped": None, "contact": None, "countercharge": None,
    }  # fmt: skip
    assert isinstance(got["allowance"], int) and isinstance(got["end"]["facing"], int)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_scenario_answers(case: Path) -> None:
    expected = json.loads(case.with_name(case.stem + ".expected.json").read_text())
    assert answer(["regiment", str(case)]) == expected


def test_the_command_line_prints_one_json_object() -> None:
    p = subprocess.run(
        [sys.executable, "main.py", "rules", "regiment", str(HERE / "contract_example.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert p.returncode == 0 and json.loads(p.stdout)["used"] == 8.69


T100 = {"width": 100, "height": 100}


def _reg(rid: str, side: str, files: int, at: list[float]) -> dict:
    return {"id": rid, "side": side, "files": files, "ranks": 1, "stand": [4, 4],
            "front_left": at, "facing": 0, "move": 9}  # fmt: skip


def _sc(**kw) -> dict:  # noqa: ANN003
    return {"ruleset": "regiments", "table": T100, "regiments": [], **kw}


ONE = [_reg("a", "A", 2, [10, 10])]
BAD = [
    (_sc(x=1), "unknown key 'x'"),
    ({"ruleset": "regiments", "regiments": []}, "no 'table'"),
    (_sc(regiments=[{"id": "a"}]), "has no 'side'"),
    (_sc(table={"width": 20, "height": 20}, regiments=[_reg("a", "A", 8, [0, 10])]),
     "does not lie on the 20 x 20 cm table"),
    (_sc(regiments=[*ONE, _reg("b", "B", 2, [12, 12])]), "overlaps regiment 'a'"),
    (_sc(regiments=ONE, order={"unit": "a", "type": "move", "steps": [{"jump": 3}]}),
     "unknown step 'jump'"),
    (_sc(regiments=ONE, order={"unit": "a", "type": "face"}), "needs 'turn'"),
    (_sc(options={"wheel": "spiral"}), "options.wheel must be one of arc, chord"),
    (_sc(), "no 'order'"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "words"), BAD)
def test_a_bad_file_is_one_sentence_and_exit_2(tmp_path, capsys, data, words) -> None:  # noqa: ANN001
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data))
    assert main(["regiment", str(f)]) == 2
    err = capsys.readouterr().err
    assert words in err and str(f) in err and "Traceback" not in err and err.count("\n") == 1


def test_a_regiments_file_given_to_the_hex_referee_says_so(tmp_path, capsys) -> None:  # noqa: ANN001
    assert main(["move", str(HERE / "contract_example.json")]) == 2
    assert "rules regiment" in capsys.readouterr().err


def test_command_test_option_rolls_from_the_scenario_dice(tmp_path) -> None:  # noqa: ANN001
    data = json.loads((HERE / "charge_head_on.json").read_text())
    data["options"] = {"command_test": 8}
    data["dice"] = [2, 3]
    f = tmp_path / "cmd.json"
    f.write_text(json.dumps(data))
    got = answer(["regiment", str(f)])
    assert got["legal"] and got["contact"] is None and got["end"]["front_left"] == [50, 100]
    assert got["command_tests"][0]["total"] == 5 and got["command_tests"][0]["success"] is False


def _blocks(section: str) -> list[str]:
    """The ```json blocks of one section of docs/scenario-format.md."""
    import re

    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    start = re.search(rf"^#+ {re.escape(section)}\s*$", text, re.M)
    assert start, section
    rest = text[start.end() :]
    end = re.search(r"^#{2,3} ", rest, re.M)
    return re.findall(r"```json\n(.*?)```", rest[: end.start()] if end else rest, re.S)


def test_the_documented_examples_are_the_referees_answers(tmp_path) -> None:  # noqa: ANN001
    example = tmp_path / "example.json"
    example.write_text(_blocks("Extension 3: regiments")[0])
    answers = _blocks("rules regiment")
    assert answer(["regiment", str(example)]) == json.loads(answers[0])
    charge = tmp_path / "charge.json"
    charge.write_text(answers[1])
    assert answer(["regiment", str(charge)]) == json.loads(answers[2])
