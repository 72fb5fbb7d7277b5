// Vue template types for the four tags: `import type {} from '@echomq/branded-widgets/vue'` once in the
// project (Volar then checks their attributes). Vue must also treat them as custom elements:
// compilerOptions.isCustomElement = (tag) => tag.startsWith('branded-').
import type { DefineComponent } from 'vue';
import type {
  BrandedDecodeAttributes,
  BrandedGateAttributes,
  BrandedWindowAttributes,
  BrandedEnqueueAttributes,
} from './attributes.js';

export type * from './attributes.js';

declare module 'vue' {
  interface GlobalComponents {
    'branded-decode': DefineComponent<BrandedDecodeAttributes>;
    'branded-gate': DefineComponent<BrandedGateAttributes>;
    'branded-window': DefineComponent<BrandedWindowAttributes>;
    'branded-enqueue': DefineComponent<BrandedEnqueueAttributes>;
  }
}
