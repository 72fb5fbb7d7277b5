#!/usr/bin/env node
// The local stack behind `npm start`: Valkey (unless --valkey/--cluster), the bridge, the explorer.
import { ConfigError } from '../src/config.js';
import { runLocalStack } from '../local/local-stack.js';

try {
  await runLocalStack(process.argv.slice(2), process.env);
} catch (error) {
  process.stderr.write(`npm start: ${error.message}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
