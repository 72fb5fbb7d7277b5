// Build options the three configs share. CSS keeps light-dark() native (no lowering to variables).
export const sharedBuild = {
  target: 'es2022',
  cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
  minify: 'oxc',
  reportCompressedSize: false,
};

// The single file (from file://) and the widgets' builds start no worker: their scan runs on the
// main thread, with the same pieces and progress (src/scan/scan-client.inline.js).
export function scanOnMainThread() {
  const inline = new URL('./src/scan/scan-client.inline.js', import.meta.url).pathname;
  return {
    name: 'branded-scan-on-main-thread',
    enforce: 'pre',
    resolveId(source) {
      return /(^|\/)scan-client\.js$/.test(source) ? inline : null;
    },
  };
}
