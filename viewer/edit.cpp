#include "viewer/edit.h"

#include <algorithm>

namespace retrace::viewer {
namespace {

/// What an edit's header says its inputs are.
std::string describeSource(const std::string& originalName) { return "edited in retrace-view from " + originalName; }

}  // namespace

std::vector<sim::Input> toggleButton(std::span<const sim::Input> inputs, std::uint64_t tick, unsigned bit) {
  std::vector<sim::Input> edited(inputs.begin(), inputs.end());
  if (tick >= 1 && tick <= edited.size() && bit < 8) edited[tick - 1] = static_cast<sim::Input>(edited[tick - 1] ^ (1U << bit));
  return edited;
}

std::vector<sim::Input> setButton(std::span<const sim::Input> inputs, std::uint64_t from, std::uint64_t count, unsigned bit,
                                  bool held) {
  std::vector<sim::Input> edited(inputs.begin(), inputs.end());
  if (count == 0 || bit >= 8 || from > edited.size()) return edited;
  const std::uint64_t first = std::max<std::uint64_t>(from, 1);
  const std::uint64_t last = first + std::min<std::uint64_t>(count - 1, edited.size() - first);
  for (std::uint64_t t = first; t <= last; ++t) {
    const auto mask = static_cast<sim::Input>(1U << bit);
    edited[t - 1] = held ? static_cast<sim::Input>(edited[t - 1] | mask) : static_cast<sim::Input>(edited[t - 1] & ~mask);
  }
  return edited;
}

recorder::RunSetup setupOf(const recorder::LoadedReplay& original) {
  return {recorder::gameOf(original.header), recorder::configOf(original.header), original.header.seed};
}

std::variant<recorder::LoadedReplay, std::string> recordEdit(const recorder::LoadedReplay& original,
                                                             std::span<const sim::Input> inputs,
                                                             const std::string& originalName) {
  return recorder::recordReplay(setupOf(original), original.header.limitBreaksAllowed, describeSource(originalName), inputs);
}

std::optional<std::string> saveEdit(const recorder::LoadedReplay& original, std::span<const sim::Input> inputs,
                                    const std::string& originalName, const std::string& path) {
  return recorder::writeReplay(path, false, setupOf(original), original.header.limitBreaksAllowed, describeSource(originalName),
                               inputs);
}

}  // namespace retrace::viewer
