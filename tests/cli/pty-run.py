"""Runs a command with its stdout and stderr on a pseudo-terminal and its stdin a pipe, writes the lines given on
this script's stdin to it one at a time, and records when the terminal received what; then prints
{"status": N, "received": [[seconds, text], ...], "written": [seconds, ...]} as JSON on stdout. ROWS says when to
write the next line: once the terminal has received ROWS[i] rows in all after line i (at most WAIT seconds).
Usage: python3 pty-run.py ROWS,... command args..."""
import json
import os
import pty
import select
import subprocess
import sys
import time

WAIT = 60.0
rows_after = [int(rows) for rows in sys.argv[1].split(",")]
command = sys.argv[2:]
lines = sys.stdin.buffer.read().splitlines(keepends=True)
master, slave = pty.openpty()
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=slave, stderr=slave)
os.close(slave)
start = time.monotonic()
received, written = [], []


def drain(timeout):
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return True
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the command closed its end
        return False
    if not chunk:
        return False
    received.append([time.monotonic() - start, chunk.decode("utf-8", "replace")])
    return True


def rows_received():
    return sum(text.count("\n") for _, text in received)


for line, rows in zip(lines, rows_after):
    child.stdin.write(line)
    child.stdin.flush()
    written.append(time.monotonic() - start)
    deadline = time.monotonic() + WAIT
    while rows_received() < rows and time.monotonic() < deadline:
        if not drain(1.0):
            break
child.stdin.close()
while drain(5.0):
    if child.poll() is not None and not select.select([master], [], [], 0.2)[0]:
        break
status = child.wait()
print(json.dumps({"status": status, "received": received, "written": written}))
