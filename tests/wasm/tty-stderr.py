"""Runs a command with its stderr on a pseudo-terminal (and its stdout too with --stdout-too; else stdin and
stdout are this script's), and passes what the terminal receives on to this script's stderr as it comes: how a CLI
behaves for a user at a terminal. Exits with the command's status."""
import os
import pty
import subprocess
import sys

stdout_too = sys.argv[1] == "--stdout-too"
command = sys.argv[2:] if stdout_too else sys.argv[1:]
master, slave = pty.openpty()
child = subprocess.Popen(command, stderr=slave, stdout=slave if stdout_too else None)
os.close(slave)
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the command closed its end
        break
    if not chunk:
        break
    sys.stderr.buffer.write(chunk)
    sys.stderr.buffer.flush()
sys.exit(child.wait())
