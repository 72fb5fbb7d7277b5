// What a server's `require` gets (the `node` condition): the same names as server.js, no DOM, nothing defined.
class BrandedElement {}
class BrandedDecode extends BrandedElement {}
class BrandedGate extends BrandedElement {}
class BrandedWindow extends BrandedElement {}
class BrandedEnqueue extends BrandedElement {}

module.exports = {
  BrandedElement,
  BrandedDecode,
  BrandedGate,
  BrandedWindow,
  BrandedEnqueue,
  ELEMENTS: Object.freeze({}),
  defineBrandedWidgets: () => false,
};
