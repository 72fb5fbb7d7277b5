// @echomq/branded-widgets: importing it in a browser defines <branded-decode>, <branded-gate>,
// <branded-window> and <branded-enqueue>; on a server it defines nothing and touches no DOM.
import { defineBrandedWidgets } from './elements.js';

export {
  BrandedElement,
  BrandedDecode,
  BrandedGate,
  BrandedWindow,
  BrandedEnqueue,
  ELEMENTS,
  defineBrandedWidgets,
} from './elements.js';

defineBrandedWidgets();
