// Types for @echomq/branded-widgets: the four elements, their events, and the tag names for
// document.createElement / querySelector. Template types: ./react.d.ts, ./vue.d.ts, ./svelte.d.ts, ./solid.d.ts,
// ./jsx.d.ts (a global JSX namespace).

export type BrandedTheme = 'auto' | 'light' | 'dark';

/** What every widget shares. On a server (the `node` export condition) the classes are empty placeholders. */
export declare class BrandedElement extends HTMLElement {
  /** `auto` (the default) follows the host page's light/dark mode. Reflects the `theme` attribute. */
  theme: BrandedTheme;
  /** The bridge's WebSocket URL (`bridge` attribute); null: no bridge, nothing connects. */
  bridge: string | null;
  /** What the widget shows, as its result event's detail; null for an element with none or before it loaded. */
  readonly result: unknown;
  /** The widget's inputs by attribute name, as the reader sees them (what `branded-change` carries). */
  readonly values: BrandedChangeDetail;
  /** Resolves to true once the widget shows its current state; rejects if the package cannot load. */
  readonly updateComplete: Promise<boolean>;
}

export declare class BrandedDecode extends BrandedElement {
  /** The id shown (with `multiple`: ids, one per line): what the reader typed, else the attribute. */
  value: string;
  multiple: boolean;
  /**
   * The decode of what the widget shows (the `branded-decode` event's detail). Null only before the package has
   * loaded: never in a page's first effect or mount hook, where the browser compiles the wasm synchronously.
   * `result?.ok` narrows it to one id's fields.
   */
  readonly result: BrandedDecodeResult | null;
}

export declare class BrandedGate extends BrandedElement {
  /** The candidate job id shown: what the reader typed, else the attribute. */
  value: string;
  /** Both verdicts on what the widget shows (the `branded-verdict` event's detail), null before it loads. */
  readonly result: BrandedVerdictDetail | null;
}

export declare class BrandedWindow extends BrandedElement {}
export declare class BrandedEnqueue extends BrandedElement {}

export declare const ELEMENTS: Readonly<{
  'branded-decode': typeof BrandedDecode;
  'branded-gate': typeof BrandedGate;
  'branded-window': typeof BrandedWindow;
  'branded-enqueue': typeof BrandedEnqueue;
}>;

/** Defines the elements not yet defined; returns false (and does nothing) where there is no customElements. */
export declare function defineBrandedWidgets(registry?: CustomElementRegistry): boolean;

export type BrandedParseError = 'length' | 'namespace' | 'charset' | 'range';

/** `branded-decode` on <branded-decode> without `multiple`. */
export type BrandedDecodeDetail =
  | {
      id: string;
      ok: true;
      namespace: string;
      snowflake: bigint;
      unixMs: number;
      iso: string;
      node: number;
      seq: number;
      hash32: number;
      streamId: string;
      /** Absent; declared so `if (!detail.ok) detail.error` type-checks without strictNullChecks too. */
      error?: undefined;
    }
  | { id: string; ok: false; error: BrandedParseError };

/**
 * `branded-decode` on <branded-decode multiple>. It has no `ok` or `error` (declared absent), so `detail.ok` is true
 * only for one id that decoded and narrows a `BrandedDecodeResult` to its fields.
 */
export interface BrandedDecodeManyDetail {
  count: number;
  decoded: number;
  refused: number;
  ok?: never;
  error?: undefined;
}

/** What `branded-decode` carries: one id's decode, or with `multiple` the counts. */
export type BrandedDecodeResult = BrandedDecodeDetail | BrandedDecodeManyDetail;

/** `branded-verdict` on <branded-gate>: the host check (all 14 bytes) and the wire gate (the first 3). */
export interface BrandedVerdictDetail {
  id: string;
  host: { admitted: true; error?: undefined } | { admitted: false; error: BrandedParseError };
  wire: { admitted: true; error?: undefined } | { admitted: false; error: string };
}

/** `branded-change`: the widget's inputs by attribute name, after the reader edited them. */
export type BrandedChangeDetail = Record<string, string>;

/** A widget's event: `target` and `currentTarget` are the element that fired it. */
export type BrandedEvent<Detail, Element extends BrandedElement = BrandedElement> = CustomEvent<Detail> & {
  readonly target: Element;
};

/** The events each element fires, by name (what the framework types map to their event props). */
export interface BrandedDecodeEvents {
  'branded-decode': BrandedEvent<BrandedDecodeResult, BrandedDecode>;
  'branded-change': BrandedEvent<BrandedChangeDetail, BrandedDecode>;
}
export interface BrandedGateEvents {
  'branded-verdict': BrandedEvent<BrandedVerdictDetail, BrandedGate>;
  'branded-change': BrandedEvent<BrandedChangeDetail, BrandedGate>;
}
export interface BrandedWindowEvents {
  'branded-change': BrandedEvent<BrandedChangeDetail, BrandedWindow>;
}
export interface BrandedEnqueueEvents {
  'branded-change': BrandedEvent<BrandedChangeDetail, BrandedEnqueue>;
}

declare global {
  interface HTMLElementTagNameMap {
    'branded-decode': BrandedDecode;
    'branded-gate': BrandedGate;
    'branded-window': BrandedWindow;
    'branded-enqueue': BrandedEnqueue;
  }
  // The events bubble out of the shadow root (composed) to the document and the window: typed on all three.
  interface HTMLElementEventMap extends BrandedEventMap {}
  interface DocumentEventMap extends BrandedEventMap {}
  interface WindowEventMap extends BrandedEventMap {}
}

/** The widgets' events by name, as any element, the document or the window hears them. */
export interface BrandedEventMap {
  'branded-decode': CustomEvent<BrandedDecodeResult>;
  'branded-verdict': CustomEvent<BrandedVerdictDetail>;
  'branded-change': CustomEvent<BrandedChangeDetail>;
}
