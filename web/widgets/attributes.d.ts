// The attributes each element takes, shared by every framework's declarations (each adds its own HTML
// attributes, `ref`/`class` and event props around them).
import type {
  BrandedTheme,
  BrandedDecode,
  BrandedGate,
  BrandedWindow,
  BrandedEnqueue,
  BrandedDecodeEvents,
  BrandedGateEvents,
  BrandedWindowEvents,
  BrandedEnqueueEvents,
} from './index.js';

export interface BrandedCommonAttributes {
  /** WebSocket URL of a branded bridge; without it the widget never connects. */
  bridge?: string;
  /** Bearer token offered to the bridge. */
  token?: string;
  /** `auto` (the default) follows the host page's light/dark mode. */
  theme?: BrandedTheme;
}
export interface BrandedDecodeAttributes extends BrandedCommonAttributes {
  /** The id to decode (with `multiple`: ids, one per line). */
  value?: string;
  multiple?: boolean;
}
export interface BrandedGateAttributes extends BrandedCommonAttributes {
  /** The candidate job id. */
  value?: string;
}
export interface BrandedWindowAttributes extends BrandedCommonAttributes {
  t0?: string;
  t1?: string;
  stream?: string;
  queue?: string;
}
export interface BrandedEnqueueAttributes extends BrandedCommonAttributes {
  value?: string;
  queue?: string;
  payload?: string;
  executor?: 'script' | 'native';
}

/** Each tag: its element class, its attributes and its events, for the framework declarations to map. */
export interface BrandedTags {
  'branded-decode': { element: BrandedDecode; attributes: BrandedDecodeAttributes; events: BrandedDecodeEvents };
  'branded-gate': { element: BrandedGate; attributes: BrandedGateAttributes; events: BrandedGateEvents };
  'branded-window': { element: BrandedWindow; attributes: BrandedWindowAttributes; events: BrandedWindowEvents };
  'branded-enqueue': { element: BrandedEnqueue; attributes: BrandedEnqueueAttributes; events: BrandedEnqueueEvents };
}

/** `on<event-name>` props (React 19, Preact, Svelte 5 attach them as listeners for that event name). */
export type BrandedEventProps<Events> = {
  [Name in keyof Events & string as `on${Name}`]?: (event: Events[Name]) => void;
};
