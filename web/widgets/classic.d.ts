// Types for the classic script (`@echomq/branded-widgets/classic`, or a <script> tag): loading it defines the four
// elements and sets `window.BrandedWidgets`; it exports nothing.
export {};

declare global {
  interface Window {
    /** The classes and defineBrandedWidgets, as the module exports them. */
    BrandedWidgets: typeof import('./index.js');
  }
}
