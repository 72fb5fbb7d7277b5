// The ./fleet subpath's types: columns in, findings out, each fault's fields where the fault has them.
import { parseMany } from '@echomq/branded';
import { fleetCheck, ready, type FleetFault, type FleetFinding } from '@echomq/branded/fleet';

await ready;
const findings: FleetFinding[] = fleetCheck(parseMany(['JOB0KHTOWnGLuC', 'JOB0KHTOWnGLuD']));
fleetCheck({ snowflake: [1n, 2n], error: [0, 3], lines: [7, 7] });
for (const finding of findings) {
  const fault: FleetFault = finding.fault;
  const node: number | null = finding.node;
  const ms: number | undefined = finding.ms;
  const rows: [number, number] = [finding.otherRow, finding.row];
  void [fault, node, ms, rows, finding.message.length, finding.snowflake ?? 0n];
}
// @ts-expect-error the columns need a snowflake column
fleetCheck({ error: [0] });
// @ts-expect-error Snowflakes are bigints
fleetCheck({ snowflake: [1, 2] });
