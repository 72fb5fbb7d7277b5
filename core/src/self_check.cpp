#include "branded/self_check.hpp"

#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/hash32.hpp"
#include "branded/keyspace.hpp"

namespace branded {

std::string_view self_check() {
  const auto encoded = encode("USR", 274557032793636864ull);
  if (!encoded.ok() || view(encoded.value) != "USR0KHTOWnGLuC")
    return "self-check failed: encode(\"USR\", 274557032793636864) != \"USR0KHTOWnGLuC\"";
  const auto parsed = parse("USR0NgWEfAEJfs");
  if (!parsed.ok() || parsed.value.namespace_view() != "USR" || parsed.value.snowflake != 320636799581945856ull)
    return "self-check failed: parse(\"USR0NgWEfAEJfs\") != (USR, 320636799581945856)";
  if (hash32(274557032793636864ull) != 234878118u) return "self-check failed: hash32(274557032793636864) != 234878118";
  if (parse("USRzzzzzzzzzzz").error != Error::range)
    return "self-check failed: parse(\"USRzzzzzzzzzzz\") is not refused with `range` (an overflow must never wrap)";
  if (!wire_gate_admits("JOB-42") || wire_gate_admits("USR0KHTOWnGLuC"))
    return "self-check failed: the wire gate does not read exactly the first three bytes";
  if (slot("{orders}") != 105) return "self-check failed: slot(\"{orders}\") != 105";
  return {};
}

}  // namespace branded
