// How the connector's server-side scripts run: EVAL of their text, or, for a user that may run no script of
// its own choosing, FCALL of the same text loaded once as a Functions library (library.js).

/** The library's functions, by what they run. */
export const LIBRARY_FUNCTIONS = Object.freeze({
  enqueue: 'emq_enqueue',
  window: 'emq_window',
  expire: 'emq_expire',
  version: 'emq_library',
});

/** Runs a script: FCALL `name` when `functions`, else EVAL `script`; the keys first, then the arguments. */
export function runScript(client, functions, name, script, keys, args) {
  return functions
    ? client.fcall(name, keys.length, ...keys, ...args)
    : client.eval(script, keys.length, ...keys, ...args);
}
