#include "recorder/cli/field_json.h"

#include <cstddef>
#include <map>
#include <string_view>

#include "sim/event_subjects.h"

namespace retrace::recorder::cli {
namespace {

/// A value of a field's kind as JSON.
nlohmann::ordered_json valueToJson(std::int64_t value, sim::FieldKind kind, sim::EnumNames names) {
  switch (kind) {
    case sim::FieldKind::kFixed:
    case sim::FieldKind::kBits: return sim::formatFieldValue(value, kind);
    case sim::FieldKind::kBool: return value != 0;
    case sim::FieldKind::kInt: return value;
    case sim::FieldKind::kEnum: return sim::formatFieldValue(value, kind, names);
  }
  return value;
}

}  // namespace

nlohmann::ordered_json headerToJson(const ReplayHeader& h) {
  return {{"toolVersion", h.toolVersion},
          {"game", h.game},
          {"rulesVersion", h.rulesVersion},
          {"configName", h.configName},
          {"limitBreaksAllowed", h.limitBreaksAllowed},
          {"seed", h.seed},
          {"tickRate", h.tickRate},
          {"chunkTicks", h.chunkTicks},
          {"snapshotEvery", h.snapshotEvery},
          {"fullHashEvery", h.fullHashEvery},
          {"inputSource", h.inputSource},
          {"plannedTicks", h.plannedTicks}};
}

nlohmann::ordered_json fieldsToJson(const std::vector<sim::Field>& fields) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  auto& members = out.get_ref<nlohmann::ordered_json::object_t&>();
  // ordered_json finds a key by a linear scan, which made a state of 60,000 fields quadratic; a
  // repeated name (a game's mistake) still keeps its first place and its last value.
  std::map<std::string_view, std::size_t> placeOf;
  for (const sim::Field& f : fields) {
    const auto [at, isNew] = placeOf.try_emplace(f.name, members.size());
    if (isNew) {
      members.emplace_back(f.name, valueToJson(f.value, f.kind, f.names));
    } else {
      (members.begin() + static_cast<std::ptrdiff_t>(at->second))->second = valueToJson(f.value, f.kind, f.names);
    }
  }
  return out;
}

nlohmann::ordered_json eventToJson(const sim::GameDefinition& game, const sim::Event& event) {
  nlohmann::ordered_json args = nlohmann::ordered_json::object();
  for (const sim::Field& argument : sim::describeEvent(game, event)) {
    args[argument.name] = valueToJson(argument.value, argument.kind, argument.names);
  }
  // The loader checked the kind.
  return {
      {"kind", game.eventSchemas()[event.kind].name}, {"args", std::move(args)}, {"about", sim::nameEventSubjects(game, event)}};
}

nlohmann::ordered_json inputToJson(const sim::GameDefinition& game, sim::Input input) {
  nlohmann::ordered_json buttons = nlohmann::ordered_json::array();
  const auto names = game.inputNames();
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    if ((input & (1U << bit)) != 0) buttons.push_back(names[bit]);
  }
  return buttons;
}

}  // namespace retrace::recorder::cli
