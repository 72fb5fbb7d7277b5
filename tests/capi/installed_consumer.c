/* A C program built against the installed C ABI (cmake --install, pkg-config branded): stage 27 compiles it once
 * with the shared library and once with the static archives, and runs both. */
#include <branded/branded.h>
#include <stdio.h>

int main(void) {
  branded_fields fields;
  char id[BRANDED_ID_LENGTH + 1];
  if (branded_self_check() != NULL) return 1;
  if (branded_parse("JOB0KHTOWnGLuC", 14, &fields, NULL) != BRANDED_OK) return 1;
  if (branded_encode("USR", 3, fields.snowflake, id) != BRANDED_OK) return 1;
  printf("%s %s %s %lld\n", branded_version(), fields.ns, id, (long long)fields.unix_ms);
  return 0;
}
