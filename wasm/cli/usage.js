// Command-line arguments: options per command, positional arguments, and the usage error (exit 2).
import { parseInstant } from './explain.js';

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

let nowMs = null; // one reading per run: window now-5m now spans exactly 5 minutes
/**
 * An instant argument, read by core as every surface reads one (@echomq/branded/explain's parseInstant):
 * milliseconds since 1970, ISO 8601 (UTC when no zone is given), now with offsets (now-5m, now-1h30m) or an
 * offset from now (+10ms); anything else is a usage error.
 */
export function instantArgument(text, what, command) {
  nowMs ??= Date.now();
  const instant = parseInstant(text, { now: nowMs });
  if (!instant.ok) throw new UsageError(`${what} ${JSON.stringify(text)}: ${instant.message}`, command);
  return instant.ms;
}

/** A bigint argument as a Number; a usage error when it is not a safe integer. */
export function safeNumber(value, what, command) {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new UsageError(`${what} is too large: ${value}`, command);
  return Number(value);
}
