#include "help.hpp"

namespace branded::cli {

const std::string_view TOOL_HELP = R"(branded — decode, encode, mint and gate EchoMQ branded ids (offline)

Usage: branded <command> [arguments] [--json]

Commands:
  decode [ID...]             decode ids (reads stdin, one id per line, when no ID is given)
  scan [FILE...]             find and decode every id in any text: logs, JSON, URLs, CSV (stdin when no FILE)
  encode NS SNOWFLAKE        the id of a Snowflake under a namespace
  mint NS [--node N | --lease URL] [--count K] [--at TIME]
                             mint fresh ids (parallel runs lease distinct nodes; --lease: from Valkey)
  gate ID                    would an enqueue of ID pass? the host check, then the wire gate (exit 0: both pass)
  window T0 T1               XRANGE arguments for the instants [T0, T1) (e.g. window now-5m now)
  min-for TIME [NS]          the smallest Snowflake (and id) minted at TIME
  range T0 T1 [NS]           the ids of NS minted in [T0, T1), as a bytewise range: START <= id < END
  slot KEY...                the cluster slot of a key

Options:
  --json                     one JSON object per input line (snowflakes as decimal strings)
  --header, --no-header      decode and scan: print the table's header line, or not (default: only when stdout
                             is a terminal)
  --line-buffered            decode and scan: write each row as soon as its input is read (the default when
                             stdout is a terminal): tail -f app.log | branded scan --line-buffered | ...
  --help                     this text, or a command's: branded <command> --help
  --version                  the package's version

Instants (window, min-for, range, mint --at): milliseconds since 1970, ISO 8601 (UTC unless a zone is given),
now with offsets (now-5m, now-1h30m, now+250ms) or an offset from now (+10ms); units ms, s, m, h, d. Here
+10ms always counts from now (the explorer's stream window counts it from the seed's start).

Long runs of decode, scan and mint draw a progress line on stderr when it is a terminal and stdout is not (the
rows go to a file or a pipe); it is cleared at the end.

Environment:
  BRANDED_NODE_DIR           where mint's node leases live (default: <tmpdir>/branded-nodes)
  BRANDED_CLI                native or wasm: the build the npm package's branded runs (default: the native
                             binary where its platform package is installed, else the WebAssembly one)
  BRANDED_FILES              mapped or read: how the native build reads a regular file for scan (default:
                             the cheaper way on this machine, measured once a run on a large file's start)
  BRANDED_PROGRESS           every: draw the progress line at every step of a run, not by the clock (for
                             tests and screen recordings)

Exit status: 0 all good, 1 some input refused, 2 usage error, 3 mint --lease: no lease, or the lease lost.
)";

namespace {

constexpr std::string_view DECODE_HELP =
    R"(Usage: branded decode [ID...] [--json] [--ns NS] [--header | --no-header] [--line-buffered] [--check]

Decodes branded ids. With no ID, reads ids from stdin, one per line ("\n" or "\r\n"), streaming:
any number of ids, and lines of any length, in bounded memory. A blank line is an id of length 0
(refused: length). A line of more than 1024 bytes is shown by its first 1024 (cut before a character that
would not fit whole), marked with "…" (--json: "truncated": true); its hint gives its whole length.

Human output: one aligned row per id (id, namespace, snowflake, UTC time, node, seq, hash32, stream id),
or the id and its error class, under a header line when stdout is a terminal.
--json: one object per id: {id, ok, namespace, snowflake, unixMs, iso, node, seq, hash32, streamId}
        or {id, ok: false, error, errorOffset, hint}.

A refused id's row names the byte it goes wrong at and a fix (a space or byte order mark around it, a
lowercase namespace, a URL or log line to scan instead); --json adds errorOffset and hint.
Offsets count bytes; a line that is not valid UTF-8 is shown with U+FFFD, but judged by its bytes.
--ns NS: an ID that is a bare Snowflake (a decimal number) is decoded as the id of NS it encodes to.
--header, --no-header: print the header line, or not, wherever stdout goes.
--line-buffered: write each row as soon as its line is read (the default when stdout is a terminal).
--check: read the valid ids, in their order, as a fleet's mints and say on stderr at the end what went wrong
        (as scan --check does).

