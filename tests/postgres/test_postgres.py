"""The PostgreSQL extension (postgres/, installed by `make install`) on a throwaway server: every vector file
that has an SQL form, 5,000 round trips, the bad inputs, branded_scan, an index and a generated column.
Run: /usr/bin/python3 tests/postgres/test_postgres.py"""

from __future__ import annotations

import json
import pathlib
import random
import unittest
from typing import Any

from server import Server, literal

ROOT = pathlib.Path(__file__).resolve().parents[2]
ANCHOR = "JOB0KHTOWnGLuC"
SERVER = Server()


def setUpModule() -> None:
    SERVER.start()


def tearDownModule() -> None:
    SERVER.stop()


def load(name: str) -> Any:
    return json.loads((ROOT / "tests/vectors" / name).read_text(encoding="utf-8"))


def values(rows: list[tuple[str, ...]]) -> str:
    return "VALUES " + ", ".join("(" + ", ".join(row) + ")" for row in rows)


class VectorTest(unittest.TestCase):
    def test_valid(self) -> None:
        cases = load("valid.json")
        rows = SERVER.sql(
            "SELECT branded_valid(id), branded_error(id), branded_namespace(id), branded_snowflake(id),"
            " branded_unix_ms(id), branded_iso(id), branded_node(id), branded_seq(id), branded_hash32(id),"
            " branded_stream_id(id), branded_encode(branded_namespace(id), branded_snowflake(id)),"
            " branded_time(id) = to_timestamp(branded_unix_ms(id) / 1000.0)"
            f" FROM ({values([(literal(c['id']), str(i)) for i, c in enumerate(cases)])}) v(id, n) ORDER BY n")
        for case, row in zip(cases, rows, strict=True):
            with self.subTest(case["name"]):
                self.assertEqual(row, ["t", None, case["namespace"], case["snowflake"], str(case["unixMs"]),
                                       case["iso"], str(case["node"]), str(case["seq"]), str(case["hash32"]),
                                       case["streamId"], case["id"], "t"])

    def test_invalid(self) -> None:
        # text holds no NUL: test_what_text_cannot_hold_is_the_servers_error has the server's refusal
        cases = [c for c in load("invalid.json") if "\0" not in c["id"]]
        rows = SERVER.sql(
            "SELECT branded_valid(id), branded_error(id), branded_snowflake(id), branded_explain(id) IS NOT NULL"
            f" FROM ({values([(literal(c['id']), str(i)) for i, c in enumerate(cases)])}) v(id, n) ORDER BY n")
        for case, row in zip(cases, rows, strict=True):
            with self.subTest(case["name"]):
                self.assertEqual(row, ["f", case["error"], None, "t"])

    def test_encode(self) -> None:
        for case in load("encode.json"):
            with self.subTest(case["name"]):
                snowflake = int(case["snowflake"])
                if snowflake >= 1 << 63:  # past bigint: the server refuses the value with its own error
                    done = SERVER.psql(f"SELECT branded_encode({literal(case['namespace'])}, {snowflake}::bigint)")
                    self.assertIn("bigint out of range", done.stderr)
                    continue
                got = SERVER.sql(f"SELECT branded_encode({literal(case['namespace'])}, {snowflake})")
                self.assertEqual(got, [[case.get("id")]])

    def test_snowflake_stream_slot_gate_explain(self) -> None:
        snowflake = load("snowflake.json")
        script = []
        expected: list[list[str | None]] = []
        for case in snowflake["hash32"]:
            script.append(f"SELECT branded_hash32(branded_encode('JOB', {case['snowflake']}));")
            expected.append([str(case["hash32"])])
        for case in snowflake["minFor"]:
            script.append(f"SELECT branded_snowflake(branded_min_id('JOB', {case['unixMs']}::bigint));")
            expected.append([None if "error" in case else case["snowflake"]])
        for case in load("stream.json")["entryIds"]:
            script.append(f"SELECT branded_stream_id(branded_encode('JOB', {case['snowflake']}));")
            expected.append([case["streamId"]])
        for case in load("slot.json"):
            script.append(f"SELECT branded_slot({literal(case['key'])});")
            expected.append([str(case["slot"])])
        for case in load("gate.json")["cases"]:
            script.append(f"SELECT coalesce(branded_error({literal(case['id'])}), 'ok');")
            expected.append([case["host"]])
        for case in load("explain.json")["ids"]:
            if "hex" in case or "\0" in case["input"]:
                continue  # not text PostgreSQL holds: test_bad_inputs has the server's refusal
            script.append(f"SELECT coalesce(branded_explain({literal(case['input'])}), 'null');")
            expect = case["expect"]
            expected.append([expect["message"] if expect else "null"])
        self.assertEqual(SERVER.sql("\n".join(script)), expected)


