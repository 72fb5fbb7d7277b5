"""The bindings against the decoders users write by hand (docs/contract.md §2), each pair in the same run:
Python's parse and parse_many against the contract's pure-Python decoder, SQLite's sum(branded_unix_ms(id)) against
the contract's recursive view, PostgreSQL's against a PL/pgSQL decoder, and EXPLAIN of a range query by time on an
index over branded_unix_ms(id). Figures go to bench/out/bindings.jsonl as every stage writes them.

Run under a Python that has the wheel installed (scripts/bench.d/60-bindings.sh makes the venv):
  python bench/bindings/bench.py SQLITE_EXTENSION"""

from __future__ import annotations

import json
import pathlib
import random
import re
import sqlite3
import sys
import time
from typing import Any, Callable

import branded

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "out" / "bindings.jsonl"
ROUNDS = 3
GOAL = re.compile(r"^\s*(<=|>=)\s*([0-9.]+)")


def figure(name: str, value: float, unit: str, goal: str | None = None) -> None:
    """One figure, as bench/lib/figures.js writes it (three significant digits; `met` read from the goal)."""
    value = float(f"{value:.3g}")
    met = None
    if goal is not None:
        match = GOAL.match(goal)
        assert match, goal
        met = value <= float(match[2]) if match[1] == "<=" else value >= float(match[2])
    with OUT.open("a", encoding="utf-8") as out:
        out.write(json.dumps({"name": name, "value": value, "unit": unit, "goal": goal, "met": met}) + "\n")
    verdict = "" if goal is None else f"  (goal {goal}: {'met' if met else 'MISSED'})"
    print(f"  {name:<52} {value:>10} {unit}{verdict}", flush=True)


def best_cpu(run: Callable[[], Any]) -> float:
    """The least CPU time of ROUNDS runs (noise only adds time)."""
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def contract_block(lang: str) -> str:
    """The contract's decoder in `lang` (docs/contract.md §2), as the page shows it: not retyped here."""
    text = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- code: decoder -->\n```" + lang + r"\n(.*?)\n```", text, re.S)
    assert len(blocks) == 1, f"one {lang} decoder in docs/contract.md"
    return blocks[0]


def sample_ids(count: int) -> list[str]:
    rng = random.Random(20240101)
    return [branded.encode("JOB", rng.randrange(1 << 63)) for _ in range(count)]


def python_figures(ids: list[str]) -> None:
    scope: dict[str, Any] = {}
    exec(compile(contract_block("python").split("\ndecode(")[0], "contract-decoder", "exec"), scope)
    pure = scope["decode"]
    few = ids[:200_000]
    pure_s = best_cpu(lambda: [pure(id) for id in few]) / len(few)
    parse_s = best_cpu(lambda: [branded.parse(id) for id in few]) / len(few)
    many_s = best_cpu(lambda: branded.parse_many(ids)) / len(ids)
    figure("python: contract's pure-Python decode", pure_s * 1e9, "ns/id")
    figure("python: branded.parse", parse_s * 1e9, "ns/id")
    figure("python: parse / pure-Python decode", pure_s / parse_s, "x", ">= 5x")
    figure("python: parse_many of 1,000,000", many_s * 1e9, "ns/id")
    figure("python: parse_many / pure-Python decode", pure_s / many_s, "x", ">= 20x")


def sqlite_figures(ids: list[str], extension: str) -> None:
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(extension.removesuffix(".so"))
    db.executescript(contract_block("sql").split("\nINSERT INTO ids")[0])
    db.execute("CREATE TABLE jobs(id TEXT)")
    db.executemany("INSERT INTO jobs VALUES (?)", ((id,) for id in ids))
    few = ids[:20_000]  # the recursive view is slow: per-row rates compare
    db.executemany("INSERT INTO ids VALUES (?)", ((id,) for id in few))
    expected = sum(branded.parse(id).unix_ms for id in few)
    assert db.execute("SELECT sum(unix_ms) FROM decoded").fetchone()[0] == expected
    view_s = best_cpu(lambda: db.execute("SELECT sum(unix_ms) FROM decoded").fetchone()) / len(few)
    ext_s = best_cpu(lambda: db.execute("SELECT sum(branded_unix_ms(id)) FROM jobs").fetchone()) / len(ids)
    figure("sqlite: contract's recursive view, sum(unix_ms)", view_s * 1e9, "ns/row")
    figure("sqlite: sum(branded_unix_ms(id)), 1,000,000 rows", ext_s * 1e9, "ns/row")
    figure("sqlite: extension / recursive view", view_s / ext_s, "x", ">= 20x")


