#!/usr/bin/env node
// The `branded` command (see cli/help.js, or run `branded --help`): the CLI bundled as CommonJS, which Node
// starts faster than the same code as ES modules. stdout is left untouched here: the streaming commands write
// to fd 1 directly (cli/stdio.js), which process.stdout would make non-blocking.
'use strict';
require('../dist/cli.cjs');
