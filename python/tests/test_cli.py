"""python -m branded prints the native CLI's rows; a core failing its self-check refuses to import."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

import branded

NATIVE_CLI = os.environ.get("BRANDED_CLI", "")
FAILING_CORE = os.environ.get("BRANDED_FAILING_CORE", "")
IDS = ["JOB0KHTOWnGLuC", "USR0NgWEfAEJfs", "job-42", " JOB0KHTOWnGLuC", "USRzzzzzzzzzzz", "https://x/JOB0KHTOWnGLuC"]
TEXT = "start JOB0KHTOWnGLuC\nurl=/jobs/USR0NgWEfAEJfs?x=1\nxJOB0KHTOWnGLuC USRzzzzzzzzzzz\n"


def run(command: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, check=False)


@unittest.skipUnless(NATIVE_CLI, "BRANDED_CLI names the native CLI to compare with")
class SameRowsAsTheCliTest(unittest.TestCase):
    def same(self, arguments: list[str], stdin: str = "") -> None:
        ours = run([sys.executable, "-m", "branded", *arguments], stdin)
        theirs = run([NATIVE_CLI, *arguments], stdin)
        self.assertEqual(ours.stdout, theirs.stdout)
        self.assertEqual(ours.returncode, theirs.returncode)
        self.assertNotEqual(ours.stdout, "")

    def test_decode_arguments(self) -> None:
        self.same(["decode", *IDS])
        self.same(["decode", "--json", *IDS])

    def test_decode_stdin(self) -> None:
        self.same(["decode", "--json"], "\n".join(IDS) + "\n")
        self.same(["decode"], "JOB0KHTOWnGLuC\r\nUSR0NgWEfAEJfs\n")

    def test_scan_stdin(self) -> None:
        self.same(["scan"], TEXT)
        self.same(["scan", "--json"], TEXT)


class UsageTest(unittest.TestCase):
    def test_help_and_usage_errors(self) -> None:
        helped = run([sys.executable, "-m", "branded", "--help"])
        self.assertEqual(helped.returncode, 0)
        self.assertIn("decode", helped.stdout)
        self.assertEqual(run([sys.executable, "-m", "branded", "frobnicate"]).returncode, 2)
        missing = run([sys.executable, "-m", "branded", "scan", "/nonexistent/file"])
        self.assertEqual(missing.returncode, 2)
        self.assertIn("No such file", missing.stderr)


@unittest.skipUnless(FAILING_CORE, "BRANDED_FAILING_CORE names a core built to fail its self-check")
class SelfCheckTest(unittest.TestCase):
    def test_a_failing_core_refuses_to_import(self) -> None:
        package = pathlib.Path(branded.__file__).parent
        with tempfile.TemporaryDirectory() as root:
            copy = pathlib.Path(root) / "branded"
            shutil.copytree(package, copy)
            for module in copy.glob("_core*.so"):
                shutil.copyfile(FAILING_CORE, module)
            code = "import branded"
            result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                                    timeout=120, check=False)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("ImportError: branded: the compiled core fails its self-check", result.stderr)
        self.assertIn("hash32(274557032793636864) != 234878118", result.stderr)


if __name__ == "__main__":
    unittest.main()
