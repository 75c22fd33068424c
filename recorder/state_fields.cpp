#include "recorder/state_fields.h"

#include <algorithm>
#include <cstdint>

#include "recorder/inspect.h"
#include "recorder/query.h"

namespace retrace::recorder {

const std::vector<sim::Field>& StateFields::read(const sim::GameSession& game) {
  const std::vector<std::int64_t> values = game.saveState();
  if (fields_.empty() || !layout_.fits(values)) {
    // A game whose names do not line up with its values never fits: it is named every tick.
    fields_ = game.describeState();
    layout_ = sim::ValueLayout::of(fields_);
    places_.clear();
    selected_.reset();
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

std::vector<sim::Field> StateFields::select(const std::vector<FieldPattern>& patterns) const {
  const auto byId = [](const FieldPattern& p) { return p.picksById(); };
  if (patterns.empty() || std::any_of(patterns.begin(), patterns.end(), byId)) return selectFields(fields_, patterns);
  std::vector<std::string> texts;
  for (const FieldPattern& p : patterns) texts.push_back(p.text());
  if (!selected_ || selected_->first != texts) {
    // Without ids each pattern reads as written, and a field is chosen once whichever chose it.
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      if (std::any_of(patterns.begin(), patterns.end(), [&](const FieldPattern& p) { return p.matches(fields_[i].name); }))
        at.push_back(i);
    }
    selected_.emplace(std::move(texts), std::move(at));
  }
  std::vector<sim::Field> chosen;
  chosen.reserve(selected_->second.size());
  for (const std::size_t i : selected_->second) chosen.push_back(fields_[i]);
  return chosen;
}

}  // namespace retrace::recorder
