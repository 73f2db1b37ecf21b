"""Digests of saved JSON that stay the same across versions of the code (both rule sets'
saves hold them, so later readers can check the start and the units as written)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def json_digest(value: Any) -> str:
    """sha256 of the value's canonical JSON (sorted keys, no spaces, 4 and 4.0 alike)."""
    text = json.dumps(_canonical(value), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value
