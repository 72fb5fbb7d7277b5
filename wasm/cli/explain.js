// Why an id was refused, naming the byte and the fix: core's words (@echomq/branded/explain's, through the CLI's
// own module), and where it helps, the command that fixes it.
import { explainApi } from '../lib/explain.js';
import { CLI_MODULE } from './module.js';

export const { explain, explainNamespace, parseInstant } = explainApi(CLI_MODULE);

/** The hint of a refused input (a string, or a line's own bytes where they are not valid UTF-8). */
export function hint(input, text = input) {
  const why = explain(input);
  if (why === null) return '';
  if (why.remedy === 'scan') return `${why.message}: branded scan finds ${why.found === 1 ? 'it' : 'them'}`;
  if (why.remedy === 'snowflake') return `${why.message} decode --ns NS ${text}`;
  return why.message;
}
