// The rows of the explorer's export, as CSV or JSON: any batch of ids (pasted lines, a scan's candidates), each
// row re-read from its id's bytes, so core alone says what a row holds. A valid id's fields are write_decoded_row's
// (format.hpp); a refused one's row names its error class.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "branded/format.hpp"

namespace branded {

// csv: Snowflakes as plain digits (what every CSV reader reads as a number); csv_spreadsheet: as ="…", a formula a
// spreadsheet shows as text with every digit (a spreadsheet keeps 15 digits of a number); json: an array of objects.
enum class ExportStyle : std::uint8_t { csv = 0, csv_spreadsheet = 1, json = 2 };

inline constexpr std::string_view EXPORT_CSV_HEADER =
    "line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId\n";

// One row's source: the id's bytes as given (UTF-8; any bytes, quoted or escaped as the style needs), its line
// (1-based) and, when it came from a scan, its byte offset in the source.
struct ExportRow {
  std::string_view id;
  std::uint64_t line = 0;
  std::uint64_t offset = 0;
  bool has_offset = false;
};

// The most bytes a row of an id of `id_bytes` bytes takes, with the slack the digit writers scribble on.
constexpr std::size_t export_row_bound(std::size_t id_bytes) { return MAX_ROW_BYTES + 6 * id_bytes + 64; }

// Writes an export's bytes in order: start(), the rows, end(). Each call writes at `out` and returns how many
// bytes it wrote; `out` must have room for EXPORT_CSV_HEADER (start), export_row_bound(row.id.size()) (row), or
// 2 bytes (end).
class ExportWriter {
 public:
  explicit ExportWriter(ExportStyle style) : style_(style) {}

  // The CSV header, or the JSON array's '['.
  std::size_t start(char* out) const;
  // One row: the CSV line (ending in '\n'), or the JSON object after '\n' (the first) or ",\n".
  std::size_t row(const ExportRow& row, char* out);
  // Nothing (CSV), or the JSON array's "\n]".
  std::size_t end(char* out) const;

 private:
  ExportStyle style_;
  bool first_ = true;
};

}  // namespace branded
