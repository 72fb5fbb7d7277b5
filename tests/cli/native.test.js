// The native branded as a tool: statically linked (it runs in a root with nothing but itself), the linux-arm64 build
// the same program under qemu-user-static, streaming as a tool should (rows as lines come at a terminal or with
// --line-buffered, a quiet stop when the reader goes away, bounded memory on endless input), and its node leases
// the wasm CLI's (the same files: parallel mints of both builds never collide; a signal lets a lease go).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { BIN, NATIVE, NATIVE_ARM64, QEMU, difference, runNative, scratch, scratchFile } from './support.js';

const ID = 'JOB0KHTOWnGLuC';
const LOG = `GET /jobs/${ID}?x=1 {"id":"USR0NgWEfAEJfs"}\nJOBzzzzzzzzzzz, é ${ID}\n`;
const PTY_RUN = join(import.meta.dirname, 'pty-run.py');
const SPLICE_READER = join(import.meta.dirname, 'splice-reader.py');
const wasmCli = (args) => [process.execPath, BIN, ...args];
const WASM_ENV = { ...process.env, BRANDED_CLI: 'wasm' };

// Samples a child's peak resident set (VmHWM) every 20 ms; stop() ends the sampling and answers it in KiB.
function watchPeakRss(child) {
  let peakKiB = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKiB = Math.max(peakKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // it ended
    }
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return peakKiB;
    },
  };
}

describe('statically linked, for linux-x64 and linux-arm64', () => {
  it('file(1) says so of both binaries', () => {
    for (const [binary, machine] of [
      [NATIVE, 'x86-64'],
      [NATIVE_ARM64, 'ARM aarch64'],
    ]) {
      const info = execFileSync('file', ['-b', binary], { encoding: 'utf8' });
      assert.match(info, new RegExp(`^ELF 64-bit LSB executable, ${machine}.*statically linked`), info);
    }
  });

  it('runs in a root that holds nothing but itself, a log and a directory for leases (no /usr/lib, no /lib)', () => {
    const root = join(scratch, 'root');
    mkdirSync(join(root, 'leases'), { recursive: true });
    copyFileSync(NATIVE, join(root, 'branded'));
    writeFileSync(join(root, 'app.log'), LOG);
    const inRoot = (args, env = {}) => {
      const command = ['unshare', '--map-root-user', `--root=${root}`, '/branded'];
      let run = runNative(args, { command, env });
      if (run.status !== 0 && /unshare/.test(run.stderr.toString()))
        run = runNative(args, { command: ['chroot', root, '/branded'], env });
      return run;
    };
    for (const args of [
      ['decode', '--json', ID, 'job-42'],
      ['scan', '--json', '/app.log'],
      ['--help'],
      ['gate', 'JOB-42'],
    ]) {
      const outside = runNative(args.map((arg) => (arg === '/app.log' ? join(root, 'app.log') : arg)));
      const inside = inRoot(args);
      assert.equal(inside.status, outside.status, `${args.join(' ')}: ${inside.stderr}`);
      assert.equal(
        inside.stdout.toString().replaceAll(join(root, 'app.log'), '/app.log'),
        outside.stdout.toString().replaceAll(join(root, 'app.log'), '/app.log'),
      );
    }
    const minted = inRoot(['mint', 'JOB', '--count', '3'], { BRANDED_NODE_DIR: '/leases' });
    assert.equal(minted.status, 0, minted.stderr.toString());
    assert.match(minted.stdout.toString(), /^(JOB[0-9A-Za-z]{11}\n){3}$/);
    assert.ok(existsSync(join(root, 'leases', 'node-0.last')));
    assert.ok(!existsSync(join(root, 'leases', 'node-0.lock')));
  });

  it('the linux-arm64 build, under qemu-user-static, prints what the linux-x64 build prints', () => {
    const log = scratchFile(Buffer.concat([Buffer.alloc((1 << 20) - 7, 0x2e), Buffer.from(LOG)]));
    const ids = scratchFile(`${ID}\nusr0NgWEfAEJfs\n\ufeff${ID}\n${'x'.repeat(3000)}\n`);
    const cases = [
      { args: ['--help'] },
      { args: ['decode', '--json'], stdinFile: ids },
      { args: ['decode', '--header'], stdinFile: ids },
      { args: ['scan', '--json', log] },
      { args: ['scan', '--header', log] },
      { args: ['gate', 'JOB-42'] },
      { args: ['mint', 'JOB', '--at', '2026-06-01', '--count', '5000', '--json'] },
      { args: ['encode', 'usr', '1'] },
    ];
    const broken = [];
    for (const { args, stdinFile } of cases) {
      const x64 = runNative(args, { stdinFile });
      const arm64 = runNative(args, { stdinFile, command: [QEMU, NATIVE_ARM64] });
      const problem = difference(x64, arm64);
      if (problem) broken.push(`${args.join(' ')}: ${problem}`);
    }
    assert.deepEqual(broken, []);
  });
});

