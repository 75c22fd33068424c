#include "recorder/state_fields.h"

#include <algorithm>
#include <cstdint>

#include "recorder/query.h"

namespace retrace::recorder {

const std::vector<sim::Field>& StateFields::read(const sim::GameSession& game) {
  const std::vector<std::int64_t> values = game.saveState();
  if (fields_.empty() || !layout_.fits(values)) {
    // A game whose names do not line up with its values never fits: it is named every tick.
    fields_ = game.describeState();
    layout_ = sim::ValueLayout::of(fields_);
    places_.clear();
    return fields_;
  }
  for (sim::Field& f : fields_) f.value = sim::readSavedValue(values, f);
  return fields_;
}

std::vector<const sim::Field*> StateFields::findNamed(const std::string& name) const {
  auto kept = std::find_if(places_.begin(), places_.end(), [&](const auto& p) { return p.first == name; });
  if (kept == places_.end()) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      if (matchesFieldName(fields_[i].name, name)) at.push_back(i);
    }
    kept = places_.emplace(places_.end(), name, std::move(at));
  }
  std::vector<const sim::Field*> found;
  found.reserve(kept->second.size());
  for (const std::size_t i : kept->second) found.push_back(&fields_[i]);
  return found;
}

}  // namespace retrace::recorder
