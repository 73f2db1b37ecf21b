"""The house rules of the code itself (design.md): the core never imports pygame, the flow
and the UI name no phase outside that phase's own module, and no module imports another
in a loop - not even through imports inside functions or TYPE_CHECKING blocks."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from game import phases

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def _modules() -> dict[str, Path]:
    out = {}
    for p in GAME.rglob("*.py"):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


def _imports(path: Path, name: str) -> set[str]:
    """Every module ``path`` imports, at any depth, resolved to absolute names."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_nothing_outside_game_ui_imports_pygame() -> None:
    leaks = [
        name
        for name, path in _modules().items()
        if not name.startswith("game.ui")
        and any(i == "pygame" or i.startswith("pygame.") for i in _imports(path, name))
    ]
    assert leaks == []


def test_the_core_loads_without_pygame() -> None:
    """Import every core module with pygame made unimportable."""
    core = sorted(n for n in _modules() if not n.startswith("game.ui") and "__main__" not in n)
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        + "".join(f"import {n}\n" for n in core)
        + "print('ok')"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr


def test_no_import_loops_at_any_depth() -> None:
    mods = _modules()
    edges = {
        n: {i for i in _imports(p, n) if i in mods and i != n and not n.startswith(i + ".")}
        for n, p in mods.items()
    }
    seen: dict[str, int] = {}  # 1 = on the stack, 2 = done

    def visit(n: str, stack: list[str]) -> list[str] | None:
        seen[n] = 1
        for m in sorted(edges[n]):
            if seen.get(m) == 1:
                return stack[stack.index(m) :] + [m] if m in stack else [n, m]
            if m not in seen and (loop := visit(m, stack + [m])):
                return loop
        seen[n] = 2
        return None

    for n in sorted(mods):
        if n not in seen and (loop := visit(n, [n])):
            raise AssertionError("import loop: " + " -> ".join(loop))


def _phase_names() -> set[str]:
    return {str(name) for name in phases.PHASES}


