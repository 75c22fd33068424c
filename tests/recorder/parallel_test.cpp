#include "recorder/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace retrace::recorder {
namespace {

TEST(RunInOrder, HandsEveryResultOverInIndexOrderWhateverTheThreads) {
  for (const unsigned jobs : {1U, 2U, 3U, 8U}) {
    std::vector<std::uint64_t> seen;
    const std::uint64_t consumed = runInOrder(
        200, jobs,
        [](std::uint64_t i) {
          // Later indices finish first now and then, so the order must come from the consumer.
          if (i % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
          return i * i;
        },
        [&](std::uint64_t i, std::uint64_t square) {
          EXPECT_EQ(square, i * i);
          seen.push_back(i);
          return true;
        });
    EXPECT_EQ(consumed, 200U) << jobs << " jobs";
    ASSERT_EQ(seen.size(), 200U);
    for (std::uint64_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i) << jobs << " jobs";
  }
}

TEST(RunInOrder, NothingToDoConsumesNothing) {
  EXPECT_EQ(runInOrder(
                0, 4, [](std::uint64_t i) { return i; }, [](std::uint64_t, std::uint64_t) { return true; }),
            0U);
}

TEST(RunInOrder, AConsumerSayingStopEndsTheRunAfterAPrefix) {
  std::atomic<std::uint64_t> worked{0};
  const std::uint64_t consumed = runInOrder(
      100'000, 2,
      [&](std::uint64_t i) {
        ++worked;
        return i;
      },
      [](std::uint64_t i, std::uint64_t) { return i < 9; });
  EXPECT_EQ(consumed, 10U);
  EXPECT_LT(worked.load(), 100'000U);  // the workers stopped too
}

TEST(RunInOrder, AStopAskedBeforeEachIndexLeavesAPrefix) {
  std::atomic<std::uint64_t> taken{0};
  InOrderHooks hooks;
  hooks.stop = [&] { return taken.load() >= 25; };
  std::vector<std::uint64_t> seen;
  const std::uint64_t consumed = runInOrder(
      1000, 3,
      [&](std::uint64_t i) {
        ++taken;
        return i;
      },
      [&](std::uint64_t i, std::uint64_t) {
        seen.push_back(i);
        return true;
      },
      hooks);
  EXPECT_GE(consumed, 25U);
  EXPECT_LE(consumed, 28U);  // each of 3 workers may have taken one more as the limit was met
  for (std::uint64_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i);
}

TEST(RunInOrder, AWorkersExceptionReachesTheCaller) {
  EXPECT_THROW((void)runInOrder(
                   50, 2,
                   [](std::uint64_t i) {
                     if (i == 13) throw std::runtime_error("thirteen");
                     return i;
                   },
                   [](std::uint64_t, std::uint64_t) { return true; }),
               std::runtime_error);
}

}  // namespace
}  // namespace retrace::recorder
