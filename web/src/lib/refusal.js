// Why the host refuses an id, a queue or a namespace: the package's own words (@echomq/branded/explain, core's
// wording, which the CLI prints too); the web adds only the class in front and its own pointers.
import { explain, explainJobKey, explainNamespace } from '@echomq/branded/explain';

/** The package's refusal of `id` ({error, offset, message, remedy, suggestion?, found?}), or null when it parses. */
export const refusalOf = (id) => explain(id);

/** "class — why" for a refused id (a table cell, a verdict); '' when it parses. */
export function refusalText(id) {
  const refusal = explain(id);
  return refusal ? `${refusal.error} — ${refusal.message}` : '';
}

/** The host check of an enqueue, in words: null when it passes, else {field, error, text}. */
export function hostRefusal(queue, id) {
  const refusal = explainJobKey(queue, id);
  if (!refusal) return null;
  return {
    field: refusal.field,
    error: refusal.error,
    text: `the ${refusal.field === 'queue' ? 'queue' : 'id'}: ${refusal.message}`,
  };
}

/** Why `ns` is no namespace, in words, or null. */
export const namespaceRefusal = (ns) => explainNamespace(ns)?.message ?? null;
