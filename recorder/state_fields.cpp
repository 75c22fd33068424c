#include "recorder/state_fields.h"

#include <algorithm>

namespace retrace::recorder {

ValueLayout ValueLayout::of(const std::vector<sim::Field>& fields) {
  ValueLayout layout;
  layout.count = fields.empty() ? 0 : fields.back().place + std::size_t{1};
  for (const sim::Field& f : fields) {
    if (f.name.ends_with(".size")) layout.anchors.emplace_back(f.place, f.value);
  }
  return layout;
}

bool ValueLayout::fits(std::span<const std::int64_t> values) const noexcept {
  if (values.size() != count) return false;
  return std::all_of(anchors.begin(), anchors.end(), [&](const auto& anchor) { return values[anchor.first] == anchor.second; });
}

const std::vector<sim::Field>& StateFields::read(const sim::GameSession& game) {
  const std::vector<std::int64_t> values = game.saveState();
  if (fields_.empty() || !layout_.fits(values)) {
    // A game whose names do not line up with its values never fits: it is named every tick.
    fields_ = game.describeState();
    layout_ = ValueLayout::of(fields_);
    return fields_;
  }
  for (sim::Field& f : fields_) f.value = sim::readSavedValue(values, f);
  return fields_;
}

}  // namespace retrace::recorder
