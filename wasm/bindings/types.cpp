// The only C++ types the bindings' signatures use, registered with Embind: the link leaves out Embind's
// bind.cpp, which registers every builtin type and pulls printf in (wasm/README.md, "Bindings").
#include <emscripten/bind.h>

#include <cstdint>
#include <limits>

namespace {

using emscripten::internal::TypeID;

template <typename T>
void register_integer(const char* name) {
  emscripten::internal::_embind_register_integer(TypeID<T>::get(), name, sizeof(T), std::numeric_limits<T>::min(),
                                                 std::numeric_limits<T>::max());
}

}  // namespace

EMSCRIPTEN_BINDINGS(types) {
  using namespace emscripten::internal;
  _embind_register_void(TypeID<void>::get(), "void");
  register_integer<int>("int");
  register_integer<unsigned int>("unsigned int");
  _embind_register_bigint(TypeID<std::uint64_t>::get(), "uint64_t", sizeof(std::uint64_t), 0,
                          std::numeric_limits<std::uint64_t>::max());
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
}
