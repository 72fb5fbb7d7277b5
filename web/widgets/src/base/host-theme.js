// Which colour scheme the host page shows, read where docs themes and apps say it: on <body> or <html>, a class
// (`dark`/`light`: VitePress, Tailwind) or an attribute (`data-theme`: Docusaurus, Starlight, furo on <body>;
// `data-md-color-scheme`: MkDocs Material; `data-bs-theme`: Bootstrap), then the `color-scheme` meta, then
// nothing: the widget inherits the page's own CSS `color-scheme` (a page that follows the OS makes it follow too).
const ATTRIBUTES = ['data-theme', 'data-color-scheme', 'data-mode', 'data-bs-theme', 'data-md-color-scheme'];
const WATCHED = ['class', ...ATTRIBUTES];
// Values that name a scheme; `auto` (furo, Bootstrap) means the reader's system setting. MkDocs Material's two
// built-in palettes are `default` (light) and `slate` (dark); a custom palette's name says nothing.
const VALUES = new Map([
  ['dark', 'dark'],
  ['light', 'light'],
  ['auto', 'system'],
]);
const MATERIAL_VALUES = new Map([
  ['default', 'light'],
  ['slate', 'dark'],
]);

const systemScheme = () => (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/** What one element's markers say: 'dark', 'light', 'system' or null (no marker it knows). */
function markedScheme(element) {
  if (!element) return null;
  for (const name of ATTRIBUTES) {
    const given = element.getAttribute(name)?.trim().toLowerCase();
    const value = given && (name === 'data-md-color-scheme' ? MATERIAL_VALUES : VALUES).get(given);
    if (value) return value;
  }
  if (element.classList.contains('dark')) return 'dark';
  if (element.classList.contains('light')) return 'light';
  return null;
}

/** What `<meta name="color-scheme">` says: one scheme when it names one, 'system' when it names both. */
function metaScheme(doc) {
  const content = doc.querySelector('meta[name="color-scheme" i]')?.getAttribute('content') ?? '';
  const words = content.toLowerCase().split(/\s+/);
  const dark = words.includes('dark');
  const light = words.includes('light');
  if (dark && light) return 'system';
  if (dark) return 'dark';
  if (light) return 'light';
  return null;
}

/** 'dark', 'light' or null (no marker anywhere: inherit the page's color-scheme). */
export function hostScheme(doc = document) {
  const scheme = markedScheme(doc.body) ?? markedScheme(doc.documentElement) ?? metaScheme(doc);
  return scheme === 'system' ? systemScheme() : scheme;
}

const listeners = new Set();
let observer = null;
let media = null;
const notify = () => listeners.forEach((call) => call());

function observeBody(doc) {
  if (doc.body) observer.observe(doc.body, { attributes: true, attributeFilter: WATCHED });
}

/** Calls listener() whenever a theme marker, the meta or the system's scheme changes; returns the stop function. */
export function watchHostScheme(listener, doc = document) {
  listeners.add(listener);
  if (!observer) {
    observer = new MutationObserver((records) => {
      // A page that swaps its <body> (Turbo, some routers) keeps being followed.
      if (records.some((r) => r.type === 'childList' && r.target === doc.documentElement)) observeBody(doc);
      notify();
    });
    observer.observe(doc.documentElement, { attributes: true, attributeFilter: WATCHED, childList: true });
    observeBody(doc);
    if (doc.head) {
      observer.observe(doc.head, { childList: true, subtree: true, attributes: true, attributeFilter: ['content'] });
    }
    media = globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
    media?.addEventListener?.('change', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer.disconnect();
      observer = null;
      media?.removeEventListener?.('change', notify);
      media = null;
    }
  };
}
