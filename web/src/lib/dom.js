// Building DOM without innerHTML: every text goes in as a text node, so ids and server replies can
// never become markup, and nothing here needs an inline style (the pages run under a strict CSP).

const SVG_NS = 'http://www.w3.org/2000/svg';

function applyProps(el, props) {
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'value' || key === 'checked') el[key] = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function appendChildren(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/** h('div', {class: 'x', onclick}, 'text', child) — an HTML element. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  applyProps(el, props);
  appendChildren(el, children);
  return el;
}

/** s('rect', {x: 0}) — an SVG element. */
export function s(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyProps(el, props);
  appendChildren(el, children);
  return el;
}

/** Replaces every child of el with the given children. */
export function fill(el, ...children) {
  el.replaceChildren();
  appendChildren(el, children);
  return el;
}

let nextUid = 0;
/** A document-unique id for label/aria wiring (unique within a shadow root as well). */
export function uid(prefix) {
  nextUid += 1;
  return `${prefix}-${nextUid}`;
}

/** A labelled form field: returns {field, input}. */
export function field(label, input, hint) {
  const id = input.id || uid('f');
  input.id = id;
  const hintEl = hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null;
  if (hintEl) input.setAttribute('aria-describedby', hintEl.id);
  return { field: h('div', { class: 'field' }, h('label', { for: id }, label), input, hintEl), input };
}

/** Enter in any of the inputs presses the button (when it is enabled), as a form's submit would. */
export function submitOnEnter(inputs, button) {
  for (const input of inputs) {
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.isComposing || button.disabled) return;
      event.preventDefault();
      button.click();
    });
  }
}

/** Calls fn at most once per `ms`, with the latest arguments. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
