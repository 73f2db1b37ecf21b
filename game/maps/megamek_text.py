"""The text of a MegaMek ``.board`` file: its lines, words and quoted strings.

The format (read from MegaMek's own board loader, facts only): one statement a line,
``#`` starts a comment that runs to the end of the line, strings are in double quotes
and end at the closing quote (or the end of the line), line ends may be CRLF::

    size 16 17
    option exit_roads_to_pavement false
    tag "urban"
    description "A small town"
    hex 0101 0 "woods:1;foliage_elev:2" "grass"
    ...
    end

``hex`` lines come in row order (west to east, then north to south): MegaMek ignores
the number written on them, and so do we. Nothing after ``end`` is read. This module
only splits the file into statements; game.maps.megamek_board gives them meaning.
Anything that is not the format is a one-sentence :class:`MapError` naming the file,
the line and what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .schema import MapError

MAX_SIDE = 999  # the board's own limit (game.board.build_board)
MAX_BYTES = 64 * 1024 * 1024  # a 999x999 board written out is about 30 MB
_HEX = re.compile(  # the usual hex line, read without the tokenizer
    r'hex[ \t]+([0-9]{4,6})[ \t]+([+-]?[0-9]{1,9})[ \t]+"([^"]*)"[ \t]+"([^"]*)"[ \t]*',
    re.ASCII | re.IGNORECASE,
)
_TOKEN = re.compile(r'\s*(?:"([^"\r\n]*)("?)|([^\s"#]+)|(#.*))', re.ASCII)
KEYWORDS = ("size", "option", "hex", "description", "tag", "note", "end")


@dataclass(frozen=True, slots=True)
class HexLine:
    """One ``hex`` statement: the level, the terrain string and the theme as written."""

    line: int
    number: str
    level: int
    terrain: str
    theme: str


@dataclass(slots=True)
class BoardText:
    """The statements of a board file, in file order."""

    width: int = 0
    height: int = 0
    hexes: list[HexLine] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    description: str = ""
    ended: bool = False


def decode(data: bytes, where: str) -> str:
    """The file's text (UTF-8, a byte-order mark allowed), or a MapError."""
    if len(data) > MAX_BYTES:
        raise MapError(f"{where}: the board file is {len(data)} bytes, more than any board needs.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise MapError(
            f"{where}: the board file is not UTF-8 text (byte 0x{data[e.start]:02x} at "
            f"offset {e.start})."
        ) from None


def words(text: str, where: str) -> list[str | tuple[str]]:
    """A line's words; quoted strings come as 1-tuples so they stay apart from words."""
    out: list[str | tuple[str]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise MapError(f"{where}: unexpected character {text[pos]!r}.")
        pos = m.end()
        if m.group(4) is not None:
            break
        if m.group(3) is not None:
            out.append(m.group(3))
        elif m.group(1) is not None:
            if not m.group(2):
                raise MapError(f"{where}: a quoted string is not closed before the line ends.")
            out.append((m.group(1),))
    return out


def _int(word: str | tuple[str] | None, what: str, where: str) -> int:
    if not isinstance(word, str) or not re.fullmatch(r"[+-]?[0-9]{1,9}", word, re.ASCII):
        got = "nothing" if word is None else repr(word if isinstance(word, str) else word[0])
        raise MapError(f"{where}: the {what} must be a whole number, not {got}.")
    return int(word)


def _text(word: str | tuple[str] | None) -> str:
    if word is None:
        return ""
    return word[0] if isinstance(word, tuple) else word


def parse_text(text: str, where: str) -> BoardText:
    """Every statement of the file up to ``end``, checked for form (not for meaning)."""
    out = BoardText()
    cells = out.width * out.height
    for n, raw in enumerate(text.splitlines(), 1):
        m = _HEX.fullmatch(raw.rstrip("\r")) if out.width else None
        if m is not None and len(out.hexes) < cells:
            number, level, terrain, theme = m.groups()
            out.hexes.append(HexLine(n, number, int(level), terrain, theme))
            continue
        at = f"{where}, line {n}"
        ws = words(raw, at)
        if not ws:
            continue
        head = ws[0]
        key = head.lower() if isinstance(head, str) else ""
        if key not in KEYWORDS:
            shown = head if isinstance(head, str) else f'"{head[0]}"'
            raise MapError(
                f"{at}: {shown[:40]!r} is not a board statement (expected one of "
                f"{', '.join(KEYWORDS)})."
            )
        if key == "end":
            out.ended = True
            break
        _statement(out, key, ws[1:], at)
        cells = out.width * out.height
    if not out.width:
        raise MapError(f"{where}: the board file has no 'size W H' line.")
    return out


def _statement(out: BoardText, key: str, args: list[str | tuple[str]], at: str) -> None:
    get = lambda i: args[i] if i < len(args) else None  # noqa: E731
    if key == "size":
        if out.width:
            raise MapError(f"{at}: a second 'size' line (the board is already sized).")
        w, h = _int(get(0), "board width", at), _int(get(1), "board height", at)
        if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
            raise MapError(
                f"{at}: board size {w}x{h} is outside 1x1..{MAX_SIDE}x{MAX_SIDE}, "
                "so it is refused before anything is read."
            )
        out.width, out.height = w, h
    elif key == "hex":
        if not out.width:
            raise MapError(f"{at}: a 'hex' line comes before the 'size' line.")
        if len(out.hexes) >= out.width * out.height:
            raise MapError(
                f"{at}: more hex lines than the {out.width}x{out.height} board has hexes "
                f"({out.width * out.height})."
            )
        if len(args) > 4:
            raise MapError(f"{at}: a hex line has at most 4 values after 'hex'.")
        number = _text(get(0))
        if not re.fullmatch(r"[0-9]{4,6}", number, re.ASCII):
            raise MapError(f"{at}: the hex number {number[:20]!r} is not XXYY (e.g. 0101).")
        level = _int(get(1), "hex level", at)
        out.hexes.append(HexLine(int(at.rsplit(" ", 1)[1]), number, level,
                                 _text(get(2)), _text(get(3))))  # fmt: skip
    elif key == "option":
        out.options[_text(get(0)).lower()] = _text(get(1)).lower()
    elif key == "tag":
        out.tags.append(_text(get(0)))
    elif key == "description":
        out.description = (out.description + "\n\n" + _text(get(0))).strip()
    # "note NNNN "text"": a hex annotation; shown nowhere in hexplate, read and dropped.
