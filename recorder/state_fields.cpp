#include "recorder/state_fields.h"

#include <cstdint>

namespace retrace::recorder {

const std::vector<sim::Field>& StateFields::read(const sim::GameSession& game) {
  const std::vector<std::int64_t> values = game.saveState();
  if (fields_.empty() || !layout_.fits(values)) {
    // A game whose names do not line up with its values never fits: it is named every tick.
    fields_ = game.describeState();
    layout_ = sim::ValueLayout::of(fields_);
    return fields_;
  }
  for (sim::Field& f : fields_) f.value = sim::readSavedValue(values, f);
  return fields_;
}

}  // namespace retrace::recorder
