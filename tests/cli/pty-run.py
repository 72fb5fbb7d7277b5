"""Runs a command with its stdout and stderr on a pseudo-terminal and its stdin a pipe, writes the lines given on
this script's stdin to it one at a time (PAUSE seconds apart), and records when the terminal received what; then
prints {"status": N, "received": [[seconds, text], ...], "written": [seconds, ...]} as JSON on stdout.
Usage: python3 pty-run.py PAUSE command args..."""
import json
import os
import pty
import select
import subprocess
import sys
import time

pause = float(sys.argv[1])
command = sys.argv[2:]
lines = sys.stdin.buffer.read().splitlines(keepends=True)
master, slave = pty.openpty()
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=slave, stderr=slave)
os.close(slave)
start = time.monotonic()
received, written = [], []
next_write = start + pause


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


while lines:
    if not drain(max(0.0, next_write - time.monotonic())):
        break
    if time.monotonic() >= next_write:
        child.stdin.write(lines.pop(0))
        child.stdin.flush()
        written.append(time.monotonic() - start)
        next_write = time.monotonic() + pause
child.stdin.close()
while drain(5.0):
    if child.poll() is not None and not select.select([master], [], [], 0.2)[0]:
        break
status = child.wait()
print(json.dumps({"status": status, "received": received, "written": written}))