// Runs `command` with stdin a pipe: writes `lines` one at a time, each once the rows of the lines before it have
// come (`rowsAfter[i]`: how many rows the first i + 1 lines make), waiting for them at most WAIT_MS; answers
// {status, rows: [[line written last when the row came, row]]}. A run that holds its rows until stdin ends shows
// them all after the last line.
const WAIT_MS = 60_000;
async function feedLineByLine(command, lines, rowsAfter, env = process.env) {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env });
  const rows = [];
  let written = -1;
  let tail = '';
  let arrived = () => {};
  child.stdout.setEncoding('utf8').on('data', (text) => {
    const parts = (tail + text).split('\n');
    tail = parts.pop();
    for (const row of parts) rows.push([written, row]);
    arrived();
  });
  for (const [i, line] of lines.entries()) {
    child.stdin.write(line);
    written = i;
    const deadline = Date.now() + WAIT_MS;
    while (rows.length < rowsAfter[i] && Date.now() < deadline)
      await new Promise((resolve) => {
        arrived = resolve;
        setTimeout(resolve, 1000);
      });
  }
  written = lines.length;
  child.stdin.end();
  const [status] = await once(child, 'close');
  return { status, rows };
}

// Each row came while the line it came from (`from[i]`: the line of row i) was the last one written.
function rowsCameWithTheirLines({ rows }, from) {
  assert.equal(rows.length, from.length, JSON.stringify(rows));
  rows.forEach(([written, row], i) =>
    assert.equal(
      written,
      from[i],
      `row ${i + 1} (${row}) came after line ${written + 1}, not with line ${from[i] + 1}`,
    ),
  );
}

