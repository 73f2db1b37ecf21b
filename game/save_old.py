"""What a hex save of an older version (1 to 5) must satisfy to load (docs/saves.md).

A save loads only when it proves it is the game it says. An older version's digest was
taken over the code's objects of its day; where the game knows how that day's objects
were written differently (ADDED_SINCE: versions 5 and the later version 4 saves), it
recomputes that digest from the replayed game, and a save whose digest matches is proven
whole (start, actions and every roll). Every other old save is refused in one sentence
that says why and what to do, and the file is left as it is:

- versions 1 to 3 (UNCHECKED), written before saves could be checked: their objects and
  roll records were written so differently that no digest of theirs is rebuilt;
- a version 4 or 5 save whose digest does not recompute: an early version 4 save (its
  code wrote careless moves, hull-down, flight and depth differently during that
  version's life) or a save edited since (a version 6 save relabelled older among them).

A proven old save is still held to what its version could write (no top-level, start or
unit key added since; a snapshot of exactly that version's keys) and to its snapshot's
counts, which its digest does not cover.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from game.core.files import CANNOT_PROVE, SaveError

OLD_SNAPSHOT_KEYS = ("turn", "phase", "actions", "dice_faces_used", "digest", "board")
COMPARED = ("turn", "phase", "actions", "dice_faces_used", "board")  # beside the digest
NEW_IN = {5: ("depth",)}  # unit keys added since version 4 (the submarines)
OLD_TOP_KEYS = ("format", "version", "start", "actions", "snapshot")
OLD_START_KEYS = ("board", "units", "rules", "sides", "seed", "dice", "options", "turn_limit")
UNCHECKED = (1, 2, 3)  # written before saves could be checked: refused (docs/saves.md)
# How today's objects are written differently from an older version's, where known: the
# fields added since, at their defaults (tests/saves/v5_*.json, written by version 5's own
# code, check it). An older save whose digest this recomputes is proven whole.
ADDED_SINCE = {  # Unit.platoon (infantry) came after version 5; early version 4 code wrote
    5: (", platoon=None)",),  # more differently (careless moves, hull-down, WiGE flight,
    4: (", platoon=None)",),  # depth came during its life): its saves are not proven
}


def refuse_unchecked(path: Path, version: int) -> None:
    """Versions 1 to 3: refused before anything is read (their digest cannot be rebuilt)."""
    if version in UNCHECKED:
        raise SaveError(f"{path}: this is a version {version} save, written before saves "
                        f"could be checked; {CANNOT_PROVE}.")  # fmt: skip


def refuse_unproven(path: Path, version: int, now: str, saved: Any) -> None:
    """A version 4 or 5 save whose own digest, recomputed from today's replay (``now``,
    game.save's state_repr), does not match: refused, saying why it cannot be told from
    an edited file."""
    if proven_old(version, now, saved):
        return
    why = ("it was written by an early version 4 hexplate, before saves could be checked, "
           "or edited since" if version == 4 else "the file was edited since")  # fmt: skip
    raise SaveError(f"{path}: this version {version} save does not pass its own check (its "
                    f"digest): {why}; {CANNOT_PROVE}.")  # fmt: skip


def proven_old(version: int, now: str, saved: Any) -> bool:
    """The old save's own digest, recomputed from today's state (``now``, game.save's
    state_repr) as that version wrote it: true when it matches, so the whole game (start,
    actions, every roll) is the one saved. Only for versions whose differences are known
    (ADDED_SINCE)."""
    if version not in ADDED_SINCE or not isinstance(saved, dict):
        return False
    for added in ADDED_SINCE[version]:
        now = now.replace(added, ")")
    return hashlib.sha256(now.encode()).hexdigest() == saved.get("digest")


def matches(now: dict[str, Any], saved: Any) -> bool:
    """The replayed position against an older version's snapshot counts (its digest is
    checked by refuse_unproven)."""
    return isinstance(saved, dict) and all(now[k] == saved.get(k, now[k]) for k in COMPARED)


def no_later_keys(path: Path, version: int, top: dict[str, Any]) -> None:
    """An older version's save holds no key added since: at the top (version 6 on: who
    plays each side), in its start or its units (NEW_IN)."""
    start = top.get("start")
    for where, keys, allowed in (("the save", top, OLD_TOP_KEYS),
                                 ("the start", start, OLD_START_KEYS)):  # fmt: skip
        extra = [k for k in keys if k not in allowed] if isinstance(keys, dict) else []
        if extra:
            raise SaveError(f"{path}: {where} has {extra[0]!r}, which version {version} saves "
                            "cannot hold (the file was edited)")  # fmt: skip
    units = start.get("units") if isinstance(start, dict) else None
    for u in units if isinstance(units, list) else ():
        for since, keys in NEW_IN.items():
            k = next((k for k in keys if isinstance(u, dict) and k in u), None)
            if version < since and k is not None:
                raise SaveError(f"{path}: a unit has {k!r}, which version {version} saves "
                                "cannot hold (the file was edited)")  # fmt: skip


def old_snapshot_keys(path: Path, version: int, saved: Any) -> None:
    """An older version's snapshot has exactly that version's keys (versions 4 and 5)."""
    if not isinstance(saved, dict):
        raise SaveError(f"{path}: the snapshot must be a JSON object.")
    extra = [k for k in saved if k not in OLD_SNAPSHOT_KEYS]
    missing = [k for k in OLD_SNAPSHOT_KEYS if k not in saved]
    if extra or missing:
        what = (
            f"has {extra[0]!r}, which no version {version} save has"
            if extra
            else f"lacks {missing[0]!r}, which every version {version} save has"
        )
        raise SaveError(f"{path}: the snapshot {what} (the file was edited)")  # fmt: skip
