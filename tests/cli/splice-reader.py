"""Reads stdin the way pv and splice-based tools do: each piece is spliced into a pipe of its own (stdin's pages
are moved there, not copied) and held a few milliseconds while the writer runs on, then read out to stdout.

A writer that lends its pages to stdin (vmsplice) and writes over them again would show here: the held pages would
read as later rows. Usage: splice-reader.py HOLD_MS
"""

import fcntl
import os
import sys
import time

F_SETPIPE_SZ = 1031
PIECE = 1 << 20

hold = float(sys.argv[1]) / 1000
held_out, held_in = os.pipe()
fcntl.fcntl(held_in, F_SETPIPE_SZ, PIECE)
while True:
    moved = os.splice(0, held_in, PIECE)
    if moved == 0:
        break
    time.sleep(hold)
    while moved > 0:
        chunk = os.read(held_out, moved)
        sys.stdout.buffer.write(chunk)
        moved -= len(chunk)
sys.stdout.buffer.flush()
