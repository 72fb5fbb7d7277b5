#include "branded/refused_rows.hpp"

#include <algorithm>

#include "branded/result.hpp"
#include "branded/text.hpp"

namespace branded {

std::string hint_of(std::string_view input, const Explanation& why) {
  std::string hint(why.text());
  if (why.remedy == Remedy::scan) hint.append(why.found == 1 ? ": branded scan finds it" : ": branded scan finds them");
  if (why.remedy == Remedy::snowflake) hint.append(" decode --ns NS ").append(trim_whitespace(input));
  return hint;
}

void append_refused_row(std::string& out, std::string_view input, bool json) {
  const Explanation why = explain_id(input);
  const std::string hint = hint_of(input, why);
  if (json) {
    out.append("{\"id\":");
    append_json_string(out, input);
    out.append(",\"ok\":false,\"error\":\"").append(error_name(why.error)).append("\",\"errorOffset\":");
    out.append(std::to_string(why.offset)).append(",\"hint\":");
    append_json_string(out, hint);
    out.append("}\n");
    return;
  }
  std::string shown = printable(input);
  pad_end(shown, 14);
  out.append(shown).append("  refused: ").append(error_name(why.error)).append(" (").append(hint).append(")\n");
}

void append_long_line_row(std::string& out, std::string_view head, std::uint64_t length, bool json) {
  // cut before a character that would not fit whole
  std::size_t end = std::min(head.size(), LINE_SHOWN_BYTES);
  while (end > 0 && end < head.size() && (static_cast<unsigned char>(head[end]) & 0xC0) == 0x80) --end;
  head = head.substr(0, end);
  const std::string hint = std::to_string(length) + " bytes: an id is exactly 14; shown cut at 1024";
  if (json) {
    out.append("{\"id\":");
    append_json_string(out, head);
    out.append(",\"ok\":false,\"error\":\"length\",\"errorOffset\":0,\"hint\":");
    append_json_string(out, hint);
    out.append(",\"truncated\":true}\n");
    return;
  }
  out.append(printable(head)).append("…  refused: length (").append(hint).append(")\n");
}

}  // namespace branded
