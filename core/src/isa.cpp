// CPU detection and the pin (detail/isa.hpp).
#include "branded/detail/isa.hpp"

#include <atomic>
#include <initializer_list>

namespace branded::detail {
namespace {

std::atomic<Isa> pinned{Isa::avx512};

bool detect(Isa isa) {
  switch (isa) {
    case Isa::portable: return true;
    case Isa::baseline: return BRANDED_SSE2 || BRANDED_SIMD128;
    case Isa::avx2:
#if BRANDED_X86_DISPATCH
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
             __builtin_cpu_supports("bmi2");
#else
      return false;
#endif
    case Isa::avx512:
#if BRANDED_X86_DISPATCH
      return detect(Isa::avx2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
      return false;
#endif
  }
  return false;
}

Isa widest_detected() {
  for (const Isa isa : {Isa::avx512, Isa::avx2, Isa::baseline})
    if (detect(isa)) return isa;
  return Isa::portable;
}

}  // namespace

bool cpu_has(Isa isa) {
  static const Isa widest = widest_detected();
  return isa <= widest;
}

Isa active_isa() {
  static const Isa widest = widest_detected();
  const Isa pin = pinned.load(std::memory_order_relaxed);
  return pin < widest ? pin : widest;
}

void pin_isa(Isa widest) { pinned.store(widest, std::memory_order_relaxed); }

}  // namespace branded::detail
