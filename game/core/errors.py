"""Errors the user can fix: a broken map, scenario, save or argument.

Their message is one sentence naming the file and what is wrong; the command line prints
it without a traceback and exits with code 2, the UI shows it and carries on.
"""

from __future__ import annotations

import reprlib

_BRIEF = reprlib.Repr()
_BRIEF.maxstring = 40
_BRIEF.maxother = 40
_BRIEF.maxlevel = 2
for _name in ("maxlist", "maxtuple", "maxdict", "maxset"):
    setattr(_BRIEF, _name, 4)


class UserFacingError(Exception):
    """A problem with the user's input, reported as one sentence."""


def one_line(message: object) -> str:
    """The message with line breaks and other control characters written as escapes, so
    that text from a file (a key with a newline in it) cannot split the one sentence."""
    text = str(message)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def brief(value: object) -> str:
    """A short repr of a value read from a file, for a one-sentence message: long strings
    and big or deeply nested lists are cut (``[[[...]]]``, ``'aaaa...aaa'``)."""
    return _BRIEF.repr(value)
