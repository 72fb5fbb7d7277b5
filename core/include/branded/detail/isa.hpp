// The one home of instruction sets: what this build can compile (macros), what this CPU runs (detected once at
// run time), and the one way tests and benches pin a narrower set. Every kernel choice in core reads it.
#pragma once
#include <cstdint>

// SSE2 is every x86-64 CPU's baseline: its kernels are chosen at compile time.
#if defined(__SSE2__) && (defined(__x86_64__) || defined(_M_X64))
#define BRANDED_SSE2 1
#include <emmintrin.h>
#else
#define BRANDED_SSE2 0
#endif

// AVX2 and AVX-512 kernels are compiled beside the baseline (target attributes) and chosen at run time.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define BRANDED_X86_DISPATCH 1
#include <immintrin.h>
#else
#define BRANDED_X86_DISPATCH 0
#endif

// The package builds scan and the row writers with -msimd128 (wasm/CMakeLists.txt): a fixed choice, no dispatch.
#if defined(__wasm_simd128__)
#define BRANDED_SIMD128 1
#include <wasm_simd128.h>
#else
#define BRANDED_SIMD128 0
#endif

// The kernels are small enough to belong in every loop that calls them; some inliners (wasm's) decline.
#if defined(__GNUC__)
#define BRANDED_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define BRANDED_ALWAYS_INLINE inline
#endif

namespace branded::detail {

// Instruction sets in the order of their width. `baseline` is SSE2 natively and SIMD128 in wasm.
enum class Isa : std::uint8_t { portable = 0, baseline = 1, avx2 = 2, avx512 = 3 };

// Whether this build has kernels for `isa` and this CPU runs them (AVX2 includes POPCNT, BMI1 and BMI2;
// AVX-512 means F and BW, with AVX2).
bool cpu_has(Isa isa);

// The widest set the CPU has, no wider than the pin.
Isa active_isa();

// Tests and benches: kernels no wider than `widest` from now on, in every thread (Isa::avx512 lifts the pin).
void pin_isa(Isa widest);

// Pins for a scope, then lifts the pin.
class IsaPin {
 public:
  explicit IsaPin(Isa widest) { pin_isa(widest); }
  ~IsaPin() { pin_isa(Isa::avx512); }
  IsaPin(const IsaPin&) = delete;
  IsaPin& operator=(const IsaPin&) = delete;
};

}  // namespace branded::detail
