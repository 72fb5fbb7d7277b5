// The export's bytes, written from the columns into pages of a fixed size: no string per row or per cell, so a
// million rows cost the page no collection pauses. A row whose text needs escaping (quotes, commas, control or
// non-ASCII bytes: only a pasted line can hold them) is written through the string path, with the same output.
import { streamId, unpackNamespace } from '@echomq/branded';
import { formatIso } from '../../lib/format.js';

const PAGE_BYTES = 1 << 20;
const encoder = new TextEncoder();
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const QUOTE = 0x22;

/** Bytes appended into pages; `parts()` hands the filled pages over (as Blob parts). */
class ByteSink {
  constructor() {
    this.filled = [];
    this.page = new Uint8Array(PAGE_BYTES);
    this.at = 0;
    this.digits = new Uint8Array(20);
  }

  room(length) {
    if (this.at + length <= this.page.length) return;
    if (this.at) this.filled.push(this.page.subarray(0, this.at));
    this.page = new Uint8Array(Math.max(PAGE_BYTES, length));
    this.at = 0;
  }

  byte(value) {
    this.room(1);
    this.page[this.at++] = value;
  }

  /** A string of ASCII characters only (column values the package gives: digits, namespaces, stream ids). */
  ascii(text) {
    this.room(text.length);
    for (let k = 0; k < text.length; k += 1) this.page[this.at++] = text.charCodeAt(k);
  }

  /** Any string, as UTF-8. */
  text(text) {
    this.room(text.length * 3);
    this.at += encoder.encodeInto(text, this.page.subarray(this.at)).written;
  }

  bytes(source) {
    this.room(source.length);
    this.page.set(source, this.at);
    this.at += source.length;
  }

  /** A whole number from 0 to 2^53 in decimal digits (in 32-bit steps: an instant is written as two halves). */
  uint(value) {
    if (value < 0x80000000) return this.int32(value | 0);
    const high = Math.floor(value / 1e9);
    this.uint(high);
    this.nineDigits(value - high * 1e9);
  }

  int32(value) {
    let n = value;
    let k = 0;
    do {
      this.digits[k++] = 0x30 + (n % 10);
      n = (n / 10) | 0;
    } while (n > 0);
    this.room(k);
    while (k > 0) this.page[this.at++] = this.digits[--k];
  }

  nineDigits(value) {
    let n = value | 0;
    this.room(9);
    for (let k = 8; k >= 0; k -= 1) {
      this.page[this.at + k] = 0x30 + (n % 10);
      n = (n / 10) | 0;
    }
    this.at += 9;
  }

  parts() {
    if (this.at) this.filled.push(this.page.subarray(0, this.at));
    this.page = new Uint8Array(PAGE_BYTES); // the one handed over is the Blob's now
    this.at = 0;
    const filled = this.filled;
    this.filled = [];
    return filled;
  }
}

// Whether bytes can go out as they are in a CSV cell (no quote, comma or line break) or a JSON string (printable
// ASCII, no quote or backslash): true for every id the scan finds and every clean pasted line.
function plain(bytes) {
  for (let k = 0; k < bytes.length; k += 1) {
    const b = bytes[k];
    if (b < 0x20 || b > 0x7e || b === QUOTE || b === COMMA || b === 0x5c) return false;
  }
  return true;
}

const ascii = (text) => encoder.encode(text);
const JSON_PARTS = {
  line: ascii('{"line":'),
  offset: ascii(',"offset":'),
  id: ascii(',"id":'),
  snowflake: ascii('","unixMs":'),
  iso: ascii(',"iso":"'),
  node: ascii('","node":'),
  seq: ascii(',"seq":'),
  hash32: ascii(',"hash32":'),
  streamId: ascii(',"streamId":"'),
  end: ascii('"}'),
};

const csvCell = (value) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** ISO 8601 of an instant, the date and second formatted once per second of the rows. */
function isoWriter() {
  let second = NaN;
  let prefix = '';
  return (sink, ms) => {
    const at = Math.floor(ms / 1000);
    if (at !== second) {
      second = at;
      prefix = formatIso(at * 1000).slice(0, 20); // YYYY-MM-DDTHH:MM:SS.
    }
    const millis = ms - at * 1000;
    if (prefix.length !== 20 || !Number.isInteger(millis)) return sink.ascii(formatIso(ms));
    sink.ascii(prefix);
    sink.byte(0x30 + Math.floor(millis / 100));
    sink.byte(0x30 + (Math.floor(millis / 10) % 10));
    sink.byte(0x30 + (millis % 10));
    sink.byte(0x5a); // Z
  };
}

