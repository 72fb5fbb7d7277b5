#include "arguments.hpp"

#include "branded/text.hpp"

namespace branded::cli {

std::optional<UsageError> parse_arguments(const std::vector<std::string_view>& args,
                                          const std::vector<OptionSpec>& spec, std::string_view command,
                                          Arguments& out) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--") {
      out.positional.insert(out.positional.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (arg.substr(0, 2) != "--") {
      out.positional.push_back(arg);
      continue;
    }
    const std::size_t eq = arg.find('=');
    const std::string_view name = arg.substr(2, eq == std::string_view::npos ? std::string_view::npos : eq - 2);
    const OptionSpec* found = nullptr;
    for (const auto& option : spec)
      if (option.name == name) found = &option;
    if (found == nullptr) return UsageError{"unknown option --" + std::string(name), command};
    auto& slot = out.options[static_cast<std::size_t>(found->option)];
    if (!found->takes_value) {
      if (eq != std::string_view::npos) return UsageError{"--" + std::string(name) + " takes no value", command};
      slot = std::string_view{};
    } else if (eq != std::string_view::npos) {
      slot = arg.substr(eq + 1);
    } else {
      if (i + 1 >= args.size()) return UsageError{"--" + std::string(name) + " needs a value", command};
      slot = args[++i];
    }
  }
  return std::nullopt;
}

std::optional<Integer> integer_argument(std::string_view text) {
  Integer out;
  std::string_view digits = text;
  if (!digits.empty() && digits[0] == '-') {
    out.negative = true;
    digits.remove_prefix(1);
  }
  if (digits.empty()) return std::nullopt;
  for (char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
  for (char c : digits) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (out.magnitude > (~std::uint64_t{0} - digit) / 10) {
      out.fits_u64 = false;
      out.magnitude = ~std::uint64_t{0};
    } else if (out.fits_u64) {
      out.magnitude = out.magnitude * 10 + digit;
    }
  }
  if (digits == "0") out.negative = false;
  out.text = (out.negative ? "-" : "") + std::string(digits);
  return out;
}

std::string quote(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace branded::cli
