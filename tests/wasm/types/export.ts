// The ./export subpath's types: columns of id bytes and places in, a writer of bytes out.
import { createExport, ready, type ExportColumns, type ExportWriter } from '@echomq/branded/export';

await ready;
const columns: ExportColumns = { ids: new TextEncoder().encode('JOB0KHTOWnGLuC'), count: 1, line: [3] };
const writer: ExportWriter = createExport(columns, { format: 'json' });
const bytes: Uint8Array[] = [writer.head(), writer.rows(Uint32Array.of(0)), writer.tail()];
createExport({ ids: new Uint8Array(0), count: 0, idOffset: [], idLength: [] }, { spreadsheet: true });
void bytes;
// @ts-expect-error the formats are csv and json
createExport(columns, { format: 'xlsx' });
// @ts-expect-error ids are bytes, not a string
createExport({ ids: 'JOB0KHTOWnGLuC', count: 1 });
