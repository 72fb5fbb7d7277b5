// The attributes each element takes, shared by the JSX and Vue declarations.
import type { BrandedTheme } from './index.js';

export interface BrandedCommonAttributes {
  /** WebSocket URL of a branded bridge; without it the widget never connects. */
  bridge?: string;
  /** Bearer token offered to the bridge. */
  token?: string;
  theme?: BrandedTheme;
  class?: string;
  id?: string;
}
export interface BrandedDecodeAttributes extends BrandedCommonAttributes {
  value?: string;
  multiple?: boolean;
}
export interface BrandedGateAttributes extends BrandedCommonAttributes {
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
