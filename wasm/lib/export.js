// Core's export rows (export_rows.hpp) over a module instance that links bindings/export.cpp: the ./export
// subpath's own module. Plain code that takes the instance ({wasm, views}), as lib/fleet.js does.
import { describe } from './args.js';

// ExportStyle's numbers.
const STYLES = { csv: 0, spreadsheet: 1, json: 2 };

const isIndexed = (value) => Array.isArray(value) || ArrayBuffer.isView(value);

// The columns checked: ids (bytes), count, and the optional columns, each with a number per row.
function columnsOf(columns) {
  if (columns === null || typeof columns !== 'object' || !(columns.ids instanceof Uint8Array))
    throw new TypeError(`createExport takes columns with the ids' bytes (a Uint8Array), got ${describe(columns)}`);
  const { count } = columns;
  if (!Number.isSafeInteger(count) || count < 0 || count > 0xffffffff)
    throw new RangeError(`count must be a whole number of rows, got ${describe(count)}`);
  for (const name of ['idOffset', 'idLength', 'line', 'offset'])
    if (columns[name] !== undefined && (!isIndexed(columns[name]) || columns[name].length < count))
      throw new TypeError(`the ${name} column must hold a number for each of the ${count} rows`);
  if ((columns.idOffset === undefined) !== (columns.idLength === undefined))
    throw new TypeError('idOffset and idLength go together: each row’s id is idLength[i] bytes at idOffset[i]');
  if (columns.idOffset === undefined && count > 0 && columns.ids.length % count !== 0)
    throw new RangeError(`without idOffset the ${columns.ids.length} bytes must split into ${count} ids of one width`);
  return columns;
}

function styleOf({ format = 'csv', spreadsheet = false } = {}) {
  if (format !== 'csv' && format !== 'json')
    throw new TypeError(`format must be 'csv' or 'json', got ${describe(format)}`);
  if (typeof spreadsheet !== 'boolean')
    throw new TypeError(`spreadsheet must be a boolean, got ${describe(spreadsheet)}`);
  return format === 'json' ? STYLES.json : spreadsheet ? STYLES.spreadsheet : STYLES.csv;
}

/** The ./export API over one module instance: {createExport}, as documented in export.d.ts. */
export function exportApi({ wasm, views }) {
  let current = 0; // the export whose columns the module holds

  // The columns into the module's area: places (line, offset), spans (start, length), then the id bytes.
  function put({ ids, count, idOffset, idLength, line, offset }) {
    const area = wasm.export_area(count, ids.length);
    const { u8, u32, f64 } = views();
    const placesAt = area >> 3;
    for (let i = 0; i < count; i++) {
      f64[placesAt + 2 * i] = line === undefined ? i + 1 : line[i];
      f64[placesAt + 2 * i + 1] = offset === undefined ? 0 : offset[i];
    }
    const spansAt = (area >> 2) + count * 4;
    const width = count === 0 ? 0 : ids.length / count;
    for (let i = 0; i < count; i++) {
      const start = idOffset === undefined ? i * width : idOffset[i];
      const length = idOffset === undefined ? width : idLength[i];
      if (!(start >= 0 && length >= 0 && start + length <= ids.length))
        throw new RangeError(`row ${i}'s id (${length} bytes at ${start}) lies outside the ${ids.length} bytes`);
      u32[spansAt + 2 * i] = start;
      u32[spansAt + 2 * i + 1] = length;
    }
    u8.set(ids, area + count * 24);
  }

  const answer = (size) => views().u8.slice(wasm.export_output(), wasm.export_output() + size);

  return {
    createExport(columns, options) {
      const checked = columnsOf(columns);
      const style = styleOf(options);
      const id = ++current; // before the area is refilled: an earlier writer must not read this export's rows
      put(checked);
      const head = answer(wasm.export_start(style, checked.offset === undefined ? 0 : 1));
      const mine = () => {
        if (id !== current) throw new Error('another createExport took the module: one export at a time');
      };
      return {
        head: () => head.slice(),
        rows(order) {
          mine();
          if (!isIndexed(order)) throw new TypeError(`rows takes an array of row numbers, got ${describe(order)}`);
          const slots = wasm.export_order(order.length) >> 2;
          const { u32 } = views();
          for (let k = 0; k < order.length; k++) {
            const row = order[k];
            if (!(Number.isInteger(row) && row >= 0 && row < checked.count))
              throw new RangeError(`order[${k}] must be a row number below ${checked.count}, got ${describe(row)}`);
            u32[slots + k] = row;
          }
          return answer(wasm.export_rows(order.length));
        },
        tail() {
          mine();
          return answer(wasm.export_end());
        },
      };
    },
  };
}
