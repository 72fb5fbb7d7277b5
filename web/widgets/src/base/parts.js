// CSS part names (`::part()`), given to the panel's elements by selector. The panels are shared with the
// explorer, so the widget names their parts here and again whenever a panel re-renders a region.
export const PARTS = [
  ['.panel', 'panel'],
  ['.panel > header', 'header'],
  ['.panel h2', 'title'],
  ['.lede', 'lede'],
  ['input, textarea, select', 'input'],
  ['button', 'button'],
  ['.verdict', 'verdict'],
  ['.live-status', 'status'],
  ['.note, .error-text', 'note'],
  ['.big-id', 'id'],
  ['dl.kv, dl.facts', 'facts'],
  ['.command', 'command'],
];

/**
 * Gives the elements under `root` their CSS part names, so a host page can style the widget's insides. Its labelled
 * sections (the card, a verdict) become groups: a landmark each would repeat on a page showing several widgets.
 */
export function nameParts(root) {
  for (const section of root.querySelectorAll('section[aria-labelledby], section[aria-label]')) {
    if (section.getAttribute('role') !== 'group') section.setAttribute('role', 'group');
  }
  for (const [selector, part] of PARTS) {
    for (const element of root.querySelectorAll(selector)) {
      if (!element.part.contains(part)) element.part.add(part);
    }
  }
}
