// Vue 3 template types for the four tags: `import type {} from '@echomq/branded-widgets/vue'` once in the
// project (vue-tsc and Volar then check their attributes and events, `@branded-decode="(e) => e.detail"`), in
// the form Vue's guide gives for custom elements. Vue must also leave the tags to the browser:
// compilerOptions.isCustomElement = (tag) => tag.startsWith('branded-').
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { BrandedTags } from './attributes.js';

export type * from './attributes.js';

/** A tag as Vue's GlobalComponents sees it: the element, with its attributes as props and its events as emits. */
export type BrandedVueElement<Tag extends keyof BrandedTags> = new () => BrandedTags[Tag]['element'] & {
  /** @deprecated For template types only; read the element's own properties instead. */
  $props: HTMLAttributes & BrandedTags[Tag]['attributes'] & PublicProps;
  /** @deprecated For template types only. */
  $emit: EmitFn<{
    [Name in keyof BrandedTags[Tag]['events']]: (event: BrandedTags[Tag]['events'][Name]) => void;
  }>;
};

declare module 'vue' {
  interface GlobalComponents {
    'branded-decode': BrandedVueElement<'branded-decode'>;
    'branded-gate': BrandedVueElement<'branded-gate'>;
    'branded-window': BrandedVueElement<'branded-window'>;
    'branded-enqueue': BrandedVueElement<'branded-enqueue'>;
  }
}
