#include "sim/value_layout.h"

#include <algorithm>

namespace retrace::sim {

ValueLayout ValueLayout::of(const std::vector<Field>& fields) {
  ValueLayout layout;
  layout.count = fields.empty() ? 0 : fields.back().place + std::size_t{1};
  for (const Field& f : fields) {
    if (f.name.ends_with(".size")) layout.anchors.emplace_back(f.place, f.value);
  }
  return layout;
}

bool ValueLayout::fits(std::span<const std::int64_t> values) const noexcept {
  if (values.size() != count) return false;
  return std::all_of(anchors.begin(), anchors.end(), [&](const auto& anchor) { return values[anchor.first] == anchor.second; });
}

}  // namespace retrace::sim