Exit status: 0 every id parsed, 1 some id refused (or --check found something), 2 usage error.
)";

constexpr std::string_view SCAN_HELP =
    R"(Usage: branded scan [FILE...] [--json] [--valid-only] [--header | --no-header] [--line-buffered]
                   [--check]

Finds every branded id in any text (logs, JSON, URLs, CSV), from each FILE in turn or from stdin ("-" or
no FILE), streaming: any size in bounded memory, an id split between two reads found once. A candidate is
a run of exactly 14 ASCII letters/digits that no other letter or digit touches, whose first three are A-Z;
one whose 11 digits encode 2^63 or more is reported as refused (range).

Human output: one row per candidate: FILE:LINE (1-based; LINE alone for stdin), byte OFFSET, then
decode's columns, under a header line when stdout is a terminal. The FILE:LINE column is as wide as the
longest FILE given needs.
--json: one object per candidate: {file?, offset, line, id, ok, namespace, snowflake, unixMs, iso, node,
        seq, hash32, streamId} or {file?, offset, line, id, ok: false, error}; "file" when reading files.
--valid-only: leave refused candidates out.
--header, --no-header: print the header line, or not, wherever stdout goes.
--line-buffered: write each row as soon as its input is read (the default when stdout is a terminal), so
        tail -f app.log | branded scan --line-buffered shows ids as they come.
--check: read the valid ids, in log order, as a fleet's mints (each line one mint) and say on stderr at
        the end what went wrong: a node whose clock stepped back (its ids go back in time once), two
        processes under one node (its ids go back again and again, or one id comes in two different
        lines), exact duplicates (one id in the same line again), a node whose clock is more than a
        minute out of step with the others'. A log that names one id in several lines reads as repeats.
When nothing is found, stderr says so (stdout stays empty).

Exit status: 0 every candidate parsed (also when none was found; with --valid-only, whatever was refused:
it prints no refused row), 1 some candidate refused (or --check found something), 2 usage error or a FILE
that could not be read (the other files are still scanned).
)";

constexpr std::string_view ENCODE_HELP = R"(Usage: branded encode NS SNOWFLAKE [--json]

Prints the 14-byte id of SNOWFLAKE (a decimal integer, 0 to 2^63 - 1) under the namespace NS (three
letters A-Z).
--json: {namespace, snowflake, ok, id} or {namespace, snowflake, ok: false, error}.

Exit status: 0 encoded, 1 refused (namespace, range), 2 usage error.
)";

constexpr std::string_view MINT_HELP =
    R"(Usage: branded mint NS [--node N | --lease URL] [--count K] [--at TIME] [--json]

Mints K (default 1, at most 100000000) fresh ids under namespace NS, one per line, in increasing order.

Parallel runs on one machine never collide: each run leases its node for as long as it mints. Without
--node a run takes the lowest free node (node 0 when no other branded mint runs) and says on stderr when it
took another; with --node N (0-1023) a run waits while another run holds N. A run starts after the last
millisecond the node's previous run minted (a run of more than 4096 ids per ms mints ahead of the clock).
Leases live in $BRANDED_NODE_DIR (default: <tmpdir>/branded-nodes); on several machines, give each its own
--node, or --lease.
--lease URL: lease the node from the Valkey at URL (redis://[USER:PASSWORD@]HOST:PORT, rediss://, valkey://),
        or from a Valkey Cluster (the URL of any of its nodes, or several separated by commas), which holds
        @echomq/branded's functions library, so runs on many machines never share a node. The
        lease lasts 10 s and is renewed while the run mints; a run that cannot renew in time stops minting (the
        ids printed before are good) and exits 3. It needs iovalkey beside the package (npm install iovalkey),
        and runs in the WebAssembly CLI (the native binary hands the run to it). Not with --node or --at.
--at TIME: the first ids of that millisecond (milliseconds, ISO 8601, or now, now-5m...) on node N (default 0):
        the same ids on every run, for fixtures and backfills; no lease is taken.
--json: one decode object per id.

Exit status: 0 minted, 1 refused (namespace, node, range, or no node free), 2 usage error, 3 --lease: no
node could be leased (the server is not Valkey, lacks the library, refuses the user, or has no node free), or
the lease was lost while minting (stderr says which: "branded mint: lease: REASON: ...").
)";

