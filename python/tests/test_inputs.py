"""Round trips, the minter, scan, parse_many, and the bad inputs (contract §8) through the installed package."""

from __future__ import annotations

import io
import random
import unittest

import branded

TWO_TO_63 = 1 << 63
ANCHOR = "JOB0KHTOWnGLuC"


class RoundTripTest(unittest.TestCase):
    def test_5000_random_round_trips(self) -> None:
        rng = random.Random(20240101)
        for _ in range(5000):
            snowflake = rng.randrange(TWO_TO_63)
            namespace = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3))
            id = branded.encode(namespace, snowflake)
            parsed = branded.parse(id)
            self.assertEqual((parsed.namespace, parsed.snowflake), (namespace, snowflake))
            self.assertEqual(branded.compose(parsed.unix_ms, parsed.node, parsed.seq), snowflake)

    def test_parsed_is_frozen(self) -> None:
        parsed = branded.parse(ANCHOR)
        with self.assertRaises(AttributeError):
            parsed.snowflake = 1  # type: ignore[misc]


class BadInputTest(unittest.TestCase):
    def assert_refused(self, code: str, call: object, *args: object) -> None:
        with self.assertRaises(branded.BrandedError) as raised:
            call(*args)  # type: ignore[operator]
        self.assertEqual(raised.exception.code, code)

    def test_wrong_types_and_none_are_type_errors(self) -> None:
        for value in (None, 42, 4.2, ["JOB"], object()):
            with self.subTest(repr(value)):
                with self.assertRaises(TypeError):
                    branded.parse(value)  # type: ignore[arg-type]
                with self.assertRaises(TypeError):
                    branded.valid(value)  # type: ignore[arg-type]
        for value in (None, "1", 1.0, True):
            with self.assertRaises(TypeError):
                branded.encode("JOB", value)  # type: ignore[arg-type]
        with self.assertRaises(TypeError):
            branded.scan(42)  # type: ignore[arg-type]
            list(branded.scan(42))  # type: ignore[arg-type]

    def test_empty_nul_non_utf8_huge(self) -> None:
        self.assert_refused("length", branded.parse, "")
        self.assert_refused("charset", branded.parse, "JOB0KHTOWn\0LuC")
        self.assert_refused("charset", branded.parse, b"JOB0KHTOWn\xff\xfeuC")
        self.assert_refused("length", branded.parse, "JOB0KHTOWn\udcffLuC")
        self.assert_refused("charset", branded.parse, "JOB0KHTOWnG\udcff")  # 14 bytes of UTF-8 (surrogatepass)
        self.assert_refused("namespace", branded.parse, b"\xff\xfe\xfd0KHTOWnGLuC")
        huge = "A" * (1 << 20)
        self.assert_refused("length", branded.parse, huge)
        why = branded.explain(huge)
        assert why is not None
        self.assertLessEqual(len(why.message.encode()), 160)
        self.assertIn('"ok":false', branded.decode_row(huge, json=True))
        self.assertEqual(list(branded.scan(huge)), [])

    def test_namespaces_and_snowflakes_out_of_range(self) -> None:
        for namespace in ("", "JO", "JOBS", "job", "J\0B", "ÄBC"):
            with self.subTest(namespace):
                self.assert_refused("namespace", branded.encode, namespace, 1)
                self.assert_refused("namespace", branded.Minter, namespace)
        self.assertEqual(branded.encode("JOB", TWO_TO_63 - 1), "JOBAzL8n0Y58m7")
        for snowflake in (TWO_TO_63, TWO_TO_63 + 1, (1 << 64) - 1, 1 << 64, 1 << 200, -1):
            with self.subTest(snowflake):
                self.assert_refused("range", branded.encode, "JOB", snowflake)
                self.assert_refused("range", branded.hash32, snowflake)
                self.assert_refused("range", branded.stream_id, snowflake)
        self.assert_refused("node", branded.Minter, "JOB", 1024)
        self.assert_refused("node", branded.Minter, "JOB", -1)
        self.assert_refused("node", branded.compose, branded.EPOCH_MS, 1 << 40, 0)
        self.assert_refused("range", branded.compose, branded.EPOCH_MS - 1, 0, 0)
        self.assert_refused("range", branded.compose, 1 << 80, 0, 0)
        self.assert_refused("range", branded.min_id, "JOB", -(1 << 80))


