// The Decode panel's fleet check in words: the package's @echomq/branded/fleet (core's checks, the CLI's --check)
// over the batch's columns; each finding names its node and links to its rows; a batch from several nodes with no
// finding says what was checked.
import { fleetCheck, ready } from '@echomq/branded/fleet';

import { h } from '../../lib/dom.js';
import { formatCount } from '../../lib/format.js';

/** Resolves once the fleet check can run (its module loads on its own). */
export const fleetReady = ready;

const duration = (ms) => {
  const abs = Math.abs(ms);
  if (abs < 1000) return `${formatCount(abs)} ms`;
  if (abs < 120_000) return `${formatCount(Math.round(abs / 100) / 10)} s`;
  return `${formatCount(Math.round(abs / 6000) / 10)} min`;
};

/** Findings listed; the rest are counted (a log can be wrong on every node). */
const SHOWN = 12;

function sentence(finding) {
  if (finding.fault === 'reversed')
    return 'Most ids go back in time from line to line: the log runs newest first, so no node is judged.';
  const node = `Node ${finding.node}`;
  if (finding.fault === 'clock-back')
    return `${node}: its ids go back ${duration(finding.ms)} in log order — its clock stepped back (a restart behind the clock it had).`;
  if (finding.fault === 'shared-node')
    return `${node}: its ids go back or repeat in another line ${formatCount(finding.count)} times — two processes mint under this node id.`;
  if (finding.fault === 'duplicate')
    return `${node}: ${formatCount(finding.ids)} ${finding.ids === 1 ? 'id is' : 'ids are'} on more than one line.`;
  const side = finding.ms > 0 ? 'ahead of' : 'behind';
  return `${node}: ${duration(finding.ms)} ${side} the other nodes at the same place in the log (${formatCount(finding.count)} ids) — its clock is out of step.`;
}

/** The rows a finding links to: the earlier one it contradicts, then where it shows. */
const rowsOf = (finding) => (finding.otherRow === finding.row ? [finding.row] : [finding.otherRow, finding.row]);

/**
 * The fleet check of `decoded` as a section, or null for a batch of one node or none: `onRow(index)` shows the
 * row of the batch at `index`. Call once `fleetReady` has resolved.
 */
export function fleetView(decoded, onRow) {
  if (!decoded || decoded.count - decoded.refused < 2) return null;
  const findings = fleetCheck(decoded.columns);
  const nodes = new Set();
  for (let i = 0; i < decoded.count && nodes.size < 2; i += 1) if (decoded.ok(i)) nodes.add(decoded.columns.node[i]);
  if (findings.length === 0 && nodes.size < 2) return null;
  const link = (index) =>
    h(
      'button',
      { type: 'button', class: 'small link', 'data-row': String(index), onclick: () => onRow(index) },
      `line ${formatCount(decoded.line(index))}`,
    );
  return h(
    'section',
    { class: 'fleet', 'aria-label': 'Fleet check', 'data-testid': 'fleet' },
    h('h3', null, 'Fleet check'),
    findings.length === 0
      ? h(
          'p',
          { class: 'muted', 'data-testid': 'fleet-clean' },
          'No clock stepped back, no two processes under one node id, no id twice, no node out of step.',
        )
      : h(
          'ul',
          null,
          findings
            .slice(0, SHOWN)
            .map((finding) =>
              h(
                'li',
                { 'data-kind': finding.fault, 'data-node': String(finding.node ?? ''), title: finding.message },
                sentence(finding),
                ' ',
                h('span', { class: 'fleet-rows' }, rowsOf(finding).map(link)),
              ),
            ),
          findings.length > SHOWN
            ? h('li', { class: 'muted' }, `and ${formatCount(findings.length - SHOWN)} more`)
            : null,
        ),
  );
}
