"""The start screen: pick a map, build each side's force from the roster, set pilot
skills, then start (deployment follows), or load a saved game.

Everything is a click: a map from the bundled list (or a .tmx / MegaMek .board map typed
by path, or a folder of them, listed with size, tags and what is left out), a design's
"+A" / "+B" button adds it to that side (the roster has a search box and weight, kind
and era filters, game.ui.start_roster), each chosen unit has -/+ for piloting and
gunnery and x to remove it; -/+ under the map set a turn limit (the game then ends after
that turn, decided by damage dealt, game.outcome); at the top of each side, Human or
Computer (its style and level, game.ui.scenes.hexes.start_players). Enter starts, Ctrl+O
loads, Esc quits.
The rule-set tabs at the top right open the regiments start screen instead
(game.ui.widgets.ruleset_tabs).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.core.actions import IllegalActionError
from game.core.errors import UserFacingError
from game.core.options import TW, Rules
from game.core.seats import Seats
from game.designs.model import Design
from game.designs.roster import entries, entry
from game.setup import (
    DEFAULT_FORCES,
    DEFAULT_SKILLS,
    bundled_maps,
    new_game_from_map,
    sandbox_from_map,
    sandbox_from_scenario,
    with_forces,
    with_sandbox_forces,
    with_turn_limit,
)
from game.ui.app.app import App
from game.ui.app.bot_turns import seat
from game.ui.app.registry import register
from game.ui.widgets import ruleset_tabs as tabs
from game.ui.widgets.debug_buttons import write_buttons
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.help import draw_help, help_key
from game.ui.widgets.map_notes import left_out
from game.ui.widgets.palette import BG, BG2, DIM, TEXT, Colour
from game.ui.widgets.panels import Button, button_at, draw_button, side_colour

from . import start_players as seats_panel
from . import start_roster as roster_panel
from .roster_filter import RosterFilter, filtered
from .start_help import START_KEYS
from .start_maps import MapRows, draw_map_rows, folder_maps


class StartScreen:
    overlay = False
    scene_name = "start"

    def __init__(
        self,
        app: App,
        map_path: Path | None = None,
        forces: dict[str, list[list[Any]]] | None = None,
        turns: int | None = None,
        rules: Rules = TW,
        players: dict[str, str] | None = None,
    ) -> None:
        self.app = app
        self.players = seats_panel.players_of(players)  # side -> human | bot:STYLE:LEVEL
        self.styles: dict[str, str] = {}  # side -> its computer's last style (start_players)
        self.turns = turns  # the turn limit (None: none)
        self.maps = bundled_maps()
        self.map_index = 0
        for i, p in enumerate(self.maps):
            if p.stem == "default":
                self.map_index = i
        self.typed = str(map_path) if map_path else ""
        self.use_typed = map_path is not None
        bundled = [p.resolve() for p in self.maps]
        if map_path is not None and Path(map_path).resolve() in bundled:  # one of ours: pick it
            self.map_index = bundled.index(Path(map_path).resolve())
            self.typed, self.use_typed = "", False
        # [design, gunnery, piloting] per unit (G/P, as written), edited by the - / + buttons;
        # a new game from the menu keeps the forces of the game before
        base = forces or {s: [list(u) for u in us] for s, us in DEFAULT_FORCES.items()}
        self.forces = {s: [list(u) for u in base.get(s, [])] for s in "AB"}
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.help = False
        self.roster_scroll = 0
        self.rules = rules  # the variant and the optional rules (T toggles tacops)
        self.filter = RosterFilter()  # the roster's search text and filters
        self.focus = "map"  # where typing goes: the map path field or the roster search
        self.folder: Path | None = None  # a typed folder whose maps are listed
        self.map_scroll = 0
        self.map_rect = pygame.Rect(0, 0, 0, 0)

    def listed(self) -> list[Path]:
        """The maps the map panel lists: a typed folder's, else the bundled ones."""
        return folder_maps(self.folder) if self.folder is not None else self.maps

    def roster(self) -> list[Design]:
        return filtered(entries(), self.filter)

    def map_choice(self) -> Path | None:
        if self.use_typed and self.typed:
            return Path(self.typed).expanduser()
        maps = self.listed()
        return maps[self.map_index] if 0 <= self.map_index < len(maps) else None

    def browse(self) -> bool:
        """List the maps of the typed folder (True), if the typed path is a folder."""
        folder = Path(self.typed).expanduser() if self.typed else None
        if folder is None or not folder.is_dir():
            return False
        self.folder, self.map_index, self.map_scroll = folder, 0, 0
        self.typed, self.use_typed = "", False
        if not self.listed():
            self.app.notify(f"{folder}: no .tmx or .board maps in this folder", error=True)
        return True

    def start(self) -> None:
        path = self.map_choice()
        if path is None:
            self.app.notify("Choose a map first", error=True)
            return
        if not all(self.forces[s] for s in "AB"):
            self.app.notify("Each side needs at least one unit", error=True)
            return
        picks = {side: [tuple(u) for u in units] for side, units in self.forces.items()}
        try:
            seed = random.randrange(1, 2**31)
            state = with_forces(new_game_from_map(path, rules=self.rules, seed=seed), picks)
            state = with_turn_limit(state, self.turns)
        except (UserFacingError, IllegalActionError) as e:
            self.app.notify(str(e), error=True, seconds=6)
            return
        self.app.start_game(state)
        seat(self.app, Seats(self.players))  # the computer's sides (issue 21)
        if left_out(state):  # a MegaMek board's terrain we do not play, said once (and in F1)
            self.app.notify(left_out(state) + " (F1 shows it again)", seconds=8)

    def sandbox(self) -> None:
        """The solo sandbox on the chosen map with the forces picked here, or on the typed
        scenario file (.json)."""
        path = self.map_choice()
        if path is None:
            self.app.notify("Choose a map first", error=True)
            return
        seed = random.randrange(1, 2**31)
        try:
            if path.suffix.lower() == ".json":
                state = sandbox_from_scenario(path, seed=seed, rules=self.rules)
            else:  # the forces picked here on the map, in their zones (issue 25)
                picks = {side: [tuple(u) for u in units] for side, units in self.forces.items()}
                state = with_sandbox_forces(
                    sandbox_from_map(path, seed=seed, rules=self.rules), picks
                )
        except (UserFacingError, IllegalActionError) as e:
            self.app.notify(str(e), error=True, seconds=6)
            return
        self.app.start_game(state)
        seat(self.app, Seats())  # the sandbox: nobody's turns but the player's

    def choose(self, action: str) -> None:
        kind, _, arg = action.partition(":")
        if kind == "map":
            self.map_index, self.use_typed = int(arg), False
        elif kind == "focus":
            self.focus = arg
        elif kind == "filter":
            self.filter, self.roster_scroll = self.filter.cycled(arg), 0
        elif action == "bundled":
            self.folder, self.map_index, self.map_scroll = None, 0, 0
        elif kind == "add":
            side, key = arg.split(",", 1)
            if len(self.forces[side]) >= 12:
                self.app.notify("At most 12 units per side", error=True)
            else:
                self.forces[side].append([key, *DEFAULT_SKILLS])
        elif kind in ("pil", "gun", "del"):
            side, index, delta = arg.split(",")
            unit = self.forces[side][int(index)]
            if kind == "del":
                del self.forces[side][int(index)]
            else:
                slot = 1 if kind == "gun" else 2
                unit[slot] = max(0, min(8, unit[slot] + int(delta)))
        elif kind == "turns":
            self.turns = stepped_limit(self.turns, int(arg))
        elif kind in seats_panel.ACTIONS:
            self.players = seats_panel.chosen(self.players, kind, arg, self.styles)
        elif action == "tacops":
            self.rules = replace(self.rules, tacops=not self.rules.tacops)
        elif action == "start":
            self.start()
        elif action == "solo":
            self.sandbox()
        elif action == "load":
            self.app.open("load")
        elif action == "network":
            self.app.open("network", start=self)
        elif action == "quit":
            self.app.running = False
        elif kind == tabs.ACTION:  # the other rule set's start screen (issue 16)
            tabs.open_ruleset(self.app, arg, "hex")

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was used: a bound or typed key, a pointer move, a left click on
        a button, a wheel turn (issue 24); a key let go, a click beside every button, a
        key without a use here are not."""
        if help_key(self, event):
            return True
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return True  # the help overlay eats the input while it is shown
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            if self.map_rect.collidepoint(self.mouse):
                top = max(0, len(self.listed()) - 3)
                self.map_scroll = max(0, min(top, self.map_scroll - event.y))
            else:
                top = max(0, len(self.roster()) - 4)
                self.roster_scroll = max(0, min(top, self.roster_scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """Esc, Enter, Ctrl+T, Backspace or a character typed; False for another key."""
        if event.key == pygame.K_ESCAPE:
            self.app.running = False
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus == "search" or not self.browse():
                self.start()
        elif event.key == pygame.K_t and event.mod & pygame.KMOD_CTRL:
            self.choose("tacops")
        elif event.key == pygame.K_BACKSPACE:
            self.type_text(None)
        elif event.unicode and event.unicode.isprintable() and not event.mod & pygame.KMOD_CTRL:
            self.type_text(event.unicode)
        else:
            return False
        return True

    def type_text(self, char: str | None) -> None:
        """A typed character (None: backspace) into the focused field."""
        if self.focus == "search":
            text = self.filter.text[:-1] if char is None else self.filter.text + char
            self.filter, self.roster_scroll = replace(self.filter, text=text), 0
            return
        self.typed = self.typed[:-1] if char is None else self.typed + char
        self.use_typed = bool(self.typed)

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        size = ui_size(h)
        screen.fill((23, 26, 31))
        self.buttons = []
        tf = font(size * 3, True)
        title = draw_text(screen, "hexplate", tf, (255, 246, 192), (size * 2, size))
        sub = "hot-seat armoured combat on hex maps - F1 for help"
        tabs_w = min(tabs.tabs_width(size), w - title.right - 2 * size)
        # the rule-set choice (issue 16), top right
        self.buttons += tabs.draw_tabs(screen, w - size, tabs.top(size), size, "hex",
                                       self.mouse)  # fmt: skip
        box = pygame.Rect(title.right + size, size, w - title.right - 3 * size - tabs_w, title.h)
        draw_text(screen, sub, font(size), DIM, (box.x, title.bottom - 4), box,
                  anchor="bottomleft", elide=True)  # fmt: skip
        top = size * 2 + title.h
        bottom = h - size * 5
        gap = size
        cols = (w - gap * 5) / 4.4  # map, roster (wider), side A, side B
        x = gap
        widths = (cols, cols * 1.4, cols, cols)
        rects = []
        for cw in widths:
            rects.append(pygame.Rect(round(x), top, round(cw), bottom - top))
            x += cw + gap
        self._draw_maps(screen, rects[0], size)
        self._draw_roster(screen, rects[1], size)
        for side, rect in zip("AB", rects[2:], strict=True):
            self._draw_force(screen, side, rect, size)
        bh = round(size * 2.2)
        y = h - size * 4
        bw = min(size * 12, (w - 7 * gap) // 6)
        tacops = "Tac Ops: " + ("on" if self.rules.tacops else "off") + " (Ctrl+T)"
        for i, (action, label) in enumerate(
            (
                ("start", "Start game (Enter)"),
                ("solo", "Sandbox"),
                ("load", "Load game (Ctrl+O)"),
                ("network", "Host / Join"),  # issue 23: game.ui.scenes.hexes.network
                ("tacops", tacops),
                ("quit", "Quit (Esc)"),
            )
        ):
            b = Button(pygame.Rect(gap + i * (bw + gap), y, bw, bh), action, label,
                       action == "start" or (action == "tacops" and self.rules.tacops))  # fmt: skip
            self.buttons.append(b)
            draw_button(screen, b, size + 2, b.rect.collidepoint(self.mouse))
        write_buttons(self.scene_name, self.buttons)
        if self.help:
            draw_help(screen, "Starting a game", START_KEYS)

    def _panel(
        self,
        screen: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        size: int,
        colour: Colour = TEXT,
    ) -> int:
        pygame.draw.rect(screen, BG, rect, border_radius=10)
        inner = rect.inflate(-size, 0)
        draw_text(screen, title, font(size + 4, True), colour, (inner.x, rect.y + size // 2),
                  inner)  # fmt: skip
        return rect.y + size * 2 + size // 2

    def _draw_maps(self, screen: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        self.map_rect = rect
        title = "Map" if self.folder is None else f"Maps in {self.folder.name or self.folder}"
        y = self._panel(screen, rect, title, size)
        bh = round(size * 1.8)
        inner = rect.inflate(-size, 0)
        rows = MapRows(self.listed(), self.map_index, self.map_scroll, self.folder is not None,
                       self.use_typed, self.map_choice())  # fmt: skip
        found, y = draw_map_rows(screen, inner, y, rect.bottom - size * 12, size, rows, self.mouse)
        self.buttons += found
        y += size // 2
        draw_text(screen, "or type a .tmx / .board map, a folder of maps, or a .json scenario:",
                  font(size), DIM, (inner.x, y), inner, elide=True)  # fmt: skip
        y += size + 4
        field = pygame.Rect(rect.x + size // 2, y, rect.w - size, bh)
        self.buttons.append(Button(field, "focus:map", ""))
        pygame.draw.rect(screen, BG2, field, border_radius=6)
        typing = self.focus == "map"
        pygame.draw.rect(
            screen,
            (120, 160, 220) if self.use_typed and typing else (80, 84, 92),
            field,
            2,
            border_radius=6,
        )
        text = self.typed + ("|" if self.use_typed and typing else "")
        draw_text(screen, text, font(size), TEXT, (field.x + 6, field.centery),
                  field.inflate(-12, 0), anchor="midleft", elide=True, keep_end=True)  # fmt: skip
        self._draw_limit(screen, rect, field.bottom + size, size)

    def _draw_limit(self, screen: pygame.Surface, rect: pygame.Rect, y: int, size: int) -> None:
        """Turn limit: - value +  (below the map choice)."""
        inner = rect.inflate(-size, 0)
        small = round(size * 1.5)
        draw_text(screen, "Turn limit:", font(size), DIM, (inner.x, y + small // 2), inner,
                  anchor="midleft", elide=True)  # fmt: skip
        value = "none" if self.turns is None else f"{self.turns} turns"
        x = inner.right - small
        b = Button(pygame.Rect(x, y, small, small), "turns:1", "+")
        self.buttons.append(b)
        draw_button(screen, b, size - 2, b.rect.collidepoint(self.mouse))
        box = pygame.Rect(x - size * 6, y, size * 6, small)
        draw_text(screen, value, font(size, True), TEXT, box.center, box, anchor="center",
                  elide=True)  # fmt: skip
        b = Button(pygame.Rect(box.x - small, y, small, small), "turns:-1", "-")
        self.buttons.append(b)
        draw_button(screen, b, size - 2, b.rect.collidepoint(self.mouse))
        note = "none: until one side is out" if self.turns is None else "then damage dealt decides"
        draw_text(screen, note, font(size - 3), DIM, (inner.x, y + small + 4), inner, elide=True)

    def _draw_roster(self, screen: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        y = self._panel(screen, rect, "Roster", size)
        found, y = roster_panel.draw_search(screen, rect, y, size, self.filter.text,
                                            self.focus == "search", self.mouse)  # fmt: skip
        self.buttons += found
        found, y = roster_panel.draw_filters(screen, rect, y, size, self.filter, self.mouse)
        self.buttons += found
        kept = self.roster()
        self.roster_scroll = min(self.roster_scroll, max(0, len(kept) - 1))
        rows = kept[self.roster_scroll :]
        found, drawn = roster_panel.draw_rows(screen, rect, y, size, rows, self.mouse)
        self.buttons += found
        roster_panel.draw_footer(screen, rect, size, self.roster_scroll, drawn, len(kept),
                                 len(entries()))  # fmt: skip

    def _draw_force(self, screen: pygame.Surface, side: str, rect: pygame.Rect, size: int) -> None:
        y = self._panel(screen, rect, f"Side {side}", size, side_colour(side))
        pygame.draw.rect(screen, side_colour(side), (rect.x, rect.y, 6, rect.h), border_radius=3)
        found, y = seats_panel.draw_seat(screen, rect, y, size, side, self.players[side],
                                         self.mouse)  # fmt: skip
        self.buttons += found
        f, fs = font(size, True), font(size - 3)
        line = round(size * 3.4)
        small = round(size * 1.3)
        inner = pygame.Rect(rect.x + size // 2 + 6, rect.y, rect.w - size - 6 - small - 4, rect.h)
        for i, (key, gun, pil) in enumerate(self.forces[side]):
            if y + line > rect.bottom - size:
                break
            e = entry(key)
            draw_text(screen, e.name, f, TEXT, (inner.x, y), inner, elide=True)
            yy = y + size + 4
            x = inner.x
            for label, kind, value in (("G", "gun", gun), ("P", "pil", pil)):
                r = draw_text(screen, f"{label}{value}", fs, TEXT, (x, yy + small // 2), rect,
                              anchor="midleft")  # fmt: skip
                x = r.x + fs.size("G8")[0] + size // 2
                for sign, delta in (("-", -1), ("+", 1)):
                    b = Button(pygame.Rect(x, yy, small, small), f"{kind}:{side},{i},{delta}", sign)
                    self.buttons.append(b)
                    draw_button(screen, b, size - 2, b.rect.collidepoint(self.mouse))
                    x += small + 3
                x += size // 2
            b = Button(
                pygame.Rect(rect.right - small - size // 2, y, small, small),
                f"del:{side},{i},0",
                "x",
            )
            self.buttons.append(b)
            draw_button(screen, b, size - 2, b.rect.collidepoint(self.mouse))
            y += line
        tons = sum(entry(k).tons for k, *_ in self.forces[side])
        count = f"{len(self.forces[side])} unit(s), {tons} t"
        box = rect.inflate(-size, 0)
        draw_text(screen, count, fs, DIM, (box.x + 6, rect.bottom - 4), box,
                  anchor="bottomleft", elide=True)  # fmt: skip


LIMITS: tuple[int | None, ...] = (None, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30)


def stepped_limit(turns: int | None, step: int) -> int | None:
    """The next turn limit up (step > 0) or down from ``turns`` (None: no limit)."""
    if turns is not None and turns not in LIMITS:  # e.g. --turns 7: the nearest preset
        turns = min((t for t in LIMITS if t is not None), key=lambda t: (abs(t - turns), t))
    i = LIMITS.index(turns) + (1 if step > 0 else -1)
    return LIMITS[max(0, min(len(LIMITS) - 1, i))]


register("start", StartScreen)
