"""One validator (game.core.values, issue 26): each refusal reads the same through every
surface a value can come in by: a scenario (the play window's reader), the referee, a
save of either rule set, and the armies file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main as cli
from game.core.files import SaveError, ScenarioError
from game.core.values import formation

REPO = Path(__file__).resolve().parents[1]
COMBAT = REPO / "tests" / "scenarios" / "combat_attack.json"
REGIMENTS = REPO / "tests" / "regiments" / "scenarios" / "contract_example.json"
GRASSLAND = REPO / "scenarios" / "regiments-grassland.json"


def said(text: str, path: Path) -> str:
    """The sentence after ``FILE: ``, as one line."""
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}: "), text
    return lines[0][len(f"{path}: ") :].rstrip(".")


def referee(capsys: pytest.CaptureFixture[str], path: Path, command: str) -> str:
    assert cli(["rules", command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexplate: "), err
    return said(err[len("hexplate: ") :], path)


def put(tmp_path: Path, name: str, doc: Any) -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return p


# --- a hex unit's values: scenario, referee and save --------------------------------------

UNIT_VALUES = [
    ({"ammo": [{"weapon": "AC/20", "location": "LT", "shots": 500}]}, "ammo[0].shots is 500"),
    ({"armor": {"CT": 20, "CTR": 20}}, "armor.CT + armor.CTR is 20 + 20"),
    ({"armor": {"LA": 5}, "structure": {"LA": 0}}, "armor.LA is 5, but structure.LA is 0"),
    ({"damage": {"weapons_destroyed": [0, 0]}}, "weapons_destroyed names weapon 0 twice"),
]


@pytest.mark.parametrize(("keys", "part"), UNIT_VALUES, ids=[p for _, p in UNIT_VALUES])
def test_a_unit_value_is_refused_alike_by_scenario_referee_and_save(
    tmp_path, capsys, keys: dict, part: str
) -> None:
    from game.save import load_game, save_game
    from game.setup import new_game_from_scenario

    doc = json.loads(COMBAT.read_text())
    doc.pop("attack")
    good = put(tmp_path, "good.json", doc)
    save = tmp_path / "save.json"
    save_game(new_game_from_scenario(good), save)
    doc["units"][0].update(keys)
    bad = put(tmp_path, "bad.json", doc)
    with pytest.raises(ScenarioError) as scenario:
        new_game_from_scenario(bad)
    by_scenario = said(str(scenario.value), bad)
    by_referee = referee(capsys, bad, "heat")
    saved = json.loads(save.read_text())
    saved["start"]["units"][0].update(keys)
    save.write_text(json.dumps(saved))
    with pytest.raises(SaveError) as e:
        load_game(save)
    assert part in by_scenario
    assert by_scenario == by_referee == said(str(e.value), save)


# --- the start of a game: hex and regiments saves, scenarios' options -----------------


def _hex_save(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    from game.save import save_game
    from game.setup import new_game_from_scenario

    doc = json.loads(COMBAT.read_text())
    doc.pop("attack")
    path = tmp_path / "hex.json"
    save_game(new_game_from_scenario(put(tmp_path, "s.json", doc)), path)
    return path, json.loads(path.read_text())


def _regiments_save(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    from game.regiments.save import save_game
    from game.regiments.setup import game_from_scenario

    path = tmp_path / "reg.json"
    save_game(game_from_scenario(GRASSLAND), path)
    return path, json.loads(path.read_text())


def _load(path: Path, doc: dict[str, Any]) -> str:
    from game.regiments.save import load_game as load_regiments
    from game.save import load_game

    path.write_text(json.dumps(doc))
    load = load_regiments if doc["format"] == "hexplate-regiments-save" else load_game
    with pytest.raises(SaveError) as e:
        load(path)
    return said(str(e.value), path)


START = [  # (key, value, the sentence) in the start of both rule sets' saves
    ("seed", "x", "the dice seed must be a whole number, not 'x'"),
    ("seed", True, "the dice seed must be a whole number, not True"),
    ("sides", ["A", "A"], "'sides' must name each side once, by a non-empty name, not ['A', 'A']"),
    ("sides", ["A", " "], "'sides' must name each side once, by a non-empty name, not ['A', ' ']"),
]


@pytest.mark.parametrize(("key", "value", "sentence"), START, ids=[s for *_, s in START])
@pytest.mark.parametrize("rule_set", ["hex", "regiments"])
def test_a_start_value_is_refused_alike_by_both_rule_sets_saves(
    tmp_path, rule_set, key, value, sentence
) -> None:
    path, doc = (_hex_save if rule_set == "hex" else _regiments_save)(tmp_path)
    doc["start"][key] = value
    assert _load(path, doc) == sentence


@pytest.mark.parametrize(
    ("rule_set", "sides", "sentence"),
    [("hex", ["A"], "'sides' must list at least two side names, not ['A']"),
     ("regiments", ["A", "B", "C"], "'sides' must list two side names, not ['A', 'B', 'C']")],
)  # fmt: skip
def test_how_many_sides_each_rule_set_takes(tmp_path, rule_set, sides, sentence) -> None:
    path, doc = (_hex_save if rule_set == "hex" else _regiments_save)(tmp_path)
    doc["start"]["sides"] = sides
    assert _load(path, doc) == sentence


@pytest.mark.parametrize(
    ("key", "value", "sentence"),
    [("rules", "tw2", "rules must be one of tw, classic, not 'tw2'"),
     ("turn_limit", 0, "the turn limit must be a whole number >= 1, not 0"),
     ("options", "tacops", 'options must be a list of rule option names, not the string "tacops"')],
)  # fmt: skip
def test_the_hex_saves_own_start_values(tmp_path, key, value, sentence) -> None:
    path, doc = _hex_save(tmp_path)
    doc["start"][key] = value
    assert _load(path, doc) == sentence


def test_an_unknown_rule_option_is_refused_alike_by_scenario_referee_and_save(
    tmp_path, capsys
) -> None:
    """The same check and words; a save lists only optional rules (its variant is its
    'rules'), a scenario may also name the classic variant."""
    from game.setup import new_game_from_scenario

    doc = json.loads(COMBAT.read_text())
    doc["options"] = ["warp"]
    bad = put(tmp_path, "bad.json", doc)
    with pytest.raises(ScenarioError) as e:
        new_game_from_scenario(bad)
    sentence = 'options[0] "warp" is not one of tacops, classic'
    assert said(str(e.value), bad) == referee(capsys, bad, "attack") == sentence
    path, save = _hex_save(tmp_path)
    save["start"]["options"] = ["warp"]
    assert _load(path, save) == 'options[0] "warp" is not one of tacops'


@pytest.mark.parametrize(
    ("key", "value", "sentence"),
    [("cm_per_pixel", float("inf"), "'cm_per_pixel' must be a number, not inf"),
     ("cm_per_pixel", -1, "'cm_per_pixel' is -1, outside 0..100000"),
     ("scenery", 5, "'scenery' (a map path or null) must be a non-empty string, not 5"),
     ("mode", "war", "'mode' must be one of game, sandbox, not 'war'")],
)  # fmt: skip
def test_the_regiments_saves_own_start_values(tmp_path, key, value, sentence) -> None:
    path, doc = _regiments_save(tmp_path)
    doc["start"][key] = value
    assert _load(path, doc) == sentence


# --- a regiment's block: regiments scenario, referee, save and the armies file ---------

FORMATION = [  # (key, value, the sentence after "WHERE")
    ("files", 0, ".files is 0, outside 1..100"),
    ("ranks", 101, ".ranks is 101, outside 1..100"),
    ("stand", [0, 4], ".stand[0] is 0, outside 0.01..100000"),
    ("stand", [4], ".stand must be a list of two numbers, not [4]"),
    ("move", -1, ".move is -1, outside 0..1000"),
    ("move", "9", ".move must be a number, not '9'"),
    ("size", 21, ".size is 21, outside 0..20"),
    ("name", None, ".name must be a non-empty string, not None"),
]


@pytest.mark.parametrize(("key", "value", "tail"), FORMATION, ids=[t for *_, t in FORMATION])
def test_a_regiments_block_is_refused_alike_everywhere(tmp_path, capsys, key, value, tail) -> None:
    from game.regiments.armies import ArmyError, armies, unit_types
    from game.regiments.scenario import load

    doc = json.loads(REGIMENTS.read_text())
    doc["regiments"][0][key] = value
    bad = put(tmp_path, "bad.json", doc)
    with pytest.raises(ScenarioError) as e:
        load(bad)
    assert said(str(e.value), bad) == referee(capsys, bad, "regiment") == f"regiment 'r1'{tail}"

    path, save = _regiments_save(tmp_path)
    first = save["start"]["regiments"][0]
    first[key] = value
    assert _load(path, save) == f"regiment {first['id']!r}{tail}"

    data = json.loads((REPO / "game" / "regiments" / "data" / "armies.json").read_text())
    data["unit_types"]["spearmen"][key] = value
    file = put(tmp_path, "armies.json", data)
    with pytest.raises(ArmyError) as e:
        armies(file)
    assert str(e.value) == f"armies.json: unit type 'spearmen'{tail}"
    unit_types.cache_clear()
    armies.cache_clear()


@pytest.mark.parametrize(
    ("change", "sentence"),
    [(lambda d: d["unit_types"]["spearmen"].pop("move"), "unit type 'spearmen' has no 'move'"),
     (lambda d: d["unit_types"]["spearmen"].update(speed=3),
      "unknown key 'speed' in unit type 'spearmen' (allowed: name, files, ranks, stand, move, "
      "size)"),
     (lambda d: d["armies"]["royal"].update(name=None),
      "army 'royal'.name must be a non-empty string, not None"),
     (lambda d: d["armies"]["royal"].update(units=[["spearmen"]]),
      "army 'royal' lists unknown or no unit types [['spearmen']]")],
)  # fmt: skip
def test_the_armies_file_is_refused_in_one_sentence(tmp_path, change, sentence) -> None:
    from game.regiments.armies import ArmyError, armies, unit_types

    data = json.loads((REPO / "game" / "regiments" / "data" / "armies.json").read_text())
    change(data)
    file = put(tmp_path, "armies.json", data)
    with pytest.raises(ArmyError, match="^armies.json: ") as e:
        armies(file)
    assert str(e.value) == f"armies.json: {sentence}"
    unit_types.cache_clear()
    armies.cache_clear()


def test_the_bundled_armies_pass_the_validator() -> None:
    from game.regiments.armies import armies, unit_types

    assert len(armies()) >= 2 and all(t.move > 0 for t in unit_types().values())


def test_formation_takes_a_regiments_defaults() -> None:
    from game.core.jsonshape import AS_PYTHON, Shape

    r = Shape(Path("f.json"), ValueError, AS_PYTHON)
    block = formation(r, {"files": 2, "ranks": 3, "stand": [4, 4.5], "move": 9}, "x")
    assert (block.files, block.ranks, block.stand, block.move, block.size, block.name) == (
        2, 3, (4.0, 4.5), 9.0, 1, "")  # fmt: skip


# --- what every file is checked for alike (issue 26: the saves' own start checks and the
# armies file, through the one validator too) --------------------------------------------


@pytest.mark.parametrize(
    ("where", "key", "sentence"),
    [("top", "actions", "the save has no 'actions'"),
     ("start", "seed", "the save's start has no 'seed'"),
     ("start", "dice", "the save's start has no 'dice'")],
)  # fmt: skip
def test_a_missing_key_is_the_same_sentence_in_both_rule_sets_saves(
    tmp_path, where, key, sentence
) -> None:
    for make in (_hex_save, _regiments_save):
        path, doc = make(tmp_path)
        (doc if where == "top" else doc["start"]).pop(key)
        assert _load(path, doc) == sentence


def test_a_start_that_does_not_read_back_is_the_same_sentence_in_both_saves(tmp_path) -> None:
    """A key left out that the reader fills in: written back it differs from the file."""
    path, doc = _hex_save(tmp_path)
    unit = doc["start"]["units"][0]
    unit.pop("heat")
    hex_said = _load(path, doc)
    path, doc = _regiments_save(tmp_path)
    regiment = doc["start"]["regiments"][0]
    regiment.pop("size")
    reg_said = _load(path, doc)
    tail = "is not what the game reads from it (the file was edited)"
    assert hex_said == f"starting unit {unit['id']!r}'s 'heat' {tail}"
    assert reg_said == f"starting regiment {regiment['id']!r}'s 'size' {tail}"


def test_a_regiments_block_without_a_key_is_refused_alike_everywhere(tmp_path, capsys) -> None:
    from game.regiments.armies import ArmyError, armies, unit_types
    from game.regiments.scenario import load

    doc = json.loads(REGIMENTS.read_text())
    doc["regiments"][0].pop("move")
    bad = put(tmp_path, "bad.json", doc)
    with pytest.raises(ScenarioError) as e:
        load(bad)
    sentence = "regiment 'r1' has no 'move'"
    assert said(str(e.value), bad) == referee(capsys, bad, "regiment") == sentence
    path, save = _regiments_save(tmp_path)
    first = save["start"]["regiments"][0]
    first.pop("move")
    assert _load(path, save) == f"regiment {first['id']!r} has no 'move'"
    data = json.loads((REPO / "game" / "regiments" / "data" / "armies.json").read_text())
    data["unit_types"]["spearmen"].pop("move")
    with pytest.raises(ArmyError) as e:
        armies(put(tmp_path, "armies.json", data))
    assert str(e.value) == "armies.json: unit type 'spearmen' has no 'move'"
    unit_types.cache_clear()
    armies.cache_clear()


@pytest.mark.parametrize(
    ("text", "sentence"),
    [("", "the file is empty"),
     ('{"armies": {}, "armies": {}}', "is not valid JSON (duplicate key 'armies')"),
     ("[1]", "the armies file must be a JSON object")],
)  # fmt: skip
def test_the_armies_file_is_read_as_every_file_is(tmp_path, text, sentence) -> None:
    """Through game.core.files.read_json (size limit, UTF-8, no key twice), as scenarios
    and saves are, its sentence naming armies.json."""
    from game.regiments.armies import ArmyError, armies, unit_types

    file = tmp_path / "armies.json"
    file.write_text(text)
    with pytest.raises(ArmyError) as e:
        armies(file)
    assert str(e.value) == f"armies.json: {sentence}"
    unit_types.cache_clear()
    armies.cache_clear()
