// Command-line arguments: options per command, positional arguments, and the usage error (exit 2).
/** A mistake in the command line; `command` names the command whose --help to point at. */
export class UsageError extends Error {
  constructor(message, command) {
    super(message);
    this.command = command;
  }
}

/**
 * Splits argv into positionals and options. `spec` maps an option name to 'flag' or 'value';
 * `--name=value` and `--name value` both work; `--` ends the options.
 */
export function parseArguments(argv, spec, command) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = spec[name];
    if (kind === undefined) throw new UsageError(`unknown option --${name}`, command);
    if (kind === 'flag') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`, command);
      options[name] = true;
    } else if (eq !== -1) {
      options[name] = arg.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`, command);
      options[name] = argv[++i];
    }
  }
  return { positional, options };
}

/** A decimal integer argument (optionally negative); anything else is a usage error. */
export function integerArgument(text, what, command) {
  if (!/^-?[0-9]+$/.test(text))
    throw new UsageError(`${what} must be a decimal integer, got ${JSON.stringify(text)}`, command);
  return BigInt(text);
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;
const NOW = /^now((?:[+-](?:[0-9]+(?:ms|s|m|h|d))+)*)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000 };
let nowMs = null; // one reading per run: window now-5m now spans exactly 5 minutes
/**
 * An instant argument: milliseconds since 1970 (decimal), an ISO 8601 date/time (UTC when no zone is given),
 * or now with offsets (now, now-5m, now-1h30m, now+250ms); anything else is a usage error.
 */
export function instantArgument(text, what, command) {
  if (/^-?[0-9]+$/.test(text)) return safeNumber(BigInt(text), what, command);
  const now = NOW.exec(text);
  if (now !== null) {
    nowMs ??= Date.now();
    let ms = nowMs;
    for (const [, sign, terms] of now[1].matchAll(/([+-])((?:[0-9]+(?:ms|s|m|h|d))+)/g))
      for (const [, n, unit] of terms.matchAll(/([0-9]+)(ms|s|m|h|d)/g))
        ms += (sign === '-' ? -1 : 1) * Number(n) * UNIT_MS[unit];
    if (!Number.isSafeInteger(ms))
      throw new UsageError(`${what} is too far from now: ${JSON.stringify(text)}`, command);
    return ms;
  }
  const iso = ISO.exec(text);
  const ms = iso === null ? NaN : Date.parse(iso[2] === undefined ? iso[1] : `${iso[1]}T${iso[2]}${iso[3] ?? 'Z'}`);
  if (Number.isNaN(ms))
    throw new UsageError(
      `${what} must be milliseconds, an ISO 8601 time or now with offsets (now-5m), got ${JSON.stringify(text)}`,
      command,
    );
  return ms;
}

/** A bigint argument as a Number; a usage error when it is not a safe integer. */
export function safeNumber(value, what, command) {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new UsageError(`${what} is too large: ${value}`, command);
  return Number(value);
}
