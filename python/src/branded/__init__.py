"""EchoMQ branded ids, decoded by the project's one C++ core through its C ABI.

An id is 14 bytes: a namespace of three letters A-Z, then 11 Base62 digits of a 63-bit Snowflake.
Every answer comes from the core; this module only gives it Python's types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Iterator, Literal, Sequence, Union

from . import _core

__all__ = [
    "BrandedError",
    "Columns",
    "Explanation",
    "Minter",
    "Parsed",
    "ScanRow",
    "StreamWindow",
    "compose",
    "decode_row",
    "encode",
    "explain",
    "hash32",
    "iso",
    "job_key",
    "min_id",
    "parse",
    "parse_many",
    "parse_stream_id",
    "scan",
    "slot",
    "stream_id",
    "stream_window",
    "valid",
    "valid_queue",
    "wire_gate_admits",
    "EPOCH_MS",
    "HORIZON_MS",
    "KIND_REFUSAL",
    "__version__",
]

_FAILURE = _core.self_check()
if _FAILURE is not None:
    raise ImportError(f"branded: the compiled core fails its self-check: {_FAILURE}")

__version__: str = _core.version()
EPOCH_MS: int = _core.epoch_ms()
HORIZON_MS: int = _core.horizon_ms()
KIND_REFUSAL: str = _core.kind_refusal()

IdInput = Union[str, bytes, bytearray, memoryview]


class BrandedError(ValueError):
    """An input the contract refuses: `code` is the error class (length, namespace, charset, range, node, queue,
    entry_id), `offset` the byte it points at (ids only)."""

    code: str
    offset: int | None

    def __init__(self, code: str, message: str, offset: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.offset = offset


def _refuse(error: int, what: str) -> BrandedError:
    return BrandedError(_core.error_name(error), what)


@dataclass(frozen=True, slots=True)
class Parsed:
    """A valid id's fields."""

    id: str
    namespace: str
    snowflake: int
    unix_ms: int
    node: int
    seq: int
    hash32: int

    @property
    def iso(self) -> str:
        """The instant as ISO 8601 in UTC, milliseconds included."""
        return iso(self.unix_ms)

    @property
    def stream_id(self) -> str:
        """The stream entry id the Snowflake injects into (contract §6)."""
        return stream_id(self.snowflake)


_core.bind(Parsed, BrandedError)


def parse(id: IdInput) -> Parsed:
    """The fields of an id; BrandedError (length, namespace, charset, range) with the byte it trips on."""
    return _core.parse_to_parsed(id)


def valid(id: IdInput) -> bool:
    """Whether the id parses."""
    return _core.valid(id)


def encode(namespace: str, snowflake: int) -> str:
    """The id of a Snowflake under a namespace; BrandedError namespace or range (at and past 2^63)."""
    error, id = _core.encode(namespace, snowflake)
    if error:
        raise _refuse(error, f"cannot encode {snowflake!r} under {namespace!r}")
    return id


def compose(unix_ms: int, node: int = 0, seq: int = 0) -> int:
    """The Snowflake of (unix_ms, node, seq); BrandedError range (instant, seq) or node."""
    error, snowflake = _core.compose(unix_ms, node, seq)
    if error:
        raise _refuse(error, f"cannot compose ({unix_ms}, {node}, {seq})")
    return snowflake


def min_id(namespace: str, unix_ms: int) -> str:
    """The smallest id of `namespace` at or after unix_ms: `min_id(ns, t0) <= id < min_id(ns, t1)` is [t0, t1)."""
    error, id = _core.min_id(namespace, unix_ms)
    if error:
        raise _refuse(error, f"no id of {namespace!r} at {unix_ms}")
    return id


def hash32(snowflake: int) -> int:
    """The placement hash of a Snowflake (contract §3)."""
    value = _core.hash32(snowflake)
    if value is None:
        raise BrandedError("range", f"{snowflake!r} is no Snowflake (0 to 2^63 - 1)")
    return value


def iso(unix_ms: int) -> str:
    """An instant as ISO 8601 in UTC (years 1970 to 9999)."""
    text = _core.iso(unix_ms)
    if text is None:
        raise BrandedError("range", f"{unix_ms!r} is outside the years 1970 to 9999")
    return text


