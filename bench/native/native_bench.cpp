// Native timings (not tests): ns per id for the hot paths. Run with `npm run bench`.
// Every benchmark walks a working set of kIds inputs per iteration (an inner loop with no modulo or index
// arithmetic beyond the pointer step), so the loop costs a compare and an add per id, not a division.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "branded/detail/isa.hpp"

namespace {

constexpr std::size_t kIds = 4096;  // a working set that stays in L1/L2

const std::vector<std::uint64_t>& snowflakes() {
  static const auto values = [] {
    std::mt19937_64 rng(1);
    std::vector<std::uint64_t> v(kIds);
    for (auto& s : v) s = rng() >> 1;  // uniform over [0, 2^63)
    return v;
  }();
  return values;
}

// Minted-looking snowflakes (ms in 2026, any node and seq): what stream ids are made of in practice.
const std::vector<std::uint64_t>& minted() {
  static const auto values = [] {
    std::mt19937_64 rng(2);
    std::vector<std::uint64_t> v(kIds);
    for (auto& s : v)
      s = branded::compose(1769526697641 + std::int64_t(rng() % 86'400'000), rng() % 1024, rng() % 4096).value;
    return v;
  }();
  return values;
}

const std::string& packed_ids() {
  static const auto text = [] {
    std::string t;
    for (auto s : snowflakes()) t += branded::view(branded::encode("JOB", s).value);
    return t;
  }();
  return text;
}

void per_id(benchmark::State& state) { state.SetItemsProcessed(state.iterations() * kIds); }

// The namespace as callers hold it, a runtime value: every encode benchmark checks it on every call, as a caller
// does (with the literal "JOB" the compiler would fold the check away).
std::string_view runtime_namespace() {
  std::string_view ns = "JOB";
  benchmark::DoNotOptimize(ns);
  return ns;
}

void BM_parse(benchmark::State& state) {
  const char* ids = packed_ids().data();
  for (auto _ : state)
    for (const char* id = ids; id != ids + kIds * 14; id += 14) {
      auto r = branded::parse({id, 14});
      benchmark::DoNotOptimize(r);
    }
  per_id(state);
}

void BM_valid(benchmark::State& state) {
  const char* ids = packed_ids().data();
  for (auto _ : state)
    for (const char* id = ids; id != ids + kIds * 14; id += 14) benchmark::DoNotOptimize(branded::valid({id, 14}));
  per_id(state);
}

// encode_to: the id written into the caller's 14 bytes (what encode_many, the minter and the bindings use).
void BM_encode(benchmark::State& state) {
  const auto& values = snowflakes();
  const std::string_view ns = runtime_namespace();
  char out[branded::ID_LENGTH];
  for (auto _ : state)
    for (const std::uint64_t v : values) {
      benchmark::DoNotOptimize(branded::encode_to(ns, v, out));
      benchmark::DoNotOptimize(out);
      benchmark::ClobberMemory();
    }
  per_id(state);
}

// encode: Result<Id> by value (16 bytes; see branded_id.hpp for why not 15).
void BM_encode_result(benchmark::State& state) {
  const auto& values = snowflakes();
  const std::string_view ns = runtime_namespace();
  for (auto _ : state)
    for (const std::uint64_t v : values) {
      auto r = branded::encode(ns, v);
      benchmark::DoNotOptimize(r);
    }
  per_id(state);
}

// hash32 is a handful of instructions: the loop is unrolled so its own compare-and-branch is not a fair share.
void BM_hash32(benchmark::State& state) {
  const auto& values = snowflakes();
  for (auto _ : state) {
#pragma GCC unroll 8
    for (const std::uint64_t v : values) benchmark::DoNotOptimize(branded::hash32(v));
  }
  per_id(state);
}

void BM_stream_id(benchmark::State& state) {
  const auto& values = minted();
  char out[branded::MAX_ENTRY_ID_LENGTH];
  for (auto _ : state)
    for (const std::uint64_t v : values) {
      benchmark::DoNotOptimize(branded::write_entry_id(branded::entry_id(v), out));
      benchmark::ClobberMemory();
    }
  per_id(state);
}

void BM_parse_batch(benchmark::State& state) {
  const std::string& ids = packed_ids();
  std::vector<std::uint64_t> snowflake(kIds);
  std::vector<std::uint8_t> error(kIds);
  std::vector<std::uint32_t> ns(kIds);
  for (auto _ : state) {
    benchmark::DoNotOptimize(branded::parse_fixed(ids.data(), kIds, {snowflake.data(), error.data(), ns.data()}));
    benchmark::ClobberMemory();
  }
  per_id(state);
}

void BM_parse_lines(benchmark::State& state) {
  std::string text;
  for (std::size_t i = 0; i < kIds; ++i) text.append(packed_ids(), i * 14, 14).push_back('\n');
  std::vector<std::uint64_t> snowflake(kIds);
  std::vector<std::uint8_t> error(kIds);
  for (auto _ : state) {
    auto r = branded::parse_lines(text.data(), text.size(), {snowflake.data(), error.data()}, kIds, true);
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  per_id(state);
}

// A log as scan() meets it: timestamped lines with ids among words, numbers, JSON and URLs (about 1 MiB).
const std::string& log_text() {
  static const auto text = [] {
    std::mt19937_64 rng(3);
    std::string t;
    while (t.size() < (1u << 20)) {
      const auto job = branded::encode("JOB", minted()[rng() % kIds]).value;
      const auto user = branded::encode("USR", minted()[rng() % kIds]).value;
      t += "2026-12-01T09:00:00.123Z INFO worker-7 GET /jobs/" + std::string(branded::view(job)) +
           "?attempt=2 {\"user\":\"" + std::string(branded::view(user)) +
           "\",\"tookMs\":" + std::to_string(rng() % 900) + "} done\n";
    }
    return t;
  }();
  return text;
}

// kernel -1: what scan() picks on this CPU; 0, 1, 2, 3: scan() pinned to portable, SSE2, AVX2, AVX-512.
void BM_scan(benchmark::State& state) {
  const int kernel = static_cast<int>(state.range(0));
  const auto isa = static_cast<branded::detail::Isa>(kernel);
  if (kernel >= 0 && !branded::detail::cpu_has(isa)) {
    state.SkipWithError("kernel not available on this CPU");
    return;
  }
  const std::string& text = log_text();
  constexpr std::size_t capacity = 1 << 16;
  std::vector<std::uint64_t> snowflake(capacity);
  std::vector<std::uint8_t> error(capacity);
  std::vector<std::uint32_t> ns(capacity), offset(capacity);
  const branded::ScanColumns out{snowflake.data(), error.data(), ns.data(), offset.data(), nullptr};
  const branded::detail::IsaPin pin(kernel < 0 ? branded::detail::Isa::avx512 : isa);
  for (auto _ : state) {
    auto done = branded::scan(text.data(), text.size(), out, capacity, true);
    benchmark::DoNotOptimize(done);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void BM_encode_batch(benchmark::State& state) {
  const auto& values = snowflakes();
  const std::string_view ns = runtime_namespace();
  std::vector<char> out(kIds * 14);
  std::vector<std::uint8_t> error(kIds);
  for (auto _ : state) {
    benchmark::DoNotOptimize(branded::encode_many(ns.data(), values.data(), kIds, out.data(), error.data()));
    benchmark::ClobberMemory();
  }
  per_id(state);
}

// The minting law alone, at a fixed instant (each id borrows the next millisecond after 4096): the CAS.
void BM_mint_fixed_clock(benchmark::State& state) {
  auto minter = branded::Minter::create("JOB", 7).value;
  for (auto _ : state)
    for (std::size_t i = 0; i < kIds; ++i) benchmark::DoNotOptimize(minter.next_at(1769526697641));
  per_id(state);
}

// What a production mint costs: the system clock read plus the law.
void BM_minter(benchmark::State& state) {
  auto minter = branded::Minter::create("JOB", 7).value;
  for (auto _ : state)
    for (std::size_t i = 0; i < kIds; ++i) benchmark::DoNotOptimize(minter.next());
  per_id(state);
}

// The clock read alone: the floor under BM_minter.
void BM_system_clock(benchmark::State& state) {
  const branded::Clock clock = branded::system_clock();
  for (auto _ : state)
    for (std::size_t i = 0; i < kIds; ++i) benchmark::DoNotOptimize(clock.now_ms(clock.ctx));
  per_id(state);
}

}  // namespace

BENCHMARK(BM_parse);
BENCHMARK(BM_valid);
BENCHMARK(BM_encode);
BENCHMARK(BM_encode_result);
BENCHMARK(BM_hash32);
BENCHMARK(BM_stream_id);
BENCHMARK(BM_parse_batch);
BENCHMARK(BM_parse_lines);
BENCHMARK(BM_encode_batch);
BENCHMARK(BM_scan)->Arg(-1)->Arg(0)->Arg(1)->Arg(2)->Arg(3);
BENCHMARK(BM_mint_fixed_clock);
BENCHMARK(BM_minter);
BENCHMARK(BM_system_clock);

BENCHMARK_MAIN();
