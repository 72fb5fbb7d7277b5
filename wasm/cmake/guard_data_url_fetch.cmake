# Emscripten 3.1.6's getBinaryPromise fetch()es the embedded data: URL before decoding it, which a page's
# CSP (connect-src without data:) reports as a violation. Newer Emscripten guards that fetch with
# !isDataURI(wasmBinaryFile); this applies the same guard to the generated module (run after each link).
# Usage: cmake -DMODULE=<path to branded-wasm.js> -P guard_data_url_fetch.cmake
set(unguarded [[if(typeof fetch=="function"){return fetch(wasmBinaryFile]])
set(guarded [[if(typeof fetch=="function"&&!isDataURI(wasmBinaryFile)){return fetch(wasmBinaryFile]])
file(READ "${MODULE}" code)
string(FIND "${code}" "${unguarded}" at)
if(at EQUAL -1)
  string(FIND "${code}" "${guarded}" already)
  if(already EQUAL -1)
    message(FATAL_ERROR "${MODULE}: Emscripten's wasm fetch is not where this guard expects it; check the generated getBinaryPromise")
  endif()
  return()
endif()
string(REPLACE "${unguarded}" "${guarded}" code "${code}")
file(WRITE "${MODULE}" "${code}")
