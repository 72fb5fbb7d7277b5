// How the CLI writes numbers, instants and a user's text in its messages and rows.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "branded/text.hpp"  // printable and pad_end, core's since the C ABI's rows use them too

namespace branded::cli {

std::string decimal(std::int64_t value);
std::string decimal(std::uint64_t value);
// 1234567 as "1,234,567".
std::string with_commas(std::int64_t value);
// An instant as JavaScript's Date.prototype.toISOString writes it (years past 9999 as +YYYYYY); empty outside
// the span a Date holds (±8.64e15 ms).
std::string iso_instant(std::int64_t ms);
// "N thing" or "N things".
std::string count_of(std::int64_t count, std::string_view thing);

}  // namespace branded::cli
