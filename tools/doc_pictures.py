"""Regenerate every picture of docs/img that the README or docs/*.md show.

    python tools/doc_pictures.py [--out DIR] [NAME ...]
    python tools/doc_pictures.py --list

Each picture starts from a bundled map, a test scenario (tests/ui/data) or a small
scenario of its own (tools/pictures/*.json), all with scripted dice and a fixed seed, then
plays the real scenes with pygame events (keys, clicks, pointer moves) under
SDL_VIDEODRIVER=dummy and saves the screen: the same picture on every run. The map
pictures are the previewer's own ``--png`` export. NAME (e.g. ``play-attack``) picks
some; the default writes them all into docs/img. A test keeps the list and the docs'
image links the same (tests/ui/test_doc_screenshots.py).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")  # a picture writes no save
os.environ.setdefault("HEXPLATE_SETTINGS", os.devnull)  # the default settings, always
os.environ.pop("HEXPLATE_DEBUG_LAYOUT", None)

import architecture_picture  # noqa: E402
import infantry_screenshot  # noqa: E402
import pygame  # noqa: E402
import sandbox_screenshot  # noqa: E402
import start_screenshot  # noqa: E402
import tacops_screenshots  # noqa: E402
from pictures import (  # noqa: E402
    bot_pics,
    combat_pics,
    infantry_pics,
    map_pics,
    megamek_pics,
    move_pics,
    net_pics,
    regiments_pics,
    sea_pics,
    vehicle_pics,
)

HD = (1280, 720)


@dataclass(frozen=True)
class Picture:
    """One picture: how it is made (into the file given) and its size in pixels."""

    make: Callable[[Path], None]
    size: tuple[int, int]


def _tacops(draw: Callable[[pygame.Surface, Path], None]) -> Callable[[Path], None]:
    return lambda out: draw(pygame.display.set_mode(tacops_screenshots.SIZE), out)


def _infantry(out: Path) -> None:
    infantry_screenshot.jump_planned(pygame.display.set_mode(infantry_screenshot.SIZE), out)


PICTURES: dict[str, Picture] = {
    "play-start": Picture(start_screenshot.start_screen, start_screenshot.SIZE),
    "play-deploy": Picture(move_pics.deployment, HD),
    "play-move": Picture(move_pics.run_with_skid_roll, HD),
    "play-roll": Picture(move_pics.skid_roll_popup, HD),
    "play-report": Picture(move_pics.failed_stand_up, HD),
    "play-sheet": Picture(move_pics.record_sheet, move_pics.SHEET_SIZE),
    "play-log": Picture(move_pics.full_log, HD),
    "play-charge": Picture(move_pics.charge_planned, HD),
    "play-bridge": Picture(move_pics.bridge_warning, HD),
    "play-collapse": Picture(move_pics.bridge_down, HD),
    "play-over": Picture(move_pics.game_over, HD),
    "play-infantry": Picture(_infantry, infantry_screenshot.SIZE),
    "play-tacops": Picture(_tacops(tacops_screenshots.careless_path), tacops_screenshots.SIZE),
    "play-wige": Picture(_tacops(tacops_screenshots.wige_flight), tacops_screenshots.SIZE),
    "play-defend": Picture(_tacops(tacops_screenshots.defence_walk), tacops_screenshots.SIZE),
    "play-submarine": Picture(sea_pics.submarine_dive, HD),
    "play-attack": Picture(combat_pics.attack_screen, HD),
    "play-damage": Picture(combat_pics.damaged_sheet, HD),
    "play-summary": Picture(combat_pics.turn_summary, HD),
    "play-physical": Picture(combat_pics.physical_screen, HD),
    "infantry-hit": Picture(infantry_pics.platoon_hit, HD),
    "play-aero": Picture(combat_pics.aerospace_screen, combat_pics.AERO_SIZE),
    "vehicle-sheet": Picture(vehicle_pics.vehicle_sheet, vehicle_pics.SHEET_SIZE),
    "play-bot": Picture(bot_pics.bot_turn, HD),
    "net-panel": Picture(net_pics.host_join_panel, HD),
    "net-waiting": Picture(net_pics.host_waiting, HD),
    "net-lobby": Picture(net_pics.guest_lobby, HD),
    "net-host-lobby": Picture(net_pics.host_lobby, HD),
    "play-bot-start": Picture(bot_pics.start_computer, HD),
    "play-bot-why": Picture(bot_pics.why_numbers, HD),
    "sandbox": Picture(sandbox_screenshot.main, sandbox_screenshot.SIZE),
    "regiments-start": Picture(regiments_pics.start_screen, HD),
    "regiments-move": Picture(regiments_pics.wheel_and_move, HD),
    "regiments-charge": Picture(regiments_pics.charge_planned, HD),
    "regiments-sandbox": Picture(regiments_pics.sandbox_palette, HD),
    **{
        name: Picture(map_pics.map_png(name, zoom), size)
        for name, (zoom, size) in map_pics.MAPS.items()
    },
    "preview_window": Picture(map_pics.preview_window, map_pics.PREVIEW_SIZE),
    "architecture": Picture(
        architecture_picture.draw, (architecture_picture.W, architecture_picture.H)
    ),
    "megamek-board": Picture(megamek_pics.converted_board, megamek_pics.PICTURE),
}


def make(names: list[str], out: Path) -> list[str]:
    """Write the pictures ``names`` into ``out``; return the names that failed."""
    failed = []
    pygame.init()
    for name in names:
        path = out / f"{name}.png"
        try:
            PICTURES[name].make(path)
        except (Exception, SystemExit) as e:  # one broken scene must not stop the others
            failed.append(name)
            print(f"{name}: not made ({type(e).__name__}: {e})", file=sys.stderr)
            continue
        print(f"wrote {path}")
    pygame.quit()
    return failed


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python tools/doc_pictures.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("names", nargs="*", metavar="NAME", help="pictures to make (default: all)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img", help="folder to write")
    ap.add_argument("--list", action="store_true", help="print every picture's name and size")
    ns = ap.parse_args(argv)
    if ns.list:
        for name, pic in PICTURES.items():
            print(f"{name} {pic.size[0]}x{pic.size[1]}")
        return 0
    unknown = [n for n in ns.names if n.removesuffix(".png") not in PICTURES]
    if unknown:
        print(f"no picture named {', '.join(unknown)}; --list names them all", file=sys.stderr)
        return 2
    if not ns.out.parent.is_dir():
        print(f"{ns.out}: its folder {ns.out.parent} does not exist", file=sys.stderr)
        return 2
    ns.out.mkdir(exist_ok=True)
    names = [n.removesuffix(".png") for n in ns.names] or list(PICTURES)
    return 1 if make(names, ns.out) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
