// JSX attribute types for the four tags in the global `JSX` namespace (Preact, Solid, older React):
// `import type {} from '@echomq/branded-widgets/jsx'` once in the project (React 19: `/react`).
import type {
  BrandedDecodeAttributes,
  BrandedGateAttributes,
  BrandedWindowAttributes,
  BrandedEnqueueAttributes,
} from './attributes.js';

export type * from './attributes.js';

interface BrandedIntrinsicElements {
  'branded-decode': BrandedDecodeAttributes;
  'branded-gate': BrandedGateAttributes;
  'branded-window': BrandedWindowAttributes;
  'branded-enqueue': BrandedEnqueueAttributes;
}

declare global {
  namespace JSX {
    interface IntrinsicElements extends BrandedIntrinsicElements {}
  }
}
