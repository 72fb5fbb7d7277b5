// Build options the three configs share. CSS keeps light-dark() native (no lowering to variables).
export const sharedBuild = {
  target: 'es2022',
  cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
  minify: 'oxc',
  reportCompressedSize: false,
};