class MinterTest(unittest.TestCase):
    def test_never_repeats_on_an_injected_clock(self) -> None:
        now = [branded.EPOCH_MS + 1000]
        minter = branded.Minter("JOB", 7, clock=lambda: now[0])
        ids = [minter.next() for _ in range(5000)]
        self.assertEqual(len(set(ids)), 5000)
        self.assertEqual(ids, sorted(ids))
        self.assertTrue(all(branded.parse(id).node == 7 for id in ids))
        now[0] = branded.EPOCH_MS + 10_000
        parsed = branded.parse(minter.next())
        self.assertEqual((parsed.unix_ms, parsed.seq), (now[0], 0))
        now[0] = branded.EPOCH_MS - 1
        with self.assertRaises(branded.BrandedError) as raised:
            minter.next()
        self.assertEqual(raised.exception.code, "range")

    def test_system_clock(self) -> None:
        self.assertTrue(branded.valid(branded.Minter("USR", 3).next()))


class ScanTest(unittest.TestCase):
    TEXT = "start JOB0KHTOWnGLuC\nurl=/jobs/USR0NgWEfAEJfs?x=1\nxJOB0KHTOWnGLuC USRzzzzzzzzzzz\n"

    def expected(self) -> list[tuple[int, int, str, str | None]]:
        return [(6, 1, ANCHOR, None), (31, 2, "USR0NgWEfAEJfs", None), (66, 3, "USRzzzzzzzzzzz", "range")]

    def rows(self, source: branded.ScanSource) -> list[tuple[int, int, str, str | None]]:
        return [(row.offset, row.line, row.id, row.error) for row in branded.scan(source)]

    def test_str_bytes_and_files(self) -> None:
        self.assertEqual(self.rows(self.TEXT), self.expected())
        self.assertEqual(self.rows(self.TEXT.encode()), self.expected())
        self.assertEqual(self.rows(io.BytesIO(self.TEXT.encode())), self.expected())
        self.assertEqual(self.rows(io.StringIO(self.TEXT)), self.expected())

    def test_chunks_split_anywhere(self) -> None:
        data = self.TEXT.encode()

        class Trickle(io.RawIOBase):
            def __init__(self, size: int) -> None:
                self.at, self.size = 0, size

            def read(self, n: int = -1) -> bytes:
                chunk = data[self.at : self.at + self.size]
                self.at += len(chunk)
                return chunk

        for size in (1, 2, 7, 13, 14, 15, 100):
            with self.subTest(size):
                self.assertEqual(self.rows(Trickle(size)), self.expected())  # type: ignore[arg-type]


class ParseManyTest(unittest.TestCase):
    IDS = [ANCHOR, "USR0NgWEfAEJfs", "job-42", b"USRzzzzzzzzzzz"]

    def check(self, columns: branded.Columns) -> None:
        self.assertEqual(list(columns.namespace), ["JOB", "USR", "", ""])
        self.assertEqual([int(s) for s in columns.snowflake], [274557032793636864, 320636799581945856, 0, 0])
        self.assertEqual([int(m) for m in columns.unix_ms], [1769526697641, 1780512970164, 0, 0])
        self.assertEqual(list(columns.error), [None, None, "length", "range"])
        self.assertEqual(int(columns.hash32[0]), 234878118)

    def test_lists(self) -> None:
        columns = branded.parse_many(iter(self.IDS), numpy=False)
        self.assertIsInstance(columns.snowflake, list)
        self.check(columns)

    def test_numpy_when_importable(self) -> None:
        try:
            import numpy
        except ImportError:
            self.skipTest("numpy is not installed in this environment (the package works without it)")
        columns = branded.parse_many(self.IDS)
        self.assertIsInstance(columns.snowflake, numpy.ndarray)
        self.assertEqual(columns.snowflake.dtype, numpy.uint64)  # type: ignore[attr-defined]
        self.check(columns)

    def test_wrong_item_type(self) -> None:
        with self.assertRaises(TypeError):
            branded.parse_many([ANCHOR, None])  # type: ignore[list-item]


if __name__ == "__main__":
    unittest.main()