def stream_id(snowflake: int) -> str:
    """The stream entry id "<unix_ms>-<node << 12 | seq>" of a Snowflake."""
    text = _core.stream_id(snowflake)
    if text is None:
        raise BrandedError("range", f"{snowflake!r} is no Snowflake (0 to 2^63 - 1)")
    return text


def parse_stream_id(text: IdInput) -> int:
    """The Snowflake a stream entry id came from; BrandedError entry_id or range."""
    error, snowflake = _core.parse_stream_id(text)
    if error:
        raise _refuse(error, f"{text!r} is no injected stream entry id")
    return snowflake


@dataclass(frozen=True, slots=True)
class StreamWindow:
    """XRANGE arguments of [t0, t1): start, an exclusive end, and the equivalent inclusive end."""

    start: str
    end: str
    inclusive_end: str


def stream_window(t0_ms: int, t1_ms: int) -> StreamWindow:
    """The stream window of the instants [t0, t1); BrandedError range unless 0 <= t0 < t1."""
    answer = _core.stream_window(t0_ms, t1_ms)
    if answer[0]:
        raise _refuse(answer[0], f"[{t0_ms}, {t1_ms}) is no window")
    return StreamWindow(*answer[1:])


def valid_queue(queue: IdInput) -> bool:
    """Whether a queue name is valid (^[A-Za-z0-9._-]{1,128}$, not "emq")."""
    return _core.valid_queue(queue)


def job_key(queue: IdInput, id: IdInput) -> str:
    """emq:{<queue>}:job:<id>; BrandedError queue, then the id's class."""
    error, key = _core.job_key(queue, id)
    if error:
        raise _refuse(error, f"no job key for ({queue!r}, {id!r})")
    return key


def slot(key: IdInput) -> int:
    """The cluster slot of a key."""
    return _core.slot(key)


