#!/usr/bin/env python3
"""A naive decoder: what a user writes in Python to decode branded ids, one per line from stdin, printing
`branded decode`'s rows (the table, or --json objects). The baseline bench/cli/bench.js holds the CLI to."""
import datetime
import json
import sys

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DIGIT = {c: i for i, c in enumerate(ALPHABET)}
EPOCH_MS = 1704067200000


def decode(line):
    if len(line) != 14:
        return None, "length"
    if not all("A" <= c <= "Z" for c in line[:3]):
        return None, "namespace"
    value = 0
    for c in line[3:]:
        if c not in DIGIT:
            return None, "charset"
        value = value * 62 + DIGIT[c]
    if value >= 1 << 63:
        return None, "range"
    return value, None


def hash32(k):
    k ^= k >> 33
    k = (k * 0xFF51AFD7ED558CCD) & 0xFFFFFFFFFFFFFFFF
    k ^= k >> 33
    return k & 0xFFFFFFFF


def main():
    as_json = "--json" in sys.argv[1:]
    out = sys.stdout
    if not as_json:
        out.write("ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n")
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        snowflake, error = decode(line)
        if error:
            out.write(json.dumps({"id": line, "ok": False, "error": error}, separators=(",", ":")) + "\n" if as_json
                      else f"{line:<14}  refused: {error}\n")
            continue
        ms = (snowflake >> 22) + EPOCH_MS
        node, seq = (snowflake >> 12) & 1023, snowflake & 4095
        iso = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        stream = f"{ms}-{snowflake & 0x3FFFFF}"
        if as_json:
            out.write(json.dumps({"id": line, "ok": True, "namespace": line[:3], "snowflake": str(snowflake),
                                  "unixMs": ms, "iso": iso, "node": node, "seq": seq, "hash32": hash32(snowflake),
                                  "streamId": stream}, separators=(",", ":")) + "\n")
        else:
            out.write(f"{line}  {line[:3]}  {snowflake:<19}  {iso}  {node:>4}  {seq:>4}  {hash32(snowflake):>10}  {stream}\n")


if __name__ == "__main__":
    main()