class RoundTripTest(unittest.TestCase):
    def test_5000_random_round_trips(self) -> None:
        rng = random.Random(20240101)
        cases = [("'" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3)) + "'",
                  str(rng.randrange(1 << 63))) for _ in range(5000)]
        rows = SERVER.sql(
            f"SELECT count(*) FILTER (WHERE branded_snowflake(branded_encode(ns, s)) IS DISTINCT FROM s"
            f" OR branded_namespace(branded_encode(ns, s)) IS DISTINCT FROM ns), count(DISTINCT branded_encode(ns, s))"
            f" FROM ({values(cases)}) v(ns, s)")
        self.assertEqual(rows, [["0", "5000"]])


class BadInputTest(unittest.TestCase):
    def test_null_empty_huge_and_namespaces(self) -> None:
        rows = SERVER.sql(
            "SELECT branded_valid(NULL), branded_error(NULL), branded_unix_ms(NULL), branded_encode(NULL, 1);"
            "SELECT branded_valid(''), branded_error(''), branded_unix_ms('');"
            "SELECT branded_valid(repeat('A', 1048576)), branded_error(repeat('A', 1048576)),"
            " length(branded_explain(repeat('A', 1048576))) > 0;"
            "SELECT branded_encode('JOB', 9223372036854775807), branded_encode('JOB', -1), branded_encode('job', 1),"
            " branded_encode('JOBS', 1), branded_encode('ÄBC', 1), branded_min_id('JOB', 1704067199999::bigint),"
            " branded_min_id('JOB', '-infinity'::timestamptz), branded_min_id('job', now());"
            "SELECT branded_valid('JOB0KHTOWnGLuC'::text || chr(8203));")
        self.assertEqual(rows, [[None, None, None, None], ["f", "length", None], ["f", "length", "t"],
                                ["JOBAzL8n0Y58m7", None, None, None, None, None, None, None], ["f"]])

    def test_what_text_cannot_hold_is_the_servers_error(self) -> None:
        nul = SERVER.psql("SELECT branded_valid(E'JOB0KHTOWn\\\\x00LuC'::text || chr(0));")
        self.assertNotEqual(nul.returncode, 0)
        self.assertIn("null character not permitted", nul.stderr)
        bad = SERVER.psql("SELECT branded_valid(convert_from('\\xfffe'::bytea, 'UTF8'));")
        self.assertIn("invalid byte sequence", bad.stderr)
        wrong = SERVER.psql("SELECT branded_unix_ms(42);")
        self.assertIn("function branded_unix_ms(integer) does not exist", wrong.stderr)
        past = SERVER.psql("SELECT branded_encode('JOB', 9223372036854775808);")
        self.assertIn("function branded_encode(unknown, numeric) does not exist", past.stderr)


class ScanIndexTest(unittest.TestCase):
    def test_branded_scan(self) -> None:
        text = "start JOB0KHTOWnGLuC\nurl=/jobs/USR0NgWEfAEJfs?x=1\nxJOB0KHTOWnGLuC USRzzzzzzzzzzz\n"
        rows = SERVER.sql(f"SELECT byte_offset, line, id, namespace, snowflake, error FROM branded_scan({literal(text)})")
        self.assertEqual(rows, [["6", "1", ANCHOR, "JOB", "274557032793636864", None],
                                ["31", "2", "USR0NgWEfAEJfs", "USR", "320636799581945856", None],
                                ["66", "3", "USRzzzzzzzzzzz", "USR", None, "range"]])
        self.assertEqual(SERVER.sql("SELECT count(*) FROM branded_scan(repeat('JOB0KHTOWnGLuC ', 10000))"), [["10000"]])

    def test_index_generated_column_and_range(self) -> None:
        rows = SERVER.sql(
            "CREATE TABLE jobs(id text PRIMARY KEY, at timestamptz GENERATED ALWAYS AS (branded_time(id)) STORED);"
            "CREATE INDEX jobs_by_time ON jobs (branded_unix_ms(id));"
            "INSERT INTO jobs(id) SELECT branded_encode('JOB', branded_snowflake(branded_min_id('JOB',"
            " 1769526697641 + n * 1000)) + n) FROM generate_series(0, 4999) n;"
            "ANALYZE jobs;"
            "SET enable_seqscan = off;"
            "EXPLAIN (COSTS OFF) SELECT count(*) FROM jobs WHERE branded_unix_ms(id) >= 1769526697641 + 1000000;"
            "SELECT count(*) FROM jobs WHERE branded_unix_ms(id) >= 1769526697641 + 1000000;"
            "SELECT count(*) FROM jobs WHERE id >= branded_min_id('JOB', 1769526697641 + 1000000)"
            " AND id < branded_min_id('JOB', 1769526697641 + 2000000);"
            "SELECT at = to_timestamp(1769526697.641) FROM jobs ORDER BY id LIMIT 1;")
        plan = " ".join(str(r[0]) for r in rows[:-3])
        self.assertIn("jobs_by_time", plan)
        self.assertEqual(rows[-3:], [["4000"], ["1000"], ["t"]])


if __name__ == "__main__":
    unittest.main()
