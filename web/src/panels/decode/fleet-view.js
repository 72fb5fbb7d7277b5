// The Decode panel's fleet check (fleet.js) in words: each finding names its node and links to its rows; a batch
// from several nodes with no finding says what was checked.
import { h } from '../../lib/dom.js';
import { formatCount } from '../../lib/format.js';
import { fleetFindings } from './fleet.js';

/** Rows linked per finding. */
const LINKS = 6;

const duration = (ms) => {
  const abs = Math.abs(ms);
  if (abs < 1000) return `${formatCount(abs)} ms`;
  if (abs < 120_000) return `${formatCount(Math.round(abs / 100) / 10)} s`;
  return `${formatCount(Math.round(abs / 6000) / 10)} min`;
};

/** Findings listed; the rest are counted (a log can be wrong on every node). */
const SHOWN = 12;

function sentence(finding) {
  if (finding.kind === 'reversed')
    return 'Most ids go back in time from line to line: the log runs newest first, so no node is judged.';
  const node = `Node ${finding.node}`;
  if (finding.kind === 'stepped-back')
    return `${node}: its ids go back ${duration(finding.behindMs)} in log order — its clock stepped back (a restart behind the clock it had).`;
  if (finding.kind === 'two-processes')
    return `${node}: its ids go back ${formatCount(finding.count)} times, interleaved — two processes mint under this node id.`;
  if (finding.kind === 'duplicate')
    return `${node}: ${formatCount(finding.count)} ${finding.count === 1 ? 'id is' : 'ids are'} on more than one line.`;
  const side = finding.offsetMs > 0 ? 'ahead of' : 'behind';
  return `${node}: ${duration(finding.offsetMs)} ${side} the other nodes at the same place in the log (${formatCount(finding.count)} ids) — its clock is out of step.`;
}

/**
 * The fleet check of `decoded` as a section, or null for a batch of one node or none: `onRow(index)` shows the
 * row of the batch at `index`.
 */
export function fleetView(decoded, onRow) {
  if (!decoded || decoded.count - decoded.refused < 2) return null;
  const findings = fleetFindings(decoded.columns);
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
                { 'data-kind': finding.kind, 'data-node': String(finding.node ?? '') },
                sentence(finding),
                ' ',
                h('span', { class: 'fleet-rows' }, finding.rows.slice(0, LINKS).map(link)),
              ),
            ),
          findings.length > SHOWN
            ? h('li', { class: 'muted' }, `and ${formatCount(findings.length - SHOWN)} more`)
            : null,
        ),
  );
}
