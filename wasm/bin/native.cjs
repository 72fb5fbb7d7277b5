// Where npm installed this platform's native build (the optional dependency @echomq/branded-<os>-<cpu>).
'use strict';

/** The native binary of this platform, or null when its package is not installed. */
exports.nativeBinary = function nativeBinary() {
  try {
    return require.resolve(`@echomq/branded-${process.platform}-${process.arch}/bin/branded`);
  } catch {
    return null;
  }
};
