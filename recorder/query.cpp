#include "recorder/query.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

#include "recorder/parse.h"
#include "sim/field_ids.h"

namespace retrace::recorder {
namespace {

/// The comparison with the tick before, which takes no value.
constexpr std::string_view kChanged = "changed";

/// The words of a condition: names, numbers and operators (an operator needs no spaces).
std::variant<std::vector<std::string>, std::string> splitTokens(std::string_view text) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      ++i;
      continue;
    }
    const auto op = std::find_if(std::begin(kComparisonOperators), std::end(kComparisonOperators),
                                 [&](std::string_view o) { return text.substr(i, o.size()) == o; });
    if (op != std::end(kComparisonOperators)) {
      tokens.emplace_back(*op);
      i += op->size();
      continue;
    }
    std::size_t end = i;
    while (end < text.size()) {
      if (text.substr(end).starts_with(sim::kIdSelectorOpen)) {
        // An element picked by its id: its '=' is no operator (Condition::parse checks the id).
        end = std::min(text.find(']', end), text.size() - 1) + 1;
      } else if (std::isalnum(static_cast<unsigned char>(text[end])) != 0 ||
                 std::string_view("_.[]*-").find(text[end]) != std::string_view::npos) {
        ++end;
      } else {
        break;
      }
    }
    if (end == i)
      return quoteForMessage(text.substr(i, 1)) +
             " is no part of a condition (FIELD OP VALUE or FIELD changed, joined by and, or)";
    tokens.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return tokens;
}

/// `value` as a raw value of the field's kind, or why not.
std::variant<std::int64_t, std::string> readValue(const sim::Field& field, const std::string& value) {
  if (field.kind == sim::FieldKind::kBool) {
    if (value == "true") return std::int64_t{1};
    if (value == "false") return std::int64_t{0};
    return field.name + " is true or false, not " + quoteForMessage(value);
  }
  if (field.kind == sim::FieldKind::kEnum) {
    for (const sim::EnumName& name : field.names) {
      if (value == name.name) return name.value;
    }
  }
  if (field.kind == sim::FieldKind::kFixed) {
    const auto fixed = parseFixed(value);
    if (const auto* problem = std::get_if<std::string>(&fixed)) return field.name + ": " + *problem;
    return std::int64_t{std::get<sim::Fixed>(fixed).raw()};
  }
  // Bits print as 0x and sixteen hex digits (show, trace, the inspector), and read back so: as
  // the 64 bits they are, whatever their sign as a stored value.
  if (value.size() > 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) {
    std::uint64_t bits = 0;
    const auto [at, error] = std::from_chars(value.data() + 2, value.data() + value.size(), bits, 16);
    if (error == std::errc() && at == value.data() + value.size()) return static_cast<std::int64_t>(bits);
  }
  std::int64_t number = 0;
  const auto [at, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || at != value.data() + value.size()) {
    std::string names;
    for (const sim::EnumName& name : field.names) names += (names.empty() ? "" : ", ") + std::string(name.name);
    const std::string expected = field.kind == sim::FieldKind::kEnum ? " is one of " + names
                                 : field.kind == sim::FieldKind::kBits
                                     ? std::string(" is 64 bits, written 0x and up to 16 hex digits or as a whole number")
                                     : std::string(" is a whole number");
    return field.name + expected + ", not " + quoteForMessage(value);
  }
  return number;
}

/// The fields a comparison's field names: one, or every index for [*]; none when it picks an
/// element by an id no element has.
std::vector<const sim::Field*> findFields(const std::vector<sim::Field>& fields, const std::string& field) {
  std::vector<const sim::Field*> found;
  const std::optional<std::string> resolved = sim::picksById(field) ? sim::resolveIds(fields, field) : std::optional(field);
  if (!resolved) return found;
  const std::string& name = *resolved;
  const bool anyIndex = name.find("[*]") != std::string::npos;
  for (const sim::Field& f : fields) {
    if (anyIndex ? matchesFieldName(f.name, name) : f.name == name) found.push_back(&f);
  }
  return found;
}

