// Native timings (not tests): ns per id for the hot paths. Run with `npm run bench`.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"

namespace {

constexpr std::size_t kIds = 4096;  // a working set that stays in L1/L2

const std::vector<std::uint64_t>& snowflakes() {
  static const auto values = [] {
    std::mt19937_64 rng(1);
    std::vector<std::uint64_t> v(kIds);
    for (auto& s : v) s = rng() >> 1;
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

void BM_parse(benchmark::State& state) {
  const std::string& ids = packed_ids();
  std::size_t i = 0;
  for (auto _ : state) {
    auto r = branded::parse({ids.data() + i * 14, 14});
    benchmark::DoNotOptimize(r);
    i = (i + 1) % kIds;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_encode(benchmark::State& state) {
  const auto& values = snowflakes();
  std::size_t i = 0;
  for (auto _ : state) {
    auto r = branded::encode("JOB", values[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % kIds;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_hash32(benchmark::State& state) {
  const auto& values = snowflakes();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(branded::hash32(values[i]));
    i = (i + 1) % kIds;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_stream_id(benchmark::State& state) {
  const auto& values = snowflakes();
  char out[branded::MAX_ENTRY_ID_LENGTH];
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(branded::write_entry_id(branded::entry_id(values[i]), out));
    benchmark::ClobberMemory();
    i = (i + 1) % kIds;
  }
  state.SetItemsProcessed(state.iterations());
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
  state.SetItemsProcessed(state.iterations() * kIds);
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
  state.SetItemsProcessed(state.iterations() * kIds);
}

void BM_minter(benchmark::State& state) {
  auto minter = branded::Minter::create("JOB", 7).value;
  for (auto _ : state) benchmark::DoNotOptimize(minter.next());
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK(BM_parse);
BENCHMARK(BM_encode);
BENCHMARK(BM_hash32);
BENCHMARK(BM_stream_id);
BENCHMARK(BM_parse_batch);
BENCHMARK(BM_parse_lines);
BENCHMARK(BM_minter);

BENCHMARK_MAIN();
