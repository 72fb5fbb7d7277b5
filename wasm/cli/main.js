// The branded CLI: picks the command, parses its arguments, runs it, and turns errors into exit statuses. Each
// command's code loads when it runs: `decode` from stdin starts the CLI module alone, not the package's too.
import { UsageError, parseArguments } from './usage.js';
import { writeText } from './stdio.js';

// A command's runner `name` from the module `load()` imports, loaded on its first call (each import is
// written out, so the bundler sees it).
const lazy =
  (load, name) =>
  async (...args) =>
    (await load())[name](...args);

const decodeArguments = lazy(() => import('./decode.js'), 'decodeArguments');
const decodeStream = lazy(() => import('./decode-stream.js'), 'decodeStream');
const fromCommands = (name) => lazy(() => import('./commands.js'), name);

const JSON_ONLY = { json: 'flag', help: 'flag' };
const COMMANDS = {
  decode: {
    options: { ...JSON_ONLY, ns: 'value' },
    run: ({ positional, options }) =>
      positional.length > 0
        ? decodeArguments(positional, options.json, options.ns)
        : decodeStream(options.json === true),
  },
  encode: { options: JSON_ONLY, run: fromCommands('encodeCommand') },
  mint: { options: { ...JSON_ONLY, node: 'value', count: 'value', at: 'value' }, run: fromCommands('mintCommand') },
  gate: { options: JSON_ONLY, run: fromCommands('gateCommand') },
  window: { options: JSON_ONLY, run: fromCommands('windowCommand') },
  slot: { options: JSON_ONLY, run: fromCommands('slotCommand') },
  'min-for': { options: JSON_ONLY, run: fromCommands('minForCommand') },
  scan: { options: { ...JSON_ONLY, 'valid-only': 'flag' }, run: lazy(() => import('./scan.js'), 'scanCommand') },
};

const loadHelp = () => import('./help.js');

/** Runs the CLI on its arguments (argv without node and the script); resolves to the exit status. */
export async function main(argv) {
  try {
    const [name, ...rest] = argv;
    if (name === undefined) throw new UsageError('no command given');
    if (name === '--version' || name === '-V') {
      await writeText(`${(await import('./version.js')).VERSION}\n`);
      return 0;
    }
    if (name === '--help' || name === '-h' || name === 'help') {
      const { COMMAND_HELP, TOOL_HELP } = await loadHelp();
      await writeText(rest.length > 0 && COMMAND_HELP[rest[0]] ? COMMAND_HELP[rest[0]] : TOOL_HELP);
      return 0;
    }
    const command = COMMANDS[name];
    if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    const parsed = parseArguments(rest, command.options, name);
    if (parsed.options.help) {
      await writeText((await loadHelp()).COMMAND_HELP[name]);
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
