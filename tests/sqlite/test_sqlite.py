"""The SQLite extension (build/native/sqlite/branded.so) through Python's sqlite3 and the sqlite3 shell: every
vector file that has an SQL form, 5,000 round trips, the bad inputs, branded_scan, an index and a generated column.
Run: BRANDED_SQLITE=build/native/sqlite/branded.so /usr/bin/python3 tests/sqlite/test_sqlite.py"""

from __future__ import annotations

import json
import os
import pathlib
import random
import sqlite3
import subprocess
import unittest
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXTENSION = os.environ.get("BRANDED_SQLITE", str(ROOT / "build/native/sqlite/branded.so"))
ANCHOR = "JOB0KHTOWnGLuC"


def load(name: str) -> Any:
    return json.loads((ROOT / "tests/vectors" / name).read_text(encoding="utf-8"))


def connect() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(EXTENSION.removesuffix(".so"))
    db.enable_load_extension(False)
    return db


class VectorTest(unittest.TestCase):
    def setUp(self) -> None:
        self.db = connect()

    def one(self, sql: str, *args: object) -> Any:
        return self.db.execute(sql, args).fetchone()[0]

    def test_valid(self) -> None:
        for case in load("valid.json"):
            with self.subTest(case["name"]):
                row = self.db.execute(
                    "SELECT branded_valid(?1), branded_error(?1), branded_namespace(?1), branded_snowflake(?1),"
                    " branded_unix_ms(?1), branded_iso(?1), branded_node(?1), branded_seq(?1), branded_hash32(?1),"
                    " branded_stream_id(?1), branded_encode(branded_namespace(?1), branded_snowflake(?1))",
                    (case["id"],),
                ).fetchone()
                self.assertEqual(row, (1, None, case["namespace"], int(case["snowflake"]), case["unixMs"], case["iso"],
                                       case["node"], case["seq"], case["hash32"], case["streamId"], case["id"]))

    def test_invalid(self) -> None:
        for case in load("invalid.json"):
            with self.subTest(case["name"]):
                row = self.db.execute(
                    "SELECT branded_valid(?1), branded_error(?1), branded_snowflake(?1), branded_unix_ms(?1),"
                    " branded_namespace(?1), branded_explain(?1) IS NOT NULL", (case["id"],)).fetchone()
                self.assertEqual(row, (0, case["error"], None, None, None, 1))

    def test_encode(self) -> None:
        for case in load("encode.json"):
            with self.subTest(case["name"]):
                snowflake = int(case["snowflake"])
                # SQLite's INTEGER ends at 2^63 - 1: a larger Snowflake can only arrive as TEXT or REAL, and is NULL
                value: object = snowflake if snowflake < 1 << 63 else case["snowflake"]
                self.assertEqual(self.one("SELECT branded_encode(?, ?)", case["namespace"], value), case.get("id"))

    def test_snowflake_file(self) -> None:
        file = load("snowflake.json")
        for case in file["hash32"]:
            self.assertEqual(self.one("SELECT branded_hash32(branded_encode('JOB', ?))", int(case["snowflake"])),
                             case["hash32"])
        for case in file["unixMs"]:
            self.assertEqual(self.one("SELECT branded_unix_ms(branded_encode('JOB', ?))", int(case["snowflake"])),
                             case["unixMs"])
        for case in file["minFor"]:
            with self.subTest(case["name"]):
                got = self.one("SELECT branded_snowflake(branded_min_id('JOB', ?))", case["unixMs"])
                self.assertEqual(got, None if "error" in case else int(case["snowflake"]))

    def test_stream_slot_gate_explain(self) -> None:
        for case in load("stream.json")["entryIds"]:
            self.assertEqual(self.one("SELECT branded_stream_id(branded_encode('JOB', ?))", int(case["snowflake"])),
                             case["streamId"])
        for case in load("slot.json"):
            self.assertEqual(self.one("SELECT branded_slot(?)", case["key"]), case["slot"])
        for case in load("gate.json")["cases"]:
            self.assertEqual(self.one("SELECT coalesce(branded_error(?), 'ok')", case["id"]), case["host"])
        for case in load("explain.json")["ids"]:
            with self.subTest(case["name"]):
                value = bytes.fromhex(case["hex"]) if "hex" in case else case["input"]
                expect = case["expect"]
                self.assertEqual(self.one("SELECT branded_explain(?)", value), expect and expect["message"])

    def test_instants_in_min_id(self) -> None:
        iso = load("valid.json")[0]["iso"]
        self.assertEqual(self.one("SELECT branded_min_id('USR', ?)", iso), "USR0KHTOWnGLuC")
        self.assertEqual(self.one("SELECT branded_min_id('USR', ?)", "1769526697641"), "USR0KHTOWnGLuC")
        for relative in ("now", "now-5m", "+10ms", "tomorrow"):
            self.assertIsNone(self.one("SELECT branded_min_id('USR', ?)", relative))


class RoundTripTest(unittest.TestCase):
    def test_5000_random_round_trips(self) -> None:
        db = connect()
        rng = random.Random(20240101)
        cases = [("".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3)), rng.randrange(1 << 63))
                 for _ in range(5000)]
        db.execute("CREATE TABLE t(ns TEXT, s INTEGER)")
        db.executemany("INSERT INTO t VALUES (?, ?)", cases)
        wrong = db.execute(
            "SELECT count(*) FROM t WHERE branded_snowflake(branded_encode(ns, s)) IS NOT s"
            " OR branded_namespace(branded_encode(ns, s)) IS NOT ns").fetchone()[0]
        self.assertEqual(wrong, 0)
        self.assertEqual(db.execute("SELECT count(DISTINCT branded_encode(ns, s)) FROM t").fetchone()[0], 5000)