/// The first of the fields `now` that is new since `was` or holds another value there: `now` and
/// `was` are the fields a name gives on each tick (findFields); by name, or for an element picked
/// by id, that element wherever it was. Which one a `changed` holds of.
const sim::Field* findFirstChanged(const std::vector<const sim::Field*>& now, const std::vector<const sim::Field*>& was,
                                   const std::string& field) {
  if (sim::picksById(field))
    return !now.empty() && (was.empty() || was.front()->value != now.front()->value) ? now.front() : nullptr;
  for (std::size_t i = 0; i < now.size(); ++i) {
    // While no list changed its length, the same name is at the same place among those found.
    const sim::Field* same = i < was.size() && was[i]->name == now[i]->name ? was[i] : nullptr;
    if (same == nullptr) {
      const auto at = std::find_if(was.begin(), was.end(), [&](const sim::Field* f) { return f->name == now[i]->name; });
      if (at == was.end()) return now[i];
      same = *at;
    }
    if (same->value != now[i]->value) return now[i];
  }
  return nullptr;
}

/// Whether a field a name gives is new, gone or holds another value than on the tick before
/// (findFirstChanged's); gone counts as show --changed counts it.
bool hasChanged(const std::vector<const sim::Field*>& now, const std::vector<const sim::Field*>& was, const std::string& field) {
  // Each of now's names is among was's, each once, when none changed: any more there are gone.
  return findFirstChanged(now, was, field) != nullptr || was.size() != now.size();
}

}  // namespace

bool isComparisonOperator(std::string_view token) {
  return std::find(std::begin(kComparisonOperators), std::end(kComparisonOperators), token) != std::end(kComparisonOperators);
}

bool compareBy(std::int64_t left, std::string_view op, std::int64_t right) {
  if (op == "==") return left == right;
  if (op == "!=") return left != right;
  if (op == "<") return left < right;
  if (op == "<=") return left <= right;
  if (op == ">") return left > right;
  return left >= right;
}

std::variant<Condition, std::string> Condition::parse(std::string_view text) {
  auto split = splitTokens(text);
  if (auto* problem = std::get_if<std::string>(&split)) return *problem;
  const std::vector<std::string>& tokens = std::get<std::vector<std::string>>(split);
  if (tokens.empty()) return std::string("a condition compares a field with a value (like players[0].hp < 3), not nothing");
  Condition condition;
  condition.text_ = std::string(text);
  condition.anyOf_.emplace_back();
  std::size_t i = 0;
  const auto endsInside = [&] {
    return "the condition ends after " + quoteForMessage(tokens.back()) +
           " inside a comparison (FIELD OP VALUE or FIELD changed)";
  };
  while (true) {
    if (i + 2 > tokens.size()) return endsInside();
    const std::string& field = tokens[i];
    if (isComparisonOperator(field) || field == "and" || field == "or")
      return quoteForMessage(field) + " is where a field's name should be";
    if (auto problem = sim::checkIdSelectors(field)) return quoteForMessage(field) + ": " + *problem;
    if (tokens[i + 1] == kChanged) {
      condition.anyOf_.back().push_back({field, std::string(kChanged), {}});
      i += 2;
    } else {
      if (!isComparisonOperator(tokens[i + 1]))
        return quoteForMessage(tokens[i + 1]) + " is where an operator (==, !=, <, <=, >, >=) or changed should be";
      if (i + 3 > tokens.size()) return endsInside();
      if (isComparisonOperator(tokens[i + 2]) || tokens[i + 2] == "and" || tokens[i + 2] == "or")
        return quoteForMessage(tokens[i + 2]) + " is where a value should be";
      condition.anyOf_.back().push_back({field, tokens[i + 1], tokens[i + 2]});
      i += 3;
    }
    if (i == tokens.size()) return condition;
    if (tokens[i] == "or") {
      condition.anyOf_.emplace_back();
    } else if (tokens[i] != "and") {
      return quoteForMessage(tokens[i]) + " is where and or or should be";
    }
    ++i;
  }
}

template <typename Find>
std::variant<bool, std::string> Condition::checkBy(const Find& find) const {
  for (const std::vector<Comparison>& all : anyOf_) {
    bool holds = true;
    for (const Comparison& c : all) {
      if (c.op == kChanged) {
        const auto was = find(c.field, true);
        if (!was || !hasChanged(*find(c.field, false), *was, c.field)) {
          holds = false;
          break;
        }
        continue;
      }
      bool any = false;
      const auto named = find(c.field, false);
      for (const sim::Field* field : *named) {
        const auto value = readValue(*field, c.value);
        if (const auto* problem = std::get_if<std::string>(&value)) return *problem;
        any = any || compareBy(field->value, c.op, std::get<std::int64_t>(value));
      }
      if (!any) {
        holds = false;
        break;
      }
    }
    if (holds) return true;
  }
  return false;
}

