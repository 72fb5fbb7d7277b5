// Whether @echomq/branded computes yet. The package settles on import wherever the browser compiles the wasm
// synchronously, but `ready.then` runs a microtask later: a probe call answers in the same tick, so an app that
// mounts right after the import (Vue's onMounted, Solid's onMount, React's first effect) already reads a result.
import { ready, valid } from '@echomq/branded';

let loaded = false;
ready.then(
  () => (loaded = true),
  () => {},
);

/** True once the package's calls answer; probes it synchronously until then. */
export function packageLoaded() {
  if (loaded) return true;
  try {
    valid('JOB0KHTOWnGLuC');
    loaded = true;
  } catch {
    // Not ready yet (an asynchronous compile): the result stays null until `ready` settles.
  }
  return loaded;
}
