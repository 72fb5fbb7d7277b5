// Plain DOM: tag names, properties, the current result and events; the package's results narrow with !r.ok.
import { parse, gate, ready } from '@echomq/branded';
import type { BrandedDecodeDetail } from '@echomq/branded-widgets';

const decode = document.querySelector('branded-decode')!;
decode.value = 'JOB0KHTOWnGLuC';
decode.multiple = false;
decode.theme = 'dark';
decode.updateComplete.then(() => {
  const now = decode.result;
  if (now && 'iso' in now && now.ok) console.log(now.iso, now.snowflake + 1n);
});
decode.addEventListener('branded-decode', (event) => {
  const detail = event.detail as BrandedDecodeDetail;
  if (!detail.ok) console.log(detail.error);
});
const gateElement = document.createElement('branded-gate');
gateElement.addEventListener('branded-verdict', (event) => console.log(event.detail.wire.admitted));
console.log(gateElement.result?.host.admitted, gateElement.values);
document.createElement('branded-window').bridge = null;

await ready;
const r = parse('JOB0KHTOWnGLuC');
if (!r.ok) console.log(r.error.toUpperCase());
else console.log(r.namespace, r.snowflake);
const verdict = gate('USR0KHTOWnGLuC');
if (!verdict.admitted) console.log(verdict.error.length);

// @ts-expect-error: multiple is a boolean
decode.multiple = 'yes';
// @ts-expect-error: result is read-only
decode.result = null;