std::variant<bool, std::string> Condition::check(const std::vector<sim::Field>& fields,
                                                 const std::vector<sim::Field>* before) const {
  return checkBy([&](const std::string& field, bool looksBack) -> std::optional<std::vector<const sim::Field*>> {
    if (!looksBack) return findFields(fields, field);
    if (before == nullptr) return std::nullopt;
    return findFields(*before, field);
  });
}

std::variant<bool, std::string> Condition::check(const StateFields& now, const StateFields* before) const {
  // An element picked by its id moves with the values: it is looked for each time.
  const auto find = [](const StateFields& named, const std::string& field) {
    return sim::picksById(field) ? findFields(named.fields(), field) : named.findNamed(field);
  };
  return checkBy([&](const std::string& field, bool looksBack) -> std::optional<std::vector<const sim::Field*>> {
    if (!looksBack) return find(now, field);
    if (before == nullptr) return std::nullopt;
    return find(*before, field);
  });
}

bool Condition::looksBack() const {
  return std::any_of(anyOf_.begin(), anyOf_.end(), [](const std::vector<Comparison>& all) {
    return std::any_of(all.begin(), all.end(), [](const Comparison& c) { return c.op == kChanged; });
  });
}

std::optional<std::string> Condition::checkValues(const std::vector<sim::Field>& fields) const {
  for (const std::vector<Comparison>& all : anyOf_) {
    for (const Comparison& c : all) {
      if (c.op == kChanged) continue;  // no value to read
      for (const sim::Field* field : findFields(fields, c.field)) {
        auto value = readValue(*field, c.value);
        if (auto* problem = std::get_if<std::string>(&value)) return std::move(*problem);
      }
    }
  }
  return std::nullopt;
}

std::vector<const sim::Field*> Condition::listMeetingFields(const std::vector<sim::Field>& fields,
                                                            const std::vector<sim::Field>* before) const {
  std::vector<const sim::Field*> meeting;
  for (const std::vector<Comparison>& all : anyOf_) {
    // Of the comparisons joined by `and` that all hold: a part that fails says nothing of why.
    std::vector<const sim::Field*> part;
    bool holds = true;
    for (const Comparison& c : all) {
      if (c.op == kChanged) {
        if (before == nullptr) continue;  // a change is of the tick before, which is not here
        const auto now = findFields(fields, c.field);
        const auto was = findFields(*before, c.field);
        holds = holds && hasChanged(now, was, c.field);
        if (const sim::Field* changed = findFirstChanged(now, was, c.field)) part.push_back(changed);
        continue;
      }
      const auto named = findFields(fields, c.field);
      const auto first = std::find_if(named.begin(), named.end(), [&](const sim::Field* field) {
        const auto value = readValue(*field, c.value);
        const auto* number = std::get_if<std::int64_t>(&value);
        return number != nullptr && compareBy(field->value, c.op, *number);
      });
      // The first element of a pattern that meets it says which.
      holds = holds && first != named.end();
      if (first != named.end()) part.push_back(*first);
    }
    if (!holds) continue;
    for (const sim::Field* field : part) {
      if (std::find(meeting.begin(), meeting.end(), field) == meeting.end()) meeting.push_back(field);
    }
  }
  return meeting;
}

std::vector<std::string> Condition::listFields() const {
  std::vector<std::string> names;
  for (const auto& all : anyOf_) {
    for (const Comparison& c : all) {
      if (std::find(names.begin(), names.end(), c.field) == names.end()) names.push_back(c.field);
    }
  }
  return names;
}

