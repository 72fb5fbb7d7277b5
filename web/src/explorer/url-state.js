// Every panel's inputs live in the address: `?tab=gate&gate.id=USR0KHTOWnGLuC&window.t0=%2B10ms`.
// Only values that differ from a panel's defaults are written, so links stay short.

// A longer paste is not put in the address (links of 100 kB help nobody); the panel says so.
export const MAX_PARAM_LENGTH = 4000;

/** {tab, panels: {key: state}} from a search string. */
export function readState(search, panels) {
  const params = new URLSearchParams(search);
  const state = { tab: params.get('tab'), bridge: params.get('bridge'), token: params.get('token'), panels: {} };
  for (const panel of panels) {
    const values = {};
    for (const name of Object.keys(panel.defaults)) {
      const value = params.get(`${panel.key}.${name}`);
      if (value !== null) values[name] = value;
    }
    state.panels[panel.key] = values;
  }
  if (!panels.some((p) => p.key === state.tab)) state.tab = panels[0].key;
  return state;
}

/**
 * The search string for a state; `bridge` is kept as it was. A `token` is read once and never written back:
 * the rewritten address is what people copy and share, and a link must not carry the secret.
 */
export function writeState({ tab, bridge, panels: states }, panels) {
  const params = new URLSearchParams();
  params.set('tab', tab);
  if (bridge) params.set('bridge', bridge);
  const dropped = [];
  for (const panel of panels) {
    const state = states[panel.key] ?? {};
    for (const [name, fallback] of Object.entries(panel.defaults)) {
      const value = state[name];
      if (value === undefined || value === fallback) continue;
      if (value.length > MAX_PARAM_LENGTH) dropped.push(`${panel.key}.${name}`);
      else params.set(`${panel.key}.${name}`, value);
    }
  }
  return { search: `?${params.toString()}`, dropped };
}
