// The branded CLI: picks the command, parses its arguments, runs it, and turns errors into exit statuses.
import { decodeArguments, decodeStream } from './decode.js';
import { scanCommand } from './scan.js';
import { encodeCommand, gateCommand, minForCommand, mintCommand, slotCommand, windowCommand } from './commands.js';
import { COMMAND_HELP, TOOL_HELP } from './help.js';
import { UsageError, parseArguments } from './usage.js';
import { write } from './output.js';
import { VERSION } from './version.js';

const JSON_ONLY = { json: 'flag', help: 'flag' };
const COMMANDS = {
  decode: {
    options: { ...JSON_ONLY, ns: 'value' },
    run: ({ positional, options }) =>
      positional.length > 0
        ? decodeArguments(positional, options.json, options.ns)
        : decodeStream(process.stdin, options.json),
  },
  encode: { options: JSON_ONLY, run: encodeCommand },
  mint: { options: { ...JSON_ONLY, node: 'value', count: 'value', at: 'value' }, run: mintCommand },
  gate: { options: JSON_ONLY, run: gateCommand },
  window: { options: JSON_ONLY, run: windowCommand },
  slot: { options: JSON_ONLY, run: slotCommand },
  'min-for': { options: JSON_ONLY, run: minForCommand },
  scan: { options: { ...JSON_ONLY, 'valid-only': 'flag' }, run: scanCommand },
};

/** Runs the CLI on its arguments (argv without node and the script); resolves to the exit status. */
export async function main(argv) {
  try {
    const [name, ...rest] = argv;
    if (name === undefined) throw new UsageError('no command given');
    if (name === '--version' || name === '-V') {
      await write(`${VERSION}\n`);
      return 0;
    }
    if (name === '--help' || name === '-h' || name === 'help') {
      await write(rest.length > 0 && COMMAND_HELP[rest[0]] ? COMMAND_HELP[rest[0]] : TOOL_HELP);
      return 0;
    }
    const command = COMMANDS[name];
    if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    const parsed = parseArguments(rest, command.options, name);
    if (parsed.options.help) {
      await write(COMMAND_HELP[name]);
      return 0;
    }
    return await command.run(parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const help = error.command ? `branded ${error.command} --help` : 'branded --help';
    process.stderr.write(`branded: ${error.message}\nTry '${help}'.\n`);
    return 2;
  }
}
