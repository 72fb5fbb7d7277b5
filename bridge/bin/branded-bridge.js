#!/usr/bin/env node
// branded-bridge: the WebSocket bridge between web pages and Valkey (bridge/PROTOCOL.md).
// Exit 0 after a graceful stop, 1 when it cannot start, 2 on a usage error.
import { aclCommand, fenceClaimCommand, functionsCommand, limitFunctionsCommand } from '../src/acl.js';
import { ConfigError, helpText, loadConfig } from '../src/config.js';
import { startBridge } from '../src/main.js';

const args = process.argv.slice(2);
const printAcl = args.includes('--print-acl');
const printFunctions = args.includes('--print-functions');
const printLimitFunctions = args.includes('--print-limit-functions');
const PRINTS = new Set(['--print-acl', '--print-functions', '--print-limit-functions']);
let config;
try {
  config = loadConfig(
    args.filter((a) => !PRINTS.has(a)),
    process.env,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`branded-bridge: ${error.message}\n`);
  process.exit(2);
}
if (config.help) {
  process.stdout.write(helpText());
  process.exit(0);
}
if (printAcl) {
  process.stdout.write(`${aclCommand(config)}\n${fenceClaimCommand()}\n`);
  process.exit(0);
}
if (printFunctions) {
  process.stdout.write(functionsCommand());
  process.exit(0);
}
if (printLimitFunctions) {
  process.stdout.write(limitFunctionsCommand());
  process.exit(0);
}
try {
  await startBridge(config);
} catch (error) {
  process.stderr.write(`branded-bridge: cannot start: ${error.message}\n`);
  process.exit(1);
}
