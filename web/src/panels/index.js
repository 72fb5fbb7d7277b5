// The explorer's panels, in the order the navigation shows them.
import { createDecodePanel, DECODE_DEFAULTS } from './decode/decode.js';
import { createConvertPanel, CONVERT_DEFAULTS } from './convert/convert.js';
import { createGatePanel, GATE_DEFAULTS } from './gate/gate.js';
import { createWindowPanel, WINDOW_DEFAULTS } from './window/window.js';
import { createMintPanel, MINT_DEFAULTS } from './mint/mint.js';
import { createPlacementPanel, PLACEMENT_DEFAULTS } from './placement/placement.js';
import { createEnqueuePanel, ENQUEUE_DEFAULTS } from './enqueue/enqueue.js';

export const PANELS = [
  {
    key: 'decode',
    title: 'Decode',
    blurb: 'take ids apart',
    create: (options) => createDecodePanel({ ...options, convertLink: true }),
    defaults: DECODE_DEFAULTS,
  },
  {
    key: 'convert',
    title: 'Convert',
    blurb: 'time, Snowflake ↔ id',
    create: createConvertPanel,
    defaults: CONVERT_DEFAULTS,
  },
  { key: 'gate', title: 'Gate', blurb: 'host and wire verdicts', create: createGatePanel, defaults: GATE_DEFAULTS },
  {
    key: 'window',
    title: 'Stream window',
    blurb: '[t0, t1) → XRANGE',
    create: createWindowPanel,
    defaults: WINDOW_DEFAULTS,
  },
  { key: 'mint', title: 'Mint', blurb: 'fresh monotonic ids', create: createMintPanel, defaults: MINT_DEFAULTS },
  {
    key: 'placement',
    title: 'Placement',
    blurb: 'hash32 and cluster slots',
    create: createPlacementPanel,
    defaults: PLACEMENT_DEFAULTS,
  },
  {
    key: 'enqueue',
    title: 'Enqueue',
    blurb: 'live, into Valkey',
    create: createEnqueuePanel,
    defaults: ENQUEUE_DEFAULTS,
  },
];
