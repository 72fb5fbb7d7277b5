// The four elements by tag name, and the one call that defines them.
import { BrandedDecode } from './decode/branded-decode.js';
import { BrandedGate } from './gate/branded-gate.js';
import { BrandedWindow } from './window/branded-window.js';
import { BrandedEnqueue } from './enqueue/branded-enqueue.js';

export { BrandedElement } from './base/branded-element.js';
export { BrandedDecode, BrandedGate, BrandedWindow, BrandedEnqueue };

export const ELEMENTS = Object.freeze({
  'branded-decode': BrandedDecode,
  'branded-gate': BrandedGate,
  'branded-window': BrandedWindow,
  'branded-enqueue': BrandedEnqueue,
});

/** Defines the four elements (those not yet defined); on a server, where there is no registry, does nothing. */
export function defineBrandedWidgets(registry = globalThis.customElements) {
  if (!registry || !globalThis.HTMLElement) return false;
  for (const [name, element] of Object.entries(ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, element);
  }
  return true;
}