std::variant<Condition, std::string> parseEventCondition(const sim::GameDefinition& game, const std::vector<bool>& wanted,
                                                         std::string_view text) {
  auto parsed = Condition::parse(text);
  if (std::holds_alternative<std::string>(parsed)) return parsed;
  if (std::get<Condition>(parsed).looksBack())
    return std::string(
        "changed compares a field with the tick before, and an event's arguments have none (find --where "
        "asks it of the state's fields)");
  std::vector<std::string_view> names;  // every argument of the wanted kinds, each once
  const auto schemas = game.eventSchemas();
  for (std::size_t kind = 0; kind < schemas.size() && kind < wanted.size(); ++kind) {
    for (const char* name : schemas[kind].argNames) {
      if (wanted[kind] && name != nullptr && std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
    }
  }
  for (const std::string& field : std::get<Condition>(parsed).listFields()) {
    if (std::find(names.begin(), names.end(), field) == names.end()) {
      return quoteForMessage(field) + " is no argument of the events asked for (their arguments: " + joinNames(names) + ")";
    }
  }
  // A value no argument of that name can take is a typo even where no such event happens.
  for (std::size_t kind = 0; kind < schemas.size() && kind < wanted.size(); ++kind) {
    if (!wanted[kind]) continue;
    const auto fields = sim::describeEvent(game, sim::makeEvent(static_cast<std::uint16_t>(kind)));
    if (auto problem = std::get<Condition>(parsed).checkValues(fields)) return *problem;
  }
  return parsed;
}

bool isFieldNameChar(char c) noexcept { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

namespace {

/// Whether `name` from `n` on matches `pattern` from `p` on: "[*]" is any index, '*' (when
/// `anyNames`) any run of name characters, anything else itself; at the pattern's end the name
/// ends, or (when `inside`) goes on inside the field. `failed`, when given, remembers the (p, n)
/// that did not match, so that many '*' stay polynomial.
bool matchFrom(std::string_view pattern, std::size_t p, std::string_view name, std::size_t n, bool anyNames, bool inside,
               std::vector<bool>* failed) {
  const std::size_t start = p * (name.size() + 1) + n;
  if (failed != nullptr && (*failed)[start]) return false;
  while (p < pattern.size()) {
    if (pattern[p] == '[' && pattern.compare(p, 3, "[*]") == 0) {
      // Any index: '[', one digit or more, ']'.
      if (n >= name.size() || name[n] != '[') break;
      std::size_t close = n + 1;
      while (close < name.size() && name[close] >= '0' && name[close] <= '9') ++close;
      if (close == n + 1 || close >= name.size() || name[close] != ']') break;
      p += 3;
      n = close + 1;
    } else if (anyNames && pattern[p] == '*') {
      std::size_t run = n;
      while (run < name.size() && isFieldNameChar(name[run])) ++run;
      for (std::size_t end = run + 1; end-- > n;) {
        if (matchFrom(pattern, p + 1, name, end, anyNames, inside, failed)) return true;
      }
      break;
    } else {
      if (n >= name.size() || name[n] != pattern[p]) break;
      ++p;
      ++n;
    }
  }
  if (p == pattern.size() && (n == name.size() || (inside && (name[n] == '.' || name[n] == '[')))) return true;
  if (failed != nullptr) (*failed)[start] = true;
  return false;
}

}  // namespace

bool matchesFieldName(std::string_view name, std::string_view pattern) noexcept {
  return matchFrom(pattern, 0, name, 0, false, false, nullptr);
}

bool matchesFieldOrInside(std::string_view name, std::string_view pattern, bool manyStars) {
  if (!manyStars) return matchFrom(pattern, 0, name, 0, true, true, nullptr);
  std::vector<bool> failed((pattern.size() + 1) * (name.size() + 1));
  return matchFrom(pattern, 0, name, 0, true, true, &failed);
}

bool sameGeneralName(std::string_view a, std::string_view b) noexcept {
  // generalizeIndices turns a '[' with a ']' after it, and what lies between, into one [*].
  const auto skipIndex = [](std::string_view s, std::size_t& at) {
    if (s[at] != '[') return false;
    const std::size_t close = s.find(']', at);
    if (close == std::string_view::npos) return false;
    at = close + 1;
    return true;
  };
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    const bool indexA = skipIndex(a, i);
    const bool indexB = skipIndex(b, j);
    if (indexA != indexB) return false;
    if (indexA) continue;
    if (a[i] != b[j]) return false;
    ++i;
    ++j;
  }
  return i == a.size() && j == b.size();
}

std::string generalizeIndices(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '[') {
      const std::size_t close = name.find(']', i);
      if (close != std::string_view::npos) {
        out += "[*]";
        i = close;
        continue;
      }
    }
    out += name[i];
  }
  return out;
}

std::string formatTickRanges(const std::vector<std::uint64_t>& ticks) {
  std::string text;
  for (std::size_t i = 0; i < ticks.size();) {
    std::size_t j = i;
    while (j + 1 < ticks.size() && ticks[j + 1] == ticks[j] + 1) ++j;
    text += (text.empty() ? "" : ", ") + std::to_string(ticks[i]) + (j > i ? ".." + std::to_string(ticks[j]) : "");
    i = j + 1;
  }
  return text;
}

}  // namespace retrace::recorder
