// Styles as constructed stylesheets: adopted by the document or a shadow root, never an inline
// <style> or style attribute, so they pass a CSP with no 'unsafe-inline'.
import baseCss from '../styles/base.css?inline';

const sheets = new Map();
function sheetOf(css) {
  if (!sheets.has(css)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheets.get(css);
}

/** Adopts the shared base sheet plus any extra sheets into a Document or ShadowRoot. */
export function adoptStyles(target, ...extra) {
  target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheetOf(baseCss), ...extra.map(sheetOf)];
}
