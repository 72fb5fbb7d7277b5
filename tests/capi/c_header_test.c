/* branded.h compiled as C11 (-Wpedantic -Werror): the calls a C program makes, answered to the C++ suite. */
#include <string.h>

#include "branded/branded.h"

int c_decodes_the_anchor(void);

int c_decodes_the_anchor(void) {
  branded_fields fields;
  char id[BRANDED_ID_LENGTH + 1];
  if (branded_self_check() != NULL) return 0;
  if (branded_parse("USR0KHTOWnGLuC", 14, &fields, NULL) != BRANDED_OK) return 0;
  if (branded_encode(fields.ns, strlen(fields.ns), fields.snowflake, id) != BRANDED_OK) return 0;
  return strcmp(id, "USR0KHTOWnGLuC") == 0 && fields.hash32 == 234878118u;
}
