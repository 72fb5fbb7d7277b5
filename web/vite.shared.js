// Build options the three configs share. CSS keeps light-dark() native (no lowering to variables).

// Interim shim, to delete once @echomq/branded's build does it: Emscripten 3.1.6's getBinaryPromise
// fetch()es the embedded data: URL before decoding it, which a page's CSP (connect-src without data:)
// reports as a violation. Newer Emscripten guards that fetch with !isDataURI; this adds the same guard.
// It changes nothing when the package already has it.
const UNGUARDED_FETCH = 'if(typeof fetch=="function"){return fetch(wasmBinaryFile';
function noDataUrlFetch() {
  return {
    name: 'branded-no-data-url-fetch',
    transform(code, id) {
      if (!id.endsWith('/wasm/dist/branded-wasm.js') || !code.includes(UNGUARDED_FETCH)) return null;
      return { code: code.replace(UNGUARDED_FETCH, 'if(typeof fetch=="function"&&!isDataURI(wasmBinaryFile)){return fetch(wasmBinaryFile'), map: null };
    },
  };
}

export const sharedPlugins = [noDataUrlFetch()];

export const sharedBuild = {
  target: 'es2022',
  cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
  minify: 'oxc',
  reportCompressedSize: false,
};