class BadInputTest(unittest.TestCase):
    def setUp(self) -> None:
        self.db = connect()

    def row(self, value: object) -> tuple[Any, ...]:
        return tuple(self.db.execute(
            "SELECT branded_valid(?1), branded_error(?1), branded_snowflake(?1), branded_iso(?1)", (value,)).fetchone())

    def test_null_empty_nul_non_utf8_huge_wrong_types(self) -> None:
        self.assertEqual(self.row(None), (None, None, None, None))
        self.assertEqual(self.row(""), (0, "length", None, None))
        self.assertEqual(self.row("JOB0KHTOWn\0LuC"), (0, "charset", None, None))
        self.assertEqual(self.row(b"JOB0KHTOWn\xff\xfeuC"), (0, "charset", None, None))
        self.assertEqual(self.row(ANCHOR.encode()), (1, None, 274557032793636864, "2026-01-27T15:11:37.641Z"))
        self.assertEqual(self.row("A" * (1 << 20)), (0, "length", None, None))
        self.assertEqual(self.row(42), (0, "length", None, None))
        self.assertEqual(self.row(4.2), (0, "length", None, None))
        self.assertIsNotNone(self.db.execute("SELECT branded_explain(?)", ("A" * (1 << 20),)).fetchone()[0])

    def test_namespaces_and_snowflakes_out_of_range(self) -> None:
        for ns in (None, "", "JO", "JOBS", "job", "J\0B", b"\xff\xfe\xfd", 123):
            self.assertIsNone(self.db.execute("SELECT branded_encode(?, 1)", (ns,)).fetchone()[0])
            self.assertIsNone(self.db.execute("SELECT branded_min_id(?, 1769526697641)", (ns,)).fetchone()[0])
        for snowflake in (None, -1, "9223372036854775807", "9223372036854775808", 9.3e18, 1.0, b"\x01"):
            self.assertIsNone(self.db.execute("SELECT branded_encode('JOB', ?)", (snowflake,)).fetchone()[0])
        self.assertEqual(self.db.execute("SELECT branded_encode('JOB', 9223372036854775807)").fetchone()[0],
                         "JOBAzL8n0Y58m7")
        self.assertIsNone(self.db.execute("SELECT branded_min_id('JOB', 1704067199999)").fetchone()[0])


class ScanAndIndexTest(unittest.TestCase):
    def test_branded_scan(self) -> None:
        db = connect()
        text = "start JOB0KHTOWnGLuC\nurl=/jobs/USR0NgWEfAEJfs?x=1\nxJOB0KHTOWnGLuC USRzzzzzzzzzzz\n"
        rows = db.execute("SELECT byte_offset, line, id, namespace, snowflake, error FROM branded_scan(?)", (text,)).fetchall()
        self.assertEqual(rows, [(6, 1, ANCHOR, "JOB", 274557032793636864, None),
                                (31, 2, "USR0NgWEfAEJfs", "USR", 320636799581945856, None),
                                (66, 3, "USRzzzzzzzzzzz", "USR", None, "range")])
        self.assertEqual(db.execute("SELECT count(*) FROM branded_scan(NULL)").fetchone()[0], 0)
        self.assertEqual(db.execute("SELECT count(*) FROM branded_scan('')").fetchone()[0], 0)
        many = " ".join([ANCHOR] * 1000)
        self.assertEqual(db.execute("SELECT count(*) FROM branded_scan(?)", (many,)).fetchone()[0], 1000)
        db.execute("CREATE TABLE logs(line TEXT)")
        db.executemany("INSERT INTO logs VALUES (?)", [("a " + ANCHOR,), ("none",), ("USR0NgWEfAEJfs b",)])
        joined = db.execute("SELECT s.id FROM logs, branded_scan(logs.line) AS s ORDER BY s.id").fetchall()
        self.assertEqual(joined, [(ANCHOR,), ("USR0NgWEfAEJfs",)])

    def test_index_generated_column_and_range(self) -> None:
        db = connect()
        db.execute("CREATE TABLE jobs(id TEXT PRIMARY KEY, at INTEGER GENERATED ALWAYS AS (branded_unix_ms(id)))")
        db.execute("CREATE INDEX jobs_by_time ON jobs(branded_unix_ms(id))")
        db.executemany("INSERT INTO jobs(id) VALUES (?)", [(ANCHOR,), ("JOB0NgWEfAEJfs",)])
        self.assertEqual(db.execute("SELECT at FROM jobs ORDER BY at").fetchall(), [(1769526697641,), (1780512970164,)])
        plan = " ".join(r[3] for r in db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM jobs WHERE branded_unix_ms(id) >= 1770000000000"))
        self.assertIn("jobs_by_time", plan)
        ranged = db.execute("SELECT id FROM jobs WHERE id >= branded_min_id('JOB', '2026-01-01')"
                            " AND id < branded_min_id('JOB', '2026-02-01')").fetchall()
        self.assertEqual(ranged, [(ANCHOR,)])


class ShellTest(unittest.TestCase):
    def test_dot_load_in_the_sqlite3_shell(self) -> None:
        result = subprocess.run(
            ["sqlite3", ":memory:", f".load {EXTENSION.removesuffix('.so')}",
             f"SELECT branded_iso('{ANCHOR}'), (SELECT count(*) FROM branded_scan('{ANCHOR} {ANCHOR}'));"],
            capture_output=True, text=True, timeout=60, check=False)
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "2026-01-27T15:11:37.641Z|2\n", ""))


if __name__ == "__main__":
    unittest.main()
