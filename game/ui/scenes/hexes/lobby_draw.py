"""Drawing the network lobby (issue 23, game.ui.scenes.hexes.lobby): the title and who is
where, the roster for this end's own side (the start screen's, game.ui.scenes.hexes.
start_roster, with that side's +A or +B only), both forces with who is ready, and the
Ready and Leave buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.designs.model import Design
from game.designs.roster import RosterError, entries, entry
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.palette import BG, DIM, TEXT
from game.ui.widgets.panels import Button, draw_button, side_colour

from . import start_roster as roster_panel
from .roster_filter import RosterFilter

READY = (90, 200, 120)


class Shown(Protocol):
    """What the lobby screen shows (game.ui.scenes.hexes.lobby.LobbyScreen)."""

    where: str
    code: str
    mine: list[list[Any]]
    filter: RosterFilter
    scroll: int
    searching: bool
    mouse: tuple[int, int]
    note: str

    @property
    def hosting(self) -> bool: ...

    @property
    def side(self) -> str: ...

    @property
    def joined(self) -> bool: ...

    def shown(self) -> dict[str, Any]: ...
    def picks(self) -> bool: ...
    def roster(self) -> list[Design]: ...
    def is_ready(self) -> bool: ...


def draw_lobby(screen: pygame.Surface, lobby: Shown) -> list[Button]:
    """The whole lobby; its buttons."""
    w, h = screen.get_size()
    size = ui_size(h)
    screen.fill((23, 26, 31))
    info = lobby.shown()
    y = _title(screen, lobby, info, size)
    top, bottom, gap = y + size, h - size * 5, size
    buttons: list[Button] = []
    sides: Sequence[str] = info.get("sides") or ["A", "B"]
    if lobby.picks():
        cols = (w - gap * 4) / 3.4
        rects = [pygame.Rect(gap, top, round(cols * 1.4), bottom - top)]
        x = rects[0].right + gap
        for _ in sides:
            rects.append(pygame.Rect(x, top, round(cols), bottom - top))
            x += round(cols) + gap
        buttons += _roster(screen, lobby, rects[0], size)
        force_rects = rects[1:]
    else:
        cw = (w - gap * 3) // 2
        force_rects = [pygame.Rect(gap + i * (cw + gap), top, cw, bottom - top) for i in range(2)]
    for side, rect in zip(sides, force_rects, strict=False):
        buttons += _force(screen, lobby, info, side, rect, size)
    buttons += _buttons(screen, lobby, size)
    return buttons


def _title(screen: pygame.Surface, lobby: Shown, info: dict[str, Any], size: int) -> int:
    w = screen.get_width()
    tf = font(size * 2, True)
    title = draw_text(screen, "Network game - lobby", tf, (255, 246, 192), (size * 2, size))
    limit = info.get("turn_limit")
    rules = "classic" if info.get("rules") == "classic" else "TW"
    facts = [f"map {info.get('map') or '?'}", f"rules {rules}" + (" + Tac Ops" if info.get(
        "tacops") else ""), f"turn limit {limit}" if limit else "no turn limit"]  # fmt: skip
    if info.get("fixed"):
        facts.append("the forces are the scenario's or save's")
    box = pygame.Rect(size * 2, title.bottom + 4, w - size * 4, size * 2)
    draw_text(screen, " - ".join(facts), font(size), DIM, box.topleft, box, elide=True)
    if lobby.hosting:
        joined = "the guest has joined" if lobby.joined else "waiting for the guest"
        line = f"You host side {lobby.side} at {lobby.where}, join code {lobby.code}: {joined}"
        if lobby.picks():
            line += " - pick your force, then say ready"
    else:
        line = f"You are side {lobby.side} - pick your force, then say ready"
        if not lobby.picks():
            line = f"You are side {lobby.side} - the forces are fixed: say ready"
    y = box.y + size + size // 2
    draw_text(screen, line, font(size + 1, True), TEXT, (size * 2, y), box.move(0, size * 2),
              elide=True)  # fmt: skip
    return y + size * 2


def _roster(screen: pygame.Surface, lobby: Shown, rect: pygame.Rect, size: int) -> list[Button]:
    pygame.draw.rect(screen, BG, rect, border_radius=10)
    inner = rect.inflate(-size, 0)
    draw_text(screen, f"Roster (+{lobby.side} adds to your force)", font(size + 4, True),
              TEXT, (inner.x, rect.y + size // 2), inner, elide=True)  # fmt: skip
    y = rect.y + size * 2 + size // 2
    out, y = roster_panel.draw_search(screen, rect, y, size, lobby.filter.text,
                                      lobby.searching, lobby.mouse)  # fmt: skip
    more, y = roster_panel.draw_filters(screen, rect, y, size, lobby.filter, lobby.mouse)
    out += more
    kept = lobby.roster()
    lobby.scroll = min(lobby.scroll, max(0, len(kept) - 1))
    rows, n = roster_panel.draw_rows(screen, rect, y, size, kept[lobby.scroll :], lobby.mouse,
                                     sides=lobby.side)  # fmt: skip
    roster_panel.draw_footer(screen, rect, size, lobby.scroll, n, len(kept), len(entries()))
    return out + rows


def _force(screen: pygame.Surface, lobby: Shown, info: dict[str, Any], side: str,
           rect: pygame.Rect, size: int) -> list[Button]:  # fmt: skip
    """One side's force; this end's own is editable (-/+ gunnery and piloting, x)."""
    pygame.draw.rect(screen, BG, rect, border_radius=10)
    pygame.draw.rect(screen, side_colour(side), (rect.x, rect.y, 6, rect.h), border_radius=3)
    inner = rect.inflate(-size - 12, 0)
    ready = side in info.get("ready", [])
    who = "you" if side == lobby.side else ("the host" if not lobby.hosting else "the guest")
    draw_text(screen, f"Side {side} ({who})", font(size + 4, True), side_colour(side),
              (inner.x, rect.y + size // 2), inner, elide=True)  # fmt: skip
    mark = "READY" if ready else "not ready"
    draw_text(screen, mark, font(size, True), READY if ready else DIM,
              (inner.right, rect.y + size // 2 + 4), anchor="topright")  # fmt: skip
    edit = lobby.picks() and side == lobby.side
    units = lobby.mine if edit else info.get("forces", {}).get(side, [])
    out = _units(screen, lobby, side, units, inner, rect, size, edit)
    fs = font(size - 2)
    y = rect.y + size * 3
    if not units:
        draw_text(screen, "no units yet", fs, DIM, (inner.x, y))
    tons = sum(_tons(k) for k, *_ in units)
    draw_text(screen, f"{len(units)} unit(s), {tons} t", fs, DIM, (inner.x, rect.bottom - 4),
              inner, anchor="bottomleft", elide=True)  # fmt: skip
    for b in out:
        draw_button(screen, b, size - 2, b.rect.collidepoint(lobby.mouse))
    return out


def _units(screen: pygame.Surface, lobby: Shown, side: str, units: list[Any],
           inner: pygame.Rect, rect: pygame.Rect, size: int,
           edit: bool) -> list[Button]:  # fmt: skip
    """The force's rows: name, G and P (with -/+ and x when ``edit``); their buttons."""
    y, out = rect.y + size * 3, []
    line, small = round(size * 2.8), round(size * 1.3)
    fs = font(size - 2)
    for i, (key, gun, pil) in enumerate(units):
        if y + line > rect.bottom - size * 2:
            draw_text(screen, f"... and {len(units) - i} more", fs, DIM, (inner.x, y))
            break
        name_box = pygame.Rect(inner.x, rect.y, inner.w - small * 2, rect.h)
        draw_text(screen, _name(key), font(size, True), TEXT, (inner.x, y), name_box, elide=True)
        x = inner.x
        for label, kind, value in (("G", "gun", gun), ("P", "pil", pil)):
            r = draw_text(screen, f"{label}{value}", fs, TEXT, (x, y + size + 4))
            x = r.right + size // 2
            if edit:
                for sign, delta in (("-", -1), ("+", 1)):
                    b = Button(pygame.Rect(x, y + size + 2, small, small),
                               f"{kind}:{side},{i},{delta}", sign)  # fmt: skip
                    out.append(b)
                    x += small + 3
            x += size
        if edit:
            out.append(Button(pygame.Rect(inner.right - small, y, small, small),
                              f"del:{side},{i},0", "x"))  # fmt: skip
        y += line
    return out


def _buttons(screen: pygame.Surface, lobby: Shown, size: int) -> list[Button]:
    w, h = screen.get_size()
    bh, bw = round(size * 2.2), size * 14
    y = h - size * 4
    ready = lobby.is_ready()
    out = [Button(pygame.Rect(size, y, bw, bh), "ready",
                  "Not ready any more (Enter)" if ready else "Ready (Enter)", not ready),
           Button(pygame.Rect(size * 2 + bw, y, bw, bh), "leave", "Leave (Esc)")]  # fmt: skip
    for b in out:
        draw_button(screen, b, size + 2, b.rect.collidepoint(lobby.mouse))
    if lobby.note:
        box = pygame.Rect(size * 3 + bw * 2, y, w - size * 4 - bw * 2, bh)
        draw_text(screen, lobby.note, font(size - 1), DIM, (box.x, box.centery), box,
                  anchor="midleft", elide=True)  # fmt: skip
    return out


def _name(key: str) -> str:
    try:
        return entry(key).name
    except (RosterError, KeyError):
        return str(key)


def _tons(key: str) -> int:
    try:
        return int(entry(key).tons)
    except (RosterError, KeyError):
        return 0
