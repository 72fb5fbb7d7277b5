// React 19 types for the four tags: `import type {} from '@echomq/branded-widgets/react'` once in the project.
// Each tag takes React's own HTML attributes (`className`, `style`, `hidden`, `onClick`, `children`, `key`) and a
// `ref` to its element class, the widget's attributes, and its events as `on<event-name>` props, which React 19
// attaches as listeners: `<branded-decode onbranded-decode={(e) => e.detail} />`.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { BrandedTags, BrandedEventProps } from './attributes.js';

export type * from './attributes.js';

/** A tag's props in React: its element's HTML attributes and ref, the widget's attributes and event props. */
export type BrandedReactProps<Tag extends keyof BrandedTags> = DetailedHTMLProps<
  HTMLAttributes<BrandedTags[Tag]['element']>,
  BrandedTags[Tag]['element']
> &
  BrandedTags[Tag]['attributes'] &
  BrandedEventProps<BrandedTags[Tag]['events']>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'branded-decode': BrandedReactProps<'branded-decode'>;
      'branded-gate': BrandedReactProps<'branded-gate'>;
      'branded-window': BrandedReactProps<'branded-window'>;
      'branded-enqueue': BrandedReactProps<'branded-enqueue'>;
    }
  }
}
