// Svelte types for the four tags: `import type {} from '@echomq/branded-widgets/svelte'` once in the project
// (svelte-check then checks their attributes and events). Svelte 5 attaches `onbranded-decode={…}` as a
// listener for `branded-decode`; Svelte 4's `on:branded-decode` is typed too.
import type { HTMLAttributes } from 'svelte/elements';
import type { BrandedTags, BrandedEventProps } from './attributes.js';

export type * from './attributes.js';

/** Svelte 4's `on:<event-name>` directives. */
type BrandedEventDirectives<Events> = {
  [Name in keyof Events & string as `on:${Name}`]?: (event: Events[Name]) => void;
};

/** A tag's attributes in Svelte: its element's HTML attributes, the widget's attributes, its events. */
export type BrandedSvelteAttributes<Tag extends keyof BrandedTags> = HTMLAttributes<BrandedTags[Tag]['element']> &
  BrandedTags[Tag]['attributes'] &
  BrandedEventProps<BrandedTags[Tag]['events']> &
  BrandedEventDirectives<BrandedTags[Tag]['events']>;

declare module 'svelte/elements' {
  export interface SvelteHTMLElements {
    'branded-decode': BrandedSvelteAttributes<'branded-decode'>;
    'branded-gate': BrandedSvelteAttributes<'branded-gate'>;
    'branded-window': BrandedSvelteAttributes<'branded-window'>;
    'branded-enqueue': BrandedSvelteAttributes<'branded-enqueue'>;
  }
}