describe('streaming as a tool', () => {
  const lines = [`a ${ID} b\n`, 'nothing here\n', `c USR0NgWEfAEJfs\n`];

  it('--line-buffered into a pipe: each row as its line comes (tail -f app.log | branded scan --line-buffered), both builds', async () => {
    for (const [command, env] of [
      [[NATIVE, 'scan', '--json', '--line-buffered'], process.env],
      [wasmCli(['scan', '--json', '--line-buffered']), WASM_ENV],
    ]) {
      const run = await feedLineByLine(command, lines, [1, 1, 2], env);
      assert.equal(run.status, 0);
      rowsCameWithTheirLines(run, [0, 2]);
    }
    const decoded = await feedLineByLine([NATIVE, 'decode', '--line-buffered'], [`${ID}\n`, 'job-42\n'], [1, 2]);
    rowsCameWithTheirLines(decoded, [0, 1]);
  });

  it('at a terminal, rows come as their lines come, under a header, without the flag', () => {
    const run = spawnSync('python3', [PTY_RUN, '2,2,3', NATIVE, 'scan'], { input: lines.join(''), encoding: 'utf8' });
    const { status, received, written } = JSON.parse(run.stdout);
    assert.equal(status, 0);
    const rows = received.flatMap(([at, text]) =>
      text
        .split('\r\n')
        .filter(Boolean)
        .map((row) => [at * 1000, row]),
    );
    assert.match(rows[0][1], /^LINE +OFFSET +ID +NS/);
    assert.match(rows[1][1], new RegExp(`^1 +2  ${ID}`));
    assert.ok(rows[1][0] < written[1] * 1000, `the first row came at ${rows[1][0]} ms, after the second line`);
    assert.match(rows[2][1], /^3 +34 {2}USR0NgWEfAEJfs/);
  });

  it('a reader that goes away (| head) stops decode, scan and mint quietly: exit 0, nothing on stderr, the lease let go', () => {
    const ids = scratchFile(`${`${ID}\n`.repeat(400_000)}`);
    const leases = join(scratch, 'epipe-leases');
    for (const [label, pipeline] of [
      ['decode', `'${NATIVE}' decode --json < '${ids}'`],
      ['scan', `'${NATIVE}' scan < '${ids}'`],
      ['mint', `BRANDED_NODE_DIR='${leases}' '${NATIVE}' mint JOB --count 50000000`],
      ['wasm decode', `BRANDED_CLI=wasm '${process.execPath}' '${BIN}' decode --json < '${ids}'`],
    ]) {
      const run = spawnSync('bash', ['-c', `${pipeline} | head -c 100 > /dev/null; echo "\${PIPESTATUS[0]}"`], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.stderr, '', label);
      assert.equal(run.stdout.trim(), '0', label);
    }
    assert.ok(!existsSync(join(leases, 'node-0.lock')), 'the lease of the mint cut short is let go');
    assert.match(readFileSync(join(leases, 'node-0.last'), 'utf8'), /^\d{13}$/);
  });

  it("rows lent to a pipe are never written over: a reader that splices them on and holds them gets a file's rows", () => {
    // Stdout's pages are lent to a pipe (vmsplice) where the kernel allows it; the reader holds each piece it moves
    // a few milliseconds while the writer runs on (tests/cli/splice-reader.py).
    const ids = Array.from({ length: 300_000 }, (_, i) => `JOB${String(i * 7919).padStart(11, '0')}`);
    const log = scratchFile(ids.map((id, i) => `${i} GET /jobs/${id} 200\n`).join(''), 'lent.log');
    const idFile = scratchFile(`${ids.join('\n')}\n`, 'lent.ids');
    for (const [label, args] of [
      ['scan', `scan '${log}'`],
      ['decode --json', `decode --json < '${idFile}'`],
    ]) {
      const inFile = join(scratch, 'lent.rows');
      execFileSync('sh', ['-c', `'${NATIVE}' ${args} > '${inFile}'`]);
      const expected = readFileSync(inFile);
      assert.ok(expected.length > 20 << 20, `${label}: ${expected.length} bytes, many buffers of rows`);
      const held = spawnSync('sh', ['-c', `'${NATIVE}' ${args} | python3 '${SPLICE_READER}' 3`], {
        maxBuffer: 1 << 30,
      });
      assert.equal(held.status, 0, held.stderr.toString());
      assert.ok(held.stdout.equals(expected), `${label}: the rows the splicing reader got differ from the file's`);
    }
  });

  it('endless input in bounded memory: 1 GiB of log through scan, one line of 1 GiB through decode, rows lent to a pipe', async () => {
    const GiB = 1 << 30;
    const piece = Buffer.from(`${'x'.repeat(60)} id=${ID} ${'y'.repeat(45)}\n`.repeat(8192));
    for (const [args, chunk, stdout, total] of [
      [['scan', '--json'], piece, 'ignore', GiB],
      [['decode'], Buffer.alloc(1 << 20, 0x41), 'ignore', GiB],
      [['scan'], piece, 'pipe', GiB / 4], // each full buffer lent to the pipe, then fresh pages in its place
    ]) {
      const child = spawn(NATIVE, args, { stdio: ['pipe', stdout, 'pipe'] });
      child.stdout?.resume();
      const peak = watchPeakRss(child);
      for (let sent = 0; sent < total; sent += chunk.length)
        if (!child.stdin.write(chunk)) await once(child.stdin, 'drain');
      child.stdin.end();
      const [status] = await once(child, 'close');
      const peakKiB = peak.stop();
      assert.ok(status === 0 || status === 1, `${args.join(' ')}: exit ${status}`);
      assert.ok(peakKiB > 0 && peakKiB < 32 * 1024, `${args.join(' ')}: peak RSS ${peakKiB} KiB`);
    }
  });
});

