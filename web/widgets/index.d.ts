// Types for @echomq/branded-widgets: the four elements, their events, and the tag names for
// document.createElement / querySelector. JSX and Vue attribute types: ./jsx.d.ts and ./vue.d.ts.

export type BrandedTheme = 'auto' | 'light' | 'dark';

/** What every widget shares. On a server (the `node` export condition) the classes are empty placeholders. */
export declare class BrandedElement extends HTMLElement {
  /** `auto` (the default) follows the host page's light/dark mode. Reflects the `theme` attribute. */
  theme: BrandedTheme;
  /** The bridge's WebSocket URL (`bridge` attribute); null: no bridge, nothing connects. */
  bridge: string | null;
}

export declare class BrandedDecode extends BrandedElement {
  /** The id to decode (with `multiple`: ids, one per line). */
  value: string;
  multiple: boolean;
}

export declare class BrandedGate extends BrandedElement {
  /** The candidate job id. */
  value: string;
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
    }
  | { id: string; ok: false; error: BrandedParseError };

/** `branded-decode` on <branded-decode multiple>. */
export interface BrandedDecodeManyDetail {
  count: number;
  decoded: number;
  refused: number;
}

/** `branded-verdict` on <branded-gate>: the host check (all 14 bytes) and the wire gate (the first 3). */
export interface BrandedVerdictDetail {
  id: string;
  host: { admitted: boolean; error?: BrandedParseError };
  wire: { admitted: boolean; error?: string };
}

/** `branded-change`: the widget's inputs by attribute name, after the reader edited them. */
export type BrandedChangeDetail = Record<string, string>;

declare global {
  interface HTMLElementTagNameMap {
    'branded-decode': BrandedDecode;
    'branded-gate': BrandedGate;
    'branded-window': BrandedWindow;
    'branded-enqueue': BrandedEnqueue;
  }
  interface HTMLElementEventMap {
    'branded-decode': CustomEvent<BrandedDecodeDetail | BrandedDecodeManyDetail>;
    'branded-verdict': CustomEvent<BrandedVerdictDetail>;
    'branded-change': CustomEvent<BrandedChangeDetail>;
  }
}
