// Command-line arguments: options per command, positional arguments, and the usage error (exit 2).
export class UsageError extends Error {
  constructor(message, command) {
    super(message);
    this.command = command;
  }
}

// Splits argv into positionals and options. `spec` maps an option name to 'flag' or 'value';
// `--name=value` and `--name value` both work; `--` ends the options.
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

// A decimal integer argument (optionally negative); anything else is a usage error.
export function integerArgument(text, what, command) {
  if (!/^-?[0-9]+$/.test(text)) throw new UsageError(`${what} must be a decimal integer, got ${JSON.stringify(text)}`, command);
  return BigInt(text);
}

// An instant: milliseconds since 1970 (decimal) or an ISO 8601 date/time (UTC when no zone is given).
const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;
export function instantArgument(text, what, command) {
  if (/^-?[0-9]+$/.test(text)) return safeNumber(BigInt(text), what, command);
  const iso = ISO.exec(text);
  const ms = iso === null ? NaN : Date.parse(iso[2] === undefined ? iso[1] : `${iso[1]}T${iso[2]}${iso[3] ?? 'Z'}`);
  if (Number.isNaN(ms)) throw new UsageError(`${what} must be milliseconds or an ISO 8601 time, got ${JSON.stringify(text)}`, command);
  return ms;
}

export function safeNumber(value, what, command) {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new UsageError(`${what} is too large: ${value}`, command);
  return Number(value);
}