def wire_gate_admits(id: IdInput) -> bool:
    """Whether the wire gate admits the id (its first three bytes are JOB)."""
    return _core.wire_gate_admits(id)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an input is refused, in the words every surface shows."""

    error: str
    offset: int
    remedy: str
    found: int
    suggestion: str | None
    message: str


def explain(input: IdInput, kind: Literal["id", "queue", "namespace"] = "id") -> Explanation | None:
    """Why `input` is no id (or queue name, or namespace); None when it passes."""
    if kind not in ("id", "queue", "namespace"):
        raise ValueError(f"kind must be 'id', 'queue' or 'namespace', not {kind!r}")
    answer = _core.explain(input, kind)
    if not answer:
        return None
    error, offset, remedy, found, suggestion, message = answer
    return Explanation(_core.error_name(error), offset, _core.remedy_name(remedy), found, suggestion or None, message)


class Minter:
    """Mints ids of one namespace and node: never repeats, never blocks. `clock` gives unix ms (default: the system's)."""

    def __init__(self, namespace: str, node: int = 0, clock: Callable[[], int] | None = None) -> None:
        try:
            self._minter = _core.Minter(namespace, node)
        except ValueError as error:
            raise BrandedError(str(error), f"no minter of ({namespace!r}, {node!r})") from None
        self._clock = clock

    def next_snowflake(self) -> int:
        """The next Snowflake; BrandedError range when the clock is before the epoch or past the horizon."""
        return self._next()[1]

    def next(self) -> str:
        """The next id."""
        return self._next()[0]

    def _next(self) -> tuple[str, int]:
        now = None if self._clock is None else self._clock()
        error, id, snowflake = self._minter.next(now)
        if error:
            raise _refuse(error, f"cannot mint at {now!r}")
        return id, snowflake


@dataclass(frozen=True, slots=True)
class ScanRow:
    """An id found in text: its byte offset, its line (1-based), and its fields (error "range" when refused)."""

    offset: int
    line: int
    id: str
    snowflake: int
    error: str | None


ScanSource = Union[str, bytes, bytearray, memoryview, IO[str], IO[bytes]]
_CHUNK = 1 << 20


def _chunks(source: ScanSource) -> Iterator[bytes | str]:
    if isinstance(source, (str, bytes, bytearray, memoryview)):
        yield source
        return
    if not hasattr(source, "read"):
        raise TypeError(f"expected str, bytes or a file, not {type(source).__name__}")
    while chunk := source.read(_CHUNK):
        yield chunk


def scan(source: ScanSource) -> Iterator[ScanRow]:
    """The ids inside text, bytes or a file read in chunks, with their byte offsets (of the UTF-8 for text)."""
    scanner = _core.Scanner()
    for chunk in _chunks(source):
        for offset, line, id, snowflake, error in scanner.feed(chunk, False):
            yield ScanRow(offset, line, id, snowflake, _core.error_name(error) if error else None)
    for offset, line, id, snowflake, error in scanner.feed(b"", True):
        yield ScanRow(offset, line, id, snowflake, _core.error_name(error) if error else None)


@dataclass(frozen=True, slots=True)
class Columns:
    """parse_many's columns, one slot per input: numpy arrays when numpy is installed, else lists.

    A refused input has error set (its class) and zeros elsewhere; namespace "" then.
    """

    namespace: Sequence[str]
    snowflake: Sequence[int]
    unix_ms: Sequence[int]
    node: Sequence[int]
    seq: Sequence[int]
    hash32: Sequence[int]
    error: Sequence[str | None]


def _numpy_columns(raw: dict[str, Any]) -> Columns:
    import numpy

    error = numpy.frombuffer(raw["error"], dtype=numpy.uint8)
    names = numpy.array([None] + [_core.error_name(e) for e in range(1, 8)], dtype=object)
    columns: dict[str, Any] = {
        "namespace": numpy.frombuffer(raw["namespace"], dtype="S3").astype("U3"),
        "snowflake": numpy.frombuffer(raw["snowflake"], dtype=numpy.uint64),
        "unix_ms": numpy.frombuffer(raw["unix_ms"], dtype=numpy.int64),
        "node": numpy.frombuffer(raw["node"], dtype=numpy.uint16),
        "seq": numpy.frombuffer(raw["seq"], dtype=numpy.uint16),
        "hash32": numpy.frombuffer(raw["hash32"], dtype=numpy.uint32),
        "error": names[error],
    }
    return Columns(**columns)


def _list_columns(raw: dict[str, Any]) -> Columns:
    import array

    def column(code: str, data: bytes) -> list[int]:
        values = array.array(code)
        values.frombytes(data)
        return values.tolist()

    names: list[str | None] = [None] + [_core.error_name(e) for e in range(1, 8)]
    spaces = raw["namespace"].decode("ascii")
    return Columns(
        namespace=[spaces[i : i + 3].strip("\0") for i in range(0, len(spaces), 3)],
        snowflake=column("Q", raw["snowflake"]),
        unix_ms=column("q", raw["unix_ms"]),
        node=column("H", raw["node"]),
        seq=column("H", raw["seq"]),
        hash32=column("I", raw["hash32"]),
        error=[names[e] for e in raw["error"]],
    )


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def parse_many(ids: Iterable[IdInput], *, numpy: bool | None = None) -> Columns:
    """Parses many ids into columns; numpy arrays when numpy is importable (or numpy=True), else lists."""
    raw = _core.parse_many(ids)
    use_numpy = _numpy_available() if numpy is None else numpy
    return _numpy_columns(raw) if use_numpy else _list_columns(raw)


def decode_row(input: IdInput, json: bool = False) -> str:
    """The row `branded decode` prints for an input ('\\n' ended): the table's, or a JSON line."""
    return _core.decode_row(input, json)


def scan_row_text(row: ScanRow, json: bool = False) -> str:
    """The row `branded scan` prints for a row found in stdin ('\\n' ended)."""
    code = 0 if row.error is None else _error_code(row.error)
    return _core.scan_row_text(row.offset, row.line, row.id, row.snowflake, code, json)


def _error_code(name: str) -> int:
    for code in range(1, 8):
        if _core.error_name(code) == name:
            return code
    raise ValueError(f"no error class {name!r}")

