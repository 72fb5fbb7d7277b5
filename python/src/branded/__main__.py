"""python -m branded: the CLI's decode and scan, with the rows `branded` prints when its output is piped."""

from __future__ import annotations

import argparse
import sys
from typing import BinaryIO, Sequence

from . import decode_row, scan, scan_row_text, valid

_DESCRIPTION = """\
decode [--json] [ID ...]   decode ids (the arguments, else stdin a line at a time)
scan [--json] [FILE]       find the ids inside a file (else stdin), with their byte offsets and lines

Exit status: 0 every id parsed, 1 some id refused, 2 usage error.
The rows are the CLI's (`branded decode`, `branded scan` of stdin), without the table's header."""


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m branded",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    decode = commands.add_parser("decode", help="decode ids")
    decode.add_argument("--json", action="store_true", help="a JSON object per line")
    decode.add_argument("ids", nargs="*", metavar="ID")
    scan_command = commands.add_parser("scan", help="find ids inside text")
    scan_command.add_argument("--json", action="store_true", help="a JSON object per line")
    scan_command.add_argument("file", nargs="?", metavar="FILE")
    return parser.parse_args(argv)


def _stdin_lines(stdin: BinaryIO) -> list[bytes]:
    lines = stdin.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


def _decode(ids: Sequence[str | bytes], json: bool) -> int:
    refused = 0
    for id in ids:
        sys.stdout.write(decode_row(id, json))
        refused += not valid(id)
    return 1 if refused else 0


def _scan(file: str | None, json: bool) -> int:
    refused = 0
    with open(file, "rb") if file else sys.stdin.buffer as source:
        for row in scan(source):
            refused += row.error is not None
            sys.stdout.write(scan_row_text(row, json))
    return 1 if refused else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Runs a command; returns the exit status."""
    args = _arguments(argv)
    if args.command == "decode":
        ids: list[str | bytes] = list(args.ids) if args.ids else list(_stdin_lines(sys.stdin.buffer))
        return _decode(ids, args.json)
    try:
        return _scan(args.file, args.json)
    except OSError as error:
        print(f"python -m branded scan: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
