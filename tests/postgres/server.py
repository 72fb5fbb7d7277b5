"""A throwaway PostgreSQL 15 server for the tests: initdb in a temporary directory as an unprivileged user
(`nobody` when the tests run as root), a free loopback port, trust authentication, stopped and removed at exit."""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
from typing import Any

BIN = pathlib.Path(os.environ.get("BRANDED_PG_BIN", "/usr/lib/postgresql/15/bin"))
SEPARATOR = "\x1f"


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "nobody", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """Started by start(), stopped by stop(); sql() runs statements through psql and answers the rows."""

    def __init__(self) -> None:
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="branded-pg-"))
        self.port = 0

    def start(self) -> None:
        data = self.root / "data"
        if os.geteuid() == 0:
            shutil.chown(self.root, "nobody", "nogroup")
        self._run(_as_server_user([str(BIN / "initdb"), "-D", str(data), "-U", "branded", "--auth=trust", "-E",
                                   "UTF8", "--locale=C", "--no-sync"]))
        # A port taken between the probe and the start fails the start: try another.
        for _ in range(5):
            self.port = _free_port()
            options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
            started = subprocess.run(
                _as_server_user([str(BIN / "pg_ctl"), "start", "-D", str(data), "-w", "-t", "300", "-o", options,
                                 "-l", str(self.root / "server.log")]),
                capture_output=True, text=True, timeout=360, check=False)
            if started.returncode == 0:
                self.sql("CREATE EXTENSION branded")
                return
        raise RuntimeError("postgres did not start: " + (self.root / "server.log").read_text(errors="replace"))

    def stop(self) -> None:
        if self.port:
            subprocess.run(_as_server_user([str(BIN / "pg_ctl"), "stop", "-D", str(self.root / "data"), "-m", "fast",
                                            "-w", "-t", "300"]), capture_output=True, timeout=360, check=False)
        shutil.rmtree(self.root, ignore_errors=True)

    def psql(self, script: str) -> subprocess.CompletedProcess[str]:
        """Runs a script through psql; the completed process (rows unaligned, fields split by SEPARATOR)."""
        return subprocess.run(
            [str(BIN / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "branded", "-d", "postgres", "-X",
             "-q", "-A", "-t", "-F", SEPARATOR, "-v", "ON_ERROR_STOP=1", "-f", "-"],
            input=script, capture_output=True, text=True, timeout=600, check=False)

    def sql(self, script: str) -> list[list[str | None]]:
        """The rows of a script's output; psql's empty field is NULL here (the tests select no empty text)."""
        done = self.psql(script)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr}")
        return [[field if field != "" else None for field in line.split(SEPARATOR)]
                for line in done.stdout.splitlines()]

    @staticmethod
    def _run(command: list[str]) -> Any:
        subprocess.run(command, capture_output=True, text=True, timeout=600, check=True)


def literal(value: str) -> str:
    """A text value as an SQL literal."""
    return "'" + value.replace("'", "''") + "'"
