#include "sim/event_subjects.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <system_error>

#include "sim/field_ids.h"

namespace retrace::sim {
namespace {

/// The index of the schema's argument named `name`, or nothing.
std::optional<std::size_t> findArgument(const EventSchema& schema, std::string_view name) {
  for (std::size_t i = 0; i < schema.argNames.size(); ++i) {
    if (schema.argNames[i] != nullptr && name == schema.argNames[i]) return i;
  }
  return std::nullopt;
}

/// Whether a subject starting with `entity`'s whole text is `entity` or lies inside it: what
/// follows in the subject starts a member or an element.
bool isBoundary(std::string_view rest) { return rest.empty() || rest.front() == '.' || rest.front() == '['; }

/// Whether `pattern`, each {argument} any whole number, can begin with `entity` up to a
/// boundary (isBoundary).
bool canBegin(std::string_view pattern, std::string_view entity) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < pattern.size();) {
    if (at == entity.size()) return isBoundary(pattern.substr(i));
    if (pattern[i] != '{') {
      if (pattern[i] != entity[at]) return false;
      ++i;
      ++at;
      continue;
    }
    const std::size_t close = pattern.find('}', i);
    if (close == std::string_view::npos) return false;
    const std::size_t number = at;
    if (entity[at] == '-') ++at;
    const std::size_t digits = at;
    while (at < entity.size() && std::isdigit(static_cast<unsigned char>(entity[at])) != 0) ++at;
    // A subject writes an argument (32 bits) as std::to_string does: "05", "-0" and 4294967296
    // are none of them.
    if (at == digits || (entity[digits] == '0' && (at - digits > 1 || digits > number))) return false;
    std::int32_t value = 0;
    const auto read = std::from_chars(entity.data() + number, entity.data() + at, value);
    if (read.ec != std::errc{} || read.ptr != entity.data() + at) return false;
    i = close + 1;
  }
  return at == entity.size();
}

}  // namespace

std::vector<std::string> nameEventSubjects(const GameDefinition& game, const Event& event) {
  std::vector<std::string> subjects;
  const auto schemas = game.eventSchemas();
  if (event.kind >= schemas.size()) return subjects;
  const EventSchema& schema = schemas[event.kind];
  for (const char* pattern : schema.subjects) {
    if (pattern == nullptr) continue;
    std::string subject;
    bool whole = true;
    for (const char* c = pattern; *c != '\0'; ++c) {
      if (*c != '{') {
        subject += *c;
        continue;
      }
      const char* close = c;
      while (*close != '\0' && *close != '}') ++close;
      const auto argument = findArgument(schema, std::string_view(c + 1, static_cast<std::size_t>(close - c - 1)));
      // The contract refuses such a pattern; a subject it cannot make is left out, never guessed.
      if (*close == '\0' || !argument) {
        whole = false;
        break;
      }
      subject += std::to_string(event.args[*argument]);
      c = close;
    }
    if (whole) subjects.push_back(std::move(subject));
  }
  return subjects;
}

std::optional<std::string> checkSubjectPattern(const EventSchema& schema, std::string_view pattern) {
  if (pattern.empty() || pattern.size() > 64) return "is empty or longer than 64 characters";
  if (pattern.front() == '.' || pattern.front() == '[' || pattern.front() == '{')
    return "does not start with the name of a field of the state";
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '}') return "has a } that closes no {";
    if (c != '{') {
      if (std::isprint(static_cast<unsigned char>(c)) == 0 || c == ' ' || c == '*')
        return "holds a space, a '*' or a character that is not printable";
      continue;
    }
    const std::size_t close = pattern.find('}', i);
    if (close == std::string_view::npos) return "has a { that no } closes";
    const std::string_view name = pattern.substr(i + 1, close - i - 1);
    if (!findArgument(schema, name)) return "names {" + std::string(name) + "}, which is none of the event's arguments";
    i = close;
  }
  return std::nullopt;
}

bool isEventAbout(const GameDefinition& game, const Event& event, std::string_view entity) {
  if (entity.empty()) return true;
  const auto subjects = nameEventSubjects(game, event);
  return std::any_of(subjects.begin(), subjects.end(), [&](const std::string& s) { return isInsideEntity(s, entity); });
}

bool canBeAbout(const GameDefinition& game, std::string_view entity) {
  if (entity.empty()) return false;
  for (const EventSchema& schema : game.eventSchemas()) {
    for (const char* pattern : schema.subjects) {
      if (pattern != nullptr && canBegin(pattern, entity)) return true;
    }
  }
  return false;
}

std::vector<std::string> listSubjectShapes(const GameDefinition& game) {
  std::vector<std::string> shapes;
  for (const EventSchema& schema : game.eventSchemas()) {
    for (const char* pattern : schema.subjects) {
      if (pattern == nullptr) continue;
      std::string shape;
      for (const char* c = pattern; *c != '\0'; ++c) {
        if (*c != '{') {
          shape += *c;
          continue;
        }
        while (*c != '\0' && *c != '}') ++c;
        shape += 'N';
        if (*c == '\0') break;
      }
      if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(std::move(shape));
    }
  }
  return shapes;
}

}  // namespace retrace::sim
