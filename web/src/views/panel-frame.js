// The card every panel sits in: a section labelled by its heading, with an optional lede under it. The
// explorer gives each panel its lede; a docs widget, inside someone's prose, goes without.
import { h } from '../lib/dom.js';

/** {key, title, lede?} and the panel's body → the panel's section. */
export function panelFrame({ key, title, lede = null }, ...body) {
  const titleId = `${key}-title`;
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': titleId, 'data-panel': key },
    h('header', null, h('h2', { id: titleId }, title), lede ? h('p', { class: 'lede' }, lede) : null),
    ...body,
  );
}