PLPGSQL = """
CREATE FUNCTION plpgsql_unix_ms(id text) RETURNS bigint AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  s numeric := 0;
  d integer;
BEGIN
  IF octet_length(id) <> 14 OR substr(id, 1, 3) !~ '^[A-Z]{3}$' THEN RETURN NULL; END IF;
  FOR i IN 4..14 LOOP
    d := strpos(digits, substr(id, i, 1)) - 1;
    IF d < 0 THEN RETURN NULL; END IF;
    s := s * 62 + d;
  END LOOP;
  IF s >= 9223372036854775808 THEN RETURN NULL; END IF;
  RETURN (s::bigint >> 22) + 1704067200000;
END $$ LANGUAGE plpgsql IMMUTABLE STRICT;
"""


def execution_ms(server: Any, query: str) -> float:
    """The server's least execution time of ROUNDS runs (EXPLAIN ANALYZE, no per-node timing)."""
    rows = server.sql(
        "SET max_parallel_workers_per_gather = 0;"
        + f"EXPLAIN (ANALYZE, TIMING OFF) {query};" * ROUNDS)
    times = [float(m[1]) for row in rows if (m := re.match(r"Execution Time: ([0-9.]+) ms", row[0] or ""))]
    assert len(times) == ROUNDS, rows
    return min(times)


def postgres_figures() -> None:
    sys.path.insert(0, str(ROOT / "tests" / "postgres"))
    from server import Server

    server = Server()
    try:
        server.start()
        server.sql(PLPGSQL + "CREATE TABLE jobs AS SELECT branded_encode('JOB', (random() * 9.2e18)::bigint) AS id"
                   " FROM generate_series(1, 1000000); CREATE TABLE few AS SELECT id FROM jobs LIMIT 100000;"
                   " VACUUM ANALYZE jobs; VACUUM ANALYZE few;")
        same = server.sql("SELECT (SELECT sum(plpgsql_unix_ms(id)) FROM few) = (SELECT sum(branded_unix_ms(id)) FROM few)")
        assert same == [["t"]], same
        plpgsql_ms = execution_ms(server, "SELECT sum(plpgsql_unix_ms(id)) FROM few") / 100_000
        ext_ms = execution_ms(server, "SELECT sum(branded_unix_ms(id)) FROM jobs") / 1_000_000
        figure("postgres: PL/pgSQL decoder, sum(unix_ms)", plpgsql_ms * 1e6, "ns/row")
        figure("postgres: sum(branded_unix_ms(id)), 1,000,000 rows", ext_ms * 1e6, "ns/row")
        figure("postgres: extension / PL/pgSQL", plpgsql_ms / ext_ms, "x", ">= 10x")
        plan = server.sql("CREATE INDEX jobs_by_time ON jobs (branded_unix_ms(id)); ANALYZE jobs;"
                          "EXPLAIN SELECT count(*) FROM jobs WHERE branded_unix_ms(id)"
                          " BETWEEN 1780000000000 AND 1780086400000;")
        text = "\n".join(str(row[0]) for row in plan)
        print("  postgres: EXPLAIN of a day's range on the index:\n    " + text.replace("\n", "\n    "))
        figure("postgres: range query by time uses jobs_by_time", 1.0 if "jobs_by_time" in text else 0.0, "(1 = yes)",
               ">= 1")
    finally:
        server.stop()


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("")
    ids = sample_ids(1_000_000)
    python_figures(ids)
    sqlite_figures(ids, sys.argv[1])
    postgres_figures()


if __name__ == "__main__":
    main()
