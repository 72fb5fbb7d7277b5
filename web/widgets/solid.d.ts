// Solid types for the four tags: `import type {} from '@echomq/branded-widgets/solid'` once in the project.
// Solid sets a custom element's props as properties and listens with `on:branded-decode={(e) => e.detail}`.
import type { JSX } from 'solid-js';
import type { BrandedTags } from './attributes.js';

export type * from './attributes.js';

/** Solid's `on:<event-name>` listeners. */
type BrandedSolidEvents<Events> = {
  [Name in keyof Events & string as `on:${Name}`]?: (event: Events[Name]) => void;
};

/** A tag's props in Solid: its element's HTML attributes (and `ref`), the widget's attributes, its events. */
export type BrandedSolidProps<Tag extends keyof BrandedTags> = JSX.HTMLAttributes<BrandedTags[Tag]['element']> &
  BrandedTags[Tag]['attributes'] &
  BrandedSolidEvents<BrandedTags[Tag]['events']>;

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'branded-decode': BrandedSolidProps<'branded-decode'>;
      'branded-gate': BrandedSolidProps<'branded-gate'>;
      'branded-window': BrandedSolidProps<'branded-window'>;
      'branded-enqueue': BrandedSolidProps<'branded-enqueue'>;
    }
  }
}
