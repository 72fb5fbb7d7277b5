"""Every file of tests/vectors/ through the installed package."""

from __future__ import annotations

import unittest

import branded
from branded import _core
from support import input_of, load


class VectorTest(unittest.TestCase):
    def test_valid_ids_parse_to_their_fields(self) -> None:
        for case in load("valid.json"):
            with self.subTest(case["name"]):
                parsed = branded.parse(case["id"])
                self.assertEqual(parsed.id, case["id"])
                self.assertEqual(parsed.namespace, case["namespace"])
                self.assertEqual(parsed.snowflake, int(case["snowflake"]))
                self.assertEqual(parsed.unix_ms, case["unixMs"])
                self.assertEqual(parsed.iso, case["iso"])
                self.assertEqual((parsed.node, parsed.seq, parsed.hash32), (case["node"], case["seq"], case["hash32"]))
                self.assertEqual(parsed.stream_id, case["streamId"])
                self.assertEqual(branded.parse(case["id"].encode()), parsed)
                self.assertTrue(branded.valid(case["id"]))
                self.assertEqual(branded.encode(case["namespace"], parsed.snowflake), case["id"])
                self.assertEqual(branded.compose(parsed.unix_ms, parsed.node, parsed.seq), parsed.snowflake)

    def test_invalid_ids_raise_their_class_and_byte(self) -> None:
        for case in load("invalid.json"):
            with self.subTest(case["name"]):
                with self.assertRaises(branded.BrandedError) as raised:
                    branded.parse(case["id"])
                self.assertEqual(raised.exception.code, case["error"])
                why = branded.explain(case["id"])
                assert why is not None
                self.assertEqual(why.error, case["error"])
                self.assertEqual(raised.exception.offset, why.offset)
                self.assertFalse(branded.valid(case["id"]))

    def test_encode(self) -> None:
        for case in load("encode.json"):
            with self.subTest(case["name"]):
                if "error" in case:
                    with self.assertRaises(branded.BrandedError) as raised:
                        branded.encode(case["namespace"], int(case["snowflake"]))
                    self.assertEqual(raised.exception.code, case["error"])
                else:
                    self.assertEqual(branded.encode(case["namespace"], int(case["snowflake"])), case["id"])

    def test_snowflake_file(self) -> None:
        file = load("snowflake.json")
        for case in file["hash32"]:
            self.assertEqual(branded.hash32(int(case["snowflake"])), case["hash32"])
        for case in file["compose"]:
            with self.subTest(case["name"]):
                if "error" in case:
                    with self.assertRaises(branded.BrandedError) as raised:
                        branded.compose(case["unixMs"], case["node"], case["seq"])
                    self.assertEqual(raised.exception.code, case["error"])
                else:
                    self.assertEqual(branded.compose(case["unixMs"], case["node"], case["seq"]), int(case["snowflake"]))
        for case in file["minFor"]:
            with self.subTest(case["name"]):
                if "error" in case:
                    with self.assertRaises(branded.BrandedError) as raised:
                        branded.min_id("JOB", case["unixMs"])
                    self.assertEqual(raised.exception.code, case["error"])
                else:
                    self.assertEqual(branded.parse(branded.min_id("JOB", case["unixMs"])).snowflake, int(case["snowflake"]))
        self.assertEqual(branded.HORIZON_MS, file["horizon"]["lastMs"])
        self.assertEqual(branded.iso(branded.HORIZON_MS), file["horizon"]["iso"])

    def test_stream_file(self) -> None:
        file = load("stream.json")
        for case in file["entryIds"]:
            self.assertEqual(branded.stream_id(int(case["snowflake"])), case["streamId"])
            self.assertEqual(branded.parse_stream_id(case["streamId"]), int(case["snowflake"]))
        for case in file["parse"]:
            with self.subTest(case["name"]):
                error, _ = _core.parse_stream_id(case["text"])
                if "error" in case:
                    self.assertEqual(_core.error_name(error), case["error"])
        for case in file["windows"]:
            with self.subTest(case["name"]):
                if "error" in case:
                    with self.assertRaises(branded.BrandedError) as raised:
                        branded.stream_window(case["t0"], case["t1"])
                    self.assertEqual(raised.exception.code, case["error"])
                else:
                    window = branded.stream_window(case["t0"], case["t1"])
                    self.assertEqual((window.start, window.end, window.inclusive_end),
                                     (case["start"], case["end"], case["inclusiveEnd"]))

    def test_keyspace_slot_gate(self) -> None:
        for case in load("slot.json"):
            self.assertEqual(branded.slot(case["key"]), case["slot"])
        keyspace = load("keyspace.json")
        for case in keyspace["jobKeys"]:
            with self.subTest(case["name"]):
                if "error" in case:
                    with self.assertRaises(branded.BrandedError) as raised:
                        branded.job_key(case["queue"], case["id"])
                    self.assertEqual(raised.exception.code, case["error"])
                else:
                    self.assertEqual(branded.job_key(case["queue"], case["id"]), case["key"])
        for queue in keyspace["queues"]["valid"]:
            self.assertTrue(branded.valid_queue(queue))
        for case in keyspace["queues"]["invalid"]:
            self.assertFalse(branded.valid_queue(case["queue"]))
        gate = load("gate.json")
        self.assertEqual(branded.KIND_REFUSAL, gate["refusal"])
        for case in gate["cases"]:
            with self.subTest(case["name"]):
                self.assertEqual(branded.wire_gate_admits(case["id"]), case["admitted"])
                self.assertEqual("ok" if branded.valid(case["id"]) else branded.explain(case["id"]).error,  # type: ignore[union-attr]
                                 case["host"])

    def test_explain_file(self) -> None:
        file = load("explain.json")
        for group, kind in (("ids", "id"), ("queues", "queue"), ("namespaces", "namespace")):
            for case in file[group]:
                with self.subTest(f"{group}: {case['name']}"):
                    why = branded.explain(input_of(case), kind)  # type: ignore[arg-type]
                    expect = case["expect"]
                    if expect is None:
                        self.assertIsNone(why)
                        continue
                    assert why is not None
                    self.assertEqual(why.error, expect["error"])
                    self.assertEqual(why.offset, expect["offset"])
                    self.assertEqual(why.remedy, expect.get("remedy", "none"))
                    self.assertEqual(why.found, expect.get("found", 0))
                    self.assertEqual(why.suggestion, expect.get("suggestion"))
                    self.assertEqual(why.message, expect["message"])

    def test_instant_file(self) -> None:
        file = load("instant.json")
        for case in file["cases"]:
            with self.subTest(case["text"]):
                error, ms = _core.parse_instant(case["text"], file["now"], file["base"])
                if "error" in case:
                    self.assertEqual(_core.instant_error_name(error), case["error"])
                else:
                    self.assertEqual((error, ms), (0, case["ms"]))


if __name__ == "__main__":
    unittest.main()
