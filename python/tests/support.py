"""The shared vector files (tests/vectors/) for the package's tests."""

from __future__ import annotations

import json
import pathlib
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors"


def load(name: str) -> Any:
    """One vector file, parsed."""
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


def input_of(case: dict[str, Any]) -> str | bytes:
    """A case's input: its bytes when given as hex (not UTF-8), else its text."""
    return bytes.fromhex(case["hex"]) if "hex" in case else case["input"]
