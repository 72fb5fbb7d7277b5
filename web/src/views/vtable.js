// A virtual table: only the rows in view exist in the DOM, so 10,000 (or 1,000,000) rows scroll as
// smoothly as ten. Keyboard: ↑ ↓ PageUp PageDown Home End move the selection.
import { h, fill } from '../lib/dom.js';

const OVERSCAN = 8;

/**
 * columns: [{key, label, width}]; renderRow(index) → {cells: Node[], refused: bool, label: string};
 * onSelect(index) when the selection moves.
 */
export class VirtualTable {
  constructor({ columns, renderRow, onSelect, label }) {
    this.columns = columns;
    this.renderRow = renderRow;
    this.onSelect = onSelect;
    this.count = 0;
    this.selected = -1;
    this.frame = 0;
    this.rowHeight = 30;

    this.head = h(
      'div',
      { class: 'vrow vhead', role: 'row' },
      columns.map((c) => h('span', { role: 'columnheader', class: `c-${c.key}` }, c.label)),
    );
    this.body = h('div', { class: 'vbody', role: 'rowgroup' });
    this.element = h(
      'div',
      {
        class: 'vtable',
        role: 'grid',
        tabindex: '0',
        'aria-label': label,
        'aria-rowcount': '0',
        'aria-multiselectable': 'false',
      },
      h('div', { role: 'rowgroup', class: 'vhead-group' }, this.head),
      this.body,
    );
    // Set inside the table (not on it), so widths may use variables that the table's container queries set.
    for (const part of [this.head, this.body]) part.style.setProperty('--cols', columns.map((c) => c.width).join(' '));
    this.element.addEventListener('scroll', () => this.schedule());
    this.element.addEventListener('keydown', (e) => this.key(e));
    this.body.addEventListener('click', (e) => {
      const row = e.target.closest('[data-index]');
      if (row) this.select(Number(row.dataset.index));
    });
  }

  /** New data: count rows; keeps the selection when it still exists. */
  setCount(count, selected = this.selected) {
    this.count = count;
    this.selected = count === 0 ? -1 : Math.min(Math.max(selected, 0), count - 1);
    this.element.setAttribute('aria-rowcount', String(count + 1));
    this.body.style.height = `${count * this.rowHeight}px`;
    this.render();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render() {
    const headHeight = this.head.offsetHeight || this.rowHeight;
    const top = Math.max(0, this.element.scrollTop - headHeight);
    const height = this.element.clientHeight || this.rowHeight * 14;
    const first = Math.max(0, Math.floor(top / this.rowHeight) - OVERSCAN);
    const last = Math.min(this.count, Math.ceil((top + height) / this.rowHeight) + OVERSCAN);
    const rows = [];
    for (let i = first; i < last; i += 1) rows.push(this.row(i));
    fill(this.body, rows);
  }

  row(index) {
    const { cells, refused } = this.renderRow(index);
    const row = h(
      'div',
      {
        class: refused ? 'vrow refused' : 'vrow',
        role: 'row',
        'data-index': index,
        'aria-rowindex': index + 2,
        'aria-selected': String(index === this.selected),
      },
      cells,
    );
    row.style.top = `${index * this.rowHeight}px`;
    return row;
  }

  select(index, { scroll = false } = {}) {
    if (this.count === 0) return;
    this.selected = Math.min(Math.max(index, 0), this.count - 1);
    if (scroll) this.scrollTo(this.selected);
    this.render();
    this.onSelect(this.selected);
  }

  scrollTo(index) {
    const headHeight = this.head.offsetHeight || this.rowHeight;
    const rowTop = index * this.rowHeight;
    const view = this.element.clientHeight - headHeight;
    if (rowTop < this.element.scrollTop) this.element.scrollTop = rowTop;
    else if (rowTop + this.rowHeight > this.element.scrollTop + view) {
      this.element.scrollTop = rowTop + this.rowHeight - view;
    }
  }

  key(event) {
    const page = Math.max(1, Math.floor((this.element.clientHeight - this.rowHeight) / this.rowHeight));
    const moves = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: -page,
      Home: -Infinity,
      End: Infinity,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const move = moves[event.key];
    const target = move === -Infinity ? 0 : move === Infinity ? this.count - 1 : this.selected + move;
    this.select(target, { scroll: true });
  }
}