describe('files read where they lie (mapped a window at a time) or copied, whichever costs less here', () => {
  // cli/native/main.cpp, Input::WINDOW
  const WINDOW = 16 << 20;
  const mapped = { ...process.env, BRANDED_FILES: 'mapped' };
  const piece = `${'x'.repeat(60)} id=${ID} ${'y'.repeat(45)}\n`;
  const lines = Math.ceil((3 * WINDOW + 12345) / piece.length);
  const windows = () => scratchFile(piece.repeat(lines), 'windows.log');

  it('a file of several windows in bounded memory, with the rows of reading it from a pipe', async () => {
    const file = windows();
    const stdin = openSync(file, 'r'); // stdin a regular file is mapped too
    const child = spawn(NATIVE, ['scan', '--json'], { stdio: [stdin, 'pipe', 'pipe'], env: mapped });
    closeSync(stdin);
    const peak = watchPeakRss(child);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    const [status] = await once(child, 'close');
    const peakKiB = peak.stop();
    assert.equal(status, 0);
    const piped = spawnSync('sh', ['-c', `cat "$0" | "$1" scan --json`, file, NATIVE], { maxBuffer: 1 << 30 });
    assert.ok(Buffer.concat(chunks).equals(piped.stdout), 'mapped and piped, the same rows');
    assert.ok(peakKiB > 0 && peakKiB < 32 * 1024, `peak RSS ${peakKiB} KiB`);
  });

  it('mapped, read, or as the probe of the file chooses: the same rows, from FILEs or from stdin', () => {
    const file = windows();
    const small = scratchFile(piece.repeat(1000), 'small.log');
    const rows = (how, stdin) => {
      const env = how ? { ...process.env, BRANDED_FILES: how } : { ...process.env, BRANDED_FILES: '' };
      const args = stdin ? ['scan'] : ['scan', file, small, file]; // the probe's answer kept for the next files
      const input = stdin ? openSync(file, 'r') : 'ignore';
      const run = spawnSync(NATIVE, args, { stdio: [input, 'pipe', 'pipe'], env, maxBuffer: 1 << 30 });
      if (stdin) closeSync(input);
      assert.equal(run.status, 0, `${how}: ${run.stderr}`);
      return run.stdout;
    };
    for (const stdin of [false, true]) {
      const expected = rows('mapped', stdin); // stdin's rows have no FILE: in their place
      const rowsExpected = stdin ? lines : 2 * lines + 1000;
      assert.equal(expected.toString('latin1').split('\n').length - 1, rowsExpected, 'a row for each line');
      for (const how of ['read', null])
        assert.ok(rows(how, stdin).equals(expected), `${how ?? 'probed'}, stdin ${stdin}`);
    }
  });

  it('a file cut short while it is scanned (a log truncated by its rotation) ends there, as read() would: no crash', async () => {
    const text = Array.from({ length: 2_000_000 }, (_, i) => `JOB${String(i).padStart(11, '0')}`).join(' ');
    const file = scratchFile(text, 'rotated.log');
    const child = spawn(NATIVE, ['scan', '--json', file], { stdio: ['ignore', 'pipe', 'pipe'], env: mapped });
    child.stdout.pause(); // its writes block once the pipe is full: the scan waits inside the first window
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(file, text.slice(0, 150)); // ten ids, the last one whole
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stdout.resume();
    const [status, signal] = await once(child, 'close');
    assert.equal(signal, null);
    assert.equal(status, 0);
    const ids = Buffer.concat(chunks)
      .toString()
      .trimEnd()
      .split('\n')
      .map((row) => JSON.parse(row).id);
    assert.ok(ids.length >= 10 && ids.length < 2_000_000, `${ids.length} rows`);
    const wrong = ids.findIndex((id, i) => id !== `JOB${String(i).padStart(11, '0')}`);
    assert.equal(wrong, -1, `row ${wrong}: ${ids[wrong]}, the ids in order, as they were before the cut`);
  });
});

describe("mint's node leases: the native and wasm builds share them", () => {
  it('parallel mints of both builds on one machine take distinct nodes: no id twice', async () => {
    const env = { ...process.env, BRANDED_NODE_DIR: join(scratch, 'shared-leases') };
    const runs = [
      [NATIVE, 'mint', 'JOB', '--count', '300000'],
      [process.execPath, BIN, 'mint', 'JOB', '--count', '300000'],
      [NATIVE, 'mint', 'JOB', '--count', '300000'],
      [process.execPath, BIN, 'mint', 'JOB', '--count', '300000'],
    ].map((command, i) => {
      const child = spawn(command[0], command.slice(1), {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: i % 2 === 1 ? { ...env, BRANDED_CLI: 'wasm' } : env,
      });
      const out = [];
      child.stdout.on('data', (chunk) => out.push(chunk));
      return once(child, 'close').then(([status]) => ({
        status,
        ids: Buffer.concat(out).toString().trimEnd().split('\n'),
      }));
    });
    const done = await Promise.all(runs);
    const ids = done.flatMap((run) => run.ids);
    assert.deepEqual(
      done.map((run) => run.status),
      [0, 0, 0, 0],
    );
    assert.equal(ids.length, 1_200_000);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('SIGINT lets the native lease go: the lock removed, the last millisecond minted recorded', async () => {
    const dir = join(scratch, 'signal-leases');
    const child = spawn(NATIVE, ['mint', 'JOB', '--count', '100000000', '--node', '9'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, BRANDED_NODE_DIR: dir },
    });
    const lock = join(dir, 'node-9.lock');
    // its first rows, a buffer of many thousand ids: the lease is held and a millisecond minted is noted
    await once(child.stdout, 'data');
    child.stdout.resume();
    assert.ok(existsSync(lock));
    child.kill('SIGINT');
    const [status, signal] = await once(child, 'close');
    assert.equal(status, 130, `exit ${status} ${signal}`);
    assert.ok(!existsSync(lock));
    assert.match(readFileSync(join(dir, 'node-9.last'), 'utf8'), /^\d{13}$/);
  });
});