constexpr std::string_view GATE_HELP = R"(Usage: branded gate ID [--json]

What an enqueue of ID meets, in the order it meets it: the host check (all 14 bytes must parse), which
runs before anything is sent, then the wire gate, which reads exactly the first three bytes (JOB). An id
the host refuses never reaches the wire gate: the output says what the gate would have said.
--json: {id, host, admitted, error?} with host "ok" or the parse error class, admitted the wire gate's
        verdict on the id's bytes.

Exit status: 0 an enqueue of ID would pass both checks, 1 either check refuses it (the output says which),
2 usage error. In a script: branded gate "$id" >/dev/null && enqueue...
)";

constexpr std::string_view WINDOW_HELP = R"(Usage: branded window T0 T1 [--json]

XRANGE arguments for the instants [T0, T1), after the instants as read. T0 and T1 are milliseconds since
1970, ISO 8601 times (UTC when no zone is given, e.g. 2026-06-09T10:13:20.010Z), now with offsets (now,
now-5m, now-1h30m, now+250ms) or offsets from now (+10ms: now + 10 ms, said so beside the instant); units
ms, s, m, h, d. now is read once.
--json: {t0, t1, start, end, inclusiveEnd}.

Exit status: 0 ok, 1 refused (range: unless 0 <= T0 < T1), 2 usage error.
)";

constexpr std::string_view MIN_FOR_HELP = R"(Usage: branded min-for TIME [NS] [--json]

The smallest Snowflake minted at TIME (node 0, seq 0), and its id under NS (default JOB): every id minted at
or after TIME sorts at or after it. TIME as for window (milliseconds, ISO 8601, now-5m, +10ms...).
--json: {t, iso, snowflake, id}.

Exit status: 0 ok, 1 refused (range: TIME outside 2024-01-01 .. 2093-09-06; namespace), 2 usage error.
)";

constexpr std::string_view RANGE_HELP = R"(Usage: branded range T0 T1 [NS] [--json]

The ids of NS (default JOB) minted in the instants [T0, T1), as a plain range: START <= id < END, compared
bytewise. Ids of one namespace sort bytewise as their instants do, so a store that sorts them with a binary
or C collation answers "the jobs between T0 and T1" with this range. START is min-for T0's id, END min-for
T1's. T0 and T1 as for window (milliseconds, ISO 8601, now-5m, +10ms = now + 10 ms...).
--json: {t0, t1, namespace, start, end}.

Exit status: 0 ok, 1 refused (range: unless T0 < T1, both in 2024-01-01 .. 2093-09-06; namespace), 2 usage
error.
)";

constexpr std::string_view SLOT_HELP = R"(Usage: branded slot KEY... [--json]

The cluster slot of each KEY: CRC16-XMODEM of its hashtag (the bytes between the first { and the next },
when not empty; else the whole key), mod 16384.
--json: {key, slot} per key.

Exit status: 0 ok, 2 usage error.
)";

}  // namespace

std::string_view command_help(std::string_view command) {
  if (command == "decode") return DECODE_HELP;
  if (command == "scan") return SCAN_HELP;
  if (command == "encode") return ENCODE_HELP;
  if (command == "mint") return MINT_HELP;
  if (command == "gate") return GATE_HELP;
  if (command == "window") return WINDOW_HELP;
  if (command == "min-for") return MIN_FOR_HELP;
  if (command == "range") return RANGE_HELP;
  if (command == "slot") return SLOT_HELP;
  return {};
}

}  // namespace branded::cli
