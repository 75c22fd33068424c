#include "sim/game.h"

#include <map>
#include <string_view>

namespace retrace::sim {

std::string formatFieldValue(std::int64_t value, FieldKind kind, EnumNames names) {
  switch (kind) {
    case FieldKind::kEnum:
      for (const EnumName& named : names) {
        if (named.value == value) return named.name;
      }
      break;
    case FieldKind::kBool: return value != 0 ? "true" : "false";
    case FieldKind::kBits: {
      static constexpr char kHex[] = "0123456789abcdef";
      std::string text = "0x";
      for (int shift = 60; shift >= 0; shift -= 4) text += kHex[(static_cast<std::uint64_t>(value) >> shift) & 0xFU];
      return text;
    }
    case FieldKind::kFixed: {
      // The fewest decimals that read back as the same raw value (98, 0.38, -2.5, 5.99998): five
      // always do, since 0.5e-5 is under half of a raw unit (1/65536), and 4.4 stays 4.4.
      // A value no 16.16 number holds comes only from a forged file: shown as the ratio it is.
      if (value < INT32_MIN || value > INT32_MAX) return std::to_string(value) + "/65536";
      std::int64_t power = 1;
      for (int places = 0; places <= 5; ++places, power *= 10) {
        const std::int64_t scaled = Fixed::divideRounded(value * power, Fixed::kOne);
        // Read back in 64 bits: near the ends of the range, a rounded decimal reads back past them.
        if (places < 5 && Fixed::divideRounded(scaled * Fixed::kOne, power) != value) continue;
        const std::int64_t magnitude = scaled < 0 ? -scaled : scaled;
        // Appended, not prefixed: GCC 12 warns (-Wrestrict, a false positive) on "-" + string&&.
        std::string text = scaled < 0 ? "-" : "";
        text += std::to_string(magnitude / power);
        if (places == 0) return text;
        return text + "." + std::to_string(power + magnitude % power).substr(1);
      }
      return std::to_string(value);  // not reached: five places always read back
    }
    case FieldKind::kInt: break;
  }
  return std::to_string(value);
}

std::string formatField(const Field& field) { return formatFieldValue(field.value, field.kind, field.names); }

std::vector<FieldChange> listChangedFields(const std::vector<Field>& was, const std::vector<Field>& now) {
  std::map<std::string_view, const Field*> before;
  for (const Field& f : was) before.emplace(f.name, &f);
  std::vector<FieldChange> changes;
  for (const Field& f : now) {
    const auto it = before.find(f.name);
    if (it == before.end()) {
      changes.push_back({nullptr, &f});
      continue;
    }
    if (it->second->value != f.value) changes.push_back({it->second, &f});
    before.erase(it);
  }
  for (const Field& f : was) {
    if (before.contains(f.name)) changes.push_back({&f, nullptr});
  }
  return changes;
}

std::vector<std::string> diffFields(const std::vector<Field>& expected, const std::vector<Field>& got, std::size_t maxLines) {
  std::map<std::string, const Field*> gotByName;
  for (const Field& f : got) gotByName[f.name] = &f;
  std::vector<std::string> lines;
  std::size_t differing = 0;
  for (const Field& want : expected) {
    const auto found = gotByName.find(want.name);
    std::string line;
    if (found == gotByName.end()) {
      line = want.name + ": expected " + formatField(want) + ", missing";
    } else {
      if (found->second->value != want.value) {
        line = want.name + ": expected " + formatField(want) + ", got " + formatField(*found->second);
      }
      gotByName.erase(found);
    }
    if (line.empty()) continue;
    if (++differing <= maxLines) lines.push_back(line);
  }
  for (const auto& [name, field] : gotByName) {
    if (++differing <= maxLines) lines.push_back(name + ": not expected, got " + formatField(*field));
  }
  if (differing > maxLines) lines.push_back("... and " + std::to_string(differing - maxLines) + " more fields");
  return lines;
}

std::string formatEvent(const GameDefinition& game, const Event& event) {
  const auto schemas = game.eventSchemas();
  if (event.kind >= schemas.size()) return "unknown#" + std::to_string(event.kind);
  std::string text = std::string(schemas[event.kind].name) + "{";
  for (const Field& argument : describeEvent(game, event)) {
    text += (text.back() == '{' ? "" : ", ") + argument.name + " " + formatField(argument);
  }
  return text + "}";
}

std::vector<Field> describeEvent(const GameDefinition& game, const Event& event) {
  const auto schemas = game.eventSchemas();
  std::vector<Field> arguments;
  if (event.kind >= schemas.size()) return arguments;
  const EventSchema& schema = schemas[event.kind];
  for (std::size_t i = 0; i < schema.argNames.size(); ++i) {
    if (schema.argNames[i] != nullptr)
      arguments.push_back({schema.argNames[i], event.args[i], schema.argKinds[i], schema.argEnums[i]});
  }
  return arguments;
}

}  // namespace retrace::sim
