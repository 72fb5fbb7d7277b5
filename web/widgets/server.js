// What a server gets (the `node` export condition): the same names, no DOM, nothing defined, no wasm
// loaded. Server-side rendering can import the widgets module unconditionally.
export class BrandedElement {}
export class BrandedDecode extends BrandedElement {}
export class BrandedGate extends BrandedElement {}
export class BrandedWindow extends BrandedElement {}
export class BrandedEnqueue extends BrandedElement {}
export const ELEMENTS = Object.freeze({});

export function defineBrandedWidgets() {
  return false;
}
