// The minimal page: decode with the package in the browser, enqueue through the bridge at /ws.
import { createMinter, parse } from './branded/index.js';

const $ = (id) => document.getElementById(id);
const minter = createMinter({ namespace: 'JOB', node: 1 });

function showDecode() {
  const id = $('decode-id').value;
  const r = parse(id);
  $('decode-out').textContent = r.ok
    ? `namespace ${r.namespace}\nsnowflake ${r.snowflake}\ntime      ${new Date(r.unixMs).toISOString()}\nnode      ${r.node}\nseq       ${r.seq}`
    : `refused: ${r.error}`;
}
$('decode-id').addEventListener('input', showDecode);
showDecode();

const socket = new WebSocket(new URL('ws', location.href.replace(/^http/, 'ws')), ['branded.v1']);
const waiting = new Map();
let nextId = 1;
socket.addEventListener('open', () => { $('enqueue-out').textContent = 'connected'; });
socket.addEventListener('close', (e) => { $('enqueue-out').textContent = `bridge closed (${e.code})`; });
socket.addEventListener('message', (e) => {
  const reply = JSON.parse(e.data);
  waiting.get(reply.id)?.(reply);
  waiting.delete(reply.id);
});
const request = (op, fields) => new Promise((resolve) => {
  const id = nextId++;
  waiting.set(id, resolve);
  socket.send(JSON.stringify({ id, op, ...fields }));
});

$('enqueue-id').value = minter.next();
$('enqueue-mint').addEventListener('click', () => { $('enqueue-id').value = minter.next(); });
$('enqueue-send').addEventListener('click', async () => {
  const queue = $('enqueue-queue').value;
  const job = $('enqueue-id').value;
  const reply = await request('enqueue', { queue, job, payload: $('enqueue-payload').value, executor: $('enqueue-executor').value });
  const row = reply.ok ? await request('job', { queue, job }) : null;
  $('enqueue-out').textContent = JSON.stringify(row ? { enqueue: reply, row: row.result?.row } : reply, null, 2);
});
