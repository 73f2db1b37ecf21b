"""The house in a picture: game/'s folders and which of them imports which, from the code.

    python tools/architecture_picture.py [OUT.png]     (default docs/img/architecture.png)

Every module of game/ belongs to one floor (:data:`FLOORS`: a folder, or a few top-level
modules that belong together); an arrow from one floor to another says that some module
of the first imports one of the second (read from the source with ``ast``, imports
inside functions included). The floors are drawn bottom-up: each floor above every floor
it imports; an import that goes up the house (a floor importing one above it in
:data:`FLOORS`) is drawn red. tools/doc_pictures.py makes the picture for
docs/architecture.md; a test keeps docs/img/architecture.png the same as what this
script draws from the code today.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

# (floor, what it holds, the module prefixes it owns); a module belongs to the floor of
# its longest matching prefix.
FLOORS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("core", "actions, events, engine, dice, files", ("game.core",)),
    ("regiments", "the second rule set", ("game.regiments",)),
    ("geometry", "hexgrid, layout, board, terrain", ("game.hexgrid", "game.layout",
                                                     "game.board", "game.terrain")),
    ("units", "body records: mech, vehicle, craft", ("game.units",)),
    ("designs", "design data, weapons, roster", ("game.designs",)),
    ("maps", "Tiled and .board readers", ("game.maps",)),
    ("rules", "move, piloting, combat, physical, aero, damage, heat", ("game.rules",)),
    ("scenario", "scenario files: read, check, write", ("game.scenario",)),
    ("state", "state.py outcome.py invariants.py", ("game.state", "game.outcome",
                                                    "game.invariants")),
    ("narrate", "events -> the report's sentences", ("game.narrate",)),
    ("phases", "one module per phase, the sandbox", ("game.phases",)),
    ("flow", "flow.py setup.py save.py", ("game.flow", "game.setup", "game.save", "game.save_old",
                                              "game.save_map")),
    ("bot", "the computer opponent, autoplay", ("game.bot",)),
    ("net", "network play: messages, referee, links", ("game.net",)),
    ("referee", "rules, map and designs commands", ("game.referee",)),
    ("ui", "pygame: app, widgets, map, scenes", ("game.ui",)),
    ("cli", "main.py's commands", ("game.cli", "game.__main__")),
)  # fmt: skip


def modules() -> dict[str, Path]:
    """Every module of game/ by its dotted name (packages by their own name)."""
    out = {}
    for p in sorted(GAME.rglob("*.py")):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


def imports(path: Path, name: str) -> set[str]:
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


def floor_of(module: str) -> str | None:
    """The floor a module belongs to (None for the package ``game`` itself)."""
    best, size = None, 0
    for floor, _, prefixes in FLOORS:
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > size:
                best, size = floor, len(p)
    return best


def floor_imports() -> dict[str, set[str]]:
    """Each floor -> the other floors its modules import."""
    mods = modules()
    out: dict[str, set[str]] = {f: set() for f, _, _ in FLOORS}
    for name, path in mods.items():
        here = floor_of(name)
        if here is None:
            continue
        for i in imports(path, name):
            there = floor_of(i) if i in mods else None
            if there is not None and there != here:
                out[here].add(there)
    return out


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports that go up the house (a floor importing one listed after it in
    :data:`FLOORS`): the loops between floors, each one a move still to make."""
    order = {f: k for k, (f, _, _) in enumerate(FLOORS)}
    return sorted((f, g) for f, gs in edges.items() for g in gs if order[g] > order[f])


def levels(edges: dict[str, set[str]]) -> dict[str, int]:
    """Each floor's height: one above the highest floor it imports downward."""
    up = set(upward(edges))
    height: dict[str, int] = {}
    for f, _, _ in FLOORS:  # bottom-up, so every floor below is done already
        below = [height[g] for g in edges[f] if (f, g) not in up]
        height[f] = 1 + max(below, default=-1)
    return height


W, H = 1280, 860
BOX_W, BOX_H = 280, 58
INK, PAPER, ARROW, UP = (32, 36, 44), (246, 244, 238), (165, 172, 182), (200, 40, 40)
FILL = {"core": (214, 228, 246), "ui": (246, 226, 214), "regiments": (222, 240, 222)}


def draw(out: Path) -> None:
    """Draw the floors and their imports into ``out`` (PNG, W x H)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    edges = floor_imports()
    height = levels(edges)
    up = set(upward(edges))
    rows: dict[int, list[str]] = {}
    for f, _, _ in FLOORS:
        rows.setdefault(height[f], []).append(f)
    top = max(rows)
    row_h = (H - 120) // (top + 1)
    centre: dict[str, tuple[int, int]] = {}
    for lv, names in rows.items():
        y = H - 60 - lv * row_h - BOX_H // 2
        gap = W // (len(names) + 1)
        for k, f in enumerate(names):
            centre[f] = (gap * (k + 1), y)
    surf = pygame.Surface((W, H))
    surf.fill(PAPER)
    big = pygame.font.Font(None, 30)
    small = pygame.font.Font(None, 19)
    title = big.render("game/: each floor imports only the floors below it", True, INK)
    surf.blit(title, (20, 14))
    if up:
        said = "red: imports going up, still to move: " + ", ".join(
            f"{f} -> {g}" for f, g in sorted(up)
        )
        surf.blit(small.render(said, True, UP), (20, 44))
    for f in sorted(edges):
        for g in sorted(edges[f]):
            (x1, y1), (x2, y2) = centre[f], centre[g]
            if (f, g) in up:  # an import going up: red, from the top of f to g's bottom
                start, end, ink = (x1, y1 - BOX_H // 2), (x2, y2 + BOX_H // 2), UP
            else:
                start, end, ink = (x1, y1 + BOX_H // 2), (x2, y2 - BOX_H // 2), ARROW
            pygame.draw.aaline(surf, ink, start, end)
            pygame.draw.circle(surf, ink, end, 4)
    holds = {f: what for f, what, _ in FLOORS}
    for f, (x, y) in centre.items():
        rect = pygame.Rect(0, 0, BOX_W, BOX_H)
        rect.center = (x, y)
        pygame.draw.rect(surf, FILL.get(f, (255, 255, 255)), rect, border_radius=6)
        pygame.draw.rect(surf, INK, rect, width=2, border_radius=6)
        name = big.render(
            f"{f}/" if f not in ("geometry", "state", "flow", "cli") else f, True, INK
        )
        surf.blit(name, name.get_rect(midtop=(x, rect.top + 6)))
        text = small.render(holds[f], True, INK)
        surf.blit(text, text.get_rect(midtop=(x, rect.top + 34)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))


if __name__ == "__main__":
    draw(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img" / "architecture.png")