/**
 * A writer of `decoded`'s rows as CSV or JSON: {start(), row(i, first), end(), parts()}. `spreadsheet`: a CSV
 * Snowflake written ="…" (text to a spreadsheet, every digit kept).
 */
export function rowWriter(decoded, format, { spreadsheet = false } = {}) {
  const sink = new ByteSink();
  const iso = isoWriter();
  const namespaces = new Map();
  const namespaceOf = (packed) => {
    if (!namespaces.has(packed)) namespaces.set(packed, unpackNamespace(packed));
    return namespaces.get(packed);
  };
  const json = format === 'json';
  const c = decoded.columns;
  // `,true,,NS,` once per namespace, not per row.
  const heads = new Map();
  const csvParsedHead = (packed) => {
    if (!heads.has(packed)) heads.set(packed, encoder.encode(`,true,,${namespaceOf(packed)},`));
    return heads.get(packed);
  };

  function idCell(i) {
    const bytes = decoded.idBytes(i);
    if (plain(bytes)) {
      if (json) sink.byte(QUOTE);
      sink.bytes(bytes);
      if (json) sink.byte(QUOTE);
    } else sink.text(json ? JSON.stringify(decoded.id(i)) : csvCell(decoded.id(i)));
  }

  function head(i) {
    const offset = decoded.scanned ? c.offset[i] : undefined;
    if (json) {
      sink.bytes(JSON_PARTS.line);
      sink.uint(decoded.line(i));
      if (offset !== undefined) {
        sink.bytes(JSON_PARTS.offset);
        sink.uint(offset);
      }
      sink.bytes(JSON_PARTS.id);
    } else {
      sink.uint(decoded.line(i));
      sink.byte(COMMA);
      if (offset !== undefined) sink.uint(offset);
      sink.byte(COMMA);
    }
    idCell(i);
  }

  function refused(i) {
    const error = decoded.error(i);
    if (json) sink.ascii(`,"ok":false,"error":"${error}"}`);
    else sink.ascii(`,false,${error},,,,,,,,`);
  }

  function parsed(i) {
    const snowflake = c.snowflake[i];
    const digits = snowflake.toString();
    const ms = c.unixMs[i];
    if (json) {
      sink.ascii(`,"ok":true,"namespace":"${namespaceOf(c.namespace[i])}","snowflake":"`);
      sink.ascii(digits);
      sink.bytes(JSON_PARTS.snowflake);
      sink.uint(ms);
      sink.bytes(JSON_PARTS.iso);
      iso(sink, ms);
      sink.bytes(JSON_PARTS.node);
      sink.uint(c.node[i]);
      sink.bytes(JSON_PARTS.seq);
      sink.uint(c.seq[i]);
      sink.bytes(JSON_PARTS.hash32);
      sink.uint(c.hash32[i]);
      sink.bytes(JSON_PARTS.streamId);
      sink.ascii(streamId(snowflake));
      sink.bytes(JSON_PARTS.end);
      return;
    }
    sink.bytes(csvParsedHead(c.namespace[i]));
    sink.ascii(spreadsheet ? `="${digits}"` : digits);
    sink.byte(COMMA);
    sink.uint(ms);
    sink.byte(COMMA);
    iso(sink, ms);
    sink.byte(COMMA);
    sink.uint(c.node[i]);
    sink.byte(COMMA);
    sink.uint(c.seq[i]);
    sink.byte(COMMA);
    sink.uint(c.hash32[i]);
    sink.byte(COMMA);
    sink.ascii(streamId(snowflake));
  }

  return {
    /** The header (CSV) or the opening bracket (JSON). */
    start(keys) {
      sink.ascii(json ? '[' : `${keys.join(',')}\n`);
    },
    /** Row i of `decoded`; `first`: the first row written (JSON puts no comma before it). */
    row(i, first) {
      if (json) sink.ascii(first ? '\n' : ',\n');
      head(i);
      if (decoded.ok(i)) parsed(i);
      else refused(i);
      if (!json) sink.byte(NEWLINE);
    },
    end() {
      if (json) sink.ascii('\n]');
    },
    /** The bytes written since the last call, as Blob parts. */
    parts: () => sink.parts(),
  };
}
