// Svelte's element types, as svelte-check reads them for <branded-decode …>: attributes and event handlers.
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from '@echomq/branded-widgets/svelte';

export const decode: SvelteHTMLElements['branded-decode'] = {
  value: 'JOB0KHTOWnGLuC',
  theme: 'auto',
  class: 'wide',
  'onbranded-decode': (event) => console.log('id' in event.detail && event.detail.id),
  'on:branded-change': (event) => console.log(event.detail.value),
};
export const gateProps: SvelteHTMLElements['branded-gate'] = {
  'onbranded-verdict': (event) => console.log(event.detail.wire.admitted),
  // @ts-expect-error: a theme is auto, light or dark
  theme: 'blue',
};
