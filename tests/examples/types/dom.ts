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
// As the README writes it: `ok` narrows, on the element, the document and the window, strict or not.
decode.addEventListener('branded-decode', (event) => console.log(event.detail.ok ? event.detail.iso : ''));
document.addEventListener('branded-decode', (event) => {
  if (event.detail.ok) console.log(event.detail.snowflake + 1n);
  else console.log(event.detail.error);
});
window.addEventListener('branded-verdict', (event) => console.log(event.detail.host.admitted));
document.addEventListener('branded-change', (event) => console.log(event.detail.value));
if (decode.result?.ok) console.log(decode.result.iso);
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
// @ts-expect-error: the counts of `multiple` have no iso, so iso needs ok first
document.addEventListener('branded-decode', (event) => event.detail.iso.length);
// @ts-expect-error: a verdict has no ok
document.addEventListener('branded-verdict', (event) => event.detail.ok);
