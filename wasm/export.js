// @echomq/branded/export: a batch's rows as CSV or JSON bytes (core's export_rows.hpp, the explorer's download) in
// a module of its own (lib/subpath-module.js).
import createExportModule from './dist/branded-export-wasm.js';
import binary from './dist/branded-export-binary.js';
import { exportApi } from './lib/export.js';
import { loadSubpathModule } from './lib/subpath-module.js';

const exporter = loadSubpathModule('export', createExportModule, binary, exportApi);
/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready = exporter.ready;

/**
 * A writer of `columns`' rows as CSV (`spreadsheet`: Snowflakes as ="…") or JSON: head(), rows(order) for each
 * slice of the rows, tail(), each the next bytes of the file.
 */
export const createExport = (columns, options) => exporter.loaded().createExport(columns, options);
