// Which colour scheme the host page shows. Docs themes mark dark mode on <html>: VitePress with the
// class `dark`, Docusaurus and Starlight with data-theme="dark". With no marker the widget inherits the
// page's own `color-scheme` (so a page that follows the OS makes the widgets follow it too).
const MARKERS = ['class', 'data-theme', 'data-color-scheme', 'data-mode'];

/** 'dark', 'light' or null (no marker: inherit the page's color-scheme). */
export function hostScheme(root = document.documentElement) {
  for (const name of ['data-theme', 'data-color-scheme', 'data-mode']) {
    const value = root.getAttribute(name);
    if (value === 'dark' || value === 'light') return value;
  }
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return null;
}

const listeners = new Set();
let observer = null;

/** Calls listener() whenever <html>'s theme markers change; returns the function that stops it. */
export function watchHostScheme(listener) {
  listeners.add(listener);
  if (!observer) {
    observer = new MutationObserver(() => listeners.forEach((call) => call()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: MARKERS });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer.disconnect();
      observer = null;
    }
  };
}
