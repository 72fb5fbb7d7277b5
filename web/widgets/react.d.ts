// React 19 JSX attribute types for the four tags: `import type {} from '@echomq/branded-widgets/react'`.
import type {
  BrandedDecodeAttributes,
  BrandedGateAttributes,
  BrandedWindowAttributes,
  BrandedEnqueueAttributes,
} from './attributes.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'branded-decode': BrandedDecodeAttributes;
      'branded-gate': BrandedGateAttributes;
      'branded-window': BrandedWindowAttributes;
      'branded-enqueue': BrandedEnqueueAttributes;
    }
  }
}
