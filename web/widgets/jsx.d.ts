// JSX types for the four tags in the global `JSX` namespace (a JSX setup with no framework module of its own):
// `import type {} from '@echomq/branded-widgets/jsx'` once in the project. React 19: `/react`; Solid: `/solid`.
import type { BrandedTags, BrandedEventProps } from './attributes.js';

export type * from './attributes.js';

/** A tag's props in a global JSX namespace: common HTML attributes, the widget's attributes and event props. */
export type BrandedJsxProps<Tag extends keyof BrandedTags> = {
  class?: string;
  id?: string;
  style?: string;
  hidden?: boolean;
  slot?: string;
} & BrandedTags[Tag]['attributes'] &
  BrandedEventProps<BrandedTags[Tag]['events']>;

declare global {
  namespace JSX {
    interface IntrinsicElements {
      'branded-decode': BrandedJsxProps<'branded-decode'>;
      'branded-gate': BrandedJsxProps<'branded-gate'>;
      'branded-window': BrandedJsxProps<'branded-window'>;
      'branded-enqueue': BrandedJsxProps<'branded-enqueue'>;
    }
  }
}
