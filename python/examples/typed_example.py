"""A typed use of the package: `mypy --strict` checks it against the package's stubs (py.typed)."""

from __future__ import annotations

import io

import branded


def first_decode() -> str:
    """The instant of an id, or why it is refused."""
    try:
        parsed: branded.Parsed = branded.parse("JOB0KHTOWnGLuC")
    except branded.BrandedError as error:
        return f"refused: {error.code} at byte {error.offset}"
    return parsed.iso


def jobs_in_log(log: bytes) -> list[tuple[int, str]]:
    """The byte offset and id of every valid JOB id in a log."""
    return [(row.offset, row.id) for row in branded.scan(io.BytesIO(log)) if row.error is None and row.id[:3] == "JOB"]


def bulk(ids: list[str]) -> int:
    """The latest instant among ids."""
    columns: branded.Columns = branded.parse_many(ids, numpy=False)
    return max(columns.unix_ms)


def window() -> tuple[str, str]:
    """The id range of the first hour of 2026, for a range query."""
    start = branded.compose(1767225600000)
    return branded.encode("JOB", start), branded.min_id("JOB", 1767225600000 + 3_600_000)


if __name__ == "__main__":
    print(first_decode(), jobs_in_log(b"x JOB0KHTOWnGLuC y"), bulk(["JOB0KHTOWnGLuC"]), window())
