// A shell block is a terminal transcript: `$ ` starts a command (a line ending in `\` or an open here-document
// goes on to the next line), and the lines up to the next `$ ` are what the command prints (stdout and stderr
// as a terminal shows them). `#` comment lines before the first command are not run. A command ending in
// `&` starts a server in the background, stopped when the page ends; the command after it is retried for a few
// seconds until it prints what is shown, as a reader waits for a server to come up.
import { spawn, spawnSync } from 'node:child_process';
import { matchesShown } from './shown.js';

const HEREDOC = /<<-?\s*'?"?(\w+)'?"?/;

/** The transcript's commands: [{ command, shown, line }]; throws when the block has a line before any `$ `. */
export function transcript(code) {
  const lines = code.split('\n');
  const commands = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.startsWith('$ ')) {
      if (commands.length) commands.at(-1).shown.push(line);
      else if (line.trim() !== '' && !line.startsWith('#'))
        throw new Error(`line ${i + 1}: a shell block is a transcript; start each command with "$ "`);
      continue;
    }
    const start = i;
    let command = line.slice(2);
    const heredoc = HEREDOC.exec(command);
    while (command.endsWith('\\') && i + 1 < lines.length) command = `${command.slice(0, -1)}\n${lines[++i]}`;
    if (heredoc) {
      while (i + 1 < lines.length && lines[i] !== heredoc[1]) command += `\n${lines[++i]}`;
    }
    commands.push({ command, shown: [], line: start + 1 });
  }
  return commands.map((c) => ({ ...c, shown: c.shown.join('\n') }));
}

/** Runs a transcript in `cwd` with `env`; answers the checks [{ shown, line, actual, ok }]. */
export async function runTranscript(code, { cwd, env, background }) {
  const checks = [];
  let afterBackground = false;
  const last = { status: 0 };
  for (const { command, shown, line } of transcript(code)) {
    if (/&\s*$/.test(command)) {
      const server = spawn('bash', ['-c', command.replace(/&\s*$/, '')], {
        cwd,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let printed = '';
      server.stdout.on('data', (d) => (printed += d));
      server.stderr.on('data', (d) => (printed += d));
      background.push(server);
      afterBackground = true;
      checks.push({ shown, line, actual: '', ok: shown.trim() === '', note: 'started in the background' });
      void printed;
      continue;
    }
    // a server started in the background is waited for, generously: a busy machine starts it slowly
    const deadline = Date.now() + (afterBackground ? 90_000 : 0);
    let actual;
    for (;;) {
      actual = runOne(command, { cwd, env, last });
      if (matchesShown(shown, actual) || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    afterBackground = false;
    checks.push({ shown, line, actual, ok: matchesShown(shown, actual) });
  }
  return checks;
}

// Each command runs in a bash of its own that starts with the last one's exit status, so `$?` reads as in a terminal.
function runOne(command, { cwd, env, last }) {
  const result = spawnSync('bash', ['-c', `exec 2>&1\n(exit ${last.status})\n${command}`], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 << 20,
  });
  if (result.error) return `(${result.error.message})`;
  last.status = result.status ?? 128;
  return result.stdout;
}

/** Stops every server the page started (its whole process group). */
export function stopBackground(background) {
  for (const server of background) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