def _string_literals(path: Path) -> set[str]:
    return {
        n.value
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _registers_for(path: Path) -> set[str]:
    """The phases a screen module plays (its ``for_phase("name", ...)`` calls)."""
    found = set()
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "for_phase" and n.args:
            arg = n.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return found


def test_the_flow_and_the_ui_name_no_phase() -> None:
    """Phase names appear only in a phase's own module (game/phases/<phase>.py, the
    registry listing them, and the screen module that registers for its phase)."""
    names = _phase_names()
    checked = [
        GAME / "flow.py",
        GAME / "state.py",
        GAME / "outcome.py",
        GAME / "bot" / "autoplay.py",
    ]
    checked += list((GAME / "core").glob("*.py")) + list((GAME / "ui").rglob("*.py"))
    named = {}
    for p in checked:
        extra = (names & _string_literals(p)) - _registers_for(p)
        if extra:
            named[p.name] = sorted(extra)
    assert named == {}
    assert _registers_for(GAME / "ui" / "scenes" / "hexes" / "deploy.py") == {"deployment"}
    enum_use = re.compile(r"\bPhase\.[A-Z_]+")
    assert [p.name for p in checked if enum_use.search(p.read_text(encoding="utf-8"))] == []


def test_every_phase_of_every_variant_has_a_module() -> None:
    from game.core.options import CLASSIC, TW
    from game.rules.turn import phase_sequence

    for rules in (TW, CLASSIC):
        for p in phase_sequence(rules):
            assert phases.get(str(p)).name == p
    walked, name = [], phases.FIRST
    for _ in range(12):
        walked.append(name)
        name = phases.following(name, TW)
    assert walked[:3] == ["setup", "deployment", "initiative"]
    assert walked[2:9] == walked[9:] + walked[2:9][len(walked[9:]) :]  # the turn repeats


# The regiments rule set knows no hexes (issue 16): its modules import nothing of the hex
# game's board, grid, units, rules, scenario files or saves; what both rule sets share
# (actions, events, the engine, JSON files, saves' folder and codec) is in game.core.
HEX_MODULES = (
    "game.hexgrid", "game.board", "game.layout", "game.maps", "game.rules", "game.units",
    "game.flow", "game.phases", "game.state", "game.designs", "game.setup", "game.save",
    "game.scenario", "game.outcome", "game.invariants", "game.narrate", "game.referee",
)  # fmt: skip


def _under(i: str, mods: tuple[str, ...]) -> bool:
    return any(i == m or i.startswith(m + ".") for m in mods)


def test_the_regiments_rules_import_no_hex_module() -> None:
    found = {}
    for name, path in _modules().items():
        if name.startswith("game.regiments"):
            bad = sorted(i for i in _imports(path, name) if _under(i, HEX_MODULES))
            if bad:
                found[name] = bad
    assert found == {}


def test_importing_every_regiments_module_loads_nothing_of_the_hex_game() -> None:
    """Issue 24: what Python really loads (packages' __init__ files included), not only
    what the modules name."""
    regiments = sorted(n for n in _modules() if n.startswith("game.regiments"))
    assert len(regiments) > 20
    code = "".join(f"import {n}\n" for n in regiments) + (
        "import sys\nprint('\\n'.join(sorted(m for m in sys.modules if m.startswith('game.'))))"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    loaded = p.stdout.split()
    assert "game.core.engine" in loaded and "game.regiments.save" in loaded
    watched = ("game.rules", "game.phases", "game.state", "game.scenario", "game.save")
    assert [m for m in loaded if _under(m, watched)] == []
    assert [m for m in loaded if _under(m, HEX_MODULES)] == []


def test_the_body_records_import_no_rules() -> None:
    """game.units sits below game.rules: the rules read the bodies, never the reverse."""
    found = {}
    for name, path in _modules().items():
        if name.startswith("game.units"):
            rules = sorted(i for i in _imports(path, name) if _under(i, ("game.rules",)))
            if rules:
                found[name] = rules
    assert found == {}


# Damage lands in one place (issue 24): game.rules.damage.land is the entry every rule that
# deals damage calls; the arithmetic is the body records' (game.units). Nothing else calls
# the low-level appliers or writes a location's armour, structure or a platoon's troopers.
DAMAGE_HOMES = ("game.units", "game.rules.damage")
APPLIERS = {"apply_hit", "apply_groups", "apply_vehicle_hit", "with_location", "lose"}
WRITTEN = {"armour", "rear", "structure", "troopers"}
# Modules that set a body's numbers without damage being dealt, each for its reason.
NOT_DAMAGE = {
    "game.scenario.combat": "a scenario file's starting damage, read onto the fresh bodies",
    "game.phases.sandbox_edit": "the sandbox's editor: armour and structure as typed",
    "game.narrate.damage": "the log follows recorded hit results on a copy of the bodies",
}
DEALERS = (  # the rules that deal damage: each lands it through the entry
    "game.rules.combat.resolve",  # weapons, CMB-23..31
    "game.rules.combat.criticals",  # ammunition explosions, CMB-36 / HEAT-09
    "game.rules.physical.strike",  # punches, kicks, clubs, charges, DFAs
    "game.rules.physical.resolve",  # blows on platoons, CMB-44
    "game.rules.piloting.falls",  # falls, PSR-16
    "game.rules.piloting.collide",  # skids and charges into units, PSR-33/39
    "game.rules.damage.hull",  # hulls: collapses, bridges, deaths from above, crashes
    "game.rules.damage.platoon_hurt",  # troopers: the same causes on platoons
    "game.rules.damage.vehicle_crits",  # a vehicle's ammunition critical, CMB-48
)


def _damage_writes(source: str) -> list[str]:
    """Where ``source`` calls a low-level damage applier or ``replace``s a damage field."""
    found = []
    for n in ast.walk(ast.parse(source)):
        if not isinstance(n, ast.Call):
            continue
        name = getattr(n.func, "id", None) or getattr(n.func, "attr", None)
        if name in APPLIERS:
            found.append(f"line {n.lineno}: {name}()")
        elif name == "replace" and (fields := {k.arg for k in n.keywords} & WRITTEN):
            found.append(f"line {n.lineno}: replace({', '.join(sorted(fields))}=)")
    return found


def test_the_damage_scan_sees_a_write() -> None:
    """The scan below is real: it finds each kind of write in a made-up module."""
    text = "b, r = apply_hit(b, 'LA', 5)\nloc = replace(loc, armour=0)\np = p.lose(3)\n"
    assert _damage_writes(text) == ["line 1: apply_hit()", "line 2: replace(armour=)",
                                    "line 3: lose()"]  # fmt: skip
    assert _damage_writes("replace(u, body=b, facing=2)\nland(u, rec)\n") == []


def test_no_module_outside_the_damage_package_writes_armour_or_structure() -> None:
    mods = _modules()
    found = {
        name: writes
        for name, path in mods.items()
        if not _under(name, DAMAGE_HOMES) and not _under(name, ("game.ui",))
        and (writes := _damage_writes(path.read_text(encoding="utf-8")))
    }  # fmt: skip
    assert {n: w for n, w in found.items() if n not in NOT_DAMAGE} == {}
    assert set(NOT_DAMAGE) <= set(mods)


def test_the_ui_writes_no_damage() -> None:
    """The screens draw state; they never put damage on a body (not even a copy's)."""
    ui = {n: p for n, p in _modules().items() if _under(n, ("game.ui",))}
    found = {n: w for n, p in ui.items() if (w := _damage_writes(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_every_rule_that_deals_damage_lands_it_through_the_one_entry() -> None:
    mods = _modules()
    for name in DEALERS:
        imported = _imports(mods[name], name)
        assert "game.rules.damage.land.land" in imported, f"{name} does not call land()"


def test_the_core_imports_nothing_above_it() -> None:
    """game.core is the floor both rule sets stand on: it imports only itself."""
    found = {}
    for name, path in _modules().items():
        if name.startswith("game.core"):
            above = sorted(
                i
                for i in _imports(path, name)
                if _under(i, ("game",)) and not _under(i, ("game.core",))
            )
            if above:
                found[name] = above
    assert found == {}


def _registers_a_screen(path: Path) -> bool:
    """The module registers a screen by name (a module-level ``register(...)`` call)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)
               and getattr(n.value.func, "id", None) == "register" for n in tree.body)  # fmt: skip


def test_screens_find_each_other_by_name_not_by_import() -> None:
    """Issue 8 item 5: a screen opens another through the registry (``app.open(name)``);
    what two screens share lives in a module that is no screen (e.g. scenes.hexes.targets).
    Every module that registers a screen lives under game/ui/scenes/ (issue 24)."""
    mods = _modules()
    screens = {n for n, p in mods.items() if n.startswith("game.ui.") and _registers_a_screen(p)}
    assert {
        "game.ui.scenes.hexes.attack.scene",
        "game.ui.scenes.hexes.physical.scene",
        "game.ui.scenes.hexes.movement.scene",
        "game.ui.scenes.regiments.scene",
    } <= screens
    assert sorted(n for n in screens if not n.startswith("game.ui.scenes.")) == []
    crossing = {n: sorted(_imports(mods[n], n) & (screens - {n})) for n in sorted(screens)}
    assert {n: found for n, found in crossing.items() if found} == {}


# --- the house in a picture (docs/architecture.md, tools/architecture_picture.py) -----------


def _picture_tool():  # noqa: ANN202 - the tool module
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import architecture_picture
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return architecture_picture


def test_every_module_of_game_is_on_a_floor_of_the_picture() -> None:
    tool = _picture_tool()
    assert [n for n in _modules() if n != "game" and tool.floor_of(n) is None] == []
    edges = tool.floor_imports()
    assert "core" in edges["regiments"] and edges["core"] == set()  # the floor stands alone
    assert "rules" not in edges["units"]


def test_no_new_import_goes_up_the_house() -> None:
    """The floors' order (FLOORS) is the house: no import goes up it (the turn start is
    replayed in the flow, new sandboxes are made in game.setup beside new games)."""
    tool = _picture_tool()
    assert tool.upward(tool.floor_imports()) == []


def test_the_architecture_picture_is_the_code_of_today(tmp_path: Path) -> None:
    """docs/img/architecture.png is what the script draws from today's imports
    (``python tools/doc_pictures.py architecture`` redraws it)."""
    import pygame

    out = tmp_path / "architecture.png"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    script = str(ROOT / "tools" / "architecture_picture.py")
    done = subprocess.run([sys.executable, script, str(out)], capture_output=True, text=True,
                          env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    now, kept = (pygame.image.load(str(p)) for p in (out, ROOT / "docs/img/architecture.png"))
    assert now.get_size() == kept.get_size()
    same = pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(kept, "RGB")
    assert same, "docs/img/architecture.png is stale: python tools/doc_pictures.py architecture"


SCENES_PKG = "game.ui.scenes"
PARTS = "parts"  # game/ui/scenes/<rule set>/parts/: what screens are built from


def _screen_of(name: str, mods: dict[str, Path]) -> str | None:
    """The screen a module of game/ui/scenes/ belongs to ("hexes.movement"): a folder
    under a rule set's folder is one screen, and so is a module there that registers one;
    the parts folder (game/ui/scenes/hexes/parts/) is no screen, nor are the other
    modules there: parts the screens share (None), as is everything else."""
    parts = name.split(".")
    if name.split(".")[:3] != SCENES_PKG.split(".") or len(parts) < 5 or parts[4] == PARTS:
        return None
    unit = ".".join(parts[:5])
    folder = GAME.parent / Path(*parts[:5])
    if folder.is_dir() or _registers_a_screen(mods[unit]):
        return ".".join(parts[3:5])
    return None


def test_no_screen_imports_another() -> None:
    """A module of one screen imports no module of another screen (issue 24: what they
    share is a part - game.ui.widgets, game.ui.map, a shared module of the rule set's
    folder or its parts folder - that the phase screens and the sandbox both build on)."""
    mods = _modules()
    crossings = set()
    for name, path in mods.items():
        if not name.startswith(SCENES_PKG + "."):
            continue
        mine = _screen_of(name, mods)
        for i in _imports(path, name) & set(mods):
            theirs = _screen_of(i, mods)
            if theirs is not None and theirs != mine:
                crossings.add((mine or name.removeprefix(SCENES_PKG + "."), theirs))
    assert crossings == set()


def test_the_parts_register_nothing_and_import_no_screen() -> None:
    """A part (game/ui/scenes/<rule set>/parts/) may be imported by any screen; it is no
    screen itself (it registers nothing) and it imports no screen's module."""
    mods = _modules()
    parts = [n for n in mods if n.startswith(SCENES_PKG + ".") and PARTS in n.split(".")[4:5]]
    assert "game.ui.scenes.hexes.parts.attack.interaction" in parts
    assert [n for n in parts if _registers_a_screen(mods[n])] == []
    found = {n: sorted(i for i in _imports(mods[n], n) & set(mods) if _screen_of(i, mods))
             for n in parts}  # fmt: skip
    assert {n: f for n, f in found.items() if f} == {}


def test_widgets_and_the_map_import_no_screen() -> None:
    """game/ui/widgets and game/ui/map sit below the screens: they import none of them
    (the App, game.ui.app, is the only one that knows the screens, through its list)."""
    mods = _modules()
    below = [n for n in mods if n.startswith(("game.ui.widgets", "game.ui.map"))]
    found = {n: sorted(i for i in _imports(mods[n], n) if i.startswith(SCENES_PKG)) for n in below}
    assert {n: f for n, f in found.items() if f} == {}


def test_every_screen_follows_the_scene_protocol() -> None:
    """Each registered screen has ``overlay``, ``update``, ``draw`` and a ``handle`` that
    says whether it used the event (game.ui.app.scene.Scene: the App's stack walks on
    down past an overlay that returns False)."""
    import inspect

    from game.ui.app import registry, screens

    assert screens.SCREEN_MODULES
    bad = {}
    for name, factory in registry.SCENES.items():
        assert inspect.isclass(factory), name
        missing = [a for a in ("overlay", "handle", "update", "draw") if not hasattr(factory, a)]
        returns = inspect.signature(factory.handle).return_annotation
        if missing or returns not in (bool, "bool") or not isinstance(factory.overlay, bool):
            bad[name] = (missing, returns)
    assert bad == {}
